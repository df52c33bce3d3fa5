"""War of the Ring's panels on the web table's pages (web/wotr_panels.py), and the Confrontation's combat:
the tracks, the Hunt, the dice, the last move as an arrow on the map, a battle with both armies, the cards
(a secret one only "chosen"), the dice with what each needs and why, the hits; a seat's own hand read in
full. Both languages, from the view alone."""
from __future__ import annotations

import random
import re
from html import unescape

import pytest

from cards.wotr import load
from engine.wotr.state import FP, SH
from present import wotr as words
from tests.web.conftest import start_game
from tests.wotr.helpers import R, rolls
from tests.wotr.test_combat_cards import battle
from web.wotr_map import svg_map

CHANNEL = 1300


async def _session(site, table, player: str) -> dict[str, str]:
    secret = await site.web.records.new_link(player, table.id, site.clock())
    return {"Cookie": f"lotr_session={(await site.web.records.spend(secret, site.clock())).secret}"}


async def _at(site, state: dict):
    """A War of the Ring table whose game is `state`, its players the table's (Free Peoples first)."""
    table = await start_game(site.service, "wotr", CHANNEL)
    state["players"] = list(table.players)
    site.service._tables[CHANNEL].state = state
    return table


def _chosen_by_the_shadow() -> dict:
    s = battle(sh_hand=["sh_str_01", "sh_str_02"], fp_hand=["fp_str_01"])
    s, _ = R.apply(s, "sh", {"type": "combat_card", "card": "sh_str_01"})
    return s


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_public_page_shows_the_tracks_the_hunt_and_the_dice(site, lang):
    table = await start_game(site.service, "wotr", CHANNEL)
    view = site.service.view(CHANNEL, None)
    _, html, _ = await site.get(f"/t/{table.id}?lang={lang}")
    shown = unescape(html)
    for nation, p in view["politics"].items():  # each nation on its step, active or passive
        row = re.search(rf'<th scope="row">{re.escape(words.name(nation, lang))}</th>(.*?)</tr>', shown).group(1)
        cells = re.findall(r"<td>(.*?)</td>", row)
        assert [bool(c) for c in cells] == [step == p["step"] for step in (3, 2, 1, 0)]
    assert words.fellowship_line(view, lang) in shown
    hunt = view["hunt"]
    assert words.t("wotr_map.hunt_tiles", lang, pool=len(hunt["pool"]), drawn=len(hunt["drawn"])) in shown
    assert words.t("web.wotr.progress_corruption", lang, progress=0, corruption=0) in shown
    assert words.t("web.wotr.not_in_mordor", lang) in shown
    for side in words.SIDES:
        assert words.t(f"wotr_map.dice_{side}", lang, n=len(view["dice"][side])) in shown


async def test_the_action_dice_and_the_hunt_box_are_shown_as_the_view_has_them(site):
    s = battle()
    s["dice"] = {FP: ["event", "muster"], SH: ["eye", "army"]}  # the faces left, as the view has them
    s["hunt"]["box"] = {FP: 1, SH: 3}
    table = await _at(site, s)
    _, html, _ = await site.get(f"/t/{table.id}?lang=fr")
    shown = unescape(html)
    for side, faces in s["dice"].items():
        line = re.search(rf'<div class="dice-line {side}"><strong>[^<]*</strong>(.*?)</div>', shown).group(1)
        assert re.findall(r'<span class="die-face">([^<]*)</span>', line) == [words.name(f, "fr") for f in faces]
    assert words.t("web.wotr.hunt_dice", "fr", side=words.t("wotr_map.side_shadow", "fr"), n=3) in shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_last_move_is_an_arrow_from_the_region_left_to_the_region_reached(lang):
    view = R.view(_chosen_by_the_shadow(), None)
    svg = unescape(svg_map(view, lang))
    title = words.t("web.wotr.last_move", lang, **{"from": words.name("north_ithilien", lang),
                                                    "to": words.name("south_ithilien", lang)})
    assert f'<g class="last-move"><title>{title}</title>' in svg
    from render.wotr_layout import layout
    x1, y1, x2, y2 = map(float, re.search(r'<line x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"', svg).groups())
    (fx, fy), (tx, ty) = layout(lang).places["north_ithilien"].site, layout(lang).places["south_ithilien"].site
    assert abs(x1 - fx) < 0.1 and abs(y1 - fy) < 0.1
    assert abs((x2 - fx) * (ty - fy) - (y2 - fy) * (tx - fx)) < 1e-3 * abs(tx - fx + ty - fy) ** 2  # towards it
    assert 0 < (x2 - fx) / (tx - fx) < 1
    view["last_move"] = None
    assert "last-move" not in svg_map(view, lang)


