"""Playing in a real browser (docs/web.md, "Playing"): the distribution's Chromium driven by Playwright, as in
test_browser.py. A whole Confrontation game against the computer and a Card Game round are played by clicks on
the seats' pages, each click sent by the page's script and the page then showing the table as it is. Tests
wait for what they expect, never for a fixed time."""
from __future__ import annotations

import random

import pytest

from i18n import t
from table import bots
from tests.web.conftest import GUILD, players, start_game
from tests.web.test_browser import CHROMIUM, WAIT_MS, browser, playwright_api  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium (.ci/run does)")

CHANNEL = 910
CONTROLS = "#controls form.act button[type=submit]"
MARK = "(() => { const shown = document.getElementById('controls'); if (shown) shown.dataset.old = '1'; return !!shown; })()"
CLICK = """(pick) => {
  const shown = document.getElementById("controls");
  const buttons = shown ? shown.querySelectorAll("form.act button[type=submit]") : [];
  if (!buttons.length) { return false; }
  shown.dataset.old = "1";
  buttons[pick % buttons.length].click();
  return true;
}"""


async def signed_in(site, browser, person: str, table_id: int, **context):  # noqa: F811
    """A page of `person`'s own view, signed in through their one-time link as a person would."""
    page = await (await browser.new_context(**context)).new_page()
    await page.goto(await site.web.new_link(person, table_id, "en"))
    await page.click("button[type=submit]")
    await page.wait_for_url(f"**/t/{table_id}/me?lang=en", timeout=WAIT_MS)
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    return page


async def click_one(page, rng: random.Random) -> None:
    """Click one of the page's choices (the seeded `rng` picks which), then wait until the page shows
    its live part again (the click's answer, a further step, or the table moved on). The choice is marked
    and clicked at once in the page: a push (a bot's move) may replace the part at any moment, and a
    choice seen before it would not be the page's any more; with nothing to click, the caller looks again."""
    if await page.evaluate(CLICK, rng.randrange(10**6)):
        await page.wait_for_selector("#controls[data-old]", state="detached", timeout=WAIT_MS)


async def test_a_whole_confrontation_game_against_the_computer_played_by_clicks(site, browser):  # noqa: F811
    person = players(1)[0]
    await site.service.create(CHANNEL, GUILD, "confrontation", {}, person, "en")
    await site.service.join(CHANNEL, bots.bot_id("easy", 1))
    table = await site.service.start(CHANNEL, person, {person: 0, bots.bot_id("easy", 1): 1}, seed=2)
    page = await signed_in(site, browser, person, table.id, viewport={"width": 390, "height": 800})
    # a phone's width: the controls fit, nothing scrolls sideways; each is a button named by its label, and
    # the keyboard reaches and presses it
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    first = page.get_by_role("group", name=t("bot.cf.place", "en", region="Arthedain")).get_by_role("button").first
    assert (await first.inner_text()).strip()
    assert await page.evaluate(MARK)
    await first.focus()
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#controls[data-old]", state="detached", timeout=WAIT_MS)
    await page.wait_for_selector(".trail", timeout=WAIT_MS)  # the next step of the placement, focused
    assert await page.evaluate("document.activeElement.closest('#controls') !== null")
    rng = random.Random(1)
    clicks = 0
    while site.service.table(CHANNEL).status == "active":
        await page.wait_for_selector(f"{CONTROLS}, .ended", timeout=WAIT_MS)  # its turn, or the end
        if await page.locator(".ended").count():
            break
        await click_one(page, rng)
        clicks += 1
        assert clicks < 400, "the game does not end"
    await page.wait_for_selector(".ended", timeout=WAIT_MS)
    stored = await site.service.stored_table(table.id)
    assert stored.status == "over"
    moves = [a.player for a in await site.service.store.actions(table.id)]
    assert person in moves and bots.bot_id("easy", 1) in moves
    assert await page.title() == page_title("confrontation", table.id)  # the game is over: nobody's turn
    await page.context.close()


def page_title(game: str, table_id: int) -> str:
    return t("bot.table.title", "en", game=t(f"bot.game.{game}", "en"), id=table_id)


async def test_a_card_game_round_played_by_clicks_on_both_seats_pages(site, browser):  # noqa: F811
    table = await start_game(site.service, "lcg", CHANNEL, seed=5)
    pages = {p: await signed_in(site, browser, p, table.id) for p in table.players}
    rng = random.Random(4)
    clicks = 0
    while site.service.view(CHANNEL, None)["round"] < 2:  # the setup (round 0), then the whole first round
        player = rng.choice(site.service.waiting_for(CHANNEL))
        page = pages[player]
        await page.wait_for_selector(CONTROLS, timeout=WAIT_MS)
        assert await page.title() == f"{t('web.your_turn', 'en')} · {page_title('lcg', table.id)}"
        await click_one(page, rng)
        clicks += 1
        assert clicks < 300, "the round does not end"
    assert site.service.view(CHANNEL, None)["round"] == 2
    assert {a.player for a in await site.service.store.actions(table.id)} == set(table.players)
    for page in pages.values():
        await page.context.close()


async def test_without_the_script_the_controls_are_plain_forms_step_by_step(site, browser):  # noqa: F811
    table = await start_game(site.service, "confrontation", CHANNEL)
    context = await browser.new_context(java_script_enabled=False)
    page = await context.new_page()
    await page.goto(await site.web.new_link(table.players[0], table.id, "en"))
    await page.click("button[type=submit]")
    await page.wait_for_url(f"**/t/{table.id}/me?lang=en", timeout=WAIT_MS)
    steps = 0
    while site.service.table(CHANNEL).seq == 0:  # each step of the placement a page of its own, then the move
        async with page.expect_navigation(timeout=WAIT_MS):
            await page.locator(CONTROLS).first.click()
        steps += 1
    assert steps > 1 and "step=" not in page.url and page.url.endswith("#controls")
    await context.close()
