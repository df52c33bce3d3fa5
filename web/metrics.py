"""For operators: `/healthz` and `/metrics` (Prometheus's text format, prometheus_client) on an address and
port of their own (METRICS_HOST, METRICS_PORT), never on the web table's public one (docs/deploy.md).

Counted: the changes the action core announces, by game and kind, and the time a player's action takes to
be checked and stored, by game; the tables in memory that are live; the web table's open pages (push
connections) and its requests by route and status, with their time; Discord's answers to the bot's
requests by class and status, and its 429s by class and scope (bot/discord_requests.py). Each `Metrics`
has its own registry, so two in one process (tests) do not clash.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from table.bus import Change
from table.core import ActionCore
from web.app import listen


class Metrics:
    def __init__(self, core: ActionCore, *, open_pages: Callable[[], int] = lambda: 0):
        self.core = core
        self.registry = CollectorRegistry()
        self.changes = Counter("lotr_changes", "Changes announced by the action core (moves, undos, starts...)",
                               ["game", "kind"], registry=self.registry)
        tables = Gauge("lotr_live_tables", "Lobbies and games in play held in this process's memory",
                       registry=self.registry)
        tables.set_function(lambda: sum(1 for t in core.service.tables() if t.live))
        pages = Gauge("lotr_web_open_pages", "Web pages holding a push connection", registry=self.registry)
        pages.set_function(lambda: open_pages())
        self.requests = Counter("lotr_web_requests", "Web table requests answered", ["route", "status"],
                                registry=self.registry)
        self.request_seconds = Histogram("lotr_web_request_seconds", "Time to answer a web table request",
                                         ["route"], registry=self.registry)
        self.action_seconds = Histogram("lotr_action_seconds", "Time to check and store a player's action",
                                        ["game"], registry=self.registry)
        self.discord = Counter("lotr_discord_requests", "Discord's answers to the bot's requests",
                               ["kind", "status"], registry=self.registry)
        self.rate_limited = Counter("lotr_discord_rate_limited", "Discord's 429 answers (the bot was too fast)",
                                    ["kind", "scope"], registry=self.registry)
        self._unsubscribe = core.bus.subscribe(self._count)
        self._runner: web.AppRunner | None = None

    async def _count(self, change: Change) -> None:
        self.changes.labels(change.table.game, change.kind).inc()
        if change.seconds is not None:
            self.action_seconds.labels(change.table.game).observe(change.seconds)

    def discord_answer(self, kind: str, status: int, scope: str) -> None:
        """Discord answered one of the bot's requests of `kind` (bot/discord_requests.py) with `status`;
        a 429's `scope` is its X-RateLimit-Scope (user, global, shared)."""
        self.discord.labels(kind, str(status)).inc()
        if status == 429:
            self.rate_limited.labels(kind, scope or "unknown").inc()

    def request(self, route: str, status: int, started: float) -> None:
        """One web table request answered (web/app.py), `started` at that time.perf_counter()."""
        self.requests.labels(route, str(status)).inc()
        self.request_seconds.labels(route).observe(time.perf_counter() - started)

    async def start(self, host: str, port: int) -> int:
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        self._runner, port = await listen(app, host, port)
        return port

    async def close(self) -> None:
        self._unsubscribe()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _health(self, request: web.Request) -> web.Response:
        """200 while the action core runs (its service open), 503 once it is closing."""
        return web.Response(status=503 if self.core.closed else 200, text="closing" if self.core.closed else "ok")

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(self.registry), headers={"Content-Type": CONTENT_TYPE_LATEST})
