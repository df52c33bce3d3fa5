"""Several bot processes on one PostgreSQL, counting every action: the load behind
tests/platform/test_multiprocess.py (small sizes) and bench/bench_pg.py (4 processes, 2,000 tables).

`python -m tests.platform.pg_load URL --shard I --shards N --tables T --actions A --acks FILE` is one
bot process serving shard I of N. Table t sits in channel CHANNEL0 + t of guild t << 22, which Discord's
rule (guild >> 22) % N puts in shard t % N. The worker creates the games of its shard (or, with --resume,
takes them over from a killed worker of that shard) and plays each up to A random legal actions, writing a line
per acknowledged action to FILE before the next one (what is in the file was acknowledged). Meanwhile it
clicks on the tables of the next shard, as an interaction routed to the wrong process would: each such
click must be refused. It prints JSON lines: once its service is open ("ready"), the first time another
worker's lease makes it wait ("refused"), when --hold-at is reached ("holding"), and a summary at the
end; any other failure (a storage error included) ends it with an error.

With `--requests-per-action R`, each acknowledged action is followed by the R requests to Discord the
bot sends for it outside interactions (a fraction carried over to the next action), each taking its
place in the process's request budget (bot/budget.py, `--request-rate`, by default 45 / N) and then in
Discord's global bucket, one for the whole bot, shared by the processes through `--global-file`
(tests/bot/discord_limits.py: SharedWindow); a request that bucket refuses is a 429 (counted, waited out,
sent again). The table's next action waits for them, as a player waits for the board.

`verify(url, ack_files, ...)` then compares what the workers acknowledged with what the database holds.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import games
from bot.budget import RequestBudget
from table.errors import TableError
from table.service import TableService
from table.store_pg import PgStore
from tests.bot.discord_limits import SharedWindow
from tests.platform.fixture_game import GAME
from tests.platform.fixture_game import RULES as RACE

CHANNEL0 = 1_000_000
PLAYERS = ("ann", "bob")


def shard_of(guild_id: int, shards: int) -> int:
    return (guild_id >> 22) % shards  # Discord's rule


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


class Worker:
    def __init__(self, service: TableService, args):
        self.service, self.args = service, args
        self.acks = open(args.acks, "a", buffering=1)  # noqa: SIM115 - line-buffered for the whole run
        self.counts: Counter = Counter()
        self.act_ms: list[float] = []
        self.budget = RequestBudget(args.request_rate or 45.0 / args.shards)
        self.discord = SharedWindow(str(args.global_file), args.global_limit) if args.global_file else None
        self.owed = 0.0  # requests owed to Discord for the actions acknowledged so far

    async def send_requests(self) -> None:
        """The requests the bot sends Discord for one action (outside interactions), paced by its budget."""
        self.owed += self.args.requests_per_action
        while self.owed >= 1 and self.discord is not None:
            self.owed -= 1
            await self.budget.spend()
            while not self.discord.take(time.time()):
                self.counts["global_429"] += 1
                await asyncio.sleep(self.discord.retry_after(time.time()))
            self.counts["requests"] += 1

    async def wait_for_the_lease(self) -> None:
        """Another worker serves the channel: say so the first time (the test waits for it), retry soon."""
        if not self.counts["waited_for_the_lease"]:
            print(json.dumps({"refused": self.args.shard}), flush=True)
        self.counts["waited_for_the_lease"] += 1
        await asyncio.sleep(0.05)

    async def patiently(self, step):
        """Run a step, waiting while an earlier worker's lease on the channel has not run out."""
        while True:
            try:
                return await step()
            except TableError as exc:
                if exc.code != "elsewhere":
                    raise
                await self.wait_for_the_lease()

    async def open_table(self, t: int) -> None:
        channel, service = CHANNEL0 + t, self.service
        await self.patiently(lambda: service.create(channel, t << 22, "race", {"target": 100}, PLAYERS[0], "en"))
        await self.patiently(lambda: service.join(channel, PLAYERS[1]))
        await self.patiently(lambda: service.start(channel, PLAYERS[0], {p: i for i, p in enumerate(PLAYERS)},
                                                   seed=t))

    async def play(self, t: int) -> None:
        """Play table t to its end or to the action budget, from wherever an earlier worker left it."""
        channel, rng, service = CHANNEL0 + t, random.Random(f"{self.args.seed}:{t}"), self.service
        budget = self.args.hold_at or self.args.actions
        while True:
            table = await self.patiently(lambda: service.serve(channel))
            if table is None or table.status != "active" or table.seq >= budget:
                return
            player = service.waiting_for(channel)[0]
            action = rng.choice(service.legal_actions(channel, player))
            start = time.perf_counter()
            try:
                table, _ = await service.act(channel, player, action, table.decision_id)
            except TableError as exc:
                if exc.code != "elsewhere":
                    raise
                await self.wait_for_the_lease()
                continue  # served again from the top: the table may have moved on
            self.act_ms.append((time.perf_counter() - start) * 1000)
            self.acks.write(json.dumps([t, table.seq, player, action]) + "\n")
            self.counts["acked"] += 1
            await self.send_requests()

    async def run(self, mine: list[int]) -> None:
        if not self.args.resume:  # all tables exist before any action: a resumed worker creates none
            await asyncio.gather(*(self.open_table(t) for t in mine))
        await asyncio.gather(*(self.play(t) for t in mine))
        if self.args.hold_at:  # stay alive, leases renewed, until killed: a process that stopped playing
            print(json.dumps({"holding": self.args.shard}), flush=True)
            await asyncio.Event().wait()

    async def misroute(self, t: int) -> None:
        """Clicks on a table of another shard: each must be refused and change nothing."""
        for _ in range(self.args.misrouted):
            await asyncio.sleep(0.01)
            try:
                await self.service.act(CHANNEL0 + t, PLAYERS[0], {"type": "add", "n": 1})
            except TableError as exc:
                self.counts[f"misrouted_{exc.code}"] += 1
            else:
                self.counts["misrouted_accepted"] += 1


