"""The rules as a search plays them: one copy per playout, then actions applied in place.

`RULES.apply` copies the state and checks the action at every call, which a playout that only ever picks
from the legal list does not need. Here a playout copies the state once (`start`), lists the actions of
the decision now (`legal`, as `RULES.legal_actions`), and plays the chosen one in place with the same
handlers (`step`), without a check: an action not from the list may leave the state broken. The shared
parts (state.SHARED) are still replaced, never changed, so the state `start` copied stays intact. The
log is emptied at each step (no rule reads it); `step` returns the step's events.
tests/wotr/test_playout.py plays random games through both paths and compares every list and state.

`random_action` is the random policy of the tests and of bench/bench_wotr.py.
"""
from __future__ import annotations

import random

from engine.wotr.actions import _ask_actions, _die_actions, play
from engine.wotr.seats import decider, is_team_game
from engine.wotr.state import copy_state


def start(state: dict) -> dict:
    """A private copy to play on (the state given is never changed)."""
    return copy_state(dict(state, log=[]))


def to_play(s: dict) -> str | None:
    """The side whose decision it is, None once the game is over."""
    return s["ask"][-1]["side"] if s["result"] is None and s["ask"] else None


def legal(s: dict, without: frozenset = frozenset()) -> list[dict]:
    """The actions of the decision now (those `RULES.legal_actions` gives its player); `without`: the
    die actions of these types left out (ARMY_TYPES: part 1's game, the armies idle, listed faster)."""
    ask = s["ask"][-1]
    if without and ask["kind"] == "act":
        return _die_actions(s, ask["side"], without=without, seat=decider(s, ask) if is_team_game(s) else None)
    return _ask_actions(s, ask)


def step(s: dict, action: dict) -> list[dict]:
    """Apply a legal action of the side to play to `s` in place (no copy, no check); its events."""
    s["log"] = []
    return play(s, decider(s, s["ask"][-1]), action)


ARMY_TYPES = frozenset({"move_armies", "attack", "muster"})     # the die actions of part 2's armies


def random_action(rnd: random.Random, acts: list[dict], policy: str = "type") -> dict:
    """"type": a random type of action, then a random action of that type; "uniform": any legal action;
    "quest": as "type" but never an army action while another is legal (the armies stay where they
    start: the game of part 1, the Fellowship against the Hunt)."""
    if policy == "quest":
        acts = [a for a in acts if a["type"] not in ARMY_TYPES] or acts
    if policy != "uniform":
        kind = rnd.choice(sorted({a["type"] for a in acts}))
        acts = [a for a in acts if a["type"] == kind]
    return rnd.choice(acts)
