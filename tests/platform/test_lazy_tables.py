"""Tables are read from the store on first use: start-up reads none, a button's table id or a channel
finds its table without looking at the others, and reminders reach tables nobody used since the start."""
from __future__ import annotations

import random
import sqlite3

from tests.platform.helpers import CHANNEL, GUILD, play_randomly, started_race


async def test_start_up_reads_no_table_and_an_id_finds_its_own(open_service):
    service = await open_service()
    ids = [(await started_race(service, channel=CHANNEL + i)).id for i in range(3)]
    await service.close()
    service = await open_service()
    assert service.tables() == [] and service.table(CHANNEL + 1) is None
    found = await service.table_by_id(ids[1])
    assert (found.id, found.channel_id, found.status) == (ids[1], CHANNEL + 1, "active")
    assert [t.id for t in service.tables()] == [ids[1]]  # the others stay on disk
    assert await service.table_by_id(ids[2] + 100) is None


async def test_reminders_reach_a_table_not_used_since_the_start(open_service, clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=60)
    await started_race(service)
    await service.close()
    service = await open_service()
    clock.advance(11)
    due = await service.due_reminders()
    assert [(r.channel_id, r.players) for r in due.reminders] == [(CHANNEL, ["ann"])]
    assert service.tables() == []  # whom it waits for is stored: no restore needed
    assert (await service.due_reminders()).reminders == []  # the mark is stored


async def test_a_table_stored_without_whom_it_waits_for_is_restored_for_its_reminder(open_service, db_path,
                                                                                    clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=60)
    await started_race(service)
    await service.close()
    with sqlite3.connect(db_path) as db:  # as a database from before the column was added
        db.execute("UPDATE tables SET waiting = NULL")
    service = await open_service()
    clock.advance(11)
    assert [r.players for r in (await service.due_reminders()).reminders] == [["ann"]]
    await service.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT waiting FROM tables").fetchone() == ('["ann"]',)


async def test_storage_grows_with_the_log_not_with_snapshots(open_service, db_path):
    service = await open_service(snapshot_every=5)
    await started_race(service, target=100)
    sizes = []
    for _ in range(2):
        await play_randomly(service, CHANNEL, random.Random(len(sizes)), limit=40)
        with sqlite3.connect(db_path) as db:
            assert db.execute("SELECT COUNT(*) FROM snapshots").fetchone() == (1,)
            sizes.append(db.execute("SELECT SUM(LENGTH(state)) FROM snapshots").fetchone()[0]
                         + db.execute("SELECT SUM(LENGTH(action) + LENGTH(events)) FROM actions").fetchone()[0])
    assert sizes[1] < 2.2 * sizes[0]  # twice the actions, about twice the bytes
