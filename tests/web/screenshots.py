"""The web table's pictures in docs/images: one page per game, as a browser shows it after a few seeded
random moves (Debian's Chromium through Playwright, as tests/web/test_browser.py).

    python -m tests.web.screenshots docs/images [--width 1280]

Writes web_<game>.png (the first screen of the table's public page; War of the Ring's in French, the others
in English), and web_wotr_battle.png: the Shadow's own page in a battle, its combat cards to choose in the
battle's panel (the position of tests/wotr/test_combat_cards.py's battle); web_wotr_start.png: the Free
Peoples choosing a die, the list of the actions beginning at Osgiliath opened on the map;
web_wotr_casualties.png: their casualties to choose on the units of their army; web_confrontation_place.png:
a seat's placement on the board, one region chosen; and web_lcg_pay.png: a seat paying for a card, its ways
beside it. Not a test: look at the pictures."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import random
import shutil
import tempfile
from pathlib import Path

from PIL import Image
from playwright.async_api import async_playwright

from present import lcg as words
from tests.web.conftest import Clock, close_site, open_site, start_game

GAMES = {"confrontation": "en", "fellowship": "en", "lcg": "en", "wotr": "fr"}
MOVES = 30


async def main(folder: Path, width: int) -> None:
    site, boards = await open_site(Path(tempfile.mkdtemp()), Clock())
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for n, (game, lang) in enumerate(GAMES.items()):
                channel = 100 + n
                table = await start_game(site.service, game, channel, seed=5)
                support = importlib.import_module(f"tests.{game}.conformance")
                rng = random.Random(1)
                for _ in range(MOVES):
                    if site.service.table(channel).status != "active":
                        break
                    player = rng.choice(site.service.waiting_for(channel))
                    legal = site.service.legal_actions(channel, player)
                    action = support.choose(rng, site.service._tables[channel].state, player, legal)
                    await site.core.take(channel, player, action, site.service.table(channel).decision_id)
                context = await browser.new_context(viewport={"width": width, "height": 900})
                page = await context.new_page()
                await page.goto(site.url(f"/t/{table.id}?lang={lang}"))
                await page.wait_for_selector("#live-state.on")
                path = folder / f"web_{game}.png"
                await page.screenshot(path=str(path))
                _smaller(path)
                await context.close()
            await _battle(site, browser, folder / "web_wotr_battle.png", width)
            await _begun(site, browser, folder / "web_wotr_start.png", width)
            await _casualties(site, browser, folder / "web_wotr_casualties.png", width)
            await _placing(site, browser, folder / "web_confrontation_place.png", width)
            await _paying(site, browser, folder / "web_lcg_pay.png", width)
            await browser.close()
    finally:
        await close_site(site, boards)


def _smaller(path: Path) -> None:
    Image.open(path).convert("RGB").quantize(colors=256).save(path, optimize=True)  # a third of the bytes


async def _battle(site, browser, path: Path, width: int) -> None:
    """The Shadow's page at a battle's card step: its panel with the cards to choose, the tracks, its hand."""
    from tests.wotr.test_combat_cards import battle

    channel = 200
    table = await start_game(site.service, "wotr", channel, seed=5)
    state = battle(sh_hand=["sh_str_01", "sh_str_02"], fp_hand=["fp_str_01"])
    state["players"] = list(table.players)
    site.service._tables[channel].state = state
    context = await browser.new_context(viewport={"width": width, "height": 900})
    page = await context.new_page()
    await page.goto(await site.web.new_link(table.players[1], table.id, "en"))
    await page.click("button[type=submit]")
    await page.wait_for_selector("#live-state.on")
    await page.locator(".battle").scroll_into_view_if_needed()
    await page.evaluate("document.querySelector('.battle').scrollIntoView()")
    await page.screenshot(path=str(path))
    _smaller(path)
    await context.close()


async def _seat(site, browser, table, player: str, width: int):
    """A seat's page, signed in by its link."""
    context = await browser.new_context(viewport={"width": width, "height": 900})
    page = await context.new_page()
    await page.goto(await site.web.new_link(player, table.id, "en"))
    await page.click("button[type=submit]")
    await page.wait_for_selector("#live-state.on")
    return page


async def _seat_page(site, browser, channel: int, state: dict, seat: int, width: int):
    """A seat's page at a War of the Ring position."""
    table = await start_game(site.service, "wotr", channel, seed=5)
    state["players"] = list(table.players)
    site.service._tables[channel].state = state
    return await _seat(site, browser, table, table.players[seat], width)


async def _shot(page, path: Path, selector: str, full_page: bool = False) -> None:
    await page.evaluate(f"document.querySelector('{selector}').scrollIntoView()")
    await page.screenshot(path=str(path), full_page=full_page)
    _smaller(path)
    await page.context.close()


async def _begun(site, browser, path: Path, width: int) -> None:
    from tests.web.test_wotr_play import _choosing_a_die

    page = await _seat_page(site, browser, 201, _choosing_a_die(), 0, width)
    await page.locator("#region-osgiliath").focus()
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#starts-osgiliath:not([hidden])")
    await _shot(page, path, "svg.map", full_page=width < 600)


async def _casualties(site, browser, path: Path, width: int) -> None:
    from tests.wotr.test_combat_cards import battle, fight

    state = battle(units={"north_ithilien": {"sauron": {"regular": 4}},
                          "south_ithilien": {"gondor": {"regular": 2, "elite": 1, "leader": 1}}},
                   sh_hand=["sh_str_02"], fp_hand=["fp_str_01"])
    state, _ = fight(state, dice=(6, 6, 1, 1, 1))
    page = await _seat_page(site, browser, 202, state, 0, width)
    await _shot(page, path, ".battle")


async def _placing(site, browser, path: Path, width: int) -> None:
    """A Confrontation seat's page at its placement's second region: the first one's character shown there."""
    table = await start_game(site.service, "confrontation", 203, seed=5)
    page = await _seat(site, browser, table, table.players[0], width)
    await page.locator(".cf-region.lit button.cf-character").first.click()
    await page.wait_for_selector(".cf-placed")
    await _shot(page, path, ".cf-board")


async def _paying(site, browser, path: Path, width: int) -> None:
    """A Card Game seat's page paying for a card that several heroes may share: its ways beside it."""
    from tests.web.test_lcg_play import _shared

    table = await start_game(site.service, "lcg", 204, seed=3)
    rng = random.Random(3)
    while not _shared(site.service.legal_actions(204, player := site.service.waiting_for(204)[0])):
        await site.service.act(204, player, rng.choice(site.service.legal_actions(204, player)))
    legal = site.service.legal_actions(204, player)
    card = next(a["card"] for a in legal if a["type"] == "play" and len(a.get("pay") or {}) > 1)
    page = await _seat(site, browser, table, player, width)
    name = words.uid_label(card, site.service.view(204, player), "en")
    await page.locator(".lcg-play button.primary", has_text=name).first.click()
    await page.wait_for_selector(".lcg-ways")
    await _shot(page, path, ".lcg-play")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--width", type=int, default=1280)
    options = parser.parse_args()
    asyncio.run(main(options.folder, options.width))
