"""What players look up around a game: /lotr help, the whole log as a file, the cards a message names,
and the moderators' table numbers completed for /lotr-admin clear."""
from __future__ import annotations

import random

import discord
import pytest

from bot import messages
from bot.commands import guide
from i18n import t
from reference import search
from tests.bot.harness import Harness, snowflake
from tests.bot.helpers import new_game, place_both, service, table

GAMES = ("confrontation", "fellowship", "lcg", "wotr")


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("fr", "fr")])
async def test_help_gives_an_overview_and_each_games_start_controls_and_rules(harness: Harness, locale, lang):
    h = harness
    carol = h.user("carol")
    posts = await h.slash(carol, "help", locale=locale)
    assert [p.where for p in posts] == ["ephemeral"]
    text = posts[0].text()
    assert t("bot_table.help.title", lang) in text and t("bot_table.help.commands", lang) in text
    for game in GAMES:
        assert t(f"bot.game.{game}", lang) in text
    for game in GAMES:
        posts = await h.slash(carol, "help", locale=locale, game=game)
        embed = posts[0].message["embeds"][0]
        assert embed["title"] == t("bot_table.help.game_title", lang, game=t(f"bot.game.{game}", lang))
        assert [f["name"] for f in embed["fields"]] == [t(f"bot_table.help.{part}_title", lang)
                                                        for part in guide.PARTS]
    assert table(h) is None  # looking up help opens nothing


async def test_log_attaches_every_public_event_as_a_text_file_in_the_readers_language(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    carol = h.user("carol")  # anyone in the channel: the log holds public events only
    events = await service(h).history(h.channel_id)
    posts = await h.slash(carol, "log", locale="fr")
    assert [p.where for p in posts] == ["ephemeral"]
    assert posts[0].content == t("bot_table.log.file", "fr", events=len(events))
    (name, data), = posts[0].files
    assert name == f"lotr_confrontation_{table(h).id}.txt"
    lines = data.decode().split("\n")
    expected = messages.event_lines(table(h), events, service(h).view(h.channel_id, None), "fr")
    assert lines == [f"{n}. {line}" for n, line in enumerate(expected, 1)]
    assert any("placé" in line for line in lines)
    # The short /lotr history tells where the whole of it is.
    posts = await h.slash(carol, "history")
    assert posts[0].content.endswith(t("bot_table.log.hint", "en"))


async def test_log_before_the_first_event_says_there_is_nothing_yet(harness: Harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation")
    posts = await h.slash(alice, "log")
    assert [(p.where, p.content, p.files) for p in posts] == [("ephemeral", t("bot.history.empty", "en"), [])]


def _message(h: Harness, content: str, embeds: list[dict] | None = None) -> dict:
    author = h.world.users[h.user("dora")]
    return {"id": str(snowflake()), "channel_id": str(h.channel_id), "author": author, "content": content,
            "timestamp": "2026-11-27T12:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": embeds or [], "pinned": False, "type": 0}


async def test_look_up_cards_answers_privately_with_the_cards_a_message_names(harness: Harness):
    h = harness
    erin = h.user("erin")
    message = _message(h, "I keep Sneak Attack for the Hill Troll, and Dreadful Spells?")
    posts = await h.message_command(erin, "Look up cards", message, locale="fr")
    assert [p.where for p in posts] == ["ephemeral"]
    titles = [e["title"] for e in posts[0].message["embeds"]]
    assert titles == [search.card_lookup(key)["name"]["fr"]
                      for key in ("lcg:sneak_attack", "lcg:hill_troll", "wotr:sh_char_19")]
    assert posts[0].content == t("reference.named_found", "fr", count=3)
    # A bot's own message names its cards in embeds: they count too.
    message = _message(h, "", embeds=[{"type": "rich", "title": "Hand", "description": "Gandalf the White"}])
    posts = await h.message_command(erin, "Look up cards", message)
    assert "Gandalf the White" in [e["title"] for e in posts[0].message["embeds"]]
    posts = await h.message_command(erin, "Look up cards", _message(h, "good game everyone"))
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("reference.named_none", "en"))]


async def test_clear_completes_the_table_numbers_of_the_server(harness: Harness):
    h = harness
    await new_game(h)
    running = table(h)
    manage = discord.Permissions(manage_guild=True).value
    data = h._base(h.user("mod"), locale="en-US", dm_channel=None, perms=manage)
    data |= {"type": 4, "data": {"id": "1", "name": "lotr-admin", "type": 1, "options": [
        {"name": "clear", "type": 1, "options": [{"name": "table", "type": 4, "value": "", "focused": True}]}]}}
    await h.feed(data)
    _method, path, payload = h.world.requests[-1]
    assert path.endswith("/callback") and payload["type"] == 8
    choices = payload["data"]["choices"]
    assert [c["value"] for c in choices] == [running.id]
    assert choices[0]["name"].startswith(f"Table {running.id} · The Confrontation · ")


async def _play_out(h: Harness, seed: int) -> None:
    """The channel's game played to its end by seeded random choices (through the service, as clicks are)."""
    rng = random.Random(seed)
    svc = service(h)
    while table(h).status == "active":
        player = svc.waiting_for(h.channel_id)[0]
        await svc.act(h.channel_id, player, rng.choice(svc.legal_actions(h.channel_id, player)))


async def test_stats_count_the_servers_games_and_one_persons_with_a_chart(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await _play_out(h, 1)
    first = table(h)
    await h.slash(bob, "create", game="confrontation")     # bob's game, as the Fellowship this time
    await h.slash(alice, "join")
    await h.slash(bob, "start", side="fellowship")
    await h.slash(alice, "abandon")
    await h.slash(bob, "abandon")                           # every player voted: abandoned
    assert table(h).status == "abandoned"
    await h.slash(alice, "create", game="confrontation")   # a lobby that never starts is no game
    won = first.result["side"]

    posts = await h.slash(h.user("carol"), "stats")
    assert [p.where for p in posts] == ["ephemeral"] and posts[0].files[0][0] == "stats.png"
    embed = posts[0].message["embeds"][0]
    assert embed["title"] == t("bot_table.stats.server_title", "en")
    field, = embed["fields"]
    assert field["name"] == "The Confrontation"
    assert field["value"] == "\n".join([
        t("bot_table.stats.server_line", "en", played=2, finished=1, abandoned=1, running=0),
        t("bot_table.stats.wins", "en", wins=f"{t(f'bot_table.stats.side.{won}', 'en')} 1")])

    posts = await h.slash(h.user("carol"), "stats", locale="fr", users={"user": alice})
    embed = posts[0].message["embeds"][0]
    assert embed["title"] == t("bot_table.stats.player_title", "fr", player="alice")
    alice_won = int(first.players[0 if won == "fellowship" else 1] == str(alice))
    assert embed["fields"][0]["value"] == "\n".join([
        t("bot_table.stats.player_line", "fr", games=2, wins=alice_won),
        t("bot_table.stats.favourite", "fr", side=t("bot_table.stats.side.fellowship", "fr"))])
    dora = h.user("dora")
    posts = await h.slash(h.user("carol"), "stats", users={"user": dora})
    assert posts[0].files == [] and posts[0].message["embeds"][0]["description"] == t(
        "bot_table.stats.none_player", "en", player=f"<@{dora}>")
