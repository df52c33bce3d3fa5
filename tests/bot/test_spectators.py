"""Spectators: anyone in the channel follows a game with "Follow"; its public board comes to them by DM,
edited as the game goes on, and nothing else: no player's secret ever reaches them. Following is stored
with the table, so it goes on after a restart."""
from __future__ import annotations

import discord

from i18n import t
from tests.bot.harness import Harness, png_bytes
from tests.bot.helpers import do, hidden_names, new_game, place_both, table


def _public(h: Harness):
    return next(p for p in reversed(h.public()) if any(i.startswith("lotr:follow:") for i in p.custom_ids()))


async def test_a_spectator_follows_the_public_board_by_dm_and_learns_no_secret(harness: Harness, make_bot):
    h = harness
    alice, bob = await new_game(h)
    carol = h.user("carol")
    follow = f"lotr:follow:{table(h).id}"
    posts = await h.click(alice, _public(h), follow)     # a player sees the game already
    assert posts[-1].content == t("table.already_playing", "en")
    posts = await h.click(carol, _public(h), follow, locale="fr")
    assert posts[-1].content == t("bot_table.follow.started", "fr")
    first = [p for p in posts if p.where == "dm" and p.recipient == carol]
    assert len(first) == 1
    await place_both(h, alice, bob)
    await h.restart(make_bot)                              # following is stored with the table
    await h.client.service.serve(h.channel_id)
    for _ in range(6):
        player = h.client.service.waiting_for(h.channel_id)[0]
        await do(h, int(player), lambda a: True)
    followed = [p for p in h.posts if p.where == "dm" and p.recipient == carol]
    # After the restart one new DM, then that one edited in place.
    assert len(followed) > 3 and [p.edit for p in followed[1:]].count(False) == 1
    # What carol got is what the channel got: the public board, never a player's.
    channel_boards = {png_bytes(p) for p in h.public() if p.files}
    assert all(png_bytes(p) in channel_boards for p in followed if p.files)
    secret = hidden_names(h)
    for post in followed:
        text = post.text()
        assert not [name for name in secret if name in text], "a hidden character reached a spectator"
    posts = await h.click(carol, _public(h), follow)     # and she stops
    assert posts[-1].content == t("bot_table.follow.stopped", "en")
    before = len([p for p in h.posts if p.recipient == carol and p.where == "dm"])
    player = h.client.service.waiting_for(h.channel_id)[0]
    await do(h, int(player), lambda a: True)
    assert len([p for p in h.posts if p.recipient == carol and p.where == "dm"]) == before


async def test_spectators_are_told_when_a_game_is_abandoned_and_their_follow_is_forgotten(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    carol = h.user("carol")
    follow = f"lotr:follow:{table(h).id}"
    public = _public(h)
    await h.click(carol, public, follow)
    before = len([p for p in h.posts if p.recipient == carol and p.where == "dm"])
    await h.slash(alice, "abandon", perms=discord.Permissions(manage_channels=True).value)
    last = [p for p in h.posts if p.recipient == carol and p.where == "dm"]
    assert len(last) == before + 1 and not last[-1].custom_ids()   # the ended board, no "Stop following"
    assert await h.client.records.followers(table(h).id) == []
    posts = await h.click(carol, public, follow)            # an old button: answered, nothing follows again
    assert posts[-1].content == t("bot_table.follow.over", "en")
    assert await h.client.records.followers(table(h).id) == []
