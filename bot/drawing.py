"""The drawing scheduler: boards drawn in child processes (or one thread), each distinct view once,
urgent boards first (`Boards`), and the renderers warmed before the first game (`warm`)."""
from __future__ import annotations

import asyncio
import functools
import hashlib
import heapq
import importlib
import io
import itertools
import logging
import multiprocessing
import pickle
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from types import ModuleType
from typing import Any

import games

log = logging.getLogger(__name__)



def digest(data: Any) -> str:
    """A digest of a view (or any plain data): equal digests mean equal data. Pickled without its memo
    (so shared strings do not change the bytes), five times faster than canonical JSON, which mattered:
    a Card Game view carries the game's log, and an action digests it several times. Equal data built
    in another key order digests otherwise: it then only counts as changed (one more drawing or edit)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # views are trees: no memo needed
    pickler.dump(data)
    return hashlib.sha1(out.getvalue()).hexdigest()


def _draw_in_child(module: str, view: dict, lang: str) -> bytes:
    return importlib.import_module(module).draw_board(view, lang)


def _import_in_child(modules: list[str]) -> None:
    """A drawing process's start: the renderers it will draw with, imported before its first board, and
    warmed (`warm`)."""
    for module in modules:
        importlib.import_module(module)
    warm()


def warm() -> None:
    """Draw, once, the first boards of a new game of every game (the public one and a player's, in every
    language): what a renderer keeps (its backgrounds, fonts, pieces) is then ready before a player's
    first action, instead of costing that action up to a second (measured: La Communauté's first board,
    real-path p99 1.2 s against a p50 of 50 ms); and a renderer's own `warm()` where it has one, for what
    later boards build on first use (War of the Ring's map at each scale). A game whose warm-up fails is
    only logged."""
    from i18n import LANGUAGES

    for game in games.declared():
        if game.board is None:
            continue
        try:
            rules = game.rules()
            players = [str(10**17 + i) for i in range(game.seats[0])]
            state = rules.new_game(players, {}, 1)
            board = game.board()
            for lang in LANGUAGES:
                for viewer in (None, players[0]):
                    board.draw_board(rules.view(state, viewer), lang)
            warm_more = getattr(board, "warm", None)  # optional: not part of a game's BoardRenderer
            if callable(warm_more):
                warm_more()
        except Exception:
            log.warning("warming the %s boards failed", game.id, exc_info=True)


class Boards:
    """Board drawings, each distinct view drawn once: the latest ones are kept (by a digest of game,
    language and view), so two viewers who see the same, or a table shown again, cost no drawing; a
    view asked for while it is waiting or being drawn waits for that drawing instead of drawing it again.

    Drawings wait in one queue, the urgent ones first (a public board, the board of a player who must
    now decide) and then the idle players' DM refreshes, which may take all but one of the drawing
    slots: under load an urgent board waits for at most one drawing under way, never behind a queue of
    idle ones (measured: that queue, then the worker threads held waiting on it, made the click-to-post
    tail; docs/platform-figures.md). A drawing runs in one of `processes` child processes (spawned on first
    use), or with `processes` 0 in one drawing thread. Used from the event loop; a caller waits for its
    board without holding a worker thread.

    Boards of one `group` (a table: one action's boards for its readers) are drawn one after the other
    in the same process when they can be: a renderer keeps the pieces a board is made of (render/kept.py),
    so the readers' boards after the first find the map and tracks drawn (~0.5 ms instead of ~10 ms for
    War of the Ring), where two processes drawing them at once each drew every piece."""

    URGENT, IDLE = 0, 1

    def __init__(self, size: int = 256, processes: int = 0):
        self.size = size
        self.processes = processes
        self.slots = max(processes, 1)
        self._pools: list[ProcessPoolExecutor | None] = [None] * processes  # one process each: a slot
        self._thread: ThreadPoolExecutor | None = None  # draws when there are no processes
        self._drawn: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future] = {}  # digest -> the drawing queued or under way
        self._waiting: dict[str, tuple[int, Any, dict, str, Any]] = {}  # digest -> (priority, board, view, lang, group)
        self._queue: list[tuple[int, int, str]] = []  # heap of (priority, order asked, digest)
        self._order = itertools.count()
        self._running: dict[str, tuple[int, int, Any]] = {}  # digest -> (priority, slot, group), under way
        self._last_slot: OrderedDict[Any, int] = OrderedDict()  # group -> the slot that drew it last
        self._lock = threading.Lock()  # the pools are started from a worker thread (the bot's start)

    def _started(self, slot: int = 0) -> ProcessPoolExecutor:
        with self._lock:
            pool = self._pools[slot]
            if pool is None:
                renderers = [b.__name__ for b in (g.board() for g in games.declared() if g.board is not None)
                             if isinstance(b, ModuleType)]
                pool = self._pools[slot] = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=_import_in_child,
                    initargs=(renderers,))
            return pool

    def pids(self) -> list[int]:
        """The drawing processes' ids (those started)."""
        return [pid for pool in self._pools if pool is not None for pid in (pool._processes or {})]

    def start(self) -> None:
        """Start every drawing process now (the bot's start), each importing the renderers and drawing a
        new game's boards once (`warm`): otherwise the first board each process draws after a start
        waits for that, in a player's action. (Without processes, as in tests, nothing is warmed.)"""
        for slot in range(self.processes):
            self._started(slot).submit(int)  # a task finding no idle process starts one

    def close(self) -> None:
        for executor in (*self._pools, self._thread):
            if executor is not None:
                executor.shutdown(cancel_futures=True)
        self._pools = [None] * self.processes
        self._thread = None

    async def png(self, game: str, view: dict | None, lang: str, view_digest: str | None = None, *,
                  urgent: bool = True, group: Any = None) -> bytes | None:
        """The board of `view` as PNG (None without a view, a drawing for the game, or if drawing failed).
        `view_digest`: digest(view), when the caller has it already. `urgent`: False for a board nobody
        waits for to act (an idle player's DM refresh), drawn after every urgent one. `group`: the
        table, whose boards are drawn one at a time in the process that drew its last one."""
        board = games.get(game).board
        if view is None or board is None:  # a game without a drawing is played in text
            return None
        key = f"{game}:{lang}:{view_digest or digest(view)}"
        if key in self._drawn:
            self._drawn.move_to_end(key)
            return self._drawn[key]
        priority = self.URGENT if urgent else self.IDLE
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = self._drawing[key] = asyncio.get_running_loop().create_future()
            self._waiting[key] = (priority, board(), view, lang, group)
            heapq.heappush(self._queue, (priority, next(self._order), key))
        elif key in self._waiting and priority < self._waiting[key][0]:  # now urgent: moves up the queue
            self._waiting[key] = (priority, *self._waiting[key][1:])
            heapq.heappush(self._queue, (priority, next(self._order), key))
        self._next()
        return await asyncio.shield(drawing)  # a caller who gives up does not cancel it for the others

    def _next(self) -> None:
        """Start waiting drawings, in queue order, while there are free slots (an idle one leaves one
        free); a drawing whose group is being drawn waits for that drawing's slot, and lets the next go."""
        held: list[tuple[int, int, str]] = []  # waiting for their group's drawing under way
        while self._queue:
            priority, order, key = self._queue[0]
            if key not in self._waiting or self._waiting[key][0] != priority:  # moved up, or started
                heapq.heappop(self._queue)
                continue
            busy = {slot for _, slot, _ in self._running.values()}
            if len(busy) + (1 if priority == self.IDLE and self.slots > 1 else 0) >= self.slots:
                break
            group = self._waiting[key][4]
            heapq.heappop(self._queue)
            if group is not None and any(g == group for *_, g in self._running.values()):
                held.append((priority, order, key))
                continue
            free = [slot for slot in range(self.slots) if slot not in busy]
            slot = self._last_slot.get(group, free[0]) if group is not None else free[0]
            slot = slot if slot in free else free[0]
            _, board, view, lang, _ = self._waiting.pop(key)
            self._running[key] = (priority, slot, group)
            if group is not None:
                self._last_slot[group] = slot
                self._last_slot.move_to_end(group)
                while len(self._last_slot) > self.size:
                    self._last_slot.popitem(last=False)
            future = asyncio.wrap_future(self._submit(board, view, lang, slot))
            future.add_done_callback(functools.partial(self._done, key))
        for item in held:
            heapq.heappush(self._queue, item)

    def _submit(self, board: Any, view: dict, lang: str, slot: int = 0) -> Future:
        if self.processes and isinstance(board, ModuleType):  # a child process imports it by name
            return self._started(slot).submit(_draw_in_child, board.__name__, view, lang)
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="boards")
        return self._thread.submit(board.draw_board, view, lang)

    def _done(self, key: str, done: asyncio.Future) -> None:
        del self._running[key]
        png: bytes | None = None
        if done.cancelled():
            log.warning("a board drawing was cancelled (the drawing processes closed)")
        elif done.exception() is not None:
            log.error("drawing a board failed", exc_info=done.exception())
        else:
            png = done.result()
            self._drawn[key] = png
            while len(self._drawn) > self.size:
                self._drawn.popitem(last=False)
        self._drawing.pop(key).set_result(png)
        self._next()
