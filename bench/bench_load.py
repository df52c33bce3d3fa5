"""Many games at once in one bot process, through the offline Discord harness the tests use
(tests/bot/harness.py: the real discord.py client, fake HTTP), and the real path of one action.

Discord's rate limits are on (tests/bot/discord_limits.py: the global bucket of `--global-limit`
requests a second, per-channel buckets, 429s), on real time: discord.py waits when a bucket is empty,
as it would in production, and those waits are in the figures.

Load: `--games` tables in their own channels, a server's mix of games (`--mix`, by default 40%
Confrontation, 20% Card Game with 2-4 players, 20% La Communauté with 3, 20% War of the Ring); on each,
the awaited player clicks their controls as a user would (random choices through the menus, each step
one interaction), after a random think time (exponential, mean `--think` seconds; 0 = flat out), for
`--seconds`. Prints: acknowledgement p50/p99 (click fed -> Discord got the interaction's first answer),
click-to-public-post p99 (the acting click fed -> the channel's table updated), actions/s, event-loop
lag p50/p99 (a 10 ms ticker's overshoot), lost clicks (no answer within 30 s) and first answers later
than Discord's 3 s, the same per game; and the requests sent to Discord per action by class (interaction responses, channel posts and edits,
DM posts and edits, other) with the 429s. Aims: ack p99 < 100 ms, click-to-post p99 < 1 s, no 429,
<= 1.5 requests per action outside interactions.

Real path: one table at a time, each acting click timed from fed to every message it causes sent
(public board, private boards and controls, then the idle players' DM boards edited in place), p50/p99
per game, incl. a 4-player Card Game and War of the Ring (its 1500 x 1440 map in the channel and by DM),
and also to the messages the next decision needs (all but those DM edits, which the bot sends last).
Aim: p99 < 100 ms (War of the Ring: < 150 ms).

With `--web-pages N` each table also has N web pages open (its public page: simulated browsers in another
process, bench/bench_web_live.py's, each holding a push connection and fetching the page's part on each
hint, as a browser does), served by the bot's own web table: the acknowledgement figures then say what open
pages cost the Discord side (aim: ack p99 unchanged, < 100 ms).

With `--timeline` the load part also shows where an acting click's time goes (bench/load_timeline.py:
dispatch, act, commit wait, worker-thread and drawing-queue waits by kind of board).

    python bench/bench_load.py [--games 500 | --games 250,500,750,1000] [--mix confrontation:2=40,lcg:2-4=20,fellowship:3=20,wotr:2=20]
                               [--think 10] [--seconds 60] [--real-path-actions 60]
                               [--real-path-games wotr:2] [--timeline] [--global-limit 50] [--web-pages 2]
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load_timeline import CLICK, Timeline  # a sibling script: bench/ is on sys.path when this runs

from bot.client import GameMasterBot
from bot.controls import Button, controls_for
from bot.settings import Settings
from tests.bot import discord_limits
from tests.bot.harness import Harness, Post

CLICK_TIMEOUT = 30.0
LATE = "Unknown interaction"  # the harness's refusal of a first answer after Discord's 3 seconds
CONTROL = re.compile(r"lotr:[bm]:\d+:\d+:[a-z0-9_-]+")  # a control of a player's own (a step's id goes on: ".key")
SWITCH_INTERVAL = 0.001  # as bot/main.py sets it


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


DRAW_PROCESSES = 2
GLOBAL_LIMIT = discord_limits.GLOBAL_PER_SECOND
MIX = "confrontation:2=40,lcg:2-4=20,fellowship:3=20,wotr:2=20"
CLASSES = ("interaction", "channel_post", "channel_edit", "dm_post", "dm_edit", "other")


def start_harness(make_client, mp) -> Any:
    """The harness on real time, with Discord's rate limits (the global bucket of GLOBAL_LIMIT a second)."""
    clock = discord_limits.RealClock()
    return Harness.start(make_client, mp, clock=clock,
                         limits=discord_limits.RateLimits(clock, per_second=GLOBAL_LIMIT))


def parse_mix(text: str) -> list[tuple[str, int, int, float]]:
    """game:players=weight,... (players "2-4": drawn in that range) -> (game, fewest, most, weight)."""
    out = []
    for part in text.split(","):
        spec, weight = part.split("=")
        game, players = spec.split(":")
        low, _, high = players.partition("-")
        out.append((game, int(low), int(high or low), float(weight)))
    return out


