"""A Confrontation through the real discord.py client: lobby, placement, moves, a combat with secret
cards, and no hidden identity in any channel message along the way."""
from __future__ import annotations

import pytest

from i18n import t
from present import confrontation as text
from tests.bot.harness import Harness
from tests.bot.helpers import controls_post, do, hidden_names, leaks, new_game, place_both, service, table

PNG = b"\x89PNG\r\n\x1a\n"


async def test_create_join_start(harness: Harness):
    h = harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    posts = await h.slash(alice, "create", game="confrontation", options="variant-none")
    lobby = next(p for p in posts if p.where == "channel")
    assert "opened a table (Variant)" in lobby.content and "Lobby: 1 seated" in lobby.text()
    assert [p.where for p in posts if p.recipient == alice and p.where == "dm"]  # the DM test went through
    assert table(h).options["mode"] == "variant"

    # One game per channel: a clear refusal, only for the one who asked, and nothing changes.
    posts = await h.slash(carol, "create", game="confrontation")
    assert [p.where for p in posts] == ["ephemeral"]
    assert posts[0].content == t("table.already_active", "en", game="confrontation")
    assert table(h).players == [str(alice)]

    # Unknown options typed by hand: refused.
    await h.slash(alice, "leave")
    assert table(h).status == "abandoned"
    posts = await h.slash(alice, "create", game="confrontation", options="chess")
    assert posts[0].where == "ephemeral" and "chess" in posts[0].content

    posts = await h.slash(alice, "create", game="confrontation")
    posts = await h.slash(bob, "join")
    assert "joined the table" in posts[0].content and "Lobby: 2 seated" in posts[0].text()
    posts = await h.slash(carol, "join")
    assert posts[0].where == "ephemeral" and posts[0].content == t("table.game_full", "en", max=2)
    posts = await h.slash(bob, "start")
    assert posts[0].content == t("table.not_creator", "en")

    posts = await h.slash(alice, "start", side="sauron")
    assert table(h).players == [str(bob), str(alice)]  # seat 0 is the Fellowship
    channel = [p for p in posts if p.where == "channel"]
    assert len(channel) == 1 and channel[0].files[0][0] == "board.png" and channel[0].files[0][1].startswith(PNG)
    # No controls in the channel: My view, and Follow for anyone else.
    assert channel[0].custom_ids() == [f"lotr:me:{table(h).id}", f"lotr:follow:{table(h).id}"]
    for uid in (alice, bob):  # each gets their own board and their placement menu
        dm = [p for p in posts if p.where == "dm" and p.recipient == uid]
        assert len(dm) == 1 and dm[0].files[0][0] == "my_board.png" and dm[0].files[0][1].startswith(PNG)
        assert dm[0].custom_ids() == [f"lotr:m:{table(h).id}:{table(h).decision_id}:place", f"lotr:cards:{table(h).id}"]
    posts = await h.slash(carol, "join")
    assert posts[0].content == t("table.already_started", "en")


