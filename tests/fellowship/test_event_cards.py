"""Every event card of every stage, with its exact effect."""
import pytest

from engine.fellowship.data import DATA
from tests.fellowship.helpers import (
    R,
    at_fight,
    at_move,
    find,
    game,
    place,
    play,
    refused,
    rolls,
    set_stage,
    top_event,
    waiting,
)

EVENT_SPACE = {1: 6, 2: 6, 3: 10, 4: 6}


def drew(card, stage=1, who="p0", ring=True, mp=3, weapon=None, companions=(), **pos):
    """`who` moves one space onto the stage's first event space and draws `card`."""
    s = set_stage(game(4), stage)
    e = EVENT_SPACE[stage]
    others = [p for p in ("p0", "p1", "p2", "p3") if p != who]
    spots = {p: i + 1 for i, p in enumerate(others)}
    spots[who] = e - 1
    spots.update(pos)
    place(s, **spots)
    s["ring"] = who if ring else next(p for p in s["players"] if p != who)
    s["p"][who]["weapon"] = weapon
    s["p"][who]["companions"] = list(companions)
    top_event(s, card)
    at_move(s, who, [1, 4], mp=mp)
    return play(s, who, {"type": "move", "die": 1, "steps": 1})


def test_every_stage_has_its_rulebook_event_cards():
    counts = {n: len(DATA["stage_events"][n]) for n in (1, 2, 3, 4)}
    assert counts == {1: 8, 2: 11, 3: 9, 4: 11}


# The cards that only move the hobbit who drew them or change its movement points: where it stands after
# (the event space it drew on is 6, or 10 at stage 3) or the points it has (3 before, unless told).
@pytest.mark.parametrize("card, stage, more, field, value", [
    pytest.param("slipped", 1, {}, "mp", 1, id="slipped_loses_two_movement_points"),
    pytest.param("slipped", 1, {"mp": 1}, "mp", 0, id="slipped_with_one_movement_point_loses_only_that_one"),
    pytest.param("bilbos_stories", 1, {}, "mp", 4, id="bilbos_stories_gives_one_movement_point"),
    pytest.param("thoughts_of_home", 1, {}, "mp", 5, id="thoughts_of_home_gives_two_movement_points"),
    pytest.param("clear_view_1", 1, {}, "pos", 8, id="clear_view_moves_two_spaces_further"),
    pytest.param("saurons_power_1a", 1, {}, "mp", 2,
                 id="saurons_power_1a_costs_the_ring_bearer_one_movement_point"),
    pytest.param("strength_together", 2, {}, "mp", 5, id="strength_together_gives_two_movement_points"),
    pytest.param("obstacle", 2, {}, "pos", 5, id="obstacle_goes_back_one_space"),
    pytest.param("weary_going", 3, {}, "pos", 9, id="weary_going_goes_back_one_space"),
    pytest.param("elronds_counsel", 3, {}, "pos", 8, id="elronds_counsel_goes_back_two_spaces"),
    pytest.param("curse_of_khazad_dum", 3, {}, "pos", 8, id="curse_of_khazad_dum_goes_back_two_spaces"),
    pytest.param("well_prepared", 3, {}, "mp", 5, id="well_prepared_gives_two_movement_points"),
    pytest.param("clear_view_3", 3, {}, "pos", 12, id="clear_view_in_moria_moves_two_spaces_further"),
    pytest.param("saurons_power_3a", 3, {}, "mp", 1, id="saurons_power_3a_loses_two_movement_points"),
    pytest.param("well_rested", 4, {}, "pos", 8, id="well_rested_moves_two_spaces_further"),
])
def test_a_card_moves_the_hobbit_or_changes_its_movement_points(card, stage, more, field, value):
    s, _ = drew(card, stage=stage, **more)
    assert s["p"]["p0"][field] == value


# ---- stage 1

def test_a_card_moving_a_hobbit_onto_another_event_space_draws_nothing():
    s, ev = drew("clear_view_1", p1=7)  # 6 -> (7 occupied) 8, 9: an event space
    assert s["p"]["p0"]["pos"] == 9
    assert len(find(ev, "event_drawn")) == 1


def test_saurons_power_1a_spares_the_others():
    s, ev = drew("saurons_power_1a", who="p1", ring=False)
    assert s["p"]["p1"]["mp"] == 3 and s["p"]["p1"]["hero"] == 1


def test_saurons_power_1b_costs_the_ring_bearer_a_hero_point():
    s, ev = drew("saurons_power_1b")
    assert s["p"]["p0"]["hero"] == 0 and s["p"]["p0"]["mp"] == 3