def deal(mix: list[tuple[str, int, int, float]], games: int, rng: random.Random) -> list[tuple[str, int]]:
    """`games` tables in the mix's proportions (rounded; the rest to the first game), players drawn."""
    total = sum(w for *_, w in mix)
    counts = [round(games * w / total) for *_, w in mix]
    counts[0] += games - sum(counts)
    return [(game, rng.randint(low, high)) for (game, low, high, _), n in zip(mix, counts) for _ in range(n)]


def requests_report(sent: dict[str, int], actions: int) -> str:
    """Requests per action by class; those outside interactions summed (the aim is <= 1.5)."""
    per = {k: sent.get(k, 0) / max(actions, 1) for k in CLASSES}
    outside = sum(v for k, v in per.items() if k != "interaction")
    return (", ".join(f"{k} {v:.2f}" for k, v in per.items()) + f"; outside interactions {outside:.2f} "
            f"(aim <= 1.5); 429s {sent.get('429', 0)}")


def make_bot(folder: Path, seed: int, web: bool = False):
    settings = Settings(_env_file=None, discord_token=None,  # type: ignore[call-arg]  # pydantic-settings' own
                        database_path=folder / "lotr.sqlite3", default_language="en", reminder_interval=0,
                        draw_processes=DRAW_PROCESSES, web_port=0 if web else "off", metrics_port="off")
    rng = random.Random(seed)
    return lambda: GameMasterBot(settings, sync_commands=False, seeds=lambda: rng.getrandbits(63))


class Driver:
    """Users clicking: finds the awaited player's latest controls and clicks a random way through them."""

    def __init__(self, h: Harness):
        self.h = h
        self.bot = cast(GameMasterBot, h.client)
        self.controls: dict[int, Post] = {}  # user -> their latest message with game controls
        self.acks: list[float] = []
        self.to_post: list[float] = []
        self.lost = 0
        self.gone: list[str] = []  # clicks whose control was no longer on its message (the bot's fault)
        self.actions = 0
        self.last_fed = 0.0  # when the last acting click was fed
        self.last_record: dict = {}
        self.timeline: list[tuple[dict, float, float]] = []  # each acting click: its record, fed, posted
        self.game_of: dict[int, str] = {}  # user -> "game:players" of their table
        self.by_game: dict[str, dict[str, list[float]]] = {}  # "game:players" -> acks, to_post, lost

        def watch(post: Post) -> None:  # a player's own controls, not a step (a sub-menu) sent from them
            if post.recipient is not None and any(CONTROL.fullmatch(i) for i in post.custom_ids()):
                self.controls[post.recipient] = post

        h.world.watchers.append(watch)

    def _of(self, uid: int, what: str, value: float) -> None:
        """A figure of the game user `uid` plays."""
        game = self.game_of.get(uid, "")
        self.by_game.setdefault(game, {"acks": [], "to_post": [], "lost": []})[what].append(value)

    async def click(self, uid: int, post: Post, custom_id: str, value: str | None,
                    want) -> tuple[Post, float] | None:
        """Feed one click; the post `want` accepts and when the click was fed (None when the post never
        came: a lost click)."""
        h = self.h
        latest = h.world.messages.get(int(post.message["id"]), post.message)
        if custom_id not in Post(post.where, post.channel_id, latest).custom_ids():
            self.gone.append(f"{custom_id} is no longer on message {post.message['id']}")
            self.lost += 1
            self._of(uid, "lost", 1.0)
            return None
        future = h.world.expect(want)
        data = h.click_payload(uid, post, custom_id, [value] if value is not None else None)
        data["_fed_at"] = fed = time.perf_counter()
        record: dict = {}
        token = CLICK.set(record)  # the tasks and threads this click causes carry it (--timeline)
        h.client._connection.parse_interaction_create(cast(Any, data))
        CLICK.reset(token)
        try:
            answer = await asyncio.wait_for(future, CLICK_TIMEOUT)
        except TimeoutError:
            self.lost += 1
            self._of(uid, "lost", 1.0)
            return None
        if "_answered_at" in data:
            self.acks.append(data["_answered_at"] - fed)
            self._of(uid, "acks", data["_answered_at"] - fed)
        self.last_record = record
        return answer, fed

    async def act(self, channel: int, rng: random.Random) -> bool:
        """The awaited player takes one random action through their controls. False if the game is over."""
        svc = self.bot.service
        table = svc.table(channel)
        if table is None or table.status != "active":
            return False
        uid = int(svc.waiting_for(channel)[0])
        post = self.controls.get(uid)
        _, controls = await asyncio.to_thread(controls_for, self.bot.service, table, str(uid))
        if post is None or not controls:
            self.lost += 1
            return False
        control = rng.choice(controls)
        public = lambda p: p.where == "channel" and p.channel_id == channel
        if isinstance(control, Button):
            answer = await self.click(uid, post, f"lotr:b:{table.id}:{table.decision_id}:{control.key}", None,
                                      public)
        else:
            custom_id, menu = f"lotr:m:{table.id}:{table.decision_id}:{control.key}", control
            while True:
                option = rng.choice(menu.options)
                if option.action is not None:
                    answer = await self.click(uid, post, custom_id, option.key, public)
                    break
                stepped = await self.click(uid, post, custom_id, option.key,
                                           lambda p, uid=uid: p.where == "ephemeral" and p.recipient == uid)
                if stepped is None or not stepped[0].custom_ids():
                    return stepped is not None
                step = stepped[0]
                # The user's side of the bench: built off the loop, not to weigh on the bot's figures.
                post, custom_id, menu = step, step.custom_ids()[0], await asyncio.to_thread(option.submenu)
        if answer is not None:
            posted, fed = answer
            self.actions += 1
            self.last_fed = fed
            self.to_post.append(posted.at - fed)
            self._of(uid, "to_post", posted.at - fed)
            self.timeline.append((self.last_record, fed, posted.at))
        return answer is not None


