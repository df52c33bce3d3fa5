"""Where an acting click's time goes under load (bench_load.py --timeline): a bench-only instrument.

It wraps, from outside, the steps of one click between being fed and its public post: the handler's
start (dispatch), `service.act` and within it the store's group commit, every worker-thread call (its
wait for a free thread of the loop's default executor, then its run) and every board drawing (its wait
in the drawing queue, then its run in a drawing process), each tagged with what it is for: the
public board ("public"), the private board and controls of a player who must now decide ("next"), an
idle player's DM refresh ("idle"). A context variable set when the bench feeds the click follows the
work into the tasks and threads it causes. The drawing processes report their own start and end
(time.perf_counter is one clock for all processes on Linux).
"""
from __future__ import annotations

import contextvars
import os
import statistics
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from bot import drawing
from bot.delivery import Delivery
from bot.routing import Routing

CLICK: contextvars.ContextVar[dict | None] = contextvars.ContextVar("click", default=None)
PURPOSE: contextvars.ContextVar[str] = contextvars.ContextVar("purpose", default="other")
PURPOSES = ("public", "next", "idle", "other")


def timed_draw(module: str, view: dict, lang: str) -> tuple[bytes, float, float]:
    """In a drawing process: the board and when its drawing started and ended."""
    start = time.perf_counter()
    png = drawing._draw_in_child(module, view, lang)
    return png, start, time.perf_counter()


class Timeline:
    def __init__(self) -> None:
        self.draws: dict[str, list[tuple[float, float, int]]] = defaultdict(list)  # queue wait, run, depth
        self.threads: list[float] = []  # waits for a free worker thread
        self.runs: dict[int, tuple[float, float]] = {}  # id(view) -> when its drawing started and ended

    def reset(self) -> None:
        """Forget what came before (the games' set-up), to report on the load alone."""
        self.draws.clear()
        self.threads.clear()

    def _note(self, kind: str, **fields: Any) -> None:
        click = CLICK.get()
        if click is not None:
            click.setdefault("spans", []).append({"kind": kind, "purpose": PURPOSE.get(), **fields})

    def install(self, mp, loop, bot) -> None:
        """Wrap the bot's steps (pytest's MonkeyPatch `mp` undoes it)."""
        timeline = self

        class Threads(ThreadPoolExecutor):
            def submit(self, fn, /, *args, **kwargs):  # called on the loop, in the caller's context
                queued, context = time.perf_counter(), contextvars.copy_context()

                def run():
                    started = time.perf_counter()
                    timeline.threads.append(started - queued)
                    try:
                        return fn(*args, **kwargs)
                    finally:
                        context.run(timeline._note, "thread", queued=queued, started=started,
                                    ended=time.perf_counter())
                return super().submit(run)

        loop.set_default_executor(Threads(min(32, (os.cpu_count() or 1) + 4)))  # asyncio's default size

        png, submit = drawing.Boards.png, drawing.Boards._submit

        async def timed_png(boards: drawing.Boards, game: str, view: dict | None, lang: str, *args, **kwargs):
            purpose, asked = PURPOSE.get(), time.perf_counter()
            depth = len(boards._running) + len(boards._waiting)
            out = await png(boards, game, view, lang, *args, **kwargs)
            drawn = timeline.runs.pop(id(view), None)  # None: it came from the cache or another's drawing
            if drawn is not None:
                start, end = drawn
                timeline.draws[purpose].append((start - asked, end - start, depth))
                timeline._note("draw", submitted=asked, started=start, ended=end, back=time.perf_counter())
            return out

        def timed_submit(boards: drawing.Boards, board, view: dict, lang: str, slot: int = 0) -> Future:
            if not boards.processes:
                return submit(boards, board, view, lang, slot)
            inner, outer = boards._started(slot).submit(timed_draw, board.__name__, view, lang), Future[bytes]()

            def done(future: Future) -> None:
                try:
                    out, start, end = future.result()
                except BaseException as exc:  # noqa: BLE001 - handed on as it came
                    outer.set_exception(exc)
                    return
                timeline.runs[id(view)] = (start, end)
                outer.set_result(out)
            inner.add_done_callback(done)
            return outer

        mp.setattr(drawing.Boards, "png", timed_png)
        mp.setattr(drawing.Boards, "_submit", timed_submit)

        def tagged(name: str, purpose: str) -> None:
            original = getattr(Delivery, name)

            async def wrapper(*args, **kwargs):
                token = PURPOSE.set(purpose)
                try:
                    return await original(*args, **kwargs)
                finally:
                    PURPOSE.reset(token)
            mp.setattr(Delivery, name, wrapper)

        for name, purpose in (("public_payload", "public"), ("send_private", "next"), ("show_clicker", "next"),
                              ("_refresh_once", "idle")):
            tagged(name, purpose)

        def entered(name: str) -> None:
            original = getattr(Routing, name)

            async def wrapper(*args, **kwargs):
                click = CLICK.get()
                if click is not None:
                    click["handler"] = time.perf_counter()
                return await original(*args, **kwargs)
            mp.setattr(Routing, name, wrapper)

        for name in ("on_button", "on_menu"):
            entered(name)

        service = bot.service
        act, append = service.act, service.store.append_action

        async def timed_act(*args, **kwargs):
            began = time.perf_counter()
            try:
                return await act(*args, **kwargs)
            finally:
                timeline._note("act", started=began, ended=time.perf_counter())

        def timed_append(*args, **kwargs):
            called, click = time.perf_counter(), CLICK.get()
            future = append(*args, **kwargs)
            if click is not None:
                future.add_done_callback(lambda _: click.update(commit=time.perf_counter() - called))
            return future

        mp.setattr(service, "act", timed_act)
        mp.setattr(service.store, "append_action", timed_append)

    def report(self, clicks: list[tuple[dict, float, float]]) -> None:
        """`clicks`: (record, fed, posted) of each acting click."""
        ms = lambda v: f"{v * 1000:.0f}"
        rows = [_stages(record, fed, posted) for record, fed, posted in clicks]
        rows.sort(key=lambda r: r["total"])
        tail = rows[int(len(rows) * 0.97):] or rows
        print("  timeline of an acting click, fed -> public post (ms): median of all | mean of the slowest 3%")
        for stage in STAGES:
            values = [r[stage] for r in rows]
            print(f"    {stage:<28} {ms(statistics.median(values)):>6} | {ms(statistics.mean(r[stage] for r in tail)):>6}")
        waits = sorted(self.threads)
        print(f"  worker-thread waits: {len(waits)} calls, p50 {ms(_pct(waits, .5))} p99 {ms(_pct(waits, .99))} ms")
        for purpose in PURPOSES:
            draws = self.draws.get(purpose)
            if draws:
                queue, run, depth = (sorted(x) for x in zip(*draws))
                print(f"  drawings '{purpose}': {len(draws)}, process-queue wait p50 {ms(_pct(queue, .5))} "
                      f"p99 {ms(_pct(queue, .99))} ms, run p50 {ms(_pct(run, .5))} ms, drawings queued or under way when asked "
                      f"p50 {_pct(depth, .5):g} p99 {_pct(depth, .99):g}")