def test_saurons_power_1b_costs_the_others_a_movement_point():
    s, ev = drew("saurons_power_1b", who="p1", ring=False)
    assert s["p"]["p1"]["hero"] == 1 and s["p"]["p1"]["mp"] == 2


def test_lost_the_way_goes_back_two_spaces():
    s, ev = drew("lost_the_way")
    assert s["p"]["p0"]["pos"] == 4 or s["p"]["p0"]["pos"] < 6
    s, ev = drew("lost_the_way", p1=5, p2=4, p3=1)  # 6 -> back over 5 and 4 -> 3, 2
    assert s["p"]["p0"]["pos"] == 2


# Hidden (stage 1), Watch-fire (stage 2) and Torchlight (stage 3): a hobbit whose move would fight draws one
# and no enemy is revealed.
@pytest.mark.parametrize("card, stage", [("hidden", 1), ("watch_fire", 2), ("torchlight", 3)])
def test_a_card_of_shelter_means_no_fight_this_turn(card, stage):
    s = place(set_stage(game(4), stage), p0=EVENT_SPACE[stage] - 1, p1=3, p2=2, p3=1)
    top_event(s, card)
    at_move(s, "p0", [1, 4], fights=True)
    enemies = len(s["decks"]["enemy"])
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "no_fight_this_turn") and not find(ev, "enemy_revealed")
    assert len(s2["decks"]["enemy"]) == enemies


# ---- stage 2

def test_asfaloth_is_kept_for_later():
    s, ev = drew("asfaloth", stage=2)
    assert s["p"]["p0"]["kept"] == ["asfaloth"]
    assert "asfaloth" not in s["discards"]["event"]


def test_power_of_the_ring_moves_the_ring_bearer_three_further_for_a_hero_point():
    s, ev = drew("power_of_the_ring", stage=2)
    assert s["p"]["p0"]["pos"] == 9 and s["p"]["p0"]["hero"] == 0


def test_power_of_the_ring_does_nothing_to_the_others():
    s, ev = drew("power_of_the_ring", stage=2, who="p1", ring=False)
    assert s["p"]["p1"]["pos"] == 6 and s["p"]["p1"]["hero"] == 1
    assert find(ev, "nothing_happens", player="p1", what="power_of_the_ring")  # still logged


@pytest.mark.parametrize("card", ["gandalfs_influence_1", "gandalfs_influence_2"])
def test_gandalfs_influence_is_kept_until_the_next_fight(card):
    s, ev = drew(card, stage=2)
    assert s["p"]["p0"]["kept"] == [card]


def test_gandalfs_influence_rerolls_one_die_in_the_next_fight_then_expires():
    s = place(set_stage(game(4), 2), p0=8, p1=3, p2=2, p3=1)
    s["p"]["p0"]["kept"] = ["gandalfs_influence_1", "gandalfs_influence_2"]
    at_fight(s, "warg", strength={"p0": 1}, fight_die=1)
    acts = R.legal_actions(s, "p0")
    assert {"type": "reroll", "card": "gandalfs_influence_1", "die": "strength"} in acts
    rolls(s, 6)
    s2, ev = play(s, "p0", {"type": "reroll", "card": "gandalfs_influence_1", "die": "strength"})
    assert find(ev, "die_rerolled", value=6) and s2["turn"]["strength"]["p0"] == 6
    assert waiting(s2) == ("fight", "p0")
    rolls(s2, 1)
    s3, ev = play(s2, "p0", {"type": "fight"})  # 6 + 1 >= 5 + 1: won
    assert find(ev, "enemy_defeated")
    assert s3["p"]["p0"]["kept"] == []  # the second one expired with the fight


def test_gandalfs_influence_is_discarded_at_rivendell():
    s = place(set_stage(game(4), 2), p0=22, p1=3, p2=2, p3=1)
    s["p"]["p0"]["kept"] = ["gandalfs_influence_1"]
    at_move(s, "p0", [2, 6])
    rolls(s, 6)  # the Ford lets p0 through
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 2})
    assert find(ev, "arrived", player="p0") and s2["p"]["p0"]["kept"] == []


def test_sarumans_whisper_offers_going_back_two_spaces():
    s, ev = drew("sarumans_whisper_2", stage=2)
    assert waiting(s) == ("saruman", "p0")
    s2, _ = play(s, "p0", {"type": "saruman", "choice": "back"})
    assert s2["p"]["p0"]["pos"] == 4 and s2["p"]["p0"]["mp"] == 3


def test_sarumans_whisper_offers_losing_a_movement_point():
    s, ev = drew("sarumans_whisper_2", stage=2)
    s2, _ = play(s, "p0", {"type": "saruman", "choice": "movement"})
    assert s2["p"]["p0"]["pos"] == 6 and s2["p"]["p0"]["mp"] == 2
    assert refused(s, "p0", {"type": "saruman", "choice": "both"}) == "bad_choice"


