"""Persistence of tables, their append-only action logs, their latest snapshot and guild settings.

`Store` is the interface the table service needs (docs/platform.md, "Storage"); `SqliteStore` is the
embedded default and `PgStore` (table/store_pg.py) the PostgreSQL one for several processes;
`open_store` picks by URL. Every write is durable before its call returns: an action the service
acknowledged is on disk. Writes from many tables are grouped into one transaction (group commit,
table/batch.py), so one fsync serves every action that arrived while the previous commit was running.
"""
from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NamedTuple, cast

import aiosqlite

from table.batch import BatchWriter, Outcome, Refused, runs
from table.models import LIVE, ActionRecord, GuildSettings, Table
from table.schema import SQLITE, migrations

# The schema's migrations in SQLite's words (table/schema.py writes them once for both stores).
MIGRATIONS: list[list[str]] = migrations(SQLITE)

Snapshot = tuple[int, str]  # (seq, rules.dump(state))

UNREADABLE = "unreadable table row"  # how a row whose JSON cannot be read is reported


class CorruptRecord(ValueError):
    """A stored row that cannot be decoded."""


class NotOwner(RuntimeError):
    """Another process holds the channel's lease (stores shared by several processes only)."""


class Store(ABC):
    """What the table service needs from a database. Every write is durable when the call returns and
    is all or nothing; a write that raises changed nothing. Writes of different tables may share one
    transaction (group commit); `commits` counts the transactions, for tests and benches.

    The table writes (insert_table, save_table, append_action) return an awaitable; both stores return
    an asyncio future, already queued, so that the service can shield it from a cancelled caller
    without starting a task per action."""

    commits: int = 0

    async def claim(self, channel_id: int) -> bool:
        """Make this process the only one serving the channel, or raise NotOwner. True when the channel
        was just taken over, so what the process remembers of it may be old and must be read again.
        A store used by one process (SQLite) owns every channel for good: always False."""
        return False

    async def release(self, channel_id: int) -> None:
        """Stop serving the channel, so another process may take it at once."""
        return None  # a single-process store has nothing to release (B027: an optional hook, not abstract)

    @abstractmethod
    async def open(self) -> None:
        """Connect and run the pending migrations (opening twice changes nothing)."""

    @abstractmethod
    async def close(self) -> None:
        """Finish the writes under way, then disconnect."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    def insert_table(self, table: Table) -> Awaitable[int]:
        """Store a new table and return its id. A second live table in one channel is refused."""

    @abstractmethod
    def save_table(self, table: Table, *, snapshot: Snapshot | None = None) -> Awaitable[None]:
        """Write the table's row (not its state) and an optional snapshot, which replaces the
        table's older ones, in one transaction."""

    @abstractmethod
    def append_action(self, table: Table, record: ActionRecord, *,
                      snapshot: Snapshot | None = None) -> Awaitable[None]:
        """Append one action, the updated table row and an optional snapshot (replacing the older
        ones), in one transaction. A seq already stored is refused."""

    @abstractmethod
    async def mark_broken(self, table_id: int, reason: str, at: float) -> None:
        """Set status "broken" without touching the rest of a row that may not be readable."""

    @abstractmethod
    async def live_table(self, channel_id: int) -> Table | None:
        """The channel's lobby/active table (state None), if any. A row whose JSON cannot be read
        comes back with status "broken" and the reason, so the caller can record it."""

    @abstractmethod
    async def table_by_id(self, table_id: int) -> Table | None:
        """Any table by id, whatever its status (read as live_table reads)."""

    @abstractmethod
    async def idle_tables(self, since: float) -> list[Table]:
        """Active tables whose last action or reminder is at or before `since` (for reminders)."""

    @abstractmethod
    async def expired_lobbies(self, created_before: float) -> list[Table]:
        """Lobbies created at or before `created_before`, by id (for lobby expiry)."""

    @abstractmethod
    async def guild_tables(self, guild_id: int) -> list[Table]:
        """The server's lobby, active and broken tables, last action first (for its moderators)."""

    @abstractmethod
    async def guild_history(self, guild_id: int) -> list[Table]:
        """Every game the server started, whatever its status, by id (for table/stats.py); no state."""

    @abstractmethod
    async def broken_tables(self) -> list[Table]:
        """Every table with status "broken", by id (for `python -m table.repair`)."""

    @abstractmethod
    async def latest_snapshot(self, table_id: int) -> Snapshot | None: ...

    @abstractmethod
    async def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRecord]:
        """The log after `after_seq`, in order; raises CorruptRecord for an unreadable row."""

    @abstractmethod
    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        """Rows of a read of a front-end's own tables (bot/store.py), with `?` placeholders and SQL both
        databases read alike."""

    @abstractmethod
    async def execute(self, sql: str, *params: Any) -> None:
        """A write to a front-end's own tables, as `fetch` writes SQL: durable when the call returns."""

    @abstractmethod
    async def guild_settings(self, guild_id: int) -> GuildSettings | None: ...

    @abstractmethod
    async def save_guild_settings(self, settings: GuildSettings) -> None: ...


