"""The store on PostgreSQL (asyncpg), for deployments where several bot processes share the tables.

Same interface, same schema versions and same behaviour as `SqliteStore` (table/store.py); the schema is
written in PostgreSQL's dialect. On top of it, a lease per channel makes each table belong to exactly one
process at a time (docs/deploy.md):

- `claim(channel)` takes the channel's lease, or renews it, or raises `NotOwner` while another process
  holds an unexpired one. Leases of this process are renewed in the background, so a channel stays with
  the process that took it until that process closes (its leases are released) or dies (they expire).
- Only channels with a live table are renewed: a channel whose game ended is let go by running out.
- Every write of a table checks and renews its lease inside the same transaction, so a process that lost
  its lease (it stalled past the expiry and another one took over) can never commit on that table: the
  lease row is locked by the write, and a takeover waits for it and then sees the renewed expiry.
- Expiry uses the database's clock only, so the processes' clocks do not matter.

Writes are grouped by the writer SqliteStore uses (table/batch.py): everything queued runs in one
transaction on one connection (each write one statement, a savepoint around each only if one was
refused) and the callers are answered after its COMMIT, so one WAL flush serves every action that arrived meanwhile. The
lease renewal is queued the same way: one process's transactions never wait on each other's locks.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import asyncpg

from table.batch import BatchWriter, Finish, Outcome, Refused, runs
from table.models import LIVE, ActionRecord, GuildSettings, Table
from table.schema import POSTGRES, migrations
from table.store import (
    _TABLE_COLUMNS,
    NotOwner,
    Snapshot,
    Store,
    _action_records,
    _game_setting_rows,
    _game_settings,
    _json,
    _table_from_row,
    _table_values,
)

# The same schema versions as SqliteStore's, in PostgreSQL's words (table/schema.py), plus the leases, which
# only matter here.
MIGRATIONS: list[list[str]] = migrations(POSTGRES)
MIGRATIONS[0] += [
    # Which process serves a channel, until when (see the module docstring).
    """CREATE TABLE leases (
            channel_id BIGINT PRIMARY KEY,
            owner TEXT NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL
        )""",
    "CREATE INDEX leases_by_owner ON leases(owner)",
]

log = logging.getLogger(__name__)

class Write(NamedTuple):
    """One queued write: `connection.<method>(sql, *args)`."""

    method: str  # "fetchrow" (exactly one row back: runs of them are sent at once), "fetch" or "execute"
    sql: str
    args: tuple


def _kind(write: Write) -> str | None:
    """Writes of one "fetchrow" statement are sent at once (pipelined); anything else alone."""
    return write.sql if write.method == "fetchrow" else None


async def _run(con: asyncpg.Connection, write: Write) -> Any:
    return await getattr(con, write.method)(write.sql, *write.args)


def _one_row(table: Table) -> Callable[[asyncpg.Record], None]:
    """The check of a fenced write to the table's row: the row was there."""
    def check(row: asyncpg.Record) -> None:
        if row[1] != 1:
            raise LookupError(f"table {table.id} is not stored")
    return check


_MIGRATION_LOCK = 0x4C4F5452  # an advisory lock id: processes opening at once migrate one at a time


def _expiry(param: str) -> str:
    """SQL for "lease seconds (the parameter) from now", on the database's clock."""
    return f"clock_timestamp() + make_interval(secs => {param})"


# The fenced writes (see PgStore._write): $1 channel, $2 lease seconds, $3 owner, then the table row's
# values ($4.., in _TABLE_COLUMNS order), its id, and what the write adds. An INSERT ... SELECT does not
# take its parameters' types from the columns, hence the casts.
_TYPES = {
    "channel_id": "bigint", "guild_id": "bigint", "seed": "bigint", "seq": "integer",
    "created_at": "float8", "updated_at": "float8", "last_action_at": "float8", "last_reminder_at": "float8",
    "timeout_notified": "integer", "undone": "integer",
}
_FENCE = (f"fence AS (UPDATE leases SET expires_at = {_expiry('$2')} WHERE channel_id = $1 AND owner = $3"
          " AND expires_at > clock_timestamp() RETURNING 1)")
_ROW = len(_TABLE_COLUMNS)
_ID = f"${4 + _ROW}"  # the table's id, after its row
_SET_ROW = ("row AS (UPDATE tables SET " + ", ".join(f"{c} = ${4 + i}" for i, c in enumerate(_TABLE_COLUMNS))
            + f" WHERE id = {_ID} AND EXISTS (SELECT 1 FROM fence) RETURNING 1)")
