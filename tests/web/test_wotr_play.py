"""War of the Ring played on its board on a seat's page (web/wotr_map.py, web/wotr_panels.py, web/choices.py's
picks): the question's regions lit on the map and only those, each sending the form of the seat's own control
(through POST /t/<table>/me/act, as any control); dice as buttons; a card played from the hand; a battle's
choices in its panel; other pages never lit."""
from __future__ import annotations

import re
from html import unescape

from engine.wotr.state import FP, SH
from present import wotr as words
from tests.web.conftest import start_game
from tests.wotr.helpers import R
from tests.wotr.test_armies import board
from tests.wotr.test_combat_cards import battle, fight

CHANNEL = 1400


async def _at(site, state: dict):
    """A War of the Ring table whose game is `state`, its players the table's (Free Peoples first), and a
    session for each of them."""
    table = await start_game(site.service, "wotr", CHANNEL)
    state["players"] = list(table.players)
    site.service._tables[CHANNEL].state = state
    cookies = {}
    for player in table.players:
        secret = await site.web.records.new_link(player, table.id, site.clock())
        cookies[player] = {"Cookie": f"lotr_session={(await site.web.records.spend(secret, site.clock())).secret}"}
    return table, cookies


async def _page(site, table, headers, lang="en") -> str:
    async with site.http.get(site.url(f"/t/{table.id}/me?lang={lang}"), headers=headers) as answer:
        assert answer.status == 200
        return await answer.text()


def _lit(html: str) -> dict[str, dict[str, str]]:
    """The lit regions of a page's map, each with the fields its click sends."""
    out = {}
    for attrs, region in re.findall(r'<g class="region lit[^"]*" ([^>]*) id="region-([a-z_]+)" tabindex="0">', html):
        out[region] = {k[5:]: unescape(v) for k, v in re.findall(r'(data-[bmo])="([^"]*)"', attrs)}
    return out


def _hidden(html: str, form_id: str = "map-act") -> dict[str, str]:
    form = re.search(rf'<form[^>]*id="{form_id}"[^>]*>(.*?)</form>', html).group(1)
    return dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))


async def _send(site, table, headers, fields: dict[str, str]) -> int:
    return (await _sent(site, table, headers, fields))[0]


async def _sent(site, table, headers, fields: dict[str, str]) -> tuple[int, dict]:
    """A form sent as the page's script sends it: its status and its answer (a refusal, a step to show)."""
    async with site.http.post(site.url(f"/t/{table.id}/me/act"), data=fields,
                              headers={**headers, "Origin": site.local, "Accept": "application/json"}) as answer:
        return answer.status, await answer.json()


def _form_of(html: str, label: str) -> dict[str, str]:
    """The fields a page's form sends when its button saying `label` is pressed."""
    for form in re.findall(r'<form method="post"[^>]*class="act[^"]*"[^>]*>(.*?)</form>', html, re.S):
        button = re.search(rf'<button type="submit" name="([bo])" value="([^"]*)"[^>]*>{re.escape(label)}[<\s]',
                           unescape(form))
        if button:
            fields = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))
            return {**fields, button.group(1): button.group(2)}
    raise AssertionError(f"no button {label!r}")


def _army_move() -> dict:
    """The Free Peoples' army die spent on moving armies: which army moves (two armies may)."""
    s = board({"minas_tirith": {"gondor": {"regular": 3, "leader": 1}}, "edoras": {"rohan": {"regular": 2}}},
              fp=["army"], war=["gondor", "rohan"])
    s, _ = R.apply(s, "fp", {"type": "move_armies", "die": "army"})
    return s


async def test_the_regions_the_question_offers_are_lit_on_the_seats_map_and_nowhere_else(site):
    table, cookies = await _at(site, _army_move())
    fp, sh = table.players
    mine = await _page(site, table, cookies[fp])
    offered = {a["region"] for a in site.service.legal_actions(CHANNEL, fp) if a["type"] == "army_from"}
    assert set(_lit(mine)) == offered == {"minas_tirith", "edoras"}
    assert 'role="button" aria-label="Minas Tirith: ' in unescape(mine)
    assert not _lit(await _page(site, table, cookies[sh]))
    _, public, _ = await site.get(f"/t/{table.id}")
    assert not _lit(public) and 'id="map-act"' not in public


