"""The Card Game through the real discord.py client: a 2-player game created, joined and started
offline; each hand reaches only its owner (texts and the pictures' labels); rounds played by clicking
the components (Pass included); an action window gives every player a Pass button at once; the
table-talk guard reminds privately and, when set, deletes."""
from __future__ import annotations

import random
from datetime import UTC, datetime

import discord
import pytest
from discord.http import Route

import render.lcg
from bot.client import GameMasterBot
from bot.controls import Button, Menu, controls_for
from bot.settings import Settings
from games import lcg_tabletalk as tabletalk
from i18n import t
from present import lcg as text
from tests.bot.harness import FakeHTTP, Harness, Post, snowflake
from tests.bot.helpers import controls_post, do, service, table


@pytest.fixture
def make_bot(tmp_path, clock, seeds):
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                        default_language="en", reminder_interval=0, draw_processes=0,
                        message_content_intent=True)
    return lambda: GameMasterBot(settings, clock=clock, seeds=seeds)


@pytest.fixture
def drawn(monkeypatch):
    """Every table picture drawn: PNG -> (viewer, labels drawn on it)."""
    out: dict[bytes, tuple[str | None, list[tuple[str, str]]]] = {}
    real = render.lcg.draw_board

    def recording(view, lang="en"):
        png = real(view, lang)
        out[png] = (view.get("you"), render.lcg.table_labels(view, lang))
        return png

    monkeypatch.setattr(render.lcg, "draw_board", recording)
    return out


@pytest.fixture
def deletes(monkeypatch):
    """The fake Discord also accepts message deletions (and records them with every request)."""
    real = FakeHTTP.request

    async def request(self, route: Route, **kwargs):
        if route.method == "DELETE" and route.path == "/channels/{channel_id}/messages/{message_id}":
            self.world.requests.append(("DELETE", route.url.removeprefix(Route.BASE), None))
            return None
        return await real(self, route, **kwargs)

    monkeypatch.setattr(FakeHTTP, "request", request)


async def _start(h: Harness) -> tuple[int, int]:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "create", game="lcg")
    await h.slash(bob, "join")
    posts = await h.slash(alice, "start")
    assert table(h).status == "active" and table(h).game == "lcg"
    start = next(p for p in posts if p.where == "channel")
    assert t("bot_lcg.tabletalk.rule", "en") in start.content  # the rule is explained at the start
    # No controls in the channel: My view, and Follow for anyone else.
    assert start.custom_ids() == [f"lotr:me:{table(h).id}", f"lotr:follow:{table(h).id}"]
    return alice, bob


def _secret_names(h: Harness, player: str) -> set[str]:
    """Names (en/fr, normalised) of the cards only `player` knows right now."""
    svc = service(h)
    secret = tabletalk.secret_names(svc.view(h.channel_id, None), svc.view(h.channel_id, player))
    return {name for names in secret.values() for name in names}


def _names_in(text: str, names: set[str]) -> set[str]:
    words = f" {tabletalk.normalise(text)} "
    return {n for n in names if f" {n} " in words}


def _check_secrets(h: Harness, posts: list[Post], uids: dict[str, int]) -> None:
    """No channel post names a card only one player knows; no DM names the other player's."""
    for player in uids:
        other = next(u for p, u in uids.items() if p != player)
        mine = _secret_names(h, player) - _secret_names(h, str(other))
        for post in posts:
            if post.where == "channel" or (post.where in ("dm", "ephemeral") and post.recipient == other):
                assert not _names_in(post.text(), mine), (post.where, post.text())


