"""Which regions a War of the Ring view's picture should show: those its pending decision is about and
those the last move touched. Presentation only: read from the view's decision (and, for the decider, its
offered actions) and its log; nothing here knows a rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.wotr import load

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

# Decision and action fields that name regions (the engine's own field names; docs/wotr.md).
REGION_KEYS = ("at", "from", "to", "region", "first", "reach", "arrived", "moved")


def _regions_in(value, out: set[str]) -> None:
    regions = load().regions
    if isinstance(value, str):
        if value in regions:
            out.add(value)
    elif isinstance(value, (list | tuple, dict)):
        for v in value:
            _regions_in(v, out)


def focus_regions(view: WotrView) -> set[str]:
    """The regions the view's pending decision is about: those it names and, in the decider's view, those
    its actions offer. Empty when nothing is pending or the decision names no region."""
    out: set[str] = set()
    d: Any = view.get("decision") if isinstance(view, dict) else None  # any value: read outside a section
    if not isinstance(d, dict):
        return out
    for key in REGION_KEYS:
        _regions_in(d.get(key), out)
    for action in d.get("actions") or []:
        if isinstance(action, dict):
            for key in REGION_KEYS:
                _regions_in(action.get(key), out)
    return out


def last_move_regions(view: WotrView) -> set[str]:
    """The regions named by the log since the last action die was used (that die's action)."""
    out: set[str] = set()
    log: Any = view.get("log") if isinstance(view, dict) else None
    for event in reversed(log or []):
        if not isinstance(event, dict):
            continue
        for key in REGION_KEYS:
            _regions_in(event.get(key), out)
        if event.get("type") == "die_used":
            break
    return out
