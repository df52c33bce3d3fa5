"""Discord server errors (5xx) tried again, a bounded number of times: a board or a DM lost to one
passing error would leave a player without their controls. discord.py waits out 429s itself and retries
some 5xx (500, 502, 504) on its own; a 503 and the rest reach us. A refusal (4xx) is never retried."""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import discord

T = TypeVar("T")

RETRIES = 2        # a request that meets a server error is tried at most this many more times
RETRY_PAUSE = 1.0  # seconds before the first retry, doubled at each


async def with_retries(call: Callable[[], Awaitable[T]], sleep: Callable[[float], Awaitable[Any]],
                       files: Iterable[discord.File] = ()) -> T:
    """`call()`, again after a pause while Discord answers with a server error; the last error is raised.
    `files` are sent with it: read again from their start at each try."""
    for attempt in range(RETRIES + 1):
        try:
            return await call()
        except discord.HTTPException as exc:
            if exc.status < 500 or attempt == RETRIES:
                raise
            await sleep(RETRY_PAUSE * 2 ** attempt)
            for file in files:
                file.reset()
    raise AssertionError("unreachable")  # the loop returns or raises
