"""Between Discord and the browser (docs/web.md, "Playing"): a move made by clicks on a player's page reaches
Discord as a Discord click does (the other player's DM with their controls, the public board), and a click in
Discord reaches the open page, unreloaded. The real browser of tests/web/test_browser.py; the harness's
`settle` would wait on the browser's own tasks, so this test waits for the posts it expects instead, and
closes the browser before the harness."""
from __future__ import annotations

import asyncio
import random

import pytest

from present import confrontation as text
from tests.bot.harness import Harness, Post
from tests.bot.helpers import controls_post, new_game, place_both, table
from tests.bot.test_web_view import make_web_bot  # noqa: F401  (the fixture)
from tests.web.test_browser import CHROMIUM, WAIT_MS, playwright_api
from tests.web.test_browser_play import CONTROLS, click_one

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium (.ci/run does)")

WAIT_S = WAIT_MS / 1000


async def test_a_move_in_the_browser_reaches_discord_and_a_discord_click_reaches_the_open_page(
        make_web_bot, monkeypatch):  # noqa: F811
    h = await Harness.start(make_web_bot, monkeypatch)
    try:
        alice, bob = await new_game(h)
        await place_both(h, alice, bob)
        mover = int(h.client.service.waiting_for(h.channel_id)[0])
        other = bob if mover == alice else alice
        before = table(h)
        async with playwright_api.async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page()
            await page.goto(await h.client.web.new_link(str(mover), before.id, "en"))
            await page.click("button[type=submit]")
            await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
            dm = h.world.expect(lambda post: post.recipient == other and any(
                i.startswith(("lotr:b:", "lotr:m:")) for i in post.custom_ids()))
            board = h.world.expect(lambda post: post.where == "channel")
            rng = random.Random(3)
            while table(h).seq == before.seq:  # through the steps of a menu, to a move
                await page.wait_for_selector(CONTROLS, timeout=WAIT_MS)
                await click_one(page, rng)
            moved = table(h)
            told = await asyncio.wait_for(dm, WAIT_S)  # the other player's DM: their controls, the new decision
            assert any(f":{moved.decision_id}:" in i for i in told.custom_ids())
            shown = (await asyncio.wait_for(board, WAIT_S)).text()  # the public board, edited: the move on it
            move = (await h.client.service.store.actions(moved.id))[-1]
            assert move.player == str(mover) and text.region_name(move.action["to"], "en") in shown
            # the reverse: the other player clicks in Discord; the open page shows it without a reload
            version = await page.get_attribute("#live", "data-version")
            post = controls_post(h, other)
            button = next(i for i in post.custom_ids() if i.startswith("lotr:b:") or i.startswith("lotr:m:"))
            data = h.click_payload(other, post, button, _first_value(post, button))
            h.client._connection.parse_interaction_create(data)  # as the gateway gives it, without settling
            await page.wait_for_selector(f'#live:not([data-version="{version}"])', timeout=WAIT_MS)
            assert table(h).seq == moved.seq + 1
            await browser.close()
    finally:
        await h.close()


def _first_value(post: Post, custom_id: str) -> list[str] | None:
    component = post.component(custom_id)
    options = component.get("options")
    return [options[0]["value"]] if options else None