def test_sarumans_voice_without_movement_points_still_offers_the_point_a_lucky_player_lacks():
    """Rulebook, event spaces: a player told to give up more points than they hold is lucky and gives
    up only what they have. Saruman's voice (go back 2 or lose 1 movement point) is therefore still a
    choice at 0 points: losing the point costs nothing, and going back stays possible."""
    s, ev = drew("sarumans_whisper_2", stage=2, mp=0)
    assert waiting(s) == ("saruman", "p0")
    s2, ev2 = play(s, "p0", {"type": "saruman", "choice": "movement"})
    assert s2["p"]["p0"]["pos"] == 6 and s2["p"]["p0"]["mp"] == 0
    assert find(ev2, "points", player="p0", what="movement", amount=0, asked=-1)
    s3, _ = play(s, "p0", {"type": "saruman", "choice": "back"})
    assert s3["p"]["p0"]["pos"] == 4


# Sauron's Power cards of stages 2 and 4 that cost points: (hero, movement) points left to the ring-bearer
# who draws one, then to another hobbit who draws it (each starts with 1 hero and 3 movement points).
@pytest.mark.parametrize("card, bearer, other", [
    pytest.param("saurons_power_2a", (0, 3), (1, 3), id="2a_costs_the_ring_bearer_a_hero_point"),
    pytest.param("saurons_power_2b", (0, 3), (1, 2),
                 id="2b_hero_point_for_the_bearer_movement_point_for_others"),
    pytest.param("saurons_power_2c", (0, 2), (1, 2),
                 id="2c_costs_the_bearer_both_and_the_others_a_movement_point"),
    pytest.param("saurons_power_4a", (0, 3), (1, 2),
                 id="4a_hero_point_for_the_bearer_movement_point_for_others"),
])
def test_saurons_power_costs_points(card, bearer, other):
    stage = int(card[-2])
    s, _ = drew(card, stage=stage)
    assert (s["p"]["p0"]["hero"], s["p"]["p0"]["mp"]) == bearer
    s, _ = drew(card, stage=stage, who="p1", ring=False)
    assert (s["p"]["p1"]["hero"], s["p"]["p1"]["mp"]) == other


# ---- stage 3

def test_sarumans_spell_takes_the_weapon_out_of_the_next_fight():
    s, _ = drew("sarumans_spell_weapon", stage=3, weapon="barrow_wight")
    assert s["p"]["p0"]["weapon_off"] is True
    assert R.view(s, None)["players"][0]["weapon"]["usable"] is False
    s = place(s, p0=12, p1=3, p2=2, p3=1)
    at_fight(s, "orc_sentry", strength={"p0": 6}, fight_die=6)
    rolls(s, 1, 1)
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "round_result", weapon=0)
    assert s2["p"]["p0"]["weapon_off"] is False  # only for that fight


def test_saurons_power_3b_hands_a_companion_to_a_player_still_on_the_stage():
    s = set_stage(game(4), 3)
    s["arrivals"] = ["p3"]
    s["p"]["p3"]["rank"] = 1
    s, _ = drew("saurons_power_3b", stage=3, companions=("legolas", "gimli"), p3=None)
    assert waiting(s) == ("give_companion", "p0")
    acts = R.legal_actions(s, "p0")
    assert {a["to"] for a in acts} == {"p1", "p2"}
    assert refused(s, "p0", {"type": "give_companion", "companion": "gimli", "to": "p3"}) == "bad_recipient"
    s2, ev = play(s, "p0", {"type": "give_companion", "companion": "gimli", "to": "p2"})
    assert s2["p"]["p0"]["companions"] == ["legolas"] and "gimli" in s2["p"]["p2"]["companions"]


def test_saurons_power_3b_without_companions_does_nothing():
    s, ev = drew("saurons_power_3b", stage=3)
    assert find(ev, "nothing_happens", what="saurons_power_3b")


# ---- stage 4

def test_arwens_counsel_trades_three_movement_points_for_a_hero_point():
    s, _ = drew("arwens_counsel", stage=4, mp=4)
    assert waiting(s) == ("arwen", "p0")
    s2, _ = play(s, "p0", {"type": "arwen", "accept": True})
    assert (s2["p"]["p0"]["mp"], s2["p"]["p0"]["hero"]) == (1, 2)
    s3, _ = play(s, "p0", {"type": "arwen", "accept": False})
    assert (s3["p"]["p0"]["mp"], s3["p"]["p0"]["hero"]) == (4, 1)


