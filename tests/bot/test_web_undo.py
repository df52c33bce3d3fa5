"""Take-back requests between Discord and the web (docs/web.md, "Playing"): one request, stored by the action
core, whichever front-end asked: asked on a page, the channel asks the others with its vote buttons; asked in
Discord, the other player's page shows it (its version changes, so open pages fetch it) and accepts or refuses
it; the channel's request then says how it ended and loses its buttons, as after a vote in Discord (and a move
that ends a request closes it too)."""
from __future__ import annotations

import re
from html import unescape

from i18n import t as text
from tests.bot.harness import Harness, Post
from tests.bot.helpers import do, new_game, place_both, service, table
from tests.bot.test_web_view import _browser, _link, _sign_in, make_web_bot  # noqa: F401  (the fixture)
from tests.web.test_acting import _around


async def _page(h: Harness, uid: int, browser) -> tuple[str, str]:
    """The person's own page (signed in with the "Web view" button's link): (its address, its HTML)."""
    table_id = table(h).id
    public = next(p for p in reversed(h.public()) if f"lotr:web:{table_id}" in p.custom_ids())
    link = _link((await h.click(uid, public, f"lotr:web:{table_id}"))[-1].content)
    base = link.split("/l/")[0]
    where = base + await _sign_in(browser, link)
    async with browser.get(where) as page:
        return base, await page.text()


async def _version(browser, base: str, table_id: int) -> str:
    async with browser.get(f"{base}/t/{table_id}/part") as part:
        return part.headers["X-Table-Version"]


def _latest(h: Harness, post: Post) -> Post:
    """`post`'s message as Discord shows it now (its latest edit)."""
    return Post(post.where, post.channel_id, h.world.messages[int(post.message["id"])])


async def _asked_in_discord(h: Harness, alice: int) -> Post:
    """Alice plays on until she may take her move back, then asks in Discord: the channel's request."""
    while service(h).undoable(h.channel_id, str(alice)) is None:
        await do(h, int(service(h).waiting_for(h.channel_id)[0]), lambda action: True)
    dm = next(p for p in reversed(h.dms(alice)) if any(i.startswith("lotr:undo:") for i in p.custom_ids()))
    asks = await h.click(alice, dm, next(i for i in dm.custom_ids() if i.startswith("lotr:undo:")))
    asked = [p for p in asks if p.where == "channel"]
    assert len(asked) == 1 and any(i.startswith("lotr:undov:") for i in asked[0].custom_ids())
    return asked[0]


async def test_a_take_back_asked_on_the_page_is_voted_in_discord_and_the_reverse(make_web_bot, monkeypatch):  # noqa: F811
    h = await Harness.start(make_web_bot, monkeypatch)
    try:
        alice, bob = await new_game(h)
        await place_both(h, alice, bob)
        while service(h).undoable(h.channel_id, str(alice)) is None:
            await do(h, int(service(h).waiting_for(h.channel_id)[0]), lambda action: True)
        t = table(h)
        async with _browser() as alices, _browser() as bobs:
            base, html = await _page(h, alice, alices)
            version = await _version(alices, base, t.id)
            async with alices.post(f"{base}/t/{t.id}/me/undo", data=_around(html, "undo"), headers={"Origin": base},
                                   allow_redirects=False) as answer:
                assert answer.status == 303
            await h.settle()
            assert await _version(alices, base, t.id) != version  # open pages fetch their part again
            asked = next(p for p in reversed(h.public()) if any(i.startswith("lotr:undov:") for i in p.custom_ids()))
            accept = next(i for i in asked.custom_ids() if i.endswith(":y"))
            await h.click(bob, asked, accept)  # bob accepts in Discord
            assert table(h).seq == t.seq + 1 and service(h).undoable(h.channel_id, str(alice)) is None
            # the reverse: a request made in Discord, accepted on bob's page
            asked = await _asked_in_discord(h, alice)  # the channel asks once
            seq = table(h).seq
            _, html = await _page(h, bob, bobs)
            assert "lotr:undov" not in html and re.search(r'name="vote" value="y"', html), unescape(html)[-1500:]
            async with bobs.post(f"{base}/t/{t.id}/me/undo", data={**_around(html, "undo"), "vote": "y"},
                                 headers={"Origin": base}, allow_redirects=False) as answer:
                assert answer.status == 303
            await h.settle()
            assert table(h).seq == seq + 1 and table(h).undo_request is None
            closed = _latest(h, asked)  # the channel's request, closed
            assert closed.content == text("bot_table.undo.event", "en", player=f"<@{alice}>") and not closed.custom_ids()
    finally:
        await h.close()


async def test_a_take_back_refused_on_the_page_closes_the_channels_request_and_a_move_closes_another(
        make_web_bot, monkeypatch):  # noqa: F811
    h = await Harness.start(make_web_bot, monkeypatch)
    try:
        alice, bob = await new_game(h)
        await place_both(h, alice, bob)
        asked = await _asked_in_discord(h, alice)
        t = table(h)
        async with _browser() as bobs:
            base, html = await _page(h, bob, bobs)
            async with bobs.post(f"{base}/t/{t.id}/me/undo", data={**_around(html, "undo"), "vote": "n"},
                                 headers={"Origin": base}, allow_redirects=False) as answer:
                assert answer.status == 303
            await h.settle()
        assert table(h).seq == t.seq and table(h).undo_request is None  # the move stands
        closed = _latest(h, asked)
        assert closed.content == text("bot_table.undo.refused", "en", player=f"<@{bob}>") and not closed.custom_ids()
        asked = await _asked_in_discord(h, alice)  # asked again, later; then the game moves on
        await do(h, int(service(h).waiting_for(h.channel_id)[0]), lambda action: True)
        await h.settle()
        closed = _latest(h, asked)
        assert closed.content == text("bot_table.undo.stale", "en") and not closed.custom_ids()
    finally:
        await h.close()
