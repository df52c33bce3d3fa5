"""War of the Ring with 3 and 4 players (docs/wotr.md, "3 and 4 players"): the seats, the leading player
rotating, the action dice used in turn by teammates, each player's own hand (hidden from the teammate
too, 4 cards at most), drawing and the one-card exchange, and who controls which nation, army and minion."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from ai import wotr_playout_rules as playout
from engine import IllegalAction
from engine.wotr.seats import SEAT_NATIONS, army_controller, decider, leader, seats
from engine.wotr.state import FP, SH, deep_copy
from tests.wotr.helpers import R, rolls

FOUR = ["gon", "roh", "wk", "sar"]          # gondor, rohan, witch_king, saruman
THREE = ["fp", "wk", "sar"]                 # free_peoples, witch_king, saruman
SEAT_PLAYER = dict(zip(("gondor", "rohan", "witch_king", "saruman"), FOUR))


def four(seed: int = 1) -> dict:
    return R.new_game(list(FOUR), {}, seed)


def no_exchanges(s: dict) -> dict:
    """Both teams decline the exchange of turn 1 (the first decisions of a team game)."""
    while s["ask"][-1]["kind"] == "exchange":
        player = R.waiting_for(s)[0]
        s, _ = R.apply(s, player, {"type": "no_exchange"})
    return s


def at_action(s: dict, side: str, seat: str, fp=(), sh=()) -> dict:
    s = deep_copy(s)
    s.update(phase="action", active=side, dice={FP: sorted(fp), SH: sorted(sh)})
    s["ask"] = [{"kind": "act", "side": side, "seat": seat}]
    return s


def legal(s: dict, player: str) -> list[dict]:
    return R.legal_actions(s, player)


def refused(s: dict, player: str, action: dict) -> str:
    before = R.dump(s)
    with pytest.raises(IllegalAction) as err:
        R.apply(s, player, action)
    assert R.dump(s) == before
    return err.value.code


def test_four_players_sit_as_two_teams_with_their_nations():
    s = four()
    assert seats(s) == ("gondor", "rohan", "witch_king", "saruman")
    assert [R.seat(s, p) for p in FOUR] == list(seats(s)) and R.seat(s, "nobody") is None
    assert SEAT_NATIONS["gondor"] == ("gondor", "elves") and SEAT_NATIONS["rohan"] == ("rohan", "north", "dwarves")
    assert SEAT_NATIONS["witch_king"] == ("sauron",) and SEAT_NATIONS["saruman"] == ("isengard", "southrons")
    view = R.view(s, "roh")
    assert view["seat"] == "rohan" and view["you"] == FP and view["seats"]["saruman"] == "sar"


def test_with_three_players_one_person_plays_the_whole_free_peoples_side():
    s = R.new_game(list(THREE), {}, 1)
    assert seats(s) == (FP, "witch_king", "saruman")
    assert SEAT_NATIONS[FP] == ("dwarves", "elves", "gondor", "north", "rohan")
    # Alone on the side: both cards of turn 1 and the 6-card limit, as in the 2-player game.
    assert len(s["hands"][FP]) == 2 and len(s["hands"]["witch_king"]) == 2
    assert s["ask"][-1] == {"kind": "exchange", "side": SH, "seat": "witch_king", "offered": None}
    assert R.waiting_for(no_exchanges(s)) == ["fp"]


def test_the_leading_player_starts_with_gondor_and_the_witch_king_and_passes_each_turn():
    s = four()
    assert (leader(s, FP), leader(s, SH)) == ("gondor", "witch_king")
    assert R.waiting_for(s) == ["gon"] and s["ask"][-1]["kind"] == "exchange"     # teams may swap a card first
    s = no_exchanges(s)
    # The Fellowship phase is the leading Free Peoples player's decision, the allocation the Shadow's.
    assert R.waiting_for(s) == ["gon"] and legal(s, "roh") == []
    s, _ = R.apply(s, "gon", {"type": "end_fellowship_phase"})
    assert R.waiting_for(s) == ["wk"] and s["ask"][-1]["kind"] == "allocate"
    s2 = deep_copy(s)
    s2["turn"] = 2
    assert (leader(s2, FP), leader(s2, SH)) == ("rohan", "saruman")
    assert R.view(s2, None)["leaders"] == {FP: "rohan", SH: "saruman"}


def test_teammates_use_the_sides_dice_in_turn_the_player_not_leading_first():
    s = no_exchanges(four(3))
    s, _ = R.apply(s, "gon", {"type": "end_fellowship_phase"})
    s, _ = R.apply(s, "wk", {"type": "allocate", "dice": 0})
    order = []
    while s["phase"] == "action" and len(order) < 8:
        player = R.waiting_for(s)[0]
        order.append(player)
        acts = legal(s, player)
        s, _ = R.apply(s, player, next(a for a in acts if a["type"] == "skip"))
    # Turn 1: Gondor and the Witch-king lead, so Rohan and Saruman act first, then turn about.
    assert order == ["roh", "sar", "gon", "wk", "roh", "sar", "gon", "wk"]


def test_a_teammates_hand_is_never_in_a_players_view():
    s = four(2)
    mine, theirs = R.view(s, "gon")["cards"]["hand"], s["hands"]["rohan"]
    assert mine == sorted(s["hands"]["gondor"]) and not set(theirs) & set(mine)
    # Twin states: Rohan's hand dealt again from the deck gives Gondor exactly the same view.
    twin = deep_copy(s)
    deck = twin["decks"][FP]["character"]
    twin["hands"]["rohan"][0], deck[-1] = deck[-1], twin["hands"]["rohan"][0]
    assert twin["hands"] != s["hands"]
    assert json.dumps(R.view(twin, "gon"), sort_keys=True) == json.dumps(R.view(s, "gon"), sort_keys=True)
    assert R.view(s, "gon")["cards"]["hand_sizes"] == {"gondor": 2, "rohan": 2, "witch_king": 2, "saruman": 2}


def test_each_player_draws_one_card_of_each_deck_on_turn_one_then_one_of_the_deck_they_choose():
    s = four(4)
    assert all(len(h) == 2 for h in s["hands"].values())
    s = deep_copy(s)
    s.update(phase="end", ask=[])
    s, _ = R.apply(*_advance_to_draw(s))
    sizes = {seat: len(h) for seat, h in s["hands"].items()}
    assert sizes == {"gondor": 3, "rohan": 2, "witch_king": 2, "saruman": 2}  # Gondor chose a deck; the others wait
    assert s["ask"][-1] == {"kind": "draw_deck", "side": FP, "seat": "rohan"} and R.waiting_for(s) == ["roh"]
    assert [a["kind"] for a in s["ask"]] == ["exchange", "exchange", "draw_deck", "draw_deck", "draw_deck"]


def _advance_to_draw(s: dict):
    """The next turn's start: the first `draw_deck` decision, answered with the strategy deck."""
    from engine.wotr.turn import advance
    advance(s, [])
    ask = s["ask"][-1]
    assert ask["kind"] == "draw_deck" and R.waiting_for(s) == [SEAT_PLAYER[ask["seat"]]]
    assert legal(s, SEAT_PLAYER[ask["seat"]]) == [{"type": "draw_deck", "deck": "character"},
                                                  {"type": "draw_deck", "deck": "strategy"}]
    return s, SEAT_PLAYER[ask["seat"]], {"type": "draw_deck", "deck": "strategy"}