async def test_hands_reach_only_their_owner_and_rounds_are_played_by_clicks(harness: Harness, drawn):
    h = harness
    alice, bob = await _start(h)
    uids = {str(alice): alice, str(bob): bob}
    _check_secrets(h, h.posts, uids)
    # The awaited player's hand reached their DM in clear text (name, cost, sphere); the other one
    # sees theirs in the private view (My view, /lotr me), never in the channel.
    first = service(h).waiting_for(h.channel_id)[0]
    for player, uid in uids.items():
        lines = text.hand_lines(service(h).view(h.channel_id, player), "en")
        got = h.dms(uid) if player == first else await h.slash(uid, "me")
        assert lines and got and all(p.where in ("dm", "ephemeral") and p.recipient == uid for p in got)
        assert all(line in "\n".join(p.text() for p in got) for line in lines)
    rng = random.Random(1)
    seen, passes, menus = len(h.posts), 0, 0
    while service(h).view(h.channel_id, None)["round"] < 3 and table(h).status == "active":
        player = rng.choice(service(h).waiting_for(h.channel_id))   # a window waits for both at once
        legal = service(h).legal_actions(h.channel_id, player)
        others = [a for a in legal if a["type"] not in ("pass", "mulligan")]
        want = rng.choice(others) if others and rng.random() < 0.5 else legal[0]
        before = table(h).seq
        _, controls = controls_for(h.client.service, table(h), player)
        several = any(isinstance(c, Menu) and c.then is not None and want in [o.action for o in c.options]
                      for c in controls)
        posts = await do(h, uids[player], lambda a, want=want: a == want)
        # A multi-select takes the pick, then its closing action (Done, Resolve), unless the game went on by
        # itself (the last character able to attack was declared: the attack resolves).
        assert table(h).seq in ((before + 1, before + 2) if several else (before + 1,))
        passes += want["type"] == "pass"
        menus += any(p.where == "ephemeral" for p in posts)
        _check_secrets(h, h.posts[seen:], uids)
        seen = len(h.posts)
    assert passes >= 3 and menus >= 1
    # The channel says who the game waits for, and each awaited player got their controls by DM.
    last = [p for p in h.posts if p.where == "channel"][-1]
    if table(h).status == "active":
        for waiting in service(h).waiting_for(h.channel_id):
            assert f"<@{waiting}>" in last.content
    # Pictures: the channel's never show a hand; a DM's shows exactly its reader's hand.
    with_files = [p for p in h.posts if p.files]
    assert with_files
    for post in with_files:
        viewer, labels = drawn[post.files[0][1]]
        hand_labels = [text for kind, text in labels if kind == "hand"]
        if post.where == "channel":
            assert viewer is None and not hand_labels and post.files[0][0] == "board.png"
        else:
            assert viewer == str(post.recipient) and hand_labels and post.files[0][0] == "my_board.png"


async def test_every_player_gets_a_pass_button_at_an_action_window(harness: Harness):
    """The resource window opens to both players: each gets their controls by DM with a Pass button and
    the channel names both. One passing leaves the other's buttons valid (same decision id); once both
    passed, the game moves on."""
    h = harness
    alice, bob = await _start(h)
    uids = {str(alice): alice, str(bob): bob}
    while service(h).view(h.channel_id, None)["decision"]["kind"] == "mulligan":
        await do(h, uids[service(h).waiting_for(h.channel_id)[0]], lambda a: a["type"] == "keep")
    decision = service(h).view(h.channel_id, None)["decision"]
    assert decision["kind"] == "window" and decision["name"] == "resource"
    waiting = service(h).waiting_for(h.channel_id)
    assert sorted(waiting) == sorted(uids)
    shown = table(h).decision_id
    for player, uid in uids.items():
        _, controls = controls_for(h.client.service, table(h), player)
        pass_button = next(c for c in controls if isinstance(c, Button) and c.action == {"type": "pass"})
        assert f"lotr:b:{table(h).id}:{shown}:{pass_button.key}" in controls_post(h, uid).custom_ids()
    last = [p for p in h.posts if p.where == "channel"][-1]
    assert f"<@{alice}>" in last.content and f"<@{bob}>" in last.content
    first, second = waiting
    await do(h, uids[second], lambda a: a["type"] == "pass")   # not the first player: no order inside
    assert table(h).decision_id == shown and service(h).waiting_for(h.channel_id) == [first]
    assert service(h).legal_actions(h.channel_id, second) == []
    posts = await do(h, uids[first], lambda a: a["type"] == "pass")   # the button DMed at the opening
    assert posts and service(h).view(h.channel_id, None)["phase"] == "planning"
    assert table(h).decision_id != shown


