"""The Confrontation wrapped as an OpenSpiel game (bench/openspiel_confrontation.py): its legal actions
are the engine's, a whole random game reaches the engine's result, and OpenSpiel's ISMCTS plays legally."""
from __future__ import annotations

import importlib.util
import pathlib
import random

import pytest

pytest.importorskip("pyspiel")

import engine  # noqa: E402
from engine.confrontation import search  # noqa: E402

R = engine.get_rules("confrontation")
_PATH = pathlib.Path(__file__).parents[2] / "bench" / "openspiel_confrontation.py"


def _wrapper():
    spec = importlib.util.spec_from_file_location("openspiel_confrontation", _PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


W = _wrapper()


def test_openspiel_wrapper_offers_the_engines_actions_and_reaches_its_result():
    rnd = random.Random(3)
    state = W.ConfrontationGame({"seed": 3}).new_initial_state()
    while not state.is_terminal():
        side = W.SIDES[state.current_player()]
        ids = state.legal_actions()
        engine_ids = [W.action_id(a) for a in search.legal(state.s, side)]
        assert ids == sorted(engine_ids) and len(set(ids)) == len(ids)
        clone = state.clone()
        a = ids[rnd.randrange(len(ids))]
        state.apply_action(a)
        assert clone.s is not state.s and clone.legal_actions() == ids  # a clone is left as it was
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0])
    assert (state.returns()[0] > 0) == (state.s["result"]["side"] == "fellowship")


def test_openspiel_ismcts_against_ours_plays_a_whole_game():
    game = W.play(openspiel_side=1, seed=0, sims=5)
    assert game["won"] in (True, False)
    for who in ("openspiel", "ours"):
        assert game["cpu"][who] and all(t >= 0 for t in game["cpu"][who])
        assert set(game["sims"][who]) == {5}


def test_openspiel_ismcts_with_a_cpu_budget_stops_once_it_is_spent():
    """With the budget spent at once, each search does the fewest simulations it can answer from:
    OpenSpiel's two (the first only expands the root), ours one."""
    game = W.play(openspiel_side=0, seed=1, seconds=0.0)
    assert set(game["sims"]["openspiel"]) == {2} and set(game["sims"]["ours"]) == {1}
