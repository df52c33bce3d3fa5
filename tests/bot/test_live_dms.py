"""Live boards. Private boards in DMs are live like the channel's board: a player the game does not
wait for sees their last DM edited in place (their new board, no controls, no ping); a new DM comes
only when they must act; a board or view they already have is not sent again, in a DM or the channel."""
from __future__ import annotations

import asyncio

from bot.drawing import digest
from tests.bot.harness import Harness, Post
from tests.bot.helpers import controls_post, do, new_game, place_both, service, table


def new_dms(posts: list[Post], uid: int) -> list[Post]:
    return [p for p in posts if p.where == "dm" and p.recipient == uid and not p.edit]


def dm_edits(posts: list[Post], uid: int) -> list[Post]:
    return [p for p in posts if p.where == "dm" and p.recipient == uid and p.edit]


async def _placed(h: Harness) -> tuple[int, int]:
    """A Confrontation with both sides placed: (the player who moves first, the other)."""
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    (first,) = service(h).waiting_for(h.channel_id)
    return (alice, bob) if first == str(alice) else (bob, alice)


async def test_the_player_who_acted_sees_their_dm_board_edited_not_a_new_dm(harness: Harness):
    h = harness
    alice, bob = await _placed(h)
    live = h.client.delivery.live.dms[(table(h).id, str(alice))]
    posts = await do(h, alice, lambda a: a["type"] == "move")
    assert service(h).waiting_for(h.channel_id) == [str(bob)]
    assert new_dms(posts, alice) == []
    edits = [p for p in dm_edits(posts, alice) if p.files]
    assert len(edits) == 1 and int(edits[0].message["id"]) == live.message_id
    # No controls left on it: only "Read my cards" and "Take back" (that move showed nothing hidden).
    take_back = [f"lotr:cards:{table(h).id}", f"lotr:undo:{table(h).id}:{table(h).seq}"]
    assert edits[0].files[0][0] == "my_board.png" and edits[0].custom_ids() == take_back
    shown = h.world.messages[live.message_id]
    assert Post("dm", 0, shown).custom_ids() == take_back and shown["attachments"][0]["filename"] == "my_board.png"
    # Bob must act now: a new DM (a ping), carrying his controls.
    (dm,) = new_dms(posts, bob)
    assert dm.custom_ids() and dm.files


async def test_each_player_has_one_live_dm_over_a_few_turns(harness: Harness):
    h = harness
    alice, bob = await _placed(h)
    uids = {str(alice): alice, str(bob): bob}
    for _ in range(4):
        mover = uids[service(h).waiting_for(h.channel_id)[0]]
        idle = bob if mover == alice else alice
        before = h.client.delivery.live.dms[(table(h).id, str(idle))].message_id
        posts = await do(h, mover, lambda a: a["type"] == "move")
        if table(h).status != "active" or service(h).waiting_for(h.channel_id) != [str(idle)]:
            break  # a combat or the end: both may be awaited
        # The one now awaited gets one new DM; the mover's live DM is edited, never a new DM.
        assert len(new_dms(posts, idle)) == 1 and new_dms(posts, mover) == []
        mover_live = h.client.delivery.live.dms[(table(h).id, str(mover))].message_id
        assert all(int(p.message["id"]) == mover_live for p in dm_edits(posts, mover))
        assert h.client.delivery.live.dms[(table(h).id, str(idle))].message_id != before


async def test_a_dm_board_already_showing_the_view_is_not_edited_again(harness: Harness):
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    requests = len(h.world.requests)
    await h.client.delivery.refresh_private(table(h), str(alice))
    assert h.world.requests[requests:] == []  # nothing drawn, nothing sent: she sees this view already


async def test_a_new_dm_with_the_board_the_player_already_has_carries_no_picture(harness: Harness):
    h = harness
    alice, bob = await _placed(h)
    play = h.client.delivery
    assert await play.send_private(table(h), str(alice))
    assert await play.send_private(table(h), str(alice))
    first, second = new_dms(h.posts, alice)[-2:]
    assert second.custom_ids() and not second.files
    assert first.files or play.live.dms[(table(h).id, str(alice))].seen is not None


async def test_a_deleted_dm_board_is_forgotten_and_no_new_dm_replaces_it(harness: Harness):
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play = h.client.delivery
    live = play.live.dms[(table(h).id, str(alice))]
    del h.world.messages[live.message_id]  # the player deleted it: Discord answers an edit with 404
    live.view = "older"  # as if the game had moved on since
    posts = len(h.posts)
    await play.refresh_private(table(h), str(alice))
    assert h.posts[posts:] == [] and (table(h).id, str(alice)) not in play.live.dms


