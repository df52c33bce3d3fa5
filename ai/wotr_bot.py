"""War of the Ring's computer player, the game's declared bot (games/wotr.py): `decide(level, view,
legal, seed)`.

Its only inputs are the seat's view (`RULES.view(state, player)`), the actions that seat is offered and
the decision's seed (table/bots.py: a one-way hash of the table's seed, the step and the seat). Levels:
easy and normal are the rules of thumb of ai/wotr_heuristic.py; hard will be the search over sampled
hidden states (ai/wotr_search.py, another branch) and until it lands plays as normal.
"""
from __future__ import annotations

import random

from ai import wotr_heuristic

LEVELS = ("easy", "normal", "hard")


def _easy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    return wotr_heuristic.choose(view, legal, rng, "easy")


def _normal(view: dict, legal: list[dict], rng: random.Random) -> dict:
    return wotr_heuristic.choose(view, legal, rng, "normal")


# hard: plays as normal until the search (ai/wotr_search.py) is merged; then this one line changes.
PLAYERS = {"easy": _easy, "normal": _normal, "hard": _normal}


def decide(level: str, view: dict, legal: list[dict], seed: int) -> dict:
    """The action of a `level` player at this seat (one of `legal`)."""
    if level not in PLAYERS:
        raise ValueError(f"unknown War of the Ring bot level {level!r}")
    if len(legal) == 1:
        return legal[0]
    return PLAYERS[level](view, legal, random.Random(seed))
