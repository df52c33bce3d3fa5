"""What a player can tell from its view: how far each region is from a side's goal, and how strong an
enemy piece may be."""
from __future__ import annotations

from typing import cast

from engine.confrontation.board import ENEMY, FORWARD, HOME, REGIONS, SIDES
from engine.confrontation.state import CARD_VALUE, FULL_HAND, STRENGTH, TILES
from engine.graph import steps_from

# Keyed by the two side names; views carry them as plain strings.
_VALUES = cast("dict[str, dict[str, int]]", CARD_VALUE)
_HANDS = cast("dict[str, list[str]]", FULL_HAND)


def _distances(side: str) -> dict[str, int]:
    """Forward steps from each region to the enemy's home."""
    goal = HOME[ENEMY[side]]
    back: dict[str, list[str]] = {r: [] for r in REGIONS}
    for r in REGIONS:
        for d in FORWARD[side][r]:
            back[d].append(r)
    return steps_from(goal, back)


TO_GOAL = {side: _distances(side) for side in SIDES}


def enemy_pool(view: dict) -> list[str]:
    """The characters the viewer's enemy may have on its unknown pieces (both faces of an unseen tile
    in a hidden draft)."""
    foe = ENEMY[view["you"]]
    taken = [p["character"] for p in view["pieces"] if p["side"] == foe and p["character"]]
    taken += view["defeated"][foe]
    mode = view["options"]["mode"]
    if mode == "hidden_draft":
        return [c for pair in TILES[foe].values() if not any(t in pair for t in taken) for c in pair]
    if mode == "draft":
        full = list(view["draft"][foe])
    else:
        face = 0 if mode == "classic" else 1
        full = [pair[face] for pair in TILES[foe].values()]
    return [c for c in full if c not in taken]


def strength(view: dict, piece: dict, pool: list[str]) -> float:
    """A piece's printed strength, or the mean over what it may be when the viewer does not know it."""
    if piece["character"]:
        return STRENGTH[piece["character"]]
    return sum(STRENGTH[c] for c in pool) / len(pool) if pool else 0.0


def card_value(side: str, card: str) -> int:
    return _VALUES[side][card] or 0


def enemy_card_mean(view: dict) -> float:
    """The mean value of the cards the enemy may still play (text cards count 0)."""
    foe = ENEMY[view["you"]]
    left = [c for c in _HANDS[foe] if c not in view["discards"][foe]]
    return sum(card_value(foe, c) for c in left) / len(left) if left else 0.0
