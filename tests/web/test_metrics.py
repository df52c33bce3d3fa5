"""For operators: /healthz and /metrics on an address of their own, counting the changes, the live tables,
the web's open pages and its requests; never served on the web table's public address."""
from __future__ import annotations

import random

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import generate_latest

from bot.discord_requests import DiscordRequests, kind_of
from tests.web.conftest import start_game
from web.app import listen
from web.metrics import Metrics

CHANNEL = 950


@pytest.fixture
async def metrics(site):
    counted = Metrics(site.core, open_pages=site.web.pushes.open_pages)
    site.web.observe = counted.request
    port = await counted.start("127.0.0.1", 0)
    yield f"http://127.0.0.1:{port}"
    await counted.close()


async def _read(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with http.get(url) as answer:
        return answer.status, await answer.text()


async def test_metrics_count_changes_tables_pages_and_requests(site, metrics):
    table = await start_game(site.service, "confrontation", CHANNEL)
    rng = random.Random(1)
    for _ in range(3):
        player = rng.choice(site.service.waiting_for(CHANNEL))
        action = rng.choice(site.service.legal_actions(CHANNEL, player))
        await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)
    await site.get(f"/t/{table.id}")
    await site.get("/t/424242")
    async with site.http.ws_connect(site.url(f"/t/{table.id}/live")) as socket:
        await socket.receive(timeout=10)
        status, text = await _read(site.http, metrics + "/metrics")
    assert status == 200
    assert 'lotr_changes_total{game="confrontation",kind="move"} 3.0' in text
    assert "lotr_live_tables 1.0" in text
    assert "lotr_web_open_pages 1.0" in text
    assert 'lotr_web_requests_total{route="/t/{table}",status="200"} 1.0' in text
    assert 'lotr_web_requests_total{route="/t/{table}",status="404"} 1.0' in text
    assert 'lotr_action_seconds_count{game="confrontation"} 3.0' in text  # each player's action timed
    assert (await _read(site.http, metrics + "/healthz")) == (200, "ok")
    assert (await site.get("/metrics"))[0] == 404  # never on the public address
    assert (await site.get("/healthz"))[0] == 404


@pytest.mark.parametrize("method, path, kind", [
    ("POST", "/api/v10/interactions/123456789012345678/aW50ZXJhY3Rpb24/callback", "interaction"),
    ("PATCH", "/api/v10/webhooks/123456789012345678/aW50ZXJhY3Rpb24/messages/@original", "interaction_followup"),
    ("POST", "/api/v10/channels/123456789012345678/messages", "message_post"),
    ("PATCH", "/api/v10/channels/123456789012345678/messages/223456789012345678", "message_edit"),
    ("POST", "/api/v10/users/@me/channels", "dm_open"),
    ("PUT", "/api/v10/applications/123456789012345678/commands", "commands"),
    ("GET", "/api/v10/gateway/bot", "other"),
])
def test_a_discord_request_is_counted_by_its_kind(method, path, kind):
    assert kind_of(method, path) == kind


async def test_discords_answers_and_its_429s_by_scope_reach_the_metrics(site):
    """The trace the bot hands discord.py, on real requests to a stand-in for Discord's API."""
    async def answer(request: web.Request) -> web.Response:
        if request.path.endswith("/messages"):
            return web.json_response({"retry_after": 1.0}, status=429, headers={"X-RateLimit-Scope": "user"})
        return web.json_response({})
    app = web.Application()
    app.router.add_route("*", "/{path:.*}", answer)
    runner, port = await listen(app, "127.0.0.1", 0)
    requests = DiscordRequests()
    counted = Metrics(site.core)
    requests.observe = counted.discord_answer
    async with aiohttp.ClientSession(trace_configs=[requests.trace]) as http:
        for method, path in (("POST", "/api/v10/channels/123456789012345678/messages"),
                             ("POST", "/api/v10/interactions/123456789012345678/tok/callback")):
            async with http.request(method, f"http://127.0.0.1:{port}{path}"):
                pass
    await runner.cleanup()
    text = generate_latest(counted.registry).decode()
    await counted.close()
    assert 'lotr_discord_requests_total{kind="message_post",status="429"} 1.0' in text
    assert 'lotr_discord_rate_limited_total{kind="message_post",scope="user"} 1.0' in text
    assert 'lotr_discord_requests_total{kind="interaction",status="200"} 1.0' in text
    assert 'lotr_discord_rate_limited_total{kind="interaction"' not in text
