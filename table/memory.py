"""The tables in memory: each channel's live table read from the store on first use and restored
(latest snapshot, then the later actions replayed), leases between processes, repair of a broken table,
and the helpers every part of the service shares (the channel locks, store reads and writes, engine
steps off the loop). The other parts (lobby.py, play.py, timers.py, settings.py, reading.py) build on
it; table/service.py joins them. See docs/platform.md.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Self

import games
from engine.kernel import AnyRules, State
from table import undo
from table.errors import TableError
from table.models import GuildSettings, Table
from table.store import UNREADABLE, CorruptRecord, NotOwner, Store

log = logging.getLogger("table.service")

RulesFor = Callable[[str], AnyRules]
Serves = Callable[[int | None], bool]  # does this process serve the guild (None: a DM)? See docs/deploy.md

# An engine step that recently cost less CPU than this runs on the event loop (see TableMemory._engine).
INLINE_STEP_SECONDS = 0.001


def _copy(table: Table) -> Table:
    """What callers get: a copy, so nothing they do can alter the service's memory. (Field by field:
    dataclasses.replace costs several times more, and this runs a few times per action.)"""
    out = object.__new__(Table)
    out.__dict__.update(table.__dict__)
    out.players, out.options, out.abandon_votes = list(table.players), dict(table.options), list(table.abandon_votes)
    out.waiting = None if table.waiting is None else list(table.waiting)
    request = table.undo_request
    out.undo_request = None if request is None else {**request, "votes": list(request["votes"])}
    return out


class TableMemory:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 rules_for: RulesFor = games.rules, snapshot_every: int = 20,
                 serves: Serves = lambda guild_id: True, lobby_timeout: float | None = None):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        self.clock = clock
        self.rules_for = rules_for
        self.snapshot_every = snapshot_every
        self.lobby_timeout = lobby_timeout  # seconds a lobby may wait to start (None: for ever)
        self.serves = serves  # with several processes, the guilds of this one's shards
        # Tables are read from the store on first use, not at start: start-up does not grow with the
        # number of stored games. By channel: its live table, or the last one that ended this run.
        self._tables: dict[int, Table] = {}
        self._ids: dict[int, int] = {}  # table id -> channel, for the tables in memory
        self._empty: set[int] = set()  # channels the store has no live table for
        self._locks: dict[int, asyncio.Lock] = {}
        self._guilds: dict[int, GuildSettings] = {}
        self._step_cost: dict[str, float] = {}  # game -> CPU seconds of its recent engine steps
        # table id -> {player: seq of their latest action}, for the actions since the last one that showed
        # something hidden (those that may be taken back: table/undo.py)
        self._quiet: dict[int, dict[str, int]] = {}

    @classmethod
    async def open(cls, store: Store, **kwargs) -> Self:
        """Migrate the store; no table is read until its channel is used (see `serve`)."""
        service = cls(store, **kwargs)
        await store.open()
        return service

    async def serve(self, channel_id: int) -> Table | None:
        """The channel's table, read and restored from the store if this process has not used it yet
        (or just took it over from another one); raises TableError("elsewhere") while another process
        serves it. After it (or any other async call on the channel) the sync readers see the table."""
        async with self._lock(channel_id):
            table = await self._load(channel_id)
        return None if table is None else _copy(table)

    async def table_by_id(self, table_id: int) -> Table | None:
        """A live table (or one that ended this run) by id, as a button carries it; None otherwise."""
        channel = self._ids.get(table_id)
        if channel is None:
            row = await self._read(self.store.table_by_id(table_id))
            if row is None:
                return None
            channel = row.channel_id
            await self.serve(channel)
        table = self._tables.get(channel)
        return _copy(table) if table is not None and table.id == table_id else None

    async def _claim(self, channel_id: int) -> bool:
        """Make this process the channel's only server (stores shared by several processes, see
        docs/deploy.md); if it just took the channel over, forget what it knew of it, since another
        process may have played there meanwhile. True then. A single-process store returns False."""
        try:
            fresh = await self.store.claim(channel_id)
        except NotOwner as exc:
            raise TableError("elsewhere") from exc
        except Exception as exc:
            log.exception("claiming channel %s failed", channel_id)
            raise TableError("storage_failed") from exc
        if fresh:
            self._forget(channel_id)
        return fresh

    async def _load(self, channel_id: int, *, creating: bool = False) -> Table | None:
        """`serve` under the channel's lock, before anything else is done there. A table that cannot be
        restored (unreadable or tampered data, or an engine that fails on it) is stored as broken: the
        channel is free again, and `python -m table.repair` replays it once the cause is fixed."""
        fresh = await self._claim(channel_id)
        if channel_id in self._tables:
            return self._tables[channel_id]
        if channel_id in self._empty:
            return None
        try:
            table = await self._read(self.store.live_table(channel_id))
        except TableError:
            if fresh:  # let the lease go, so that the next request reads the table again
                with contextlib.suppress(Exception):
                    await self.store.release(channel_id)
            raise
        if table is None or not self.serves(table.guild_id):
            if fresh and not creating:
                # Nothing to serve, or a table of another process's guild (a click routed to the wrong
                # process): let the channel go at once rather than keep it from its process.
                await self._write(self.store.release(channel_id))
            if table is not None:
                raise TableError("elsewhere")
            self._empty.add(channel_id)
            return None
        if table.status == "active":
            try:
                await self._restore(table)
            except TableError:
                raise
            except Exception as exc:  # noqa: BLE001 - whatever the cause, this table stops, not the others
                table.status, table.reason, table.state = "broken", _reason(exc), None
        if table.status == "broken":  # restore failed, or the store could not read the row
            log.warning("table %s in channel %s is broken: %s", table.id, table.channel_id, table.reason)
            await self._write(self.store.mark_broken(table.id, table.reason or "", self.clock()))
        self._put(table)
        return table

    async def _restore(self, table: Table) -> None:
        """Latest snapshot, then the later actions replayed through the engine."""
        rules = self._stored_rules(table)
        snapshot = await self._read(self.store.latest_snapshot(table.id))
        if snapshot is None:
            seq, state = 0, _opening(rules, table)
        else:
            seq, state = snapshot[0], rules.load(snapshot[1])
        seq, state = await self._replay(table, rules, seq, state)
        if seq != table.seq:
            raise CorruptRecord(f"the log holds {seq} actions, the table row says {table.seq}")
        self._set_state(table, rules, seq, state)

    def _stored_rules(self, table: Table) -> AnyRules:
        try:
            return self.rules_for(table.game)
        except KeyError as exc:
            raise CorruptRecord(f"unknown game {table.game!r}") from exc

    async def _replay(self, table: Table, rules: AnyRules, seq: int, state: State) -> tuple[int, State]:
        """`state` after `seq` actions, with every later stored action applied. An undo among them
        (its snapshot missing) sends the replay back to the opening, where the undos are folded in."""
        records = await self._read(self.store.actions(table.id, seq))
        if any(map(undo.is_undo, records)):
            records = await self._read(self.store.actions(table.id))
            state, seq = _opening(rules, table), 0
        for record in records:
            if record.seq != seq + 1:
                raise CorruptRecord(f"action {seq + 1} is missing")
            seq = record.seq
        for record in undo.in_force(records):
            state, _ = rules.apply(state, record.player, record.action)
        return seq, state

    @staticmethod
    def _set_state(table: Table, rules: AnyRules, seq: int, state: State) -> None:
        table.seq, table.state = seq, state
        table.decision_id = games.decision_id(rules, state, seq)
        table.waiting = list(rules.waiting_for(state))

    async def repair(self, table_id: int) -> Table:
        """Bring a broken table back once the cause is fixed: its game is replayed from the options,
        the seed and the whole log (no snapshot is trusted); if every action replays, it is stored
        "active" (or "over") with a fresh snapshot, replacing the old ones. Raises TableError
        (`no_table`, `not_broken`, `already_active` when its channel hosts another game), or what
        the replay raises (the table then stays broken)."""
        row = await self._read(self.store.table_by_id(table_id))
        if row is None:
            raise TableError("no_table")
        if row.status != "broken" or row.reason and row.reason.startswith(UNREADABLE):
            raise TableError("not_broken" if row.status != "broken" else "broken", reason=row.reason or "")
        async with self._lock(row.channel_id):
            current = await self._load(row.channel_id)
            if current is not None and current.live:
                raise TableError("already_active", game=current.game)
            rules = self._stored_rules(row)
            state = _opening(rules, row)
            seq, state = await self._replay(row, rules, 0, state)
            result = rules.result(state)
            repaired = replace(row, status="active" if result is None else "over", reason=None,
                               result=result, updated_at=self.clock())
            self._set_state(repaired, rules, seq, state)
            await self._store(self.store.save_table(repaired, snapshot=(seq, rules.dump(state))), repaired)
            return _copy(repaired)

    def _forget(self, channel_id: int) -> None:
        table = self._tables.pop(channel_id, None)
        if table is not None:
            self._ids.pop(table.id, None)
        self._empty.discard(channel_id)

    def _put(self, table: Table) -> None:
        """Hold `table` as its channel's table in memory."""
        old = self._tables.get(table.channel_id)
        if old is not None and old.id != table.id:
            self._ids.pop(old.id, None)
        self._tables[table.channel_id] = table
        self._ids[table.id] = table.channel_id
        self._empty.discard(table.channel_id)

    async def close(self) -> None:
        await self.store.close()

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def _rules(self, game: str) -> AnyRules:
        try:
            return self.rules_for(game)
        except (KeyError, NotImplementedError) as exc:
            raise TableError("unknown_game", game=game) from exc

    async def _engine(self, game: str, step: Callable, *args):
        """`step(*args)` on the event loop when this game's steps are cheap, else in a worker thread
        (a long step must not hold the other tables). Handing a step to a thread costs the loop more
        CPU than a cheap step itself, and a pure-Python step holds the GIL in the thread anyway, so
        the thread only pays for steps that take long. The cost of the last steps is what decides."""
        cost = self._step_cost.get(game)
        if cost is not None and cost < INLINE_STEP_SECONDS:
            out, spent = _timed(step, *args)
        else:
            out, spent = await asyncio.to_thread(_timed, step, *args)
        # A costly step counts at once; the cost then fades back, so one slow step is not final.
        self._step_cost[game] = max(spent, 0.8 * (cost or 0.0))
        return out

    async def _write(self, write: Awaitable):
        """Run a store write; any failure becomes storage_failed (the caller has changed nothing yet)."""
        try:
            return await write
        except NotOwner as exc:  # another process took the channel over: nothing was written
            raise TableError("elsewhere") from exc
        except Exception as exc:
            log.exception("store write failed")
            raise TableError("storage_failed") from exc

    async def _store(self, write: Awaitable, table: Table) -> None:
        """Write, then hold `table` in memory, even if the caller is cancelled while the commit runs (a
        timeout): the store is never one action ahead of memory. The stores' writes are futures, so
        shielding one starts no task."""
        future = asyncio.ensure_future(write)
        future.add_done_callback(lambda done: None if done.cancelled() or done.exception() else self._put(table))
        await self._write(asyncio.shield(future))

    @staticmethod
    async def _read(read: Awaitable):
        """Run a store read; a database failure becomes storage_failed, bad data (CorruptRecord) passes."""
        try:
            return await read
        except CorruptRecord:
            raise
        except Exception as exc:
            log.exception("store read failed")
            raise TableError("storage_failed") from exc

    @staticmethod
    def _live(table: Table | None) -> Table:
        if table is None or not table.live:
            raise TableError("no_table")
        return table

    def _playing(self, channel_id: int) -> Table:
        """The channel's table if it has a game state to act on or look at."""
        table = self._tables.get(channel_id)
        if table is None or (table.status == "abandoned" and table.state is None):
            raise TableError("no_table")
        if table.status == "broken":
            raise TableError("broken", reason=table.reason or "")
        if table.status == "lobby":
            raise TableError("not_started")
        return table

    def _active(self, channel_id: int) -> Table:
        table = self._playing(channel_id)
        if table.status != "active":
            raise TableError("game_over")
        return table

    async def _load_active(self, channel_id: int) -> Table:
        await self._load(channel_id)
        return self._active(channel_id)

    async def _save(self, table: Table, snapshot=None) -> Table:
        table.updated_at = self.clock()
        await self._store(self.store.save_table(table, snapshot=snapshot), table)
        return _copy(table)


def _opening(rules: AnyRules, table: Table) -> State:
    """The state a started table's game opened with, dealt again from its players, options and seed."""
    if table.seed is None:
        raise CorruptRecord(f"table {table.id} started without a seed")
    return rules.new_game(list(table.players), dict(table.options), table.seed)


def _state(table: Table) -> State:
    """The engine state of a table in play or over (a lobby has none, nor a table that could not be restored)."""
    if table.state is None:
        raise TableError("not_started" if table.status == "lobby" else "no_table")
    return table.state


def _timed(fn: Callable, *args) -> tuple[Any, float]:
    """fn(*args) and the CPU seconds it took in this thread (time spent waiting for the GIL excluded)."""
    start = time.thread_time()
    out = fn(*args)
    return out, time.thread_time() - start


def _reason(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
