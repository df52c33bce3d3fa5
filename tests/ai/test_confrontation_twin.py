"""The search's rules twin (ai/confrontation_twin.py) against the reference rules: seeded random games
played through both, comparing every legal-action list, every result and the final boards; and the
same from states the sampler draws in the middle of games (fights included), as the search uses it.
Every test runs on the pure-Python twin and, when it is built (python -m ai.twin_build), on the
compiled one (ai/twin.py)."""
from __future__ import annotations

import random

import pytest

import engine
from ai import twin as twins
from ai.confrontation_twin import IDX, SIDE_NAMES
from engine.confrontation import sampler, search
from engine.kernel import Rng

R = engine.get_rules("confrontation")
IMPLS = pytest.mark.parametrize("impl", twins.IMPLEMENTATIONS,
                                ids=lambda m: "compiled" if m is twins.native else "pure")


def to_play_phase(seed, rnd, options=None):
    state = R.new_game(["fp", "sp"], options or {}, seed)
    while state["phase"] != "play":
        player = rnd.choice(sorted(R.waiting_for(state)))
        acts = R.legal_actions(state, player)
        state, _ = R.apply(state, player, acts[rnd.randrange(len(acts))])
    return state


def board(t) -> list:
    return sorted((t.tokens[i], t.char[i], t.reg[i]) for i in t.alive)


def engine_board(s: dict) -> list:
    return sorted((p["token"], p["char"], IDX[p["region"]]) for p in s["pieces"])


def same_end(t, ref: dict) -> None:
    assert t.result == ref["result"]
    assert board(t) == engine_board(ref)
    assert t.hands == [ref["hands"][x] for x in SIDE_NAMES]
    assert t.defeated == [ref["defeated"][x] for x in SIDE_NAMES]


def play_both(impl, ref: dict, rnd: random.Random) -> int:
    """Play `ref` to its end at random through the search path and the twin; returns the steps."""
    ref = search.start(ref)
    twin = impl.Twin.of(ref)
    as_action = impl.as_action
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
    same_end(twin, ref)
    return steps


@IMPLS
def test_twin_plays_random_classic_games_exactly_like_the_rules(impl):
    steps = 0
    for seed in range(1000):
        rnd = random.Random(seed)
        steps += play_both(impl, to_play_phase(seed, rnd), rnd)
    assert steps > 1000 * 10


def midgame_views(games: int, rate: float):
    """(view, seed) at random moments of seeded random games: every kind of decision, fights included."""
    for seed in range(games):
        rnd = random.Random(seed)
        s = to_play_phase(seed, rnd)
        while R.result(s) is None:
            player = rnd.choice(sorted(R.waiting_for(s)))
            if rnd.random() < rate:
                yield R.view(s, player), rnd.randrange(2**32)
            acts = [a for a in R.legal_actions(s, player) if a["type"] != "shuffle"]
            s, _ = R.apply(s, player, acts[rnd.randrange(len(acts))])


@IMPLS
def test_twin_plays_on_exactly_like_the_rules_from_sampled_states_mid_game(impl):
    """States drawn by the sampler at every kind of decision (fights included), as the search starts."""
    kinds = set()
    for view, seed in midgame_views(200, 0.3):
        kinds.add(view["decision"]["kind"])
        play_both(impl, sampler.sample(view, Rng(seed)), random.Random(seed))
    assert {"move", "cards", "fellowship_text", "target"} <= kinds


def fields(t) -> tuple:
    names = [n for n in dir(t) if not n.startswith("_") and n != "rs" and not callable(getattr(t, n))]
    assert len(names) > 30
    return tuple((n, getattr(t, n)) for n in names)


@IMPLS
def test_prepared_twin_draws_exactly_the_twin_of_the_samplers_state(impl):
    """Prepared(view).draw(rng, t) resets a reused twin, played out since its last draw, to what the
    engine's sampler draws from the same generator (the enemy's characters, its hand and face-down card),
    and leaves the generator alike."""
    drawn = 0
    for view, seed in midgame_views(60, 0.3):
        prepared, t = impl.Prepared(view), impl.Twin()
        mine, theirs = Rng(seed), Rng(seed)
        for _ in range(3):
            assert fields(prepared.draw(mine, t)) == fields(impl.Twin.of(sampler.sample(view, theirs)))
            assert mine.state == theirs.state
            t.playout(impl.Xorshift32(seed), 0)
            drawn += 1
    assert drawn > 1000


@IMPLS
def test_twin_playout_plays_the_same_game_as_the_rules_from_the_same_draws(impl):
    """Twin.playout (the search's random playout, in the twin's own loop) against the engine's search
    path fed the same random draws: same result, board, hands, defeated characters and length."""
    for view, seed in midgame_views(100, 0.2):
        me = SIDE_NAMES.index(view["you"])
        ref = search.start(sampler.sample(view, Rng(seed)))
        t = impl.Twin.of(ref)
        theirs = impl.Xorshift32(seed)
        steps = 0
        while ref["result"] is None:
            sides = search.to_play(ref)
            side = view["you"] if len(sides) == 2 else sides[0]
            acts = search.legal(ref, side)
            search.step(ref, side, acts[theirs.below(len(acts))])
            steps += 1
        assert t.playout(impl.Xorshift32(seed), me) == steps
        same_end(t, ref)


@IMPLS
def test_playout_generator_draws_every_value_below_n_about_equally(impl):
    g = impl.Xorshift32(12345)
    for n in (1, 2, 3, 7, 40):
        counts = [0] * n
        for _ in range(700 * n):
            counts[g.below(n)] += 1
        assert min(counts) > 600 and max(counts) < 800, (n, counts)
    assert impl.Xorshift32(0).below(10) == impl.Xorshift32(2**32).below(10)  # a zero seed still draws


@IMPLS
@pytest.mark.parametrize("options", [{"mode": "variant"}, {"special_cards": "announce"}, {"match": True}])
def test_twin_refuses_what_it_does_not_cover(impl, options):
    rnd = random.Random(0)
    state = to_play_phase(0, rnd, options)
    with pytest.raises(impl.Unsupported):
        impl.Twin.of(state)
    with pytest.raises(impl.Unsupported):
        impl.Prepared(R.view(state, "fp"))


def test_compiled_twin_is_used_when_built_from_the_current_source():
    """ai/twin.py takes the compiled module only when its stamp is the source's hash (an edited twin is
    never shadowed by an old build)."""
    if twins.native is None:
        pytest.skip("the compiled twin is not built (python -m ai.twin_build)")
    assert twins.source_hash() == twins.native.SOURCE_HASH
    assert twins.Twin is twins.native.Twin and [twins.pure, twins.native] == twins.IMPLEMENTATIONS
