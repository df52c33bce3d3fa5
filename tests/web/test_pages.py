"""The web table's pages: every game's public page (status, events, board picture), a seat's own page, the log,
in the viewer's language; the security headers on every answer."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote

import pytest

import games
from i18n import t
from tests.web.conftest import GAMES, players, start_game

CHANNEL = 500


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_shows_its_status_events_and_board_to_the_public(site, game):
    table = await start_game(site.service, game, CHANNEL)
    status, html, answer = await site.get(f"/t/{table.id}")
    assert status == 200, html
    view = site.service.view(CHANNEL, None)
    presenter = games.get(game).presenter()
    names = {p: f"Player {i + 1}" for i, p in enumerate(table.players)}
    assert presenter.status(view, "en", names).split("**")[0].split("\n")[0][:30].replace("'", "&#39;") in html
    latest = presenter.describe_event(view["log"][-1], view, "en", names) if view["log"] else None
    if latest:
        assert latest.split("**")[0][:20].replace("'", "&#39;") in html
    assert f'src="/t/{table.id}/board.png?v=' in html
    board_url = html.split(f'src="/t/{table.id}/board.png', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    status, _, picture = await site.get(f"/t/{table.id}/board.png{board_url}")
    assert status == 200 and picture.content_type == "image/png"
    assert answer.headers["Content-Security-Policy"] == "default-src 'self'"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["Cache-Control"] == "no-store"


async def test_the_page_reads_in_the_language_asked_and_the_tables_by_default(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    _, english, _ = await site.get(f"/t/{table.id}")
    _, french, _ = await site.get(f"/t/{table.id}?lang=fr")
    assert '<html lang="en">' in english and t("web.whole_log", "en") in english
    assert '<html lang="fr">' in french and t("web.whole_log", "fr") in french
    assert f'href="/t/{table.id}?lang=en"' in french  # the switch back
    _, unknown, _ = await site.get(f"/t/{table.id}?lang=xx")
    assert '<html lang="en">' in unknown


async def test_an_unknown_or_forged_table_gets_a_page_saying_so(site):
    await start_game(site.service, "confrontation", CHANNEL)
    status, html, answer = await site.get("/t/999999")
    assert status == 404 and t("web.error.no_table", "en", id=999999) in html
    assert answer.headers["Content-Security-Policy"] == "default-src 'self'"
    for forged in ("/t/abc", "/t/1%27%3B", "/t/" + "9" * 30, "/nothing"):
        status, html, _ = await site.get(forged)
        assert status == 404 and t("web.error.not_found", "en") in html


async def test_the_part_is_the_live_part_of_the_page_with_its_version(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    _, page, answer = await site.get(f"/t/{table.id}")
    _, part, part_answer = await site.get(f"/t/{table.id}/part")
    assert part.strip() in page
    assert f'data-version="{part_answer.headers["X-Table-Version"]}"' in page


async def test_the_log_page_lists_every_public_event_paged(site):
    table = await start_game(site.service, "fellowship", CHANNEL)
    rng = __import__("random").Random(3)
    while len(site.service.view(CHANNEL, None)["log"]) < 120:
        player = rng.choice(site.service.waiting_for(CHANNEL))
        action = rng.choice(site.service.legal_actions(CHANNEL, player))
        await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)
    view = site.service.view(CHANNEL, None)
    presenter = games.get("fellowship").presenter()
    names = {p: f"Player {i + 1}" for i, p in enumerate(table.players)}
    status, first, _ = await site.get(f"/t/{table.id}/log?page=1")
    assert status == 200 and '<li value="1">' in first and '<li value="51">' not in first
    assert presenter.describe_event(view["log"][0], view, "en", names).split("**")[0][:15] in first
    _, latest, _ = await site.get(f"/t/{table.id}/log")
    pages = -(-len(view["log"]) // 50)
    assert t("web.log_page", "en", page=pages, pages=pages) in latest
    assert f'<li value="{len(view["log"])}">' in latest
    _, past_the_end, _ = await site.get(f"/t/{table.id}/log?page=999")
    assert t("web.log_page", "en", page=pages, pages=pages) in past_the_end


async def test_a_lobby_shows_its_seats_and_that_the_game_has_not_started(site):
    seated = players(2)
    table = await site.service.create(CHANNEL, 7, "confrontation", {}, seated[0], "fr")
    status, html, _ = await site.get(f"/t/{table.id}")
    assert status == 200 and t("web.lobby", "fr", count=1) in html.replace("&#39;", "'")
    assert "board.png" not in html


async def test_a_name_a_player_typed_is_shown_as_text(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    site.web.names = lambda ids: {ids[0]: "<script>alert(1)</script>"}
    _, html, _ = await site.get(f"/t/{table.id}")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


async def test_public_pages_are_compressed_and_a_seats_never(site):
    table = await start_game(site.service, "wotr", CHANNEL)
    secret = await site.web.records.new_link(table.players[0], table.id, site.clock())
    session = (await site.web.records.spend(secret, site.clock())).secret
    gzip = {"Accept-Encoding": "gzip"}
    for path, compressed in ((f"/t/{table.id}", True), (f"/t/{table.id}/part", True), (f"/t/{table.id}/log", True),
                             (f"/t/{table.id}/me", False), (f"/t/{table.id}/me/part", False)):
        async with site.http.get(site.url(path), headers={**gzip, "Cookie": f"lotr_session={session}"}) as answer:
            assert answer.status == 200
            assert (answer.headers.get("Content-Encoding") in ("gzip", "deflate")) is compressed, path


async def test_the_card_games_cards_in_play_read_in_full_and_a_seat_reads_its_own_hand(site):
    from present import lcg as words

    table = await start_game(site.service, "lcg", CHANNEL)
    public = site.service.view(CHANNEL, None)
    _, html, _ = await site.get(f"/t/{table.id}")
    shown = unescape(html)
    for _, card in words.readable(public):
        assert f"<summary>{words.card_name(card, 'en')}</summary>" in shown
    assert t("web.cards.hand", "en") not in shown
    seat = table.players[0]
    secret = await site.web.records.new_link(seat, table.id, site.clock())
    session = (await site.web.records.spend(secret, site.clock())).secret
    async with site.http.get(site.url(f"/t/{table.id}/me"), headers={"Cookie": f"lotr_session={session}"}) as answer:
        mine = unescape(await answer.text())
    hand = site.service.view(CHANNEL, seat)["hand"]
    assert hand and t("web.cards.hand", "en") in mine
    for entry in hand:
        assert f"<summary>{words.card_name(entry['id'], 'en')}</summary>" in mine


async def test_the_log_is_searched_by_its_words_and_what_is_typed_is_shown_as_text(site):
    import random

    table = await start_game(site.service, "fellowship", CHANNEL)
    rng = random.Random(3)
    for _ in range(30):
        player = rng.choice(site.service.waiting_for(CHANNEL))
        await site.core.take(CHANNEL, player, rng.choice(site.service.legal_actions(CHANNEL, player)),
                             site.service.table(CHANNEL).decision_id)
    view = site.service.view(CHANNEL, None)
    presenter = games.get("fellowship").presenter()
    names = {p: f"Player {i + 1}" for i, p in enumerate(table.players)}
    lines = [presenter.describe_event(e, view, "en", names) for e in view["log"]]
    words = sorted({w for line in lines for w in line.split() if len(w) > 4 and w.isalpha()})
    word = next(w for w in words if 0 < sum(w.casefold() in line.casefold() for line in lines) < len(lines))
    _, html, _ = await site.get(f"/t/{table.id}/log?q={quote(word.upper())}")  # case does not matter
    found = [n for n, line in enumerate(lines, 1) if word.casefold() in line.casefold()]
    shown = [int(n) for n in re.findall(r'<li value="(\d+)">', html)]
    assert shown == found[-len(shown):]  # the latest page of the matches, numbered as in the whole log
    typed = '"><script>alert(1)</script>'
    _, html, _ = await site.get(f"/t/{table.id}/log?q={quote(typed)}")
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
