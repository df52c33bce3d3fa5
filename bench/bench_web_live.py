"""The web table live: time from an action to every open page showing it, and the server's CPU per page update.

    python bench/bench_web_live.py [--tables 1] [--pages 200] [--moves 30] [--game confrontation]
    python bench/bench_web_live.py --tables 500 --pages 2 --moves 50

This process runs the web table (a table service on SQLite in a temporary folder, boards drawn in one thread)
with `tables` games; a second process simulates the browsers: `pages` pages per table, each holding a push
connection and, on each hint, fetching its live part as live.js does. Then `moves` random moves, one at a
time on a random table: the time from the start of the move (`ActionCore.take`, its storing included) to
the moment each page of that table has its new part, over the wall clock both processes share. Printed:
the median, p90, p99 and max of the time to the last page of each move and over every page, and the server
process's CPU time per page part served (time.process_time over the moves / parts fetched), with the load
average. The page part excludes its board picture (a browser fetches it after the part; bench_web.py times
it).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from bot.drawing import Boards  # noqa: E402
from table.core import ActionCore  # noqa: E402
from table.service import TableService  # noqa: E402
from table.store import SqliteStore  # noqa: E402
from web.app import WebTable  # noqa: E402
from web.pages import version  # noqa: E402

SEATS = {"confrontation": 2, "fellowship": 3, "lcg": 2, "wotr": 2}


# ------------------------------------------------------------------ the browsers (another process)

async def _page(http: aiohttp.ClientSession, base: str, table: int, out: asyncio.Queue, ready: asyncio.Event,
                opened: list[int], total: int) -> None:
    async with http.ws_connect(f"{base}/t/{table}/live", heartbeat=None) as socket:
        opened[0] += 1
        if opened[0] == total:
            ready.set()
        async for message in socket:
            wanted = json.loads(message.data)["version"]
            async with http.get(f"{base}/t/{table}/part") as answer:
                await answer.read()
                shown = answer.headers["X-Table-Version"]
            out.put_nowait((table, shown, time.time(), wanted))


async def browsers(base: str, tables: list[int], pages: int) -> None:
    out: asyncio.Queue = asyncio.Queue()
    ready = asyncio.Event()
    opened = [0]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        tasks = [asyncio.create_task(_page(http, base, t, out, ready, opened, len(tables) * pages))
                 for t in tables for _ in range(pages)]
        await ready.wait()
        print(json.dumps({"ready": True}), flush=True)
        while True:
            table, shown, at, _ = await out.get()
            print(json.dumps({"table": table, "version": shown, "at": at}), flush=True)
        await asyncio.gather(*tasks)


# ------------------------------------------------------------------ the server (this process)

def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def server(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp())
    service = await TableService.open(SqliteStore(folder / "bench.db"))
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    web.open_pushes.limit = web.address_uses.limit = 10**9  # every simulated browser comes from one address
    port = await web.start("127.0.0.1", 0)
    rng = random.Random(1)
    channels: dict[int, int] = {}  # table id -> channel
    for n in range(args.tables):
        players = [str(10**17 + i) for i in range(SEATS[args.game])]
        channel = 5000 + n
        await service.create(channel, 7, args.game, {}, players[0], "en")
        for p in players[1:]:
            await service.join(channel, p)
        table = await service.start(channel, players[0], {p: i for i, p in enumerate(players)}, seed=rng.getrandbits(32))
        channels[table.id] = channel
    client = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--browsers", f"http://127.0.0.1:{port}", "--pages", str(args.pages),
        "--ids", ",".join(map(str, channels)), stdout=subprocess.PIPE)
    assert client.stdout is not None
    while "ready" not in json.loads(await client.stdout.readline()):
        pass
    print(f"load average {os.getloadavg()[0]:.2f}; {args.tables} table(s) of {args.game} x {args.pages} page(s), "
          f"{web.pushes.open_pages()} open; {args.moves} moves")
    last, every = list[float](), list[float]()
    cpu, parts = time.process_time(), 0
    for _ in range(args.moves):
        table_id = rng.choice([t for t, c in channels.items() if service.table(c).status == "active"])
        channel = channels[table_id]
        player = rng.choice(service.waiting_for(channel))
        action = rng.choice(service.legal_actions(channel, player))
        start = time.time()
        change = await core.take(channel, player, action, service.table(channel).decision_id)
        target, seen = version(change.table), list[float]()
        while len(seen) < args.pages:
            line = json.loads(await asyncio.wait_for(client.stdout.readline(), 60))
            parts += 1
            if line["table"] == table_id and line["version"] == target:
                seen.append(line["at"] - start)
        last.append(max(seen))
        every += seen
    cpu = time.process_time() - cpu
    client.kill()
    await client.wait()
    ms = lambda values: " / ".join(f"{1000 * v:.0f}" for v in (statistics.median(values), _pct(values, 0.9),  # noqa: E731
                                                               _pct(values, 0.99), max(values)))
    print(f"action to the last page (ms, p50 / p90 / p99 / max): {ms(last)}")
    print(f"action to each page     (ms, p50 / p90 / p99 / max): {ms(every)}")
    print(f"server CPU per page part served: {1000 * cpu / max(parts, 1):.2f} ms ({parts} parts)")
    await web.close()
    web.boards.close()
    await core.close()
    await service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--game", choices=sorted(SEATS), default="confrontation")
    parser.add_argument("--browsers", help=argparse.SUPPRESS)  # the simulated browsers' process
    parser.add_argument("--ids", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.browsers:
        asyncio.run(browsers(args.browsers, [int(i) for i in args.ids.split(",")], args.pages))
    else:
        asyncio.run(server(args))


if __name__ == "__main__":
    main()
