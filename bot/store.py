"""The bot's own records, in tables of its own in the tables' database (table/schema.py, migrations 4
and 6): which channel message shows each table's board (so a restart edits the same one), and who
follows a table by DM (bot/spectators.py). Discord's ids stay out of the table service; a store failure
is TableError("storage_failed"), as the service's are."""
from __future__ import annotations

import json
import logging
from typing import Any

from table.errors import TableError
from table.store import Store

log = logging.getLogger(__name__)


class OwnRecords:
    """A front-end's own records in the tables' database, read and written through `Store.fetch/execute`;
    a failure is logged and raised as TableError("storage_failed"). `what` names them in the log."""

    what = "the bot's records"

    def __init__(self, store: Store):
        self._store = store

    async def _fetch(self, sql: str, *params: Any) -> list[tuple]:
        try:
            return await self._store.fetch(sql, *params)
        except Exception as exc:
            log.exception("reading %s failed", self.what)
            raise TableError("storage_failed") from exc

    async def _execute(self, sql: str, *params: Any) -> None:
        try:
            await self._store.execute(sql, *params)
        except Exception as exc:
            log.exception("writing %s failed", self.what)
            raise TableError("storage_failed") from exc


class BotStore(OwnRecords):

    async def live_board(self, table_id: int) -> tuple[int, list[str]] | None:
        """The table's live channel message (its id, the players it pinged), as last saved."""
        rows = await self._fetch("SELECT message_id, waiting FROM live_boards WHERE table_id = ?", table_id)
        return (rows[0][0], json.loads(rows[0][1])) if rows else None

    async def save_live_board(self, table_id: int, message_id: int, waiting: list[str]) -> None:
        await self._execute("INSERT INTO live_boards (table_id, message_id, waiting) VALUES (?, ?, ?)"
                            " ON CONFLICT (table_id) DO UPDATE SET message_id = excluded.message_id,"
                            " waiting = excluded.waiting", table_id, message_id, json.dumps(sorted(waiting), separators=(",", ":")))

    async def followers(self, table_id: int) -> list[str]:
        rows = await self._fetch("SELECT user_id FROM followers WHERE table_id = ? ORDER BY user_id", table_id)
        return [row[0] for row in rows]

    async def set_follower(self, table_id: int, user_id: str, follows: bool) -> None:
        if follows:
            await self._execute("INSERT INTO followers (table_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                table_id, user_id)
        else:
            await self._execute("DELETE FROM followers WHERE table_id = ? AND user_id = ?", table_id, user_id)

    async def forget_followers(self, table_id: int) -> None:
        """Nobody follows the table any more (it ended)."""
        await self._execute("DELETE FROM followers WHERE table_id = ?", table_id)
