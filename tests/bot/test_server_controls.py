"""What a server owner meets: a game refused where the bot cannot post, a /lotr status spam guard,
commands synced only when they change (a failed sync does not stop the bot)."""
from __future__ import annotations

import discord
import pytest

from i18n import t
from tests.bot.harness import Harness, NotOffered
from tests.bot.helpers import new_game, table


async def test_create_is_refused_where_the_bot_cannot_post_pictures(harness: Harness):
    h = harness
    alice = h.user("alice")
    no_files = discord.Permissions(view_channel=True, send_messages=True, embed_links=True).value
    posts = await h.slash(alice, "create", game="confrontation", app_permissions=no_files)
    assert [(p.where, p.content) for p in posts] == [
        ("ephemeral", t("bot.refuse.permissions", "en", missing=t("bot.permission.attach_files", "en")))]
    assert table(h) is None
    posts = await h.slash(alice, "create", game="confrontation", locale="fr", app_permissions=0)
    assert posts[0].where == "ephemeral" and "Envoyer des messages" in posts[0].content
    await h.slash(alice, "create", game="confrontation")   # all granted: the lobby opens
    assert table(h).status == "lobby"


async def test_status_posts_the_table_at_most_once_per_cooldown(harness: Harness, clock):
    h = harness
    alice, _bob = await new_game(h)
    posts = await h.slash(alice, "status")
    assert [p.where for p in posts] == ["channel"]
    clock.now += 10
    posts = await h.slash(alice, "status")
    assert [(p.where, p.content) for p in posts] == [
        ("ephemeral", t("bot.refuse.status_cooldown", "en", seconds=20))]
    clock.now += 20
    posts = await h.slash(alice, "status")
    assert [p.where for p in posts] == ["channel"]


def _syncs(h: Harness) -> int:
    return sum(1 for method, path, _ in h.world.requests if method == "PUT" and path.endswith("/commands"))


async def test_commands_are_synced_only_when_they_change(harness: Harness, make_bot, tmp_path):
    h = harness
    assert _syncs(h) == 1   # first start: synced, and the digest kept
    await h.restart(make_bot)
    assert _syncs(h) == 1   # same definition: no sync
    (tmp_path / "commands.sha1").write_text("an older definition")
    h.world.fail_next["/applications/"] = 500
    await h.restart(make_bot)   # the sync fails: the bot still runs
    assert _syncs(h) == 2 and (tmp_path / "commands.sha1").read_text() == "an older definition"
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation")
    assert table(h).status == "lobby"
    await h.restart(make_bot)   # tried again at the next start, and this time it works
    assert _syncs(h) == 3 and (tmp_path / "commands.sha1").read_text() != "an older definition"


async def test_the_creator_kicks_a_player_from_the_lobby(harness: Harness):
    h = harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.slash(alice, "create", game="fellowship")
    await h.slash(bob, "join")
    await h.slash(carol, "join")
    posts = await h.slash(bob, "kick", users={"player": carol})
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.not_creator", "en"))]
    posts = await h.slash(alice, "kick", users={"player": carol})
    assert table(h).players == [str(alice), str(bob)]
    assert posts[0].where == "channel" and f"<@{carol}> was removed" in posts[0].content
    posts = await h.slash(alice, "kick", users={"player": carol})
    assert posts[0].where == "ephemeral" and posts[0].content == t("table.not_in_lobby", "en")


async def test_a_lobby_nobody_starts_closes_after_the_configured_time(harness: Harness, clock):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation")
    clock.now += 59 * 60
    await h.client.remind_once()
    assert table(h).status == "lobby"
    clock.now += 60
    await h.client.remind_once()
    await h.settle()
    assert (table(h).status, table(h).reason) == ("abandoned", "lobby_expired")
    assert h.public()[-1].content == t("bot.lobby.expired", "en")
    await h.slash(h.user("bob"), "create", game="confrontation")   # the channel is free again
    assert table(h).status == "lobby"


async def test_a_simultaneous_choice_nobody_makes_ends_the_game_at_the_timeout(harness: Harness, clock):
    """At the placement both players are awaited: nobody could claim, so the timeout ends the game."""
    h = harness
    alice, bob = await new_game(h)
    settings = await h.client.service.guild_settings(h.guild_id)
    clock.now += settings.timeout_minutes * 60
    await h.client.remind_once()
    await h.settle()
    assert (table(h).status, table(h).reason) == ("abandoned", "timeout_all")
    last = h.public()[-1]
    assert not last.custom_ids() and f"<@{alice}>" in last.content and f"<@{bob}>" in last.content


async def test_a_lobby_not_loaded_since_a_restart_still_closes_after_the_configured_time(
        harness: Harness, clock, make_bot):
    h = harness
    await h.slash(h.user("alice"), "create", game="confrontation")
    await h.restart(make_bot)   # the new service has read no table
    assert table(h) is None
    clock.now += 60 * 60
    await h.client.remind_once()
    await h.settle()
    stored = await h.client.service.store.live_table(h.channel_id)
    assert stored is None and (table(h).status, table(h).reason) == ("abandoned", "lobby_expired")
    assert h.public()[-1].content == t("bot.lobby.expired", "en")


async def test_a_moderator_lists_the_servers_games_and_clears_a_held_channel(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    other = h.channel_id + 1
    carol = h.user("carol")
    await h.slash(carol, "create", game="confrontation", channel_id=other)
    running = table(h)

    with pytest.raises(NotOffered):  # Discord does not offer the moderators' commands to a player
        await h.slash(alice, "games", group="lotr-admin")
    manage = discord.Permissions(manage_guild=True).value
    posts = await h.slash(h.user("mod"), "games", group="lotr-admin", perms=manage)
    assert [p.where for p in posts] == ["ephemeral"]
    listing = posts[0].text()
    assert f"Table {running.id} · <#{h.channel_id}> · The Confrontation · running · <@{alice}>, <@{bob}>" in listing
    assert f"<#{other}> · The Confrontation · lobby · <@{carol}>" in listing

    mod = h.user("mod2")
    posts = await h.slash(mod, "clear", group="lotr-admin", perms=manage, table=running.id)
    assert (posts[0].where, posts[0].content) == (
        "ephemeral", t("bot.clear.done", "en", id=running.id, channel=f"<#{h.channel_id}>"))
    told = [p for p in posts if p.where == "channel"]
    assert [p.channel_id for p in told] == [h.channel_id] and f"<@{mod}>" in told[0].content
    assert (table(h).status, table(h).reason) == ("abandoned", "moderator")
    posts = await h.slash(mod, "clear", group="lotr-admin", perms=manage, table=running.id + 1000)
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.unknown_table", "en"))]
    posts = await h.slash(h.user("mod"), "games", group="lotr-admin", locale="fr", perms=manage)
    assert f"<#{h.channel_id}>" not in posts[0].text() and "en attente de joueurs" in posts[0].text()
    await h.slash(bob, "create", game="confrontation")   # the channel is free again
    assert table(h).status == "lobby"


async def test_clearing_an_old_table_number_leaves_the_game_now_running_in_its_channel(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    old = table(h)
    await h.slash(alice, "abandon", perms=discord.Permissions(manage_channels=True).value)
    await new_game(h)                                   # a new game in the same channel
    running = table(h)
    assert running.id != old.id and running.status == "active"
    manage = discord.Permissions(manage_guild=True).value
    posts = await h.slash(h.user("mod"), "clear", group="lotr-admin", perms=manage, table=old.id)
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.table_not_running", "en", id=old.id))]
    assert (table(h).id, table(h).status) == (running.id, "active")
