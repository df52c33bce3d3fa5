"""PostgreSQL only: the schema matches SQLite's, and a channel is served by one process at a time.

Several processes are stood for here by several store objects (each is its own lease owner with its own
connections); tests/platform/test_multiprocess.py runs real processes. A lease is made to run out by
moving its expiry into the past, as if its owner had stalled: no test waits for a clock.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from table.errors import TableError
from table.models import ActionRecord, Table
from table.service import TableService
from table.store import MIGRATIONS, NotOwner, SqliteStore, open_store
from table.store_pg import MIGRATIONS as PG_MIGRATIONS
from table.store_pg import PgStore
from tests.platform.conftest import rules_for
from tests.platform.helpers import CHANNEL, GUILD, play_randomly, started_race


@pytest.fixture
async def url(postgres):
    return await postgres.fresh_database()


@pytest.fixture
async def stores(url):
    """stores(n): n open stores on one database, as n processes would hold; all closed at the end."""
    opened = []

    async def make(n: int = 1, **kwargs):
        batch = [PgStore(url, **kwargs) for _ in range(n)]
        for store in batch:
            await store.open()
        opened.extend(batch)
        return batch

    yield make
    for store in opened:
        await store.close()


async def expire(url, channel_id=None):
    """Every lease (or the channel's) runs out now, as when its owner stalls past the expiry."""
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute("UPDATE leases SET expires_at = clock_timestamp() - interval '1 second'"
                          " WHERE $1::bigint IS NULL OR channel_id = $1", channel_id)
    finally:
        await con.close()


async def test_both_databases_have_the_same_schema_versions_tables_and_columns(url, db_path):
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)
    lite = SqliteStore(db_path)
    await lite.open()
    await lite.close()
    with sqlite3.connect(db_path) as db:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                          " AND name NOT LIKE 'sqlite_%'")]
        sqlite_columns = {n: [r[1] for r in db.execute(f"PRAGMA table_info({n})")] for n in names}
    [pg] = [PgStore(url)]
    await pg.open()
    assert await pg.schema_version() == len(MIGRATIONS)
    rows = await pg.pool.fetch("SELECT table_name, column_name FROM information_schema.columns"
                               " WHERE table_schema = 'public' ORDER BY table_name, ordinal_position")
    await pg.close()
    pg_columns: dict[str, list[str]] = {}
    for table, column in rows:
        pg_columns.setdefault(table, []).append(column)
    assert pg_columns.pop("leases") == ["channel_id", "owner", "expires_at"]  # PostgreSQL only
    assert pg_columns == sqlite_columns


async def test_open_store_picks_the_database_from_the_url(url, db_path):
    assert isinstance(open_store(url), PgStore)
    assert isinstance(open_store(str(db_path)), SqliteStore)
    assert isinstance(open_store(db_path), SqliteStore)


async def test_processes_opening_one_new_database_at_once_migrate_it_once(url):
    fresh = [PgStore(url) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in fresh))
    assert [await s.schema_version() for s in fresh] == [len(MIGRATIONS)] * 3
    for s in fresh:
        await s.close()


async def test_a_channel_is_claimed_by_one_store_at_a_time(stores):
    a, b = await stores(2)
    assert await a.claim(5) is True  # just taken: the caller must read the channel
    assert await a.claim(5) is False  # still ours: what we remember is current
    with pytest.raises(NotOwner):
        await b.claim(5)
    table = Table(id=0, channel_id=5, guild_id=None, game="race", options={}, creator="ann", lang="en")
    with pytest.raises(NotOwner):  # a write checks the lease too
        await b.insert_table(table)
    assert await b.claim(6) is True  # other channels are free
    table.id = await a.insert_table(table)
    await a.close()  # a graceful stop hands its channels over at once
    assert await b.claim(5) is True
    assert (await b.live_table(5)).id == table.id


async def test_an_expired_lease_passes_over_and_the_old_owner_can_no_longer_write(stores, url):
    a, b = await stores(2)
    await a.claim(5)
    table = Table(id=0, channel_id=5, guild_id=None, game="race", options={}, creator="ann", lang="en",
                  status="active")
    table.id = await a.insert_table(table)
    await expire(url, 5)  # a stalls
    assert await b.claim(5) is True
    table.seq = 1
    record = ActionRecord(table.id, 1, "ann", {"type": "add"}, None, [], 2.0)
    with pytest.raises(NotOwner):  # a wakes up still believing it owns the channel
        await a.append_action(table, record)
    assert await b.actions(table.id) == []
    await b.append_action(table, record)
    assert await b.actions(table.id) == [record]
    with pytest.raises(NotOwner):
        await a.claim(5)