_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode  # one encoder for every write
_string = json.encoder.encode_basestring  # a str as that encoder writes it (ensure_ascii=False)


def _json(value: Any) -> str:
    """`value` as JSON, written as `_encode` writes it. A list of strings (the players, who is awaited,
    the votes: written with every action) skips the encoder's setup, which costs more than the list."""
    if type(value) is list and all(type(item) is str for item in value):
        return "[" + ",".join(map(_string, value)) + "]"
    return _encode(value)


_TABLE_COLUMNS = (
    "channel_id", "guild_id", "game", "options", "seed", "players", "status", "reason", "result",
    "creator", "lang", "seq", "abandon_votes", "created_at", "updated_at", "last_action_at",
    "last_reminder_at", "timeout_notified", "waiting", "undo_request", "undone",
)
_SELECT_TABLE = f"SELECT id, {', '.join(_TABLE_COLUMNS)} FROM tables"


def _table_values(t: Table) -> tuple:
    return (
        t.channel_id, t.guild_id, t.game, _json(t.options), t.seed, _json(t.players), t.status,
        t.reason, None if t.result is None else _json(t.result), t.creator, t.lang, t.seq,
        _json(t.abandon_votes), t.created_at, t.updated_at, t.last_action_at, t.last_reminder_at,
        int(t.timeout_notified), None if t.waiting is None else _json(t.waiting),
        None if t.undo_request is None else _json(t.undo_request), t.undone,
    )


class Append(NamedTuple):
    """An action appended without a snapshot, the usual write: a run of them is written with one
    executemany per statement (see _append)."""

    action: tuple  # the actions row
    table: tuple  # the table row's values (_TABLE_COLUMNS), then its id


Write = Callable[[aiosqlite.Connection], Awaitable[Any]] | Append


