"""A table reopened by a fresh process: `in_fresh_process(db, channel, moves)` starts
`python -m tests.platform.restart_check` with another PYTHONHASHSEED, which opens a TableService on the
SQLite file, plays `moves` through `service.act` and returns the fingerprint of the table before each
move and after the last; `fingerprint(service, channel)` computes the same in this process."""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys

from table.service import TableService
from table.store import SqliteStore
from tests.restore_check import other_hash_seed


def fingerprint(service: TableService, channel: int) -> str:
    """What every seat and the channel see and may do, and the row the service keeps."""
    table = service.table(channel)
    seen = [table.status, table.seq, table.decision_id, table.result, service.waiting_for(channel)]
    for viewer in (None, *table.players):
        seen.append(service.view(channel, viewer) if table.status != "broken" else table.reason)
        if viewer is not None:
            seen.append(list(service.legal_actions(channel, viewer)))
    return hashlib.sha256(json.dumps(seen, ensure_ascii=False).encode()).hexdigest()


async def replay(db: str, channel: int, moves: list) -> list[str]:
    service = await TableService.open(SqliteStore(db))
    try:
        await service.serve(channel)
        prints = [fingerprint(service, channel)]
        for player, action in moves:
            await service.act(channel, player, action, service.table(channel).decision_id)
            prints.append(fingerprint(service, channel))
        return prints
    finally:
        await service.close()


def in_fresh_process(db, channel: int, moves: list) -> list[str]:
    job = {"db": str(db), "channel": channel, "moves": moves}
    env = dict(os.environ, PYTHONHASHSEED=other_hash_seed())
    done = subprocess.run([sys.executable, "-m", "tests.platform.restart_check"], input=json.dumps(job),
                          capture_output=True, text=True, env=env, timeout=600, check=False)
    if done.returncode != 0:
        raise AssertionError(f"the fresh process failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


if __name__ == "__main__":
    job = json.load(sys.stdin)
    json.dump(asyncio.run(replay(job["db"], job["channel"], job["moves"])), sys.stdout)