STAGES = ("dispatch", "checks+controls", "act: engine", "act: commit wait", "publish: public board",
          "publish: next players' DMs", "  of which thread wait", "  of which draw queue wait",
          "  of which draw run", "post", "total")


def _pct(values: list, q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] if values else float("nan")


def _stages(record: dict, fed: float, posted: float) -> dict[str, float]:
    """One click's time by stage; the public board and the next players' DMs run side by side."""
    spans = record.get("spans", [])
    acts = [s for s in spans if s["kind"] == "act"]
    act_start, act_end = (acts[0]["started"], acts[0]["ended"]) if acts else (fed, fed)
    handler = record.get("handler", fed)
    commit = record.get("commit", 0.0)

    def last_end(purpose: str) -> float:
        ends = [s["ended"] if s["kind"] == "thread" else s["back"] for s in spans
                if s["purpose"] == purpose and s["kind"] in ("thread", "draw") and s.get("ended", 0) <= posted]
        return max(ends, default=act_end)

    public, nxt = last_end("public"), last_end("next")
    critical = "public" if public >= nxt else "next"
    on_path = [s for s in spans if s["purpose"] == critical and s["kind"] in ("thread", "draw")
               and s["ended"] <= posted]
    return {
        "dispatch": handler - fed,
        "checks+controls": act_start - handler,
        "act: engine": act_end - act_start - commit,
        "act: commit wait": commit,
        "publish: public board": public - act_end,
        "publish: next players' DMs": nxt - act_end,
        "  of which thread wait": sum(s["started"] - s["queued"] for s in on_path if s["kind"] == "thread"),
        "  of which draw queue wait": sum(s["started"] - s["submitted"] for s in on_path if s["kind"] == "draw"),
        "  of which draw run": sum(s["ended"] - s["started"] for s in on_path if s["kind"] == "draw"),
        "post": posted - max(public, nxt),
        "total": posted - fed,
    }