def test_arwens_counsel_needs_three_movement_points():
    s, ev = drew("arwens_counsel", stage=4, mp=2)
    assert waiting(s)[0] != "arwen" and s["p"]["p0"]["hero"] == 1


def test_gandalfs_counsel_is_kept_for_any_later_fight():
    s, _ = drew("gandalfs_counsel", stage=4)
    assert s["p"]["p0"]["kept"] == ["gandalfs_counsel"]
    s = place(s, p0=12, p1=3, p2=2, p3=1)
    at_fight(s, "gollum", strength={"p0": 6}, fight_die=6)
    rolls(s, 1, 3)
    s2, _ = play(s, "p0", {"type": "fight"})  # won without using it: the card stays
    assert s2["p"]["p0"]["kept"] == ["gandalfs_counsel"]


def test_galadriels_gift_calls_off_the_holders_next_fight():
    s, _ = drew("galadriels_gift", stage=4)
    assert s["p"]["p0"]["kept"] == ["galadriels_gift"]
    s = place(s, p0=19, p1=3, p2=2, p3=1)
    s["decks"]["enemy"] = ["gollum"]
    at_move(s, "p0", [1, 2], fights=True)
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "fight_called_off", player="p0") and not find(ev, "round_result")
    assert s2["p"]["p0"]["kept"] == []


def test_galadriels_mirror_shows_the_next_two_event_cards_to_the_drawer_only():
    s, ev = drew("galadriels_mirror", stage=4)
    nxt = s["decks"]["event"][:2]
    assert R.view(s, "p0")["seen_events"] == nxt
    assert "seen_events" not in R.view(s, "p1") and "seen_events" not in R.view(s, None)


def test_galadriels_test_trades_the_weapon_for_two_hero_and_three_movement_points():
    s, _ = drew("galadriels_test", stage=4, weapon="stone_troll")
    assert waiting(s) == ("galadriel", "p0")
    s2, _ = play(s, "p0", {"type": "galadriel", "accept": True})
    p = s2["p"]["p0"]
    assert (p["weapon"], p["hero"], p["mp"]) == (None, 3, 6)
    s3, _ = play(s, "p0", {"type": "galadriel", "accept": False})
    assert s3["p"]["p0"]["weapon"] == "stone_troll"


def test_galadriels_test_without_a_weapon_does_nothing():
    s, ev = drew("galadriels_test", stage=4)
    assert find(ev, "nothing_happens", what="galadriels_test")


def test_sarumans_whisper_in_stage_four_gives_a_movement_point_to_each_player():
    s, ev = drew("sarumans_whisper_4", stage=4, mp=3)
    assert s["p"]["p0"]["mp"] == 0
    assert [s["p"][q]["mp"] for q in ("p1", "p2", "p3")] == [4, 4, 4]


def test_sarumans_whisper_in_stage_four_gives_only_what_the_player_has():
    s, ev = drew("sarumans_whisper_4", stage=4, mp=1)
    assert s["p"]["p0"]["mp"] == 0 and [e["to"] for e in find(ev, "movement_given")] == ["p1"]


def test_sarumans_spell_keeps_companions_out_of_the_next_fight():
    s, _ = drew("sarumans_spell_companions", stage=4, companions=("legolas",))
    s = place(s, p0=12, p1=3, p2=2, p3=1)
    at_fight(s, "gollum")
    assert R.legal_actions(s, "p0") == [{"type": "fight"}]
    assert refused(s, "p0", {"type": "fight", "companion": "legolas"}) == "companions_bewitched"


def test_saurons_power_4b_bearer_loses_a_movement_point_and_two_spaces_others_one_space():
    s, _ = drew("saurons_power_4b", stage=4)
    assert (s["p"]["p0"]["mp"], s["p"]["p0"]["pos"]) == (2, 4)
    s, _ = drew("saurons_power_4b", stage=4, who="p1", ring=False)
    assert (s["p"]["p1"]["mp"], s["p"]["p1"]["pos"]) == (3, 5)


def test_strong_fellowship_zeroes_the_next_enemys_printed_strength():
    s, _ = drew("strong_fellowship", stage=4)
    s = place(s, p0=12, p1=3, p2=2, p3=1)
    at_fight(s, "lurtz", strength={"p0": 1}, fight_die=1)
    rolls(s, 2, 3)
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "round_result", enemy_strength=0, enemy=2, won=True)
    assert s2["p"]["p0"]["kept"] == []


def test_an_empty_event_deck_means_no_more_events_this_stage():
    s = place(game(4), p0=5, p1=3, p2=2, p3=1)
    s["decks"]["event"] = []
    at_move(s, "p0", [1, 4])
    _, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "event_deck_empty") and not find(ev, "event_drawn")
