"""The change bus: every change a table goes through is announced here once it is stored, and the
front-ends (Discord's delivery, bot/delivery.py; the web table) subscribe to show it.

In process: subscribers are awaited one after the other, in the order they subscribed, so what a
front-end sends for one change is sent before the next change is announced. A subscriber that fails
is logged and the others still run: the change is stored whatever a front-end could show of it.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.kernel import Action, Event
from table.models import Table

log = logging.getLogger(__name__)

# What happened: "move" (a player's or a bot's action), "undo" (actions taken back), "start" (a game
# began), "lobby" (a lobby's seats or options), "claim" (a game ended by a timeout claim), "end" (a
# table abandoned or cleared), "request" (a take-back request asked, voted on or refused: the table's
# `undo_request`, its actor who asked or voted). The first three change the players' boards and controls.
Kind = Literal["move", "undo", "start", "lobby", "claim", "end", "request"]


@dataclass
class Change:
    table: Table                       # the table after the change (its seq and decision_id: the new version)
    events: list[Event] = field(default_factory=list)   # the public events the change made
    actor: str | None = None           # who made it (a player, a bot seat), None for the platform
    previous_decision: int | None = None   # the decision it answered; None when it is not an answer
    actions: list[Action] = field(default_factory=list)  # the actions taken, in order
    header: str = ""                   # a line for the public board, in the table's language
    kind: Kind = "move"
    origin: Any = None                 # the front-end's own context of the change (a Discord click), opaque here
    seconds: float | None = None       # a player's action: how long checking and storing it took (/metrics)


Subscriber = Callable[[Change], Awaitable[None]]


class Bus:
    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call `subscriber` with every change from now on; returns what unsubscribes it."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber) if subscriber in self._subscribers else None

    async def announce(self, change: Change) -> None:
        for subscriber in list(self._subscribers):
            try:
                await subscriber(change)
            except Exception:
                log.exception("showing change %s of table %s failed", change.table.seq, change.table.id)