async def test_after_a_restart_a_player_with_nothing_to_do_gets_no_new_dm(harness: Harness, make_bot):
    """Live DMs are this process's memory: after a restart the idle player's old DM stays as it was and
    no new DM pings them; they get one when they must act."""
    h = harness
    alice, bob = await _placed(h)
    await h.restart(make_bot)
    await service(h).serve(h.channel_id)  # the table is read on first use
    posts = await do(h, alice, lambda a: a["type"] == "move")
    assert new_dms(posts, alice) == [] and len(new_dms(posts, bob)) == 1


async def test_refreshes_asked_while_one_runs_become_one_more(harness: Harness, monkeypatch):
    """Under load a player's board is not redrawn once per action: asks that come while a refresh runs
    are served by a single further refresh, from the latest view."""
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play, svc = h.client.delivery, service(h)
    play.live.dms[(table(h).id, str(alice))].view = "older"  # as if the game had moved on since
    looked = []
    real_view = svc.view
    monkeypatch.setattr(svc, "view", lambda channel, viewer: looked.append(viewer) or real_view(channel, viewer))
    posts = len(h.posts)
    await asyncio.gather(*(play.refresh_private(table(h), str(alice)) for _ in range(3)))
    assert looked == [str(alice)] * 2  # the first ask, then one for the two asked meanwhile
    assert len(dm_edits(h.posts[posts:], alice)) == 1  # the second found the view already shown


async def test_an_unchanged_public_board_is_edited_without_sending_its_picture_again(harness: Harness):
    h = harness
    await new_game(h)
    live = h.public()[-1]
    assert live.files
    posts = len(h.posts)
    await h.client.delivery.post_public(table(h), [])  # the table shown again, nothing changed
    (edit,) = [p for p in h.posts[posts:] if p.where == "channel"]
    assert edit.edit and edit.message["id"] == live.message["id"] and not edit.files
    assert h.world.messages[int(live.message["id"])]["attachments"][0]["filename"] == "board.png"


async def _held_first_drawing(play, monkeypatch) -> tuple[asyncio.Event, list]:
    """The next board drawing waits for the returned event (as it would behind urgent boards)."""
    gate, asked = asyncio.Event(), []
    real = play.boards.png

    async def png(*args, **kwargs):
        asked.append(args)
        if len(asked) == 1:
            await gate.wait()
        return await real(*args, **kwargs)

    monkeypatch.setattr(play.boards, "png", png)
    return gate, asked


async def test_an_idle_board_drawn_while_a_newer_one_is_asked_is_not_sent_before_it(harness: Harness,
                                                                                     monkeypatch):
    """An idle player's refresh waits behind the urgent boards; if the game moved on meanwhile, only the
    newer board is sent: never an older one after it, nor both."""
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play, svc = h.client.delivery, service(h)
    live = play.live.dms[(table(h).id, str(alice))]
    live.view = "older"  # as if the game had moved on since
    views = []
    real_view = svc.view

    def view(channel, viewer):  # each look finds a newer view
        views.append({**real_view(channel, viewer), "look": len(views)})
        return views[-1]

    monkeypatch.setattr(svc, "view", view)
    gate, asked = await _held_first_drawing(play, monkeypatch)
    posts = len(h.posts)
    first = asyncio.create_task(play.refresh_private(table(h), str(alice)))
    while not asked:
        await asyncio.sleep(0)
    await play.refresh_private(table(h), str(alice))  # a newer ask while the first board waits
    gate.set()
    await first
    (edit,) = dm_edits(h.posts[posts:], alice)
    assert int(edit.message["id"]) == live.message_id
    assert len(views) == 2 and live.view == digest(views[-1])  # the newer view is the one shown


async def test_an_idle_board_drawn_after_the_player_got_a_new_dm_does_not_edit_the_old_one(harness: Harness,
                                                                                         monkeypatch):
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play = h.client.delivery
    old = play.live.dms[(table(h).id, str(alice))]
    old.view = "older"
    gate, asked = await _held_first_drawing(play, monkeypatch)
    posts = len(h.posts)
    refresh = asyncio.create_task(play.refresh_private(table(h), str(alice)))
    while not asked:
        await asyncio.sleep(0)
    assert await play.send_private(table(h), str(alice))  # meanwhile she gets a new DM (her live one now)
    gate.set()
    await refresh
    assert dm_edits(h.posts[posts:], alice) == [] and len(new_dms(h.posts[posts:], alice)) == 1
    assert play.live.dms[(table(h).id, str(alice))] is not old