async def test_status_me_history(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    posts = await h.slash(bob, "status")
    assert [p.where for p in posts] == ["channel"] and posts[0].files[0][0] == "board.png"
    posts = await h.slash(bob, "me")
    assert [p.where for p in posts] == ["ephemeral"] and posts[0].files[0][0] == "my_board.png"
    assert posts[0].custom_ids()[0].startswith(f"lotr:m:{table(h).id}:")
    stranger = h.user("carol")
    posts = await h.slash(stranger, "me")
    assert posts[0].where == "ephemeral" and posts[0].content == t("bot.refuse.not_seated", "en")
    await place_both(h, alice, bob)
    posts = await h.slash(stranger, "history")
    assert posts[0].where == "ephemeral" and "placed" in posts[0].content


async def _step(h: Harness, mover: int, players: dict[str, int]) -> None:
    """One decision of the mover: attack if it can, else go into the mountains, else anything."""
    legal = service(h).legal_actions(h.channel_id, str(mover))
    view = service(h).view(h.channel_id, str(mover))
    occupied = {p["region"]: p["side"] for p in view["pieces"]}
    me = view["you"]
    moves = [a for a in legal if a["type"] == "move"]
    if moves:
        attack = [a for a in moves if occupied.get(a["to"]) not in (None, me)]
        mountain = [a for a in moves if a["to"] in ("high_pass", "misty_mountains", "caradhras", "gap_of_rohan")]
        want = (attack or mountain or moves)[0]
    else:
        kinds = [a for a in legal if a["type"] in ("proceed", "attack")] or [a for a in legal if a["type"] != "shuffle"]
        want = kinds[0]
    await do(h, mover, lambda a: a == want)


async def test_moves_and_combat_with_secret_cards(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    players = {str(alice): alice, str(bob): bob}
    await place_both(h, alice, bob)
    seen = len(h.posts)
    for _ in range(40):
        public = service(h).view(h.channel_id, None)
        if public["decision"]["kind"] == "cards":
            break
        assert public["phase"] == "play"
        mover = players[service(h).waiting_for(h.channel_id)[0]]
        before = table(h).seq
        await _step(h, mover, players)
        assert table(h).seq == before + 1
        _check_no_leak(h, h.posts[seen:])
        seen = len(h.posts)
    else:
        raise AssertionError("no combat in 40 decisions")

    # Both pick a combat card in secret; the channel hears only that a card was chosen.
    first = players[service(h).waiting_for(h.channel_id)[0]]
    first_view = service(h).view(h.channel_id, str(first))
    cards = [a for a in service(h).legal_actions(h.channel_id, str(first)) if a["type"] == "card"]
    named = [a for a in cards if not a["card"].startswith("strength_")] or cards
    choice = named[0]
    card_name = text.card_name(choice["card"], "en", first_view["you"])
    posts = await do(h, first, lambda a: a == choice)
    assert any(p.where in ("dm", "ephemeral") and p.edit and card_name in p.content for p in posts)  # ✓ line
    public_posts = [p for p in posts if p.where == "channel"]
    assert public_posts, "the channel hears that a card was chosen"
    for p in public_posts:
        assert card_name not in p.text().split("Players:")[1]
    assert service(h).view(h.channel_id, None)["combat"]["cards"] == {"fellowship": None, "sauron": None}
    _check_no_leak(h, h.posts[seen:])
    seen = len(h.posts)

    waiting = service(h).waiting_for(h.channel_id)
    if waiting:  # the second card (unless Sauron chose alone, against Gandalf)
        second = players[waiting[0]]
        second_cards = [a for a in service(h).legal_actions(h.channel_id, str(second)) if a["type"] == "card"]
        posts = await do(h, second, lambda a: a == second_cards[0])
        revealed = "\n".join(p.text() for p in posts if p.where == "channel")
        assert card_name in revealed  # both cards are shown together once both are chosen
        _check_no_leak(h, h.posts[seen:])


def _check_no_leak(h: Harness, posts) -> None:
    """No channel post names a character the public view hides now (events are public: a character
    an event of the same post names was shown on purpose, e.g. revealed in a fight)."""
    names = hidden_names(h)
    shown = set()
    for event in service(h).view(h.channel_id, None)["log"][-12:]:
        for value in event.values():
            if isinstance(value, str):
                shown |= {value, text.character_name(value, "en"), text.character_name(value, "fr")}
    assert not leaks(posts, names - shown)


async def test_no_controls_ever_in_channel(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    for p in h.public():
        # "my view", "follow", "claim", and the lobby's bot-seat menu (they carry the table id only)
        assert all(c.startswith(("lotr:me:", "lotr:follow:", "lotr:claim:", "lotr:bot:")) for c in p.custom_ids())
    # and each DM went to its own player only
    for p in h.posts:
        if p.where == "dm":
            assert h.world.user_of_dm[p.channel_id] == p.recipient


async def test_controls_post_is_current(harness: Harness):
    h = harness
    alice, _bob = await new_game(h)
    post = controls_post(h, alice)
    assert post.where == "dm"


@pytest.mark.parametrize("options", ["classic-none", "variant-choose", "hidden_draft-announce", "draft-none-match"])
async def test_a_whole_random_game_through_components(harness: Harness, monkeypatch, options):
    """Every decision of a game, taken by clicking the components the bot sent (seeded random choice
    among the legal actions), with the channel checked for hidden identities after each one, and
    every board image drawn from the view of whoever receives it (the public view for the channel)."""
    import random

    import render.confrontation

    draw = render.confrontation.draw_board
    monkeypatch.setattr(render.confrontation, "draw_board",
                        lambda view, lang: draw(view, lang) + f"VIEWER={_viewer(view)}".encode())
    h = harness
    alice, bob = await new_game(h, options=options)
    players = {str(alice): alice, str(bob): bob}
    rng = random.Random(7)
    seen = 0
    for _ in range(800):
        if table(h).status != "active":
            break
        waiting = service(h).waiting_for(h.channel_id)
        mover = players[waiting[0]]
        legal = service(h).legal_actions(h.channel_id, str(mover))
        serious = [a for a in legal if a["type"] != "shuffle"]
        want = rng.choice(legal if not serious or rng.random() < 0.05 else serious)
        before = table(h).seq
        await do(h, mover, lambda a, want=want: a == want)
        assert table(h).seq == before + 1
        _check_no_leak(h, h.posts[seen:])
        seen = len(h.posts)
    assert table(h).status == "over", "the game should end within 800 decisions"
    last = h.public()[-1]
    # No control of the game is left: only the offers of a rematch and of a replay.
    assert t("bot.status.over", "en") in last.text()
    assert last.custom_ids() == [f"lotr:rematch:{table(h).id}", f"lotr:rp:{table(h).id}:0:s"]
    # The end refreshed every player's live DM (its images are checked below); then they are forgotten.
    assert not [key for key in h.client.delivery.live.dms if key[0] == table(h).id]
    images = [(p, data) for p in h.posts for name, data in p.files if name.endswith(".png")]
    assert len(images) > 20
    for post, data in images:
        if post.where == "channel":
            assert data.endswith(b"VIEWER=None")
        else:
            assert data.endswith(f"VIEWER={post.recipient}".encode())


def _viewer(view: dict) -> str | None:
    """The player id a view was built for (None: the public view)."""
    return view["players"][view["you"]] if view.get("you") else None
