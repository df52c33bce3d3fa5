"""Bringing a Card Game deck from where players keep it: a RingsDB decklist (link or number; several for a
fellowship), an OCTGN .o8d file's text, or a pasted list. The reading is cards/lcg_decks.py's; this module
does the fetching, through a small interface so that tests play recorded answers and a bot without
network access says so. Every fetch has a timeout and a size cap.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Protocol

from cards.lcg import DeckError
from cards.lcg_decklist import read_deck
from cards.lcg_decks import MAX_DECKS, DeckImportError, read_o8d, read_ringsdb, ringsdb_ids

RINGSDB = "https://ringsdb.com/api/public"
TIMEOUT = 5.0       # seconds, per request
MAX_BYTES = 200_000  # a decklist's JSON is a few kB


class FetchError(Exception):
    """`code`: offline, unreachable, not_found, too_big (a text key under lcg_table.deck.fetch_)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class Fetcher(Protocol):
    def get(self, url: str) -> bytes: ...


class HttpFetcher:
    """The network, with a timeout and a size cap."""

    def __init__(self, timeout: float = TIMEOUT, max_bytes: int = MAX_BYTES):
        self.timeout, self.max_bytes = timeout, max_bytes

    def get(self, url: str) -> bytes:
        request = urllib.request.Request(url, headers={"User-Agent": "lotr-gamemaster", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:  # noqa: S310 (https only)
                body = answer.read(self.max_bytes + 1)
        except urllib.error.HTTPError as exc:
            raise FetchError("not_found" if exc.code == 404 else "unreachable") from exc
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise FetchError("unreachable") from exc
        if len(body) > self.max_bytes:
            raise FetchError("too_big")
        return body


class Offline:
    """A bot run without network access: every fetch refused, and said so."""

    def get(self, url: str) -> bytes:
        raise FetchError("offline")


FETCHER: Fetcher = HttpFetcher()


def _names(fetcher: Fetcher, codes: list[str]) -> dict[str, str]:
    """The names RingsDB gives to card codes outside the Core Set (a few at most; unnamed when it fails)."""
    out = {}
    for code in codes[:10]:
        try:
            out[code] = str(json.loads(fetcher.get(f"{RINGSDB}/card/{code}"))["name"])[:60]
        except (FetchError, ValueError, KeyError, TypeError):
            continue
    return out


def ringsdb_deck(number: int, fetcher: Fetcher | None = None) -> dict:
    fetcher = fetcher or FETCHER
    try:
        body = fetcher.get(f"{RINGSDB}/decklist/{number}")
    except FetchError as exc:
        raise DeckImportError([(f"fetch_{exc.code}", {"number": number})]) from None
    return read_ringsdb(body.decode("utf-8", "replace"), lambda codes: _names(fetcher, codes))


def read_decks(text: str, fetcher: Fetcher | None = None) -> list[dict]:
    """The deck(s) a text brings: RingsDB links or numbers (a fellowship: 2 to 4), an .o8d file's XML, or a
    pasted list. DeckImportError or cards.lcg.DeckError with every problem found."""
    if text.lstrip().startswith("<"):
        return [read_o8d(text)]
    numbers = ringsdb_ids(text)
    if len(numbers) > MAX_DECKS:
        raise DeckImportError([("too_many_decks", {"count": len(numbers), "maximum": MAX_DECKS})])
    if numbers:
        return [ringsdb_deck(n, fetcher) for n in numbers]
    return [read_deck(text)]


def problems(exc: Exception, lang: str) -> list[str]:
    """A refusal's sentences in `lang`."""
    if isinstance(exc, (DeckImportError, DeckError)):
        return exc.messages(lang)
    raise exc
