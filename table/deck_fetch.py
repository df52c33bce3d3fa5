"""Bringing Card Game decks, the same way from every door (a file attached in Discord, the lobby's pasted
form, the console's --deck): `bring_decks`, one call for all of one player's decks (several: a
fellowship). The reading is cards/lcg_decks.py's; this module fetches RingsDB decklists.

Cheap checks come first and cost no request: each text is read in a thread of its own (not the engine's
workers), the decks are counted (at most MAX_DECKS, RingsDB numbers included), and any deck that cannot be
read refuses the whole before anything is fetched. RingsDB is then asked on the event loop itself (no
thread waits on the network), one decklist after another, within DEADLINE for every request together; a
redirection is not followed, an answer is capped at MAX_BYTES, and the first refused decklist ends the
fetching. Fetching goes through a `Fetcher`, so that tests play recorded answers and a bot without network
access says so.
"""
from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from cards.lcg import DeckError
from cards.lcg_decks import (
    MAX_DECKS,
    MAX_NAMED,
    MAX_TEXT,
    DeckImportError,
    decode,
    read_here,
    ringsdb_deck,
    ringsdb_outside,
    ringsdb_slots,
)
from i18n import t

RINGSDB = "https://ringsdb.com/api/public"
TIMEOUT = 5.0  # seconds for one request, its whole answer read
DEADLINE = 10.0  # seconds for every request of one bringing together
MAX_BYTES = 200_000  # a decklist's JSON is a few kB
MAX_SAID = 1500  # characters of a refusal's lines (a Discord message holds 2,000); the rest are counted
Source = tuple[str | None, bytes | str | None]  # (file name or None, its bytes (None: over the cap) or a text)
_READER = ThreadPoolExecutor(1, thread_name_prefix="deck-reading")  # texts are read here, one at a time


