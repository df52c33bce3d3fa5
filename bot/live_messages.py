"""What this process remembers of the messages that show each table: the table's live board in its
channel and each player's live DM, with the locks and counters that keep their updates in order.

Memory only: after a restart a player's next DM is a new one, and the live board is read back from the
store (bot/store.py), where bot/delivery.py saves it too.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

Seat = tuple[int, str]  # (table id, player)


@dataclass
class LiveDM:
    """A player's live DM for one table: the message showing their board now, edited in place while
    they have nothing to do; a new one comes when they must act."""

    channel_id: int
    message_id: int
    view: str  # digest of the view the message shows (its text and board are drawn from it)
    attached: str | None  # digest of the board attached to the message (None: it has none)
    seen: str | None  # digest of the last board this player got by DM (an unchanged one is not sent again)
    controls: bool = True  # it carries controls (stale once the game no longer waits for this player)
    # An interaction of the player's that may edit the message for 15 minutes, outside the global limit:
    # the message is its own (`original`: the one they clicked) or one of its followups. None: a plain DM.
    editor: discord.Interaction | None = None
    original: bool = False


class LiveMessages:
    def __init__(self) -> None:
        self.dms: dict[Seat, LiveDM] = {}
        self._dm_locks: dict[Seat, asyncio.Lock] = {}  # one new DM of a player at a time
        # Seat -> whether its live DM must be refreshed again once the refresh under way ends: refreshes
        # asked for meanwhile become one, drawn from the latest view.
        self._refreshing: dict[Seat, bool] = {}
        # Table id -> (the channel message showing the table now, the players it pinged): the live board,
        # edited in place while nobody new must be pinged; what this process read or wrote last.
        self.boards: dict[int, tuple[int, frozenset[str]]] = {}
        self.pictures: dict[int, str | None] = {}  # table id -> digest of the picture on its live board
        self._publishing: dict[int, asyncio.Lock] = {}  # one public post of a table at a time
        self._public_turn: dict[int, int] = {}  # table id -> how many boards were asked for

    # ------------------------------------------------------------------ players' DMs

    def dm_lock(self, seat: Seat) -> asyncio.Lock:
        return self._dm_locks.setdefault(seat, asyncio.Lock())

    def has_controls(self, seat: Seat) -> bool:
        """Whether the player's live DM carries controls (which go stale when the game moves on)."""
        live = self.dms.get(seat)
        return live is not None and live.controls

    def forget_dms(self, table_id: int, players: list[str]) -> None:
        """The game is over: its DMs are not edited any more."""
        for player in players:
            self.dms.pop((table_id, player), None)
            self._dm_locks.pop((table_id, player), None)

    async def refresh(self, seat: Seat, run: Callable[[], Awaitable[None]]) -> None:
        """`run()` (a refresh of the seat's DM) now; asked again while it runs, it runs once more after
        it, not once per ask."""
        if seat in self._refreshing:
            self._refreshing[seat] = True
            return
        self._refreshing[seat] = False
        try:
            while True:
                await run()
                if not self._refreshing[seat]:
                    return
                self._refreshing[seat] = False
        finally:
            del self._refreshing[seat]

    def refresh_asked(self, seat: Seat) -> bool:
        """Whether a newer refresh of the seat's DM was asked for while one runs."""
        return self._refreshing.get(seat, False)

    # ------------------------------------------------------------------ the public board

    def ask_public(self, table_id: int) -> int:
        """Count one more board of the table asked for; its turn number (see `superseded`)."""
        turn = self._public_turn[table_id] = self._public_turn.get(table_id, 0) + 1
        return turn

    def superseded(self, table_id: int, turn: int) -> bool:
        """Whether a newer board of the table was asked for since `turn`: that one replaces it."""
        return self._public_turn[table_id] != turn

    def publishing(self, table_id: int) -> asyncio.Lock:
        return self._publishing.setdefault(table_id, asyncio.Lock())
