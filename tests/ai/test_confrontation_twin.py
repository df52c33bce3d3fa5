"""The search's rules twin (ai/confrontation_twin.py) against the reference rules: seeded random games
played through both, comparing every legal-action list, every result and the final boards; and the
same from states the sampler draws in the middle of games (fights included), as the search uses it."""
from __future__ import annotations

import random

import pytest

import engine
from ai.confrontation_twin import SIDE_NAMES, Twin, Unsupported, as_action
from engine.confrontation import sampler, search
from engine.kernel import Rng

R = engine.get_rules("confrontation")


def to_play_phase(seed, rnd, options=None):
    state = R.new_game(["fp", "sp"], options or {}, seed)
    while state["phase"] != "play":
        player = rnd.choice(sorted(R.waiting_for(state)))
        acts = R.legal_actions(state, player)
        state, _ = R.apply(state, player, acts[rnd.randrange(len(acts))])
    return state


def board(t: Twin) -> list:
    return sorted((t.tokens[i], t.char[i], t.reg[i]) for i in t.alive)


def engine_board(s: dict) -> list:
    from ai.confrontation_twin import IDX
    return sorted((p["token"], p["char"], IDX[p["region"]]) for p in s["pieces"])


def play_both(ref: dict, rnd: random.Random) -> int:
    """Play `ref` to its end at random through the search path and the twin; returns the steps."""
    ref = search.start(ref)
    twin = Twin.of(ref)
    steps = 0
    while ref["result"] is None:
        sides = search.to_play(ref)
        assert [SIDE_NAMES[k] for k in twin.waiting] == sides
        side = rnd.choice(sides)
        k = SIDE_NAMES.index(side)
        acts = search.legal(ref, side)
        assert [as_action(twin, a) for a in twin.legal(k)] == acts
        n = rnd.randrange(len(acts))
        search.step(ref, side, acts[n])
        twin.step(k, twin.legal(k)[n])
        steps += 1
    assert twin.result == ref["result"]
    assert board(twin) == engine_board(ref)
    assert twin.hands == [ref["hands"][x] for x in SIDE_NAMES]
    assert twin.defeated == [ref["defeated"][x] for x in SIDE_NAMES]
    return steps


def test_twin_plays_random_classic_games_exactly_like_the_rules():
    steps = 0
    for seed in range(1000):
        rnd = random.Random(seed)
        steps += play_both(to_play_phase(seed, rnd), rnd)
    assert steps > 1000 * 10


def test_twin_plays_on_exactly_like_the_rules_from_sampled_states_mid_game():
    """States drawn by the sampler at every kind of decision (fights included), as the search starts."""
    kinds = set()
    for seed in range(200):
        rnd = random.Random(seed)
        rng = Rng(Rng.from_seed(seed))
        s = to_play_phase(seed, rnd)
        while R.result(s) is None:
            player = rnd.choice(sorted(R.waiting_for(s)))
            if rnd.random() < 0.3:
                kinds.add(s["decision"]["kind"])
                play_both(sampler.sample(R.view(s, player), rng), random.Random(rnd.random()))
            acts = [a for a in R.legal_actions(s, player) if a["type"] != "shuffle"]
            s, _ = R.apply(s, player, acts[rnd.randrange(len(acts))])
    assert {"move", "cards", "fellowship_text", "target"} <= kinds


@pytest.mark.parametrize("options", [{"mode": "variant"}, {"special_cards": "announce"}, {"match": True}])
def test_twin_refuses_what_it_does_not_cover(options):
    rnd = random.Random(0)
    with pytest.raises(Unsupported):
        Twin.of(to_play_phase(0, rnd, options))
