"""The card catalogue as the engine reads it: one plain dict per card id, built from cards/lcg.py.

The engine only needs a handful of printed fields (type, sphere, cost, stats, traits, keywords), so
it flattens the typed models once into dicts that are fast to read in the hot paths (stats, legality).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cards.lcg import Card

SPHERES = ("leadership", "tactics", "spirit", "lore")
FIELDS = ("willpower", "attack", "defense", "hit_points", "threat", "engagement", "quest_points", "victory")


def _kw(keywords: Iterable[str] | None) -> dict:
    """Keywords as {name: value}: {"ranged": 1, "doomed": 2, "surge": 1, "restricted": 1}."""
    out = {}
    for k in keywords or ():
        m = re.fullmatch(r"([a-z_]+?)_(\d+)", k)
        if m:
            out[m.group(1)] = int(m.group(2))
        else:
            out[k] = 1
    return out


@cache
def catalogue() -> dict[str, dict]:
    from cards.lcg import load_cards

    return {cid: _flatten(c) for cid, c in load_cards().items()}


def _flatten(card: Card) -> dict:
    return {
        "id": card.id,
        "type": card.type,
        "sphere": card.sphere,
        "cost": card.cost if isinstance(card.cost, int) else None,
        "x_cost": card.cost == "X",
        "unique": card.unique,
        "traits": [t.lower() for t in card.traits.en],
        "keywords": _kw(card.keywords),
        "attach_to": card.attach_to,
        "willpower": card.willpower,
        "attack": card.attack,
        "defense": card.defense,
        "hit_points": card.hit_points,
        "threat": card.threat_cost if card.type == "hero" else card.threat,
        "engagement": card.engagement_cost,
        "quest_points": card.quest_points,
        "victory": card.victory_points,
        "stage": card.stage,
    }


# Cards the game makes up rather than prints (a face-down player card acting as an enemy): registered by
# the effects module that uses them, with the same fields as a printed card.
MADE_UP: dict[str, dict] = {}


def made_up_card(cid: str, **fields: Any) -> None:
    base = {f: None for f in FIELDS}
    MADE_UP[cid] = {**base, "id": cid, "sphere": None, "cost": None, "x_cost": False, "unique": False,
                    "traits": [], "keywords": {}, "attach_to": None, "stage": None, **fields}


def card(cid: str) -> dict:
    try:
        return catalogue()[cid]
    except KeyError:
        return MADE_UP[cid]