async def start_game(h: Harness, channel: int, game: str = "confrontation", players: int = 2) -> list[int]:
    uids = [h.user(f"p{channel % 100000}-{i}") for i in range(players)]
    await h.slash(uids[0], "create", channel_id=channel, game=game)
    for uid in uids[1:]:
        await h.slash(uid, "join", channel_id=channel)
    await h.slash(uids[0], "start", channel_id=channel)
    return uids


async def lag_monitor(out: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        out.append(time.perf_counter() - before - 0.01)


async def open_pages(bot: GameMasterBot, tables: list[int], pages: int) -> asyncio.subprocess.Process:
    """`pages` simulated browsers on each table's public page, in another process (bench_web_live.py's),
    once they all hold their push connection; their reports are read and dropped."""
    web = bot.web
    assert web is not None, "the bot's web table did not start"
    web.open_pushes.limit = web.address_uses.limit = 10**9  # every simulated browser comes from one address
    client = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).parent / "bench_web_live.py"), "--browsers", web.base,
        "--pages", str(pages), "--ids", ",".join(map(str, tables)), stdout=asyncio.subprocess.PIPE)
    assert client.stdout is not None
    while b"ready" not in await client.stdout.readline():
        pass

    async def drain(stream: asyncio.StreamReader) -> None:
        while await stream.readline():
            pass
    asyncio.create_task(drain(client.stdout))
    return client


