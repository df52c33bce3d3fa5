"""The bot's share of Discord's global rate limit, spent before each REST request.

Discord lets a bot make about 50 requests a second in all (every process and shard together; the
interactions' own answers and followups are outside it) and answers 429 beyond; discord.py waits out a
429 but does not pace itself against the global limit. So every request the bot sends through its
HTTP client (channel posts and edits, DMs; not the interaction webhooks) first takes a place in a
sliding window of one second: at most `per_second` requests in any second, whatever Discord's window
boundaries are. A request finding the window full waits for the oldest to leave it.

Idle work asks first (`spare`): a refresh nobody waits for (an idle player's board at the end of a
game) is skipped while more than half of the window is in use, so that when the limit is near what
players wait for goes out first and the rest is dropped, not queued.
"""
from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from discord.http import Route


class RequestBudget:
    def __init__(self, per_second: float, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep):
        self.per_second = per_second
        self.clock = clock
        self.sleep = sleep
        self._sent: deque[float] = deque()  # when each request of the last second went
        self.waited = 0  # requests that had to wait for a place (a figure for bench/)

    def _in_use(self) -> int:
        now = self.clock()
        while self._sent and self._sent[0] <= now - 1.0:
            self._sent.popleft()
        return len(self._sent)

    async def spend(self) -> None:
        """Wait for a place in the window, and take it."""
        waited = False
        while self._in_use() >= self.per_second:
            waited = True
            await self.sleep(self._sent[0] + 1.0 - self.clock())
        self.waited += waited
        self._sent.append(self.clock())

    def spare(self) -> bool:
        """Is there room for work nobody waits for (less than half the window in use)?"""
        return self._in_use() < self.per_second / 2

    def install(self, http: Any) -> None:
        """Make `http` (discord.py's HTTPClient) spend from this budget before each request."""
        async def paced(route: Route, **kwargs: Any) -> Any:
            await self.spend()
            return await type(http).request(http, route, **kwargs)  # the class's, read now (tests patch it)

        http.request = paced
