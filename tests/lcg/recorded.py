"""RingsDB's answers recorded in tests/lcg/fixtures, served by URL (table/deck_fetch.py's Fetcher)."""
from __future__ import annotations

from pathlib import Path

from table.deck_fetch import RINGSDB, FetchError

FIXTURES = Path(__file__).parent / "fixtures"


class Recorded:
    def __init__(self) -> None:
        self.asked: list[str] = []

    async def get(self, url: str) -> bytes:
        self.asked.append(url)
        kind, _, number = url.removeprefix(RINGSDB + "/").partition("/")
        path = FIXTURES / f"ringsdb_{kind}_{number}.json"
        if not path.exists():
            raise FetchError("not_found")
        return path.read_bytes()
