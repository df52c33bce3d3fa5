"""Fetching RingsDB decklists (issue 37, items 6 and 7; issue 39, item 5): no redirection followed, one
deadline for a whole answer and one for every request of a bringing, answers capped, no worker thread held
while RingsDB answers, and no request sent that the refusal does not need. A local HTTP server on
127.0.0.1 plays RingsDB where the network itself matters; elsewhere a fetcher in memory does."""
from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from table import deck_fetch
from table.deck_fetch import DecksRefused, FetchError, HttpFetcher, bring_decks
from tests.lcg.recorded import FIXTURES, Recorded


class _RingsDB(BaseHTTPRequestHandler):
    """Answers by path: /redirect (302 to /target), /drip (a byte every 50 ms, 100 of them), /big (300 kB),
    /stream (the same without its size),
    /api/public/decklist/N (RingsDB's empty 200 for a decklist it lacks), /target (a decklist)."""
    seen: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.seen.append(self.path)
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/target")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = {"/target": (FIXTURES / "ringsdb_decklist_23517.json").read_bytes(), "/big": b" " * 300_000,
                "/stream": b" " * 300_000, "/drip": b"x" * 100}.get(self.path, b"")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if self.path != "/stream":  # its size unsaid: read until the connection closes
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            if self.path == "/drip":  # one byte at a time: each read is quick, the whole answer is not
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.05)
            else:
                self.wfile.write(body)
        except OSError:  # the client gave up: that is what is tested
            pass

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def ringsdb() -> Iterator[str]:
    _RingsDB.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _RingsDB)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def test_a_redirection_is_not_followed(ringsdb):
    with pytest.raises(FetchError) as err:
        await HttpFetcher().get(f"{ringsdb}/redirect")
    assert err.value.code == "redirect" and _RingsDB.seen == ["/redirect"]


async def test_the_timeout_is_for_the_whole_answer_not_each_read(ringsdb):
    with pytest.raises(FetchError) as err:  # 100 bytes over 5 s, each within 50 ms
        await HttpFetcher(timeout=0.5).get(f"{ringsdb}/drip")
    assert err.value.code == "unreachable"


@pytest.mark.parametrize("path", ["/big", "/stream"])
async def test_an_answer_over_the_cap_is_refused(ringsdb, path):
    with pytest.raises(FetchError) as err:
        await HttpFetcher(max_bytes=100_000).get(f"{ringsdb}{path}")
    assert err.value.code == "too_big"
    assert await HttpFetcher().get(f"{ringsdb}/target") == (FIXTURES / "ringsdb_decklist_23517.json").read_bytes()


async def test_ringsdbs_empty_answer_is_no_public_decklist(ringsdb, monkeypatch):
    monkeypatch.setattr(deck_fetch, "RINGSDB", f"{ringsdb}/api/public")
    monkeypatch.setattr(deck_fetch, "FETCHER", HttpFetcher())
    with pytest.raises(DecksRefused) as err:
        await bring_decks([(None, "https://ringsdb.com/decklist/view/424242")])
    assert err.value.messages("en") == ["RingsDB has no public decklist 424242."]
    assert err.value.messages("fr") == ["RingsDB n'a pas de liste publique 424242."]


class _Virtual:
    """A fetcher taking `seconds` of the event loop's clock per request (the clock is moved, not waited
    on), so that deadlines are tested without timing."""

    def __init__(self, loop: asyncio.AbstractEventLoop, monkeypatch, seconds: float):
        self.asked: list[str] = []
        self.seconds, self.skew = seconds, 0.0
        real = loop.time
        monkeypatch.setattr(loop, "time", lambda: real() + self.skew)

    async def get(self, url: str) -> bytes:
        self.asked.append(url)
        self.skew += self.seconds
        for _ in range(20):  # the loop's turn: a deadline passed meanwhile cancels us here
            await asyncio.sleep(0)
        return await Recorded().get(url.replace("/424242", "/23517"))