async def test_a_refresh_asked_while_idle_never_edits_away_the_controls_the_player_now_has(harness: Harness,
                                                                                         monkeypatch):
    """Under load an idle player's refresh waits long behind the urgent boards, and refreshes asked
    meanwhile run after it. When the game waits for that player again by then, their live DM is the new
    one carrying their controls: a refresh (which has no controls) must leave it alone, or the player
    could not act (what the 500-table load bench found)."""
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play, svc = h.client.delivery, service(h)
    play.live.dms[(table(h).id, str(alice))].view = "older"  # as if the game had moved on since
    gate, asked = await _held_first_drawing(play, monkeypatch)
    refresh = asyncio.create_task(play.refresh_private(table(h), str(alice)))
    while not asked:
        await asyncio.sleep(0)
    await play.refresh_private(table(h), str(alice))  # asked again meanwhile: one more round after it
    move = next(a for a in svc.legal_actions(h.channel_id, str(bob)) if a["type"] == "move")
    await svc.act(h.channel_id, str(bob), move)  # Bob moves: the game now waits for Alice,
    assert svc.waiting_for(h.channel_id) == [str(alice)]
    assert await play.send_private(table(h), str(alice))  # who gets her controls by a new DM
    controls = controls_post(h, alice)
    real_view = svc.view
    monkeypatch.setattr(svc, "view", lambda channel, viewer: {**real_view(channel, viewer), "later": True})
    posts = len(h.posts)
    gate.set()
    await refresh
    assert dm_edits(h.posts[posts:], alice) == []
    assert controls_post(h, alice).message["id"] == controls.message["id"]


async def test_an_idle_players_dm_is_refreshed_through_their_click_while_it_may_edit(harness: Harness):
    """The message a player clicked may be edited by that click's interaction for 15 minutes, outside
    Discord's global limit; past that the refresh is a plain edit (one request)."""
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")
    play = h.client.delivery
    live = play.live.dms[(table(h).id, str(alice))]
    for late in (False, True):
        if late:
            h.pause(15 * 60)
        live.view = "older"  # as if the game had moved on since
        sent, posts = dict(h.world.sent), len(h.posts)
        await play.refresh_private(table(h), str(alice))
        (edit,) = dm_edits(h.posts[posts:], alice)
        assert int(edit.message["id"]) == live.message_id
        assert h.world.sent["dm_edit"] - sent.get("dm_edit", 0) == (1 if late else 0)


async def test_a_dm_sent_as_a_followup_comes_anew_once_no_interaction_may_edit_it(harness: Harness):
    """A player's turn DM goes as a followup of their latest click in their DM (outside the global limit);
    Discord documents no way to edit such a message but its interaction's token, for 15 minutes. Later,
    their refreshed board comes as a new plain DM, edited in place from then on."""
    h = harness
    alice, bob = await _placed(h)
    await do(h, alice, lambda a: a["type"] == "move")  # Bob's turn: his DM, a followup of his last click
    play, key = h.client.delivery, (table(h).id, str(bob))
    assert play.live.dms[key].followup
    await do(h, bob, lambda a: a["type"] == "move")  # he clicks it: that message, edited, is his live DM
    live = play.live.dms[key]
    assert live.followup and live.original and str(bob) not in service(h).waiting_for(h.channel_id)
    h.pause(15 * 60)  # no interaction may edit it now
    followup, start = live.message_id, len(h.posts)
    for anew in (True, False):
        live.view = "older"  # as if the game had moved on since
        posts, sent = len(h.posts), dict(h.world.sent)
        await play.refresh_private(table(h), str(bob))
        assert play.live.dms[key] is live and live.message_id != followup
        if anew:
            (dm,) = new_dms(h.posts[posts:], bob)
            assert int(dm.message["id"]) == live.message_id and not live.followup and live.editor is None
            assert h.world.sent["dm_post"] - sent.get("dm_post", 0) == 1
        else:
            (edit,) = dm_edits(h.posts[posts:], bob)
            assert int(edit.message["id"]) == live.message_id
            assert h.world.sent["dm_edit"] - sent.get("dm_edit", 0) == 1
    assert not [p for p in h.posts[start:] if int(p.message["id"]) == followup]  # left as it was
