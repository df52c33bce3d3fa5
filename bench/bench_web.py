"""The web table's first page of each game: its bytes and the server's time (docs/web.md, issue 42).

    python bench/bench_web.py [runs]

For each game, a table after a few random moves (seeded) is served by a real web table on 127.0.0.1 (a free
port, SQLite in a temporary folder, boards drawn in one thread as with DRAW_PROCESSES=0); an aiohttp client
fetches its public page, its live part and its board picture after each of `runs` moves (default 20). Printed per game:
the page's bytes (unpacked, and as sent: public pages go compressed) and the picture's (medians), the median and p90 wall time of a page, of its live part and
of its board picture (loopback HTTP included). Each run follows a random move, as a page does after a push:
the part first, then the board of a view not drawn before, then the whole page (its board drawn by then).
With the machine's load average. Medians of several runs on a quiet machine are the figures to quote.
"""
from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from bot.drawing import Boards  # noqa: E402
from table.core import ActionCore  # noqa: E402
from table.service import TableService  # noqa: E402
from table.store import SqliteStore  # noqa: E402
from web.app import WebTable  # noqa: E402

GAMES = {"confrontation": 2, "fellowship": 3, "lcg": 2, "wotr": 2}
MOVES = 12


async def _timed(http: aiohttp.ClientSession, url: str) -> tuple[float, int, int]:
    """(seconds, bytes as sent, bytes once unpacked) of one answer."""
    start = time.perf_counter()
    async with http.get(url) as answer:
        body = await answer.read()
        assert answer.status == 200, (url, answer.status)
        packed = answer.headers.get("Content-Encoding") in ("gzip", "deflate")
    return time.perf_counter() - start, len(body), len(zlib.decompress(body, wbits=47)) if packed else len(body)


def _p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


async def _move(service: TableService, core: ActionCore, channel: int, rng: random.Random) -> None:
    player = rng.choice(service.waiting_for(channel))
    action = rng.choice(service.legal_actions(channel, player))
    await core.take(channel, player, action, service.table(channel).decision_id)


async def _table(service: TableService, core: ActionCore, channel: int, game: str, count: int, rng: random.Random):
    players = [str(10**17 + i) for i in range(count)]
    await service.create(channel, 7, game, {}, players[0], "en")
    for p in players[1:]:
        await service.join(channel, p)
    table = await service.start(channel, players[0], {p: i for i, p in enumerate(players)}, seed=rng.getrandbits(32))
    for _ in range(MOVES):
        if service.table(channel).status == "active":
            await _move(service, core, channel, rng)
    return table


async def main(runs: int) -> None:
    folder = Path(tempfile.mkdtemp())
    service = await TableService.open(SqliteStore(folder / "bench.db"))
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    port = await web.start("127.0.0.1", 0)
    base = f"http://127.0.0.1:{port}"
    print(f"load average {os.getloadavg()[0]:.2f}, {runs} runs")
    print("game            page bytes (packed)  board bytes  page ms (p50/p90)  part ms (p50/p90)  board ms (p50/p90)")
    async with aiohttp.ClientSession(auto_decompress=False) as http:  # bytes as sent (public pages compressed)
        for n, (game, count) in enumerate(GAMES.items()):
            page: list[float] = []
            part: list[float] = []
            board: list[float] = []
            page_bytes: list[int] = []
            page_unpacked: list[int] = []
            board_bytes: list[int] = []
            channel, table, rng = 0, None, random.Random(5)
            while len(page) < runs:
                if table is None or service.table(channel).status != "active":  # a new table, a few moves in
                    channel = 1000 + 100 * n + len(page)
                    table = await _table(service, core, channel, game, count, rng)
                await _move(service, core, channel, rng)  # each run: a change, then what a page fetches
                part.append((await _timed(http, f"{base}/t/{table.id}/part"))[0])
                took, size, _ = await _timed(http, f"{base}/t/{table.id}/board.png?lang=en")  # a view not drawn yet
                board.append(took)
                board_bytes.append(size)
                took, size, unpacked = await _timed(http, f"{base}/t/{table.id}")  # the whole page, its board drawn
                page.append(took)
                page_bytes.append(size)
                page_unpacked.append(unpacked)
            ms = lambda values: f"{statistics.median(values) * 1000:7.1f}/{_p90(values) * 1000:<7.1f}"  # noqa: E731
            print(f"{game:15} {statistics.median(page_unpacked):7.0f} ({statistics.median(page_bytes):6.0f})"
                  f" {statistics.median(board_bytes):12.0f}  "
                  f"{ms(page)}    {ms(part)}    {ms(board)}")
    web.boards.close()
    await web.close()
    await core.close()
    await service.close()


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