def test_the_hand_limit_is_four_cards_in_a_team():
    s = four(5)
    s = deep_copy(s)
    deck = s["decks"][FP]["strategy"]
    s["decks"] = {**s["decks"], FP: {**s["decks"][FP], "strategy": deck[:-3]}}
    s["hands"]["rohan"] += deck[-3:]             # 5 cards: one too many
    s = at_action(s, FP, "rohan", fp=["event"])
    s, _ = R.apply(s, "roh", {"type": "draw_card", "deck": "character", "die": "event"})
    assert s["ask"][-1]["kind"] == "discard" and R.waiting_for(s) == ["roh"]
    while s["ask"][-1]["kind"] == "discard":
        s, _ = R.apply(s, "roh", legal(s, "roh")[0])
    assert len(s["hands"]["rohan"]) == 4 and len(s["hands"]["gondor"]) == 2


def _exchange(s: dict) -> dict:
    s = deep_copy(s)
    s.update(phase="draw")
    s["ask"] = [{"kind": "exchange", "side": FP, "seat": "gondor", "offered": None}]
    return s


def test_teammates_may_swap_one_card_each_the_offer_hidden_from_the_teammate():
    s = _exchange(four(6))
    g, r = list(s["hands"]["gondor"]), list(s["hands"]["rohan"])
    assert {"type": "no_exchange"} in legal(s, "gon") and legal(s, "roh") == []
    s, ev = R.apply(s, "gon", {"type": "offer_exchange", "card": g[0]})
    assert R.waiting_for(s) == ["roh"]
    # Rohan is asked to answer without seeing the card; nobody's event names it.
    assert R.view(s, "roh")["decision"]["offered"] is True and R.view(s, "gon")["decision"]["offered"] == g[0]
    assert g[0] not in json.dumps(ev) and g[0] not in json.dumps(R.view(s, "wk"))
    assert sorted(a["card"] for a in legal(s, "roh") if a["type"] == "accept_exchange") == sorted(set(r))
    s, ev = R.apply(s, "roh", {"type": "accept_exchange", "card": r[1]})
    assert sorted(s["hands"]["gondor"]) == sorted([g[1], r[1]]) and sorted(s["hands"]["rohan"]) == sorted([r[0], g[0]])
    assert [e["type"] for e in ev][:1] == ["cards_exchanged"] and g[0] not in json.dumps(ev)


