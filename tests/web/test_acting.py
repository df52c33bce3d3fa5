"""A seat plays from its page (web/acting.py): its controls are the game's own (bot/controls/, from the legal
actions), a click goes through the action core as a Discord click does, and every refusal (no CSRF token,
another site, a stale page, a double click or a replayed request, another person's session, a key not
offered) changes nothing: the stored table keeps its seq."""
from __future__ import annotations

import asyncio
import json
import random
import re
from html import unescape

from bot.controls import Button, Menu, Option, find_menu
from i18n import t
from table import bots
from table.models import Table
from tests.web.conftest import GUILD, players, says, start_game
from web import choices, pages
from web.sessions import csrf_token

CHANNEL = 650


async def session(site, person: str, table_id: int) -> dict[str, str]:
    """The headers of a browser signed in as `person`."""
    secret = await site.web.records.new_link(person, table_id, site.clock())
    return {"Cookie": f"lotr_session={(await site.web.records.spend(secret, site.clock())).secret}"}


def token_of(headers: dict[str, str]) -> str:
    return csrf_token(headers["Cookie"].split("=", 1)[1])


def forms(html: str) -> list[dict]:
    """The page's control forms: their hidden fields, and what each of their buttons or options sends."""
    out = []
    for form in re.findall(r'<form method="post" action="[^"]*/me/act[^"]*" class="act[^"]*">(.*?)</form>', html, re.S):
        hidden = {k: unescape(v) for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form)}
        sent = re.findall(r'<button type="submit" name="(\w)" value="([^"]*)"', form)
        sent += [("o", v) for v in re.findall(r'<option value="([^"]*)"', form)]
        sent += [("o", v) for v in re.findall(r'<input type="checkbox" name="o" value="([^"]*)"', form)]
        out.append({"hidden": hidden, "sent": sent})
    return out


async def stored_seq(site, table_id: int) -> int:
    return (await site.service.stored_table(table_id)).seq


async def act(site, table_id: int, headers: dict, data: dict, *, lang: str = "en", as_script: bool = False):
    extra = {"Accept": "application/json"} if as_script else {}
    return await site.post(f"/t/{table_id}/me/act?lang={lang}", data, headers={**headers, **extra})


async def click_through(site, table_id: int, headers: dict, *, as_script: bool = False) -> tuple[int, str, int]:
    """Click the page's first choice, step by step through a nested menu, until an answer that is not a step:
    (its status, its text, the steps taken)."""
    _, html, _ = await site.get(f"/t/{table_id}/me", headers=headers)
    for steps in range(20):
        form = forms(html)[0]
        name, value = form["sent"][0]
        status, text, answer = await act(site, table_id, headers, {**form["hidden"], name: value}, as_script=as_script)
        if as_script:
            step = json.loads(text)["step"]
            where = f"/t/{table_id}/me?step={step}&v={form['hidden']['v']}" if step else ""
        else:
            where = answer.headers.get("Location", "") if "step=" in answer.headers.get("Location", "") else ""
        if not where:
            return status, text, steps
        _, html, _ = await site.get(where.split("#")[0], headers=headers)
    raise AssertionError("still choosing after 20 steps")


