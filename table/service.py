"""The table service: one live table per channel, its lobby, seats, actions, timers and persistence.

It holds no game rule: whatever is legal, whom the game waits for and who won come from the engine
(the game's declaration, games/). Every change is committed to the store before a method returns, and memory
is only updated once the write succeeded, so an acknowledged move is never lost and a failed write
changes nothing. See docs/platform.md.

This is the front: each job is a part of its own, joined here.

| part | module | what it does |
|---|---|---|
| `TableMemory` | table/memory.py | tables in memory, restore from the store, leases, repair, shared helpers |
| `Reading` | table/reading.py | views, legal actions, whom a table waits for, history, a server's tables |
| `Lobby` | table/lobby.py | create, join, leave, bring, kick, start |
| `Play` | table/play.py | act, take back (requests, votes, undo), abandon, timeout claims, clear |
| `Reminders` | table/reminders.py | the reminder and timeout pass, lobby expiry |
| `Settings` | table/settings.py | a server's settings |
"""
from __future__ import annotations

from table.lobby import Lobby
from table.memory import INLINE_STEP_SECONDS
from table.play import Play, voters
from table.reading import Reading
from table.reminders import Reminders


class TableService(Lobby, Play, Reminders, Reading):
    """Every part of the service on one object: what bot/, the console and the web hold."""


__all__ = ["INLINE_STEP_SECONDS", "TableService", "voters"]