async def test_the_live_board_is_edited_in_place_while_nobody_new_must_be_pinged(harness: Harness):
    """One live board per game: a click edits that message (its picture replaced), also when it hands
    the game to someone else: they are pinged by their new DM, not by a new channel message."""
    h = harness
    alice, bob = await _start(h)
    uids = {str(alice): alice, str(bob): bob}
    waiting = service(h).waiting_for(h.channel_id)
    assert len(waiting) == 1
    first = h.public()[-1]
    posts = await do(h, uids[waiting[0]], lambda a: a["type"] == "keep")   # the other must now decide
    new = [p for p in posts if p.where == "channel"]
    assert len(new) == 1 and new[0].edit and new[0].message["id"] == first.message["id"]
    other = next(u for u in uids if u != waiting[0])
    assert [p for p in posts if p.where == "dm" and p.recipient == uids[other] and not p.edit]
    while service(h).view(h.channel_id, None)["decision"]["kind"] == "mulligan":
        await do(h, uids[service(h).waiting_for(h.channel_id)[0]], lambda a: a["type"] == "keep")
    live = h.public()[-1]
    assert sorted(service(h).waiting_for(h.channel_id)) == sorted(uids)   # the window pings both
    assert all(f"<@{u}>" in live.content for u in uids)
    posts = await do(h, uids[service(h).waiting_for(h.channel_id)[1]], lambda a: a["type"] == "pass")
    edited = [p for p in posts if p.where == "channel"]
    assert len(edited) == 1 and edited[0].edit and edited[0].message["id"] == live.message["id"]
    assert edited[0].files and h.world.messages[int(live.message["id"])]["attachments"][0]["filename"] == "board.png"


