"""Several bot processes on one PostgreSQL: 4 processes, 2,000 tables, every action counted.

Starts a throwaway PostgreSQL (Debian's `postgresql` package, tests/platform/pg_server.py) on loopback,
then 4 worker processes (tests/platform/pg_load.py), one per shard, each creating and playing its 500
tables concurrently through the table service on PgStore, and clicking on the next shard's tables as a
misrouted interaction would. Prints per process the act median/p99 (service.act, durable commit
included), the total acknowledged actions per second, and the check: acknowledged == stored, no action
doubled, every stored log replays, every misrouted click refused.

Discord's rate limits are on: each acknowledged action is followed by the requests the bot sends for it
outside interactions (`--requests-per-action`, by default 1.25, bench/bench_load.py's figure for a
server's mix), paced by each process's request budget (bot/budget.py: 45 / processes a second) and
counted in Discord's one global bucket of 50 a second for the whole bot, shared by the processes
(tests/bot/discord_limits.py: SharedWindow): the figure is the actions per second the whole bot sustains
within Discord's limit, and the 429s (aim: none). `--requests-per-action 0` measures the database alone.

    python bench/bench_pg.py [--processes 4] [--tables 2000] [--actions 5] [--requests-per-action 1.25]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.platform import pg_load
from tests.platform.pg_server import PgServer


async def run(args) -> int:
    with PgServer(max_connections=50 + args.processes * args.pool) as server, \
            tempfile.TemporaryDirectory() as tmp:
        url = await server.fresh_database()
        acks = [Path(tmp) / f"acks{i}" for i in range(args.processes)]
        start = time.perf_counter()
        workers = [await pg_load.launch(url, i, args.processes, args.tables, args.actions, acks[i],
                                        "--pool", str(args.pool), "--misrouted", "1",
                                        "--requests-per-action", str(args.requests_per_action),
                                        "--global-file", str(Path(tmp) / "discord-global"),
                                        "--global-limit", str(args.global_limit))
                   for i in range(args.processes)]
        summaries = [await pg_load.summary(w) for w in workers]
        seconds = time.perf_counter() - start
        report = await pg_load.verify(url, acks, args.tables, args.actions, shards=args.processes)
    for s in summaries:
        print(f"process {s['shard']}: {s['tables']} tables, {s.get('acked', 0)} actions in {s['seconds']:.1f} s,"
              f" act p50 {s['act_ms_p50']} ms p99 {s['act_ms_p99']} ms, {s['commits']} commits,"
              f" {s['cpu_seconds']} CPU s,"
              f" misrouted clicks refused {s.get('misrouted_elsewhere', 0) + s.get('misrouted_no_table', 0)},"
              f" accepted {s.get('misrouted_accepted', 0)}, {s.get('requests', 0)} requests to Discord,"
              f" {s.get('global_429', 0)} 429s")
    acked = report["acknowledged"]
    print(f"total: {args.processes} processes, {report['tables']} tables, {acked} actions acknowledged,"
          f" {report['stored']} stored, in {seconds:.1f} s (processes started included):"
          f" {acked / seconds:.0f} acknowledged actions/s")
    requests = sum(s.get("requests", 0) for s in summaries)
    print(f"Discord: {requests} requests ({args.requests_per_action:g} per action), {requests / seconds:.1f}/s"
          f" against a global limit of {args.global_limit}/s, {sum(s.get('global_429', 0) for s in summaries)} 429s;"
          f" load average {os.getloadavg()[0]:.1f}")
    ok = (not report["problems"] and acked == report["stored"] and report["tables"] == args.tables
          and all(s.get("misrouted_accepted", 0) == 0 for s in summaries))
    print("check:", "no action lost or doubled" if ok else json.dumps(report["problems"][:20]))
    return 0 if ok else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=4)
    ap.add_argument("--tables", type=int, default=2000)
    ap.add_argument("--actions", type=int, default=5, help="actions per table (a race game ends by ~50)")
    ap.add_argument("--requests-per-action", type=float, default=1.25,
                    help="requests to Discord per action outside interactions (0: the database alone)")
    ap.add_argument("--global-limit", type=int, default=50, help="Discord's global requests per second")
    ap.add_argument("--pool", type=int, default=10, help="connections per process")
    return asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
