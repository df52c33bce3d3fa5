"""The six phases of a turn (p.18-22): drawing and the hand limit, the Fellowship phase, the Hunt
allocation, the action roll, resolution (Free Peoples first, alternating, passing, skipping), the Will of
the West and the Elven Rings."""
from engine.wotr.state import FP, SH
from tests.wotr.helpers import R, at_action, game, kinds, legal, play, refused, rolls, top


def to_allocation(s):
    s, _ = play(s, FP, {"type": "end_fellowship_phase"})
    return s


def test_a_turn_runs_fellowship_phase_then_hunt_allocation_then_the_roll_and_free_peoples_act_first():
    assert R.view(game(), None)["phase"] == "fellowship"
    s = to_allocation(game())
    assert top(s)["kind"] == "allocate" and R.waiting_for(s) == ["sh"] and R.view(s, None)["phase"] == "hunt"
    s, ev = play(s, SH, {"type": "allocate", "dice": 1})
    assert R.view(s, None)["phase"] == "action"
    assert kinds(ev)[:3] == ["hunt_allocation", "action_roll", "action_roll"]
    assert top(s) == {"kind": "act", "side": FP} and len(s["dice"][FP]) == 4
    assert len(s["dice"][SH]) + s["hunt"]["box"][SH] == 7


def test_hunt_allocation_is_up_to_the_companions_in_the_fellowship():
    s = to_allocation(game())
    assert [a["dice"] for a in legal(s, SH)] == list(range(8))
    s = game()
    s["fellowship"]["companions"] = ["gimli", "legolas"]
    s = to_allocation(s)
    assert [a["dice"] for a in legal(s, SH)] == [0, 1, 2]


def test_hunt_allocation_at_least_one_if_a_free_peoples_die_moved_the_fellowship_last_turn():
    s = game()
    s["hunt"]["fp_box_last_turn"] = 1
    s["fellowship"]["companions"] = []
    s = to_allocation(s)
    assert [a["dice"] for a in legal(s, SH)] == [1]     # one may always be put, here one must


def test_eyes_rolled_go_straight_to_the_hunt_box():
    s = to_allocation(game())
    s["dice_count"] = {FP: 1, SH: 4}
    # The Free Peoples roll their die first, then the Shadow its 3 remaining: two Eyes among them.
    s, _ev = play(rolls(s, 1, 6, 2, 6), SH, {"type": "allocate", "dice": 1})
    assert s["hunt"]["box"][SH] == 3 and s["dice"][SH] == ["army"] and s["dice"][FP] == ["character"]


def test_sides_alternate_after_each_action():
    s = at_action(game(), fp=["event", "event"], sh=["event", "event"])
    s, _ = play(s, FP, {"type": "draw_card", "deck": "character", "die": "event"})
    assert top(s)["side"] == SH
    s, _ = play(s, SH, {"type": "skip", "die": "event"})
    assert top(s)["side"] == FP


def test_passing_is_allowed_only_with_fewer_dice_than_the_opponent():
    s = at_action(game(), fp=["event"], sh=["event", "event"])
    assert {"type": "pass"} in legal(s, FP)
    s2 = at_action(game(), fp=["event", "event"], sh=["event"])
    assert {"type": "pass"} not in legal(s2, FP) and refused(s2, FP, {"type": "pass"}) == "unexpected_action"
    s, _ = play(s, FP, {"type": "pass"})
    assert top(s)["side"] == SH and s["dice"][FP] == ["event"]


def test_when_one_side_has_no_die_left_the_other_uses_all_its_dice():
    s = at_action(game(), fp=["event"], sh=["event", "event", "event"])
    s, _ = play(s, FP, {"type": "skip", "die": "event"})
    s, _ = play(s, SH, {"type": "skip", "die": "event"})
    assert top(s)["side"] == SH
    s, _ = play(s, SH, {"type": "skip", "die": "event"})
    s, ev = play(s, SH, {"type": "skip", "die": "event"})
    assert "turn_start" in kinds(ev) and s["turn"] == 2


