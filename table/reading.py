"""Reading a table: its view for a viewer, the legal actions, whom it waits for, its public history,
and a server's tables (sync readers see the tables already in memory: `serve` first in a fresh process)."""
from __future__ import annotations

from engine.kernel import Action, Event, View
from table import bots
from table.errors import TableError
from table.memory import TableMemory, _copy, _opening, _state
from table.models import Table
from table.store import CorruptRecord


class Reading(TableMemory):
    def table(self, channel_id: int) -> Table | None:
        table = self._tables.get(channel_id)
        return None if table is None else _copy(table)

    def tables(self) -> list[Table]:
        """The tables in memory: those used since the start (see `load`)."""
        return [_copy(t) for t in self._tables.values()]

    def view(self, channel_id: int, viewer: str | None) -> View:
        table = self._playing(channel_id)
        return self._rules(table.game).view(_state(table), None if viewer is None else str(viewer))

    def legal_actions(self, channel_id: int, player: str) -> list[Action]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active" or str(player) not in table.players:
            return []
        return self._rules(table.game).legal_actions(_state(table), str(player))

    def is_legal(self, channel_id: int, player: str, action: Action) -> bool:
        """Whether `player` may play `action` now, without listing every legal action."""
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return False
        return self._rules(table.game).is_legal(_state(table), str(player), action)

    def waiting_for(self, channel_id: int) -> list[str]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return []
        return list(self._rules(table.game).waiting_for(_state(table)))

    async def history(self, channel_id: int) -> list[Event]:
        """Every public event of the channel's table: those of the game's opening (derived again from
        players, options and seed) and those stored with each action."""
        table = await self.serve(channel_id)
        if table is None:
            raise TableError("no_table")
        if table.status == "lobby" or table.seed is None:
            return []
        rules = self._rules(table.game)
        opening = rules.view(_opening(rules, table), None)
        records = await self.store.actions(table.id)
        return list(opening.get("log", [])) + [event for record in records for event in record.events]

    async def events_since(self, table: Table, seen: int | None, player: str, window: int = 64) -> list[Event]:
        """The public events a reader has not seen, oldest first: those stored after action `seen` (the
        table's seq when they were last shown it: what their own move caused is news to them too), or,
        when that is not known (after a restart), those after `player`'s own last action. The latest
        `window` actions are read first; the whole log only when needed."""
        first = max(0, table.seq - window)
        records = await self._read(self.store.actions(table.id, max(first, seen or 0)))
        if seen is not None:
            return [event for record in records for event in record.events]
        mine = [i for i, r in enumerate(records) if r.player == player]
        if not mine and first > 0:
            records = await self._read(self.store.actions(table.id))
            mine = [i for i, r in enumerate(records) if r.player == player]
        start = mine[-1] + 1 if mine else 0
        return [event for record in records[start:] for event in record.events]

    async def peek(self, table_id: int) -> Table | None:
        """A started table as stored, its state restored, whichever process serves it: for a reader that
        changes nothing (the web table's pages of another process's table). Not held in memory, nothing
        claimed; None for an unknown, unstarted or broken table. A move stored while it is read makes it
        read again (a few times)."""
        for _ in range(3):
            table = await self._read(self.store.table_by_id(table_id))
            if table is None or table.seed is None or table.status in ("lobby", "broken"):
                return None
            try:
                await self._restore(table)
            except CorruptRecord:  # the log grew between the row and the actions read: read both again
                continue
            return table
        raise TableError("storage_failed")

    async def stored_table(self, table_id: int) -> Table | None:
        """A table as stored, whatever its status (a finished game's, for its rematch); no state."""
        return await self._read(self.store.table_by_id(table_id))

    async def waiting_on_bots(self) -> list[Table]:
        """The active tables this process serves that wait on a bot seat, as stored (no state)."""
        rows = await self._read(self.store.idle_tables(self.clock()))
        return [t for t in rows if self.serves(t.guild_id) and any(bots.is_bot(p) for p in t.waiting or [])]

    async def guild_tables(self, guild_id: int) -> list[Table]:
        """The server's lobbies, running and broken tables as stored (no state), last action first."""
        return [t for t in await self._read(self.store.guild_tables(guild_id)) if self.serves(t.guild_id)]

    async def guild_history(self, guild_id: int) -> list[Table]:
        """Every game the server started, as stored (no state), oldest first: table/stats.py counts them."""
        return await self._read(self.store.guild_history(guild_id))
