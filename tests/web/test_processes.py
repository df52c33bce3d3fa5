"""Several processes on one PostgreSQL database (docs/deploy.md): each process's web table shows any table,
those another process serves read from the store (nothing claimed), and a change made in one process reaches
the pages open on another (PostgreSQL notifications); a seat plays on any process's page, its clicks
forwarded to the process serving the table (web/forward.py). Two services in this process, each with its own
connections and its own web table, stand for the two processes; the last tests run a real second one."""
from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.drawing import Boards
from i18n import t
from table.core import ActionCore
from table.service import TableService
from table.store_pg import PgStore
from tests.web.conftest import Clock, Site, players, says, start_game
from tests.web.test_acting import _around, act, click_through, forms, session, stored_seq, token_of
from web.app import WebTable

CHANNEL = 1200


@pytest.fixture
async def two_processes(postgres):
    url = await postgres.fresh_database()
    opened = []
    for serves in (lambda guild: True, lambda guild: False):  # the second serves no guild: another shard's
        service = await TableService.open(PgStore(url), clock=Clock(), serves=serves)
        core = ActionCore(service, bot_pause=0)
        web = WebTable(core, Boards(processes=0))
        port = await web.start("127.0.0.1", 0)
        opened.append((service, core, web, f"http://127.0.0.1:{port}"))
    async with aiohttp.ClientSession() as http:
        yield opened, http
    for service, core, web, _ in opened:
        await web.close()
        web.boards.close()
        await core.close()
        await service.close()


async def _version(http: aiohttp.ClientSession, url: str) -> str:
    async with http.get(url) as answer:
        assert answer.status == 200, await answer.text()
        return answer.headers["X-Table-Version"]


async def test_a_page_on_another_process_shows_the_table_and_hears_its_changes(two_processes):
    (here, here_core, _, here_url), (_, _, there_web, there) = two_processes[0]
    http = two_processes[1]
    table = await start_game(here, "confrontation", CHANNEL)
    async with http.get(f"{there}/t/{table.id}") as answer:
        assert answer.status == 200 and "board.png" in await answer.text()
    async with http.get(f"{there}/t/{table.id}/board.png") as answer:
        assert answer.status == 200 and answer.content_type == "image/png"
    assert table.id in there_web.elsewhere  # read from the store: the other process serves it
    await asyncio.wait_for(there_web.notices.listening.wait(), 30)
    async with http.ws_connect(f"{there}/t/{table.id}/live") as socket:
        first = json.loads((await socket.receive(timeout=30)).data)["version"]
        rng = random.Random(3)
        player = rng.choice(here.waiting_for(CHANNEL))
        await here_core.take(CHANNEL, player, rng.choice(here.legal_actions(CHANNEL, player)),
                             here.table(CHANNEL).decision_id)
        hint = json.loads((await socket.receive(timeout=30)).data)["version"]  # from the other process
        assert hint != first
        assert hint == await _version(http, f"{there}/t/{table.id}/part")
        assert hint == await _version(http, f"{here_url}/t/{table.id}/part")
    assert here.table(CHANNEL).status == "active"  # the page changed nothing: the table is still served here


async def test_a_vote_on_another_process_page_is_taken_where_the_table_is_served_and_refusals_change_nothing(
        two_processes):
    """A take-back request asked where the table is served is accepted on the other process's page (the vote
    forwarded); that page offers no "Take back" of its own (the serving process knows which move may be taken
    back); a person not seated is refused by the serving process, and a request too long for a notification
    by this one, with nothing changed."""
    (here, here_core, _, _), (there, there_core, there_web, there_url) = two_processes[0]
    table = await start_game(here, "confrontation", CHANNEL)
    alice, bob = table.players
    rng = random.Random(5)
    while here.undoable(CHANNEL, alice) is None:
        player = rng.choice(here.waiting_for(CHANNEL))
        await here_core.take(CHANNEL, player, rng.choice(here.legal_actions(CHANNEL, player)),
                             here.table(CHANNEL).decision_id)
    await here_core.ask_undo(CHANNEL, alice, here.undoable(CHANNEL, alice))
    seq = here.table(CHANNEL).seq
    await asyncio.wait_for(there_web.notices.listening.wait(), 30)
    site = Site(there, there_core, there_web, two_processes[1], there_web.clock, there_url)
    mine, bobs = await session(site, alice, table.id), await session(site, bob, table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=mine)
    assert 'name="asker"' not in html and "/me/undo" not in html  # no "Take back" here
    stranger = await session(site, players(5)[4], table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=bobs)
    form = forms(html)[0]
    sent = {**form["hidden"], form["sent"][0][0]: form["sent"][0][1]}
    status, html, _ = await act(site, table.id, stranger, {**sent, "csrf": token_of(stranger)})
    assert status == 403 and says(html, "bot.refuse.not_seated")
    status, html, _ = await act(site, table.id, bobs, {**sent, "o": [f"{i:040d}" for i in range(250)]})
    assert status == 400 and says(html, "web.error.bad_request")
    assert here.table(CHANNEL).seq == seq and table.id in there_web.elsewhere
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=bobs)
    status, _, _ = await site.post(f"/t/{table.id}/me/undo", {**_around(html, "undo"), "vote": "y"}, headers=bobs)
    assert status == 303 and here.table(CHANNEL).seq == seq + 1 and here.table(CHANNEL).undo_request is None


