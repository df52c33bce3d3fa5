"""Playing from the browser: time from a click on a seat's page to the page showing its result.

    python bench/bench_web_play.py [--game confrontation] [--clicks 200] [--seed 1] [--forwarded]

A web table (a table service on SQLite in a temporary folder, as the bot runs it) serves games of `game`
between two people, each signed in with a session; the bench clicks as the page's script does (web/static/
act.js): the awaited seat's page part is read, one of its choices picked at random (seeded), POSTed to
/t/<table>/me/act asking for JSON, then the seat's part fetched again. Timed: from the start of the POST to
the part's last byte, over `clicks` clicks (a finished game is followed by a new one). Printed separately:
clicks that take an action (the action core's `take`, its storing included) and clicks that open a further
step of a menu (nothing changed); p50 / p90 / p99 / max in ms, with the load average before and after. The
simulated browser runs in this process, on the server's event loop: the figures include its own work.

`--forwarded`: two processes on a throwaway PostgreSQL server (tests/platform/pg_server.py), both in this
process and loop: one serves the games, the pages are those of the other, which serves none, so every click
is forwarded to the first (web/forward.py) and every part read from the store.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from bot.drawing import Boards  # noqa: E402
from table.core import ActionCore  # noqa: E402
from table.service import TableService  # noqa: E402
from table.store import SqliteStore  # noqa: E402
from table.store_pg import PgStore  # noqa: E402
from tests.platform.pg_server import PgServer  # noqa: E402
from web.app import WebTable  # noqa: E402

SEATS = {"confrontation": 2, "fellowship": 3, "lcg": 2, "wotr": 2}
FORM = re.compile(r'<form method="post" action="([^"]*/me/act[^"]*)" class="act[^"]*">(.*?)</form>', re.S)


def choices(part: str) -> list[tuple[str, dict[str, str]]]:
    """Every choice of a part's control forms: (where it is sent, the fields it sends)."""
    out = []
    for action, form in FORM.findall(part):
        hidden = {k: unescape(v) for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form)}
        sent = re.findall(r'<button type="submit" name="(\w)" value="([^"]*)"', form)
        sent += [("o", v) for v in re.findall(r'<option value="([^"]*)"', form)]
        if "<input type=\"checkbox\"" in form:
            sent.append(("", ""))  # a multi-select confirmed with nothing ticked
        out += [(unescape(action), {**hidden, **({name: value} if name else {})}) for name, value in sent]
    return out


def _pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def ms(values: list[float]) -> str:
    if not values:
        return "none"
    return " / ".join(f"{1000 * v:.1f}" for v in (statistics.median(values), _pct(values, 90), _pct(values, 99),
                                                   max(values))) + f" ({len(values)} clicks)"


async def run(args: argparse.Namespace, url: str | None) -> None:
    load = os.getloadavg()[0]
    folder = tempfile.mkdtemp(prefix="bench_web_play_")
    service = await TableService.open(PgStore(url) if url else SqliteStore(Path(folder) / "bench.db"))
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    pages, port = web, await web.start("127.0.0.1", 0)  # the web table whose pages are clicked
    if url:  # another process's, serving no table
        other = await TableService.open(PgStore(url), serves=lambda guild: False)
        pages = WebTable(ActionCore(other, bot_pause=0), Boards(processes=0))
        port = await pages.start("127.0.0.1", 0)
    pages.address_uses.limit = pages.session_uses.limit = 10**9  # a simulated person clicks faster than the limits let
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(args.seed)
    taken: list[float] = []
    steps: list[float] = []
    http = aiohttp.ClientSession()
    channel = 0
    try:
        while len(taken) + len(steps) < args.clicks:
            channel += 1
            people = [str(10**17 + channel * 10 + i) for i in range(SEATS[args.game])]
            await service.create(channel, 1, args.game, {}, people[0], "en")
            for person in people[1:]:
                await service.join(channel, person)
            table = await service.start(channel, people[0], {p: i for i, p in enumerate(people)}, seed=rng.getrandbits(32))
            cookies = {}
            for person in people:
                secret = await pages.records.new_link(person, table.id, time.time())
                cookies[person] = {"Cookie": f"lotr_session={(await pages.records.spend(secret, time.time())).secret}"}
            part = f"{base}/t/{table.id}/me/part?lang=en"
            while service.table(channel).status == "active" and len(taken) + len(steps) < args.clicks:
                person = rng.choice(service.waiting_for(channel))
                async with http.get(part, headers=cookies[person]) as answer:
                    offered = choices(await answer.text())
                while offered:
                    action, data = rng.choice(offered)
                    started = time.perf_counter()
                    async with http.post(base + action, data=data, headers={
                            **cookies[person], "Accept": "application/json", "Origin": base}) as answer:
                        said = await answer.json()
                    if not said["ok"]:
                        raise SystemExit(f"a click was refused: {said['text']}")
                    query = f"&step={said['step']}&v={data['v']}" if said["step"] else ""
                    async with http.get(part + query, headers=cookies[person]) as answer:
                        shown = await answer.text()
                    (steps if said["step"] else taken).append(time.perf_counter() - started)
                    offered = choices(shown) if said["step"] else []
    finally:
        await http.close()
        for opened in {web, pages}:
            await opened.close()
            opened.boards.close()
            await opened.core.close()
            await opened.service.close()
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; {args.game}, {channel} game(s), "
          f"seed {args.seed}" + (", forwarded to another process" if url else ""))
    print(f"click taking an action to the page showing it (ms, p50 / p90 / p99 / max): {ms(taken)}")
    print(f"click opening a menu's next step to the page showing it (ms, same): {ms(steps)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SEATS), default="confrontation")
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--forwarded", action="store_true", help="click on another process's pages (PostgreSQL)")
    args = parser.parse_args()
    if not args.forwarded:
        asyncio.run(run(args, None))
        return
    with PgServer() as server:
        asyncio.run(_forwarded(server, args))


async def _forwarded(server: PgServer, args: argparse.Namespace) -> None:
    await run(args, await server.fresh_database())


if __name__ == "__main__":
    main()
