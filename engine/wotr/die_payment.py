"""Paying for actions with action dice: which held faces pay for each kind of action (the Will of the
West for any, the Army/Muster face for either, the Mouth's Messenger a Muster die for an Army action),
shared by the listings of one decision (`Dice`), and spending the die an action names (`use_die`).
"""
from __future__ import annotations

from functools import lru_cache

from engine.wotr import abilities as ab
from engine.wotr.dice import PAYS, messenger_ready, spend
from engine.wotr.seats import count_act
from engine.wotr.state import CARDS, FP, SH, army_map, log_event


@lru_cache(maxsize=8192)      # the multisets of faces a side may hold: a few thousand
def _paid(held: tuple, messenger: bool) -> tuple[dict[str, list[str]], list[str], dict[str, list[str]]]:
    """{kind of action: the held faces paying for it}, the Mouth's Messenger making a Muster die pay for
    an Army action; the distinct faces held, sorted; and {kind of card: the faces paying for an event card
    of that kind}, filled when first asked. Shared by every decision with these dice: read, never
    changed (but for filling the last)."""
    paid = {kind: [f for f in faces if f in held] for kind, faces in PAYS.items()}
    if messenger:
        paid["army"].append("muster")
    return paid, sorted(set(held)), {}


class Dice:
    """What the die listings of one decision share: the faces paying for each kind of action (a kind no
    die pays for is not looked into at all) and, made once when first asked, the army map."""

    __slots__ = ("s", "side", "seat", "paid", "faces", "_card_faces", "_armies")

    def __init__(self, s: dict, side: str, seat: str | None = None) -> None:
        self.s, self.side, self.seat = s, side, seat       # seat: the player using the die (team games)
        held = s["dice"][side]
        # the Mouth's Messenger, once a turn
        self.paid, self.faces, self._card_faces = _paid(tuple(held), "muster" in held and messenger_ready(s, side))
        self._armies: dict | None = None

    def card_faces(self, card: str) -> list[str]:
        """The held faces that may pay for an event card: Event, Will of the West, or the card's own type
        (made once per type of card and dice held: shared, never changed)."""
        kind = CARDS[card]["played_with"]
        faces = self._card_faces.get(kind)
        if faces is None:
            faces = self._card_faces[kind] = sorted({*self.paid["event"], *self.paid[kind]})
        return faces

    @property
    def armies(self) -> dict:
        if self._armies is None:
            self._armies = army_map(self.s)
        return self._armies


def use_die(s: dict, ev: list, side: str, a: dict) -> None:
    """A die action: spend the die, close this side's decision and give the turn to the other side."""
    die = a["die"]
    spend(s, side, die)
    if die == "muster":
        ab.note_messenger(s, ev, side, a)
    s["ask"].pop()
    s["active"] = SH if side == FP else FP          # other(side), at every die used
    count_act(s, side)
    log_event(s, ev, "die_used", side=side, die=die, action=a["type"], **who(s))


def who(s: dict) -> dict:
    """In a team game, the player acting, for the log ("Rohan uses a Muster die")."""
    return {"seat": s["actor"]} if "actor" in s else {}
