"""The bot inside Discord's rate limits in normal play: per action, at most one request on the game's
channel and one new DM per player the game newly waits for (the clicker's own DM is the answer to their
click); per War of the Ring game turn, at most one new channel message apart from pings. Any 429 fails
the test (Harness.close)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import games
import render.wotr
from bot.controls import Button, controls_for
from bot.drawing import digest
from tests.bot.harness import Harness, Post
from tests.bot.helpers import controls_post, do, new_game, place_both, service, table
from tests.bot.test_wotr import PNG, _random_click, _start


def _requests(h: Harness, before: Counter) -> Counter:
    return Counter({k: v - before.get(k, 0) for k, v in h.world.sent.items()})


def _is_ping(post: Post) -> bool:
    return not post.message.get("embeds") and not post.files


async def test_a_confrontation_action_costs_one_channel_edit_and_a_dm_per_new_player(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    uids = {str(alice): alice, str(bob): bob}
    for _ in range(6):
        if table(h).status != "active":
            break
        before_waiting = set(service(h).waiting_for(h.channel_id))
        mover = uids[sorted(before_waiting)[0]]
        sent = Counter(h.world.sent)
        await do(h, mover, lambda a: a["type"] == "move")
        spent = _requests(h, sent)
        newly = set(service(h).waiting_for(h.channel_id)) - {str(mover)}
        assert spent["channel_post"] + spent["channel_edit"] <= 1, spent
        assert spent["dm_post"] <= len(newly) and spent["dm_edit"] == 0, spent
        assert spent["429"] == 0


async def test_a_war_of_the_ring_turn_posts_at_most_one_channel_message_but_pings(harness: Harness, monkeypatch):
    """A bot-free 2-player game by random clicks (seeded) over its first game turns: one live map edited
    in place, the players pinged by their DMs; the figures per game turn are in docs/wotr.md."""
    monkeypatch.setattr(render.wotr, "draw_board", lambda view, lang: PNG + str(view.get("you")).encode())
    h = harness
    alice, bob = await _start(h)
    rng = random.Random(7)
    start = len(h.posts)
    sent = Counter(h.world.sent)
    while table(h).status == "active" and table(h).state["turn"] < 3:
        await _random_click(h, int(service(h).waiting_for(h.channel_id)[0]), rng)
    turns = 2 if table(h).status == "active" else table(h).state["turn"]
    posts = [p for p in h.posts[start:] if p.where == "channel"]
    new_messages = [p for p in posts if not p.edit and not _is_ping(p)]
    assert len(new_messages) <= turns, [p.content for p in new_messages]
    spent = _requests(h, sent)
    assert spent["429"] == 0 and spent["channel_edit"] > 0


async def test_a_new_decisions_dm_is_a_followup_of_the_players_latest_click_while_that_may_post(harness: Harness):
    """The DM that tells a player it is their turn is a new message in their DM (it notifies them); sent
    as a followup of their latest click there, it is outside the global limit. Discord lets an
    interaction post for 15 minutes (the harness refuses later ones): past that it is a plain DM."""
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)  # both have clicked in their DMs
    uids = {str(alice): alice, str(bob): bob}
    for late in (False, True):
        (mover,) = service(h).waiting_for(h.channel_id)
        (other,) = set(uids) - {mover}
        if late:
            h.pause(15 * 60)  # the other player's latest click is now too old to post
        sent, start = Counter(h.world.sent), len(h.posts)
        await do(h, uids[mover], lambda a: a["type"] == "move")
        assert service(h).waiting_for(h.channel_id) == [other]
        spent = _requests(h, sent)
        pinged = [p for p in h.posts[start:] if p.where == "dm" and p.recipient == uids[other] and not p.edit]
        assert len(pinged) == 1 and pinged[0].custom_ids()  # a new message, with their controls
        assert spent["dm_post"] == (1 if late else 0) and spent["channel_edit"] == 1, spent


async def _random_action(h: Harness, uid: int, rng: random.Random) -> None:
    """One action of `uid` by random clicks through their current controls (menus step by step)."""
    t = table(h)
    _, controls = controls_for(h.client.service, t, str(uid))
    post = controls_post(h, uid)
    control = rng.choice(controls)
    if isinstance(control, Button):
        await h.click(uid, post, f"lotr:b:{t.id}:{t.decision_id}:{control.key}")
        return
    custom_id, menu = f"lotr:m:{t.id}:{t.decision_id}:{control.key}", control
    while True:
        option = rng.choice(menu.options)
        posts = await h.click(uid, post, custom_id, values=[option.key])
        steps = [p for p in posts if p.where == "ephemeral" and p.custom_ids()]
        if option.action is not None or not steps:
            return
        post, custom_id, menu = steps[0], steps[0].custom_ids()[0], option.submenu()


@pytest.mark.parametrize("game, players", [("lcg", 4), ("fellowship", 3)])
async def test_once_every_player_has_clicked_an_action_costs_one_channel_request_and_no_dm_request(
        harness: Harness, monkeypatch, game: str, players: int):
    """Games where several players are awaited at once (the Card Game) or in turn: once each player has
    clicked in their DM, their new DMs and refreshes go through their clicks' interactions, and an action
    costs the global limit at most one request, the live board's edit."""
    for declared in games.declared():
        if declared.board is not None:  # the count does not depend on the pictures
            monkeypatch.setattr(declared.board(), "draw_board", lambda view, lang: PNG + digest(view).encode())
    h = harness
    uids = [h.user(f"player{i}") for i in range(players)]
    await h.slash(uids[0], "create", game=game)
    for uid in uids[1:]:
        await h.slash(uid, "join")
    await h.slash(uids[0], "start")
    rng, actions = random.Random(5), 0
    clicked: set[int] = set()
    sent: Counter[str] = Counter()
    while actions < 40 and table(h).status == "active":
        mover = int(service(h).waiting_for(h.channel_id)[0])
        before, seq = Counter(h.world.sent), table(h).seq
        await _random_action(h, mover, rng)
        if clicked == set(uids):
            sent += _requests(h, before)
            actions += table(h).seq - seq
        clicked.add(mover)
    assert actions >= 20
    assert sent["dm_post"] + sent["dm_edit"] + sent["other"] == 0, sent
    assert sent["channel_edit"] + sent["channel_post"] <= actions and sent["429"] == 0, sent
