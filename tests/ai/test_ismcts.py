"""The computer players of The Confrontation (ai/): they play whole games legally, find a move that
wins at once, and decide from what their seat may know only (the information-set test)."""
from __future__ import annotations

import itertools
import random

import pytest

import engine
from ai import ismcts, make_player
from ai.arena import play
from ai.ismcts import choose
from engine.confrontation import scenario
from engine.confrontation.state import TILES, clone, knows
from engine.kernel import Rng

R = engine.get_rules("confrontation")
SIDE = {"fp": "fellowship", "sp": "sauron"}


def position(pieces, turn):
    """A Classic position from (character, region) pairs; every character not on the board has been
    defeated, so the game's lineups stay whole."""
    s = scenario.build(pieces, turn=turn)
    on_board = {c for c, _ in pieces}
    for side in ("fellowship", "sauron"):
        s["defeated"][side] = [pair[0] for pair in TILES[side].values() if pair[0] not in on_board]
    return s


def token(s, char):
    return next(p["token"] for p in s["pieces"] if p["char"] == char)


def easy_choice(s, seat, seed):
    return make_player("easy", seed=seed).choose(R.view(s, seat))


# Frodo one step from Mordor, the Warg guarding it, the Fellowship to move.
NEAR_MORDOR = [("frodo", "dagorlad"), ("sam", "the_shire"), ("orcs", "rohan"), ("warg", "mordor"),
               ("balrog", "eregion")]


def test_ismcts_walks_the_ring_bearer_into_mordor_when_it_can():
    s = position(NEAR_MORDOR, turn="fellowship")
    s["pieces"] = [p for p in s["pieces"] if p["char"] != "warg"]  # Mordor is open
    s["defeated"]["sauron"].append("warg")
    assert easy_choice(s, "fp", seed=1) == {"type": "move", "piece": token(s, "frodo"), "to": "mordor"}


def test_ismcts_puts_a_third_piece_into_the_shire_to_win():
    s = position([("frodo", "gondor"), ("orcs", "the_shire"), ("warg", "the_shire"), ("balrog", "arthedain"),
                  ("sam", "dagorlad")], turn="sauron")
    assert easy_choice(s, "sp", seed=2) == {"type": "move", "piece": token(s, "balrog"), "to": "the_shire"}


def test_ismcts_with_a_cpu_budget_stops_once_it_is_spent():
    s = position(NEAR_MORDOR, turn="fellowship")
    view = R.view(s, "fp")

    def iterations(**budget):
        _, stats = choose(view, 30, Rng(Rng.from_seed(4)), **budget)
        return sum(n for n, _ in stats.values())

    assert iterations() == 30
    assert iterations(seconds=0.0) == 1  # spent at once: one iteration, so there is an answer
    assert iterations(seconds=3600.0) == 30  # the number of iterations still bounds it


@pytest.mark.parametrize("level,stops_after", [("easy", 4), ("normal", 8), ("hard", 12)])
def test_every_search_level_stops_at_its_cpu_cap(monkeypatch, level, stops_after):
    """No level keeps a table waiting, whatever the mode (outside Classic the playouts are slow): its
    search ends at ai.ismcts.SECONDS. A clock that advances 1/8 s at each reading shows where."""
    s = position(NEAR_MORDOR, turn="fellowship")
    readings = itertools.count(0.0, 0.125)
    monkeypatch.setattr(ismcts.time, "thread_time", lambda: next(readings))
    searched = []

    def counting(*args):
        action, stats = choose(*args)
        searched.append(sum(n for n, _ in stats.values()))
        return action, stats
    monkeypatch.setattr(ismcts, "choose", counting)
    make_player(level, seed=3).choose(R.view(s, "fp"))
    assert ismcts.SECONDS[level] == stops_after / 8 and searched == [stops_after]


@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_ismcts_and_baselines_play_whole_games_to_a_result(level):
    for seed in range(2):
        for fellowship, sauron in ((level, "random"), ("random", level)):
            result = play(make_player(fellowship, seed), make_player(sauron, seed + 7), seed)
            assert result["winner"] in ("fp", "sp")


def twin(state, viewer_side, rnd):
    """The same state with the opponent's hidden pieces shuffled among themselves and its unseen
    cards redealt between hand and face-down card: everything the viewer may not know changes."""
    t = clone(state)
    hidden = [p for p in t["pieces"] if p["side"] != viewer_side and not knows(viewer_side, p)]
    chars = [p["char"] for p in hidden]
    rnd.shuffle(chars)
    for p, ch in zip(hidden, chars):
        p["char"] = ch
    foe = "sauron" if viewer_side == "fellowship" else "fellowship"
    c = t["combat"]
    if c is not None and c["cards"][foe] is not None and not c["shown"]:
        pool = t["hands"][foe] + [c["cards"][foe]]
        rnd.shuffle(pool)
        c["cards"][foe], t["hands"][foe] = pool[0], pool[1:]
    return t


@pytest.mark.parametrize("level", ["greedy", "easy"])
def test_ismcts_and_greedy_decide_the_same_in_twin_states(level):
    """A player's decision depends only on its information set: two states that differ only in what
    it may not know (and look the same to it) get the same answer from the same seed."""
    compared = 0
    for seed in range(12):
        rnd = random.Random(seed)
        s = R.new_game(["fp", "sp"], {}, seed)
        while R.result(s) is None and compared < 6 * (seed + 1):
            seat = rnd.choice(sorted(R.waiting_for(s)))
            if s["phase"] == "play" and len(R.legal_actions(s, seat)) > 1:
                t = twin(s, SIDE[seat], rnd)
                if t != s and R.view(t, seat) == R.view(s, seat):
                    a = make_player(level, seed).choose(R.view(s, seat))
                    b = make_player(level, seed).choose(R.view(t, seat))
                    assert a == b
                    compared += 1
            acts = R.legal_actions(s, seat)
            s, _ = R.apply(s, seat, acts[rnd.randrange(len(acts))])
    assert compared >= 20