async def test_a_seat_plays_by_clicks_through_nested_menus_with_or_without_the_script(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    first, second = [await session(site, p, table.id) for p in table.players]
    status, _, steps = await click_through(site, table.id, first)  # the placement: a menu per region
    assert status == 303 and steps >= 3
    assert await stored_seq(site, table.id) == 1
    status, text, steps = await click_through(site, table.id, second, as_script=True)
    assert status == 200 and json.loads(text) == {"ok": True, "text": "", "step": "", "to": ""} and steps >= 3
    assert await stored_seq(site, table.id) == 2
    log = await site.service.store.actions(table.id)
    assert [(a.seq, a.player) for a in log] == [(1, table.players[0]), (2, table.players[1])]


async def test_every_refusal_changes_nothing(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    alice, bob = table.players
    mine = await session(site, alice, table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=mine)
    form = forms(html)[0]
    good = {**form["hidden"], "o": form["sent"][0][1]}
    refusals = [
        (mine, {**good, "csrf": "forged"}, 403, "web.error.forbidden"),
        (mine, {k: v for k, v in good.items() if k != "csrf"}, 403, "web.error.forbidden"),
        (mine, {**good, "v": str(int(good["v"]) + 1)}, 409, "web.refuse.stale"),
        (mine, {**good, "s": str(int(good["s"]) - 1)}, 409, "web.refuse.stale"),
        (mine, {**good, "v": "x"}, 400, "web.error.bad_request"),
        (mine, {**good, "o": "no-such-key"}, 400, "bot.refuse.not_available"),
        (mine, {**good, "m": "nomenu"}, 400, "bot.refuse.not_available"),
        (mine, {k: v for k, v in good.items() if k not in ("m", "o")} | {"b": "nokey"}, 400, "bot.refuse.not_available"),
    ]
    for headers, data, status, key in refusals:
        got, html, _ = await act(site, table.id, headers, data)
        assert (got, says(html, key)) == (status, True), (data, got, html)
    got, html, _ = await site.post(f"/t/{table.id}/me/act", good, origin="https://evil.example", headers=mine)
    assert got == 403 and says(html, "web.error.forbidden")
    got, html, _ = await site.post(f"/t/{table.id}/me/act", good)  # no session
    assert got == 401 and says(html, "web.error.no_session")
    stranger = await session(site, players(5)[4], table.id)  # a session, of someone not seated, its own token
    got, html, _ = await act(site, table.id, stranger, {**good, "csrf": token_of(stranger)})
    assert got == 403 and says(html, "bot.refuse.not_seated")
    bobs = await session(site, bob, table.id)  # alice's form, sent with bob's session: its token is not his
    got, _, _ = await act(site, table.id, bobs, good)
    assert got == 403
    assert await stored_seq(site, table.id) == 0 and site.service.table(CHANNEL).seq == 0


async def test_a_stale_page_a_double_click_or_a_replayed_request_is_refused_in_the_webs_words_and_language(site):
    """Refused with the web's own words (the page shows the table as it is), not Discord's ("use your latest
    message"), in the viewer's language."""
    table = await start_game(site.service, "confrontation", CHANNEL)
    mine = await session(site, table.players[0], table.id)
    await click_through(site, table.id, mine)  # alice placed: the table moved on
    assert await stored_seq(site, table.id) == 1
    bobs = await session(site, table.players[1], table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=bobs)
    form = forms(html)[0]
    data = {**form["hidden"], "m": form["hidden"]["m"], "o": form["sent"][0][1]}
    # a step changes nothing, and can be sent twice
    for _ in range(2):
        status, text, _ = await act(site, table.id, bobs, data, as_script=True)
        assert status == 200 and json.loads(text)["step"]
    assert await stored_seq(site, table.id) == 1
    await click_through(site, table.id, bobs)  # bob placed: his first page is stale now
    seq = await stored_seq(site, table.id)
    for lang in ("en", "fr"):  # the stale page, sent again (a double click, a replay)
        status, text, _ = await act(site, table.id, bobs, data, lang=lang, as_script=True)
        assert status == 409 and json.loads(text) == {"ok": False, "text": t("web.refuse.stale", lang), "step": "", "to": ""}
        assert t("web.refuse.stale", lang) not in (t("bot.refuse.stale", lang), t("table.stale", lang))
    status, html, _ = await act(site, table.id, bobs, data)
    assert status == 409 and says(html, "web.refuse.stale") and f'href="/t/{table.id}/me?lang=en"' in html
    assert await stored_seq(site, table.id) == seq


async def test_two_clicks_at_once_take_one_action(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    mine = await session(site, table.players[0], table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=mine)
    alice = table.players[0]
    controls = choices.offered("confrontation", site.service.view(CHANNEL, alice),
                               site.service.legal_actions(CHANNEL, alice), "en")
    while True:  # to the last step of the placement's menus, where an option is the action itself
        form = forms(html)[0]
        option = find_menu(controls, form["hidden"]["m"].split(".")).options[0]
        if option.action is not None:
            break
        _, text, _ = await act(site, table.id, mine, {**form["hidden"], "o": option.key}, as_script=True)
        step = json.loads(text)["step"]
        _, html, _ = await site.get(f"/t/{table.id}/me?step={step}&v={form['hidden']['v']}", headers=mine)
    assert await stored_seq(site, table.id) == 0
    following = form
    data = {**following["hidden"], "o": following["sent"][0][1]}
    answers = await asyncio.gather(*(act(site, table.id, mine, data, as_script=True) for _ in range(3)))
    assert sorted(status for status, _, _ in answers) == [200, 409, 409]
    assert await stored_seq(site, table.id) == 1


async def test_the_computer_replies_to_a_move_made_on_the_page(site):
    person = players(1)[0]
    await site.service.create(CHANNEL, GUILD, "confrontation", {}, person, "en")
    await site.service.join(CHANNEL, bots.bot_id("easy", 1))
    table = await site.service.start(CHANNEL, person, {person: 0, bots.bot_id("easy", 1): 1}, seed=4)
    mine = await session(site, person, table.id)
    status, _, _ = await click_through(site, table.id, mine)
    assert status == 303
    for _ in range(200):  # the bot's runner plays as it would after a Discord click
        if person in (site.service.table(CHANNEL).waiting or []) and not site.web.acting(table.id).locked():
            break
        await asyncio.sleep(0.01)
    stored = await site.service.store.actions(table.id)
    assert [a.player for a in stored][:2] == [person, bots.bot_id("easy", 1)]


async def _play_randomly(site, rng, until) -> None:
    while site.service.table(CHANNEL).status == "active" and not until():
        player = rng.choice(site.service.waiting_for(CHANNEL))
        action = rng.choice(site.service.legal_actions(CHANNEL, player))
        await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)


def _around(html: str, what: str) -> dict[str, str]:
    """The hidden fields of the page's form posting to /me/<what>."""
    form = re.search(rf'<form method="post" action="[^"]*/me/{what}\?[^"]*" class="act">(.*?)</form>', html, re.S)
    assert form, f"no {what} form on the page"
    return {k: unescape(v) for k, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(1))}


async def test_take_back_asked_on_the_page_or_in_discord_is_voted_on_the_page(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    alice, bob = table.players
    pages = {p: await session(site, p, table.id) for p in table.players}
    await _play_randomly(site, random.Random(5), lambda: site.service.undoable(CHANNEL, alice) is not None)
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=pages[alice])
    status, text, _ = await site.post(f"/t/{table.id}/me/undo?lang=fr", _around(html, "undo"),
                                      headers={**pages[alice], "Accept": "application/json"})
    assert status == 200 and json.loads(text)["text"] == t("bot_table.undo.sent", "fr")
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=pages[bob])
    assert says(html, "web.undo.asked", player="Player 1") and says(html, "bot_table.undo.accept")
    refused = {**_around(html, "undo"), "vote": "n"}
    status, _, _ = await site.post(f"/t/{table.id}/me/undo", refused, headers=pages[bob])
    assert status == 303 and site.service.table(CHANNEL).undo_request is None
    seq = site.service.table(CHANNEL).seq
    await site.core.ask_undo(CHANNEL, alice, site.service.undoable(CHANNEL, alice))  # as Discord's button does
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=pages[bob])
    status, _, _ = await site.post(f"/t/{table.id}/me/undo", {**_around(html, "undo"), "vote": "y"}, headers=pages[bob])
    assert status == 303 and site.service.table(CHANNEL).seq == seq + 1  # the undo is a record of its own
    status, html, _ = await site.post(f"/t/{table.id}/me/undo", {**_around(html, "undo"), "vote": "y"},
                                      headers=pages[bob])  # the same vote again: that request is gone
    assert status == 409 and site.service.table(CHANNEL).seq == seq + 1


