"""Broken tables: a game that cannot be restored is stored as broken (it does not come back at every
start and holds no channel), any seated player or a moderator clears it from the channel, and
`python -m table.repair` replays it once the cause is fixed."""
from __future__ import annotations

import random
import sqlite3
import subprocess
import sys

import pytest

from engine import IllegalAction
from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, GUILD, play_randomly, started_race
from tests.platform.restart_check import fingerprint, in_fresh_process

TAMPER = "UPDATE snapshots SET state = 'not a dump'"


async def _broken_race(open_service, db_path, players=("ann", "bob")):
    service = await open_service(snapshot_every=2)
    await started_race(service, players=players, target=60)
    await play_randomly(service, CHANNEL, random.Random(1), limit=5)
    await service.close()
    with sqlite3.connect(db_path) as db:
        db.execute(TAMPER)
    return await open_service()


async def test_a_tampered_snapshot_is_stored_broken_and_does_not_come_back(open_service, db_path):
    service = await _broken_race(open_service, db_path)
    broken = await service.serve(CHANNEL)
    assert broken.status == "broken" and "BadSave" in broken.reason
    for refused in (service.act(CHANNEL, "ann", {"type": "add", "n": 1}), service.claim_timeout(CHANNEL, "bob")):
        with pytest.raises(TableError) as e:
            await refused
        assert e.value.code == "broken"
    await service.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT status FROM tables").fetchall() == [("broken",)]
    again = await open_service()
    assert await again.serve(CHANNEL) is None  # not restored again, nothing holds the channel


async def test_a_new_game_may_open_where_a_table_broke(open_service, db_path):
    service = await _broken_race(open_service, db_path)
    assert (await service.serve(CHANNEL)).status == "broken"
    table = await service.create(CHANNEL, GUILD, "race", {}, "cat", "en")
    assert table.status == "lobby" and service.table(CHANNEL).id == table.id


@pytest.mark.parametrize("who,moderator", [("bob", False), ("ann", False), ("mod", True)])
async def test_a_seated_player_or_a_moderator_clears_a_broken_table(open_service, db_path, who, moderator):
    service = await _broken_race(open_service, db_path)
    with pytest.raises(TableError) as e:  # not a stranger
        await service.abandon(CHANNEL, "eve")
    assert e.value.code == "not_in_game"
    cleared = await service.abandon(CHANNEL, who, manage_channel=moderator)
    assert (cleared.status, cleared.reason) == ("abandoned", "broken")
    assert service.table(CHANNEL) is None and await service.serve(CHANNEL) is None
    with sqlite3.connect(db_path) as db:  # the row stays broken, untouched, for a repair
        assert db.execute("SELECT status, seq FROM tables").fetchall() == [("broken", 5)]


def _repair(db_path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "table.repair", "--db", str(db_path), *args],
                          capture_output=True, text=True, timeout=300, check=False)


async def test_repair_replays_a_broken_game_which_then_goes_on_identically(tmp_path):
    """A Card Game broken by an engine fault at restore, repaired by the command in a fresh process
    once the engine works again, then reopened by another fresh process: the same game as before."""
    db_path = tmp_path / "tables.db"
    service = await TableService.open(SqliteStore(db_path), snapshot_every=4)
    await service.create(CHANNEL, GUILD, "lcg", {}, "ann", "en")
    await service.join(CHANNEL, "bob")
    await service.start(CHANNEL, "ann", {"ann": 0, "bob": 1}, seed=5)
    rng = random.Random(2)
    await play_randomly(service, CHANNEL, rng, limit=30)
    before = fingerprint(service, CHANNEL)
    moves = await play_randomly(service, CHANNEL, rng, limit=10)
    after = fingerprint(service, CHANNEL)
    await service.close()
    with sqlite3.connect(db_path) as db:  # those 10 actions were never played: back to action 30
        db.execute("DELETE FROM actions WHERE seq > 30")
        db.execute("UPDATE tables SET seq = 30")

    def faulty(game):
        raise RuntimeError("a bug in this deploy")

    broken = await TableService.open(SqliteStore(db_path), rules_for=faulty)
    assert "RuntimeError" in (await broken.serve(CHANNEL)).reason
    await broken.close()

    listed = _repair(db_path)
    assert listed.returncode == 0 and "1 broken table(s)" in listed.stdout and "RuntimeError" in listed.stdout
    done = _repair(db_path, "--table", "1")
    assert done.returncode == 0 and "repaired: active after 30 actions" in done.stdout, done.stdout + done.stderr
    assert _repair(db_path, "--table", "1").returncode == 1  # once repaired, there is nothing to do
    prints = in_fresh_process(db_path, CHANNEL, moves)
    assert prints[0] == before and prints[-1] == after


async def test_repair_refuses_while_the_channel_hosts_another_game_or_the_replay_still_fails(
        open_service, db_path):
    service = await _broken_race(open_service, db_path)
    table_id = (await service.serve(CHANNEL)).id
    await service.create(CHANNEL, GUILD, "race", {}, "cat", "en")
    with pytest.raises(TableError) as e:
        await service.repair(table_id)
    assert e.value.code == "already_active"
    await service.abandon(CHANNEL, "cat")
    with sqlite3.connect(db_path) as db:  # a forged move: replaying the log still fails
        db.execute("UPDATE actions SET action = '{\"type\": \"add\", \"n\": 9}' WHERE seq = 3")
    with pytest.raises(IllegalAction):
        await service.repair(table_id)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone() == ("broken",)
    with pytest.raises(TableError) as e:
        await service.repair(table_id + 1)  # the abandoned table is not broken
    assert e.value.code == "not_broken"


async def test_a_started_table_without_its_seed_is_stored_broken_saying_so(open_service, db_path):
    service = await open_service(snapshot_every=1000)  # no snapshot: a restore deals the opening again
    await started_race(service, players=("ann", "bob"), target=60)
    await play_randomly(service, CHANNEL, random.Random(1), limit=3)
    await service.close()
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM snapshots")
        db.execute("UPDATE tables SET seed = NULL")
    broken = await (await open_service()).serve(CHANNEL)
    assert broken.status == "broken" and "CorruptRecord" in broken.reason and "without a seed" in broken.reason
