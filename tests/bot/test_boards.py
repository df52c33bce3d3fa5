"""Board drawings (bot/messages.py: Boards): one drawing per distinct view, even when several ask for it
at the same moment; a failed drawing is not kept; urgent boards (public, next players') are drawn before
the idle players' DM refreshes and idle ones leave a drawing process free."""
from __future__ import annotations

import asyncio
import sys
import threading
from concurrent.futures import Future

import render.confrontation
from bot.drawing import Boards, digest

VIEW = {"phase": "play", "pieces": [], "you": None}


def _counting(monkeypatch, gate: threading.Event | None = None, fail: bool = False) -> list[dict]:
    drawn: list[dict] = []

    def draw(view, lang="en"):
        drawn.append(view)
        if gate is not None:
            assert gate.wait(10)
        if fail:
            raise RuntimeError("a broken drawing")
        return b"PNG" + repr(sorted(view)).encode()

    monkeypatch.setattr(render.confrontation, "draw_board", draw)
    return drawn


async def test_the_same_view_is_drawn_once(monkeypatch):
    drawn = _counting(monkeypatch)
    boards = Boards()
    first = await boards.png("confrontation", VIEW, "en")
    assert await boards.png("confrontation", dict(VIEW), "en") == first and len(drawn) == 1
    await boards.png("confrontation", VIEW, "fr")  # another language is another picture
    assert len(drawn) == 2
    boards.close()


async def test_a_view_asked_for_while_it_is_drawn_waits_for_that_drawing(monkeypatch):
    gate = threading.Event()
    drawn = _counting(monkeypatch, gate)
    boards = Boards()
    first = asyncio.create_task(boards.png("confrontation", VIEW, "en"))
    while not drawn:  # the first drawing is under way (in the drawing thread), held at the gate
        await asyncio.sleep(0.001)
    second = asyncio.create_task(boards.png("confrontation", dict(VIEW), "en"))
    await asyncio.sleep(0)  # the second asked while the first was still drawing
    gate.set()
    results = await asyncio.gather(first, second)
    assert len(drawn) == 1 and results[0] == results[1] is not None
    boards.close()


async def test_a_failed_drawing_gives_no_picture_and_is_not_kept(monkeypatch):
    drawn = _counting(monkeypatch, fail=True)
    boards = Boards()
    assert await boards.png("confrontation", VIEW, "en") is None
    assert await boards.png("confrontation", VIEW, "en") is None
    assert len(drawn) == 2 and not boards._drawing
    boards.close()


class HeldDrawings:
    """Drawing slots that the test ends by hand: `started` lists the boards (their view's "n") in the
    order their drawings began."""

    def __init__(self, boards: Boards):
        self.started: list[int] = []
        self.slots: list[int] = []  # the slot each drawing went to, in the same order
        self._futures: dict[int, Future] = {}
        boards._submit = self._submit  # type: ignore[method-assign]

    def _submit(self, board, view: dict, lang: str, slot: int = 0) -> Future:
        self.started.append(view["n"])
        self.slots.append(slot)
        future = self._futures[view["n"]] = Future()
        return future

    async def finish(self, n: int) -> None:
        self._futures[n].set_result(b"PNG%d" % n)
        for _ in range(5):  # the loop hears of it and starts what comes next
            await asyncio.sleep(0)


async def _ask(boards: Boards, n: int, *, urgent: bool) -> asyncio.Task:
    task = asyncio.create_task(boards.png("confrontation", {"n": n}, "en", urgent=urgent))
    await asyncio.sleep(0)
    return task


async def test_urgent_boards_are_drawn_before_the_idle_players_boards_asked_earlier():
    """The public board and the next players' boards go before the idle players' DM refreshes, whatever
    the order they were asked in; boards of one kind are drawn in the order asked."""
    boards = Boards()
    held = HeldDrawings(boards)
    tasks = [await _ask(boards, 1, urgent=True), await _ask(boards, 2, urgent=False),
             await _ask(boards, 3, urgent=False), await _ask(boards, 4, urgent=True),
             await _ask(boards, 5, urgent=True)]
    assert held.started == [1]  # one drawing slot, busy
    for n in (1, 4, 5, 2, 3):
        await held.finish(n)
    assert held.started == [1, 4, 5, 2, 3]
    assert [await t for t in tasks] == [b"PNG1", b"PNG2", b"PNG3", b"PNG4", b"PNG5"]


