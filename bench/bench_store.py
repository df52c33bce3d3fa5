"""Storage figures of the table service on SQLite (WAL, synchronous=FULL: every commit is durable).

1. Throughput: `--tables` tables act at once, each as fast as it can (a new game when one ends);
   prints acknowledged actions per second (service.act returned, so the action is committed), the
   median and p99 of one service.act, and how many actions shared a commit. The default game is
   "tick", a game whose rules cost nothing (below), so the figure is the platform's and the store's,
   not an engine's; `--game confrontation` (or another id) for a real engine on top.
2. Start-up: `--stored` active tables on disk, then the time to open a service on them and to serve
   one channel (its table is read and restored on that first use).
3. Storage: one Card Game played to its end or `--actions` actions; bytes stored per game.

Aims (issue #16): >= 5,000 acknowledged actions/s per process; ready < 1 s with 10,000 stored tables;
storage linear in the length of a game.

    python bench/bench_store.py [--tables 100] [--seconds 5] [--stored 10000] [--actions 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from engine.kernel import dump_json, load_json
from table.models import ActionRecord, Table
from table.service import TableService
from table.store import SqliteStore

GUILD = 1


class TickRules:
    """Two players take turns saying "tick"; the game never ends. Nothing to compute: what is left of
    an action's time is the table service's and the store's."""

    name = "tick"

    def new_game(self, players, options, seed):
        return {"game": "tick", "players": list(players), "n": 0}

    def waiting_for(self, state):
        return [state["players"][state["n"] % len(state["players"])]]

    def legal_actions(self, state, player):
        return [{"type": "tick"}] if player in self.waiting_for(state) else []

    def is_legal(self, state, player, action):
        return action in self.legal_actions(state, player)

    def apply(self, state, player, action):
        return {**state, "n": state["n"] + 1}, [{"type": "ticked", "player": player}]

    def view(self, state, viewer):
        return {"n": state["n"], "decision": {"id": state["n"]}}

    def result(self, state):
        return None

    def reveals(self, before, after, events):
        return True

    def dump(self, state):
        return dump_json(state)

    def load(self, text):
        return load_json(text, "tick")


TICK = games.Game(id="tick", rules=TickRules, seats=(2, 2), presenter=lambda: None, namespace="tick")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def new_game(service: TableService, channel: int, game: str, seed: int) -> None:
    low, _ = games.get(game).seats
    players = [f"{channel}-{i}" for i in range(low)]
    await service.create(channel, GUILD, game, {}, players[0], "en")
    for p in players[1:]:
        await service.join(channel, p)
    await service.start(channel, players[0], {p: i for i, p in enumerate(players)}, seed=seed)


async def one_table(service: TableService, channel: int, game: str, until: float, act_ms: list[float]) -> None:
    rng = random.Random(channel)
    await new_game(service, channel, game, channel)
    while time.perf_counter() < until:
        if service.table(channel).status != "active":
            await new_game(service, channel, game, rng.randrange(1 << 30))
            continue
        player = rng.choice(service.waiting_for(channel))
        action = rng.choice(service.legal_actions(channel, player))
        start = time.perf_counter()
        await service.act(channel, player, action, service.table(channel).decision_id)
        act_ms.append((time.perf_counter() - start) * 1000)


async def throughput(folder: Path, tables: int, seconds: float, game: str) -> None:
    service = await TableService.open(SqliteStore(folder / "throughput.db"))
    act_ms: list[float] = []
    commits = service.store.commits
    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(one_table(service, 1000 + i, game, start + seconds, act_ms) for i in range(tables)))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    commits = service.store.commits - commits
    await service.close()
    print(f"{game}, {tables} tables acting at once for {elapsed:.1f} s: {len(act_ms)} actions,"
          f" {len(act_ms) / elapsed:,.0f} acknowledged actions/s (aim >= 5,000);"
          f" {len(act_ms) / cpu:,.0f} actions per second of this process's CPU time")
    print(f"  service.act: median {statistics.median(act_ms):.1f} ms, p99 {percentile(act_ms, 0.99):.1f} ms;"
          f" {commits} commits for every write (actions and new games): {len(act_ms) / max(commits, 1):.1f}"
          " actions per commit")


