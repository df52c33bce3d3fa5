"""Event cards in part 1: the decks, drawing (phase 1 and the Event die) and the hand limit.

Playing an event card (its event or combat half) comes with part 3; until then no play is offered.
"""
from __future__ import annotations

from engine.wotr.state import FP, HAND_LIMIT, SH, _emit


def draw(s: dict, ev: list, side: str, deck: str) -> bool:
    cards = s["decks"][side][deck]
    if not cards:
        return False
    s["hands"][side].append(cards[-1])
    s["decks"] = {**s["decks"], side: {**s["decks"][side], deck: cards[:-1]}}   # shared: replaced, not changed
    _emit(s, ev, "card_drawn", side=side, deck=deck, hand=len(s["hands"][side]))
    return True


def draw_phase(s: dict, ev: list) -> None:
    """Each side draws one Character and one Strategy card; a depleted deck is not reshuffled (p.22)."""
    for side in (FP, SH):
        for deck in ("character", "strategy"):
            draw(s, ev, side, deck)
    for side in (SH, FP):   # the Free Peoples discard first: their decision sits on top of the stack
        check_hand_limit(s, side)


def check_hand_limit(s: dict, side: str) -> None:
    if len(s["hands"][side]) > HAND_LIMIT and not any(
            a["kind"] == "discard" and a["side"] == side for a in s["ask"]):
        s["ask"].append({"kind": "discard", "side": side})


def discard(s: dict, ev: list, side: str, card: str) -> None:
    """The `discard` decision: one card, until the hand limit holds."""
    throw(s, ev, side, card)
    if len(s["hands"][side]) <= HAND_LIMIT:
        s["ask"].pop()


def throw(s: dict, ev: list, side: str, card: str) -> None:
    """A card from the hand to its side's discard pile (public)."""
    s["hands"][side].remove(card)
    s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}     # shared: replaced, not changed
    _emit(s, ev, "card_discarded", side=side, card=card)