async def work(args) -> dict:
    games.register(GAME)  # the race game the tests declare
    store = PgStore(args.url, lease_seconds=args.lease_seconds, pool_size=args.pool)
    service = await TableService.open(
        store, serves=lambda g: g is not None and shard_of(g, args.shards) == args.shard)
    print(json.dumps({"ready": args.shard}), flush=True)
    worker = Worker(service, args)
    mine = [t for t in range(args.tables) if t % args.shards == args.shard]
    theirs = [t for t in range(args.tables) if t % args.shards == (args.shard + 1) % args.shards]
    start = time.perf_counter()
    try:
        await asyncio.gather(worker.run(mine), *(worker.misroute(t) for t in theirs if args.shards > 1))
    finally:
        await service.close()
        worker.acks.close()
    seconds = time.perf_counter() - start
    return {"shard": args.shard, "tables": len(mine), "seconds": round(seconds, 3), **worker.counts,
            "commits": store.commits, "cpu_seconds": round(time.process_time(), 3),
            "act_ms_p50": round(statistics.median(worker.act_ms), 2) if worker.act_ms else None,
            "act_ms_p99": round(percentile(worker.act_ms, 0.99), 2)}


async def verify(url: str, ack_files: list[Path], tables: int, actions: int,
                 interrupted_shards: frozenset[int] = frozenset(), shards: int = 1) -> dict:
    """Acknowledged against stored, table by table. Problems are listed, not raised, so a caller sees
    them all; `in_flight` counts stored actions no ack line names, allowed only where a worker was killed
    (at most the one action it had in flight per table)."""
    import asyncpg

    acked: dict[tuple[int, int], list] = {}
    problems: list[str] = []
    for path in ack_files:
        for line in Path(path).read_text().splitlines():
            t, seq, player, action = json.loads(line)
            if (t, seq) in acked:
                problems.append(f"table {t} action {seq} acknowledged twice")
            acked[(t, seq)] = [player, action]
    con = await asyncpg.connect(url)
    try:
        rows = await con.fetch("SELECT t.channel_id, t.id, t.status, t.seq, t.players, t.options, t.seed,"
                               " a.seq, a.player, a.action FROM tables t LEFT JOIN actions a ON a.table_id = t.id"
                               " ORDER BY t.channel_id, t.id, a.seq")
    finally:
        await con.close()
    logs: dict[int, list] = {}
    heads: dict[int, tuple] = {}
    ids: dict[int, set] = {}
    for channel, table_id, status, seq, players, options, seed, a_seq, player, action in rows:
        t = channel - CHANNEL0
        ids.setdefault(t, set()).add(table_id)
        if len(ids[t]) > 1:
            problems.append(f"channel of table {t} holds several tables")
        heads[t] = (status, seq, players, options, seed)
        logs.setdefault(t, [])
        if a_seq is not None:
            logs[t].append((a_seq, player, json.loads(action)))
    in_flight = 0
    for t in range(tables):
        if t not in heads:
            problems.append(f"table {t} was never created")
            continue
        status, seq, players, options, seed = heads[t]
        log = logs[t]
        if [s for s, _, _ in log] != list(range(1, len(log) + 1)) or len(log) != seq:
            problems.append(f"table {t}: stored seqs {[s for s, _, _ in log]} for a table at {seq}")
        if not (status == "over" or (status == "active" and seq >= actions)):
            problems.append(f"table {t} stopped early: {status} at {seq}")
        state = RACE.new_game(json.loads(players), json.loads(options), seed)
        try:  # the log is one game: each action legal after the ones before it
            for _, player, action in log:
                state, _ = RACE.apply(state, player, action)
        except Exception as exc:  # noqa: BLE001 - reported with the others
            problems.append(f"table {t}: the stored log does not replay ({exc})")
        unacked = [s for s, _, _ in log if (t, s) not in acked]
        in_flight += len(unacked)
        if unacked and (shard_of(t << 22, shards) not in interrupted_shards or len(unacked) > 1):
            problems.append(f"table {t}: stored but never acknowledged: {unacked}")
    for (t, s), (player, action) in acked.items():
        stored = {seq: [p, a] for seq, p, a in logs.get(t, [])}
        if stored.get(s) != [player, action]:
            problems.append(f"table {t} action {s} was acknowledged but is stored as {stored.get(s)}")
    stored_total = sum(len(log) for log in logs.values())
    return {"tables": len(heads), "stored": stored_total, "acknowledged": len(acked), "in_flight": in_flight,
            "problems": problems}