async def test_an_idle_board_asked_for_urgently_moves_up_and_is_drawn_once():
    boards = Boards()
    held = HeldDrawings(boards)
    tasks = [await _ask(boards, 1, urgent=True), await _ask(boards, 2, urgent=False),
             await _ask(boards, 3, urgent=False), await _ask(boards, 3, urgent=True)]
    for n in (1, 3, 2):
        await held.finish(n)
    assert held.started == [1, 3, 2]
    assert [await t for t in tasks] == [b"PNG1", b"PNG2", b"PNG3", b"PNG3"]


async def test_idle_boards_leave_one_drawing_slot_to_the_urgent_ones():
    """With two drawing processes an idle board never takes the last free one: an urgent board asked
    next starts at once instead of waiting behind idle drawings."""
    boards = Boards(processes=2)  # never started: the held slots stand in for the processes
    held = HeldDrawings(boards)
    idle = [await _ask(boards, 1, urgent=False), await _ask(boards, 2, urgent=False)]
    assert held.started == [1]
    urgent = await _ask(boards, 3, urgent=True)
    assert held.started == [1, 3]
    await held.finish(1)
    assert held.started == [1, 3]  # the urgent drawing runs: the other slot stays free for the next one
    await held.finish(3)
    assert held.started == [1, 3, 2]
    await held.finish(2)
    assert [await t for t in (*idle, urgent)] == [b"PNG1", b"PNG2", b"PNG3"]


def test_a_view_digest_follows_the_contents_not_the_objects():
    """Equal views digest alike whether their strings and lists are shared objects or copies (a board
    is not drawn again, a DM not edited again, for the same view); any change digests otherwise."""
    name = "".join(["Ara", "gorn"])  # a string object of its own, not interned
    hero = {"id": name, "damage": 1}
    shared = {"players": {"1": {"heroes": [hero, hero]}}, "log": [{"card": name}], "you": "1"}
    copied = {"players": {"1": {"heroes": [{"id": "Aragorn", "damage": 1}, {"id": "Aragorn", "damage": 1}]}},
              "log": [{"card": "Aragorn"}], "you": "1"}
    assert digest(shared) == digest(copied)
    changed = {**copied, "log": [{"card": "Aragorn"}, {"card": "Gimli"}]}
    assert digest(changed) != digest(copied)
    assert digest({**copied, "you": "2"}) != digest(copied)
    assert digest({**copied, "you": 1}) != digest(copied)  # 1 and "1" are other values


def _imported(module: str) -> bool:
    return module in sys.modules


def test_started_drawing_processes_are_up_with_every_renderer_imported():
    """Boards.start (the bot's start): both drawing processes run and import the renderers before any
    board, so no player's action waits for a process to start or import (0.3-0.6 s each)."""
    boards = Boards(processes=2)
    try:
        boards.start()
        assert len(boards.pids()) == 2
        for slot in range(2):
            assert all(boards._started(slot).submit(_imported, m).result(60) for m in ("render.lcg", "render.wotr"))
    finally:
        boards.close()


async def _ask_of(boards: Boards, n: int, group: str) -> asyncio.Task:
    task = asyncio.create_task(boards.png("confrontation", {"n": n}, "en", group=group))
    await asyncio.sleep(0)
    return task


async def test_a_table_s_boards_are_drawn_one_at_a_time_in_the_process_that_drew_its_last():
    """One action's boards for its readers (one group: the table) go to one process, one after the other,
    where the renderer finds the pieces the first one drew; another table's board takes the free process
    meanwhile, and a table's next board goes back to the process that drew its last one."""
    boards = Boards(processes=2)  # never started: the held slots stand in for the processes
    held = HeldDrawings(boards)
    tasks = [await _ask_of(boards, 1, "a"), await _ask_of(boards, 2, "a"), await _ask_of(boards, 3, "b")]
    assert held.started == [1, 3] and held.slots == [0, 1]  # 2 waits for 1, 3 does not wait for 2
    await held.finish(3)
    assert held.started == [1, 3]  # the free process does not take table a's second board
    await held.finish(1)
    assert held.started == [1, 3, 2] and held.slots[2] == 0
    await held.finish(2)
    tasks += [await _ask_of(boards, 4, "b"), await _ask_of(boards, 5, "a")]
    assert held.started == [1, 3, 2, 4, 5] and held.slots[3:] == [1, 0]  # each back to its own process
    for n in (4, 5):
        await held.finish(n)
    assert [await t for t in tasks] == [b"PNG1", b"PNG2", b"PNG3", b"PNG4", b"PNG5"]
