"""Every picture the bot sends carries a description (Discord's attachment description: what screen
readers say), in the language of the message it comes with, saying what it shows, built from the same view as the picture:
players by name, never a mention, never a secret of another seat."""
from __future__ import annotations

from i18n import t
from tests.bot.harness import Harness
from tests.bot.helpers import do, new_game, place_both, table


def _pictures(h: Harness):
    for post in h.posts:
        for attachment in post.message.get("attachments") or []:
            if attachment.get("filename", "").endswith(".png"):
                yield post, attachment


async def test_every_board_picture_says_what_it_shows_in_the_readers_language(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    await do(h, int(h.client.service.waiting_for(h.channel_id)[0]), lambda a: True)
    pictures = list(_pictures(h))
    assert pictures
    game = t("bot.game.confrontation", "en")
    for post, attachment in pictures:
        alt = attachment.get("description") or ""
        assert game in alt and "<@" not in alt and "**" not in alt, (post.where, alt)
        expect = "bot.alt.public" if post.where == "channel" else "bot.alt.private"
        assert alt.startswith(t(expect, "en", game=game, status="").strip()), alt
    await h.slash(alice, "map", locale="fr")   # the full map answers in the asker's language
    mine = [a for p, a in _pictures(h) if p.recipient == alice and p.where == "ephemeral"]
    assert mine and mine[-1]["description"].startswith(
        t("bot.alt.private", "fr", game=t("bot.game.confrontation", "fr"), status="").strip())
    assert table(h).status == "active"