def test_an_exchange_may_be_declined_or_not_offered_and_only_a_held_card_is_offered():
    s = _exchange(four(6))
    assert refused(s, "gon", {"type": "offer_exchange", "card": s["hands"]["rohan"][0]}) == "not_allowed_now"
    declined, _ = R.apply(R.apply(s, "gon", {"type": "offer_exchange", "card": s["hands"]["gondor"][0]})[0],
                          "roh", {"type": "decline_exchange"})
    assert declined["hands"] == s["hands"]
    none, _ = R.apply(s, "gon", {"type": "no_exchange"})
    assert none["hands"] == s["hands"] and not any(a["kind"] == "exchange" for a in none["ask"])


def _at_war(s: dict, *nations: str) -> dict:
    for n in nations:
        s["politics"] = {**s["politics"], n: {"step": 0, "active": True}}
    return s


def test_each_nation_is_mustered_and_roused_only_by_its_player():
    s = _at_war(at_action(four(), FP, "rohan", fp=["muster"]), "gondor", "elves", "rohan", "north", "dwarves")
    nations = {a["nation"] for a in legal(s, "roh") if a["type"] == "muster"}
    assert nations and nations <= {"rohan", "north", "dwarves"}
    code = refused(s, "roh", {"type": "muster", "nation": "gondor", "kind": "regular",
                              "region": "minas_tirith", "die": "muster"})
    assert code == "not_allowed_now"
    s2 = at_action(four(), FP, "gondor", fp=["muster"])
    assert {a["nation"] for a in legal(s2, "gon") if a["type"] == "diplomacy"} <= {"gondor", "elves"}
    assert refused(s2, "gon", {"type": "diplomacy", "nation": "rohan", "die": "muster"}) == "not_allowed_now"
    # The action is refused to the teammate whose turn it is not, naming who is awaited.
    assert refused(s2, "roh", {"type": "skip", "die": "muster"}) == "not_your_turn"


