"""A War of the Ring turn played by clicks in a real browser (the distribution's Chromium through Playwright, as
test_browser.py): each side attacks once, on two signed-in pages, with the board's own controls: the army die
from the dice panel, the attacked region on the map (a click, and the keyboard), the battle's choices (the
combat card, going into battle, casualties, ceasing) in its panel. The position is a seeded game with the
armies set as the engine's tests set them (tests/wotr/test_armies.py's board); every click goes through the
page's forms and POST /t/<table>/me/act. Tests wait for what they expect, never for a fixed time."""
from __future__ import annotations

from functools import partial

import pytest

from engine.wotr.state import FP, SH
from present import wotr as words
from tests.web.conftest import start_game
from tests.web.test_browser import CHROMIUM, WAIT_MS, browser, playwright_api  # noqa: F401  (the fixture)
from tests.wotr.test_armies import board

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium (.ci/run does)")

CHANNEL = 920
# What each side prefers when a battle asks it (the first one legal): fight with everything, play a card,
# stop after a round, advance; anything else is the first choice offered.
PREFERRED = ("engage", "combat_card", "cease_battle", "hold", "advance")


def position() -> dict:
    """The Free Peoples (Gondor, at war) face a lone Sauron regular in South Ithilien; the Shadow's army in
    Minas Morgul can reach only South Ithilien. An army die and a muster die each, one combat card each."""
    s = board({"osgiliath": {"gondor": {"regular": 2, "elite": 1, "leader": 1}},
               "south_ithilien": {"sauron": {"regular": 1}}, "minas_morgul": {"sauron": {"regular": 4}}},
              fp=["army", "muster"], sh=["army", "muster"], war=["gondor", "sauron"])
    s["hands"] = {FP: ["fp_str_01"], SH: ["sh_str_01"]}
    return s


async def _signed_in(site, browser, person: str, table_id: int):  # noqa: F811
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(await site.web.new_link(person, table_id, "en"))
    await page.click("button[type=submit]")
    await page.wait_for_url(f"**/t/{table_id}/me?lang=en", timeout=WAIT_MS)
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    return page


async def _current(site, page, table_id: int) -> None:
    """Wait until the page shows the table as it is now."""
    _, _, answer = await site.get(f"/t/{table_id}/part")
    await page.wait_for_selector(f'#live[data-version="{answer.headers["X-Table-Version"]}"]', timeout=WAIT_MS)


async def _then(page, click) -> None:
    """Do `click` and wait until the page has shown its live part again (the click's answer)."""
    await page.evaluate("document.querySelector('#live section.status').dataset.old = '1'")
    await click()
    await page.wait_for_selector("section.status[data-old]", state="detached", timeout=WAIT_MS)


async def test_a_war_of_the_ring_turn_with_a_battle_for_each_side_played_by_clicks(site, browser):  # noqa: F811
    table = await start_game(site.service, "wotr", CHANNEL, seed=4)
    state = position()
    state["players"] = list(table.players)
    site.service._tables[CHANNEL].state = state
    seats = dict(zip((FP, SH), table.players, strict=True))
    pages = {side: await _signed_in(site, browser, seats[side], table.id) for side in (FP, SH)}
    errors: list[str] = []
    for page in pages.values():
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    clicks = {FP: 0, SH: 0}
    attacks = 0
    while attacks < 2 or site.service.view(CHANNEL, None)["battle"]:
        player = site.service.waiting_for(CHANNEL)[0]
        side = next(s for s, p in seats.items() if p == player)
        page = pages[side]
        await _current(site, page, table.id)
        view = site.service.view(CHANNEL, player)
        legal = site.service.legal_actions(CHANNEL, player)
        attack = next((a for a in legal if a["type"] == "attack"), None)
        if view["decision"]["kind"] == "act" and attack:
            # the army die, from the dice panel; then the attacked region, lit on the map
            die = page.locator(".dice form.pick button.die-face", has_text=words.name("army", "en"))
            await _then(page, die.click)
            region = page.locator(f"#region-{attack['to']}.lit")
            await region.wait_for(timeout=WAIT_MS)
            if attacks == 0:  # by the keyboard: the region is reached and pressed as a button
                await _then(page, partial(_press, page, region))
            else:             # by a click on the region's own area
                await _then(page, partial(_click_inside, page, attack["to"]))
            attacks += 1
            clicks[side] += 2
            continue
        assert view["decision"]["kind"] == "battle", view["decision"]
        chosen = next((a for kind in PREFERRED for a in legal if a["type"] == kind), legal[0])
        panel = page.locator(".battle-choices")
        if chosen["type"] == "combat_card":
            button = panel.locator(".choice", has_text=words.card_text(chosen["card"], "en")["combat"]).locator("button")
        elif chosen["type"] == "casualty_unit":  # on a unit of its army
            button = page.locator(".battle li.unit form.casualty button").first
        elif chosen["type"] == "retreat":
            button = panel.locator(".choice button").first
        else:
            button = panel.locator(".buttons button", has_text=words.describe_action(chosen, view, "en"))
        await _then(page, button.first.click)
        clicks[side] += 1
        assert sum(clicks.values()) < 40, "the battles do not end"
    log = site.service.view(CHANNEL, None)["log"]
    started = [e["attacker"] if "attacker" in e else e.get("side") for e in log if e["type"] == "battle_started"]
    assert sorted(started) == [FP, SH], started
    played = {side for e in log if e["type"] == "combat_cards" for side in e["played"]}
    assert played == {FP, SH}  # each side's card chosen in its battle panel
    assert not errors, errors
    for page in pages.values():
        await page.context.close()


