"""For operators: /healthz and /metrics on an address of their own, counting the changes, the live tables,
the web's open pages and its requests; never served on the web table's public address."""
from __future__ import annotations

import random

import aiohttp
import pytest

from tests.web.conftest import start_game
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
    assert (await _read(site.http, metrics + "/healthz")) == (200, "ok")
    assert (await site.get("/metrics"))[0] == 404  # never on the public address
    assert (await site.get("/healthz"))[0] == 404
