"""War of the Ring's computer player, the game's declared bot (games/wotr.py): `decide(level, view,
legal, seed)`.

Its only inputs are the seat's view (`RULES.view(state, player)`), the actions that seat is offered and
the decision's seed (table/bots.py: a one-way hash of the table's seed, the step and the seat). Levels:
easy and normal are the rules of thumb of ai/wotr_heuristic.py; hard is the search over sampled
hidden states (ai/wotr_search.py), capped in CPU seconds per decision.
"""
from __future__ import annotations

import random
from typing import Any

from ai import wotr_heuristic, wotr_search

LEVELS = ("easy", "normal", "hard")


def _easy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    return wotr_heuristic.choose(view, legal, rng, "easy")


def _normal(view: dict, legal: list[dict], rng: random.Random) -> dict:
    return wotr_heuristic.choose(view, legal, rng, "normal")


PLAYERS = {"easy": _easy, "normal": _normal}

# The hard level's effort per decision: CPU seconds (docs/ai.md: p95 under 3 s), or, when HARD_SAMPLES is
# set, that many rounds whatever the machine (the same choice on every run: tests set it).
HARD_BUDGET_S: float | None = wotr_search.BUDGET_S
HARD_FP_BUDGET_S: float | None = wotr_search.FP_BUDGET_S    # as the Free Peoples: fewer, deeper searches
HARD_SAMPLES: int | None = None


def decide(level: str, view: dict, legal: list[Any], seed: int) -> dict:
    """The action of a `level` player at this seat (one of `legal`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown War of the Ring bot level {level!r}")
    if len(legal) == 1:
        return legal[0]
    if level == "hard":   # the search draws its own samples from the seed
        return wotr_search.choose(view, legal, seed, HARD_BUDGET_S, HARD_SAMPLES, fp_budget_s=HARD_FP_BUDGET_S)
    return PLAYERS[level](view, legal, random.Random(seed))
