"""Four bot processes, one PostgreSQL: every table served by one process at a time, no action lost or
doubled, even when a process stalls mid-game and another takes its shard over.

The workers are real processes (tests/platform/pg_load.py); what they acknowledged is compared with what
the database holds, and every stored log is replayed through the rules. The 2,000-table run with figures
is bench/bench_pg.py.
"""
from __future__ import annotations

import asyncio
import json

from tests.platform import pg_load

SHARDS, TABLES, ACTIONS = 4, 200, 10  # 50 tables per process, 2,000 actions (a race game lasts > 30)
HALF = ACTIONS // 2


def _lines(path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


async def _until(process, word: str) -> dict:
    """Read the worker's JSON lines up to the first with `word` (the bound only turns a hang into a
    failure). A worker may say "refused" on its own too: another shard's misrouted click can hold one of
    its channels for a moment."""
    while True:
        raw = await asyncio.wait_for(process.stdout.readline(), 300)
        assert raw, f"the worker ended without saying {word!r}"
        line = json.loads(raw)
        if word in line:
            return line


async def test_four_processes_lose_and_double_no_action_even_when_one_is_replaced(postgres, tmp_path):
    url = await postgres.fresh_database()
    acks = [tmp_path / f"acks{i}" for i in range(SHARDS)]
    options = ("--lease-seconds", "2")  # a killed worker's tables are free again 2 s after its death
    # Shard 0's worker plays half of each game, then stays alive holding its leases, as a process that
    # stopped answering. Its replacement starts meanwhile (as in a deploy where the new process starts
    # before the old one stops) and must not touch those tables until the old worker is dead and its
    # leases have run out; it then plays the second half from where the old one stopped.
    workers = [await pg_load.launch(url, i, SHARDS, TABLES, ACTIONS, acks[i], *options,
                                    *(("--hold-at", str(HALF)) if i == 0 else ())) for i in range(SHARDS)]
    assert await _until(workers[0], "holding") == {"holding": 0}
    resumed = tmp_path / "acks0-resumed"
    replacement = await pg_load.launch(url, 0, SHARDS, TABLES, ACTIONS, resumed, "--resume", *options)
    assert await _until(replacement, "refused") == {"refused": 0}  # it met the old worker's leases
    workers[0].kill()
    await workers[0].wait()

    summaries = [await pg_load.summary(w) for w in [*workers[1:], replacement]]
    report = await pg_load.verify(url, [*acks, resumed], TABLES, ACTIONS,
                                  interrupted_shards=frozenset({0}), shards=SHARDS)

    assert report["problems"] == []
    assert report["tables"] == TABLES
    assert report["acknowledged"] == report["stored"] == TABLES * ACTIONS  # each stored once, none lost
    shard = TABLES // SHARDS
    assert _lines(acks[0]) == shard * HALF and summaries[-1]["acked"] == shard * (ACTIONS - HALF)
    for summary in summaries:  # clicks sent to the wrong process were all refused
        assert summary.get("misrouted_accepted", 0) == 0
        assert summary.get("misrouted_elsewhere", 0) + summary.get("misrouted_no_table", 0) > 0
