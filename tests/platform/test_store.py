"""The stores: migrations, round trips, whole transactions. Every test runs on SQLite and on PostgreSQL
(the `store_factory` fixture); a store shared by processes wants the channel claimed before a write."""
from __future__ import annotations

import sqlite3

import pytest

from table.models import ActionRecord, GuildSettings, Table
from table.store import MIGRATIONS, SqliteStore


async def test_migrations_are_idempotent(store_factory):
    store = store_factory.make()
    await store.open()
    assert await store.schema_version() == len(MIGRATIONS)
    await store.open()  # a second open on the same store is a no-op
    await store.close()

    again = store_factory.make()  # and a fresh connection migrates nothing
    await again.open()
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_sqlite_runs_in_wal_mode_with_one_version_row(db_path):
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM schema_version").fetchone() == (1,)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"schema_version", "tables", "actions", "snapshots", "guild_settings"} <= tables
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_table_action_and_snapshot_round_trip(store_factory):
    store = store_factory.make()
    await store.open()
    table = Table(id=0, channel_id=5, guild_id=9, game="race", options={"target": 7}, creator="ann",
                  lang="fr", players=["ann", "bob"], created_at=1.0, updated_at=1.0, last_action_at=1.0)
    await store.claim(5)
    table.id = await store.insert_table(table)
    table.status, table.seed, table.seq = "active", 42, 1
    record = ActionRecord(table.id, 1, "ann", {"type": "add", "n": 2}, 1, [{"type": "added"}], 2.0)
    await store.append_action(table, record, snapshot=(1, '{"x": 1}'))
    await store.close()

    store = store_factory.make()
    await store.open()
    [loaded] = await store.live_tables()
    assert (loaded.id, loaded.players, loaded.options, loaded.seed, loaded.seq, loaded.lang) == (
        table.id, ["ann", "bob"], {"target": 7}, 42, 1, "fr")
    assert await store.actions(table.id) == [record]
    assert await store.actions(table.id, after_seq=1) == []
    assert await store.latest_snapshot(table.id) == (1, '{"x": 1}')
    assert await store.live_table(5) == loaded and await store.live_table(6) is None
    assert await store.guild_settings(9) is None
    await store.save_guild_settings(GuildSettings(9, "fr", 5, 30, "abandon"))
    assert await store.guild_settings(9) == GuildSettings(9, "fr", 5, 30, "abandon")
    await store.save_guild_settings(GuildSettings(9, "en", 6, 31, "win", delete_table_talk=True))
    assert await store.guild_settings(9) == GuildSettings(9, "en", 6, 31, "win", delete_table_talk=True)
    await store.close()


async def test_a_failed_transaction_leaves_nothing(store_factory):
    store = store_factory.make()
    await store.open()
    table = Table(id=0, channel_id=5, guild_id=None, game="race", options={}, creator="ann", lang="en")
    await store.claim(5)
    table.id = await store.insert_table(table)
    table.seq = 1
    record = ActionRecord(table.id, 1, "ann", {"type": "x"}, None, [], 2.0)
    await store.append_action(table, record)
    # Same seq again: the action insert fails, so the snapshot and the table row must not change.
    table.seq = 99
    with pytest.raises(store_factory.integrity_error):  # a duplicate seq is refused
        await store.append_action(table, record, snapshot=(1, "s"))
    [loaded] = await store.live_tables()
    assert loaded.seq == 1
    assert await store.latest_snapshot(table.id) is None
    await store.close()


async def test_one_live_table_per_channel_in_the_database(store_factory):
    store = store_factory.make()
    await store.open()
    table = Table(id=0, channel_id=5, guild_id=None, game="race", options={}, creator="ann", lang="en")
    await store.claim(5)
    await store.insert_table(table)
    with pytest.raises(store_factory.integrity_error):  # two live tables in one channel
        await store.insert_table(table)
    await store.close()


async def test_a_table_marked_broken_is_no_longer_live(store_factory):
    store = store_factory.make()
    await store.open()
    table = Table(id=0, channel_id=5, guild_id=None, game="race", options={}, creator="ann", lang="en",
                  status="active", seq=3)
    await store.claim(5)
    table.id = await store.insert_table(table)
    assert [t.id for t in await store.live_tables()] == [table.id]
    await store.mark_broken(table.id, "why", 7.0)
    assert await store.live_tables() == [] and await store.live_table(5) is None
    await store.close()