async def load(games: int, think: float, seconds: float, seed: int, timeline: Timeline | None = None,
               mix: str = MIX, web_pages: int = 0) -> dict[str, Any]:
    """One load run: its figures, and whether it kept the aims (ack p99 < 100 ms, click-to-post p99 < 1 s,
    no lost click, no 429) as "ok"."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
        h = await start_harness(make_bot(Path(folder), seed, web=web_pages > 0), mp)
        bot = cast(GameMasterBot, h.client)
        if timeline is not None:
            timeline.install(mp, asyncio.get_running_loop(), bot)
        driver = Driver(h)
        t0 = time.perf_counter()
        tables = deal(parse_mix(mix), games, random.Random(seed))
        channels = [900_000 + i for i in range(games)]
        for channel, (game, players) in zip(channels, tables):
            for uid in await start_game(h, channel, game, players):
                driver.game_of[uid] = f"{game}:{players}"
        browsers = (await open_pages(bot, [bot.service.table(c).id for c in channels], web_pages)
                    if web_pages else None)
        print(f"{games} games set up in {time.perf_counter() - t0:.1f} s ({mix}), {web_pages} web page(s) open "
              f"on each; load average {os.getloadavg()[0]:.1f}")
        lags: list[float] = []
        stop = asyncio.Event()
        monitor = asyncio.create_task(lag_monitor(lags, stop))
        deadline = time.perf_counter() + seconds

        async def player(channel: int) -> None:
            rng = random.Random(seed * 100_003 + channel)
            while time.perf_counter() < deadline:
                if think:  # a click thought of after the end is not made: the run lasts `seconds`
                    await asyncio.sleep(min(rng.expovariate(1 / think), max(deadline - time.perf_counter(), 0)))
                if time.perf_counter() >= deadline or not await driver.act(channel, rng):
                    break

        if timeline is not None:
            timeline.reset()
        began, cpu_before, sent_before = time.perf_counter(), cpu_seconds(bot), dict(h.world.sent)
        seqs = {c: bot.service.table(c).seq for c in channels}
        waited = getattr(getattr(bot, "budget", None), "waited", 0)
        try:
            await asyncio.gather(*(player(c) for c in channels))
        except BaseException:  # the bot closed (its drawing processes too): a failed run ends, never hangs
            await h.client.close()
            raise
        elapsed = time.perf_counter() - began
        cpu = [after - b for after, b in zip(cpu_seconds(bot), cpu_before)]
        stop.set()
        await monitor
        if browsers is not None:  # their connections end before the harness waits for the bot's tasks
            browsers.kill()
            await browsers.wait()
            while bot.web is not None and bot.web.pushes.open_pages():
                await asyncio.sleep(0.05)
        await h.settle()  # what the last clicks send
        sent = {k: v - sent_before.get(k, 0) for k, v in h.world.sent.items()}
        applied = sum(bot.service.table(c).seq - seqs[c] for c in channels)  # lost clicks' actions too
        late = sum(v.startswith(LATE) for v in h.world.violations)
        h.world.violations = [v for v in h.world.violations if not v.startswith(("429", LATE))]  # counted below
        await h.close()
        ms = lambda v: f"{v * 1000:.0f} ms"
        print(f"load: {games} games, think {think:g} s, {elapsed:.0f} s: {driver.actions} actions "
              f"({driver.actions / elapsed:.1f}/s), {len(driver.acks)} interactions")
        print(f"  ack p50 {ms(percentile(driver.acks, .5))} p99 {ms(percentile(driver.acks, .99))} "
              f"(aim p99 < 100 ms)")
        print(f"  click-to-public-post p50 {ms(percentile(driver.to_post, .5))} "
              f"p99 {ms(percentile(driver.to_post, .99))} (aim p99 < 1 s)")
        print(f"  event-loop lag p50 {ms(percentile(lags, .5))} p99 {ms(percentile(lags, .99))}; "
              f"lost clicks {driver.lost}; first answers later than Discord's 3 s {late}; CPU per action {ms(cpu[0] / driver.actions)} in the bot (the bench's "
              f"users included) + {ms(cpu[1] / driver.actions)} drawing, {sum(cpu) / elapsed:.2f} of "
              f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
        for gone in driver.gone[:5]:
            print(f"  a player's control was edited away: {gone}")
        outside = sum(v for k, v in sent.items() if k not in ("interaction", "429"))
        print(f"  requests per action ({applied} actions applied): {requests_report(sent, applied)}; the bot's "
              f"budget made {getattr(getattr(bot, 'budget', None), 'waited', 0) - waited} requests wait")
        rate = getattr(getattr(bot, "budget", None), "per_second", GLOBAL_LIMIT)
        print(f"  requests outside interactions {outside / elapsed:.1f}/s against the bot's budget of {rate:g}/s "
              f"(Discord's global limit {GLOBAL_LIMIT}/s): at {outside / max(applied, 1):.2f} a click and "
              f"{think:g} s between clicks, the budget holds about {rate * think / max(outside / max(applied, 1), 0.01):.0f} tables")
        for game, figures in sorted(driver.by_game.items()):
            print(f"  {game}: {len(figures['to_post'])} actions, ack p99 {ms(percentile(figures['acks'], .99))}, "
                  f"click-to-public-post p50 {ms(percentile(figures['to_post'], .5))} "
                  f"p99 {ms(percentile(figures['to_post'], .99))}, lost clicks {len(figures['lost'])}")
        if timeline is not None:
            timeline.report(driver.timeline)
        ok = (percentile(driver.acks, .99) < 0.1 and percentile(driver.to_post, .99) < 1.0 and not driver.lost
              and not sent.get("429") and not late)
        return {"games": games, "actions/s": driver.actions / elapsed, "ack p99": percentile(driver.acks, .99),
                "post p50": percentile(driver.to_post, .5), "post p99": percentile(driver.to_post, .99),
                "lost": driver.lost, "429": sent.get("429", 0), "requests/action": outside / max(applied, 1),
                "cores": sum(cpu) / elapsed, "load": os.getloadavg()[0], "ok": ok}


REAL_PATH_GAMES = "confrontation:2,fellowship:3,lcg:2,lcg:4,wotr:2"


def cpu_seconds(bot: GameMasterBot) -> tuple[float, float]:
    """CPU time used so far by the bot's process (all threads) and by its drawing processes (Linux /proc,
    in clock ticks): per action, a figure that does not depend on what else the machine runs."""
    ticks = 0
    for pid in bot.delivery.boards.pids():
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return time.process_time(), ticks / os.sysconf("SC_CLK_TCK")


async def real_path(actions: int, seed: int, which: str = REAL_PATH_GAMES, pause: float = 1.5) -> None:
    """Each acting click alone: fed -> everything it sends, sent (settled). `which`: game:players,...
    `pause`: seconds between two actions of the table (a quick player's pace: Discord lets a channel
    have 5 messages in 5 s, and discord.py holds the next request when a burst empties that bucket)."""
    for game, players in ((g, int(n)) for g, n in (x.split(":") for x in which.split(","))):
        with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
            h = await start_harness(make_bot(Path(folder), seed), mp)
            driver = Driver(h)
            rng = random.Random(seed)
            sent_before = dict(h.world.sent)
            times: list[float] = []
            needed: list[float] = []  # to the public board and the next players' controls
            cpu = [0.0, 0.0]  # bot process, drawing processes
            images: list[int] = []
            channel = 700_000
            await start_game(h, channel, game, players)
            table = cast(GameMasterBot, h.client).service.table(channel)
            if table is None or table.status != "active":  # e.g. confrontation:1: say so rather than retry forever
                await h.close()
                raise SystemExit(f"real path: {game} did not start with {players} player(s)")
            while len(times) < actions:
                if cast(GameMasterBot, h.client).service.table(channel).status != "active":
                    await h.slash(int(cast(GameMasterBot, h.client).service.table(channel).creator), "create", channel_id=channel,
                                  game=game)
                    for i in range(1, players):
                        await h.slash(h.user(f"x{len(times)}-{i}"), "join", channel_id=channel)
                    await h.slash(int(cast(GameMasterBot, h.client).service.table(channel).creator), "start", channel_id=channel)
                await asyncio.sleep(pause)
                before, posts = driver.actions, len(h.posts)
                cpu_before = cpu_seconds(cast(GameMasterBot, h.client))
                await driver.act(channel, rng)
                await h.settle()
                cpu = [c + after - b for c, after, b in zip(cpu, cpu_seconds(cast(GameMasterBot, h.client)), cpu_before)]
                if driver.actions > before:
                    acting = [p for p in h.posts[posts:] if p.at >= driver.last_fed]
                    times.append(max(p.at for p in acting) - driver.last_fed)
                    needed.append(max(p.at for p in acting if not (p.where == "dm" and p.edit)) - driver.last_fed)
                    images.append(sum(len(p.files) for p in acting))
            sent = {k: v - sent_before.get(k, 0) for k, v in h.world.sent.items()}
            late = sum(v.startswith(LATE) for v in h.world.violations)
            h.world.violations = [v for v in h.world.violations if not v.startswith(("429", LATE))]  # counted below
            await h.close()
            ms = lambda v: f"{v * 1000:.0f} ms"
            if late:
                print(f"real path {game} {players}p: {late} first answers later than Discord's 3 s")
            print(f"real path {game} {players}p: every message p50 {ms(statistics.median(times))} "
                  f"p99 {ms(percentile(times, .99))}; the next decision's p50 {ms(statistics.median(needed))} "
                  f"p99 {ms(percentile(needed, .99))}; over {len(times)} actions, images per action median "
                  f"{statistics.median(images):g} max {max(images)} (aim p99 < 100 ms); CPU per action "
                  f"{ms(cpu[0] / len(times))} in the bot + {ms(cpu[1] / len(times))} drawing; load average "
                  f"{os.getloadavg()[0]:.1f}")
            print(f"  requests per action (the games' starts included): {requests_report(sent, len(times))}")


async def wotr_turns(turns: int, seed: int) -> None:
    """A bot-free 2-player War of the Ring game by random clicks (seeded) through the harness, on its
    virtual clock (a click every 1.5 s: a quick player): what the channel and the DMs get per game turn.
    Maps are stubbed (the count does not depend on them)."""
    import render.wotr
    from tests.bot.test_rate_limits_play import _is_ping
    from tests.bot.test_wotr import PNG, _random_click

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
        mp.setattr(render.wotr, "draw_board", lambda view, lang: PNG + str(view.get("you")).encode())
        h = await Harness.start(make_bot(Path(folder), seed), mp)
        h.pace = 1.5
        bot = cast(GameMasterBot, h.client)
        uids = await start_game(h, 700_000, "wotr", 2)
        h.channel_id = 700_000  # tests.bot.helpers read the table of the harness's channel
        rng = random.Random(seed)
        start, sent, actions = len(h.posts), dict(h.world.sent), 0
        while bot.service.table(700_000).status == "active" and bot.service.table(700_000).state["turn"] <= turns:
            seq = bot.service.table(700_000).seq
            await _random_click(h, int(bot.service.waiting_for(700_000)[0]), rng)
            actions += bot.service.table(700_000).seq - seq
        played = min(turns, bot.service.table(700_000).state["turn"])
        posts = h.posts[start:]
        count = {
            "new channel messages (not pings)": sum(p.where == "channel" and not p.edit and not _is_ping(p) for p in posts),
            "pings": sum(p.where == "channel" and not p.edit and _is_ping(p) for p in posts),
            "channel edits": sum(p.where == "channel" and p.edit for p in posts),
            "new DMs": sum(p.where == "dm" and not p.edit for p in posts),
            "DM edits (outside interactions)": h.world.sent.get("dm_edit", 0) - sent.get("dm_edit", 0),
        }
        spent = {k: v - sent.get(k, 0) for k, v in h.world.sent.items()}
        await h.close()
    print(f"War of the Ring, 2 players, {played} game turns, {actions} actions ({len(uids)} players):")
    print("  per game turn: " + ", ".join(f"{k} {v / played:.1f}" for k, v in count.items()))
    print(f"  requests per action: {requests_report(spent, actions)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="500",
                        help="tables; several (500,750,1000): a run each, and the largest that kept the aims")
    parser.add_argument("--mix", default=MIX, help="game:players=weight,... (players may be a range: lcg:2-4)")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="Discord's global requests per second for the bot")
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds between two clicks of a game")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--real-path-actions", type=int, default=60, help="0 skips the real-path part")
    parser.add_argument("--real-path-games", default=REAL_PATH_GAMES,
                        help="game:players,... timed in the real-path part (e.g. wotr:2 alone)")
    parser.add_argument("--real-path-pause", type=float, default=1.5,
                        help="seconds between two actions of the real-path table (a quick player's pace)")
    parser.add_argument("--wotr-turns", type=int, default=0,
                        help="count what a scripted War of the Ring game sends per game turn over this many turns")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draw-processes", type=int, default=DRAW_PROCESSES)
    parser.add_argument("--web-pages", type=int, default=0,
                        help="load: web pages open on each table (simulated browsers in another process)")
    parser.add_argument("--timeline", action="store_true",
                        help="load: where an acting click's time goes (bench/load_timeline.py)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    globals()["DRAW_PROCESSES"] = args.draw_processes
    globals()["GLOBAL_LIMIT"] = args.global_limit
    sys.setswitchinterval(SWITCH_INTERVAL)
    if args.wotr_turns:
        asyncio.run(wotr_turns(args.wotr_turns, args.seed))
    sizes = [int(n) for n in args.games.split(",") if int(n)]
    runs = [asyncio.run(load(n, args.think, args.seconds, args.seed, Timeline() if args.timeline else None, args.mix,
                             args.web_pages))
            for n in sizes]
    if len(sizes) > 1:
        print("tables | actions/s | ack p99 | click-to-post p50 / p99 | lost | 429s | requests/action | cores | "
              "load average | within the aims")
        for run in runs:
            print(f"{run['games']} | {run['actions/s']:.1f} | {run['ack p99'] * 1000:.0f} ms | "
                  f"{run['post p50'] * 1000:.0f} / {run['post p99'] * 1000:.0f} ms | {run['lost']} | {run['429']} | "
                  f"{run['requests/action']:.2f} | {run['cores']:.2f} | {run['load']:.1f} | {'yes' if run['ok'] else 'no'}")
        kept = [run["games"] for run in runs if run["ok"]]
        print(f"largest number of tables within the aims: {max(kept) if kept else 'none'} (of {sizes}); "
              f"load average {os.getloadavg()[0]:.1f}")
    if args.real_path_actions:
        asyncio.run(real_path(args.real_path_actions, args.seed, args.real_path_games, args.real_path_pause))


if __name__ == "__main__":
    main()
