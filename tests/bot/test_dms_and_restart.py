"""Closed DMs (told plainly, then "My view" instead) and components that survive a restart."""
from __future__ import annotations

from i18n import t
from tests.bot.harness import Harness
from tests.bot.helpers import controls_post, do, new_game, service, table


async def test_closed_dms_are_told_and_my_view_works(harness: Harness):
    h = harness
    alice, bob = h.user("alice"), h.user("bob")
    h.world.closed_dms.add(bob)
    await h.slash(alice, "create", game="confrontation")
    posts = await h.slash(bob, "join")
    assert not h.dms(bob)
    told = [p for p in posts if p.where == "ephemeral" and p.recipient == bob]
    assert [p.content for p in told] == [t("bot.dm.closed", "en")]

    posts = await h.slash(alice, "start", side="fellowship")
    channel = next(p for p in posts if p.where == "channel")
    assert f"<@{bob}>" in channel.content and "My view" in channel.content  # the channel says so too
    assert h.dms(alice) and not h.dms(bob)

    # Bob uses the "My view" button: his own board and his controls, only for him.
    posts = await h.click(bob, channel, f"lotr:me:{table(h).id}")
    mine = [p for p in posts if p.where == "ephemeral"]
    assert mine and all(p.recipient == bob for p in mine)
    assert mine[0].files[0][0] == "my_board.png"
    assert controls_post(h, bob).where == "ephemeral"
    seq = table(h).seq
    await do(h, bob, lambda a: a["type"] == "place")
    assert table(h).seq == seq + 1
    assert service(h).view(h.channel_id, str(bob))["setup_done"]["sauron"]

    # A stranger pressing "My view" learns nothing.
    carol = h.user("carol")
    posts = await h.click(carol, channel, f"lotr:me:{table(h).id}")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("bot.refuse.not_seated", "en"))]


async def test_old_buttons_work_after_a_restart(harness: Harness, make_bot):
    h = harness
    alice, bob = await new_game(h)
    before = table(h)
    placement = controls_post(h, alice)
    channel = next(p for p in reversed(h.public()) if p.custom_ids())
    await h.restart(make_bot)  # a new client and a new service on the same database
    restored = await h.client.service.serve(h.channel_id)  # tables are read on first use
    assert (restored.id, restored.decision_id) == (before.id, before.decision_id)

    posts = await do(h, alice, lambda a: a["type"] == "place")
    assert table(h).seq == 1 and any(p.edit and p.content.startswith("✓") for p in posts)
    # The old "My view" button of the channel post too.
    posts = await h.click(bob, channel, f"lotr:me:{before.id}")
    assert any(p.where == "ephemeral" and p.files for p in posts)
    # Clicking that placement message again changes nothing: Alice has placed already.
    posts = await h.click(alice, placement, f"lotr:m:{before.id}:{before.decision_id}:place", values=["0"])
    # (Refused as stale, or as not in the message: the answer to her click edited it, controls gone.)
    assert [p.content for p in posts] in ([t("bot.refuse.stale", "en")], [t("bot.refuse.not_available", "en")],
                                          [t("bot.refuse.garbled", "en")])
    assert table(h).seq == 1


async def test_after_a_restart_the_next_action_edits_the_same_live_board(harness: Harness, make_bot):
    h = harness
    alice, bob = await new_game(h)
    assert sorted(service(h).waiting_for(h.channel_id)) == sorted([str(alice), str(bob)])  # both place
    live = next(p for p in reversed(h.public()) if p.where == "channel")
    await h.restart(make_bot)  # a new client, a new service, nothing in memory
    await service(h).serve(h.channel_id)  # the table is read on first use

    posts = await do(h, alice, lambda a: a["type"] == "place")  # still waiting for Bob, already pinged
    channel = [p for p in posts if p.where == "channel"]
    assert len(channel) == 1 and channel[0].edit and channel[0].message["id"] == live.message["id"]