class FetchError(Exception):
    """`code`: offline, unreachable, not_found, redirect, too_big (a text key under lcg_table.deck.fetch_)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class Fetcher(Protocol):
    async def get(self, url: str) -> bytes: ...


class HttpFetcher:
    """The network: one GET, no redirection followed, `timeout` seconds for the whole answer, at most
    `max_bytes` read."""

    def __init__(self, timeout: float = TIMEOUT, max_bytes: int = MAX_BYTES):
        self.timeout, self.max_bytes = timeout, max_bytes

    async def get(self, url: str) -> bytes:
        import aiohttp

        headers = {"User-Agent": "lotr-gamemaster", "Accept": "application/json", "Accept-Encoding": "identity"}
        try:
            async with (asyncio.timeout(self.timeout), aiohttp.ClientSession(auto_decompress=False) as session,
                        session.get(url, headers=headers, allow_redirects=False) as answer):
                if answer.status == 404:
                    raise FetchError("not_found")
                if 300 <= answer.status < 400:
                    raise FetchError("redirect")
                if answer.status != 200:
                    raise FetchError("unreachable")
                if (answer.content_length or 0) > self.max_bytes:
                    raise FetchError("too_big")
                body = bytearray()
                async for chunk in answer.content.iter_any():
                    body += chunk
                    if len(body) > self.max_bytes:
                        raise FetchError("too_big")
                return bytes(body)
        except (aiohttp.ClientError, TimeoutError, OSError, ValueError) as exc:
            raise FetchError("unreachable") from exc


class Offline:
    """A bot run without network access: every fetch refused, and said so."""

    async def get(self, url: str) -> bytes:
        raise FetchError("offline")


FETCHER: Fetcher = HttpFetcher()


class DecksRefused(Exception):
    """Why the decks cannot be brought: problems by source (a file's name, a RingsDB number among several,
    or None), said in a language by `messages`: the first lines that fit in MAX_SAID characters, then how
    many more there are."""

    def __init__(self, parts: list[tuple[str | None, DeckError | DeckImportError]]):
        self.parts = parts
        super().__init__("; ".join(self.messages("en")))

    def messages(self, lang: str = "en") -> list[str]:
        lines = [f"{label}: {line}" if label else line for label, exc in self.parts for line in exc.messages(lang)]
        said: list[str] = []
        size = 0
        for line in lines:
            size += len(line) + 1
            if size > MAX_SAID - 100:  # room for the count
                return said + [t("lcg_table.deck.more_problems", lang, count=len(lines) - len(said))]
            said.append(line)
        return said


def _read(source: Source) -> dict | str | list[int]:
    """One source read here: a deck, or the RingsDB numbers it gives."""
    name, content = source
    if content is None or (isinstance(content, bytes) and len(content) > MAX_TEXT):
        raise DeckImportError([("file_too_big", {"file": name or "?", "kb": MAX_TEXT // 1000})])
    if isinstance(content, bytes):
        try:
            content = decode(content)
        except DeckImportError:
            raise DeckImportError([("file_not_text", {"file": name or "?"})]) from None
    return read_here(content)


def _read_all(sources: list[Source]) -> list[tuple[str | None, dict | str | list[int] | Exception]]:
    out: list[tuple[str | None, dict | str | list[int] | Exception]] = []
    for name, content in sources:
        try:
            out.append((name, _read((name, content))))
        except DeckImportError as exc:  # a file's size or encoding: the sentence names the file
            out.append((None if exc.problems[0][0] in ("file_too_big", "file_not_text") else name, exc))
        except DeckError as exc:
            out.append((name, exc))
    return out


async def bring_decks(sources: list[Source], fetcher: Fetcher | None = None) -> list[dict | str]:
    """Every deck the sources bring, in order (a source may give several RingsDB numbers): each a deck as
    the `decks` option holds it. DecksRefused with every problem found before any request, or with the
    first decklist RingsDB refused."""
    fetcher = fetcher or FETCHER
    loop = asyncio.get_running_loop()
    read = await loop.run_in_executor(_READER, _read_all, sources)
    count = sum(len(r) if isinstance(r, list) else 1 for _, r in read)
    if count > MAX_DECKS:
        raise DecksRefused([(None, DeckImportError([("too_many_decks", {"count": count, "maximum": MAX_DECKS})]))])
    failed = [(label, r) for label, r in read if isinstance(r, (DeckError, DeckImportError))]
    if failed:
        raise DecksRefused(failed)
    found = [(label, r) for label, r in read if not isinstance(r, Exception)]
    deadline = loop.time() + DEADLINE
    lookups = [MAX_NAMED]  # card names asked for refusals, over the whole bringing
    decks: list[dict | str] = []
    for label, r in found:
        if not isinstance(r, list):
            decks.append(r)
            continue
        for number in r:
            try:
                decks.append(await _ringsdb(fetcher, number, deadline, lookups))
            except (DeckError, DeckImportError) as exc:
                raise DecksRefused([(label or (f"RingsDB {number}" if count > 1 else None), exc)]) from None
    return decks


async def _get(fetcher: Fetcher, url: str, deadline: float) -> bytes:
    """One request within what is left of the bringing's deadline."""
    left = deadline - asyncio.get_running_loop().time()
    if left <= 0:
        raise FetchError("unreachable")
    try:
        async with asyncio.timeout(left):
            return await fetcher.get(url)
    except TimeoutError:
        raise FetchError("unreachable") from None


async def _ringsdb(fetcher: Fetcher, number: int, deadline: float, lookups: list[int]) -> dict | str:
    """A RingsDB decklist; the names of its cards outside the Core Set looked up for the refusal (while
    `lookups` has some left, unnamed when that fails: their code is said)."""
    try:
        body = await _get(fetcher, f"{RINGSDB}/decklist/{number}", deadline)
    except FetchError as exc:
        raise DeckImportError([(f"fetch_{exc.code}", {"number": number})]) from None
    if body.strip() in (b"", b"null"):  # RingsDB's answer for a decklist it does not have: 200, no body
        raise DeckImportError([("fetch_not_found", {"number": number})])
    slots = ringsdb_slots(body.decode("utf-8", "replace"))
    names: dict[str, str] = {}
    for code in ringsdb_outside(slots):
        if lookups[0] <= 0:
            break
        lookups[0] -= 1
        try:
            names[code] = str(json.loads(await _get(fetcher, f"{RINGSDB}/card/{code}", deadline))["name"])[:60]
        except (FetchError, ValueError, KeyError, TypeError):
            continue
    return ringsdb_deck(slots, names)

