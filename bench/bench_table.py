"""Interaction latency of the platform: a random Confrontation game through the table service.

One interaction is what the bot does for a click: service.act (engine + SQLite commit), the public
view and the acting player's view, and (when render exists) drawing the public board. Prints the
median and p99 per interaction, and the median time to draw one board.
Aim: p99 < 150 ms per interaction, < 40 ms per board.

    python bench/bench_table.py [--games 3] [--seed 1] [--no-render]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table.service import TableService
from table.store import SqliteStore


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load_renderer(enabled: bool):
    if not enabled:
        return None
    try:
        from render.confrontation import draw_board
    except ImportError:
        print("render.confrontation.draw_board is not available: timing without images")
        return None
    return draw_board


async def play(service: TableService, channel: int, seed: int, draw, act_ms, inter_ms, board_ms) -> int:
    await service.create(channel, 1, "confrontation", {}, "a", "en")
    await service.join(channel, "b")
    await service.start(channel, "a", {"a": 0, "b": 1}, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while service.table(channel).status == "active":
        player = rng.choice(service.waiting_for(channel))
        action = rng.choice(service.legal_actions(channel, player))
        start = time.perf_counter()
        await service.act(channel, player, action, service.table(channel).decision_id)
        acted = time.perf_counter()
        public = service.view(channel, None)
        service.view(channel, player)
        if draw is not None:
            before = time.perf_counter()
            draw(public, "en")
            board_ms.append((time.perf_counter() - before) * 1000)
        inter_ms.append((time.perf_counter() - start) * 1000)
        act_ms.append((acted - start) * 1000)
        actions += 1
    return actions


async def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-render", action="store_true")
    args = ap.parse_args(argv)
    draw = load_renderer(not args.no_render)
    act_ms: list[float] = []
    inter_ms: list[float] = []
    board_ms: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        service = await TableService.open(SqliteStore(Path(tmp) / "bench.db"))
        try:
            total = 0
            for game in range(args.games):
                total += await play(service, 100 + game, args.seed + game, draw, act_ms, inter_ms, board_ms)
            # Reopening replays every live table; time a restart with a game left half-way.
            await service.create(999, 1, "confrontation", {}, "a", "en")
            await service.join(999, "b")
            await service.start(999, "a", {"a": 0, "b": 1}, seed=args.seed)
            rng = random.Random(args.seed)
            for _ in range(57):
                if service.table(999).status != "active":
                    break
                player = rng.choice(service.waiting_for(999))
                await service.act(999, player, rng.choice(service.legal_actions(999, player)))
        finally:
            await service.close()
        start = time.perf_counter()
        service = await TableService.open(SqliteStore(Path(tmp) / "bench.db"))
        reopen_ms = (time.perf_counter() - start) * 1000
        await service.close()

    print(f"{args.games} random Confrontation games, {total} interactions")
    print(f"service.act           median {statistics.median(act_ms):7.2f} ms   p99 {percentile(act_ms, .99):7.2f} ms")
    what = "act + 2 views + board" if draw else "act + 2 views"
    print(f"interaction ({what}) median {statistics.median(inter_ms):7.2f} ms   "
          f"p99 {percentile(inter_ms, .99):7.2f} ms   (aim p99 < 150 ms)")
    if board_ms:
        print(f"draw_board            median {statistics.median(board_ms):7.2f} ms   "
              f"p99 {percentile(board_ms, .99):7.2f} ms   (aim < 40 ms)")
    print(f"reopen with a half-played game (snapshot + replay)  {reopen_ms:7.2f} ms")


if __name__ == "__main__":
    asyncio.run(main())
