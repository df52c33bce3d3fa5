"""Event cards: the decks, drawing (phase 1 and the Event die), the hand limit, and in a team game the
draw of each player and the one-card exchange between teammates (engine/wotr/seats.py).

Hands are per seat (`seats.hand`); in the 2-player game a seat is a side.
"""
from __future__ import annotations

from engine.wotr.seats import SEAT_SIDE, acting_seat, hand, hand_limit, is_team_game, leader, seats, team
from engine.wotr.state import FP, SH, log_event
from engine.wotr.types import Deck, WotrAction

DECKS: tuple[Deck, Deck] = ("character", "strategy")


def draw(s: dict, ev: list, side: str, deck: str, seat: str | None = None) -> bool:
    """The top card of one of the side's decks to `seat`'s hand (by default the seat acting for `side`)."""
    cards = s["decks"][side][deck]
    if not cards:
        return False
    seat = seat or acting_seat(s, side)
    s["hands"][seat].append(cards[-1])
    s["decks"] = {**s["decks"], side: {**s["decks"][side], deck: cards[:-1]}}   # shared: replaced, not changed
    log_event(s, ev, "card_drawn", side=side, deck=deck, hand=len(s["hands"][seat]),
          **({"seat": seat} if is_team_game(s) else {}))
    return True


def draw_phase(s: dict, ev: list) -> None:
    """Each side draws one Character and one Strategy card; a depleted deck is not reshuffled (p.22). In
    a team, each player draws one card of each deck on turn 1, then one card of the deck they choose
    (`draw_deck`); then each team may exchange a card (`exchange`)."""
    if is_team_game(s):
        _team_draw_phase(s, ev)
        return
    for side in (FP, SH):
        for deck in DECKS:
            draw(s, ev, side, deck)
    for side in (SH, FP):   # the Free Peoples discard first: their decision sits on top of the stack
        check_hand_limit(s, side, side)


def _team_draw_phase(s: dict, ev: list) -> None:
    # The stack's top is decided first: draws, then discards, then the exchanges.
    for side in (SH, FP):
        if len(team(s, side)) == 2:
            s["ask"].append({"kind": "exchange", "side": side, "seat": leader(s, side), "offered": None})
    choosers = []
    for seat in seats(s):
        side = SEAT_SIDE[seat]
        full = [d for d in DECKS if s["decks"][side][d]]
        if s["turn"] == 1 or len(team(s, side)) == 1 or len(full) < 2:
            for deck in DECKS if s["turn"] == 1 or len(team(s, side)) == 1 else full:
                draw(s, ev, side, deck, seat)
        else:
            choosers.append(seat)
    for seat in reversed(choosers):
        s["ask"].append({"kind": "draw_deck", "side": SEAT_SIDE[seat], "seat": seat})
    for seat in reversed(seats(s)):
        check_hand_limit(s, SEAT_SIDE[seat], seat)


def check_hand_limit(s: dict, side: str, seat: str | None = None) -> None:
    seat = seat or acting_seat(s, side)
    if len(s["hands"][seat]) > hand_limit(s, seat) and not any(
            a["kind"] == "discard" and a["side"] == side and a.get("seat", side) == seat for a in s["ask"]):
        s["ask"].append({"kind": "discard", "side": side, **({"seat": seat} if is_team_game(s) else {})})


def discard(s: dict, ev: list, side: str, card: str) -> None:
    """The `discard` decision: one card, until the hand limit holds."""
    seat = acting_seat(s, side)
    throw(s, ev, side, card)
    if len(s["hands"][seat]) <= hand_limit(s, seat):
        s["ask"].pop()


def throw(s: dict, ev: list, side: str, card: str) -> None:
    """A card from the hand (of the seat acting for `side`) to its side's discard pile (public)."""
    hand(s, side).remove(card)
    s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}     # shared: replaced, not changed
    log_event(s, ev, "card_discarded", side=side, card=card)


def draw_choice(s: dict, ev: list, side: str, deck: str) -> None:
    seat = s["ask"].pop()["seat"]
    draw(s, ev, side, deck, seat)
    check_hand_limit(s, side, seat)


def exchange_actions(s: dict, ask: dict) -> list[WotrAction]:
    """The leading player offers one card (or none); the teammate gives one back for it, or declines. The
    offered card is kept in the decision, which the teammate's view does not show (view._decision)."""
    mine = sorted(set(hand(s, ask["seat"])))
    out: list[WotrAction]
    if ask["offered"] is None:
        out = [{"type": "offer_exchange", "card": c} for c in mine]
        return out + [{"type": "no_exchange"}]
    out = [{"type": "accept_exchange", "card": c} for c in mine]
    return out + [{"type": "decline_exchange"}]


def offer(s: dict, ev: list, side: str, card: str) -> None:
    ask = s["ask"][-1]
    mate = next(seat for seat in team(s, side) if seat != ask["seat"])
    ask.update(offered=card, by=ask["seat"], seat=mate)
    log_event(s, ev, "exchange_offered", side=side, seat=ask["by"])


def answer(s: dict, ev: list, side: str, card: str | None) -> None:
    """`card`: the teammate's card given back (the swap is made), None: declined."""
    ask = s["ask"].pop()
    if card is not None:
        s["hands"][ask["by"]].remove(ask["offered"])
        s["hands"][ask["seat"]].remove(card)
        s["hands"][ask["by"]].append(card)
        s["hands"][ask["seat"]].append(ask["offered"])
    log_event(s, ev, "cards_exchanged" if card is not None else "exchange_declined", side=side, seats=[ask["by"], ask["seat"]])


def end_exchange(s: dict, ev: list, side: str) -> None:
    s["ask"].pop()
