"""The Confrontation played on its board on a seat's page (web/confrontation_panels.py, web/choices.py's picks):
the placement region by region (the region asked lit, the characters left as buttons in it), the draft's faces,
a piece that may move is a button, then the regions it may go to, and only those; a special card's targets;
the combat cards to choose are buttons under the combat; each sends the form of the seat's own control (POST /t/<table>/me/act); a stale
click is refused with nothing changed; other pages show no board to play on."""
from __future__ import annotations

import random
import re
from html import unescape

from i18n import t
from present import confrontation as words
from tests.web.conftest import start_game

CHANNEL = 1500
SEED_MAGIC = 2  # a seeded game whose random moves come to Magic


async def _at_move(site, *, seed: int = 1):
    """A Confrontation table past its placement (the first legal one on each side), and a session per player."""
    table, cookies = await _seated(site, seed=seed)
    for player in table.players:
        await site.service.act(CHANNEL, player, site.service.legal_actions(CHANNEL, player)[0])
    return table, cookies


async def _seated(site, *, seed: int = 1, options: dict | None = None):
    """A Confrontation table just started, and a session per player."""
    table = await start_game(site.service, "confrontation", CHANNEL, seed=seed, options=options)
    cookies = {}
    for player in table.players:
        secret = await site.web.records.new_link(player, table.id, site.clock())
        cookies[player] = {"Cookie": f"lotr_session={(await site.web.records.spend(secret, site.clock())).secret}"}
    return table, cookies


async def _page(site, table, headers, query: str = "") -> str:
    async with site.http.get(site.url(f"/t/{table.id}/me?lang=en{query}"), headers=headers) as answer:
        assert answer.status == 200
        return unescape(await answer.text())


async def _sent(site, table, headers, fields: dict[str, str]) -> tuple[int, dict]:
    """A form sent as the page's script sends it: its status and its answer (a refusal, a step to show)."""
    async with site.http.post(site.url(f"/t/{table.id}/me/act"), data=fields,
                              headers={**headers, "Origin": site.local, "Accept": "application/json"}) as answer:
        return answer.status, await answer.json()


def _forms(html: str, cls: str) -> dict[str, dict[str, str]]:
    """The board's buttons of class `cls` (cf-piece, cf-region-pick, or a combat card's "primary" in
    #cf-cards), by their text, each with the fields its click sends."""
    out = {}
    for form in re.findall(r'<form method="post"[^>]*class="act pick">(.*?)</form>', html, re.S):
        button = re.search(rf'<button type="submit" name="([bo])" value="([^"]*)" class="{cls}[^"]*"[^>]*>([^<]*)</button>',
                           form)
        if button:
            fields = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))
            out[button.group(3)] = {**fields, button.group(1): button.group(2)}
    return out


def _mover(site) -> str:
    return site.service.waiting_for(CHANNEL)[0]