_DONE = "SELECT (SELECT count(*) FROM fence), (SELECT count(*) FROM row)"
_ACTION = (f"act AS (INSERT INTO actions (table_id, seq, player, action, decision_id, events, at)"
           f" SELECT ${5 + _ROW}::bigint, ${6 + _ROW}::integer, ${7 + _ROW}::text, ${8 + _ROW}::text,"
           f" ${9 + _ROW}::bigint, ${10 + _ROW}::text, ${11 + _ROW}::float8 FROM fence)")


def _snapshot_sql(first: int) -> str:
    """The new snapshot, and the table's older ones deleted: the latest only is kept."""
    return (f"snap AS (INSERT INTO snapshots (table_id, seq, state) SELECT {_ID}::bigint, ${first}::integer,"
            f" ${first + 1}::text FROM fence ON CONFLICT (table_id, seq) DO UPDATE SET state = EXCLUDED.state),"
            f" old AS (DELETE FROM snapshots WHERE table_id = {_ID}::bigint AND seq <> ${first}::integer"
            " AND EXISTS (SELECT 1 FROM fence))")


_INSERT_TABLE = (
    f"WITH {_FENCE}, row AS (INSERT INTO tables ({', '.join(_TABLE_COLUMNS)}) SELECT "
    + ", ".join(f"${4 + i}::{_TYPES.get(c, 'text')}" for i, c in enumerate(_TABLE_COLUMNS))
    + " FROM fence RETURNING id) SELECT (SELECT count(*) FROM fence), (SELECT id FROM row)")
_SAVE_TABLE = f"WITH {_FENCE}, {_SET_ROW} {_DONE}"
_SAVE_TABLE_SNAPSHOT = f"WITH {_FENCE}, {_SET_ROW}, {_snapshot_sql(5 + _ROW)} {_DONE}"
_APPEND = f"WITH {_FENCE}, {_ACTION}, {_SET_ROW} {_DONE}"
_APPEND_SNAPSHOT = f"WITH {_FENCE}, {_ACTION}, {_SET_ROW}, {_snapshot_sql(12 + _ROW)} {_DONE}"


