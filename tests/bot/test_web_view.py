"""The web table reached from Discord: the bot starts it and stops it; its "Web view" button, on the public
board and in a player's DM, answers privately with a one-time link; the link's landing page spends nothing,
its POST opens a session (a cookie, stored: it outlives a restart) and leads to the player's own view."""
from __future__ import annotations

import re

import aiohttp
import discord
import pytest

from bot.client import GameMasterBot
from bot.settings import Settings
from i18n import t
from tests.bot.harness import Harness
from tests.bot.helpers import new_game, table


@pytest.fixture
def make_web_bot(tmp_path, clock, seeds):
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",  # type: ignore[call-arg]
                        default_language="en", reminder_interval=0, draw_processes=0, web_port=0,
                        metrics_port=0)
    return lambda: GameMasterBot(settings, clock=clock, seeds=seeds)


@pytest.fixture
async def web_harness(make_web_bot, monkeypatch):
    h = await Harness.start(make_web_bot, monkeypatch)
    yield h
    await h.close()


def _browser(jar: aiohttp.CookieJar | None = None) -> aiohttp.ClientSession:
    """A browser that keeps no connection open between requests: the harness waits for every task of the
    bot's loop to finish (Harness.settle), a server's idle connection included."""
    return aiohttp.ClientSession(cookie_jar=jar if jar is not None else aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(force_close=True))


def _link(text: str) -> str:
    found = re.search(r"(http://127\.0\.0\.1:\d+/l/[A-Za-z0-9_-]+\?lang=\w+)", text)
    assert found, text
    return found.group(1)


async def _sign_in(http: aiohttp.ClientSession, link: str) -> str:
    """Open the link's landing page and press its button, as a person would: where it leads."""
    async with http.get(link) as answer:
        assert answer.status == 200
        form = await answer.text()
    token = re.search(r'name="csrf" value="([^"]+)"', form).group(1)
    action = re.search(r'action="([^"]+)"', form).group(1).replace("&amp;", "&")
    origin = link.split("/l/")[0]
    async with http.post(origin + action, data={"csrf": token}, headers={"Origin": origin},
                         allow_redirects=False) as answer:
        assert answer.status == 303, await answer.text()
        return answer.headers["Location"]


async def test_the_web_view_button_gives_a_private_link_that_opens_the_players_own_view(web_harness: Harness,
                                                                                       make_web_bot):
    h = web_harness
    assert h.client.metrics is not None  # the operators' address is on too, on a port of its own
    alice, bob = await new_game(h)
    public = next(p for p in reversed(h.public()) if p.custom_ids())
    table_id = table(h).id
    assert f"lotr:web:{table_id}" in public.custom_ids()
    dm = next(p for p in reversed(h.dms(alice)) if f"lotr:web:{table_id}" in p.custom_ids())
    posts = await h.click(alice, dm, f"lotr:web:{table_id}", locale="fr")
    answer = posts[-1]
    assert answer.where == "ephemeral" and answer.recipient == alice
    link = _link(answer.content)
    assert answer.content == t("bot_web.link", "fr", id=table_id, url=link)
    jar = aiohttp.CookieJar(unsafe=True)
    async with _browser(jar) as browser:
        async with browser.get(link) as preview:  # Discord's crawler reads it: nothing is spent
            assert preview.status == 200
        where = await _sign_in(browser, link)
        assert where == f"/t/{table_id}/me?lang=fr"
        base = link.split("/l/")[0]
        async with browser.get(base + where) as page:
            html = await page.text()
            assert page.status == 200 and '<html lang="fr">' in html and t("web.you", "fr") in html
            assert page.headers["Cache-Control"] == "no-store"
        cookie = next(c for c in jar if c.key == "lotr_session")
        assert cookie["httponly"] and cookie["samesite"] == "Lax" and not cookie["secure"]
        async with browser.post(link.split("?")[0], data={}, headers={"Origin": base}) as again:
            assert again.status in (403, 410)  # a spent link opens nothing more
        await h.restart(make_web_bot)  # the session is stored: it outlives the restart (on the new port)
        await h.client.service.serve(h.channel_id)
        new_base = h.client.web.base
        for cookie in list(jar):
            jar.update_cookies({cookie.key: cookie.value}, aiohttp.client.URL(new_base))
        async with browser.get(f"{new_base}/t/{table_id}/me") as page:
            assert page.status == 200, await page.text()
    # bob's link is bob's: it opens his seat, not alice's
    posts = await h.click(bob, public, f"lotr:web:{table_id}")
    async with _browser() as other:
        assert await _sign_in(other, _link(posts[-1].content)) == f"/t/{table_id}/me?lang=en"


async def test_without_the_web_table_there_is_no_web_view_button(harness: Harness):
    h = harness
    await new_game(h)
    assert h.client.web is None and h.client.metrics is None
    assert not [i for p in h.posts for i in p.custom_ids() if i.startswith("lotr:web:")]


async def test_a_web_view_of_a_game_gone_or_with_the_web_table_turned_off_says_so(web_harness: Harness,
                                                                                make_web_bot, make_bot):
    h = web_harness
    alice, _ = await new_game(h)
    public = next(p for p in reversed(h.public()) if p.custom_ids())
    table_id = table(h).id
    await h.restart(make_bot)  # the same game, a bot whose web table is off: the old button still answers
    posts = await h.click(alice, public, f"lotr:web:{table_id}")
    assert posts[-1].where == "ephemeral" and posts[-1].content == t("bot_web.off", "en")
    await h.slash(alice, "abandon", perms=discord.Permissions(manage_channels=True).value)
    await h.restart(make_web_bot)  # the game ended before this start: no page to link to
    posts = await h.click(alice, public, f"lotr:web:{table_id}")
    assert posts[-1].where == "ephemeral" and posts[-1].content == t("table.no_table", "en")


async def test_following_from_the_public_page_sends_the_public_board_by_dm_at_once(web_harness: Harness):
    """As Discord's Follow button does: the first board now, not at the table's next change."""
    h = web_harness
    await new_game(h)
    carol = h.user("carol")
    table_id = table(h).id
    public = next(p for p in reversed(h.public()) if f"lotr:web:{table_id}" in p.custom_ids())
    posts = await h.click(carol, public, f"lotr:web:{table_id}")
    jar = aiohttp.CookieJar(unsafe=True)
    async with _browser(jar) as browser:
        link = _link(posts[-1].content)
        base = link.split("/l/")[0]
        assert await _sign_in(browser, link) == f"/t/{table_id}?lang=en"  # not seated: the public page
        async with browser.get(f"{base}/t/{table_id}") as page:
            token = re.search(r'action="[^"]*/follow[^"]*"[^>]*>.*?name="csrf" value="([^"]+)"', await page.text(),
                              re.S).group(1)
        assert not h.dms(carol)
        async with browser.post(f"{base}/t/{table_id}/follow?lang=en", data={"csrf": token},
                                headers={"Origin": base, "Accept": "application/json"}) as answer:
            assert answer.status == 200 and (await answer.json())["text"] == t("bot_table.follow.started", "en")
    await h.settle()
    board = h.dms(carol)[-1]
    assert f"lotr:follow:{table_id}" in board.custom_ids()  # the public board, with its Stop button