def test_an_army_is_moved_only_by_the_player_controlling_it():
    s = at_action(four(), FP, "rohan", fp=["muster_army"])
    s["units"] = {"edoras": {"rohan": {"regular": 2}}, "minas_tirith": {"gondor": {"regular": 3}},
                  "dale": {"north": {"regular": 1}, "dwarves": {"regular": 1}, "gondor": {"elite": 1}}}
    s, _ = R.apply(s, "roh", {"type": "move_armies", "die": "muster_army"})
    origins = {a["region"] for a in legal(s, "roh") if a["type"] == "army_from"}
    # Dale's mixed army: Rohan's player holds two units there against one, so it is theirs to move.
    assert origins == {"edoras", "dale"}
    assert refused(s, "roh", {"type": "army_from", "region": "minas_tirith"}) == "not_allowed_now"


def test_a_mixed_army_is_controlled_by_the_player_with_more_units_then_more_elites_then_the_leader():
    s = four()
    s["units"] = {"dale": {"north": {"regular": 1}, "gondor": {"elite": 1}},
                  "erebor": {"dwarves": {"regular": 1}, "elves": {"regular": 1}},
                  "isengard": {"isengard": {"regular": 1}, "sauron": {"regular": 3}}}
    assert army_controller(s, "dale", FP) == "gondor"          # one unit each: the Elite decides
    assert army_controller(s, "erebor", FP) == "gondor"        # a tie: the leading player (turn 1: Gondor)
    assert army_controller(s, "isengard", SH) == "witch_king"  # three Sauron units against one


def test_minions_are_brought_in_only_by_their_player():
    s = _at_war(at_action(four(), SH, "saruman", sh=["muster"]), "isengard")
    assert {a["minion"] for a in legal(s, "sar") if a["type"] == "bring_minion"} == {"saruman"}
    s2 = _at_war(at_action(four(), SH, "witch_king", sh=["muster"]), "isengard")
    assert not [a for a in legal(s2, "wk") if a["type"] == "bring_minion" and a["minion"] == "saruman"]
    # Moving minions: Saruman's player flies the Nazgûl but never moves the Witch-king.
    s3 = at_action(four(), SH, "saruman", sh=["character"])
    s3["units"] = {"minas_morgul": {"sauron": {"regular": 1}}}
    s3["chars"] = {"witch_king": "minas_morgul"}
    assert not [a for a in legal(s3, "sar") if a["type"] == "move_minions"]        # no Nazgûl: nothing to fly
    s3["units"] = {"minas_morgul": {"sauron": {"nazgul": 1}}}
    s3, _ = R.apply(s3, "sar", {"type": "move_minions", "die": "character"})
    assert {a["type"] for a in legal(s3, "sar")} == {"move_nazgul", "done"}
    assert refused(s3, "sar", {"type": "move_minion", "minion": "witch_king", "to": "gorgoroth"}) in (
        "not_allowed_now", "unexpected_action")


def test_a_battles_decisions_go_to_the_attacking_player_and_to_the_controller_of_the_army_attacked():
    s = _at_war(at_action(four(), SH, "saruman", sh=["army"]), "isengard", "rohan")
    s["units"] = {"orthanc": {"isengard": {"regular": 4}}, "fords_of_isen": {"rohan": {"regular": 1}}}
    for h in s["hands"]:
        s["hands"][h] = []
    s, _ = R.apply(s, "sar", {"type": "attack", "from": "orthanc", "to": "fords_of_isen", "die": "army"})
    b = s["ask"][-1]
    assert b["kind"] == "battle" and b["seats"] == {SH: "saruman", FP: "rohan"}
    seen = set()
    while s["ask"] and s["ask"][-1]["kind"] == "battle" and len(seen) < 20:
        seat = decider(s, s["ask"][-1])
        seen.add((s["ask"][-1]["side"], seat))
        player = SEAT_PLAYER[seat]
        s, _ = R.apply(s, player, legal(s, player)[0])
    assert seen <= {(SH, "saruman"), (FP, "rohan")} and (SH, "saruman") in seen



