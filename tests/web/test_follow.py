"""Following a table from its public page (POST /t/<table>/follow), as Discord's "Follow" button does
(bot/spectators.py): a signed-in person not seated there follows the game being played, or stops, in the bot's
records (bot/store.py), whose followers the bot sends the public board by DM; a player, a person without a
session, a forged token or a game not under way: refused with nothing stored."""
from __future__ import annotations

import re

from bot.store import BotStore
from i18n import t
from tests.web.conftest import GUILD, players, says, start_game
from tests.web.test_acting import session, token_of

CHANNEL = 1700
STRANGER = "4242"


def _follow_button(html: str) -> str | None:
    found = re.search(r'<form method="post" action="[^"]*/follow[^"]*" class="inline follow">.*?<button[^>]*>([^<]*)</button>',
                      html)
    return found.group(1) if found else None


async def test_a_signed_in_person_follows_a_table_from_its_public_page_and_stops(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    mine = await session(site, STRANGER, table.id)
    records = BotStore(site.service.store)
    _, html, _ = await site.get(f"/t/{table.id}", headers=mine)
    assert _follow_button(html) == "Follow"
    status, _, answer = await site.post(f"/t/{table.id}/follow?lang=en", {"csrf": token_of(mine)}, headers=mine)
    assert status == 303 and answer.headers["Location"] == f"/t/{table.id}?lang=en"
    assert await records.followers(table.id) == [STRANGER]
    _, html, _ = await site.get(f"/t/{table.id}", headers=mine)
    assert _follow_button(html) == "Stop following"
    async with site.http.post(site.url(f"/t/{table.id}/follow?lang=fr"), data={"csrf": token_of(mine)},
                              headers={**mine, "Origin": site.local, "Accept": "application/json"}) as answer:
        assert answer.status == 200 and (await answer.json())["text"] == t("bot_table.follow.stopped", "fr")
    assert await records.followers(table.id) == []


async def test_following_is_refused_with_nothing_stored_to_players_strangers_and_forgeries(site):
    table = await start_game(site.service, "confrontation", CHANNEL)
    records = BotStore(site.service.store)
    player = await session(site, table.players[0], table.id)
    _, html, _ = await site.get(f"/t/{table.id}", headers=player)
    assert _follow_button(html) is None  # its players see it already
    status, html, _ = await site.post(f"/t/{table.id}/follow?lang=en", {"csrf": token_of(player)}, headers=player)
    assert status == 409 and says(html, "table.already_playing")
    _, html, _ = await site.get(f"/t/{table.id}")
    assert _follow_button(html) is None  # nobody signed in
    assert (await site.post(f"/t/{table.id}/follow", {"csrf": "x"}))[0] == 401
    mine = await session(site, STRANGER, table.id)
    assert (await site.post(f"/t/{table.id}/follow", {"csrf": "forged"}, headers=mine))[0] == 403
    assert (await site.post(f"/t/{table.id}/follow", {"csrf": token_of(mine)}, headers=mine, origin="https://evil.example"))[0] == 403
    assert await records.followers(table.id) == []


async def test_a_game_not_under_way_cannot_be_followed(site):
    await site.service.create(CHANNEL, GUILD, "confrontation", {}, players(1)[0], "en")  # a lobby
    table = site.service.table(CHANNEL)
    mine = await session(site, STRANGER, table.id)
    _, html, _ = await site.get(f"/t/{table.id}", headers=mine)
    assert _follow_button(html) is None
    status, html, _ = await site.post(f"/t/{table.id}/follow?lang=en", {"csrf": token_of(mine)}, headers=mine)
    assert status == 409 and says(html, "bot_table.follow.over")
    assert await BotStore(site.service.store).followers(table.id) == []
