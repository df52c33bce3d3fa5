"""The search's in-place path (engine/confrontation/search.py) against the reference rules: thousands
of random games played through both, comparing every action list,
every result and the final states."""
from __future__ import annotations

import random

import pytest

import engine
from engine.confrontation import search
from engine.kernel import dump_json

R = engine.get_rules("confrontation")
OPTIONS = [{"mode": m, "special_cards": sp} for m, sp in
           [("classic", "none"), ("variant", "none"), ("draft", "announce"), ("hidden_draft", "choose")]]


def to_play_phase(seed, options, rnd):
    state = R.new_game(["fp", "sp"], options, seed)
    while state["phase"] != "play" and R.result(state) is None:
        player = rnd.choice(sorted(R.waiting_for(state)))
        acts = R.legal_actions(state, player)
        state, _ = R.apply(state, player, acts[rnd.randrange(len(acts))])
    return state


def without_log(state):
    return dump_json(dict(state, log=None))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['mode']}-{o['special_cards']}")
def test_search_path_plays_random_games_exactly_like_the_rules(options):
    games = 0
    for seed in range(500):
        rnd = random.Random(seed)
        ref = to_play_phase(seed, options, rnd)
        fast = search.start(ref)
        while R.result(ref) is None:
            side = rnd.choice(search.to_play(fast))
            player = ref["sides"][side]
            assert sorted(R.waiting_for(ref)) == sorted(fast["sides"][x] for x in search.to_play(fast))
            acts = search.legal(fast, side)
            assert acts == [a for a in R.legal_actions(ref, player) if a["type"] != "shuffle"]
            action = acts[rnd.randrange(len(acts))]
            ref, _ = R.apply(ref, player, action)
            search.step(fast, side, action)
        assert fast["result"] == R.result(ref)
        assert without_log(fast) == without_log(ref)
        games += 1
    assert games == 500
