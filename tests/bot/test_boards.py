"""Board drawings (bot/messages.py: Boards): one drawing per distinct view, even when several ask for it
at the same moment; a failed drawing is not kept."""
from __future__ import annotations

import sys
import threading

import render.confrontation
from bot.messages import Boards, digest

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


def test_the_same_view_is_drawn_once(monkeypatch):
    drawn = _counting(monkeypatch)
    boards = Boards()
    first = boards.png("confrontation", VIEW, "en")
    assert boards.png("confrontation", dict(VIEW), "en") == first and len(drawn) == 1
    boards.png("confrontation", VIEW, "fr")  # another language is another picture
    assert len(drawn) == 2


class CountingLock:
    """The boards' lock, counting how often it was taken (to know a thread passed its cache check)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.taken = 0

    def __enter__(self):
        self.lock.acquire()
        self.taken += 1

    def __exit__(self, *exc):
        self.lock.release()


def test_a_view_asked_for_while_it_is_drawn_waits_for_that_drawing(monkeypatch):
    gate = threading.Event()
    drawn = _counting(monkeypatch, gate)
    boards = Boards()
    lock = boards._lock = CountingLock()  # type: ignore[assignment]
    results: list[bytes | None] = []
    threads = [threading.Thread(target=lambda: results.append(boards.png("confrontation", VIEW, "en")))
               for _ in range(2)]
    threads[0].start()
    while not drawn:  # the first drawing is under way, held at the gate
        gate.wait(0.001)
    threads[1].start()
    while lock.taken < 2:  # the second asked while the first was still drawing
        gate.wait(0.001)
    gate.set()
    for thread in threads:
        thread.join(10)
    assert len(drawn) == 1 and len(results) == 2 and results[0] == results[1] is not None


def test_a_failed_drawing_gives_no_picture_and_is_not_kept(monkeypatch):
    drawn = _counting(monkeypatch, fail=True)
    boards = Boards()
    assert boards.png("confrontation", VIEW, "en") is None
    assert boards.png("confrontation", VIEW, "en") is None
    assert len(drawn) == 2 and not boards._drawing


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
        assert boards._pool is not None and len(boards._pool._processes) == 2
        for _ in range(4):  # whichever process answers
            assert all(boards._pool.submit(_imported, m).result(60) for m in ("render.lcg", "render.wotr"))
    finally:
        boards.close()
