"""Rate limits per address: a link's pages and spending, and push connections open at once; past them a
429 page, nothing changed. Behind a proxy on the same host the address is the one it forwards."""
from __future__ import annotations

import aiohttp

from tests.web.conftest import says, start_game
from web.limits import LINKS_PER_MINUTE, PUSHES_AT_ONCE

CHANNEL = 980


async def test_link_pages_past_the_limit_get_a_429_and_spend_nothing(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    link = (await site.web.new_link(table.players[0], table.id, "en")).removeprefix(site.web.base)
    alone = {"X-Forwarded-For": "203.0.113.7"}
    for _ in range(LINKS_PER_MINUTE):
        assert (await site.get(link, headers=alone))[0] == 200
    status, html, _ = await site.get(link, headers=alone)
    assert status == 429 and says(html, "web.error.too_many")
    status, _, _ = await site.get(link, headers={"X-Forwarded-For": "203.0.113.7, 198.51.100.2"})  # another
    assert status == 200
    assert await site.service.store.fetch("SELECT spent_by FROM web_links") == [(None,)]


async def test_push_connections_at_once_are_limited_per_address(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    url = site.url(f"/t/{table.id}/live")
    same = {"X-Forwarded-For": "203.0.113.8"}
    sockets = [await site.http.ws_connect(url, headers=same) for _ in range(PUSHES_AT_ONCE)]
    for socket in sockets:
        await socket.receive(timeout=10)
    try:
        await site.http.ws_connect(url, headers=same)
        raise AssertionError("one push connection too many was accepted")
    except aiohttp.WSServerHandshakeError as refused:
        assert refused.status == 429
    await sockets.pop().close()
    while site.web.pushes.open_pages() > PUSHES_AT_ONCE - 1:  # the server sees it go
        await site.http.get(site.url("/static/web.css"))
    sockets.append(await site.http.ws_connect(url, headers=same))
    for socket in sockets:
        await socket.close()


async def test_requests_past_an_addresss_or_a_sessions_limit_get_a_429(site, monkeypatch):
    table = await start_game(site.service, "confrontation", CHANNEL)
    page = f"/t/{table.id}/part"
    monkeypatch.setattr(site.web.address_uses, "limit", 5)
    here = {"X-Forwarded-For": "203.0.113.9"}
    for _ in range(5):
        assert (await site.get(page, headers=here))[0] == 200
    status, html, _ = await site.get(page, headers=here)
    assert status == 429 and says(html, "web.error.too_many")
    assert (await site.get("/static/web.css", headers=here))[0] == 200  # the page's own files still load
    monkeypatch.setattr(site.web.session_uses, "limit", 3)
    cookie = {"Cookie": "lotr_session=one-session"}
    for n in range(3):  # one session from three addresses counts as one
        assert (await site.get(page, headers={**cookie, "X-Forwarded-For": f"198.51.100.{n}"}))[0] == 200
    assert (await site.get(page, headers={**cookie, "X-Forwarded-For": "198.51.100.9"}))[0] == 429
    assert (await site.get(page, headers={"X-Forwarded-For": "198.51.100.9"}))[0] == 200  # without it: its own
