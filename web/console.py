"""The web table beside lotr-console (`lotr-console --web`): the game in the terminal can be watched in a
browser at the address it prints. The console waits on the keyboard in its own thread, so the web table runs
an event loop of its own in another thread, with a table service of its own on the console's database that
serves no table: it reads the console's as another process's (web/elsewhere.py, nothing claimed), and the
console tells it of each change (`changed`), which its open pages then fetch."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from bot.drawing import Boards
from table.core import ActionCore
from table.models import Table
from table.service import TableService
from table.store import open_store
from web.app import WebTable


class WebThread:
    def __init__(self, db: str | Path, names: Callable[[list[str]], Mapping[str, str]], *,
                 host: str = "127.0.0.1", port: int = 8765):
        self.db, self.names, self.host, self.port = db, names, host, port
        self.base = ""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._web: WebTable | None = None
        self._thread = threading.Thread(target=self._run, name="lotr-console-web", daemon=True)

    def start(self) -> str:
        """Listen (OSError when the port is taken); the address pages start with."""
        self._thread.start()
        if not self._ready.wait(timeout=60):
            raise OSError("the web table did not start within a minute")
        if self._failed is not None:
            raise self._failed
        return self.base

    def changed(self, table: Table) -> None:
        """The console's table changed: its open pages learn the new version."""
        if self._web is not None:
            self._loop.call_soon_threadsafe(self._web.pushes.hint, table)

    def stop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            service = self._loop.run_until_complete(TableService.open(open_store(self.db), serves=lambda guild: False))
        except BaseException as exc:  # noqa: BLE001 - told to the console's thread, which says it
            self._failed = exc
            self._ready.set()
            return
        core, boards = ActionCore(service), Boards(processes=0)
        web = WebTable(core, boards, names=self.names)
        try:
            self.port = self._loop.run_until_complete(web.start(self.host, self.port))
            self.base, self._web = web.base, web
        except OSError as exc:
            self._failed = exc
        self._ready.set()
        if self._failed is None:
            self._loop.run_forever()
        self._loop.run_until_complete(web.close())
        boards.close()
        self._loop.run_until_complete(core.close())
        self._loop.run_until_complete(service.close())
        self._loop.close()