async def test_an_army_moves_by_its_region_then_its_destination_with_units_left_behind(site):
    table, cookies = await _at(site, _army_move())
    fp = table.players[0]
    html = await _page(site, table, cookies[fp])
    assert await _send(site, table, cookies[fp], {**_hidden(html), **_lit(html)["minas_tirith"]}) == 200
    html = await _page(site, table, cookies[fp], "fr")
    to = {a["region"] for a in site.service.legal_actions(CHANNEL, fp) if a["type"] == "army_to"}
    assert set(_lit(html)) == to and "osgiliath" in to
    leave = re.search(r'<div class="buttons beside-map">.*?name="b" value="([0-9a-f]+)"[^>]*>([^<]*)</button>', html)
    stay = next(a for a in site.service.legal_actions(CHANNEL, fp) if a["type"] == "army_stay")
    view = site.service.view(CHANNEL, fp)
    assert unescape(leave.group(2)) == words.describe_action(stay, view, "fr")
    assert words.army_tally(view, "fr") in unescape(html)  # what moves, what stays
    assert await _send(site, table, cookies[fp], {**_hidden(html), "b": leave.group(1)}) == 200  # one stays
    html = await _page(site, table, cookies[fp])
    assert await _send(site, table, cookies[fp], {**_hidden(html), **_lit(html)["osgiliath"]}) == 200
    armies = site.service.view(CHANNEL, None)["armies"]
    assert armies["osgiliath"] == {"gondor": {"regular": 2, "leader": 1}}
    assert armies["minas_tirith"] == {"gondor": {"regular": 1}}


async def test_a_stale_map_click_changes_nothing(site):
    table, cookies = await _at(site, _army_move())
    fp = table.players[0]
    html = await _page(site, table, cookies[fp])
    fields = {**_hidden(html), **_lit(html)["edoras"]}
    assert await _send(site, table, cookies[fp], fields) == 200
    seq = site.service.table(CHANNEL).seq
    assert await _send(site, table, cookies[fp], fields) == 409  # the same click again: refused
    assert site.service.table(CHANNEL).seq == seq


async def test_the_seats_dice_are_buttons_and_its_hand_plays_a_card(site):
    s = board({"minas_tirith": {"gondor": {"regular": 1}}}, fp=["event", "army"], war=["gondor"])
    s["hands"] = {FP: ["fp_char_01", "fp_str_08"], SH: []}  # the second asks a nation once played
    table, cookies = await _at(site, s)
    fp = table.players[0]
    html = unescape(await _page(site, table, cookies[fp]))
    faces = re.findall(r'<button type="submit" name="o" value="(\d+)" class="die-face" title="[^"]*"[^>]*>([^<]*)</button>', html)
    assert [face for _, face in faces] == [words.name(f, "en") for f in site.service.view(CHANNEL, fp)["dice"][FP]]
    hand = re.search(r'<section class="hand wotr-hand">.*?</section>', html, re.S).group(0)
    cards = hand.split("<li>")[1:]
    assert len(cards) == 2 and all(words.name(c, "en") in text and 'name="o"' in text  # each with its button
                                   for c, text in zip(["fp_char_01", "fp_str_08"], cards, strict=True))
    m, o = re.search(r'name="m" value="([^"]*)"><button type="submit" name="o" value="(\d+)"', cards[0]).groups()
    form = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', cards[0]))
    assert await _send(site, table, cookies[fp], {**form, "m": m, "o": o}) == 200
    assert site.service.view(CHANNEL, fp)["cards"]["hand"] == ["fp_str_08"]  # played with the Event die


async def test_the_battle_panel_holds_the_battles_choices_for_the_seat_it_asks(site):
    s = battle(sh_hand=["sh_str_01"], fp_hand=["fp_str_01"])
    table, cookies = await _at(site, s)
    fp, sh = table.players
    html = unescape(await _page(site, table, cookies[sh]))
    choices = re.search(r'<div class="battle-choices".*?</div>\n</div>', html, re.S).group(0)
    assert words.card_text("sh_str_01", "en")["combat"] in choices
    assert "Play no combat card this round" in choices
    assert 'class="battle-choices"' not in unescape(await _page(site, table, cookies[fp]))  # not asked
    m, o = re.search(r'name="m" value="([^"]*)"><button type="submit" name="o" value="(\d+)"', choices).groups()
    form = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', choices))
    assert await _send(site, table, cookies[sh], {**form, "m": m, "o": o}) == 200
    assert site.service.view(CHANNEL, None)["battle"]["chosen"] == [SH]


