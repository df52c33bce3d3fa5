"""Properties every engine keeps, checked by each game's property tests on states of random games: every
legal action is accepted, anything else refused, and trying an action never changes the state it was
tried on."""
from __future__ import annotations

import random
from collections.abc import Callable

from engine import IllegalAction


def tried(rules, state, player, action) -> list[dict]:
    """Apply `action` to `state` as `player`. Whether refused or accepted, `state` is unchanged; when
    accepted, the action is one of the player's legal actions: those equal to it are returned (none when
    it was refused)."""
    before = rules.dump(state)
    legal = rules.legal_actions(state, player) if isinstance(player, str) else []
    try:
        rules.apply(state, player, action)
        accepted = True
    except IllegalAction:
        accepted = False
    assert rules.dump(state) == before
    if not accepted:
        return []
    same = [a for a in legal if a == action]
    assert same, f"{action!r} was accepted but is not legal"
    return same


def legal_actions_accepted(rules, state) -> None:
    """Each legal action of the first player awaited is accepted, and `state` is left as it was."""
    player = rules.waiting_for(state)[0]
    before = rules.dump(state)
    for action in rules.legal_actions(state, player):
        rules.apply(state, player, action)
    assert rules.dump(state) == before


def random_game(rules, players: list[str], seed: int,
                choose: Callable[[random.Random, list], dict] | None = None,
                every: Callable[[dict, int], object] | None = None, limit: int = 5000) -> dict:
    """A game of one player at a time, from `seed`, played to its end by `choose(rnd, legal actions)`
    (uniform by default) with a Random seeded by `seed`: the awaited player always has a legal action, and
    it ends within `limit` steps. `every(state, step)` sees each state before its action. The end state."""
    rnd = random.Random(seed)
    s = rules.new_game(players, {}, seed)
    steps = 0
    while rules.result(s) is None:
        w = rules.waiting_for(s)
        assert len(w) == 1
        acts = rules.legal_actions(s, w[0])
        assert acts, f"{w[0]} has no legal action at step {steps}"
        if every:
            every(s, steps)
        s, _ = rules.apply(s, w[0], choose(rnd, acts) if choose else rnd.choice(acts))
        steps += 1
        assert steps < limit
    return s


def random_steps(rules, s: dict, rnd: random.Random, n: int,
                 choose: Callable[[random.Random, list], dict] | None = None) -> dict:
    """Up to `n` random steps from `s` (fewer if the game ends): a player among those awaited, at random,
    plays `choose(rnd, its legal actions)` (uniform by default). The state reached."""
    for _ in range(n):
        if rules.result(s):
            break
        player = rnd.choice(rules.waiting_for(s))
        acts = rules.legal_actions(s, player)
        s, _ = rules.apply(s, player, choose(rnd, acts) if choose else rnd.choice(acts))
    return s
