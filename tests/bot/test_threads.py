"""A thread per game (GAME_THREADS): /lotr create opens the game in a new public thread of the channel
where the bot may create one, and the game is played there; otherwise it stays in the channel. The
harness refuses threads as Discord does (in a DM or a thread, without Create Public Threads)."""
from __future__ import annotations

import discord
import pytest

from bot.client import GameMasterBot
from bot.settings import Settings
from i18n import t
from tests.bot.harness import Harness
from tests.bot.helpers import do


@pytest.fixture
def make_bot(tmp_path, clock, seeds):
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                        default_language="en", reminder_interval=0, draw_processes=0, game_threads=True)
    return lambda: GameMasterBot(settings, clock=clock, seeds=seeds)


def _svc(h: Harness):
    return h.client.service


async def test_a_game_opens_in_its_own_thread_and_is_played_there(harness: Harness):
    h = harness
    alice, bob = h.user("alice"), h.user("bob")
    answer = await h.slash(alice, "create", game="confrontation")
    (thread,) = h.world.threads
    assert int(h.world.threads[thread]["parent_id"]) == h.channel_id
    assert "alice" in h.world.threads[thread]["name"]
    # The channel is told where the game is; the lobby's board lives in the thread.
    told = [p for p in answer if p.channel_id == h.channel_id]
    assert [p.content for p in told] == [t("bot.thread.opened", "en", thread=f"<#{thread}>")]
    assert any(p.where == "channel" and p.channel_id == thread and p.message["embeds"] for p in answer)
    assert _svc(h).table(h.channel_id) is None and _svc(h).table(thread).status == "lobby"

    await h.slash(bob, "join", channel_id=thread)
    posts = await h.slash(alice, "start", channel_id=thread, side="fellowship")
    assert _svc(h).table(thread).status == "active"
    assert all(p.channel_id == thread for p in posts if p.where == "channel")
    # Played there: a click's public board goes to the thread, never to the channel.
    before = len([p for p in h.posts if p.channel_id == h.channel_id])
    moved = await do_in(h, thread, alice, lambda a: a["type"] == "place")
    assert any(p.where == "channel" and p.channel_id == thread for p in moved)
    assert len([p for p in h.posts if p.channel_id == h.channel_id]) == before


async def do_in(h: Harness, channel: int, uid: int, want) -> list:
    """helpers.do plays the harness's channel; the table of a thread is looked up there instead."""
    real = h.channel_id
    h.channel_id = channel  # helpers read the table of h.channel_id
    try:
        return await do(h, uid, want)
    finally:
        h.channel_id = real


async def test_one_channel_holds_several_games_one_per_thread(harness: Harness):
    h = harness
    alice, carol = h.user("alice"), h.user("carol")
    await h.slash(alice, "create", game="confrontation")
    await h.slash(carol, "create", game="fellowship")
    assert len(h.world.threads) == 2
    games = sorted(_svc(h).table(thread).game for thread in h.world.threads)
    assert games == ["confrontation", "fellowship"]


async def test_without_the_thread_permission_the_game_stays_in_the_channel(harness: Harness):
    h = harness
    perms = discord.Permissions.all()
    perms.create_public_threads = False
    h.world.bot_permissions[h.channel_id] = perms.value
    posts = await h.slash(h.user("alice"), "create", game="confrontation")
    assert h.world.threads == {} and _svc(h).table(h.channel_id).status == "lobby"
    assert not any(path.endswith("/threads") for _, path, _ in h.world.requests)
    assert [p.channel_id for p in posts if p.where == "channel"] == [h.channel_id]


async def test_a_game_created_inside_a_thread_stays_in_that_thread(harness: Harness):
    h = harness
    thread = int(h.world.open_thread(h.channel_id, {"name": "talk", "auto_archive_duration": 60, "type": 11},
                                     h.guild_id)["id"])
    await h.slash(h.user("alice"), "create", channel_id=thread, game="confrontation")
    assert list(h.world.threads) == [thread]  # no thread inside the thread
    assert _svc(h).table(thread).status == "lobby"


async def test_without_game_threads_the_game_is_in_the_channel(tmp_path, clock, seeds, monkeypatch):
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                        default_language="en", reminder_interval=0, draw_processes=0)
    h = await Harness.start(lambda: GameMasterBot(settings, clock=clock, seeds=seeds), monkeypatch)
    await h.slash(h.user("alice"), "create", game="confrontation")
    assert h.world.threads == {} and _svc(h).table(h.channel_id).status == "lobby"
    await h.close()


@pytest.mark.parametrize("where", ["dm", "thread", "no_permission"])
async def test_the_harness_refuses_a_thread_where_discord_does(harness: Harness, where):
    h = harness
    parent = h.channel_id
    if where == "dm":
        parent = h.world.dm_channel(h.user("zed"))
    elif where == "thread":
        parent = int(h.world.open_thread(parent, {"name": "t", "auto_archive_duration": 60, "type": 11},
                                         h.guild_id)["id"])
    else:
        h.world.bot_permissions[parent] = discord.Permissions(send_messages=True).value
    with pytest.raises(discord.HTTPException) as refused:
        await h.client.http.start_thread_without_message(parent, name="game", auto_archive_duration=60, type=11)
    assert refused.value.code == (50013 if where == "no_permission" else 50024)
    assert len(h.world.violations) == 1
    h.world.violations.clear()  # the refusal was the point of this test