async def test_a_unit_is_recruited_by_clicking_where_once_the_unit_is_chosen(site):
    s = board({"minas_tirith": {"gondor": {"regular": 1}}}, fp=["muster", "army"], war=["gondor"])
    table, cookies = await _at(site, s)
    fp = table.players[0]
    html = await _page(site, table, cookies[fp])
    step = ""
    for label in (words.name("muster", "en"), "Recruit", "Regular"):  # the die, the action, the unit
        status, said = await _sent(site, table, cookies[fp], _form_of(html, label))
        assert status == 200 and said["step"]
        step = said["step"]
        async with site.http.get(site.url(f"/t/{table.id}/me?step={step}&v={site.service.table(CHANNEL).decision_id}"),
                                 headers=cookies[fp]) as answer:
            html = await answer.text()
    where = {a["region"] for a in site.service.legal_actions(CHANNEL, fp)
             if a["type"] == "muster" and a["kind"] == "regular"}
    assert set(_lit(html)) == where and "pelargir" in where
    assert not _starts(html)  # a question chosen already: its regions alone answer it
    assert await _send(site, table, cookies[fp], {**_hidden(html), **_lit(html)["pelargir"]}) == 200
    assert site.service.view(CHANNEL, None)["armies"]["pelargir"] == {"gondor": {"regular": 1}}


async def test_casualties_are_chosen_on_each_unit_of_the_side_that_takes_them(site):
    from bot.controls import fingerprint
    s = battle(units={"north_ithilien": {"sauron": {"regular": 4}},
                      "south_ithilien": {"gondor": {"regular": 2, "elite": 1, "leader": 1}}},
               sh_hand=["sh_str_02"], fp_hand=["fp_str_01"])
    s, _ = fight(s, dice=(6, 6, 1, 1, 1))  # two hits on the Free Peoples: a choice of units
    table, cookies = await _at(site, s)
    fp, sh = table.players
    html = unescape(await _page(site, table, cookies[fp]))
    units = dict(re.findall(r'<li class="unit">([^<]*?) ?(<form.*?)?</li>', html))
    legal = site.service.legal_actions(CHANNEL, fp)
    keys = {u: re.findall(r'name="a" value="([0-9a-f]+)"', forms) for u, forms in units.items()}
    by = {a["kind"]: fingerprint(a) for a in legal}
    assert keys == {"Gondor 2 regulars": [by["regular"]], "Gondor 1 elite": [by["reduce"], by["elite"]],
                    "Gondor 1 leader": []}  # each unit its own legal choices, the leader none
    assert 'aria-label="Gondor 1 elite: Take a hit: elite reduced to a regular, Gondor"' in html
    assert "Take a hit" not in re.search(r'<div class="battle-choices".*?</div>\n</div>|$', html, re.S).group(0)
    french = unescape(await _page(site, table, cookies[fp], "fr"))
    assert ">En réduire une en régulière</button>" in french and '<li class="unit">Gondor 1 élite' in french
    assert '<li class="unit">' not in unescape(await _page(site, table, cookies[sh]))  # not the Shadow's to choose
    form = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', units["Gondor 1 elite"]))
    seq = site.service.table(CHANNEL).seq
    forged = fingerprint({"type": "casualty_unit", "nation": "rohan", "kind": "regular"})
    assert await _send(site, table, cookies[fp], {**form, "a": forged}) == 400
    assert site.service.table(CHANNEL).seq == seq
    assert await _send(site, table, cookies[fp], {**form, "a": by["reduce"]}) == 200
    # the elite reduced; the second hit then had one choice left, which the engine takes
    assert site.service.view(CHANNEL, None)["battle"]["units"]["defender"] == {"gondor": {"regular": 2, "leader": 1}}


