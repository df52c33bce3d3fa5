"""The Confrontation played on its board in a real browser (the distribution's Chromium through Playwright, as
test_browser.py): each side places its characters on the board, region by region (a step back once), then on
two signed-in pages, pieces are moved by clicking the piece then the region (one move by
the keyboard), and each side's combat card is chosen by clicking it under the combat. The moves prefer an
attack (a region with an enemy) so that a combat comes; any other question (a power to use, a retreat) is
answered through the service, as the other front-end would. Tests wait for what they expect, never for a
fixed time."""
from __future__ import annotations

from functools import partial

import pytest

from present import confrontation as words
from tests.web.conftest import start_game
from tests.web.test_browser import CHROMIUM, WAIT_MS, browser, playwright_api  # noqa: F401  (the fixture)
from tests.web.test_browser_wotr import _current, _signed_in, _then

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium (.ci/run does)")

CHANNEL = 930


def _move(site, player: str) -> dict:
    """The move to make: into a region holding an enemy piece if one may, else the first offered."""
    view = site.service.view(CHANNEL, player)
    enemy = {p["region"] for p in view["pieces"] if p["side"] != view["you"]}
    moves = [a for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "move"]
    return next((a for a in moves if a["to"] in enemy), moves[0])


async def test_moves_and_a_combat_card_by_clicks_on_the_confrontation_board(site, browser):  # noqa: F811
    table = await start_game(site.service, "confrontation", CHANNEL, seed=2)
    for player in table.players:
        await site.service.act(CHANNEL, player, site.service.legal_actions(CHANNEL, player)[0])
    pages = {p: await _signed_in(site, browser, p, table.id) for p in table.players}
    errors: list[str] = []
    for page in pages.values():
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    moved, cards = 0, 0
    for _ in range(60):
        if moved >= 3 and cards >= 2:
            break
        decision = site.service.view(CHANNEL, None)["decision"]
        player = site.service.waiting_for(CHANNEL)[0]
        page = pages[player]
        await _current(site, page, table.id)
        if decision["kind"] == "move":
            move = _move(site, player)
            seq = site.service.table(CHANNEL).seq
            piece = page.locator(f'.cf-board button.cf-piece[value="{move["piece"]}"]')
            await _then(page, piece.click)
            region = page.locator(f'#cf-{move["to"]} button.cf-region-pick')
            if moved == 1:  # the keyboard reaches and presses a region as well
                await region.focus()
                await _then(page, partial(page.keyboard.press, "Enter"))
            else:
                await _then(page, region.click)
            assert site.service.table(CHANNEL).seq == seq + 1  # the move, made
            moved += 1
        elif decision["kind"] == "cards":
            for chooser in site.service.waiting_for(CHANNEL):
                await _current(site, pages[chooser], table.id)
                hand = site.service.view(CHANNEL, chooser)["hand"]
                await _then(pages[chooser], pages[chooser].locator("#cf-cards button.primary").first.click)
                assert len(site.service.view(CHANNEL, chooser).get("hand") or []) < len(hand)
                cards += 1
        else:
            await site.service.act(CHANNEL, player, site.service.legal_actions(CHANNEL, player)[0])
    assert moved >= 3 and cards >= 2
    assert not errors, errors
    for page in pages.values():
        await page.context.close()


async def _lit(page) -> str:
    region = await page.locator(".cf-region.lit").get_attribute("id", timeout=WAIT_MS)
    return region.removeprefix("cf-")


async def test_the_characters_are_placed_on_the_board_by_clicks(site, browser):  # noqa: F811
    table = await start_game(site.service, "confrontation", CHANNEL, seed=2)
    for player in table.players:
        page = await _signed_in(site, browser, player, table.id)
        put: dict[str, str] = {}  # region -> the character's button text
        stepped_back = False
        while not site.service.view(CHANNEL, player)["setup_done"][site.service.view(CHANNEL, player)["you"]]:
            region = await _lit(page)
            if len(put) == 2 and not stepped_back:  # a step back: the second region asked again
                stepped_back = True
                await page.locator("a.cf-back").click()
                await page.wait_for_selector(f"#cf-{next(reversed(put))}.lit", timeout=WAIT_MS)
                del put[next(reversed(put))]
                continue
            button = page.locator(".cf-region.lit button.cf-character").last
            put[region] = await button.inner_text()
            await _then(page, button.click)
            if len(put) < 5:
                await page.wait_for_selector(f"#cf-{region} .cf-placed", timeout=WAIT_MS)
        placement = (await site.service.store.actions(table.id))[-1].action["placement"]
        names = {region: text.split(" · ")[0] for region, text in put.items()}
        assert {r: words.character_name(c, "en") for c, r in placement.items() if r in names} == names
        await page.context.close()
    assert site.service.view(CHANNEL, None)["decision"]["kind"] == "move"
