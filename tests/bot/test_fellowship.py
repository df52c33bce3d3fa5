"""La Communauté through the real discord.py client: a 3-player lobby, a whole game played by clicking
the bot's own components, the ring-bearer's peek reaching only the ring-bearer (DM, or "My view" for a
player whose DMs are closed), dice posted in the channel, a stale click refused."""
from __future__ import annotations

import json
import random
import re

import pytest

import render.fellowship
from i18n import LANGUAGES, t
from present import fellowship as text
from tests.bot.harness import Harness, Post
from tests.bot.helpers import controls_post, do, service, table

PNG = b"\x89PNG\r\n\x1a\n"


async def _start(h: Harness, *, closed: tuple[int, ...] = ()) -> list[int]:
    """Alice creates La Communauté, Bob and Carol join, Alice starts (random seats); seat order returned."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    h.world.closed_dms.update(closed)
    await h.slash(alice, "create", game="fellowship")
    await h.slash(bob, "join")
    await h.slash(carol, "join")
    posts = await h.slash(alice, "start")
    t_ = table(h)
    assert t_.status == "active" and sorted(t_.players) == sorted(
        str(u) for u in (alice, bob, carol))
    channel = [p for p in posts if p.where == "channel"]
    assert len(channel) == 1 and channel[0].files[0][0] == "board.png" and channel[0].files[0][1].startswith(PNG)
    return [int(p) for p in t_.players]


async def _controls(h: Harness, uid: int) -> None:
    """Make sure `uid` holds a message with their current controls (My view when DMs are closed)."""
    try:
        controls_post(h, uid)
    except LookupError:
        channel = next(p for p in reversed(h.public()) if p.custom_ids())
        await h.click(uid, channel, f"lotr:me:{table(h).id}")
        controls_post(h, uid)


def _names(card: str) -> set[str]:
    return {text.name(card, lang) for lang in LANGUAGES}


def _public_names(h: Harness) -> set[str]:
    """Names of every card id the public view mentions (two cards can share a name: Sauron's Power)."""
    public = json.dumps(service(h).view(h.channel_id, None), ensure_ascii=False)
    out: set[str] = set()
    for card in set(re.findall(r'"([a-z0-9_]+)"', public)):
        out |= _names(card)
    return out


def _private_names(h: Harness) -> dict[str, set[str]]:
    """For each player, the names of the cards their own view alone shows (the peek, the mirror)."""
    out = {}
    for player in table(h).players:
        view = service(h).view(h.channel_id, player)
        cards = [c for c in (view.get("peek") or {}).values() if c] + list(view.get("seen_events") or [])
        out[player] = set().union(*(_names(c) for c in cards)) if cards else set()
    return out


def _found(posts: list[Post], names: set[str]) -> list[str]:
    hits = []
    for post in posts:
        body = post.text() + "\n" + "\n".join(post.custom_ids())
        hits += [n for n in names if re.search(rf"(?<![\w']){re.escape(n)}(?![\w'])", body)]
    return hits


def _check_secrets(posts: list[Post], before: dict[str, set[str]], after: dict[str, set[str]],
                   public: set[str]) -> int:
    """No channel post, and no DM or ephemeral of a player, names a card that someone else alone knew
    before or after the click (unless the click made it public, or the reader now knows it too: the
    Ring changed hands and the new ring-bearer peeked). Returns how many private posts showed their
    reader's own secret (the peek does arrive)."""
    everything = set().union(*before.values(), *after.values()) - public
    shown = 0
    for post in posts:
        reader = None if post.where == "channel" else str(post.recipient)
        own = before.get(reader, set()) | after.get(reader, set())
        leaked = _found([post], everything - own)
        assert not leaked, (post.where, reader, leaked, post.text()[:2000])
        shown += len(_found([post], own - public)) if reader else 0
    return shown


async def test_a_whole_game_through_components(harness: Harness, monkeypatch):
    """Every decision clicked (seeded random choice among the controls' actions), Carol with closed DMs;
    after each click: the peek only for the ring-bearer, every image drawn from its reader's view."""
    draw = render.fellowship.draw_board
    monkeypatch.setattr(render.fellowship, "draw_board",
                        lambda view, lang: draw(view, lang) + f"VIEWER={view.get('you')}".encode())
    monkeypatch.setattr("table.lobby.secrets.randbits", lambda bits: 20240611)  # one fixed game
    h = harness
    carol = h.user("carol")
    uids = await _start(h, closed=(carol,))
    rng = random.Random(11)
    seen, peeks_shown, kinds = 0, 0, set()
    for _ in range(600):
        if table(h).status != "active":
            break
        mover = int(service(h).waiting_for(h.channel_id)[0])
        await _controls(h, mover)
        legal = service(h).legal_actions(h.channel_id, str(mover))
        kinds.add(service(h).view(h.channel_id, None)["decision"]["kind"])
        want = rng.choice(legal)
        before = table(h).seq
        private_before = _private_names(h)
        await do(h, mover, lambda a, want=want: a == want)
        assert table(h).seq == before + 1
        new = h.posts[seen:]
        # What someone alone knew before or after the click, and the click did not make public.
        public, private_after = _public_names(h), _private_names(h)
        peeks_shown += _check_secrets(new, private_before, private_after, public)
        seen = len(h.posts)
    assert table(h).status == "over", "the game should end within 600 decisions"
    assert peeks_shown > 0, "the ring-bearer's own messages show the peeked cards"
    assert {"move", "fight"} <= kinds
    last = h.public()[-1]
    # No control of the game is left: only the offers of a rematch and of a replay.
    assert t("bot.status.over", "en") in last.text()
    assert last.custom_ids() == [f"lotr:rematch:{table(h).id}", f"lotr:rp:{table(h).id}:0:s"]
    # Dice as they fall: the channel heard every roll.
    channel_text = "\n".join(p.text() for p in h.public())
    assert channel_text.count("🎲") > 50 and "Sauron's die" in channel_text
    images = [(p, data) for p in h.posts for name, data in p.files if name.endswith(".png")]
    assert len(images) > 50
    for post, data in images:
        assert data.startswith(PNG)
        expected = "None" if post.where == "channel" else str(post.recipient)
        assert data.endswith(f"VIEWER={expected}".encode()), (post.where, post.recipient)
    assert all(int(u) for u in uids)


async def test_stale_click_and_stranger_refused(harness: Harness):
    h = harness
    frodo = (await _start(h))[0]  # the first seat plays Frodo and moves first
    first = controls_post(h, frodo)
    assert first.where == "dm"
    decision = table(h).decision_id
    # Frodo's player opens "My view" too, and moves from there: their DM still shows the old controls.
    channel = next(p for p in reversed(h.public()) if p.custom_ids())
    await h.click(frodo, channel, f"lotr:me:{table(h).id}")
    assert controls_post(h, frodo).where == "ephemeral"
    # A click on the DM's move menu made before the move, arriving after it (the DM loses its controls
    # when the move refreshes it in place, but a click may already be on its way).
    menu_id = next(c for c in first.custom_ids() if c.startswith(f"lotr:m:{table(h).id}:{decision}:"))
    stale = h.click_payload(frodo, first, menu_id, values=["0"])
    await do(h, frodo, lambda a: a["type"] == "move")
    assert table(h).decision_id != decision
    assert h.world.messages[int(first.message["id"])]["components"] == []
    seq = table(h).seq
    posts = await h.feed(stale)
    assert [p.content for p in posts] == [t("bot.refuse.stale", "en")]
    assert table(h).seq == seq
    # Someone who is not seated cannot act either.
    dave = h.user("dave")
    mover = int(service(h).waiting_for(h.channel_id)[0])
    post = controls_post(h, mover)
    posts = await h.click(dave, post, post.custom_ids()[0], values=["0"])
    assert posts[0].content == t("bot.refuse.not_seated", "en") and table(h).seq == seq


@pytest.mark.parametrize("count", [4])
async def test_four_players_and_a_fifth_refused(harness: Harness, count):
    h = harness
    users = [h.user(n) for n in ("alice", "bob", "carol", "dave", "erin")]
    await h.slash(users[0], "create", game="fellowship")
    for u in users[1:count]:
        await h.slash(u, "join")
    posts = await h.slash(users[count], "join")
    assert posts[0].content == t("table.game_full", "en", max=4)
    posts = await h.slash(users[0], "start")
    assert table(h).status == "active" and len(table(h).players) == 4
    view = service(h).view(h.channel_id, None)
    assert [p["hobbit"] for p in view["players"]] == ["frodo", "sam", "merry", "pippin"]
    # The awaited player got their board and the movement menus, one per die.
    mover = int(service(h).waiting_for(h.channel_id)[0])
    ids = controls_post(h, mover).custom_ids()
    assert ids and all(i.startswith(f"lotr:m:{table(h).id}:") for i in ids)
