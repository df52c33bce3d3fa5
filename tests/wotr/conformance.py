"""War of the Ring's test support for the conformance suite (tests/conformance/): setups to play (2, 3
and 4 players), a random policy, and twin states (the hands a viewer cannot see, every deck's order)."""
from __future__ import annotations

from engine.wotr.seats import SEAT_SIDE, seat_of, seats
from engine.wotr.state import FP, SH, deep_copy

SETUPS: list[tuple[int, dict]] = [(2, {}), (3, {}), (4, {})]
MAX_STEPS = 20_000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    return rnd.choice(legal)


def _kind(card: str) -> str:
    return card.split("_")[1]        # "char" or "str"


def _reshuffle_side(t: dict, side: str, rnd, hidden: list[str]) -> None:
    """Deal the side's unseen cards again: the same number per deck, and per card type in each hidden
    hand."""
    decks = t["decks"][side]
    pool = decks["character"] + decks["strategy"] + [c for seat in hidden for c in t["hands"][seat]]
    rnd.shuffle(pool)
    chars = [c for c in pool if _kind(c) == "char"]
    strats = [c for c in pool if _kind(c) == "str"]
    for seat in hidden:
        t["hands"][seat] = [(chars if _kind(c) == "char" else strats).pop() for c in t["hands"][seat]]
    t["decks"] = {**t["decks"], side: {"character": chars, "strategy": strats}}


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """The same state with every hand the viewer does not hold (a teammate's too) dealt again from the
    cards that viewer has not seen, and every deck in another order. A hand with a card on offer to a
    teammate (or chosen for a battle) stays as it is: that card is named in the decision."""
    own = seat_of(state, viewer) if viewer is not None else None
    pinned = {a.get("by") for a in state["ask"] if a.get("offered")}
    pinned |= {seat for seat in seats(state) for a in state["ask"] if SEAT_SIDE[seat] in (a.get("chosen") or {})}
    t = deep_copy(state)
    for side in (FP, SH):
        hidden = [seat for seat in seats(state) if SEAT_SIDE[seat] == side and seat != own and seat not in pinned]
        _reshuffle_side(t, side, rnd, hidden)
    return t if t != state else None
