"""The rules as a search plays them: one copy per playout, then actions applied in place.

`RULES.apply` copies the state and checks the action at every call, which a playout that only ever picks
from the legal list does not need. Here a playout copies the state once (`start`), lists the actions of
the decision now (`legal`, as `RULES.legal_actions`), and plays the chosen one in place with the same
handlers (`step`), without a check: an action not from the list may leave the state broken. The shared
parts (state.SHARED) are still replaced, never changed, so the state `start` copied stays intact. The
log is emptied at each step (no rule reads it); `step` returns the step's events.

A random playout need not list every action: `by_type` gives the decision's actions grouped by type,
each group in the kernel's order and the long ones made only when drawn from (the Nazgûl flights and the
companions' moves: `characters.Choices`), and `random_pick` draws from them exactly what `random_action` would draw from
the full list (the same calls on the same `random.Random`, hence the same games, only faster).
tests/wotr/test_playout.py plays random games through both paths and compares every list and state.

`random_action` is the random policy of the tests and of bench/bench_wotr.py.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.wotr.actions import play
from engine.wotr.characters import companion_moves, minion_walks, nazgul_flights
from engine.wotr.die_payment import Dice
from engine.wotr.listing import DIE_TYPES, ask_actions, die_actions
from engine.wotr.seats import decider, is_team_game
from engine.wotr.state import FP, SH, copy_state
from engine.wotr.types import WotrAction

ARMY_TYPES = frozenset({"move_armies", "attack", "muster"})     # the armies' die actions


def start(state: dict) -> dict:
    """A private copy to play on (the state given is never changed)."""
    return copy_state(dict(state, log=[]))


def to_play(s: dict) -> str | None:
    """The side whose decision it is, None once the game is over."""
    return s["ask"][-1]["side"] if s["result"] is None and s["ask"] else None


def legal(s: dict, without: frozenset = frozenset()) -> list[WotrAction]:
    """The actions of the decision now (those `RULES.legal_actions` gives its player); `without`: the
    die actions of these types left out (ARMY_TYPES: the Ring-quest game, the armies idle, listed faster)."""
    ask = s["ask"][-1]
    if without and ask["kind"] == "act":
        return die_actions(s, ask["side"], without=without, seat=decider(s, ask) if is_team_game(s) else None)
    return ask_actions(s, ask)


def _typed(s: dict, ask: dict) -> tuple[tuple, tuple] | None:
    """((type, how to list its actions), ...) in the kernel's order and the arguments to list them with,
    for the decisions listed type by type: an Action die, the Nazgûl and minions of a Character die,
    the companions'; None for the others, and in a team game (whose lists the seat filters)."""
    by_side = _LISTED.get(ask["kind"])
    if by_side is None or is_team_game(s):
        return None
    side = ask["side"]
    return by_side[side], ((Dice(s, side),) if ask["kind"] == "act" else (s, ask))


def _done(s: dict, ask: dict) -> list[WotrAction]:
    return [{"type": "done"}]


# The decisions listed type by type: {kind: {side: ((type, maker), ...)}}.
_LISTED: dict[str, dict[str, tuple]] = {
    "act": DIE_TYPES,
    "move_minions": {SH: (("move_nazgul", nazgul_flights), ("move_minion", minion_walks), ("done", _done))},
    "move_companions": {FP: (("move_companions_to", companion_moves), ("done", _done))}}
# The same split for "quest": {(kind, side): (the types other than the army's, the army's)}.
_QUEST_ORDER = {(kind, side): (tuple(t for t in types if t[0] not in ARMY_TYPES),
                               tuple(t for t in types if t[0] in ARMY_TYPES))
                for kind, by_side in _LISTED.items() for side, types in by_side.items()}


def by_type(s: dict, without: frozenset = frozenset()) -> dict[str, Sequence[WotrAction]]:
    """{type: its actions}, the non-empty types of `legal(s, without)`, each group in that list's order."""
    ask = s["ask"][-1]
    typed = _typed(s, ask)
    if typed is None:
        return _grouped(ask_actions(s, ask))
    types, args = typed
    return {t: acts for t, acts in ((t, make(*args)) for t, make in types if t not in without) if acts}


def _grouped(actions: list[WotrAction]) -> dict[str, Sequence[WotrAction]]:
    groups: dict[str, list[WotrAction]] = {}
    for a in actions:
        groups.setdefault(a["type"], []).append(a)
    return dict(groups)


def step(s: dict, action: Mapping[str, Any]) -> list[dict]:
    """Apply a legal action of the side to play to `s` in place (no copy, no check); its events."""
    s["log"] = []
    return play(s, decider(s, s["ask"][-1]), action)


def random_action(rnd: random.Random, acts: list[dict], policy: str = "type") -> dict:
    """"type": a random type of action, then a random action of that type; "uniform": any legal action;
    "quest": as "type" but never an army action while another is legal (the armies stay where they
    start: the Ring-quest game, the Fellowship against the Hunt)."""
    if policy == "quest":
        acts = [a for a in acts if a["type"] not in ARMY_TYPES] or acts
    if policy != "uniform":
        kind = rnd.choice(sorted({a["type"] for a in acts}))
        acts = [a for a in acts if a["type"] == kind]
    return rnd.choice(acts)


def _below(rnd: random.Random, n: int) -> int:
    """`rnd.randrange(n)` (n > 0) with the same draw (CPython's getrandbits rejection), one call cheaper:
    `random_pick` draws a few times at every action."""
    k = n.bit_length()
    r = rnd.getrandbits(k)
    while r >= n:
        r = rnd.getrandbits(k)
    return r


def random_pick(rnd: random.Random, s: dict, policy: str = "type") -> WotrAction:
    """An action drawn by the law of `random_action(rnd, legal(s), policy)`, without listing every action:
    for "type" and "quest", a type drawn uniformly among those with an action, then one of its actions.
    A decision listed type by type (`_typed`: an Action die's dozen types, a few with actions) tries its
    types in a random order and takes the first with an action, which gives every type with an action
    the same chance while listing only a few: the same law, but other draws than `random_action`'s, hence
    other games. The other decisions draw exactly as `random_action` does."""
    if policy == "uniform":
        return rnd.choice(legal(s))
    ask = s["ask"][-1]
    typed = _typed(s, ask)
    if typed is None:
        groups = _grouped(ask_actions(s, ask))
        kinds = sorted(groups)
        acts = groups[kinds[_below(rnd, len(kinds))]]
        return acts[_below(rnd, len(acts))]
    types, args = typed
    # "quest": the army types only when no other type has an action (as random_action).
    for group in _QUEST_ORDER[ask["kind"], ask["side"]] if policy == "quest" else (types,):
        tries = list(group)
        while tries:
            found = tries.pop(_below(rnd, len(tries)))[1](*args)
            if found:
                return found[_below(rnd, len(found))]
    raise AssertionError("a decision without an action")

