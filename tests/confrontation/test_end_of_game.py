"""Fin de la partie: Frodo au Mordor, Frodo vaincu, trois personnages de Sauron dans The Shire, le
Witch King (variante) dans The Shire, pas de déplacement possible; le résultat; le match en deux
parties."""
from __future__ import annotations

import random

from tests.confrontation.helpers import (
    FELLOWSHIP,
    FP,
    SAURON,
    SP,
    R,
    advance,
    defeated,
    events,
    fight,
    legal,
    move,
    own_pieces,
    play_until,
    players,
    random_steps,
    refused,
    result,
    scene,
    token,
    view,
)


def test_frodo_entering_mordor_wins_at_once_without_a_fight():
    s = scene([("frodo", "dagorlad"), ("legolas", "eregion"), ("orcs", "mordor"), ("warg", "mordor")],
              turn=FELLOWSHIP)
    s = move(s, "frodo", "mordor")
    r = result(s)
    assert r == {"winner": FP, "side": FELLOWSHIP, "reason": "ring_bearer_in_mordor",
                 "points": len(own_pieces(s, FELLOWSHIP))}
    assert not events(s, "combat") and not events(s, "revealed")
    assert view(s)["phase"] == "over"
    assert events(s, "game_over")[-1]["winner"] == FP


def test_another_fellowship_piece_entering_mordor_fights():
    s = scene([("legolas", "dagorlad"), ("orcs", "mordor")], turn=FELLOWSHIP)
    s = move(s, "legolas", "mordor")
    assert result(s) is None
    assert events(s, "combat") or view(s)["decision"]["kind"] == "target"


def test_frodo_defeated_makes_sauron_win_in_classic():
    s = scene([("orcs", "fangorn"), ("frodo", "caradhras"), ("legolas", "eregion")])
    s = advance(move(s, "orcs", "caradhras"))
    r = result(s)
    assert r == {"winner": SP, "side": SAURON, "reason": "frodo_defeated",
                 "points": len(own_pieces(s, SAURON))}
    assert "frodo" in defeated(s, FELLOWSHIP)


def test_frodo_defeated_in_a_card_fight_makes_sauron_win():
    s = scene([("frodo", "eregion"), ("shelob", "caradhras")], turn=FELLOWSHIP)
    s = fight(move(s, "frodo", "caradhras"), "strength_1", "strength_1")
    assert result(s)["reason"] == "frodo_defeated"


def test_three_sauron_pieces_entering_the_shire_win():
    s = scene([("orcs", "the_shire"), ("warg", "the_shire"), ("black_rider", "arthedain"),
               ("frodo", "rhudaur"), ("legolas", "eregion")], fillers=False)
    assert result(s) is None
    s = move(s, "black_rider", "the_shire")
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["reason"] == "three_in_shire" and r["winner"] == SP
    assert r["points"] == 3


def test_two_sauron_pieces_in_the_shire_do_not_win():
    s = scene([("orcs", "the_shire"), ("black_rider", "arthedain"), ("frodo", "rhudaur"),
               ("legolas", "eregion"), ("cave_troll", "mordor")], fillers=False)
    s = move(s, "black_rider", "the_shire")
    assert result(s) is None


def test_a_player_without_a_legal_move_on_their_turn_loses():
    s = scene([("orcs", "the_shire"), ("frodo", "rhudaur"), ("legolas", "eregion")], fillers=False,
              turn=FELLOWSHIP)
    s = move(s, "legolas", "caradhras")
    r = result(s)
    assert r == {"winner": FP, "side": FELLOWSHIP, "reason": "no_move", "points": 2}


def test_nothing_can_be_played_once_the_game_is_over():
    s = scene([("frodo", "dagorlad"), ("legolas", "eregion")], turn=FELLOWSHIP)
    s = move(s, "frodo", "mordor")
    assert R.waiting_for(s) == []
    assert legal(s, FELLOWSHIP) == [] and legal(s, SAURON) == []
    refused(s, FELLOWSHIP, {"type": "move", "piece": token(s, "legolas"), "to": "caradhras"})
    refused(s, SAURON, {"type": "move", "piece": token(s, "cave_troll"), "to": "gondor"})
    assert view(s)["result"] == result(s)


# ------------------------------------------------------------------------------------------- match

def test_match_swaps_sides_and_scores_one_point_per_surviving_character_of_the_winner():
    s = scene([("frodo", "dagorlad"), ("legolas", "eregion"), ("gimli", "the_shire")], turn=FELLOWSHIP,
              options={"match": True})
    assert players(s) == {"fellowship": FP, "sauron": SP}
    n = len(own_pieces(s, FELLOWSHIP))
    s = move(s, "frodo", "mordor")
    assert result(s) is None                         # the match goes on
    v = view(s)
    assert v["match"]["game"] == 2
    g1 = v["match"]["games"][0]
    assert g1["winner"] == FP and g1["side"] == FELLOWSHIP and g1["points"] == n
    assert v["match"]["scores"] == {FP: n, SP: 0}
    assert v["players"] == {"fellowship": SP, "sauron": FP}
    assert v["phase"] in ("setup", "specials", "draft")
    s, _ = random_steps(s, random.Random(7))
    r = result(s)
    assert r["reason"] == "match"
    assert len(r["games"]) == 2 and r["games"][0] == g1
    g2 = r["games"][1]
    expected = {FP: n, SP: 0}
    expected[g2["winner"]] += g2["points"]
    assert r["scores"] == expected
    if expected[FP] == expected[SP]:
        assert r["winner"] is None
    else:
        assert r["winner"] == max(expected, key=expected.get)
    assert g2["side"] == (FELLOWSHIP if g2["winner"] == SP else SAURON)


def test_full_match_from_new_game_plays_two_games_with_swapped_sides():
    rng = random.Random(3)
    s = R.new_game([FP, SP], {"match": True}, 11)
    s = play_until(s, rng, lambda st: (view(st).get("match") or {}).get("game") == 2 or result(st))
    assert result(s) is None
    assert view(s)["players"] == {"fellowship": SP, "sauron": FP}
    s, _ = random_steps(s, rng)
    r = result(s)
    assert r["reason"] == "match" and len(r["games"]) == 2
    assert set(r["scores"]) == {FP, SP}
    assert sum(r["scores"].values()) == sum(g["points"] for g in r["games"])


def test_every_piece_is_shown_once_the_game_is_over():
    s = scene([("frodo", "dagorlad"), ("legolas", "eregion"), ("orcs", "rohan")], turn=FELLOWSHIP)
    s = move(s, "frodo", "mordor")
    for viewer in (FELLOWSHIP, SAURON, None):
        assert all(p["character"] is not None for p in view(s, viewer)["pieces"])
    board = events(s, "game_over")[-1]["board"]
    assert {(p["character"], p["region"]) for p in board} >= {("legolas", "eregion"), ("orcs", "rohan")}