class SqliteStore(Store):
    """SQLite in WAL mode with synchronous=FULL, through aiosqlite: one connection writes, one reads.

    Writes are grouped (table/batch.py): each group is one transaction on the writing connection, run
    straight with one executemany per run of appends, and committed once. Reads go through the other
    connection, so they see only what is committed, never a group half written."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None  # writes
        self._reader: aiosqlite.Connection | None = None
        self._writer: BatchWriter[Write] = BatchWriter(self._transaction)

    async def open(self) -> None:
        if self._db is not None:
            return
        try:
            self._db = await self._connect()
            await self._migrate(self._db)
            self._reader = await self._connect()
        except BaseException:
            await self._shut()
            raise

    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)  # we BEGIN/COMMIT
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")  # a commit is durable before anyone is answered
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        if self._db is None:
            return
        await self._writer.drain()  # the writes asked for are kept
        await self._shut()

    async def _shut(self) -> None:
        for db in (self._db, self._reader):
            if db is not None:
                await db.close()
        self._db = self._reader = None

    async def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self._reader is None:
            raise RuntimeError("store is not open")
        return [tuple(row) for row in await self._reader.execute_fetchall(sql, params)]

    # ------------------------------------------------------------------ group commit

    def _write(self, write: Write) -> asyncio.Future:
        """Queue `write` for the next grouped transaction: a future of its result once committed."""
        if self._db is None:
            future = asyncio.get_running_loop().create_future()
            future.set_exception(RuntimeError("store is not open"))
            return future
        return self._writer.submit(write)

    async def _transaction(self, writes: list[Write], isolate: bool) -> list[Outcome]:
        db = self._db
        if db is None:
            raise RuntimeError("store is not open")
        await db.execute("BEGIN IMMEDIATE")
        outcomes: list[Outcome] = []
        try:
            if not isolate:
                try:
                    for run in runs(writes, lambda write: isinstance(write, Append) or None):
                        if isinstance(run[0], Append):
                            await _append(db, cast(list[Append], run))
                            outcomes.extend([(True, None)] * len(run))
                        else:
                            outcomes.append((True, await run[0](db)))
                except Exception as exc:
                    raise Refused from exc
            else:
                for write in writes:
                    await db.execute("SAVEPOINT one_write")
                    try:
                        if isinstance(write, Append):
                            await _append(db, [write])
                            outcomes.append((True, None))
                        else:
                            outcomes.append((True, await write(db)))
                    except Exception as exc:
                        await db.execute("ROLLBACK TO one_write")
                        outcomes.append((False, exc))
                    await db.execute("RELEASE one_write")
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        self.commits += 1
        return outcomes

    # ------------------------------------------------------------------ schema

    @staticmethod
    async def _migrate(db: aiosqlite.Connection) -> None:
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        for number, statements in enumerate(MIGRATIONS, start=1):
            await db.execute("BEGIN IMMEDIATE")
            try:
                # Read inside the transaction: two processes opening one file cannot both migrate.
                if await _version(db) < number:
                    for sql in statements:
                        await db.execute(sql)
                    await db.execute("DELETE FROM schema_version")
                    await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise

    async def schema_version(self) -> int:
        return (await self._read("SELECT MAX(version) FROM schema_version"))[0][0] or 0

    # ------------------------------------------------------------------ writes

    def insert_table(self, table: Table) -> asyncio.Future[int]:
        cols = ", ".join(_TABLE_COLUMNS)
        marks = ", ".join("?" for _ in _TABLE_COLUMNS)
        values = _table_values(table)

        async def write(db: aiosqlite.Connection) -> int:
            row_id = (await db.execute(f"INSERT INTO tables ({cols}) VALUES ({marks})", values)).lastrowid
            if row_id is None:  # SQLite gives the new row's id after an INSERT: never met
                raise RuntimeError("SQLite gave no id for the new table")
            return row_id
        return self._write(write)

    def save_table(self, table: Table, *, snapshot: Snapshot | None = None) -> asyncio.Future[None]:
        values = _table_values(table)

        async def write(db: aiosqlite.Connection) -> None:
            await _update_table(db, table.id, values)
            await _snapshot(db, table.id, snapshot)
        return self._write(write)

    def append_action(self, table: Table, record: ActionRecord, *,
                      snapshot: Snapshot | None = None) -> asyncio.Future[None]:
        append = Append((record.table_id, record.seq, record.player, _json(record.action), record.decision_id,
                         _json(record.events), record.at), (*_table_values(table), table.id))
        if snapshot is None:
            return self._write(append)

        async def write(db: aiosqlite.Connection) -> None:
            await _append(db, [append])
            await _snapshot(db, table.id, snapshot)
        return self._write(write)

    async def mark_broken(self, table_id: int, reason: str, at: float) -> None:
        await self._write(lambda db: db.execute(
            "UPDATE tables SET status = 'broken', reason = ?, updated_at = ? WHERE id = ?",
            (reason, at, table_id)))

    async def execute(self, sql: str, *params: Any) -> None:
        await self._write(lambda db: db.execute(sql, params))

    async def save_guild_settings(self, s: GuildSettings) -> None:
        values = (s.guild_id, s.lang, s.reminder_minutes, s.timeout_minutes, s.timeout_outcome, int(s.web_spectators))

        async def write(db: aiosqlite.Connection) -> None:
            await db.execute("INSERT OR REPLACE INTO guild_settings"
                             " (guild_id, lang, reminder_minutes, timeout_minutes, timeout_outcome, web_spectators)"
                             " VALUES (?, ?, ?, ?, ?, ?)", values)
            await db.execute("DELETE FROM game_settings WHERE guild_id = ?", (s.guild_id,))
            await db.executemany("INSERT INTO game_settings (guild_id, game, name, value) VALUES (?, ?, ?, ?)",
                                 _game_setting_rows(s))
        await self._write(write)

    # ------------------------------------------------------------------ reads

    async def live_table(self, channel_id: int) -> Table | None:
        marks = ", ".join("?" for _ in LIVE)
        rows = await self._read(f"{_SELECT_TABLE} WHERE channel_id = ? AND status IN ({marks})",
                                (channel_id, *LIVE))
        return _table_from_row(rows[0]) if rows else None

    async def table_by_id(self, table_id: int) -> Table | None:
        rows = await self._read(f"{_SELECT_TABLE} WHERE id = ?", (table_id,))
        return _table_from_row(rows[0]) if rows else None

    async def idle_tables(self, since: float) -> list[Table]:
        rows = await self._read(
            f"{_SELECT_TABLE} WHERE status = 'active' AND last_action_at <= ?"
            " AND COALESCE(last_reminder_at, last_action_at) <= ? ORDER BY id", (since, since))
        return [_table_from_row(row) for row in rows]

    async def expired_lobbies(self, created_before: float) -> list[Table]:
        rows = await self._read(f"{_SELECT_TABLE} WHERE status = 'lobby' AND created_at <= ? ORDER BY id",
                                (created_before,))
        return [_table_from_row(row) for row in rows]

    async def guild_tables(self, guild_id: int) -> list[Table]:
        rows = await self._read(f"{_SELECT_TABLE} WHERE guild_id = ? AND status IN ('lobby', 'active', 'broken')"
                                " ORDER BY last_action_at DESC, id DESC", (guild_id,))
        return [_table_from_row(row) for row in rows]

    async def guild_history(self, guild_id: int) -> list[Table]:
        rows = await self._read(f"{_SELECT_TABLE} WHERE guild_id = ? AND seed IS NOT NULL ORDER BY id", (guild_id,))
        return [_table_from_row(row) for row in rows]

    async def broken_tables(self) -> list[Table]:
        return [_table_from_row(row) for row in await self._read(
            f"{_SELECT_TABLE} WHERE status = 'broken' ORDER BY id")]

    async def latest_snapshot(self, table_id: int) -> Snapshot | None:
        rows = await self._read(
            "SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRecord]:
        rows = await self._read(
            "SELECT seq, player, action, decision_id, events, at FROM actions"
            " WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, after_seq))
        return _action_records(table_id, rows)

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        return await self._read(sql, params)

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        rows = await self._read(
            "SELECT lang, reminder_minutes, timeout_minutes, timeout_outcome, web_spectators"
            " FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if not rows:
            return None
        games = await self._read("SELECT game, name, value FROM game_settings WHERE guild_id = ?", (guild_id,))
        lang, reminder, timeout, outcome, spectators = rows[0]
        return GuildSettings(guild_id, lang, reminder, timeout, outcome, bool(spectators), games=_game_settings(games))


def _game_setting_rows(s: GuildSettings) -> list[tuple[int, str, str, str]]:
    return [(s.guild_id, game, name, value) for game, values in sorted(s.games.items())
            for name, value in sorted(values.items())]


def _game_settings(rows) -> dict[str, dict[str, str]]:
    """GuildSettings.games from (game, name, value) rows."""
    out: dict[str, dict[str, str]] = {}
    for game, name, value in rows:
        out.setdefault(game, {})[name] = value
    return out


async def _version(db: aiosqlite.Connection) -> int:
    row = await (await db.execute("SELECT MAX(version) FROM schema_version")).fetchone()
    return (row[0] if row is not None else None) or 0


_UPDATE_TABLE = f"UPDATE tables SET {', '.join(f'{c} = ?' for c in _TABLE_COLUMNS)} WHERE id = ?"


async def _update_table(db: aiosqlite.Connection, table_id: int, values: tuple) -> None:
    if (await db.execute(_UPDATE_TABLE, (*values, table_id))).rowcount != 1:
        raise LookupError(f"table {table_id} is not stored")


async def _append(db: aiosqlite.Connection, run: list[Append]) -> None:
    """A run of Append writes, with one executemany per statement: the connection's thread is asked
    twice per run, not per action."""
    await db.executemany("INSERT INTO actions (table_id, seq, player, action, decision_id, events, at)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)", [write.action for write in run])
    if (await db.executemany(_UPDATE_TABLE, [write.table for write in run])).rowcount != len(run):
        raise LookupError(f"a table of {[write.table[-1] for write in run]} is not stored")


async def _snapshot(db: aiosqlite.Connection, table_id: int, snapshot: Snapshot | None) -> None:
    """Keep the latest snapshot only: storage grows with the log, not with the log squared."""
    if snapshot is not None:
        await db.execute("DELETE FROM snapshots WHERE table_id = ? AND seq <> ?", (table_id, snapshot[0]))
        await db.execute("INSERT OR REPLACE INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)",
                         (table_id, snapshot[0], snapshot[1]))


def _action_records(table_id: int, rows) -> list[ActionRecord]:
    """Rows of (seq, player, action, decision_id, events, at) decoded; CorruptRecord names a bad one."""
    out = []
    for seq, player, action, decision_id, events, at in rows:
        try:
            out.append(ActionRecord(table_id, seq, player, json.loads(action), decision_id,
                                    json.loads(events), at))
        except (TypeError, ValueError) as exc:
            raise CorruptRecord(f"action {seq} of table {table_id}: {exc}") from exc
    return out


def _table_from_row(row) -> Table:
    (tid, channel_id, guild_id, game, options, seed, players, status, reason, result, creator, lang, seq,
     votes, created_at, updated_at, last_action_at, last_reminder_at, timeout_notified, waiting, undo_request,
     undone) = row
    table = Table(id=tid, channel_id=channel_id, guild_id=guild_id, game=game, options={}, creator=creator,
                  lang=lang, status=status, seed=seed, seq=seq, reason=reason, created_at=created_at,
                  updated_at=updated_at, last_action_at=last_action_at, last_reminder_at=last_reminder_at,
                  timeout_notified=bool(timeout_notified), undone=undone)
    try:
        table.options = json.loads(options)
        table.players = json.loads(players)
        table.result = None if result is None else json.loads(result)
        table.abandon_votes = json.loads(votes)
        table.waiting = None if waiting is None else json.loads(waiting)
        table.undo_request = None if undo_request is None else json.loads(undo_request)
        if not (isinstance(table.options, dict) and isinstance(table.players, list)
                and all(isinstance(p, str) for p in table.players)):
            raise ValueError("options must be an object and players a list of ids")
    except (TypeError, ValueError) as exc:
        table.status, table.reason = "broken", f"{UNREADABLE}: {exc}"
    return table


def open_store(target: str | Path) -> Store:
    """The store for a database URL (`postgresql://...`) or an SQLite file path; not opened yet."""
    if str(target).startswith(("postgresql://", "postgres://")):
        from table.store_pg import PgStore  # asyncpg is only needed for PostgreSQL

        return PgStore(str(target))
    return SqliteStore(target)
