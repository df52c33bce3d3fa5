"""The action core: what every front-end does to a table, in one place. Discord's routing
(bot/routing.py) and the web table call it; each change is stored by the service, then announced on the
bus (table/bus.py), where each front-end's delivery shows it.

- `take`: a player's action, chosen on the table's version `version` (its decision id: a stale choice,
  a double click or a replayed request is refused with nothing changed), then the follow-up picks of a
  multi-select while the game still offers them;
- take-back requests and votes (stored with the table: table/play.py), rematch (table/rematch.py),
  claims of a timeout;
- the bot seats: once a change waits on a bot, one runner per table lets the bots play, each move
  announced like a person's. A runner that fails is started again after a pause (at most
  `BOT_RETRIES` times in a row); `resume_bots`, run at start and by every reminder pass, wakes any table
  left waiting on a bot, so no table waits on a dead runner.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from engine import IllegalAction
from engine.kernel import Action
from table import bots
from table.bus import Bus, Change, Kind
from table.errors import TableError
from table.models import Table
from table.play import UndoOutcome
from table.rematch import RematchOutcome, rematch
from table.service import TableService

log = logging.getLogger(__name__)

BOT_RETRIES = 5         # a bot runner that fails is started again this many times in a row at most
BOT_RETRY_PAUSE = 2.0   # seconds before the first retry, doubled at each


class ActionCore:
    def __init__(self, service: TableService, *, bot_pause: float = bots.PAUSE,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep):
        self.service = service
        self.bus = Bus()
        self.bot_pause = bot_pause
        self.sleep = sleep  # tests inject one that does not wait
        self._runs: dict[int, asyncio.Task] = {}  # table id -> the runner letting its bots play
        self._again: set[int] = set()  # tables woken while their runner was finishing
        self._failures: dict[int, int] = {}  # table id -> runner failures in a row
        self.closed = False

    # ------------------------------------------------------------------ actions

    async def take(self, channel_id: int, player: str, action: Action, version: int | None, *,
                   then: list[Action] | None = None, origin: Any = None) -> Change:
        """`action` by `player` on the table's version `version`, then each of `then` while the game
        still offers it; the change is announced and returned. TableError or IllegalAction (nothing
        changed) when the first is refused; a refused follow-up stops there, what was taken stands."""
        started = time.perf_counter()
        new, events = await self.service.act(channel_id, player, action, version)
        taken = [action]
        for following in then or []:
            if new.status != "active" or not self.service.is_legal(channel_id, player, following):
                break
            try:
                new, more = await self.service.act(channel_id, player, following, new.decision_id)
            except (TableError, IllegalAction):  # what was taken stands; the player sees where it stopped
                break
            taken.append(following)
            events = [*events, *more]
        change = Change(new, events, actor=player, previous_decision=version, actions=taken, origin=origin,
                        seconds=time.perf_counter() - started)
        await self.announce(change)
        return change

    async def ask_undo(self, channel_id: int, player: str, seq: int, *, origin: Any = None) -> UndoOutcome:
        outcome = await self.service.ask_undo(channel_id, player, seq)
        await self._after_undo(outcome, player, origin)
        return outcome

    async def vote_undo(self, channel_id: int, voter: str, asker: str, seq: int, accept: bool, *,
                        origin: Any = None) -> UndoOutcome:
        outcome = await self.service.vote_undo(channel_id, voter, asker, seq, accept)
        await self._after_undo(outcome, voter, origin)
        return outcome

    async def _after_undo(self, outcome: UndoOutcome, actor: str, origin: Any) -> None:
        # Taken back: the game waits again for whoever it waited for before the move; their old controls
        # may have been answered, so each gets them anew (no previous decision). A request asked, counted
        # or refused changes no board: it is announced for what shows requests (the web's pages, and
        # Discord's channel when it was asked, or decided, elsewhere); its actor: who asked or voted.
        if outcome.status == "taken_back":
            await self.announce(Change(outcome.table, outcome.events, kind="undo", origin=origin))
        elif outcome.status != "repeated":
            await self.announce(Change(outcome.table, kind="request", actor=actor, origin=origin))

    async def rematch(self, table_id: int, player: str, channel_id: int | None, *,
                      seeds: Callable[[], int] | None = None,
                      header: Callable[[RematchOutcome], str] = lambda outcome: "",
                      origin: Any = None) -> RematchOutcome:
        """`player` asks for the rematch of a finished table (table/rematch.py); the lobby's change, or
        the game's start, is announced with `header(outcome)`."""
        outcome = await rematch(self.service, table_id, player, channel_id, seeds=seeds)
        if outcome.status != "waiting":
            await self.announce(Change(outcome.table, header=header(outcome), origin=origin,
                                       kind="start" if outcome.started else "lobby"))
        return outcome

    async def claim_timeout(self, channel_id: int, player: str, header: str = "", *, origin: Any = None) -> Table:
        ended = await self.service.claim_timeout(channel_id, player)
        await self.announce(Change(ended, actor=player, header=header, kind="claim", origin=origin))
        return ended

    async def abandon(self, channel_id: int, by: str, *, manage_channel: bool = False, origin: Any = None) -> Table:
        """A vote to end the channel's table, or a moderator's end (TableService.abandon); announced once
        the table ended."""
        table = await self.service.abandon(channel_id, by, manage_channel=manage_channel)
        if not table.live:
            await self.announce(Change(table, actor=by, kind="end", origin=origin))
        return table

    async def clear(self, guild_id: int, table_id: int, by: str, *, origin: Any = None) -> Table:
        """A moderator ends a table of their server from anywhere (TableService.clear); announced."""
        table = await self.service.clear(guild_id, table_id, by)
        await self.announce(Change(table, actor=by, kind="end", origin=origin))
        return table

    async def changed(self, table: Table, *, header: str = "", kind: Kind = "lobby", actor: str | None = None,
                      origin: Any = None) -> None:
        """Announce a change made through the service directly (the lobby, a game's start)."""
        await self.announce(Change(table, actor=actor, header=header, kind=kind, origin=origin))

    async def announce(self, change: Change) -> None:
        """Show the change on every front-end, then let the bots play if the game now waits on one."""
        await self.bus.announce(change)
        table = change.table
        if table.status == "active" and any(bots.is_bot(p) for p in table.waiting or []):
            self.wake_bots(table)

    # ------------------------------------------------------------------ bot seats

    def wake_bots(self, table: Table) -> None:
        """Let the table's bots play, if one is waited on; one runner per table."""
        if self.closed:
            return
        run = self._runs.get(table.id)
        if run is not None and not run.done():
            self._again.add(table.id)  # the runner looks once more before it stops
            return
        task = asyncio.create_task(self._run(table.channel_id, table.id), name=f"lotr-bots-{table.id}")
        self._runs[table.id] = task
        task.add_done_callback(lambda done: self._ended(done, table))

    async def _run(self, channel_id: int, table_id: int) -> None:
        async def show(new: Table, events: list[dict], decision: int | None, player: str, action: Action) -> None:
            await self.bus.announce(Change(new, events, actor=player, previous_decision=decision, actions=[action]))

        while True:
            self._again.discard(table_id)
            await bots.play_bots(self.service, channel_id, pause=self.bot_pause, sleep=self.sleep, after=show)
            self._failures.pop(table_id, None)
            if table_id not in self._again:
                return

    def _ended(self, task: asyncio.Task, table: Table) -> None:
        """A runner ended: a failed or killed one is started again after a pause, a few times in a row."""
        if self._runs.get(table.id) is task:
            del self._runs[table.id]
        if self.closed or (not task.cancelled() and task.exception() is None):
            return
        failures = self._failures[table.id] = self._failures.get(table.id, 0) + 1
        log.error("the bots of table %s stopped (%s in a row)", table.id, failures,
                  exc_info=None if task.cancelled() else task.exception())
        if failures <= BOT_RETRIES:
            pause = BOT_RETRY_PAUSE * 2 ** (failures - 1)
            asyncio.get_running_loop().create_task(self._retry(pause, table), name=f"lotr-bots-retry-{table.id}")

    async def _retry(self, pause: float, table: Table) -> None:
        await self.sleep(pause)
        self.wake_bots(table)

    async def resume_bots(self) -> None:
        """The tables this process serves that wait on a bot and have no runner carry on (at start,
        and at every reminder pass)."""
        for table in await self.service.waiting_on_bots():
            run = self._runs.get(table.id)
            if run is None or run.done():
                self._failures.pop(table.id, None)
                self.wake_bots(table)

    async def close(self) -> None:
        """Stop the bot runners (the service stays open: its owner closes it)."""
        self.closed = True
        runs = [task for task in self._runs.values() if not task.done()]
        for task in runs:
            task.cancel()
        await asyncio.gather(*runs, return_exceptions=True)