def test_the_army_die_offers_army_actions_only():
    s = at_action(game(), sh=["army"], active=SH)
    s["ring_used"][SH] = True
    assert {a["type"] for a in legal(s, SH)} == {"move_armies", "skip"}   # no Shadow nation at war: no attack


def test_the_event_die_draws_a_card_from_the_chosen_deck():
    s = at_action(game(), fp=["event"], sh=["event"])
    s, _ev = play(s, FP, {"type": "draw_card", "deck": "strategy", "die": "event"})
    assert len(s["hands"][FP]) == 3 and len(s["decks"][FP]["strategy"]) == 22


def test_hand_limit_six_means_discarding_down_at_once():
    s = at_action(game(), fp=["event"], sh=["event"])
    s["hands"][FP] = s["decks"][FP]["character"][:6]
    del s["decks"][FP]["character"][:6]
    s, _ = play(s, FP, {"type": "draw_card", "deck": "strategy", "die": "event"})
    assert top(s) == {"kind": "discard", "side": FP} and len(legal(s, FP)) == 7
    card = s["hands"][FP][0]
    s, _ = play(s, FP, {"type": "discard", "card": card})
    assert len(s["hands"][FP]) == 6 and s["discards"][FP] == [card] and top(s)["side"] == SH


def test_a_depleted_deck_offers_no_draw():
    s = at_action(game(), fp=["event"])
    s["decks"][FP]["character"] = []
    assert [a["deck"] for a in legal(s, FP, "draw_card")] == ["strategy"]


def test_the_will_of_the_west_pays_for_any_other_action():
    s = at_action(game(), fp=["will_of_the_west"])
    types = {a["type"] for a in legal(s, FP)}
    assert {"move_fellowship", "separate", "diplomacy", "draw_card"} <= types


def test_an_elven_ring_changes_a_die_and_passes_to_the_shadow_once_per_turn():
    s = at_action(game(), fp=["muster", "muster"])
    assert {"type": "elven_ring", "die": "muster", "to": "will_of_the_west"} not in legal(s, FP)
    s, _ = play(s, FP, {"type": "elven_ring", "die": "muster", "to": "character"})
    assert sorted(s["dice"][FP]) == ["character", "muster"] and s["rings"] == {FP: 2, SH: 1}
    assert top(s)["side"] == FP and not legal(s, FP, "elven_ring")     # still to act, one ring a turn


def test_a_shadow_ring_turned_to_an_eye_sends_the_die_to_the_hunt_box_and_is_discarded():
    s = at_action(game(), sh=["muster", "army"], active=SH)
    s["rings"] = {FP: 2, SH: 1}
    s, _ = play(s, SH, {"type": "elven_ring", "die": "army", "to": "eye"})
    assert s["hunt"]["box"][SH] == 1 and s["dice"][SH] == ["muster"] and s["rings"] == {FP: 2, SH: 0}


def test_characters_with_a_die_bonus_add_an_action_die_from_the_next_turn():
    s = at_action(game(), sh=["muster"], active=SH)
    s["politics"]["isengard"]["step"] = 0
    s, _ = play(s, SH, {"type": "bring_minion", "minion": "saruman", "region": "orthanc", "die": "muster"})
    assert s["chars"]["saruman"] == "orthanc" and s["turn"] == 2 and s["dice_count"] == {FP: 4, SH: 8}


def test_refusals_name_the_reason():
    s = at_action(game(), fp=["event"])
    assert refused(s, FP, {"type": "draw_card", "deck": "strategy", "die": "character"}) == "no_such_die"
    assert refused(s, FP, {"type": "draw_card", "deck": "nope", "die": "event"}) == "not_allowed_now"
    assert refused(s, FP, {"type": "fly"}) == "unexpected_action"
    assert refused(s, FP, ["draw"]) == "malformed_action"
    assert refused(s, "nobody", {"type": "pass"}) == "not_a_player"