async def test_grouped_writes_commit_together_and_one_that_lost_its_lease_writes_nothing(stores, url):
    a, b = await stores(2)
    tables = []
    for channel in range(10):
        await a.claim(channel)
        table = Table(id=0, channel_id=channel, guild_id=None, game="race", options={}, creator="ann",
                      lang="en", status="active")
        table.id = await a.insert_table(table)
        table.seq = 1
        tables.append(table)
    await expire(url, 3)  # a stalled on channel 3 and b took it over
    assert await b.claim(3) is True
    before = a.commits
    outcomes = await asyncio.gather(
        *(a.append_action(t, ActionRecord(t.id, 1, "ann", {"type": "add"}, None, [], 2.0)) for t in tables),
        return_exceptions=True)
    assert isinstance(outcomes[3], NotOwner)
    assert outcomes[:3] + outcomes[4:] == [None] * 9
    assert a.commits - before < 5  # the ten writes shared transactions
    for table in tables:  # each acknowledged write is seen by another connection; the fenced one is not
        assert [r.seq for r in await b.actions(table.id)] == ([] if table.channel_id == 3 else [1])
        assert (await b.table_by_id(table.id)).seq == (0 if table.channel_id == 3 else 1)


async def test_the_renewal_keeps_live_tables_and_drops_lost_and_idle_channels(stores, url):
    [a] = await stores(1)
    for channel in (5, 6, 7):
        await a.claim(channel)
        await a.insert_table(Table(id=0, channel_id=channel, guild_id=None, game="race", options={},
                                   creator="ann", lang="en"))
    await a.claim(8)  # nothing there
    await expire(url, 6)
    [b] = await stores(1)
    await b.claim(6)
    await a.mark_broken((await a.live_table(7)).id, "over", 1.0)  # no longer live
    assert a.held() == [5, 6, 7, 8]  # a has not noticed yet
    await a.renew_leases()
    assert a.held() == [5] and b.held() == [6]


async def test_a_service_refuses_a_channel_served_elsewhere_then_takes_it_over_up_to_date(stores, url, clock):
    a_store, b_store = await stores(2)
    a = await TableService.open(a_store, clock=clock, rules_for=rules_for)
    b = await TableService.open(b_store, clock=clock, rules_for=rules_for)
    await started_race(a, target=60)
    rng = random.Random(3)
    await play_randomly(a, CHANNEL, rng, limit=4)
    with pytest.raises(TableError) as refused:
        await b.act(CHANNEL, "ann", {"type": "add", "n": 1})
    assert refused.value.code == "elsewhere"
    assert b.table(CHANNEL) is None  # b never read it: a served it all along

    await expire(url)  # a stalls; b is asked next and takes the table over with all 4 actions
    taken, _ = await b.act(CHANNEL, a.waiting_for(CHANNEL)[0], {"type": "add", "n": 1})
    assert taken.seq == 5
    assert b.view(CHANNEL, None)["total"] > a.view(CHANNEL, None)["total"]

    with pytest.raises(TableError) as late:  # a wakes up: its write is refused, its memory unchanged
        await a.act(CHANNEL, a.waiting_for(CHANNEL)[0], {"type": "add", "n": 1})
    assert late.value.code == "elsewhere" and a.table(CHANNEL).seq == 4

    await b.close()  # b stops; a is asked again, reads the table again and goes on from action 5
    table, _ = await a.act(CHANNEL, b.waiting_for(CHANNEL)[0], {"type": "add", "n": 2})
    assert table.seq == 6
    assert [r.seq for r in await a_store.actions(table.id)] == [1, 2, 3, 4, 5, 6]


async def test_a_service_serves_only_the_guilds_it_serves(stores, clock):
    a_store, b_store, c_store = await stores(3)
    a = await TableService.open(a_store, clock=clock, rules_for=rules_for)
    for channel, guild in [(1, 10), (2, 11), (3, 10)]:
        await a.create(channel, guild, "race", {}, "ann", "en")
    await a.close()
    b = await TableService.open(b_store, clock=clock, rules_for=rules_for, serves=lambda g: g == 10)
    c = await TableService.open(c_store, clock=clock, rules_for=rules_for, serves=lambda g: g == 11)
    assert b.tables() == [] and c.tables() == []  # nothing is read at start
    for service, mine, other in ((b, [1, 3], 2), (c, [2], 1)):
        assert [(await service.serve(ch)).channel_id for ch in mine] == mine
        with pytest.raises(TableError) as refused:
            await service.serve(other)
        assert refused.value.code == "elsewhere"
    assert sorted(t.channel_id for t in b.tables()) == [1, 3] and [t.channel_id for t in c.tables()] == [2]