def test_hits_an_event_card_scores_on_an_army_are_taken_by_the_player_controlling_it():
    s = four()                                      # turn 1: Gondor leads the Free Peoples
    s["units"] = {**s["units"], "edoras": {"rohan": {"regular": 2, "elite": 1}}}
    ask = {"kind": "card_casualties", "side": FP, "region": "edoras", "hits": 1}
    assert decider(s, ask) == "rohan"
    s["ask"].append(ask)
    assert legal(s, "gon") == [] and {a["kind"] for a in legal(s, "roh")} == {"regular", "reduce"}

@pytest.mark.parametrize("players", [3, 4])
def test_random_team_games_end(players):
    for seed in range(2):
        rnd = random.Random(seed)
        s = playout.start(R.new_game([f"p{i}" for i in range(players)], {}, seed))
        steps = 0
        while playout.to_play(s) is not None:
            assert steps < 20_000
            playout.step(s, playout.random_action(rnd, playout.legal(s)))
            steps += 1
        assert s["result"]["side"] in (FP, SH) and len(s["result"]["winners"]) == (2 if players == 4 or
                                                                                   s["result"]["side"] == SH else 1)


def test_a_two_player_save_from_before_teams_loads_in_a_fresh_process():
    s = R.new_game(["fp", "sh"], {}, 7)
    s, _ = R.apply(s, "fp", {"type": "end_fellowship_phase"})
    saved = json.loads(R.dump(s))
    assert set(saved["hands"]) == {FP, SH} and "acts" not in saved      # the shape saves always had
    del saved["table"]                                                 # older still: no table
    code = ("import json,sys; from engine.wotr import RULES as R; s = R.load(sys.stdin.read()); "
            "p = R.waiting_for(s)[0]; s, _ = R.apply(s, p, R.legal_actions(s, p)[0]); "
            "print(json.dumps([p, R.view(s, 'fp')['cards']['hand_sizes']]))")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(saved), capture_output=True, text=True,
                         env=os.environ, check=True).stdout
    assert json.loads(out) == ["sh", {FP: 2, SH: 2}]


# --- event cards act only with the player's own nations and armies (engine/wotr/cards/who_plays.py) -----------

def _holding(s: dict, seat: str, *cards: str) -> dict:
    s["hands"][seat] = list(cards)
    return s


def _plays(s: dict, player: str) -> list[dict]:
    return [a for a in legal(s, player) if a["type"] == "play_event"]


def test_team_event_a_recruiting_card_is_played_only_by_the_player_of_its_nation():
    guards = {"type": "play_event", "card": "fp_str_14", "kind": "regular", "die": "muster"}
    s = _holding(at_action(four(), FP, "gondor", fp=["muster"]), "gondor", "fp_str_14")
    assert guards in _plays(s, "gon")
    s2 = _holding(at_action(four(), FP, "rohan", fp=["muster"]), "rohan", "fp_str_14")
    assert _plays(s2, "roh") == [] and refused(s2, "roh", guards) == "unexpected_action"
    swords = _holding(at_action(four(), FP, "rohan", fp=["muster"]), "rohan", "fp_str_20")   # North and Dwarves
    assert _plays(swords, "roh")
    assert _plays(_holding(at_action(four(), FP, "gondor", fp=["muster"]), "gondor", "fp_str_20"), "gon") == []


def test_team_event_an_army_card_is_played_only_by_the_player_controlling_the_army():
    woses = {"type": "play_event", "card": "fp_str_11", "from": "edoras", "to": "minas_tirith", "die": "army"}
    for seat, player, offered in (("rohan", "roh", True), ("gondor", "gon", False)):
        s = _holding(at_action(four(), FP, seat, fp=["army"]), seat, "fp_str_11")
        s["politics"]["rohan"]["step"] = 0
        assert (woses in _plays(s, player)) is offered


