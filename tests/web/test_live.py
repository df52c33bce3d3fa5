"""Live pages: an open page's WebSocket gets the table's version at once, then a "table T is at version V"
hint after every change (nothing else), and a page reconnecting to a restarted server catches up."""
from __future__ import annotations

import json
import random

import aiohttp

from tests.web.conftest import close_site, open_site, start_game

CHANNEL = 700


async def _move(site, rng: random.Random) -> None:
    player = rng.choice(site.service.waiting_for(CHANNEL))
    action = rng.choice(site.service.legal_actions(CHANNEL, player))
    await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)


async def _hint(socket: aiohttp.ClientWebSocketResponse) -> dict:
    message = await socket.receive(timeout=10)
    assert message.type == aiohttp.WSMsgType.TEXT, message
    return json.loads(message.data)


async def test_an_open_page_is_told_each_new_version_and_its_part_then_shows_it(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    _, _, answer = await site.get(f"/t/{table.id}/part")
    async with site.http.ws_connect(site.url(f"/t/{table.id}/live")) as socket:
        first = await _hint(socket)
        assert first == {"table": table.id, "version": answer.headers["X-Table-Version"]}
        rng = random.Random(4)
        for _ in range(3):
            await _move(site, rng)
            hint = await _hint(socket)
            assert set(hint) == {"table", "version"} and hint["version"] != first["version"]
            _, part, answer = await site.get(f"/t/{table.id}/part")
            assert answer.headers["X-Table-Version"] == hint["version"]
            first = hint


async def test_pages_of_other_tables_hear_nothing_and_an_unknown_table_has_no_pushes(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    other = await start_game(site.service, "confrontation", CHANNEL + 1)
    async with site.http.ws_connect(site.url(f"/t/{other.id}/live")) as socket:
        await _hint(socket)
        await _move(site, random.Random(1))  # a move at the first table
        await site.core.take(CHANNEL + 1, *_first_legal(site, CHANNEL + 1))  # then one here: the next hint
        assert (await _hint(socket))["version"] == (await site.get(f"/t/{other.id}/part"))[2].headers["X-Table-Version"]
    assert site.web.pushes.open_pages() == 0
    status, _, _ = await site.get(f"/t/{table.id + 99}/live")
    assert status == 404


def _first_legal(site, channel: int) -> tuple[str, dict, int]:
    player = site.service.waiting_for(channel)[0]
    return player, site.service.legal_actions(channel, player)[0], site.service.table(channel).decision_id


async def test_a_page_reconnecting_after_a_restart_learns_the_version_it_missed(tmp_path, clock):
    site, boards = await open_site(tmp_path, clock)
    table = await start_game(site.service, "confrontation", CHANNEL)
    socket = await site.http.ws_connect(site.url(f"/t/{table.id}/live"))
    seen = (await _hint(socket))["version"]
    await site.web.close()  # the server goes: the page is told so
    message = await socket.receive(timeout=10)
    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    await site.core.take(CHANNEL, *_first_legal(site, CHANNEL))  # a change while no page hears
    await close_site(site, boards)
    again, boards = await open_site(tmp_path, clock)  # the same database, a new process
    try:
        async with again.http.ws_connect(again.url(f"/t/{table.id}/live")) as socket:
            caught_up = (await _hint(socket))["version"]
        assert caught_up != seen
        assert caught_up == (await again.get(f"/t/{table.id}/part"))[2].headers["X-Table-Version"]
    finally:
        await close_site(again, boards)
