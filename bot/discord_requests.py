"""Discord's answers to the bot's requests, told to the operators' metrics (web/metrics.py): each request
discord.py makes is seen through aiohttp's request tracing, which discord.py takes as `Client(http_trace=)`,
and counted by kind and status, 429s by kind and scope. discord.py waits out a 429 itself; counted here, a
rising count says the bot's own pacing (bot/budget.py) is off."""
from __future__ import annotations

import re
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp

# A request's kind from its path (ids replaced by "#"), the method first: what an operator tells apart.
KINDS = (
    ("POST", re.compile(r"/interactions/#/[^/]+/callback$"), "interaction"),
    ("", re.compile(r"/webhooks/#/[^/]+"), "interaction_followup"),
    ("POST", re.compile(r"/channels/#/messages$"), "message_post"),
    ("PATCH", re.compile(r"/channels/#/messages/#$"), "message_edit"),
    ("DELETE", re.compile(r"/channels/#/messages/#$"), "message_delete"),
    ("POST", re.compile(r"/users/@me/channels$"), "dm_open"),
    ("", re.compile(r"/applications/#/"), "commands"),
)
_ID = re.compile(r"/\d{5,}")

Observer = Callable[[str, int, str], None]  # (kind, status, 429 scope)


def kind_of(method: str, path: str) -> str:
    """The kind of a request to Discord's API by its method and path ("other" when none fits)."""
    shape = _ID.sub("/#", path)
    for want, pattern, kind in KINDS:
        if want in ("", method) and pattern.search(shape):
            return kind
    return "other"


class DiscordRequests:
    """The trace handed to discord.py; `observe` (the metrics', once they run) is told of each answer."""

    def __init__(self) -> None:
        self.observe: Observer | None = None
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._answered)

    async def _answered(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                        params: aiohttp.TraceRequestEndParams) -> None:
        if self.observe is not None:
            scope = params.response.headers.get("X-RateLimit-Scope", "") if params.response.status == 429 else ""
            self.observe(kind_of(params.method, params.url.path), params.response.status, scope)