async def launch(url: str, shard: int, shards: int, tables: int, actions: int, acks: Path,
                 *options: str) -> asyncio.subprocess.Process:
    """Start one worker process (its summary comes on stdout)."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.platform.pg_load", url, "--shard", str(shard), "--shards", str(shards),
        "--tables", str(tables), "--actions", str(actions), "--acks", str(acks), *options,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def summary(process: asyncio.subprocess.Process) -> dict:
    """Wait for a worker; its summary, or an error with what it printed."""
    out, err = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"worker failed ({process.returncode}): {err.decode()[-3000:]}")
    return json.loads(out.decode().strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("url")
    ap.add_argument("--shard", type=int, required=True)
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--tables", type=int, required=True)
    ap.add_argument("--actions", type=int, default=10)
    ap.add_argument("--acks", type=Path, required=True)
    ap.add_argument("--misrouted", type=int, default=2, help="clicks on each table of the next shard")
    ap.add_argument("--lease-seconds", type=float, default=30.0)
    ap.add_argument("--pool", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hold-at", type=int, default=0,
                    help="stop each table at this many actions, then hold the leases until killed")
    ap.add_argument("--resume", action="store_true", help="take over a killed worker's shard; create nothing")
    ap.add_argument("--requests-per-action", type=float, default=0.0,
                    help="requests to Discord per action outside interactions (needs --global-file)")
    ap.add_argument("--global-file", type=Path, default=None, help="Discord's global bucket, shared by the processes")
    ap.add_argument("--global-limit", type=int, default=50)
    ap.add_argument("--request-rate", type=float, default=0.0, help="this process's budget (default 45 / shards)")
    args = ap.parse_args(argv)
    print(json.dumps(asyncio.run(work(args))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