def _numbered(sql: str) -> str:
    """`?` placeholders (as SQLite writes them) as PostgreSQL's $1, $2..."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))


class PgStore(Store):
    """PostgreSQL through an asyncpg pool: transactions of different tables run side by side."""

    def __init__(self, url: str, *, owner: str | None = None, lease_seconds: float = 30.0,
                 pool_size: int = 10):
        self.url = url
        # Unique per store object: a restarted process never mistakes its predecessor's leases for its own.
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._held: dict[int, float] = {}  # channel -> time.monotonic() before which our lease surely holds
        self._renewer: asyncio.Task | None = None
        self._writer: BatchWriter[Write] = BatchWriter(self._transaction)

    async def open(self) -> None:
        if self._pool is not None:
            return
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
        try:
            await self._migrate()
        except BaseException:
            await self._pool.close()
            self._pool = None
            raise
        self._renewer = asyncio.create_task(self._renewal_loop(), name="lotr-background-lease-renewer")

    async def close(self) -> None:
        if self._pool is None:
            return
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
            self._renewer = None
        await self._writer.drain()  # the writes asked for are kept
        pool, self._pool = self._pool, None
        try:  # hand the channels over at once rather than at expiry
            await pool.execute("DELETE FROM leases WHERE owner = $1", self.owner)
        finally:
            self._held.clear()
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    async def _migrate(self) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            for number, statements in enumerate(MIGRATIONS, start=1):
                if version >= number:
                    continue
                for sql in statements:
                    await con.execute(sql)
                await con.execute("DELETE FROM schema_version")
                await con.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    async def schema_version(self) -> int:
        return await self.pool.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")

    # ------------------------------------------------------------------ leases

    async def claim(self, channel_id: int) -> bool:
        if self._held.get(channel_id, 0.0) - time.monotonic() > self.lease_seconds / 2:
            return False  # held, and far from expiry: no round trip
        was_held = self._held.get(channel_id, 0.0) > time.monotonic()
        asked = time.monotonic()
        got = await self.pool.fetchval(
            f"INSERT INTO leases (channel_id, owner, expires_at) VALUES ($1, $2, {_expiry('$3')})"
            " ON CONFLICT (channel_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at"
            " WHERE leases.owner = EXCLUDED.owner OR leases.expires_at < clock_timestamp()"
            " RETURNING channel_id", channel_id, self.owner, self.lease_seconds)
        if got is None:
            self._held.pop(channel_id, None)
            raise NotOwner(channel_id)
        self._held[channel_id] = asked + self.lease_seconds
        return not was_held

    async def release(self, channel_id: int) -> None:
        self._held.pop(channel_id, None)
        await self.pool.execute("DELETE FROM leases WHERE channel_id = $1 AND owner = $2", channel_id, self.owner)

    def held(self) -> list[int]:
        """The channels this store knows it holds."""
        now = time.monotonic()
        return sorted(c for c, until in self._held.items() if until > now)

    async def renew_leases(self) -> None:
        """Renew in one statement our leases of channels with a live table, and forget the others: those
        we lost, and those with nothing to serve (they run out; the next use claims them again)."""
        asked = time.monotonic()
        rows = await self._grouped(Write(
            "fetch", f"UPDATE leases SET expires_at = {_expiry('$2')}"
            " WHERE owner = $1 AND expires_at > clock_timestamp() AND channel_id IN"
            " (SELECT channel_id FROM tables WHERE status = ANY($3::text[])) RETURNING channel_id",
            (self.owner, self.lease_seconds, list(LIVE))))
        kept = {row[0] for row in rows}
        self._held = {c: asked + self.lease_seconds for c in self._held if c in kept}

    async def _renewal_loop(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew_leases()
            except (OSError, asyncpg.PostgresError):
                log.warning("renewing the leases failed; each runs out on its own clock meanwhile")

    # ------------------------------------------------------------------ group commit

    def _grouped(self, write: Write, finish: Finish | None = None) -> asyncio.Future:
        """Queue `write` for the next grouped transaction (table/batch.py): a future of its result once
        committed, or of `finish(result)` (which may raise)."""
        if self._pool is None:
            future = asyncio.get_running_loop().create_future()
            future.set_exception(RuntimeError("store is not open"))
            return future
        return self._writer.submit(write, finish)

    async def _transaction(self, writes: list[Write], isolate: bool) -> list[Outcome]:
        """The writes in order. Straight, a run of writes of one statement returning one row each (the
        actions of many tables) is sent at once (pipelined: one round trip for the run); isolated,
        each write runs in its own savepoint."""
        outcomes: list[Outcome] = []
        async with self.pool.acquire() as con, con.transaction():
            if not isolate:
                try:
                    for run in runs(writes, _kind):
                        if len(run) == 1:
                            outcomes.append((True, await _run(con, run[0])))
                        else:
                            outcomes.extend((True, row) for row in
                                            await con.fetchmany(run[0].sql, [w.args for w in run]))
                except asyncpg.PostgresError as exc:
                    raise Refused from exc
            else:
                for write in writes:
                    try:
                        async with con.transaction():  # nested: a savepoint
                            outcomes.append((True, await _run(con, write)))
                    except asyncpg.PostgresError as exc:
                        outcomes.append((False, exc))
        self.commits += 1
        return outcomes

    def _write(self, sql: str, channel_id: int, *params, result: Callable[[asyncpg.Record], Any]) -> asyncio.Future:
        """One fenced write: a single statement whose first CTE renews our lease on the channel; every
        change in it is conditional on that renewal. Its first column counts the renewals: 0 means
        another process holds the channel and nothing was written (NotOwner); else `result(row)`."""
        asked = time.monotonic()

        def finish(row: asyncpg.Record):
            if row[0] == 0:
                self._held.pop(channel_id, None)
                raise NotOwner(channel_id)
            self._held[channel_id] = asked + self.lease_seconds
            return result(row)
        return self._grouped(Write("fetchrow", sql, (channel_id, self.lease_seconds, self.owner, *params)), finish)

    # ------------------------------------------------------------------ tables

    def insert_table(self, table: Table) -> asyncio.Future[int]:
        return self._write(_INSERT_TABLE, table.channel_id, *_table_values(table), result=lambda row: row[1])

    def save_table(self, table: Table, *, snapshot: Snapshot | None = None) -> asyncio.Future[None]:
        if snapshot is None:
            return self._write(_SAVE_TABLE, table.channel_id, *_table_values(table), table.id,
                               result=_one_row(table))
        return self._write(_SAVE_TABLE_SNAPSHOT, table.channel_id, *_table_values(table), table.id, *snapshot,
                           result=_one_row(table))

    def append_action(self, table: Table, record: ActionRecord, *,
                      snapshot: Snapshot | None = None) -> asyncio.Future[None]:
        action = (record.table_id, record.seq, record.player, _json(record.action), record.decision_id,
                  _json(record.events), record.at)
        if snapshot is None:
            return self._write(_APPEND, table.channel_id, *_table_values(table), table.id, *action,
                               result=_one_row(table))
        return self._write(_APPEND_SNAPSHOT, table.channel_id, *_table_values(table), table.id, *action,
                           *snapshot, result=_one_row(table))

    async def mark_broken(self, table_id: int, reason: str, at: float) -> None:
        # Not fenced: the row may be unreadable, and "broken" only stops play, whoever writes it.
        await self._grouped(Write(
            "execute", "UPDATE tables SET status = 'broken', reason = $1, updated_at = $2 WHERE id = $3",
            (reason, at, table_id)))

    async def _tables(self, where: str, *params) -> list[Table]:
        rows = await self.pool.fetch(f"SELECT id, {', '.join(_TABLE_COLUMNS)} FROM tables {where}", *params)
        return [_table_from_row(tuple(row)) for row in rows]

    async def table_by_id(self, table_id: int) -> Table | None:
        found = await self._tables("WHERE id = $1", table_id)
        return found[0] if found else None

    async def idle_tables(self, since: float) -> list[Table]:
        return await self._tables("WHERE status = 'active' AND last_action_at <= $1"
                                  " AND COALESCE(last_reminder_at, last_action_at) <= $1 ORDER BY id", since)

    async def expired_lobbies(self, created_before: float) -> list[Table]:
        return await self._tables("WHERE status = 'lobby' AND created_at <= $1 ORDER BY id", created_before)

    async def guild_tables(self, guild_id: int) -> list[Table]:
        return await self._tables("WHERE guild_id = $1 AND status IN ('lobby', 'active', 'broken')"
                                  " ORDER BY last_action_at DESC, id DESC", guild_id)

    async def guild_history(self, guild_id: int) -> list[Table]:
        return await self._tables("WHERE guild_id = $1 AND seed IS NOT NULL ORDER BY id", guild_id)

    async def broken_tables(self) -> list[Table]:
        return await self._tables("WHERE status = 'broken' ORDER BY id")

    async def live_table(self, channel_id: int) -> Table | None:
        row = await self.pool.fetchrow(
            f"SELECT id, {', '.join(_TABLE_COLUMNS)} FROM tables"
            " WHERE channel_id = $1 AND status = ANY($2::text[])", channel_id, list(LIVE))
        return None if row is None else _table_from_row(tuple(row))

    async def latest_snapshot(self, table_id: int) -> Snapshot | None:
        row = await self.pool.fetchrow(
            "SELECT seq, state FROM snapshots WHERE table_id = $1 ORDER BY seq DESC LIMIT 1", table_id)
        return None if row is None else (row[0], row[1])

    async def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            "SELECT seq, player, action, decision_id, events, at FROM actions"
            " WHERE table_id = $1 AND seq > $2 ORDER BY seq", table_id, after_seq)
        return _action_records(table_id, rows)

    async def execute(self, sql: str, *params: Any) -> None:
        # Not fenced: a front-end's own records (which message to edit, who follows) are written by the
        # process serving the table, and say nothing of the game.
        await self._grouped(Write("execute", _numbered(sql), params))

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        return [tuple(row) for row in await self.pool.fetch(_numbered(sql), *params)]

    # ------------------------------------------------------------------ guild settings

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        async with self.pool.acquire() as con, con.transaction():
            row = await con.fetchrow("SELECT lang, reminder_minutes, timeout_minutes, timeout_outcome, web_spectators"
                                     " FROM guild_settings WHERE guild_id = $1", guild_id)
            games = await con.fetch("SELECT game, name, value FROM game_settings WHERE guild_id = $1", guild_id)
        if row is None:
            return None
        return GuildSettings(guild_id, row[0], row[1], row[2], row[3], bool(row[4]), games=_game_settings(games))

    async def save_guild_settings(self, s: GuildSettings) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await con.execute(
                "INSERT INTO guild_settings"
                " (guild_id, lang, reminder_minutes, timeout_minutes, timeout_outcome, web_spectators)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id) DO UPDATE SET lang = EXCLUDED.lang,"
                " reminder_minutes = EXCLUDED.reminder_minutes, timeout_minutes = EXCLUDED.timeout_minutes,"
                " timeout_outcome = EXCLUDED.timeout_outcome, web_spectators = EXCLUDED.web_spectators",
                s.guild_id, s.lang, s.reminder_minutes, s.timeout_minutes, s.timeout_outcome, int(s.web_spectators))
            await con.execute("DELETE FROM game_settings WHERE guild_id = $1", s.guild_id)
            await con.executemany("INSERT INTO game_settings (guild_id, game, name, value) VALUES ($1, $2, $3, $4)",
                                  _game_setting_rows(s))
