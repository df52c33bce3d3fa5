"""Hints between processes (several processes sharing PostgreSQL, docs/deploy.md): every change a process
announces is sent as a PostgreSQL notification on `CHANNEL` ("<table id> <version>", after the change is
stored), and every process listens, so a page open on any process hears of a change made on any other and
fetches its part again (read from the store there: web/elsewhere.py). A notification carries what a push
does: public data only. The same connections carry the clicks forwarded to the process serving a table and
their answers (web/forward.py), on channels of their own.

Each process holds two connections of its own for this (one sends, one listens); a lost one is opened
again, and the hints missed meanwhile are caught up by the pages' own reconnections (a page is told the
version when it connects).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import asyncpg

from table.bus import Change
from web.pages import version

log = logging.getLogger(__name__)

CHANNEL = "lotr_web"
PAYLOAD_LIMIT = 7999  # bytes: PostgreSQL refuses a longer notification
RETRY = 2.0  # seconds before a lost connection is opened again
FAILURES = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)


class Notices:
    def __init__(self, url: str, heard: Callable[[int, str], None]):
        self.url = url
        self.heard = heard  # (table id, version): a change another process (or this one) announced
        self.listening = asyncio.Event()  # set while the listening connection is in place
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()  # (channel, payload)
        self._channels: dict[str, Callable[[str], None]] = {CHANNEL: self._hint}  # channel -> what hears it
        self._tasks: list[asyncio.Task] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._send(), name="lotr-background-web-notify"),
                       asyncio.create_task(self._listen(), name="lotr-background-web-listen")]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def hear(self, channel: str, heard: Callable[[str], None]) -> None:
        """Listen on `channel` too (before `start`): `heard` gets each payload sent there."""
        self._channels[channel] = heard

    def send(self, channel: str, payload: str) -> None:
        """`payload` (at most PAYLOAD_LIMIT bytes) sent to every process listening on `channel`, by the
        sender's task, in the order sent."""
        self._outbox.put_nowait((channel, payload))

    async def on_change(self, change: Change) -> None:
        """The bus's change, sent by the sender's task: the bus never waits on the database for it."""
        self.send(CHANNEL, f"{change.table.id} {version(change.table)}")

    async def _send(self) -> None:
        connection: asyncpg.Connection | None = None
        try:
            while True:
                channel, payload = await self._outbox.get()
                try:
                    connection = connection or await asyncpg.connect(self.url)
                    await connection.execute("SELECT pg_notify($1, $2)", channel, payload)
                except FAILURES:
                    log.warning("could not tell the other processes on %s: %.60s", channel, payload, exc_info=True)
                    await _closed(connection)
                    connection = None
        finally:
            await _closed(connection)

    async def _listen(self) -> None:
        while True:
            connection = None
            try:
                connection = await asyncpg.connect(self.url)
                lost = asyncio.Event()
                connection.add_termination_listener(lambda _, lost=lost: lost.set())
                for channel in self._channels:
                    await connection.add_listener(channel, self._heard)
                self.listening.set()
                await lost.wait()
            except FAILURES:
                log.warning("listening to the other processes' changes failed", exc_info=True)
            finally:
                self.listening.clear()
                await _closed(connection)
            await asyncio.sleep(RETRY)

    def _heard(self, connection: object, pid: int, channel: str, payload: str) -> None:
        self._channels[channel](payload)

    def _hint(self, payload: str) -> None:
        table_id, _, latest = payload.partition(" ")
        if table_id.isdecimal() and latest:
            self.heard(int(table_id), latest)


async def _closed(connection: asyncpg.Connection | None) -> None:
    if connection is not None:
        with contextlib.suppress(*FAILURES):
            await connection.close()
