"""A process killed in the middle of grouped commits on SQLite loses no acknowledged action.

A child process plays 40 tables at once through the service (their actions share commits, written a run
at a time) and writes a line for each action once `act` returned; it is killed (SIGKILL) while the
writes go on. A fresh process then finds every acknowledged action stored, at most the one action in
flight per table stored without its line, every log without a gap, and each table restored where its
log ends. PostgreSQL's counterpart is tests/platform/test_multiprocess.py.
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
import time

from table.service import TableService
from table.store import SqliteStore
from tests.platform.conftest import rules_for

TABLES = 40

_PLAY = textwrap.dedent("""
    import asyncio, json, random, sys
    import games
    from table.service import TableService
    from table.store import SqliteStore
    from tests.platform.fixture_game import GAME

    async def main(path, acks, tables):
        games.register(GAME)
        service = await TableService.open(SqliteStore(path))
        out = open(acks, "a", buffering=1)

        async def play(channel):
            rng = random.Random(channel)
            while True:  # game after game in the channel, until killed
                await service.create(channel, 1, "race", {"target": 100}, "ann", "en")
                await service.join(channel, "bob")
                table = await service.start(channel, "ann", {"ann": 0, "bob": 1}, seed=channel)
                while table.status == "active":
                    player = service.waiting_for(channel)[0]
                    action = rng.choice(service.legal_actions(channel, player))
                    table, _ = await service.act(channel, player, action)
                    out.write(json.dumps([table.id, table.seq]) + "\\n")

        await asyncio.gather(*(play(1000 + t) for t in range(tables)))

    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
""")


def _acknowledged(path) -> dict[int, int]:
    """The last acknowledged seq of each table (lines are written in order per table)."""
    last: dict[int, int] = {}
    for line in path.read_text().splitlines():
        table_id, seq = json.loads(line)
        assert seq == last.get(table_id, 0) + 1, f"table {table_id}: ack {seq} after {last.get(table_id)}"
        last[table_id] = seq
    return last


async def test_a_killed_process_loses_no_acknowledged_action_of_its_grouped_commits(tmp_path):
    db, acks = tmp_path / "crash.db", tmp_path / "acks"
    child = subprocess.Popen([sys.executable, "-c", _PLAY, str(db), str(acks), str(TABLES)])
    try:
        deadline = time.monotonic() + 300  # only turns a hang into a failure
        while not acks.exists() or acks.read_text().count("\n") < 3000:
            assert child.poll() is None, "the player process ended on its own"
            assert time.monotonic() < deadline, "the player process made too little progress"
            await asyncio.sleep(0.1)
    finally:
        child.kill()  # SIGKILL: no close, no flush, in the middle of its commits
        child.wait()
    acked = _acknowledged(acks)
    with sqlite3.connect(db) as con:
        stored = dict(con.execute("SELECT table_id, MAX(seq) FROM actions GROUP BY table_id").fetchall())
        gaps = con.execute("SELECT table_id FROM actions GROUP BY table_id HAVING COUNT(*) <> MAX(seq)").fetchall()
    assert gaps == []
    assert all(stored.get(table_id, 0) >= seq for table_id, seq in acked.items())  # nothing acknowledged lost
    assert all(stored[table_id] - acked.get(table_id, 0) <= 1 for table_id in stored)  # one in flight at most
    service = await TableService.open(SqliteStore(db), rules_for=rules_for)
    try:
        for channel in range(1000, 1000 + TABLES):
            table = await service.serve(channel)
            if table is not None and table.status == "active":  # restored where its log ends
                assert table.seq == stored.get(table.id, 0)
    finally:
        await service.close()