async def test_a_card_chosen_in_secret_is_only_chosen_on_every_page_but_its_choosers(site):
    table = await _at(site, _chosen_by_the_shadow())
    fp, sh = table.players
    title = words.combat_name("sh_str_01", "en")
    _, public, _ = await site.get(f"/t/{table.id}")
    async with site.http.get(site.url(f"/t/{table.id}/me"), headers=await _session(site, table, fp)) as answer:
        other = await answer.text()
    for html in (public, other):
        shown = unescape(html)
        assert words.t("wotr_map.battle.title.field", "en", round=1, to="South Ithilien",
                       attacker=words.t("wotr_map.battle.side.shadow", "en")) in shown
        assert "<li>Sauron 2 regulars</li>" in shown and "<li>Gondor 2 regulars</li>" in shown
        assert words.t("wotr_map.battle.card_chosen", "en") in shown
        assert title not in shown and words.card_text("sh_str_01", "en")["combat"] not in shown
    assert words.t("web.wotr.card_choosing", "en") in unescape(public)  # the Free Peoples choose now
    async with site.http.get(site.url(f"/t/{table.id}/me"), headers=await _session(site, table, sh)) as answer:
        own = unescape(await answer.text())  # the seat that chose reads its card, not yet revealed
    assert words.t("web.wotr.card_mine", "en", card=title) in own and words.card_text("sh_str_01", "en")["combat"] in own


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_battle_panel_shows_the_cards_the_dice_what_each_needs_and_why_and_the_hits(site, lang):
    s, _ = R.apply(rolls(_chosen_by_the_shadow(), 5, 6, 2, 1), "fp", {"type": "no_combat_card"})
    table = await _at(site, s)
    _, html, _ = await site.get(f"/t/{table.id}?lang={lang}")
    shown = unescape(html)
    panel = shown.split('<section class="battle"', 1)[1].split("</section>", 1)[0]
    assert words.combat_name("sh_str_01", lang) in panel and words.card_text("sh_str_01", lang)["combat"] in panel
    shadow, free = panel.split('<div class="battle-side shadow">')[1].split('<div class="battle-side free_peoples">')
    roll = R.view(s, None)["battle"]["roll"]
    for side_html, side in ((shadow, SH), (free, FP)):
        target = words.target(roll[side]["need"], roll[side]["add"])
        dice = re.findall(r'<span class="die (hit|miss)"[^>]*>(\d)</span>', side_html)
        assert [int(d) for _, d in dice] == roll[side]["dice"]
        assert [kind == "hit" for kind, d in dice] == roll[side]["hit"]  # the engine's own record of each die
        assert words.t("web.wotr.need", lang, target=target) in side_html
        assert words.t("web.wotr.hits", lang, hits=roll[side]["hits"]) in side_html
    strife = getattr(load().event_cards["sh_str_01"].combat_title, lang)  # +2 to both sides' dice, named
    for side_html in (shadow, free):
        assert f'({words.t("present_wotr.need.modifier", lang, add="+2", cards=strife)})' in side_html


async def test_in_a_siege_the_attackers_dice_say_they_need_a_6_because_of_the_siege(site):
    from tests.wotr.test_combat_cards import SH_ARMY, fight
    s = battle(units={**SH_ARMY, "osgiliath": {"gondor": {"regular": 2}}}, where=("north_ithilien", "osgiliath"))
    s, _ = fight(s, dice=(6, 5, 2, 5))
    table = await _at(site, s)
    _, html, _ = await site.get(f"/t/{table.id}")
    shadow = unescape(html).split('<div class="battle-side shadow">')[1].split("</div>")[0]
    assert f'{words.t("web.wotr.need", "en", target=6)} ({words.t("present_wotr.need.fortification", "en")})' in shadow


async def test_a_seat_reads_its_own_hand_in_full_and_no_one_else_does(site):
    s = battle(sh_hand=["sh_str_01"], fp_hand=["fp_str_01"])
    table = await _at(site, s)
    fp, sh = table.players
    async with site.http.get(site.url(f"/t/{table.id}/me?lang=fr"), headers=await _session(site, table, sh)) as answer:
        mine = unescape(await answer.text())
    for text in words.card_text("sh_str_01", "fr").values():
        assert text in mine
    assert words.card_text("fp_str_01", "fr")["event"] not in mine
    _, public, _ = await site.get(f"/t/{table.id}?lang=fr")
    assert words.card_text("sh_str_01", "fr")["event"] not in unescape(public)


async def test_the_confrontations_combat_is_a_panel_on_its_pages(site):
    from present import confrontation as cwords
    table = await start_game(site.service, "confrontation", CHANNEL)
    rng = random.Random(2)
    for _ in range(400):
        view = site.service.view(CHANNEL, None)
        combat = view["combat"]
        if combat and any(chosen and combat["cards"][side] is None for side, chosen in combat["chosen"].items()):
            break
        player = rng.choice(site.service.waiting_for(CHANNEL))
        await site.core.take(CHANNEL, player, rng.choice(site.service.legal_actions(CHANNEL, player)),
                             site.service.table(CHANNEL).decision_id)
    else:
        pytest.fail("no combat with a card chosen in secret in 400 moves")
    for lang in ("en", "fr"):
        _, html, _ = await site.get(f"/t/{table.id}?lang={lang}")
        shown = unescape(html)
        assert words.t("render.combat.title", lang, region=cwords.region_name(view["combat"]["region"], lang)) in shown
        assert words.t("web.combat_card", lang, card=words.t("render.combat.chosen", lang)) in shown
