"""Persistence of tables, their append-only action logs, snapshots and guild settings.

`Store` is the small interface the table service needs; `SqliteStore` is the embedded default and
`PgStore` (table/store_pg.py) the PostgreSQL one for several processes; `open_store` picks by URL. Every write is one transaction, committed before
the call returns: an action the service acknowledged is on disk.
"""
from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from table.models import LIVE, ActionRecord, GuildSettings, Table

# Ordered migrations: migration i (1-based) brings the schema to version i. Never edit a released one;
# append a new one instead.
MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel_id INTEGER NOT NULL,
            guild_id INTEGER,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER,
            players TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            result TEXT,
            creator TEXT NOT NULL,
            lang TEXT NOT NULL,
            seq INTEGER NOT NULL DEFAULT 0,
            abandon_votes TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            last_action_at REAL NOT NULL,
            last_reminder_at REAL,
            timeout_notified INTEGER NOT NULL DEFAULT 0
        )""",
        # The service keeps one live table per channel; the database refuses a second one as well.
        ("CREATE UNIQUE INDEX one_live_table_per_channel ON tables(channel_id)"
         " WHERE status IN ('lobby', 'active')"),
        "CREATE INDEX tables_by_status ON tables(status)",
        """CREATE TABLE actions (
            table_id INTEGER NOT NULL REFERENCES tables(id),
            seq INTEGER NOT NULL,
            player TEXT NOT NULL,
            action TEXT NOT NULL,
            decision_id INTEGER,
            events TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
            table_id INTEGER NOT NULL REFERENCES tables(id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID""",
        """CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            lang TEXT NOT NULL,
            reminder_minutes INTEGER NOT NULL,
            timeout_minutes INTEGER NOT NULL,
            timeout_outcome TEXT NOT NULL
        )""",
    ],
    # 2: the LCG table-talk guard may delete messages naming a hidden card (off unless a server sets it).
    ["ALTER TABLE guild_settings ADD COLUMN delete_table_talk INTEGER NOT NULL DEFAULT 0"],
]

Snapshot = tuple[int, str]  # (seq, rules.dump(state))


class CorruptRecord(ValueError):
    """A stored row that cannot be decoded."""


class NotOwner(RuntimeError):
    """Another process holds the channel's lease (stores shared by several processes only)."""


class Store(ABC):
    """What the table service needs from a database."""

    async def claim(self, channel_id: int) -> bool:
        """Make this process the only one serving the channel, or raise NotOwner. True when the channel
        was just taken over, so what the process remembers of it may be old and must be read again.
        A store used by one process (SQLite) owns every channel for good: always False."""
        return False

    async def release(self, channel_id: int) -> None:
        """Stop serving the channel, so another process may take it at once."""

    async def live_table(self, channel_id: int) -> Table | None:
        """The channel's lobby/active table as stored, if any."""
        return next((t for t in await self.live_tables() if t.channel_id == channel_id), None)

    @abstractmethod
    async def open(self) -> None:
        """Connect and run the pending migrations (opening twice changes nothing)."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def insert_table(self, table: Table) -> int:
        """Store a new table and return its id."""

    @abstractmethod
    async def save_table(self, table: Table, *, snapshot: Snapshot | None = None) -> None:
        """Write the table's row (not its state), with an optional snapshot, in one transaction."""

    @abstractmethod
    async def append_action(self, table: Table, record: ActionRecord, *,
                            snapshot: Snapshot | None = None) -> None:
        """Append one action, an optional snapshot and the updated table row, in one transaction."""

    @abstractmethod
    async def mark_broken(self, table_id: int, reason: str, at: float) -> None:
        """Set status "broken" without touching the rest of a row that may not be readable."""

    @abstractmethod
    async def live_tables(self) -> list[Table]:
        """Every lobby/active table (state None). A row whose JSON cannot be read comes back with
        status "broken" and the reason, so the caller can record it."""

    @abstractmethod
    async def latest_snapshot(self, table_id: int) -> Snapshot | None: ...

    @abstractmethod
    async def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRecord]:
        """The log after `after_seq`, in order; raises CorruptRecord for an unreadable row."""

    @abstractmethod
    async def guild_settings(self, guild_id: int) -> GuildSettings | None: ...

    @abstractmethod
    async def save_guild_settings(self, settings: GuildSettings) -> None: ...


