"""A web table on a real server at 127.0.0.1 (a free port), over a table service in a temporary SQLite file;
tests talk to it with an aiohttp client, as a browser would."""
from __future__ import annotations

from dataclasses import dataclass
from html import unescape

import aiohttp
import pytest

from bot.drawing import Boards
from i18n import t
from table.core import ActionCore
from table.models import Table
from table.service import TableService
from table.store import SqliteStore
from web.app import WebTable

GUILD = 7
# One table of every game: its players (Discord-like ids) and options.
GAMES = {"confrontation": (2, {}), "fellowship": (3, {}), "lcg": (2, {}), "wotr": (2, {})}


class Clock:
    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Site:
    service: TableService
    core: ActionCore
    web: WebTable
    http: aiohttp.ClientSession
    clock: Clock
    local: str  # where the server listens (its links may start with another address: PUBLIC_URL)

    def url(self, path: str) -> str:
        return self.local + path

    async def get(self, path: str, **kw) -> tuple[int, str, aiohttp.ClientResponse]:
        async with self.http.get(self.url(path), allow_redirects=False, **kw) as answer:
            return answer.status, await answer.text(errors="replace"), answer

    async def post(self, path: str, data: dict, *, origin: str | None = "", **kw):
        headers = {**kw.pop("headers", {}), **({} if origin is None else {"Origin": origin or self.local})}
        async with self.http.post(self.url(path), data=data, headers=headers, allow_redirects=False, **kw) as answer:
            return answer.status, await answer.text(errors="replace"), answer


def says(html: str, key: str, lang: str = "en", **params) -> bool:
    """Whether the page says the text `key` (read as a browser shows it)."""
    return t(key, lang, **params) in unescape(html)


def players(n: int) -> list[str]:
    return [str(10**17 + i) for i in range(n)]


async def start_game(service: TableService, game: str, channel: int, *, seed: int = 1, n: int | None = None,
                     options: dict | None = None) -> Table:
    count, default = GAMES[game]
    seated = players(n or count)
    await service.create(channel, GUILD, game, dict(options if options is not None else default), seated[0], "en")
    for p in seated[1:]:
        await service.join(channel, p)
    return await service.start(channel, seated[0], {p: i for i, p in enumerate(seated)}, seed=seed)


async def open_site(tmp_path, clock: Clock, name: str = "web.db", *, public_url: str | None = None):
    service = await TableService.open(SqliteStore(tmp_path / name), clock=clock)
    core = ActionCore(service, bot_pause=0)
    boards = Boards(processes=0)
    web = WebTable(core, boards, clock=clock, public_url=public_url)
    port = await web.start("127.0.0.1", 0)
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    return Site(service, core, web, http, clock, f"http://127.0.0.1:{port}"), boards


async def close_site(site: Site, boards: Boards) -> None:
    await site.http.close()
    await site.web.close()
    await site.core.close()
    await site.service.close()
    boards.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def site(tmp_path, clock):
    opened, boards = await open_site(tmp_path, clock)
    yield opened
    await close_site(opened, boards)
