"""The reminder pass: lobbies nobody started in time close, idle tables' players are pinged, and timeouts
are offered to the others (the decisions are table/timers.py's; this part stores the marks)."""
from __future__ import annotations

import asyncio
from dataclasses import replace

from table import timers
from table.errors import TableError
from table.memory import _copy
from table.models import Due, Table
from table.settings import Settings

# The shortest reminder period a guild may set: a table idle for less needs no look.
MIN_REMINDER_SECONDS = 60


class Reminders(Settings):
    async def due_reminders(self, now: float | None = None) -> Due:
        """Who to ping and which timeouts passed; each is reported once (the marks are stored). The
        candidates come from the store, so a table nobody used since the start is reminded too."""
        now = self.clock() if now is None else now
        due = Due()
        # Lobbies nobody started in time close, found in the store: loaded this run or not.
        if self.lobby_timeout is not None:
            for row in await self._read(self.store.expired_lobbies(now - self.lobby_timeout)):
                ended = await self._expire_lobby(row)
                if ended is not None:
                    due.ended.append(ended)
        rows = await self._read(self.store.idle_tables(now - MIN_REMINDER_SECONDS))
        # Concurrently: the marks of all due tables share a few grouped commits.
        for reminder, timeout, ended in await asyncio.gather(*(self._due(row, now) for row in rows)):
            if reminder:
                due.reminders.append(reminder)
            if timeout:
                due.timeouts.append(timeout)
            if ended:
                due.ended.append(ended)
        return due

    async def _expire_lobby(self, row: Table) -> Table | None:
        """Close the stored lobby `row` if it is still the channel's lobby; None if it is not, or if
        the channel is served elsewhere or the store failed (the next round tries again)."""
        if not self.serves(row.guild_id):
            return None
        async with self._lock(row.channel_id):
            try:
                current = await self._load(row.channel_id)
                if current is None or current.id != row.id or current.status != "lobby":
                    return None
                return await self._save(replace(current, status="abandoned", reason="lobby_expired"))
            except TableError:
                return None

    async def _due(self, row: Table, now: float):
        """(reminder, timeout, table ended) for one stored table, each None when not due."""
        if not self.serves(row.guild_id):
            return None, None, None
        async with self._lock(row.channel_id):
            try:
                if await self._claim(row.channel_id):  # just taken over: read the row again
                    row = await self._read(self.store.table_by_id(row.id))
            except TableError:
                return None, None, None  # served elsewhere now, or the store is unreachable: next round
            if row is None or row.status != "active":
                return None, None, None
            loaded = self._tables.get(row.channel_id)
            table = loaded if loaded is not None and loaded.id == row.id else row
            if table.waiting is None:  # stored before whom a table waits for was kept: restore it
                restored = await self._load(row.channel_id)
                if restored is None or restored.id != row.id:
                    return None, None, None
                table = loaded = restored
            settings = await self.guild_settings(table.guild_id)
            reminder, timeout, marked = timers.scan(table, settings, list(table.waiting or []), now)
            if marked is None:
                return None, None, None
            if timeout and not timeout.claimants:
                # Everyone is awaited (a simultaneous choice) and nobody chose: nobody can claim, so
                # the game ends rather than hold the channel for ever.
                ended = replace(marked, status="abandoned", reason="timeout_all")
                await self._write(self.store.save_table(ended))
                if loaded is table:
                    self._put(ended)
                return None, None, _copy(ended)
            await self._write(self.store.save_table(marked))
            if loaded is table:
                self._put(marked)
            return reminder, timeout, None