def _json(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_TABLE_COLUMNS = (
    "channel_id", "guild_id", "game", "options", "seed", "players", "status", "reason", "result",
    "creator", "lang", "seq", "abandon_votes", "created_at", "updated_at", "last_action_at",
    "last_reminder_at", "timeout_notified",
)


def _table_values(t: Table) -> tuple:
    return (
        t.channel_id, t.guild_id, t.game, _json(t.options), t.seed, _json(t.players), t.status,
        t.reason, None if t.result is None else _json(t.result), t.creator, t.lang, t.seq,
        _json(t.abandon_votes), t.created_at, t.updated_at, t.last_action_at, t.last_reminder_at,
        int(t.timeout_notified),
    )


class SqliteStore(Store):
    """SQLite through aiosqlite, in WAL mode. One connection; a lock keeps transactions whole, since
    coroutines of different tables share it."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self._db is not None:
            return
        db = await aiosqlite.connect(self.path, isolation_level=None)  # we issue BEGIN/COMMIT
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")  # a commit is durable before we return
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
        except Exception:
            await db.close()
            raise
        self._db = db
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    @asynccontextmanager
    async def _transaction(self):
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        for number, statements in enumerate(MIGRATIONS, start=1):
            async with self._transaction() as db:
                # Read inside the transaction: two processes opening one file cannot both migrate.
                if await self._version(db) >= number:
                    continue
                for sql in statements:
                    await db.execute(sql)
                await db.execute("DELETE FROM schema_version")
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    @staticmethod
    async def _version(db) -> int:
        async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        return row[0] or 0

    async def schema_version(self) -> int:
        return await self._version(self.db)

    async def insert_table(self, table: Table) -> int:
        cols = ", ".join(_TABLE_COLUMNS)
        marks = ", ".join("?" for _ in _TABLE_COLUMNS)
        async with self._transaction() as db:
            cur = await db.execute(f"INSERT INTO tables ({cols}) VALUES ({marks})", _table_values(table))
            return cur.lastrowid

    async def _update_table(self, db, table: Table) -> None:
        sets = ", ".join(f"{c} = ?" for c in _TABLE_COLUMNS)
        cur = await db.execute(f"UPDATE tables SET {sets} WHERE id = ?", (*_table_values(table), table.id))
        if cur.rowcount != 1:
            raise LookupError(f"table {table.id} is not stored")

    @staticmethod
    async def _snapshot(db, table_id: int, snapshot: Snapshot | None) -> None:
        if snapshot is not None:
            await db.execute("INSERT OR REPLACE INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)",
                             (table_id, snapshot[0], snapshot[1]))

    async def save_table(self, table: Table, *, snapshot: Snapshot | None = None) -> None:
        async with self._transaction() as db:
            await self._update_table(db, table)
            await self._snapshot(db, table.id, snapshot)

    async def append_action(self, table: Table, record: ActionRecord, *,
                            snapshot: Snapshot | None = None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO actions (table_id, seq, player, action, decision_id, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (record.table_id, record.seq, record.player, _json(record.action), record.decision_id,
                 _json(record.events), record.at))
            await self._snapshot(db, table.id, snapshot)
            await self._update_table(db, table)

    async def mark_broken(self, table_id: int, reason: str, at: float) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET status = 'broken', reason = ?, updated_at = ? WHERE id = ?",
                             (reason, at, table_id))

    async def live_tables(self) -> list[Table]:
        marks = ", ".join("?" for _ in LIVE)
        async with self.db.execute(
                f"SELECT id, {', '.join(_TABLE_COLUMNS)} FROM tables WHERE status IN ({marks}) ORDER BY id",
                LIVE) as cur:
            rows = await cur.fetchall()
        return [_table_from_row(row) for row in rows]

    async def latest_snapshot(self, table_id: int) -> Snapshot | None:
        async with self.db.execute(
                "SELECT seq, state FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
                (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else (row[0], row[1])

    async def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRecord]:
        async with self.db.execute(
                "SELECT seq, player, action, decision_id, events, at FROM actions"
                " WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, after_seq)) as cur:
            rows = await cur.fetchall()
        out = []
        for seq, player, action, decision_id, events, at in rows:
            try:
                out.append(ActionRecord(table_id, seq, player, json.loads(action), decision_id,
                                        json.loads(events), at))
            except (TypeError, ValueError) as exc:
                raise CorruptRecord(f"action {seq} of table {table_id}: {exc}") from exc
        return out

    async def guild_settings(self, guild_id: int) -> GuildSettings | None:
        async with self.db.execute(
                "SELECT lang, reminder_minutes, timeout_minutes, timeout_outcome, delete_table_talk"
                " FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else GuildSettings(guild_id, *row[:4], delete_table_talk=bool(row[4]))

    async def save_guild_settings(self, s: GuildSettings) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings"
                " (guild_id, lang, reminder_minutes, timeout_minutes, timeout_outcome, delete_table_talk)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (s.guild_id, s.lang, s.reminder_minutes, s.timeout_minutes, s.timeout_outcome,
                 int(s.delete_table_talk)))


def _table_from_row(row) -> Table:
    (tid, channel_id, guild_id, game, options, seed, players, status, reason, result, creator, lang, seq,
     votes, created_at, updated_at, last_action_at, last_reminder_at, timeout_notified) = row
    table = Table(id=tid, channel_id=channel_id, guild_id=guild_id, game=game, options={}, creator=creator,
                  lang=lang, status=status, seed=seed, seq=seq, reason=reason, created_at=created_at,
                  updated_at=updated_at, last_action_at=last_action_at, last_reminder_at=last_reminder_at,
                  timeout_notified=bool(timeout_notified))
    try:
        table.options = json.loads(options)
        table.players = json.loads(players)
        table.result = None if result is None else json.loads(result)
        table.abandon_votes = json.loads(votes)
        if not (isinstance(table.options, dict) and isinstance(table.players, list)
                and all(isinstance(p, str) for p in table.players)):
            raise ValueError("options must be an object and players a list of ids")
    except (TypeError, ValueError) as exc:
        table.status, table.reason = "broken", f"unreadable table row: {exc}"
    return table


def open_store(target: str | Path) -> Store:
    """The store for a database URL (`postgresql://...`) or an SQLite file path; not opened yet."""
    if str(target).startswith(("postgresql://", "postgres://")):
        from table.store_pg import PgStore  # asyncpg is only needed for PostgreSQL

        return PgStore(str(target))
    return SqliteStore(target)