async def test_the_hunts_damage_is_chosen_beside_the_fellowships_figures(site):
    import random
    s, rnd = R.new_game(["fp", "sh"], {}, 0), random.Random(0)
    while not ((d := R.view(s, "fp")["decision"]) and d["kind"] == "hunt_damage"):
        player = R.waiting_for(s)[0]
        s, _ = R.apply(s, player, rnd.choice(R.legal_actions(s, player)))
    table, cookies = await _at(site, s)
    fp, sh = table.players
    html = unescape(await _page(site, table, cookies[fp], "fr"))
    panel = re.search(r'<section class="hunt-damage">.*?</section>', html, re.S).group(0)
    view = site.service.view(CHANNEL, fp)
    for companion in view["fellowship"]["companions"]:
        assert words.name(companion, "fr") in panel
    offered = [words.describe_action(a, view, "fr") for a in site.service.legal_actions(CHANNEL, fp)]
    assert all(f">{label}</button>" in panel for label in offered)
    assert "<button" not in re.search(r'<section class="hunt-damage">.*?</section>',
                                      unescape(await _page(site, table, cookies[sh], "fr")), re.S).group(0)
    before = view["fellowship"]["corruption"]
    take = next(a for a in site.service.legal_actions(CHANNEL, fp) if a["type"] == "take_corruption")
    assert await _send(site, table, cookies[fp], _form_of(panel, words.describe_action(take, view, "fr"))) == 200
    assert site.service.view(CHANNEL, None)["fellowship"]["corruption"] > before


def _starts(html: str) -> dict[str, list[tuple[str, str, str]]]:
    """The regions of a page's map where actions may begin, each with its list's (action key, region, label)."""
    regions = re.findall(r'<g class="region start[^"]*" role="button" [^>]*id="region-([a-z_]+)" tabindex="0">', html)
    out = {}
    for region in regions:
        panel = re.search(rf'<section class="starts" id="starts-{region}".*?</section>', html, re.S).group(0)
        out[region] = [(key, where, unescape(re.sub("<[^>]+>", "", label))) for where, key, label in re.findall(
            r'name="r" value="([a-z_]+)"><button type="submit" name="a" value="([0-9a-f]+)"[^>]*>(.*?)</button>', panel)]
    return out


def _start_form(html: str, key: str) -> dict[str, str]:
    """The fields the form of a region's list sends for the action `key`."""
    form = next(f for f in re.findall(r'<form [^>]*class="act pick start">(.*?)</form>', html)
                if f'name="a" value="{key}"' in f)
    return {**dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form)), "a": key}


def _choosing_a_die() -> dict:
    """The Free Peoples choose a die: their army in Osgiliath may move or attack South Ithilien; Gondor may
    recruit; the Shadow's armies stand in South Ithilien and Minas Morgul."""
    s = board({"osgiliath": {"gondor": {"regular": 2, "elite": 1, "leader": 1}},
               "south_ithilien": {"sauron": {"regular": 1}}, "minas_morgul": {"sauron": {"regular": 4}}},
              fp=["army", "muster"], sh=["army"], war=["gondor", "sauron"])
    s["hands"] = {FP: [], SH: []}
    return s


async def test_a_region_lists_the_actions_that_begin_there_while_the_seat_chooses_its_die(site):
    from bot.controls import fingerprint
    from cards.wotr import load
    table, cookies = await _at(site, _choosing_a_die())
    fp, sh = table.players
    html = await _page(site, table, cookies[fp])
    legal = site.service.legal_actions(CHANNEL, fp)
    view = site.service.view(CHANNEL, fp)
    expected: dict[str, set[str]] = {}
    for a in legal:  # the actions naming a region: an attack from or on it, a recruit there
        for f in ("from", "to", "region"):
            if a.get(f) in load().regions:
                expected.setdefault(a[f], set()).add(fingerprint(a))
    for start in view["decision"]["starts"]:  # the actions beginning there: the army that may move
        assert start["action"] in legal
        expected.setdefault(start["region"], set()).add(fingerprint(start["action"]))
    shown = _starts(html)
    assert {r: {key for key, _, _ in items} for r, items in shown.items()} == expected
    assert {"osgiliath", "south_ithilien", "minas_tirith"} <= set(shown)
    assert "minas_morgul" not in shown and not _lit(html)  # no action of the seat concerns it: not a button
    assert '<g class="region" role="img" aria-label="Minas Morgul"' in html
    osgiliath = {label for _, _, label in shown["osgiliath"]}
    assert {"Move an army out of Osgiliath (Army die)", "Attack South Ithilien from Osgiliath (Army die)"} <= osgiliath
    assert 'aria-label="Osgiliath: ' in html and 'aria-controls="starts-osgiliath"' in html
    french = _starts(await _page(site, table, cookies[fp], "fr"))
    assert "Déplacer une armée depuis Osgiliath (Dé Armée)" in {label for _, _, label in french["osgiliath"]}
    assert not _starts(await _page(site, table, cookies[sh]))  # not the Shadow's to choose


