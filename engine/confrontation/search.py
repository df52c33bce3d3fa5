"""The rules as a search plays them: one copy per playout, then actions applied in place.

`RULES.apply` copies the state and checks the action against the legal list on every call, which a
playout that only ever picks from that list does not need. Here a playout copies the state once
(without its log, which the rules never read), lists the actions of the side to play, and applies the
chosen one in place with the same handlers. Shuffles are left out: a search player never shuffles.
tests/ai/test_search_rules.py plays thousands of random games through both paths and compares every
action list and every result.
"""
from __future__ import annotations

import contextlib

from . import actions, specials, turns
from .action_types import ConfrontationAction
from .state import clone


def start(state: dict) -> dict:
    """A private copy to play on, with an empty log (events are still appended, then dropped)."""
    s = clone(dict(state, log=[]))
    return s


def legal(s: dict, side: str) -> list[ConfrontationAction]:
    """The actions of `side` at the decision now, with the Palantir Sauron may play at any moment of his
    turn, shuffles left out (as `RULES.legal_actions`)."""
    if s["phase"] != "play":
        raise ValueError("search plays from a position in play")
    return actions.legal(s, side) + specials.palantir(s, side)


def step(s: dict, side: str, action: dict) -> None:
    """Apply a legal action of `side` to `s` in place (no copy, no check)."""
    if action.get("card") == "palantir":  # outside the decisions: the decision stays as it was
        specials.play(s, side, action)
        return
    with contextlib.suppress(turns.GameOver):
        actions.HANDLERS[s["decision"]["kind"]](s, side, action)


def to_play(s: dict) -> list[str]:
    """The sides the game waits for (both at a secret choice of combat cards)."""
    return s["decision"]["sides"]