async def test_a_click_routed_to_the_wrong_process_takes_nothing_from_the_right_one(stores, clock):
    a_store, b_store = await stores(2)
    a = await TableService.open(a_store, clock=clock, rules_for=rules_for, serves=lambda g: g == GUILD)
    b = await TableService.open(b_store, clock=clock, rules_for=rules_for, serves=lambda g: g != GUILD)
    await started_race(a)
    await a.close()  # a restarts: the channel is free until a new a takes it
    with pytest.raises(TableError) as refused:
        await b.act(CHANNEL, "ann", {"type": "add", "n": 1})  # b reads it, sees a's guild, lets it go
    assert refused.value.code == "elsewhere" and b_store.held() == [] and b.table(CHANNEL) is None
    with pytest.raises(TableError) as refused:
        await b.create(CHANNEL + 1, GUILD, "race", {}, "cat", "en")
    assert refused.value.code == "elsewhere"
    with pytest.raises(TableError) as empty:  # an empty channel is not kept either
        await b.act(CHANNEL + 2, "ann", {"type": "add", "n": 1})
    assert empty.value.code == "no_table" and b_store.held() == []

    [a_store] = await stores(1)
    a = await TableService.open(a_store, clock=clock, rules_for=rules_for, serves=lambda g: g == GUILD)
    table = await a.serve(CHANNEL)
    assert table.status == "active" and a_store.held() == [CHANNEL]
    assert (await a.act(CHANNEL, "ann", {"type": "add", "n": 1}))[0].seq == 1


async def test_a_failed_read_on_takeover_is_read_again_on_the_next_request(stores, url, clock):
    [a_store] = await stores(1)
    a = await TableService.open(a_store, clock=clock, rules_for=rules_for)
    await started_race(a)
    await a.close()

    class FlakyStore(PgStore):
        failures = 0

        async def live_table(self, channel_id):
            if self.failures:
                self.failures -= 1
                raise OSError("connection reset")
            return await super().live_table(channel_id)

    flaky = FlakyStore(url)
    b = await TableService.open(flaky, clock=clock, rules_for=rules_for)
    try:
        assert await b.serve(CHANNEL) is not None
        flaky.failures = 1
        await expire(url)
        await a_store.open()
        await a_store.claim(CHANNEL)  # another process takes the channel, then lets it go
        await a_store.close()
        await flaky.renew_leases()  # b notices it lost the channel
        with pytest.raises(TableError) as failed:
            await b.act(CHANNEL, "ann", {"type": "add", "n": 1})
        assert failed.value.code == "storage_failed" and flaky.held() == []
        table, _ = await b.act(CHANNEL, "ann", {"type": "add", "n": 1})  # read again, then played
        assert table.seq == 1
    finally:
        await b.close()


_RESTORE = textwrap.dedent("""
    import asyncio, json, sys
    import games
    from table.service import TableService
    from table.store_pg import PgStore
    from tests.platform.conftest import rules_for
    from tests.platform.fixture_game import GAME

    games.register(GAME)

    async def main():
        service = await TableService.open(PgStore(sys.argv[1]), rules_for=rules_for, clock=lambda: 5.0)
        table = await service.serve(int(sys.argv[2]))
        print(json.dumps({"seq": table.seq, "decision_id": table.decision_id,
                          "view": service.view(table.channel_id, "ann"),
                          "history": await service.history(table.channel_id)}))
        await service.close()

    asyncio.run(main())
""")


async def test_a_game_on_postgresql_restores_identically_in_a_fresh_process(stores, url, clock):
    [store] = await stores(1)
    service = await TableService.open(store, clock=clock, rules_for=rules_for, snapshot_every=3)
    await started_race(service, target=60)
    await play_randomly(service, CHANNEL, random.Random(5), limit=7)
    table = service.table(CHANNEL)
    expected = {"seq": 7, "decision_id": table.decision_id, "view": service.view(CHANNEL, "ann"),
                "history": await service.history(CHANNEL)}
    await service.close()
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", _RESTORE, url, str(CHANNEL)],
                                   env=env, check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert json.loads(out) == json.loads(json.dumps(expected))
