"""Undo with consent, by clicks: the player who just made a move that showed nothing hidden may ask to
take it back; the other person at the table accepts or refuses in the channel; a bot game takes it back
at once."""
from __future__ import annotations

from i18n import t
from tests.bot.harness import Harness, Post
from tests.bot.helpers import do, new_game, service, table


def _take_back_button(posts: list[Post], uid: int) -> tuple[Post, str]:
    post = next(p for p in posts if p.recipient == uid and any(i.startswith("lotr:undo:") for i in p.custom_ids()))
    return post, next(i for i in post.custom_ids() if i.startswith("lotr:undo:"))


async def test_a_placement_taken_back_with_the_other_players_consent(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    before = service(h).view(h.channel_id, str(alice))
    posts = await do(h, alice, lambda a: a["type"] == "place")
    assert service(h).view(h.channel_id, str(alice)) != before
    post, button = _take_back_button(posts, alice)
    posts = await h.click(alice, post, button)
    request = next(p for p in posts if p.where == "channel")
    assert request.content == t("bot_table.undo.asked", "en", player=f"<@{alice}>", players=f"<@{bob}>")
    yes = next(i for i in request.custom_ids() if i.endswith(":y"))
    posts = await h.click(alice, request, yes)          # the asker does not vote
    assert posts[-1].content == t("bot_table.undo.not_yours_to_decide", "en")
    posts = await h.click(bob, request, yes)
    assert service(h).view(h.channel_id, str(alice)) == before
    done = t("bot_table.undo.event", "en", player=f"<@{alice}>")
    assert any(p.edit and p.content == done and not p.custom_ids() for p in posts)   # the request, closed
    assert any(p.where == "channel" and done in p.text() for p in posts)             # the table's news
    # Alice's controls for the placement are back with her, and the game goes on.
    await do(h, alice, lambda a: a["type"] == "place")


async def test_a_refusal_keeps_the_move_and_french_reads_french(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    posts = await do(h, alice, lambda a: a["type"] == "place")
    after = service(h).view(h.channel_id, str(alice))
    post, button = _take_back_button(posts, alice)
    posts = await h.click(alice, post, button, locale="fr")
    assert posts[-1].content == t("bot_table.undo.sent", "fr")
    request = next(p for p in posts if p.where == "channel")
    no = next(i for i in request.custom_ids() if i.endswith(":n"))
    posts = await h.click(bob, request, no, locale="fr")
    assert posts[-1].content == t("bot_table.undo.refused", "en", player=f"<@{bob}>")   # the table's language
    assert service(h).view(h.channel_id, str(alice)) == after


async def test_no_take_back_once_the_game_has_moved_on(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    posts = await do(h, alice, lambda a: a["type"] == "place")
    post, button = _take_back_button(posts, alice)
    await do(h, bob, lambda a: a["type"] == "place")    # bob plays meanwhile
    seq = table(h).seq
    posts = await h.click(alice, post, button)
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("bot_table.undo.too_late", "en"))]
    assert table(h).seq == seq


async def test_alone_with_a_bot_a_move_and_the_bots_reply_are_taken_back_at_once(harness: Harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    await h.slash(alice, "start", side="fellowship")
    await do(h, alice, lambda a: a["type"] == "place")   # the game's start draws at random: no take back
    for _ in range(20):   # alice moves until a move of hers, and the bot's reply, show nothing hidden
        await h.settle()
        before = service(h).view(h.channel_id, str(alice))
        moves = [a for a in service(h).legal_actions(h.channel_id, str(alice)) if a["type"] == "move"]
        posts = await do(h, alice, (lambda a, moves=moves: a == moves[0]) if moves else (lambda a: True))  # else a fight's card
        await h.settle()
        if service(h).undoable(h.channel_id, str(alice)) is not None:
            break
    post, button = _take_back_button(posts, alice)
    moves = await service(h).store.actions(table(h).id)
    assert [r.player for r in moves][-2:] == [str(alice), "bot-easy-1"]   # the bot has replied
    posts = await h.click(alice, post, button)
    assert not any(i.startswith("lotr:undov:") for p in posts for i in p.custom_ids())   # nobody is asked
    assert service(h).view(h.channel_id, str(alice)) == before
    assert t("bot_table.undo.event", "en", player=f"<@{alice}>") in "\n".join(p.text() for p in posts)


async def test_asking_again_posts_nothing_more_and_keeps_the_votes(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    posts = await do(h, alice, lambda a: a["type"] == "place")
    post, button = _take_back_button(posts, alice)
    asked = []
    for _ in range(5):                                   # five clicks on "Take back"
        posts = await h.click(alice, post, button)
        asked += [p for p in posts if p.where == "channel"]
        assert posts[-1].content == t("bot_table.undo.sent", "en")
    assert len(asked) == 1                               # the channel is asked once
    assert table(h).undo_request == {"asker": str(alice), "seq": table(h).seq, "votes": [str(alice)]}