async def test_a_finished_game_offers_its_rematch_which_leads_to_the_new_tables_page(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    alice = table.players[0]
    mine = await session(site, alice, table.id)
    await _play_randomly(site, random.Random(3), lambda: False)
    assert site.service.table(CHANNEL).status == "over"
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=mine)
    status, _, answer = await site.post(f"/t/{table.id}/me/rematch", _around(html, "rematch"), headers=mine)
    lobby = site.service.table(CHANNEL)
    assert status == 303 and lobby.id != table.id and answer.headers["Location"].startswith(f"/t/{lobby.id}/me?")
    assert alice in lobby.players


def test_every_label_of_the_controls_is_shown_as_text():
    odd = '<img src=x onerror="alert(1)">&'
    controls = choices.describe([Button(odd, {"type": "pass"}, key="k"), Menu("m", odd, [
        Option(odd, "o", action={"type": "x"}, description=odd)]), Menu("r", odd, [Option(odd, "n", note=odd)])], [])
    seat = pages.Seat(controls, csrf="token", awaited=True)
    table = Table(id=1, channel_id=1, guild_id=1, game="confrontation", options={}, creator="1", lang="en", seq=3,
                  decision_id=4)
    html = pages.render("controls.html", **pages._base(table, "en", "/t/1/me"), seat=seat, act="/t/1/me/act?lang=en")
    assert "<img" not in html and html.count("&lt;img src=x onerror=&#34;alert(1)&#34;&gt;&amp;") == 7