async def store_alone(folder: Path, tables: int, seconds: float) -> None:
    """The same load on the store alone: each table appends its actions, no service, no engine."""
    store = SqliteStore(folder / "alone.db")
    await store.open()
    rows = []
    for i in range(tables):
        row = Table(id=0, channel_id=i, guild_id=GUILD, game="tick", options={}, creator="a", lang="en",
                    players=["a", "b"], status="active", waiting=["a"])
        row.id = await store.insert_table(row)
        rows.append(row)
    write_ms: list[float] = []
    until = time.perf_counter() + seconds

    async def writer(row: Table) -> None:
        while time.perf_counter() < until:
            row.seq += 1
            record = ActionRecord(row.id, row.seq, "a", {"type": "tick"}, row.seq, [{"type": "ticked"}], 0.0)
            start = time.perf_counter()
            await store.append_action(row, record)
            write_ms.append((time.perf_counter() - start) * 1000)

    commits, start = store.commits, time.perf_counter()
    await asyncio.gather(*(writer(row) for row in rows))
    elapsed = time.perf_counter() - start
    commits = store.commits - commits
    await store.close()
    print(f"store alone, {tables} tables appending at once: {len(write_ms) / elapsed:,.0f} durable actions/s,"
          f" append median {statistics.median(write_ms):.1f} ms, p99 {percentile(write_ms, 0.99):.1f} ms,"
          f" {len(write_ms) / max(commits, 1):.1f} actions per commit")


async def startup(folder: Path, stored: int) -> None:
    path = folder / "startup.db"
    service = await TableService.open(SqliteStore(path))
    await new_game(service, 0, "lcg", 0)
    model = service.table(0)
    snapshot = await service.store.latest_snapshot(model.id)
    for first in range(1, stored, 1000):  # copies of that game in other channels, written concurrently
        async def copy(channel: int) -> None:
            row = dataclasses.replace(model, channel_id=channel, state=None)
            row.id = await service.store.insert_table(row)
            await service.store.save_table(row, snapshot=snapshot)
        await asyncio.gather(*(copy(c) for c in range(first, min(first + 1000, stored))))
    await service.close()
    start = time.perf_counter()
    service = await TableService.open(SqliteStore(path))
    opened = time.perf_counter()
    table = await service.serve(stored // 2)
    served = time.perf_counter()
    await service.close()
    assert table is not None and table.status == "active"
    print(f"start-up with {stored:,} active Card Game tables stored: service open {1000 * (opened - start):.1f} ms,"
          f" first use of one channel (read + restore) {1000 * (served - opened):.1f} ms (aim: ready < 1 s)")


async def storage(folder: Path, actions: int) -> None:
    path = folder / "storage.db"
    service = await TableService.open(SqliteStore(path))
    players = ["a", "b", "c", "d"]
    await service.create(1, GUILD, "lcg", {}, players[0], "en")
    for p in players[1:]:
        await service.join(1, p)
    await service.start(1, "a", {p: i for i, p in enumerate(players)}, seed=7)
    rng = random.Random(7)
    played = 0
    while played < actions and service.table(1).status == "active":
        player = rng.choice(service.waiting_for(1))
        await service.act(1, player, rng.choice(service.legal_actions(1, player)))
        played += 1
    await service.close()
    with sqlite3.connect(path) as db:
        log, = db.execute("SELECT SUM(LENGTH(action) + LENGTH(events) + LENGTH(player)) FROM actions").fetchone()
        snaps, snap = db.execute("SELECT COUNT(*), SUM(LENGTH(state)) FROM snapshots").fetchone()
        db.execute("VACUUM")
    size = path.stat().st_size
    print(f"a 4-player Card Game of {played} actions: {size / 2**20:.2f} MiB on disk after VACUUM;"
          f" log {log / 2**20:.2f} MiB ({log / played:.0f} bytes per action), {snaps} snapshot of"
          f" {snap / 1024:.0f} KiB")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default="tick")
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--actions", type=int, default=2000)
    args = parser.parse_args()
    games.register(TICK)
    with tempfile.TemporaryDirectory() as folder:
        await throughput(Path(folder), args.tables, args.seconds, args.game)
        await store_alone(Path(folder), args.tables, args.seconds)
        await startup(Path(folder), args.stored)
        await storage(Path(folder), args.actions)


if __name__ == "__main__":
    asyncio.run(main())
