"""One-time links, sessions and the web's security: a link's GET spends nothing, its POST spends it once
(CSRF token and Origin checked), an expired, spent or forged link opens nothing; a session opens only its
own person's seat, checked at every request; signing out ends it. Every refusal is a page saying why, and
changes nothing."""
from __future__ import annotations

import asyncio
import re

from i18n import t
from tests.web.conftest import close_site, open_site, players, says, start_game
from web.sessions import LINK_SECONDS

CHANNEL = 600


async def _landing(site, link: str) -> tuple[str, str]:
    """The landing page's form: (its action, its CSRF token)."""
    status, html, _ = await site.get(link.removeprefix(site.web.base))
    assert status == 200, html
    action = re.search(r'action="([^"]+)"', html).group(1).replace("&amp;", "&")
    return action, re.search(r'name="csrf" value="([^"]+)"', html).group(1)


async def _sign_in(site, user: str, table_id: int) -> str:
    action, token = await _landing(site, await site.web.new_link(user, table_id, "en"))
    status, html, answer = await site.post(action, {"csrf": token})
    assert status == 303, html
    return answer.headers["Location"]


async def test_reading_a_link_spends_nothing_and_its_form_spends_it_once(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    alice = table.players[0]
    link = await site.web.new_link(alice, table.id, "en")
    for _ in range(3):  # Discord's preview, the person's browser, a reload
        action, token = await _landing(site, link)
    status, _, answer = await site.post(action, {"csrf": token})
    assert status == 303 and answer.headers["Location"] == f"/t/{table.id}/me?lang=en"
    assert answer.headers["Cache-Control"] == "no-store" and answer.headers["Referrer-Policy"] == "no-referrer"
    status, html, _ = await site.get(link.removeprefix(site.web.base))
    assert status == 410 and says(html, "web.error.link.spent")
    status, html, _ = await site.post(action, {"csrf": token})
    assert status == 410 and says(html, "web.error.link.spent")


async def test_a_spent_link_leads_to_the_persons_own_view_and_a_spectators_to_the_public_page(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    assert await _sign_in(site, table.players[1], table.id) == f"/t/{table.id}/me?lang=en"
    status, html, answer = await site.get(f"/t/{table.id}/me")
    assert status == 200 and f"{t('web.you', 'en')})" in html
    assert answer.headers["Cache-Control"] == "no-store"
    assert 'name="csrf"' in html  # the sign-out form
    site.http.cookie_jar.clear()
    assert await _sign_in(site, "55555", table.id) == f"/t/{table.id}?lang=en"


async def test_two_requests_spending_one_link_at_once_open_one_session(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    action, token = await _landing(site, await site.web.new_link(table.players[0], table.id, "en"))
    answers = await asyncio.gather(*(site.post(action, {"csrf": token}) for _ in range(4)))
    assert sorted(status for status, _, _ in answers) == [303, 410, 410, 410]
    rows = await site.service.store.fetch("SELECT COUNT(*) FROM web_sessions")
    assert rows == [(1,)]


async def test_an_expired_or_forged_link_opens_nothing(site, clock):
    table = await start_game(site.service, "confrontation", CHANNEL)
    link = await site.web.new_link(table.players[0], table.id, "en")
    action, token = await _landing(site, link)
    clock.now += LINK_SECONDS + 1
    status, html, _ = await site.post(action, {"csrf": token})
    assert status == 410 and says(html, "web.error.link.expired")
    status, html, _ = await site.get("/l/" + "A" * 43)
    assert status == 410 and says(html, "web.error.link.unknown")
    status, html, _ = await site.get("/l/not%20a%20link")
    assert status == 404
    assert await site.service.store.fetch("SELECT COUNT(*) FROM web_sessions") == [(0,)]


async def test_a_post_from_elsewhere_or_without_its_token_is_refused_and_spends_nothing(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    link = await site.web.new_link(table.players[0], table.id, "en")
    action, token = await _landing(site, link)
    for data, origin, fetched_from in (({"csrf": token}, None, None), ({"csrf": token}, "https://evil.example", None),
                                       ({"csrf": token}, "null", "cross-site"), ({"csrf": token}, "null", None),
                                       ({}, "", None), ({"csrf": "forged"}, "", None)):
        headers = {"Sec-Fetch-Site": fetched_from} if fetched_from else {}
        status, html, answer = await site.post(action, data, origin=origin, headers=headers)
        assert status == 403 and says(html, "web.error.forbidden")
        assert answer.headers["Content-Security-Policy"] == "default-src 'self'"
    # the link was left as it was; a browser under no-referrer says Origin: null, and where the POST came from
    status, _, _ = await site.post(action, {"csrf": token}, origin="null", headers={"Sec-Fetch-Site": "same-origin"})
    assert status == 303


async def test_a_session_opens_only_its_own_persons_seat_checked_at_every_request(site):
    seated = players(3)
    lobby = await site.service.create(CHANNEL, 7, "fellowship", {}, seated[0], "en")
    await site.service.join(CHANNEL, seated[1])
    status, html, _ = await site.get(f"/t/{lobby.id}/me")
    assert status == 401 and says(html, "web.error.no_session")
    await _sign_in(site, seated[1], lobby.id)
    status, _, _ = await site.get(f"/t/{lobby.id}/me")
    assert status == 200
    await site.service.leave(CHANNEL, seated[1])  # seats change: the next request sees it
    status, html, _ = await site.get(f"/t/{lobby.id}/me")
    assert status == 403 and says(html, "web.error.not_seated")
    status, _, _ = await site.get(f"/t/{lobby.id}/me/part")
    assert status == 403


async def test_signing_out_ends_the_session_and_needs_its_token(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    await _sign_in(site, table.players[0], table.id)
    _, html, _ = await site.get(f"/t/{table.id}/me")
    token = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    status, _, _ = await site.post("/logout", {"csrf": "forged"})
    assert status == 403
    assert (await site.get(f"/t/{table.id}/me"))[0] == 200
    status, html, _ = await site.post("/logout", {"csrf": token})
    assert status == 200 and says(html, "web.logged_out.text")
    assert await site.service.store.fetch("SELECT COUNT(*) FROM web_sessions") == [(0,)]
    assert (await site.get(f"/t/{table.id}/me"))[0] == 401


async def test_behind_https_the_session_cookie_is_secure_and_the_origin_is_the_public_one(tmp_path, clock):
    site, boards = await open_site(tmp_path, clock, public_url="https://table.example/")
    try:
        table = await start_game(site.service, "confrontation", CHANNEL)
        link = await site.web.new_link(table.players[0], table.id, "fr")
        assert link.startswith("https://table.example/l/") and link.endswith("?lang=fr")
        path = link.removeprefix("https://table.example")
        async with site.http.get(site.url(path)) as answer:
            html = await answer.text()
            assert "Secure" in answer.headers["Set-Cookie"]
        landing_token = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
        cookies = {"Cookie": f"lotr_landing={landing_token}"}
        status, _, _ = await site.post(path, {"csrf": landing_token}, headers=cookies)  # the local address
        assert status == 403
        status, _, answer = await site.post(path, {"csrf": landing_token}, origin="https://table.example",
                                            headers=cookies)
        assert status == 303
        cookie = answer.headers["Set-Cookie"]
        assert "lotr_session=" in cookie and "HttpOnly" in cookie and "Secure" in cookie and "SameSite=Lax" in cookie
    finally:
        await close_site(site, boards)


async def test_signing_out_everywhere_ends_every_session_of_that_person_only(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    alice, bob = table.players
    sessions = []
    for person in (alice, alice, bob):
        secret = await site.web.records.new_link(person, table.id, site.clock())
        sessions.append((await site.web.records.spend(secret, site.clock())).secret)
    headers = {"Cookie": f"lotr_session={sessions[0]}"}
    _, html, _ = await site.get(f"/t/{table.id}/me", headers=headers)
    token = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    status, _, _ = await site.post("/logout", {"csrf": token, "everywhere": "1"}, headers=headers)
    assert status == 200
    assert [await site.web.records.session(s, site.clock()) for s in sessions] == [None, None, bob]


async def test_a_server_that_keeps_its_tables_to_discord_lets_only_those_who_opened_them_from_there_watch(site):
    """/lotr-admin settings spectators:off: a running table's public pages need a session of a person seated
    there or who opened this table from one of its links; every other request is refused, changing
    nothing. On (the default), anyone with the address watches."""
    table = await start_game(site.service, "confrontation", CHANNEL)
    other = await start_game(site.service, "confrontation", CHANNEL + 1)
    public = [f"/t/{table.id}", f"/t/{table.id}/part", f"/t/{table.id}/board.png", f"/t/{table.id}/log"]
    for path in public:
        assert (await site.get(path))[0] == 200, path
    await site.service.set_guild_settings(table.guild_id, web_spectators=False)
    for path in public:
        status, html, _ = await site.get(path)
        assert status == 401 and (path.endswith(".png") or says(html, "web.error.watchers_only")), path
    seq = site.service.table(CHANNEL).seq
    await _sign_in(site, "55555", other.id)  # a spectator of another table: still refused here
    assert (await site.get(f"/t/{table.id}"))[0] == 401
    assert (await site.get(f"/t/{other.id}"))[0] == 200
    await _sign_in(site, "55555", table.id)  # "Web view" in this table's channel
    for path in public:
        assert (await site.get(path))[0] == 200, path
    async with site.http.ws_connect(site.url(f"/t/{table.id}/live")) as socket:
        assert (await socket.receive(timeout=10)).data  # the live hint reaches them too
    site.http.cookie_jar.clear()
    await _sign_in(site, table.players[1], table.id)  # a player: their own page, and the public one
    assert (await site.get(f"/t/{table.id}"))[0] == 200
    site.http.cookie_jar.clear()
    await site.service.set_guild_settings(table.guild_id, web_spectators=True)
    assert (await site.get(f"/t/{table.id}"))[0] == 200
    assert site.service.table(CHANNEL).seq == seq
