"""Rate limits of the web table. Per address: one-time link pages and their spending (`LINKS_PER_MINUTE`),
push connections open at once (`PUSHES_AT_ONCE`) and requests of any kind but static files
(`REQUESTS_PER_MINUTE`); per session, its requests (`SESSION_REQUESTS_PER_MINUTE`, several addresses
sharing one session count together). Past them a request gets a 429 page, nothing changed.

An address is the peer's; behind a reverse proxy on the same host (the peer is a loopback address), it is
the last address the proxy added to `X-Forwarded-For` (docs/deploy.md), the only one it vouches for.
"""
from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable

from aiohttp import web

LINKS_PER_MINUTE = 30
PUSHES_AT_ONCE = 20
# A page fetches its part once per change it is told of: a player's tab, about one a second at the busiest
# (a bot's chain); an address may hold many people behind one router, hence its larger limit.
SESSION_REQUESTS_PER_MINUTE = 300
REQUESTS_PER_MINUTE = 1200
KEPT = 10_000  # addresses remembered (the least recently seen forgotten first)


def address(request: web.Request) -> str:
    peer = request.remote or ""
    try:
        proxied = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        proxied = False
    forwarded = request.headers.get("X-Forwarded-For", "").rsplit(",", 1)[-1].strip()
    return forwarded if proxied and forwarded else peer


class PerMinute:
    """At most `limit` uses a minute per address (a count per whole minute)."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic):
        self.limit, self.clock = limit, clock
        self._counts: OrderedDict[str, tuple[int, int]] = OrderedDict()  # address -> (minute, uses)

    def take(self, who: str) -> bool:
        minute = int(self.clock() // 60)
        last, uses = self._counts.pop(who, (minute, 0))
        uses = uses + 1 if last == minute else 1
        self._counts[who] = (minute, uses)
        while len(self._counts) > KEPT:
            self._counts.popitem(last=False)
        return uses <= self.limit


class AtOnce:
    """At most `limit` held at once per address."""

    def __init__(self, limit: int):
        self.limit = limit
        self._held: dict[str, int] = {}

    def hold(self, who: str) -> bool:
        if self._held.get(who, 0) >= self.limit:
            return False
        self._held[who] = self._held.get(who, 0) + 1
        return True

    def release(self, who: str) -> None:
        left = self._held.get(who, 0) - 1
        if left > 0:
            self._held[who] = left
        else:
            self._held.pop(who, None)