def test_team_event_a_card_of_both_teammates_nations_or_of_none_is_played_by_either():
    for seat, player in (("witch_king", "wk"), ("saruman", "sar")):
        s = _holding(at_action(four(), SH, seat, sh=["muster"]), seat, "sh_str_23")     # Southrons and Sauron
        for n in ("sauron", "isengard", "southrons"):
            s["politics"][n]["step"] = 0
        assert _plays(s, player)
    for seat, player in (("gondor", "gon"), ("rohan", "roh")):
        s = _holding(at_action(four(), FP, seat, fp=["event"]), seat, "fp_char_12")    # Bilbo's Song: no nation
        assert _plays(s, player)


def test_team_event_a_shadow_players_cards_recruit_only_their_nations():
    s = _holding(at_action(four(), SH, "saruman", sh=["army"]), "saruman", "sh_str_14", "sh_str_13")
    s["politics"]["sauron"]["step"] = s["politics"]["isengard"]["step"] = 0
    assert {a["card"] for a in _plays(s, "sar")} == {"sh_str_13"}         # Half-orcs, not the Olog-hai


def test_team_event_dead_men_recruit_is_the_gondor_players_and_the_shadow_army_its_controllers():
    s = _holding(at_action(four(), FP, "rohan", fp=["character"]), "rohan", "fp_char_22")
    s["chars"]["strider"] = "helms_deep"
    s["fellowship"]["companions"].remove("strider")
    s["fellowship"]["guide"] = "gandalf_grey"
    s["units"]["pelargir"] = {"southrons": {"regular": 4, "elite": 1}}
    rolls(s, 1)
    s, _ = R.apply(s, "roh", {"type": "play_event", "card": "fp_char_22", "region": "pelargir",
                              "companions": ["strider"], "die": "character"})
    for kind in ("card_casualties", "dead_men_retreat"):
        assert s["ask"][-1]["kind"] == kind and decider(s, s["ask"][-1]) == "saruman"   # the Southrons' player
        s, _ = R.apply(s, "sar", legal(s, "sar")[0])
    assert s["ask"][-1]["kind"] == "dead_men_recruit" and decider(s, s["ask"][-1]) == "rohan"
    assert legal(s, "roh") == [{"type": "dead_men_none"}]         # Gondor's Regulars are not Rohan's to raise


def test_team_event_corsairs_of_umbar_is_played_only_by_the_player_controlling_the_army_of_umbar():
    for seat, player, offered in (("saruman", "sar", True), ("witch_king", "wk", False)):     # Southrons: Saruman's
        s = _holding(at_action(four(), SH, seat, sh=["army"]), seat, "sh_str_10")
        s["politics"]["southrons"]["step"] = 0
        assert bool([a for a in _plays(s, player) if a["card"] == "sh_str_10"]) is offered


def test_team_event_the_ringwraiths_are_abroad_moves_or_attacks_only_with_the_players_own_armies():
    """The card names no nation (either Shadow player may play it), but the armies it then moves or
    attacks with are the player's: Osgiliath's Sauron army is the Witch-king's, Orthanc's Saruman's."""
    for seat, player, mine, theirs in (("witch_king", "wk", "osgiliath", "orthanc"),
                                       ("saruman", "sar", "orthanc", "osgiliath")):
        s = _holding(at_action(four(), SH, seat, sh=["character"]), seat, "sh_char_23")
        s["units"] = {**s["units"], "osgiliath": {"sauron": {"regular": 2, "nazgul": 1}},
                      "orthanc": {"isengard": {"regular": 4, "nazgul": 1}}}
        s["politics"]["sauron"]["step"] = s["politics"]["isengard"]["step"] = 0
        s, _ = R.apply(s, player, {"type": "play_event", "card": "sh_char_23", "die": "character"})
        s, _ = R.apply(s, player, {"type": "done"})                     # the Nazgûl stay where they are
        assert s["ask"][-1]["kind"] == "ringwraiths" and decider(s, s["ask"][-1]) == seat
        attacks = {a["from"] for a in legal(s, player) if a["type"] == "wraiths_attack"}
        assert theirs not in attacks
        s, _ = R.apply(s, player, {"type": "wraiths_move"})
        origins = {a["region"] for a in legal(s, player) if a["type"] == "army_from"}
        assert mine in origins and theirs not in origins