async def test_with_one_die_face_left_its_actions_still_begin_at_their_regions(site):
    s = _choosing_a_die()
    s["dice"][FP] = ["army"]  # no die to choose: the controls ask the action at once
    table, cookies = await _at(site, s)
    html = await _page(site, table, cookies[table.players[0]])
    shown = _starts(html)
    assert set(shown) == {"osgiliath"} and set(_lit(html)) == {"south_ithilien"}  # the attack there: one click
    assert {label for _, _, label in shown["osgiliath"]} == {"Move an army out of Osgiliath (Army die)",
                                                            "Attack South Ithilien from Osgiliath (Army die)"}


async def test_an_army_move_begun_on_its_region_takes_the_die_and_that_army_and_keeps_it_highlighted(site):
    table, cookies = await _at(site, _choosing_a_die())
    fp = table.players[0]
    html = await _page(site, table, cookies[fp])
    key = next(k for k, _, label in _starts(html)["osgiliath"] if label.startswith("Move an army"))
    assert await _send(site, table, cookies[fp], _start_form(html, key)) == 200
    view = site.service.view(CHANNEL, fp)
    assert view["decision"]["kind"] == "army_move" and view["decision"]["from"] == "osgiliath"
    assert view["dice"][FP] == ["muster"]  # the Army die spent, as through the menus
    html = await _page(site, table, cookies[fp])
    assert re.search(r'<g class="region selected" role="img" aria-current="true" aria-label="Osgiliath \(chosen: '
                     r'where it goes is asked\)" id="region-osgiliath"', html)
    to = {a["region"] for a in site.service.legal_actions(CHANNEL, fp) if a["type"] == "army_to"}
    assert set(_lit(html)) == to and "minas_tirith" in to and not _starts(html)  # now its destination, lit
    french = await _page(site, table, cookies[fp], "fr")
    assert 'aria-current="true" aria-label="Osgiliath (choisie : sa destination est demandée)"' in unescape(french)


async def test_a_forged_or_stale_action_begun_on_the_map_changes_nothing(site):
    from bot.controls import fingerprint
    table, cookies = await _at(site, _choosing_a_die())
    fp = table.players[0]
    html = await _page(site, table, cookies[fp])
    key = next(k for k, _, label in _starts(html)["minas_tirith"] if "regular" in label)
    seq = site.service.table(CHANNEL).seq
    forged = {**_start_form(html, key), "a": fingerprint({"type": "move_armies", "die": "muster"})}  # not legal
    status, said = await _sent(site, table, cookies[fp], forged)
    assert status == 400 and said["text"] and site.service.table(CHANNEL).seq == seq
    assert await _send(site, table, cookies[fp], _start_form(html, key)) == 200
    assert site.service.view(CHANNEL, None)["armies"]["minas_tirith"] == {"gondor": {"regular": 1}}
    seq = site.service.table(CHANNEL).seq
    assert await _send(site, table, cookies[fp], _start_form(html, key)) == 409  # the same click again: stale
    assert site.service.table(CHANNEL).seq == seq


async def test_every_field_the_seats_forms_send_is_carried_by_a_click_forwarded_to_another_process(site):
    from web.forward import FIELDS
    s = _choosing_a_die()
    table, cookies = await _at(site, s)
    html = await _page(site, table, cookies[table.players[0]])
    forms = re.findall(rf'<form [^>]*action="/t/{table.id}/me/act\?[^"]*"[^>]*>(.*?)</form>', html, re.S)
    sent = {name for form in forms for name in re.findall(r'<(?:input|button|select)[^>]* name="([a-z]+)"', form)}
    assert {"a", "r", "v", "s"} <= sent  # a region's list of actions is among them
    assert sent - {"csrf"} <= FIELDS
