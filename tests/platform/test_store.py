"""The stores: migrations, round trips, whole transactions, the latest snapshot only, group commit,
lookups. Tests taking `store_factory` run on SQLite and on PostgreSQL; those opening the file with
sqlite3 are about the SQLite one. A store shared by processes wants the channel claimed before a write."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store import BotStore
from table.models import ActionRecord, GuildSettings, Table
from table.store import MIGRATIONS, SqliteStore


def new_table(channel: int = 5, **kw) -> Table:
    kw = {"players": ["ann", "bob"], "created_at": 1.0, "updated_at": 1.0, "last_action_at": 1.0, **kw}
    return Table(id=0, channel_id=channel, guild_id=9, game="race", options={"target": 7}, creator="ann",
                 lang="fr", **kw)


def action(table: Table, seq: int, player: str = "ann") -> ActionRecord:
    return ActionRecord(table.id, seq, player, {"type": "add", "n": seq % 2 + 1}, seq,
                        [{"type": "added", "n": seq}], float(seq))


async def opened(store_factory, *channels: int):
    store = store_factory.make()
    await store.open()
    for channel in channels:
        await store.claim(channel)
    return store


async def active_tables(store, channels) -> list[Table]:
    """A stored active table in each channel, at seq 1 (ready for its first action)."""
    tables = []
    for channel in channels:
        table = new_table(channel, status="active")
        table.id = await store.insert_table(table)
        table.seq = 1
        tables.append(table)
    return tables


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


async def test_a_take_back_request_and_the_actions_taken_back_are_stored_with_the_table(store_factory):
    store = await opened(store_factory, 5)
    table = new_table()
    table.id = await store.insert_table(table)
    table.status, table.seed, table.seq = "active", 42, 3
    table.undo_request, table.undone = {"asker": "bob", "seq": 3, "votes": ["bob", "ann"]}, 2
    await store.save_table(table)
    await store.close()

    store = await opened(store_factory, 5)
    loaded = await store.table_by_id(table.id)
    assert (loaded.undo_request, loaded.undone) == ({"asker": "bob", "seq": 3, "votes": ["bob", "ann"]}, 2)
    table.undo_request = None
    await store.save_table(table)
    assert (await store.table_by_id(table.id)).undo_request is None
    await store.close()


async def test_table_action_and_snapshot_round_trip(store_factory):
    store = await opened(store_factory, 5)
    table = new_table()
    table.id = await store.insert_table(table)
    table.status, table.seed, table.seq, table.waiting = "active", 42, 1, ["bob"]
    record = action(table, 1)
    await store.append_action(table, record, snapshot=(1, '{"x": 1}'))
    await store.close()

    store = await opened(store_factory)
    loaded = await store.live_table(5)
    assert (loaded.id, loaded.players, loaded.options, loaded.seed, loaded.seq, loaded.lang, loaded.waiting) == (
        table.id, ["ann", "bob"], {"target": 7}, 42, 1, "fr", ["bob"])
    assert await store.table_by_id(table.id) == loaded
    assert await store.live_table(6) is None and await store.table_by_id(table.id + 1) is None
    assert await store.actions(table.id) == [record]
    assert await store.actions(table.id, after_seq=1) == []
    assert await store.latest_snapshot(table.id) == (1, '{"x": 1}')
    assert await store.guild_settings(9) is None
    await store.save_guild_settings(GuildSettings(9, "fr", 5, 30, "abandon"))
    assert await store.guild_settings(9) == GuildSettings(9, "fr", 5, 30, "abandon")
    await store.save_guild_settings(GuildSettings(9, "fr", 5, 30, "abandon", web_spectators=False))
    assert (await store.guild_settings(9)).web_spectators is False
    await store.close()


async def test_game_settings_are_stored_generically_per_server(store_factory):
    store = await opened(store_factory)
    games = {"race": {"colour": "blue", "fast": "on"}, "other": {"fast": "off"}}
    await store.save_guild_settings(GuildSettings(9, "en", 6, 31, "win", games=games))
    await store.save_guild_settings(GuildSettings(8, "fr", 6, 31, "win", games={"race": {"fast": "off"}}))
    await store.close()
    store = await opened(store_factory)  # new connections, as after a restart
    assert await store.guild_settings(9) == GuildSettings(9, "en", 6, 31, "win", games=games)
    await store.save_guild_settings(GuildSettings(9, "en", 6, 31, "win", games={"race": {"fast": "off"}}))
    assert (await store.guild_settings(9)).games == {"race": {"fast": "off"}}  # a save replaces them all
    assert (await store.guild_settings(8)).games == {"race": {"fast": "off"}}
    await store.close()


async def test_a_failed_transaction_leaves_nothing(store_factory):
    store = await opened(store_factory, 5)
    table = new_table()
    table.id = await store.insert_table(table)
    table.seq = 1
    await store.append_action(table, action(table, 1))
    # Same seq again: the action insert fails, so the snapshot and the table row must not change.
    table.seq = 99
    with pytest.raises(store_factory.integrity_error):  # a duplicate seq is refused
        await store.append_action(table, action(table, 1), snapshot=(1, "s"))
    assert (await store.live_table(5)).seq == 1
    assert await store.latest_snapshot(table.id) is None
    await store.close()


async def test_one_live_table_per_channel_in_the_database(store_factory):
    store = await opened(store_factory, 5)
    await store.insert_table(new_table())
    with pytest.raises(store_factory.integrity_error):  # two live tables in one channel
        await store.insert_table(new_table())
    ended = new_table(status="over")  # an ended table does not hold the channel
    await store.insert_table(ended)
    await store.close()


async def test_only_the_latest_snapshot_is_kept(store_factory):
    store = await opened(store_factory, 5)
    table = new_table(status="active")
    table.id = await store.insert_table(table)
    await store.save_table(table, snapshot=(0, "s0"))
    for seq in range(1, 8):
        table.seq = seq
        await store.append_action(table, action(table, seq), snapshot=(seq, f"s{seq}") if seq % 3 == 0 else None)
    assert await store.latest_snapshot(table.id) == (6, "s6")
    await store.close()
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as db:
            assert db.execute("SELECT seq FROM snapshots").fetchall() == [(6,)]


async def test_writes_of_many_tables_share_commits_and_a_refused_one_fails_alone(store_factory):
    store = await opened(store_factory, *range(40))
    tables = await active_tables(store, range(40))
    await store.append_action(tables[0], action(tables[0], 1))
    before = store.commits
    # 40 writes at once: table 0's repeats a stored seq and is refused; the 39 others are kept.
    outcomes = await asyncio.gather(*(store.append_action(t, action(t, 1)) for t in tables),
                                    return_exceptions=True)
    assert isinstance(outcomes[0], store_factory.integrity_error) and outcomes[1:] == [None] * 39
    assert store.commits - before < 10  # grouped: far fewer transactions than writes
    for table in tables:
        assert [r.seq for r in await store.actions(table.id)] == [1]
    await store.close()


async def test_close_commits_the_writes_already_asked_for(store_factory):
    store = await opened(store_factory, 5)
    table = new_table(status="active")
    table.id = await store.insert_table(table)
    pending = []
    for seq in range(1, 21):
        table.seq = seq
        pending.append(asyncio.ensure_future(store.append_action(table, action(table, seq))))
    await asyncio.sleep(0)
    await store.close()
    assert all(task.done() and task.exception() is None for task in pending)
    store = await opened(store_factory)
    assert len(await store.actions(table.id)) == 20 and (await store.live_table(5)).seq == 20
    await store.close()


async def test_idle_and_broken_tables(store_factory):
    store = await opened(store_factory, 1, 2, 3, 4)
    quiet = new_table(1, status="active", last_action_at=100.0)
    reminded = new_table(2, status="active", last_action_at=100.0, last_reminder_at=500.0)
    busy = new_table(3, status="active", last_action_at=900.0)
    lobby = new_table(4, last_action_at=100.0)
    for t in (quiet, reminded, busy, lobby):
        t.id = await store.insert_table(t)
    assert [t.id for t in await store.idle_tables(since=400.0)] == [quiet.id]
    assert [t.id for t in await store.idle_tables(since=600.0)] == [quiet.id, reminded.id]
    await store.mark_broken(busy.id, "engine fault", 950.0)
    [broken] = await store.broken_tables()
    assert (broken.id, broken.status, broken.reason, broken.updated_at) == (busy.id, "broken", "engine fault", 950.0)
    assert await store.live_table(3) is None  # a broken table holds no channel
    assert (await store.table_by_id(busy.id)).status == "broken"
    await store.close()


async def test_live_board_message_is_kept_across_reopening_and_replaced_by_the_next(store_factory):
    store = await opened(store_factory, 5)
    table = new_table()
    table.id = await store.insert_table(table)
    assert await BotStore(store).live_board(table.id) is None
    await BotStore(store).save_live_board(table.id, 111, ["bob"])
    await BotStore(store).save_live_board(table.id, 2**62, ["bob", "ann"])  # Discord ids need 64 bits
    await store.close()

    store = await opened(store_factory)
    assert await BotStore(store).live_board(table.id) == (2**62, ["ann", "bob"])
    await store.close()


async def test_followers_are_kept_across_reopening_and_forgotten_together(store_factory):
    store = await opened(store_factory, 5)
    table = new_table()
    table.id = await store.insert_table(table)
    records = BotStore(store)
    await records.set_follower(table.id, "ann", True)
    await records.set_follower(table.id, "ann", True)   # twice: still one row
    await records.set_follower(table.id, "bob", True)
    await store.close()

    store = await opened(store_factory)
    records = BotStore(store)
    assert await records.followers(table.id) == ["ann", "bob"]
    await records.set_follower(table.id, "bob", False)
    assert await records.followers(table.id) == ["ann"]
    await records.forget_followers(table.id)
    assert await records.followers(table.id) == []
    await store.close()


async def test_expired_lobbies_are_found_in_the_store_by_age(store_factory):
    store = await opened(store_factory, 5, 6, 7)
    old = new_table(5, created_at=10.0)
    young = new_table(6, created_at=50.0)
    started = new_table(7, created_at=5.0, status="active")
    for table in (old, young, started):
        table.id = await store.insert_table(table)
    assert [t.id for t in await store.expired_lobbies(10.0)] == [old.id]
    assert [t.id for t in await store.expired_lobbies(60.0)] == [old.id, young.id]
    await store.close()


async def test_an_action_of_a_table_not_stored_is_refused_alone_in_its_group(store_factory):
    store = await opened(store_factory, *range(6))
    tables = await active_tables(store, range(5))
    ghost = new_table(5, status="active", seq=1)
    ghost.id = max(t.id for t in tables) + 100
    group = [*tables[:2], ghost, *tables[2:]]
    outcomes = await asyncio.gather(*(store.append_action(t, action(t, 1)) for t in group), return_exceptions=True)
    assert isinstance(outcomes[2], (LookupError, store_factory.integrity_error))
    assert outcomes[:2] + outcomes[3:] == [None] * 5
    for table in tables:
        assert [r.seq for r in await store.actions(table.id)] == [1] and (await store.table_by_id(table.id)).seq == 1
    assert await store.actions(ghost.id) == []
    await store.close()


@pytest.mark.parametrize("value", [[], ["ann", "bob"], ['é"\\\n\u2028', "\x00"], [1, "a"], ["a", None], {"a": ["b"]}])
def test_the_shortcut_for_lists_of_strings_writes_what_the_encoder_writes(value):
    from table.store import _encode, _json

    assert _json(value) == _encode(value)