async def test_one_deadline_covers_every_request_of_a_bringing(monkeypatch):
    fetcher = _Virtual(asyncio.get_running_loop(), monkeypatch, seconds=0.6 * deck_fetch.DEADLINE)
    with pytest.raises(DecksRefused) as err:  # each request is within the deadline; the two are not
        await asyncio.wait_for(bring_decks([(None, "424242 424242 424242")], fetcher), 30)
    assert err.value.messages("en") == [
        "RingsDB 424242: RingsDB could not be reached for decklist 424242 (no network, or too slow). "
        "Try again, or paste the list."]
    assert len(fetcher.asked) == 2  # the third is never asked
    fetcher.seconds = 0.3 * deck_fetch.DEADLINE
    assert len(await bring_decks([(None, "424242 424242 424242")], fetcher)) == 3


async def test_a_slow_ringsdb_holds_no_worker_thread():
    """Six forms of four links while RingsDB has not answered: the engine's work (the default executor,
    one thread here) still runs."""
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(1))
    gate, waiting = asyncio.Event(), []

    class Held:
        async def get(self, url: str) -> bytes:
            waiting.append(url)
            await gate.wait()
            return await Recorded().get(url)

    async def all_asked() -> None:
        while len(waiting) < 6:
            await asyncio.sleep(0.01)

    forms = [asyncio.create_task(bring_decks([(None, "23517 23580 23579 23517")], Held())) for _ in range(6)]
    await asyncio.wait_for(all_asked(), 5)
    assert await asyncio.wait_for(asyncio.to_thread(lambda: "engine step"), 5) == "engine step"
    gate.set()
    assert [len(await form) for form in forms] == [4] * 6


async def test_too_many_decks_are_refused_before_any_request():
    fetcher = Recorded()
    files = [(f"friends{i}.txt", b"1 2 3 4") for i in range(4)]
    with pytest.raises(DecksRefused) as err:
        await bring_decks(files, fetcher)
    assert err.value.messages("en") == ["A fellowship links 2 to 4 decks; this gives 16."]
    assert fetcher.asked == []


async def test_a_deck_that_cannot_be_read_here_is_refused_before_any_request():
    fetcher = Recorded()
    with pytest.raises(DecksRefused) as err:
        await bring_decks([("mine.txt", b"Aragorn\n3x Palantir\n"), ("friend.txt", b"23580")], fetcher)
    assert err.value.messages("en") == ["mine.txt: Line 2 names no Core Set player card: “3x Palantir”."]
    assert fetcher.asked == []


async def test_the_first_decklist_refused_ends_the_fetching():
    fetcher = Recorded()
    with pytest.raises(DecksRefused, match="RingsDB 99: RingsDB has no public decklist 99"):
        await bring_decks([(None, "99 23517 23580")], fetcher)
    assert fetcher.asked == ["https://ringsdb.com/api/public/decklist/99"]


class _Foreign:
    """A decklist of 400 cards RingsDB has and the Core Set has not, and their names."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def get(self, url: str) -> bytes:
        self.asked.append(url)
        code = url.rsplit("/", 1)[1]
        if "/card/" in url:
            return json.dumps({"code": code, "name": f"Card {code}"}).encode()
        return json.dumps({"id": 5, "slots": {"01001": 1, **{f"{90000 + i}": 1 for i in range(400)}}}).encode()


async def test_four_hundred_foreign_cards_are_named_ten_and_counted():
    fetcher = _Foreign()
    with pytest.raises(DecksRefused) as err:
        await bring_decks([(None, "5")], fetcher)
    said = err.value.messages("en")
    assert said == [
        "Only Core Set cards can be played here; this deck also holds "
        + ", ".join(f"Card {90000 + i}" for i in range(10)) + ".",
        "…and 390 more cards from other packs."]
    assert len(fetcher.asked) == 1 + 10  # the decklist, then only the names the refusal says
    assert "…et 390 autres cartes" in err.value.messages("fr")[1]


async def test_four_hundred_lines_not_read_are_said_in_part_and_counted():
    files = [(f"{'long name ' * 5}{i}.txt", ("Aragorn\n" + "".join(f"{n}x Card number {n} of a pack never printed\n"
                                                                   for n in range(1, 101))).encode()) for i in range(4)]
    with pytest.raises(DecksRefused) as err:
        await bring_decks(files, Recorded())
    for lang in ("en", "fr"):
        said = err.value.messages(lang)
        assert len("\n".join(said)) <= deck_fetch.MAX_SAID and said[0].startswith("long name")
        shown = len(said) - 1
        assert said[-1] == ("…and {n} more problems." if lang == "en" else "…et {n} autres problèmes.").format(n=400 - shown)
