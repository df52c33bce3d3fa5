"""Tables another process serves (several processes on PostgreSQL, docs/deploy.md): this process's web table
shows them too, read from the store without serving them (`TableService.peek`: nothing claimed, nothing
changed), each kept while its stored row is unchanged. Their changes reach this process's pages through the
database (web/notices.py)."""
from __future__ import annotations

from collections import OrderedDict

from engine.kernel import Action, View
from table.errors import TableError
from table.models import Table
from table.service import TableService

KEPT = 256  # tables kept restored (the least recently read forgotten first)


class Elsewhere:
    def __init__(self, service: TableService):
        self.service = service
        self._ids: set[int] = set()  # tables found served by another process
        self._kept: OrderedDict[int, Table] = OrderedDict()

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._ids

    def add(self, table_id: int) -> None:
        self._ids.add(table_id)

    async def table(self, table_id: int) -> Table | None:
        """The table as stored now (restored when started), None if there is none."""
        row = await self.service.stored_table(table_id)
        if row is None or row.seed is None or row.status == "broken":  # a lobby, a broken table: no state
            return row
        kept = self._kept.pop(table_id, None)
        if kept is None or _mark(kept) != _mark(row):
            kept = await self.service.peek(table_id)
            if kept is None:
                return None
        self._kept[table_id] = kept
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return kept

    def view(self, table: Table, viewer: str | None) -> View:
        if table.state is None:  # a lobby or a broken table: web/app.py shows none
            raise TableError("not_started")
        return self.service.rules_for(table.game).view(table.state, viewer)

    def legal_actions(self, table: Table, player: str) -> list[Action]:
        """What `player` may do now, from the stored state (the seat's controls; the serving process
        checks again when one is clicked)."""
        if table.state is None or table.status != "active" or player not in table.players:
            return []
        return self.service.rules_for(table.game).legal_actions(table.state, player)


def _mark(table: Table) -> tuple:
    return table.seq, table.status, table.updated_at, tuple(table.players)
