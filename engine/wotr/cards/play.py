"""Playing the event half of an event card (p.22-23): with an Event die (or a Will of the West), or
with a die of the type the card names (`played_with`: character, army or muster); the card's
preconditions are checked by its `options`, its effect applied, then the card is discarded unless it
stays on the table (effects.put_on_table).

The cards are in cards/free_peoples.py and cards/shadow.py (what they share: cards/effects.py). A card not in
IMPLEMENTED is never offered, and playing it is refused as `card_not_implemented` (docs/wotr.md lists
every card's status). Combat halves are cards/combat.py.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import cast

from engine.wotr.armies import check_stacking
from engine.wotr.cards.effects import CARD_DECISIONS, CardDecision, EventCard, leave_table
from engine.wotr.cards.free_peoples import FP_CARDS, FP_DECISIONS
from engine.wotr.cards.shadow import SHADOW_CARDS, SHADOW_DECISIONS, after_event_die
from engine.wotr.seats import hand
from engine.wotr.state import CARDS, FP, SH, SIDES, log_event
from engine.wotr.types import EventPlay

IMPLEMENTED: dict[str, EventCard] = {**FP_CARDS, **SHADOW_CARDS}
assert set(IMPLEMENTED) <= set(CARDS)
assert all(CARDS[c]["side"] == FP for c in FP_CARDS) and all(CARDS[c]["side"] == SH for c in SHADOW_CARDS)
DECISIONS: dict[str, CardDecision] = {**CARD_DECISIONS, **SHADOW_DECISIONS, **FP_DECISIONS}
# The action types of the cards' decisions, each played by its decision's handler.
DECISION_OF = {type_: kind for kind, d in DECISIONS.items() for type_ in d.handlers}


def plays(s: dict, side: str, payable: Callable[[str], object] | None = None) -> list[EventPlay]:
    """Every play of an implemented event card in the side's hand now (without the die); `payable`: only
    of the cards it says yes to (the dice held can pay for them: the others' options are not worked out)."""
    out: list[EventPlay] = []
    for card in sorted(set(hand(s, side))):
        impl = IMPLEMENTED.get(card)
        if impl is not None and (payable is None or payable(card)):
            choices = impl.options(s, side)
            if choices:                 # (most cards in hand cannot be played: no list made for them)
                # each card's choices: held to EventPlay by the run-time test only (types.py)
                out += cast("list[EventPlay]", [{"card": card, **choice} for choice in choices])
    return out


def after_move(s: dict, ev: list, ask: dict) -> None:
    """A closed decision that a card opened (`card` in it): the card's "then" (EventCard.after)."""
    then = IMPLEMENTED[ask["card"]].after if "card" in ask else None
    if then is not None:
        then(s, ev)


def play(s: dict, ev: list, side: str, card: str, choice: dict, die: str | None = None) -> None:
    """The card leaves the hand, its effect is applied, then it goes to its side's discard pile unless
    its effect put it on the table."""
    hand(s, side).remove(card)
    log_event(s, ev, "event_played", side=side, card=card, **choice)
    if die == "event":
        after_event_die(s, side, card)
    units = s["units"]
    IMPLEMENTED[card].resolve(s, ev, side, choice)
    # A card's recruits and moves obey the stacking limit like any others. The units map is replaced,
    # never changed in place (state.SHARED), so a card that left it as it was put no army over the limit
    # (no side is over it when it plays: tests/wotr/test_playout.py) and the count is not made again.
    if s["units"] is not units:
        check_stacking(s, side)
    if card not in s["table"][side]:
        s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}     # shared: replaced, not changed


def decide(s: dict, ev: list, side: str, action: dict) -> None:
    """An action of a card's own decision (the top of the stack)."""
    ask = s["ask"][-1]
    DECISIONS[ask["kind"]].handlers[action["type"]](s, ev, ask, action)


def follow_up(s: dict, ev: list) -> None:
    """The top of the stack is a card's `then`: the decision it waited for is closed, the card goes on."""
    entry = s["ask"].pop()
    then = IMPLEMENTED[entry["card"]].then
    assert then is not None
    then(s, ev, entry)


def prune_table(s: dict, ev: list) -> None:
    """A card kept on the table while a condition holds leaves it once the condition fails (the
    Palantír and Wormtongue without Saruman, Denethor's Folly once Minas Tirith is no longer besieged)."""
    for side in SIDES:
        for card in [c for c in s["table"][side] if c in _STAYS_WHILE]:    # a copy: leaving changes the table
            if not _STAYS_WHILE[card](s):
                leave_table(s, ev, side, card)


_STAYS_WHILE = {card: impl.stays_while for card, impl in IMPLEMENTED.items() if impl.stays_while is not None}
