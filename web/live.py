"""Live pages: each open page holds a WebSocket on which the server pushes only "table T is at version V"
hints; the page then fetches its own part again (web/static/live.js). A hint is public (web/pages.py's
`version`), the same for every page of a table, so a push can tell no secret; what a page shows comes from
its own fetch, made from its viewer's view.

The bus's subscriber (`on_change`) only records the new version and wakes each page's sender: it never waits
on a page, so a slow browser holds back neither the bus nor Discord's delivery. A page woken twice before its
sender runs gets the latest version once.
"""
from __future__ import annotations

import asyncio
import contextlib
import json

from aiohttp import WSCloseCode, web

from table.bus import Change
from table.models import Table
from web.pages import version

HEARTBEAT = 25.0  # seconds between pings, so proxies keep an idle page's connection open


class _Page:
    """One open page: the latest version to tell it, and what wakes its sender."""

    def __init__(self, table_id: int, current: str):
        self.table_id = table_id
        self.latest = current
        self.ready = asyncio.Event()
        self.ready.set()  # its first message: the version now (a page reconnecting after a restart catches up)

    def tell(self, latest: str) -> None:
        if latest != self.latest:  # the same version twice (from this process and back from the database)
            self.latest = latest
            self.ready.set()


class Pushes:
    def __init__(self) -> None:
        self._pages: dict[int, set[_Page]] = {}  # table id -> its open pages
        self._sockets: set[web.WebSocketResponse] = set()

    def open_pages(self) -> int:
        return sum(len(pages) for pages in self._pages.values())

    async def on_change(self, change: Change) -> None:
        """The bus's change: every open page of its table learns the new version."""
        self.hint(change.table)

    def hint(self, table: Table) -> None:
        self.tell(table.id, version(table))

    def tell(self, table_id: int, latest: str) -> None:
        """Every open page of the table learns its version (a change here, or in another process)."""
        for page in self._pages.get(table_id, ()):
            page.tell(latest)

    async def serve(self, request: web.Request, table: Table) -> web.WebSocketResponse:
        """Hold one page's connection until it closes."""
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=1024)
        await socket.prepare(request)
        page = _Page(table.id, version(table))
        self._pages.setdefault(table.id, set()).add(page)
        self._sockets.add(socket)
        sender = asyncio.create_task(self._send(socket, page), name=f"lotr-web-push-{table.id}")
        try:
            async for _ in socket:  # a page sends nothing; reading notices when it goes
                pass
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            self._sockets.discard(socket)
            pages = self._pages.get(table.id, set())
            pages.discard(page)
            if not pages:
                self._pages.pop(table.id, None)
        return socket

    @staticmethod
    async def _send(socket: web.WebSocketResponse, page: _Page) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the page went meanwhile
            while not socket.closed:
                await page.ready.wait()
                page.ready.clear()
                await socket.send_str(json.dumps({"table": page.table_id, "version": page.latest}))

    async def close(self, app: web.Application | None = None) -> None:
        """Tell every open page the server is going (they reconnect to the next one)."""
        for socket in list(self._sockets):
            await socket.close(code=WSCloseCode.GOING_AWAY)
