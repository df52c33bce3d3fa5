"""The bot started again on a stored game, in a fresh process: `resume(db, person)` runs
`python -m tests.bot.resume_check DB PERSON [--blank-board GAME]`, which starts the bot on the SQLite
file DB with a pause that lasts until the fake Discord knows PERSON (so the bot seats owing a move make
it then), and returns what followed: the table's seq and status, the players and actions of its stored
log, whom it waits for, how many public posts and who got a DM. `--blank-board GAME` draws that game's
boards as a blank PNG (a drawing is not what the test is about)."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.client import GameMasterBot
from tests.bot.harness import Harness

PNG = b"\x89PNG\r\n\x1a\n"


class Stopped(Exception):
    """The process stops during a bot's pause."""


def resume(db: Path, person: int, *, blank_board: str | None = None) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "321"}
    flags = ["--blank-board", blank_board] if blank_board else []
    done = subprocess.run([sys.executable, "-m", "tests.bot.resume_check", str(db), str(person), *flags],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


async def _main(db: str, person: int, blank_board: str | None) -> dict:
    from tests.bot.test_bot_seats import settings_for  # which imports this module

    known = asyncio.Event()

    async def pause(seconds: float) -> None:  # the bot's pause lasts until the fake Discord knows the person
        await known.wait()

    with pytest.MonkeyPatch.context() as monkeypatch:
        if blank_board:
            monkeypatch.setattr(importlib.import_module(f"render.{blank_board}"), "draw_board",
                                lambda view, lang: PNG)
        h = await Harness.start(lambda: GameMasterBot(settings_for(Path(db)), clock=lambda: 1_800_000_000.0,
                                                      sleep=pause), monkeypatch)
        h.user("alice", person)
        known.set()
        await h.settle()
        svc = h.client.service
        table = next(iter(svc.tables()))
        records = await svc.store.actions(table.id)
        out = {"seq": table.seq, "status": table.status, "players": [r.player for r in records],
               "actions": [r.action for r in records],
               "waiting": svc.waiting_for(table.channel_id) if table.status == "active" else [],
               "public": len(h.public()), "dms": sorted({p.recipient for p in h.posts if p.where == "dm"})}
        await h.close()
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("person", type=int)
    parser.add_argument("--blank-board")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(_main(args.db, args.person, args.blank_board))))