async def _press(page, region) -> None:
    await region.focus()
    await page.keyboard.press("Enter")


async def _click_inside(page, region: str) -> None:
    """A click on a point of the region's own area (from its box's centre towards its corners, the first point
    inside it and on top there), in the page's coordinates."""
    await page.locator("svg.map").scroll_into_view_if_needed()
    point = await page.evaluate("""(id) => {
        const polygon = document.querySelector('#region-' + id + ' polygon');
        const box = polygon.getBBox(), ctm = polygon.getScreenCTM();
        const centre = [box.x + box.width / 2, box.y + box.height / 2];
        for (let f = 0; f <= 1; f += 0.05) {  // from the box's centre towards each corner: a point inside
            for (const p of polygon.points) {
                const x = centre[0] + (p.x - centre[0]) * f, y = centre[1] + (p.y - centre[1]) * f;
                const pt = polygon.ownerSVGElement.createSVGPoint(); pt.x = x; pt.y = y;
                if (polygon.isPointInFill(pt)) {
                    const s = pt.matrixTransform(ctm);
                    if (document.elementFromPoint(s.x, s.y)?.closest('.region')?.id === 'region-' + id) {
                        return [s.x, s.y];
                    }
                }
            }
        }
        return null;
    }""", region)
    assert point, f"no point of {region} to click"
    await page.mouse.click(*point)


async def test_an_army_move_begun_on_its_region_and_a_casualty_chosen_on_a_unit_by_clicks(site, browser):  # noqa: F811
    """The army die's move begun by a click on the army's region (its list, closed by Escape and opened by
    Enter too, then "Move an army out of ..."),
    the army's region kept marked while its destination is clicked; then, in a battle, a hit taken on a
    regular, clicked on the regulars themselves (the next hit then asked on the units left)."""
    from tests.web.test_wotr_play import _choosing_a_die
    from tests.wotr.test_combat_cards import battle, fight

    table = await start_game(site.service, "wotr", CHANNEL + 1, seed=4)
    state = _choosing_a_die()
    state["players"] = list(table.players)
    site.service._tables[CHANNEL + 1].state = state
    page = await _signed_in(site, browser, table.players[0], table.id)
    await _click_inside(page, "osgiliath")
    listed = page.locator("#starts-osgiliath")
    await listed.wait_for(state="visible", timeout=WAIT_MS)
    assert await page.locator("#region-osgiliath").get_attribute("aria-expanded") == "true"
    await page.keyboard.press("Escape")  # the focus is in the list: Escape closes it, back on the region
    await listed.wait_for(state="hidden", timeout=WAIT_MS)
    assert await page.evaluate("document.activeElement.id") == "region-osgiliath"
    await page.keyboard.press("Enter")  # and Enter on the region opens it again, its first choice focused
    await listed.wait_for(state="visible", timeout=WAIT_MS)
    assert await page.evaluate("document.activeElement.closest('.starts')?.id") == "starts-osgiliath"
    await _then(page, listed.locator("button", has_text="Move an army out of Osgiliath").first.click)
    await page.locator('#region-osgiliath.selected[aria-current="true"]').wait_for(timeout=WAIT_MS)
    await page.locator("#region-minas_tirith.lit").wait_for(timeout=WAIT_MS)
    await _then(page, partial(_click_inside, page, "minas_tirith"))
    armies = site.service.view(CHANNEL + 1, None)["armies"]
    assert "osgiliath" not in armies and armies["minas_tirith"]["gondor"]["elite"] == 1
    await page.context.close()

    fought = battle(units={"north_ithilien": {"sauron": {"regular": 4}},
                           "south_ithilien": {"gondor": {"regular": 2, "elite": 1}}},
                    sh_hand=["sh_str_02"], fp_hand=["fp_str_01"])
    fought, _ = fight(fought, dice=(6, 6, 1, 1, 1))  # two hits on the Free Peoples to choose
    table = await start_game(site.service, "wotr", CHANNEL + 2, seed=4)
    fought["players"] = list(table.players)
    site.service._tables[CHANNEL + 2].state = fought
    page = await _signed_in(site, browser, table.players[0], table.id)
    regulars = page.locator(".battle li.unit", has_text="Gondor 2 regulars")
    await _then(page, regulars.locator("button", has_text="Remove one").click)
    assert site.service.view(CHANNEL + 2, None)["battle"]["units"]["defender"] == {"gondor": {"regular": 1, "elite": 1}}
    await page.locator(".battle li.unit", has_text="Gondor 1 regular").locator("button").wait_for(timeout=WAIT_MS)
    await page.context.close()


