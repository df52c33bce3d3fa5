"""What the table service needs to know about a game beyond the kernel protocol: how many seats it
has, and the id of the decision a state waits on. No rule lives here."""
from __future__ import annotations

from typing import Any

# (min, max) players, from the design card. A rules object may override with min_players/max_players.
SEATS: dict[str, tuple[int, int]] = {
    "confrontation": (2, 2),
    "fellowship": (3, 4),
    "lcg": (1, 4),
    "wotr": (2, 4),
}


def seats(game: str, rules: Any) -> tuple[int, int]:
    low, high = SEATS.get(game, (1, 8))
    return getattr(rules, "min_players", low), getattr(rules, "max_players", high)


def decision_id(rules: Any, state: dict, seq: int) -> int:
    """The id of the decision `state` waits on, compared with the id carried by a button.

    A game may expose `decision_id(state)`; otherwise the public view's "decision"."id" is used
    (docs/confrontation.md); a game with neither falls back to the number of actions applied.
    """
    hook = getattr(rules, "decision_id", None)
    if callable(hook):
        return hook(state)
    decision = rules.view(state, None).get("decision")
    if isinstance(decision, dict) and isinstance(decision.get("id"), int):
        return decision["id"]
    return seq