async def test_a_page_served_by_another_os_process_hears_a_move_made_here(postgres):
    """The same, with the other process a real one (tests/web/other_process.py): nothing shared but the
    database."""
    url = await postgres.fresh_database()
    service = await TableService.open(PgStore(url))
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))  # as in every process: it tells the others of its changes
    await web.start("127.0.0.1", 0)
    other = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.web.other_process", url,
                                                 stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                 cwd=Path(__file__).parents[2])
    try:
        async with asyncio.timeout(120):
            line = await other.stdout.readline()
            there = f"http://127.0.0.1:{json.loads(line)['port']}"
            table = await start_game(service, "confrontation", CHANNEL)
            await web.notices.listening.wait()
            async with aiohttp.ClientSession() as http, http.ws_connect(f"{there}/t/{table.id}/live") as socket:
                first = json.loads((await socket.receive()).data)["version"]
                player = service.waiting_for(CHANNEL)[0]
                await core.take(CHANNEL, player, service.legal_actions(CHANNEL, player)[0],
                                service.table(CHANNEL).decision_id)
                hint = json.loads((await socket.receive()).data)["version"]  # from this process, by PostgreSQL
                assert hint != first
                assert hint == await _version(http, f"{there}/t/{table.id}/part")
    finally:
        other.stdin.close()
        await asyncio.wait_for(other.wait(), 30)
        await web.close()
        web.boards.close()
        await core.close()
        await service.close()
    assert other.returncode == 0


async def test_a_click_on_this_process_page_is_taken_by_the_os_process_serving_the_table(postgres):
    """Process A (a real one, tests/web/other_process.py --serve) serves a Confrontation table; this process
    serves none. A seat's page here shows its controls, from the stored state's legal actions; its clicks are
    forwarded to A, which takes them (the stored seq moves on) or refuses a stale one with nothing changed;
    once A is down, a click is answered "the table's server did not answer", with nothing changed."""
    url = await postgres.fresh_database()
    serving = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.web.other_process", url, "--serve",
                                                   str(CHANNEL), stdin=asyncio.subprocess.PIPE,
                                                   stdout=asyncio.subprocess.PIPE, cwd=Path(__file__).parents[2])
    service = await TableService.open(PgStore(url), serves=lambda guild: False)
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    here = f"http://127.0.0.1:{await web.start('127.0.0.1', 0)}"
    http = aiohttp.ClientSession()
    site = Site(service, core, web, http, web.clock, here)
    try:
        async with asyncio.timeout(120):
            table_id = json.loads(await serving.stdout.readline())["table"]
            await web.notices.listening.wait()
            first, second = [await session(site, p, table_id) for p in (await service.stored_table(table_id)).players]
            _, before, _ = await site.get(f"/t/{table_id}/me", headers=first)
            assert forms(before) and table_id in web.elsewhere  # controls, on a table served elsewhere
            status, text, steps = await click_through(site, table_id, first, as_script=True)
            assert (status, json.loads(text)["ok"]) == (200, True) and steps >= 1
            assert await stored_seq(site, table_id) == 1  # taken by A, stored
            form = forms(before)[0]
            name, value = form["sent"][0]
            status, text, _ = await act(site, table_id, first, {**form["hidden"], name: value}, as_script=True)
            assert status == 409 and json.loads(text)["text"] == t("web.refuse.stale", "en")
            assert await stored_seq(site, table_id) == 1
            _, html, _ = await site.get(f"/t/{table_id}/me?lang=fr", headers=second)
            form = forms(html)[0]
            name, value = form["sent"][0]
            serving.stdin.close()  # A goes down
            assert await serving.wait() == 0
            web.forwarding.wait = 2.0  # no answer can come now: no need to wait the whole default
            status, text, _ = await act(site, table_id, second, {**form["hidden"], name: value}, lang="fr",
                                        as_script=True)
            assert status == 504 and json.loads(text)["text"] == t("web.act.no_answer", "fr")
            assert await stored_seq(site, table_id) == 1
    finally:
        if serving.returncode is None:
            serving.stdin.close()
            await asyncio.wait_for(serving.wait(), 30)
        await http.close()
        await web.close()
        web.boards.close()
        await core.close()
        await service.close()