async def test_a_piece_moves_by_clicking_it_then_a_region_and_only_legal_ones_are_offered(site):
    table, cookies = await _at_move(site)
    mover = _mover(site)
    other = next(p for p in table.players if p != mover)
    view = site.service.view(CHANNEL, mover)
    moves = [a for a in site.service.legal_actions(CHANNEL, mover) if a["type"] == "move"]
    html = await _page(site, table, cookies[mover])
    pieces = _forms(html, "cf-piece")
    assert set(pieces) == {words.piece_label(a["piece"], view, "en") for a in moves}
    theirs = await _page(site, table, cookies[other])  # not to move: no piece to click, only what it may do
    assert not _forms(theirs, "cf-piece")
    assert t("web.cf.region_hint", "en") in theirs and t("web.cf.board_hint", "en") not in theirs
    assert t("web.cf.board_hint", "en") in html
    assert set(_forms(theirs, "cf-region-pick")) == {words.region_name(a["region"], "en")
                                                     for a in site.service.legal_actions(CHANNEL, other)
                                                     if a["type"] == "shuffle"}
    _, public, _ = await site.get(f"/t/{table.id}")
    assert 'class="cf-board"' not in public
    token = moves[0]["piece"]
    status, said = await _sent(site, table, cookies[mover], pieces[words.piece_label(token, view, "en")])
    assert status == 200 and said["step"]
    html = await _page(site, table, cookies[mover], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
    regions = _forms(html, "cf-region-pick")
    to = [a["to"] for a in moves if a["piece"] == token]
    assert set(regions) == {words.region_name(r, "en") for r in to}
    seq = site.service.table(CHANNEL).seq
    assert (await _sent(site, table, cookies[mover], regions[words.region_name(to[0], "en")]))[0] == 200
    assert site.service.table(CHANNEL).seq == seq + 1
    piece = next(p for p in site.service.view(CHANNEL, None)["pieces"] if p["token"] == token)
    assert piece["region"] == to[0]


async def test_a_stale_board_click_is_refused_and_changes_nothing(site):
    table, cookies = await _at_move(site)
    mover = _mover(site)
    html = await _page(site, table, cookies[mover])
    token = next(a["piece"] for a in site.service.legal_actions(CHANNEL, mover) if a["type"] == "move")
    clicked = _forms(html, "cf-piece")[words.piece_label(token, site.service.view(CHANNEL, mover), "en")]
    _, said = await _sent(site, table, cookies[mover], clicked)
    html = await _page(site, table, cookies[mover], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
    region = next(iter(_forms(html, "cf-region-pick").values()))
    assert (await _sent(site, table, cookies[mover], region))[0] == 200
    seq, state = site.service.table(CHANNEL).seq, site.service.view(CHANNEL, None)
    assert (await _sent(site, table, cookies[mover], region))[0] == 409  # the same click again
    assert (await _sent(site, table, cookies[mover], clicked))[0] == 409  # a piece clicked on an old page
    assert site.service.table(CHANNEL).seq == seq and site.service.view(CHANNEL, None) == state


async def test_a_combat_card_is_chosen_by_clicking_it_under_the_combat(site):
    table, cookies = await _at_move(site)
    rnd = random.Random(3)
    while not (decision := site.service.view(CHANNEL, None)["decision"]) or decision["kind"] != "cards":
        player = _mover(site)
        await site.service.act(CHANNEL, player, rnd.choice(site.service.legal_actions(CHANNEL, player)))
    player = site.service.waiting_for(CHANNEL)[0]
    view = site.service.view(CHANNEL, player)
    offered = [a["card"] for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "card"]
    html = await _page(site, table, cookies[player])
    cards = re.search(r'<div class="battle-choices" id="cf-cards">.*?</div>\n</section>', html, re.S).group(0)
    shown = _forms(cards, "primary")
    assert set(shown) == {words.card_name(c, "en", view["you"]) for c in offered}
    assert words.card_text(offered[0], view["you"], "en") in cards
    card = offered[-1]
    assert (await _sent(site, table, cookies[player], shown[words.card_name(card, "en", view["you"])]))[0] == 200
    combat = site.service.view(CHANNEL, player)["combat"]
    assert combat is None or combat["chosen"][view["you"]]
    assert card not in (site.service.view(CHANNEL, player).get("hand") or [])


async def test_a_discarded_card_is_played_through_magic_by_clicking_it(site):
    table, cookies = await _at_move(site, seed=SEED_MAGIC)
    rnd = random.Random(SEED_MAGIC)
    for _ in range(600):
        player = _mover(site)
        legal = site.service.legal_actions(CHANNEL, player)
        if any(a["type"] == "magic" for a in legal):
            break
        await site.service.act(CHANNEL, player, rnd.choice(legal))
    else:
        raise AssertionError("Magic never offered")
    you = site.service.view(CHANNEL, player)["you"]
    offered = [a["card"] for a in legal if a["type"] == "magic"]
    html = await _page(site, table, cookies[player])
    cards = re.search(r'<div class="battle-choices" id="cf-cards">.*?</div>\n</section>', html, re.S).group(0)
    shown = _forms(cards, "primary")
    assert set(shown) == {words.card_name(c, "en", you) for c in offered}
    seq = site.service.table(CHANNEL).seq
    assert (await _sent(site, table, cookies[player], shown[words.card_name(offered[0], "en", you)]))[0] == 200
    assert (await site.service.store.actions(table.id))[-1].action == {"type": "magic", "card": offered[0]}
    assert site.service.table(CHANNEL).seq > seq


def _lit(html: str) -> list[str]:
    return re.findall(r'<div class="cf-region [^"]*lit" id="cf-([a-z_]+)">', html)


def _placed(html: str) -> dict[str, list[str]]:
    """The characters the board shows as put at the steps before, by region."""
    out: dict[str, list[str]] = {}
    for part in html.split('<div class="cf-region ')[1:]:
        region, body = re.match(r'[^"]*" id="cf-([a-z_]+)">(.*)', part, re.S).groups()
        for name in re.findall(r'class="cf-piece [a-z]+ cf-placed"[^>]*>([^<]*)</span>', body):
            out.setdefault(region, []).append(name)
    return out


def _face(character: str) -> str:
    return f"{words.character_name(character, 'en')} · {words.character_facts(character, 'en')[0]}"


async def test_the_placement_is_played_on_the_board_region_by_region_with_the_choices_shown_where_they_went(site):
    table, cookies = await _seated(site)
    player = table.players[0]
    left = list(site.service.view(CHANNEL, player)["to_place"])
    html = await _page(site, table, cookies[player])
    other = await _page(site, table, cookies[table.players[1]])
    assert not set(map(_face, left)) & set(_forms(other, "cf-piece cf-character"))  # nor the other's to place
    chosen: list[tuple[str, str]] = []
    back = ""
    while True:
        offered = _forms(html, "cf-piece cf-character")
        assert set(offered) == {_face(c) for c in left}, "exactly the characters still to place"
        assert all(words.character_facts(c, "en")[1] in html for c in left)  # each with its power
        (region,) = _lit(html)
        assert t("bot.cf.place", "en", region=words.region_name(region, "en")) in html
        assert _placed(html) == {r: [_face(c)] for r, c in chosen}
        who = left[-1]
        status, said = await _sent(site, table, cookies[player], offered[_face(who)])
        assert status == 200
        chosen.append((region, who))
        left.remove(who)
        if not said.get("step"):
            break
        html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
        if len(chosen) == 2:
            back = unescape(re.search(r'<a class="back cf-back" href="([^"]*)">', html).group(1))
            assert t("web.cf.back_step", "en") in html
    placement = (await site.service.store.actions(table.id))[-1].action["placement"]
    assert all(placement[c] == r for r, c in chosen) and len(chosen) == 5
    assert site.service.view(CHANNEL, player)["setup_done"][site.service.view(CHANNEL, player)["you"]]
    # the third region's page leads a step back (test_a_step_back_on_the_board_asks_the_region_before_again)
    assert back.startswith(f"/t/{table.id}/me?lang=en&step=place.")


async def test_a_step_back_on_the_board_asks_the_region_before_again(site):
    table, cookies = await _seated(site)
    player = table.players[0]
    html = await _page(site, table, cookies[player])
    first = _lit(html)[0]
    _, said = await _sent(site, table, cookies[player], next(iter(_forms(html, "cf-piece cf-character").values())))
    html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
    second = _lit(html)[0]
    _, said = await _sent(site, table, cookies[player], next(iter(_forms(html, "cf-piece cf-character").values())))
    html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
    back = unescape(re.search(r'<a class="back cf-back" href="([^"]*)">', html).group(1))
    async with site.http.get(site.url(back), headers=cookies[player]) as answer:
        again = unescape(await answer.text())
    assert _lit(again) == [second] and list(_placed(again)) == [first]


async def test_a_forged_placement_key_is_refused_with_nothing_changed(site):
    table, cookies = await _seated(site)
    player = table.players[0]
    html = await _page(site, table, cookies[player])
    fields = next(iter(_forms(html, "cf-piece cf-character").values()))
    seq, state = site.service.table(CHANNEL).seq, site.service.view(CHANNEL, player)
    status, _ = await _sent(site, table, cookies[player], {**fields, "o": "99"})
    assert status == 400
    status, _ = await _sent(site, table, cookies[player], {**fields, "m": "place.99.98"})
    assert status == 400
    assert site.service.table(CHANNEL).seq == seq and site.service.view(CHANNEL, player) == state


async def test_the_draft_offers_each_tiles_faces_with_strength_and_power(site):
    table, cookies = await _seated(site, options={"mode": "draft", "special_cards": "none", "match": False})
    player = table.players[0]
    legal = site.service.legal_actions(CHANNEL, player)
    assert legal[0]["type"] == "draft"
    html = await _page(site, table, cookies[player])
    faces = _forms(html, "cf-piece cf-character")
    first = {a["characters"][0] for a in legal}
    assert set(faces) == {_face(c) for c in first}
    assert t("bot.cf.draft", "en", number=1, total=len(legal[0]["characters"])) in html
    assert all(words.character_facts(c, "en")[1] in html for c in first)
    picked = []
    while True:
        name, fields = next(iter(faces.items()))
        picked.append(name)
        status, said = await _sent(site, table, cookies[player], fields)
        assert status == 200
        if not said.get("step"):
            break
        html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
        chosen = re.search(r'<p class="cf-chosen">(.*?)</p>', html, re.S).group(1)
        assert all(name in chosen for name in picked)
        faces = _forms(html, "cf-piece cf-character")
    drafted = (await site.service.store.actions(table.id))[-1].action
    assert drafted["type"] == "draft" and [_face(c) for c in drafted["characters"][:len(picked)]] == picked


async def test_a_special_cards_targets_are_picked_on_the_board(site):
    table, cookies = await _seated(site, seed=4, options={"mode": "classic", "special_cards": "choose", "match": False})
    rnd = random.Random(4)
    for _ in range(800):
        player = _mover(site)
        legal = site.service.legal_actions(CHANNEL, player)
        specials = [a for a in legal if a["type"] == "special" and ("piece" in a or "region" in a)]
        cards = {a["card"] for a in specials}
        if any(sum(a["card"] == c for a in specials) > 1 for c in cards):
            break
        await site.service.act(CHANNEL, player, rnd.choice([a for a in legal if a["type"] != "special"] or legal))
    else:
        raise AssertionError("no special card with targets offered")
    card = next(c for c in cards if sum(a["card"] == c for a in specials) > 1)
    aimed = [a for a in specials if a["card"] == card]
    view = site.service.view(CHANNEL, player)
    step = f"&step=special.{card}&v={site.service.table(CHANNEL).decision_id}"
    html = await _page(site, table, cookies[player], step)
    if "piece" in aimed[0]:
        assert set(_forms(html, "cf-piece")) == {words.piece_label(a["piece"], view, "en") for a in aimed}
        clicked = _forms(html, "cf-piece")[words.piece_label(aimed[0]["piece"], view, "en")]
    else:
        assert set(_forms(html, "cf-region-pick")) == {words.region_name(a["region"], "en") for a in aimed}
        clicked = _forms(html, "cf-region-pick")[words.region_name(aimed[0]["region"], "en")]
    status, said = await _sent(site, table, cookies[player], clicked)
    assert status == 200
    if said.get("step"):  # a piece the card moves: then its destination
        html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
        to = [a["to"] for a in aimed if a["piece"] == aimed[0]["piece"]]
        regions = _forms(html, "cf-region-pick")
        assert set(regions) == {words.region_name(r, "en") for r in to}
        assert (await _sent(site, table, cookies[player], regions[words.region_name(to[0], "en")]))[0] == 200
    assert (await site.service.store.actions(table.id))[-1].action["type"] == "special"
