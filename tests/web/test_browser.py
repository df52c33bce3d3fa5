"""The web table in a real browser: the distribution's Chromium, driven by the Playwright package through
`executable_path` (nothing downloaded; .ci/run installs both). A page shows a change made at the table
without being reloaded, a person signs in through their one-time link, and the page's policy
(default-src 'self') blocks nothing of ours. Tests wait for what they expect, never for a fixed time."""
from __future__ import annotations

import random
import shutil
from html import unescape

import pytest

from tests.web.conftest import start_game

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright_api = pytest.importorskip("playwright.async_api", reason="pip install playwright (.ci/run does)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium (.ci/run does)")

CHANNEL = 900
WAIT_MS = 20_000  # at most, for what the test expects (a busy machine); reached at once when all is well


@pytest.fixture
async def browser():
    async with playwright_api.async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        await launched.close()


async def test_an_open_page_shows_a_change_at_the_table_and_a_person_signs_in_with_their_link(site, browser):
    table = await start_game(site.service, "confrontation", CHANNEL)
    context = await browser.new_context()
    page = await context.new_page()
    errors: list[str] = []  # a script or a picture our policy would block shows here
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    await page.goto(site.url(f"/t/{table.id}?lang=fr"))
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)  # its push connection is open
    rng = random.Random(2)
    for _ in range(2):  # a move at the table: the open page fetches its part again, unreloaded
        player = rng.choice(site.service.waiting_for(CHANNEL))
        action = rng.choice(site.service.legal_actions(CHANNEL, player))
        await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)
        _, part, answer = await site.get(f"/t/{table.id}/part?lang=fr")
        await page.wait_for_selector(f'#live[data-version="{answer.headers["X-Table-Version"]}"]', timeout=WAIT_MS)
        assert await page.inner_text(".events li:first-child") in unescape(part)
    link = await site.web.new_link(table.players[0], table.id, "en")
    await page.goto(link)
    await page.click("button[type=submit]")
    await page.wait_for_url(f"**/t/{table.id}/me?lang=en", timeout=WAIT_MS)
    assert "(you)" in await page.inner_text(".players")
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    assert not errors, errors
    await context.close()


async def test_the_war_of_the_ring_map_zooms_keeps_its_zoom_through_a_change_and_reads_a_region(site, browser):
    table = await start_game(site.service, "wotr", CHANNEL)
    context = await browser.new_context(viewport={"width": 390, "height": 800})  # a phone's width
    page = await context.new_page()
    await page.goto(site.url(f"/t/{table.id}"))
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    whole = await page.get_attribute("svg.map", "viewBox")
    for _ in range(3):
        await page.click("[data-map=in]")
    zoomed = await page.get_attribute("svg.map", "viewBox")
    assert zoomed != whole and float(zoomed.split()[2]) < float(whole.split()[2]) / 3
    player = site.service.waiting_for(CHANNEL)[0]
    await site.core.take(CHANNEL, player, site.service.legal_actions(CHANNEL, player)[0],
                         site.service.table(CHANNEL).decision_id)
    _, _, answer = await site.get(f"/t/{table.id}/part")
    await page.wait_for_selector(f'#live[data-version="{answer.headers["X-Table-Version"]}"]', timeout=WAIT_MS)
    assert await page.get_attribute("svg.map", "viewBox") == zoomed  # the new part, the same zoom
    await page.locator("svg.map").scroll_into_view_if_needed()
    box = await page.locator("svg.map").bounding_box()
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.wait_for_selector(".region.chosen", state="attached", timeout=WAIT_MS)
    chosen = await page.get_attribute(".region.chosen", "id")
    title = await page.locator(f"#{chosen} title").text_content()
    assert await page.inner_text("#region-info") == title.strip()
    await page.click("[data-map=reset]")
    assert await page.get_attribute("svg.map", "viewBox") == whole
    await context.close()


@pytest.mark.parametrize("game", ["lcg", "confrontation", "fellowship"])
async def test_a_board_picture_keeps_its_own_size_on_a_phone_in_a_frame_that_scrolls(site, browser, game):
    """Shrunk to a 390 px screen, a board picture (the Card Game's above all) could not be read: it shows at
    its own size in a frame scrolling sideways, a tap still opening it alone (the replay's frame is the same
    `.board`)."""
    table = await start_game(site.service, game, CHANNEL + 10 + len(game))
    context = await browser.new_context(viewport={"width": 390, "height": 800})
    page = await context.new_page()
    await page.goto(site.url(f"/t/{table.id}"))
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    await page.wait_for_function("() => document.querySelector('.board img')?.complete "
                                 "&& document.querySelector('.board img').naturalWidth > 0", timeout=WAIT_MS)
    shown = await page.evaluate("""() => {
        const img = document.querySelector('.board img'), frame = img.closest('.board');
        return {width: img.clientWidth, natural: img.naturalWidth, scrolls: frame.scrollWidth > frame.clientWidth,
                page: document.documentElement.scrollWidth, link: img.closest('a').getAttribute('href') === img.getAttribute('src')};
    }""")
    assert shown["width"] == shown["natural"] > 390 and shown["scrolls"] and shown["link"], shown
    assert shown["page"] <= 390, shown          # the frame scrolls, not the page
    await context.close()