SMALLEST_NAME = """() => {  // the smallest name's size on screen (CSS px) and the widest view allowed, as map.js computes it
    const svg = document.querySelector('svg.map');
    const least = Number(svg.dataset.floor) / (Number(svg.dataset.label) * Number(svg.dataset.grow));
    const widest = Math.min(2500, svg.clientWidth / least, svg.clientHeight / least * 2500 / 2150);
    const sizes = [...svg.querySelectorAll('.names text')].map(
        (t) => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize));
    return {widest, width: Number(svg.getAttribute('viewBox').split(' ')[2]), smallest: Math.min(...sizes),
            floor: Number(svg.dataset.floor)};
}"""


@pytest.mark.parametrize("width", [390, 1280])
async def test_every_name_reads_at_ten_css_pixels_at_the_farthest_zoom_and_go_to_centres_a_region(
        site, browser, width):  # noqa: F811
    """Names scaled with the map showed ~5 px on a phone's whole map: at the farthest zoom the map allows
    (zoomed out past it, on a phone and a desktop) every name is ≥ data-floor (10) CSS px; "Go to" centres
    the map on a region and reads it."""
    table = await start_game(site.service, "wotr", CHANNEL + width)
    context = await browser.new_context(viewport={"width": width, "height": 800})
    page = await context.new_page()
    await page.goto(site.url(f"/t/{table.id}?lang=fr"))
    await page.wait_for_selector("#live-state.on", timeout=WAIT_MS)
    await page.locator("svg.map").scroll_into_view_if_needed()
    for _ in range(6):
        await page.click("[data-map=out]")
    await page.wait_for_function(f"(() => {{ const m = ({SMALLEST_NAME})(); return Math.abs(m.width - m.widest) < 1; }})()",
                                 timeout=WAIT_MS)
    measured = await page.evaluate(SMALLEST_NAME)
    assert measured["floor"] >= 10 and measured["smallest"] >= measured["floor"] - 0.01, measured
    assert measured["width"] < 2500 if width == 390 else True     # a phone never shows the whole map at once
    await page.select_option("#map-go", "minas_tirith")
    await page.wait_for_function("""() => {
        const svg = document.querySelector('svg.map'), v = svg.getAttribute('viewBox').split(' ').map(Number);
        const c = document.querySelector('.names text[data-region=minas_tirith]').parentNode
            .getAttribute('data-c').split(' ').map(Number);
        const x = Math.min(2500 - v[2], Math.max(0, c[0] - v[2] / 2));  // centred as far as the map's edges let it
        const y = Math.min(2150 - v[3], Math.max(0, c[1] - v[3] / 2));
        return Math.abs(v[0] - x) < 1 && Math.abs(v[1] - y) < 1;
    }""", timeout=WAIT_MS)
    assert (await page.inner_text("#region-info")).startswith(words.name("minas_tirith", "fr"))
    await context.close()
