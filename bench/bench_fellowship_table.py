"""Interaction latency of La Communauté on the platform: random 3- and 4-player games through the table
service on a temporary SQLite file (WAL, synchronous=FULL).

One interaction is what the bot does for a click: service.act (engine + SQLite commit), the public view
and the next decider's view, the public board and that player's board (render/fellowship.py), and
the text of the new events (present/fellowship.py). Prints median and p99 per interaction, the board
alone, and the PNG size. Aim: p99 < 150 ms per interaction, < 40 ms per board.

    python bench/bench_fellowship_table.py [--games 4] [--seed 1]
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
from typing import TYPE_CHECKING, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from present import fellowship as present
from render.fellowship import draw_board
from table.service import TableService
from table.store import SqliteStore

if TYPE_CHECKING:
    from engine.fellowship.view_types import FellowshipView

PLAYERS = ("a", "b", "c", "d")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def play(service: TableService, channel: int, count: int, seed: int, figures: dict) -> int:
    players = PLAYERS[:count]
    await service.create(channel, 1, "fellowship", {}, players[0], "en")
    for p in players[1:]:
        await service.join(channel, p)
    await service.start(channel, players[0], {p: i for i, p in enumerate(players)}, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while service.table(channel).status == "active":
        player = service.waiting_for(channel)[0]
        action = rng.choice(service.legal_actions(channel, player))
        start = time.perf_counter()
        _table, events = await service.act(channel, player, action, service.table(channel).decision_id)
        acted = time.perf_counter()
        public = cast("FellowshipView", service.view(channel, None))
        for event in events:
            present.describe_event(event, public, "en")
        board_start = time.perf_counter()
        png = draw_board(public, "en")
        figures["board"].append((time.perf_counter() - board_start) * 1000)
        figures["bytes"].append(len(png))
        waiting = service.waiting_for(channel)
        if waiting:
            draw_board(cast("FellowshipView", service.view(channel, waiting[0])), "en")
        figures["inter"].append((time.perf_counter() - start) * 1000)
        figures["act"].append((acted - start) * 1000)
        actions += 1
    return actions


async def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    figures: dict[str, list[float]] = {"act": [], "inter": [], "board": [], "bytes": []}
    with tempfile.TemporaryDirectory() as tmp:
        service = await TableService.open(SqliteStore(Path(tmp) / "bench.db"))
        try:
            total = 0
            for game in range(args.games):
                total += await play(service, 100 + game, 3 + game % 2, args.seed + game, figures)
        finally:
            await service.close()
    med, p99 = statistics.median, lambda v: percentile(v, .99)
    print(f"{args.games} random games of La Communauté (3 and 4 players), {total} interactions")
    print(f"service.act                  median {med(figures['act']):7.2f} ms   p99 {p99(figures['act']):7.2f} ms")
    print(f"interaction (act + views + 2 boards + texts) median {med(figures['inter']):7.2f} ms   "
          f"p99 {p99(figures['inter']):7.2f} ms   (aim p99 < 150 ms)")
    print(f"draw_board (public)          median {med(figures['board']):7.2f} ms   p99 {p99(figures['board']):7.2f} ms"
          f"   (aim < 40 ms)")
    print(f"PNG size                     median {med(figures['bytes']) / 1024:7.1f} KiB  max "
          f"{max(figures['bytes']) / 1024:7.1f} KiB")


if __name__ == "__main__":
    asyncio.run(main())