def _message(h: Harness, uid: int, content: str) -> dict:
    user = h.world.users[uid]
    return {"id": str(snowflake()), "channel_id": str(h.channel_id), "guild_id": str(h.guild_id),
            "author": user, "member": {"roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False,
                                       "mute": False, "flags": 0},
            "content": content, "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0}


async def _say(h: Harness, uid: int, content: str) -> tuple[list[Post], list[tuple]]:
    posts, requests = len(h.world.posts), len(h.world.requests)
    h.client._connection.parse_message_create(_message(h, uid, content))
    await h.settle()
    return h.world.posts[posts:], h.world.requests[requests:]


async def test_table_talk_guard_reminds_then_deletes(harness: Harness, deletes):
    h = harness
    alice, bob = await _start(h)
    svc = service(h)
    secret = tabletalk.secret_names(svc.view(h.channel_id, None), svc.view(h.channel_id, str(alice)))
    card = min(secret)
    names = sorted(secret[card])
    mine_only = names[0]

    # Naming a card of one's own hand (in capitals, French or English): a private reminder only.
    posts, requests = await _say(h, alice, f"I could use {mine_only.upper()} next round")
    assert [p.where for p in posts] == ["dm"] and posts[0].recipient == alice
    assert "reminder" in posts[0].content.lower()
    assert not any(method == "DELETE" for method, *_ in requests)
    # Talk that names nothing secret, a card in another's hand, or only part of a name: nothing.
    theirs = {n for names in tabletalk.secret_names(svc.view(h.channel_id, None),
                                                    svc.view(h.channel_id, str(bob))).values() for n in names}
    not_mine = sorted(theirs - {n for names in secret.values() for n in names})
    for innocent in ("Let's engage the spider and quest hard", "ok", mine_only.split()[0] + "xyz", *not_mine[:1]):
        posts, _ = await _say(h, alice, innocent)
        assert posts == []
    posts, _ = await _say(h, h.user("carol"), mine_only)  # not seated: not our business
    assert posts == []

    # The server turns deletion on: the message is deleted and its author told privately why.
    manage = discord.Permissions(manage_guild=True).value
    posts = await h.slash(alice, "settings", group="lotr-admin", perms=manage, game_setting="lcg.delete_table_talk", value="on")
    assert (await svc.guild_settings(h.guild_id)).games == {"lcg": {"delete_table_talk": "on"}}
    assert t("bot.settings.game_line", "en", game=t("bot.game.lcg", "en"),
             setting=t("bot_lcg.settings.delete_table_talk", "en"), value=t("bot.settings.on", "en")) in posts[0].content
    posts, requests = await _say(h, alice, f"je joue {names[-1]} !")
    deleted = [r for r in requests if r[0] == "DELETE"]
    assert len(deleted) == 1 and deleted[0][1].startswith(f"/channels/{h.channel_id}/messages/")
    assert [p.where for p in posts] == ["dm"] and posts[0].recipient == alice and "removed" in posts[0].content
    assert not [p for p in posts if p.where == "channel"]


async def test_a_player_pastes_a_deck_list_in_the_lobby(harness: Harness):
    from tests.platform.test_console_lcg import DECK_LIST
    h = harness
    alice, bob = h.user("alice"), h.user("bob")
    lobby = next(p for p in await h.slash(alice, "create", game="lcg") if p.where == "channel")
    await h.slash(bob, "join")
    button = f"lotr:form:{table(h).id}:lcg"
    assert button in lobby.custom_ids()
    # A list with lines nobody can read: refused privately, naming them, in the player's language.
    modal = next(p for p in await h.click(bob, lobby, button, locale="fr") if p.where == "modal")
    assert modal.message["title"] == t("bot_lcg.deck_form.title", "fr")
    got = await h.submit(bob, modal, {"text": "Aragorn\n3x Gandalf\n2x Palantir\n"}, locale="fr")
    said = "\n".join(p.text() for p in got if p.where == "ephemeral" and p.recipient == bob)
    assert "La ligne 3" in said and "2x Palantir" in said and "decks" not in table(h).options
    # A legal list, French and English mixed: Bob's deck is in the lobby's options, the channel is told.
    modal = next(p for p in await h.click(bob, lobby, button) if p.where == "modal")
    got = await h.submit(bob, modal, {"text": DECK_LIST.replace("Guard of the Citadel", "Garde de la Citadelle")})
    assert any("Your deck is in: Aragorn, Glóin, Théodred and 51 cards" in p.text() for p in got
               if p.where == "ephemeral" and p.recipient == bob)
    assert any(f"<@{bob}> brings their own deck" in p.text() for p in got if p.where == "channel")
    assert len(table(h).options["decks"][str(bob)]["cards"]) == 51
    # Alice cannot fill in Bob's form; a stranger is refused by the lobby.
    with pytest.raises(AssertionError):
        await h.submit(alice, modal, {"text": DECK_LIST})
    carol = h.user("carol")
    modal = next(p for p in await h.click(carol, lobby, button) if p.where == "modal")
    got = await h.submit(carol, modal, {"text": DECK_LIST})
    assert any(t("table.not_in_game", "en") in p.text() for p in got if p.recipient == carol)
    # Discord's form takes at most 4,000 characters.
    modal = next(p for p in await h.click(bob, lobby, button) if p.where == "modal")
    assert modal.message["components"][0]["components"][0]["max_length"] == 4000
    with pytest.raises(AssertionError):
        await h.submit(bob, modal, {"text": "3x Gandalf\n" * 400})
    await h.slash(alice, "start")
    state = table(h).state
    assert sorted(state["ids"][u] for u in state["players"][str(bob)]["heroes"]) == ["aragorn", "gloin", "theodred"]
    assert state["players"][str(alice)]["heroes"]  # Alice plays a starter deck that shares no hero


async def test_lotr_create_offers_the_campaign(harness: Harness):
    from engine.lcg.setup import SCENARIOS
    h = harness
    alice = h.user("alice")
    posts = await h.slash(alice, "create", game="lcg", options="campaign_nightmare")
    assert any("Nightmare campaign" in p.text() for p in posts if p.where == "channel")
    assert table(h).options["campaign"] == "nightmare"
    assert table(h).options.get("scenarios", list(SCENARIOS)) == list(SCENARIOS)  # every scenario played
    await h.slash(alice, "start")
    view = service(h).view(h.channel_id, None)
    assert view["campaign"]["level"] == "nightmare" and view["options"]["scenario"] == "passage_through_mirkwood"
