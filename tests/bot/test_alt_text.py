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


def test_a_war_of_the_ring_board_s_alt_text_names_what_its_plus_chips_stand_for():
    """A "+N" chip hides pieces from a reader (Dale's crowd on the board of a decision about Dale): the
    board's description names them, in the reader's language; the full map's has none to name."""
    from bot.messages import board_alt
    from render import wotr as rw
    from table.models import Table
    from tests.render.test_wotr_chips import _about, _setup

    view = dict(_setup())
    view["armies"] = {**view["armies"], "dale": {n: {"regular": 5, "elite": 5, "leader": 5}
                                                   for n in ("dwarves", "north", "elves")}}
    view = _about(view, "dale")
    board = Table(1, 2, None, "wotr", {}, "a", "fr", players=["a", "b"], status="active")
    for lang in ("en", "fr"):
        alt = board_alt(board, view, lang, None, private=False)
        assert rw.alt_notes(view, lang) and alt.endswith(rw.alt_notes(view, lang)), alt
        assert not rw.alt_notes(view, lang, full=True)      # the full map shrinks the crowd and shows it all
        assert board_alt(board, view, lang, None, private=False, full=True) == alt[:-len(rw.alt_notes(view, lang)) - 1]
