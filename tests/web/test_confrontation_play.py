"""The Confrontation played on its board on a seat's page (web/confrontation_panels.py, web/choices.py's picks):
a piece that may move is a button, then the regions it may go to, and only those; the combat cards to choose
are buttons under the combat; each sends the form of the seat's own control (POST /t/<table>/me/act); a stale
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
    table = await start_game(site.service, "confrontation", CHANNEL, seed=seed)
    for player in table.players:
        await site.service.act(CHANNEL, player, site.service.legal_actions(CHANNEL, player)[0])
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
