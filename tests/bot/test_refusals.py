"""Clicks the bot must refuse, privately, changing nothing: strangers, the wrong player, stale decisions,
forged or garbled custom ids; and two clicks at once."""
from __future__ import annotations

import copy

from i18n import t
from tests.bot.harness import Harness, Post, snowflake
from tests.bot.helpers import controls_post, new_game, place_both, service, table


def _refused(posts: list[Post], uid: int, key: str, **params) -> bool:
    return [(p.where, p.recipient, p.content) for p in posts] == [("ephemeral", uid, t(key, "en", **params))]


def _forge(h: Harness, post: Post, custom_id: str) -> Post:
    """A copy of `post` whose first component has another custom id (as a crafted client would send)."""
    message = copy.deepcopy(h.world.messages[int(post.message["id"])])
    message["id"] = str(snowflake())
    message["components"][0]["components"][0]["custom_id"] = custom_id
    h.world.messages[int(message["id"])] = message
    return Post(post.where, post.channel_id, message, recipient=post.recipient)


async def test_stranger_wrong_player_and_stale_clicks(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    carol = h.user("carol")
    tb = table(h)
    placement = controls_post(h, alice)
    menu_id = f"lotr:m:{tb.id}:{tb.decision_id}:place"

    posts = await h.click(carol, placement, menu_id, values=["0"])
    assert _refused(posts, carol, "bot.refuse.not_seated")
    assert table(h).seq == 0

    # A click on Alice's placement menu that arrives after both placed (her DM lost that menu when it
    # was refreshed in place, but the click was already on its way): stale.
    stale = h.click_payload(alice, placement, menu_id, values=["0"])
    await place_both(h, alice, bob)
    seq = table(h).seq
    posts = await h.feed(stale)
    assert _refused(posts, alice, "bot.refuse.stale")

    # The player the game does not wait for clicks the mover's controls: not available to them.
    mover = alice if service(h).waiting_for(h.channel_id) == [str(alice)] else bob
    other = bob if mover == alice else alice
    move_post = controls_post(h, mover)
    tb = table(h)
    posts = await h.click(other, move_post, f"lotr:m:{tb.id}:{tb.decision_id}:move",
                          values=[move_post.component(f"lotr:m:{tb.id}:").get("options")[0]["value"]])
    assert _refused(posts, other, "bot.refuse.not_available")
    assert table(h).seq == seq


async def test_forged_and_garbled_ids(harness: Harness):
    h = harness
    alice, _bob = await new_game(h)
    tb = table(h)
    post = controls_post(h, alice)

    for custom_id in ("lotr:b:zz", "lotr:b:1:2", "lotr:m:1:1:PLACE", "lotr:whatever"):
        posts = await h.click(alice, _forge(h, post, custom_id), custom_id)
        assert _refused(posts, alice, "bot.refuse.garbled"), custom_id

    # Well-formed ids naming nothing that exists now.
    cases = {
        f"lotr:b:{tb.id}:{tb.decision_id}:deadbeef00": "bot.refuse.not_available",
        f"lotr:b:{tb.id + 5}:{tb.decision_id}:deadbeef00": "bot.refuse.no_game",
        f"lotr:b:{tb.id}:{tb.decision_id + 7}:deadbeef00": "bot.refuse.stale",
        f"lotr:me:{tb.id + 5}": "bot.refuse.no_game",
    }
    for custom_id, key in cases.items():
        posts = await h.click(alice, _forge(h, post, custom_id), custom_id)
        assert _refused(posts, alice, key), custom_id
    # A menu value that is not one of its options.
    menu_id = f"lotr:m:{tb.id}:{tb.decision_id}:place"
    posts = await h.click(alice, post, menu_id, values=["99"])
    assert _refused(posts, alice, "bot.refuse.not_available")
    posts = await h.click(alice, _forge(h, post, menu_id + ".0.1.2.3.4.5"), menu_id + ".0.1.2.3.4.5", values=["0"])
    assert _refused(posts, alice, "bot.refuse.not_available")
    assert table(h).seq == 0 and table(h).decision_id == tb.decision_id


async def test_two_clicks_at_once_apply_exactly_one(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    mover = alice if service(h).waiting_for(h.channel_id) == [str(alice)] else bob
    tb = table(h)
    post = controls_post(h, mover)
    menu_id = f"lotr:m:{tb.id}:{tb.decision_id}:move"
    piece = post.component(menu_id)["options"][0]["value"]
    posts = await h.click(mover, post, menu_id, values=[piece])
    sub = next(p for p in posts if p.where == "ephemeral")
    sub_id = sub.custom_ids()[0]
    destinations = [o["value"] for o in sub.component(sub_id)["options"]]
    # Two different destinations (or the same one twice), clicked at the same moment.
    picks = (destinations * 2)[:2]
    posts = await h.feed_many([h.click_payload(mover, sub, sub_id, values=[d]) for d in picks])
    assert table(h).seq == tb.seq + 1
    refusals = [p for p in posts if p.where == "ephemeral" and not p.edit]
    # The step clicked shows "✓" (so does the DM it came from, edited by the same answer): one action.
    done = [p for p in posts if p.edit and p.content.startswith("✓") and p.message["id"] == sub.message["id"]]
    assert len(done) == 1 and len(refusals) == 1
    assert refusals[0].content in (t("bot.refuse.stale", "en"), t("table.stale", "en"))


async def test_an_id_absent_from_its_message_is_refused(harness: Harness):
    h = harness
    alice, _bob = await new_game(h)
    tb = table(h)
    post = controls_post(h, alice)
    custom_id = f"lotr:b:{tb.id}:{tb.decision_id}:abcdef0123"  # well-formed, but not in that message
    posts = await h.click(alice, post, custom_id)
    assert _refused(posts, alice, "bot.refuse.garbled")
    assert table(h).seq == 0


async def test_a_refusal_quotes_long_input_clipped_within_discords_limits(harness: Harness):
    """3,000 emoji as the options or the game: the refusal quotes the start of it, and Discord accepts the
    reply (the harness refuses a content over 2,000 characters, and an interaction left unanswered)."""
    h = harness
    alice = h.user("alice")
    dragons = "🐉" * 3000
    for options in ({"game": "confrontation", "options": dragons}, {"game": dragons}):
        posts = await h.slash(alice, "create", **options)
        assert [p.where for p in posts] == ["ephemeral"]
        assert "🐉" * 50 in posts[0].content and len(posts[0].content) < 300
    assert service(h).table(h.channel_id) is None
