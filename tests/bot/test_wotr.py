"""War of the Ring in Discord: controls for every legal action (of random states, and of a kind the
engine does not have yet), a whole 2-player game and turns of a 4-player game played by random clicks
through the real discord.py client (no channel message names a card in a hand, every image drawn from its reader's view), the real
map by DM and in the channel, and the DM summary of what happened since the reader's last move."""
from __future__ import annotations

import json
import random
import re

import render.wotr
from bot.controls import Button, Control, Menu
from bot.controls import wotr as controls
from engine.wotr import RULES
from i18n import LANGUAGES, t
from present import wotr as text
from present import wotr_choices as ask
from tests.bot.harness import Harness, Post, iter_components, png_bytes
from tests.bot.helpers import controls_post, do, service, table

PNG = b"\x89PNG\r\n\x1a\n"


def _walk(control: Control) -> list[dict]:
    """Every action reachable from a control; each menu on the way within Discord's limits."""
    if isinstance(control, Button):
        return [control.action]
    assert 1 <= len(control.options) <= 25 and len({o.key for o in control.options}) == len(control.options)
    assert all(o.label and len(o.label) <= 100 and len(o.description) <= 100 for o in control.options)
    out: list[dict] = []
    for option in control.options:
        assert (option.action is None) != (option.menu is None)
        out += [option.action] if option.action is not None else _walk(option.submenu())
    return out


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _random_states(seed: int, steps: int):
    """(view, legal) of the decider at each step of a random game."""
    rnd = random.Random(seed)
    state = RULES.new_game(["fp", "sh"], {}, seed)
    for _ in range(steps):
        if RULES.result(state) is not None:
            return
        player = RULES.waiting_for(state)[0]
        legal = RULES.legal_actions(state, player)
        yield RULES.view(state, player), legal
        kinds = sorted({a["type"] for a in legal})
        kind = rnd.choice(kinds)  # by kind first: rare kinds (battles, musters) come up often
        state, _ = RULES.apply(state, player, rnd.choice([a for a in legal if a["type"] == kind]))


def test_every_legal_action_of_random_states_maps_to_exactly_one_control_path():
    kinds: set[str] = set()
    for seed in (3, 4):
        for n, (view, legal) in enumerate(_random_states(seed, 700)):
            lang = LANGUAGES[n % 2]
            offered = [a for c in controls.controls(view, legal, lang) for a in _walk(c)]
            assert sorted(map(_key, offered)) == sorted(map(_key, legal)), view["decision"]["kind"]
            kinds |= {a["type"] for a in legal}
    # The long lists were met and split: musters, Nazgûl flights, army moves, battles.
    assert {"muster", "move_nazgul", "army_from", "attack", "casualty_unit", "declare", "elven_ring"} <= kinds


def test_die_actions_come_after_choosing_a_die():
    view, legal = next((v, lg) for v, lg in _random_states(5, 400)
                       if v["decision"]["kind"] == "act" and len({a.get("die") for a in lg} - {None}) > 1)
    top = controls.controls(view, legal, "en")
    die_menu = next(c for c in top if isinstance(c, Menu) and c.key == "die")
    assert not [c for c in top if isinstance(c, Button) and "die" in c.action]
    faces = {a["die"] for a in legal if "die" in a}
    assert len(die_menu.options) == len(faces)
    for option in die_menu.options:
        under = _walk(option.submenu())
        assert len({a["die"] for a in under}) == 1  # one die's actions under each option


def test_many_destinations_are_grouped_by_nation_or_area_and_sorted_in_the_readers_language():
    """776 Nazgûl flights: origin first, then the destination's nation or area, then its regions."""
    flights = [{"type": "move_nazgul", "from": f, "to": to} for f in ("barad_dur", "minas_morgul")
               for to in sorted(text.load().regions)]
    (menu,) = controls.controls({}, flights, "fr")
    assert [o.label for o in menu.options] == [text.name("barad_dur", "fr"), text.name("minas_morgul", "fr")]
    areas = menu.options[0].submenu()
    labels = [o.label for o in areas.options]
    assert len(labels) == 14 and "Gondor" in labels and "Vallées de l'Anduin" in labels
    assert labels == sorted(labels, key=ask.sort_key)
    regions = []
    for option in areas.options:
        inside = [o.action["to"] for o in option.submenu().options]
        names = [ask.sort_key(text.name(r, "fr")) for r in inside]
        assert names == sorted(names)  # in French order: "Étroits de la Forêt" sorts with E
        assert {ask.area(r) for r in inside} == {ask.area(inside[0])}
        regions += inside
    assert sorted(regions) == sorted(text.load().regions)


def test_an_action_kind_the_engine_adds_later_is_offered_too():
    new = [{"type": "future_kind", "region": r, "nation": n} for r in sorted(text.load().regions)[:30]
           for n in ("gondor", "rohan")]
    legal = [*new, {"type": "done"}, {"type": "lone_kind", "card": "fp_str_01"}]
    out = controls.controls({}, legal, "en")
    assert sorted(map(_key, [a for c in out for a in _walk(c)])) == sorted(map(_key, legal))
    menu = next(c for c in out if isinstance(c, Menu))
    assert menu.placeholder == "Future kind — which nation?" and len(menu.options) == 2  # split by nation


def test_the_characters_abilities_are_offered_by_buttons_and_menus_that_read():
    from tests.wotr import test_abilities as ab

    s = ab._white_rider_battle()                                   # the White Rider: two buttons
    out = controls.controls(RULES.view(s, "fp"), RULES.legal_actions(s, "fp"), "en")
    assert [c.label for c in out if isinstance(c, Button)] == [
        "The White Rider: give up Gandalf's Leadership, cancel every Nazgûl's", "Keep Gandalf's Leadership"]
    hobbits = ab.hunted(ab.fellowship_of(ab.game(), "meriadoc", "peregrin", guide="meriadoc"), "d2_1")
    saruman = ab._saruman({"orthanc": {"isengard": {"regular": 3}}})
    for s, who in ((hobbits, "fp"), (saruman, "sh")):
        view, legal = RULES.view(s, who), RULES.legal_actions(s, who)
        for lang in LANGUAGES:
            out = controls.controls(view, legal, lang)
            assert sorted(map(_key, [a for c in out for a in _walk(c)])) == sorted(map(_key, legal))
    assert {"guide_separates", "voice_of_saruman"} <= {a["type"] for s, w in ((hobbits, "fp"), (saruman, "sh"))
                                                       for a in RULES.legal_actions(s, w)}


def test_a_combat_cards_choices_are_offered_as_controls_labelled_by_the_card():
    """Onslaught's 0-4 hits and Heroic Death's sacrifices (a companion, a leader, or not) after the roll."""
    from tests.wotr.test_combat_cards import army, battle, fight

    onslaught, _ = fight(battle(sh_hand=["sh_str_02"], units=army(sh={"sauron": {"regular": 4}})), "sh_str_02",
                         None, (1, 1, 1, 1, 1, 1))
    heroic, _ = fight(battle(fp_hand=["fp_char_10"], units=army(fp={"gondor": {"regular": 2, "leader": 1}}),
                             chars={"boromir": "south_ithilien"}), None, "fp_char_10", (5, 5, 1, 1, 1, 1))
    for state, player, title in ((onslaught, "sh", "Onslaught"), (heroic, "fp", "Heroic Death")):
        view, legal = RULES.view(state, player), RULES.legal_actions(state, player)
        assert view["decision"]["step"] == "card" and len(legal) > 1
        out = controls.controls(view, legal, "en")
        assert sorted(map(_key, [a for c in out for a in _walk(c)])) == sorted(map(_key, legal))
        labels = [c.label for c in out if isinstance(c, Button)] + \
            [o.label for c in out if isinstance(c, Menu) for o in c.options]
        assert labels and all(title in label for label in labels), labels


# ---------------------------------------------------------------------- in Discord


async def _start(h: Harness) -> tuple[int, int]:
    """Alice creates War of the Ring, Bob joins, Alice starts as the Free Peoples."""
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "create", game="wotr")
    await h.slash(bob, "join")
    posts = await h.slash(alice, "start", side="free_peoples")
    assert table(h).players == [str(alice), str(bob)] and table(h).status == "active"
    assert t("bot_wotr.intro", "en") in next(p for p in posts if p.where == "channel").text()
    return alice, bob


def _names(cards) -> set[str]:
    return {text.name(c, lang) for c in cards for lang in LANGUAGES}


def _hand_names(h: Harness) -> dict[str, set[str]]:
    """Per side, the names (both languages) of the cards in its hand now, from the engine's state."""
    state = table(h).state
    return {side: _names(state["hands"][side]) for side in ("free_peoples", "shadow")}


def _public_names(h: Harness) -> set[str]:
    """The cards the public view names: the discard piles and the cards on the table (shown to all)."""
    cards = service(h).view(h.channel_id, None)["cards"]
    return _names(c for piles in (cards["discards"], cards["table"]) for pile in piles.values() for c in pile)


def _named(post: Post, names: set[str]) -> list[str]:
    body = post.text()
    return [n for n in names if re.search(rf"(?<![\w']){re.escape(n)}(?![\w'])", body)]


async def _random_click(h: Harness, uid: int, rng: random.Random) -> None:
    """Click a random component of the player's current controls, then random options of the menus
    that answer, until an action is taken."""
    post = controls_post(h, uid)
    seq = table(h).seq
    for _ in range(8):
        components = [c for c in iter_components(post.message.get("components", []))
                      if c.get("custom_id", "").startswith(("lotr:b:", "lotr:m:"))]  # not Full map...
        component = rng.choice(components)
        values = [rng.choice(component["options"])["value"]] if component["type"] == 3 else None
        posts = await h.click(uid, post, component["custom_id"], values=values)
        if table(h).seq != seq:
            return
        post = next(p for p in posts if p.where == "ephemeral" and p.custom_ids())  # the next menu
    raise AssertionError("no action after 8 clicks")


async def test_a_whole_game_by_random_clicks(harness: Harness, monkeypatch):
    """Every decision taken by clicking random components (seeded); after each click no channel post
    names a card in a hand, and every picture is drawn from its reader's view."""
    monkeypatch.setattr(render.wotr, "draw_board",  # a cheap stand-in: 1,500 maps would take minutes
                        lambda view, lang: PNG + f"VIEWER={view.get('you')}".encode())
    h = harness
    alice, bob = await _start(h)
    side_of = {alice: "free_peoples", bob: "shadow"}
    rng = random.Random(12)
    seen, kinds = 0, set()
    for _ in range(8000):    # menus take several clicks an action, and the abilities make games longer
        if table(h).status != "active":
            break
        mover = int(service(h).waiting_for(h.channel_id)[0])
        kinds.add(service(h).view(h.channel_id, None)["decision"]["kind"])
        hands_before = _hand_names(h)
        await _random_click(h, mover, rng)
        hands_after, public = _hand_names(h), _public_names(h)
        secret = set().union(*hands_before.values(), *hands_after.values()) - public
        for post in h.posts[seen:]:
            if post.where == "channel":
                assert not _named(post, secret), post.text()
            elif post.recipient in side_of:  # a player's own messages may name their own cards only
                other = "shadow" if side_of[post.recipient] == "free_peoples" else "free_peoples"
                own = hands_before[side_of[post.recipient]] | hands_after[side_of[post.recipient]]
                hidden = (hands_before[other] | hands_after[other]) - own - public
                assert not _named(post, hidden), post.text()
        seen = len(h.posts)
    assert table(h).status == "over", "the game should end"
    assert {"act", "fellowship_phase", "allocate", "army_move", "battle", "move_minions"} <= kinds
    last = h.public()[-1]
    # No control of the game is left: only the offers of a rematch and of a replay.
    assert t("bot.status.over", "en") in last.text()
    assert last.custom_ids() == [f"lotr:rematch:{table(h).id}", f"lotr:rp:{table(h).id}:0:s"]
    images = [(p, data) for p in h.posts for name, data in p.files if name.endswith(".png")]
    assert len(images) > 100
    for post, data in images:
        expected = "None" if post.where == "channel" else side_of[post.recipient]
        assert data.endswith(f"VIEWER={expected}".encode()), (post.where, post.recipient)
    # Hands came by DM: each player's DMs showed their own hand.
    for uid in (alice, bob):
        assert any(t("present_wotr.status.hand", "en", cards="") in p.text() for p in h.dms(uid))


async def test_the_map_by_dm_and_in_the_channel(harness: Harness):
    """The real schematic map: public in the channel, the player's own (with their hand) by DM."""
    h = harness
    alice, bob = await _start(h)
    public = png_bytes(h.public()[-1])
    assert public.startswith(PNG)
    dm = next(p for p in reversed(h.dms(alice)) if p.files)
    assert png_bytes(dm).startswith(PNG) and png_bytes(dm) != public
    # One click: the Free Peoples end their Fellowship phase; the Shadow's DM brings their map.
    await do(h, alice, lambda a: a["type"] == "end_fellowship_phase")
    assert controls_post(h, bob).where == "dm"
    shadow = png_bytes(h.dms(bob)[-1])
    assert shadow.startswith(PNG) and shadow not in (public, png_bytes(dm))


def _since_lines(post: Post) -> list[str]:
    embed = post.message["embeds"][0]
    field = next((f for f in embed.get("fields", []) if f["name"] == t("bot.private.since", "en")), None)
    return field["value"].split("\n") if field else []


async def test_the_dm_recalls_what_happened_since_the_readers_last_move(harness: Harness, make_bot):
    h = harness
    alice, bob = await _start(h)
    rng = random.Random(3)
    # Play until the Shadow has acted once and the Free Peoples must decide again after it.
    while True:
        mover = int(service(h).waiting_for(h.channel_id)[0])
        if mover == alice and any(p.player == str(bob) for p in await service(h).store.actions(table(h).id)):
            break
        await _random_click(h, mover, rng)
    records = await service(h).store.actions(table(h).id)
    last_mine = max(i for i, r in enumerate(records) if r.player == str(alice))
    since = [e for r in records[last_mine + 1:] for e in r.events]
    assert since and all(r.player == str(bob) for r in records[last_mine + 1:])
    view = service(h).view(h.channel_id, str(alice))
    names = {str(u): f"<@{u}>" for u in (alice, bob)}
    expected = [text.describe_event(e, view, "en", names) for e in since]
    lines = _since_lines(controls_post(h, alice))
    assert lines == expected  # all of them (they fit): nothing from before Alice's last move
    # After a restart the summary comes from the store: "My view" shows the same.
    table_id = table(h).id
    await h.restart(make_bot)
    channel = next(p for p in reversed(h.public()) if p.custom_ids())
    await h.click(alice, channel, f"lotr:me:{table_id}")
    assert _since_lines(controls_post(h, alice)) == lines
    # The Free Peoples act: the Shadow's next DM recalls only what followed the Shadow's own last move.
    await _random_click(h, alice, rng)
    while int(service(h).waiting_for(h.channel_id)[0]) == alice and table(h).status == "active":
        await _random_click(h, alice, rng)
    records = await service(h).store.actions(table(h).id)
    last_bob = max(i for i, r in enumerate(records) if r.player == str(bob))
    after = [e for r in records[last_bob + 1:] for e in r.events]
    view = service(h).view(h.channel_id, str(bob))
    assert _since_lines(controls_post(h, bob))[-1] == text.describe_event(after[-1], view, "en", names)


async def test_a_dm_tells_what_the_readers_own_move_caused_when_the_game_comes_straight_back(harness: Harness):
    """A click whose consequences the clicker must answer at once (the Hunt's damage after moving the
    Fellowship, the next step of a card): their DM recalls what their own move caused, not only what the
    others did."""
    h = harness
    alice, bob = await _start(h)
    rng = random.Random(8)
    names = {str(u): f"<@{u}>" for u in (alice, bob)}
    for _ in range(400):
        mover = int(service(h).waiting_for(h.channel_id)[0])
        before = table(h).seq
        await _random_click(h, mover, rng)
        records = [r for r in await service(h).store.actions(table(h).id) if r.seq > before]
        caused = [e for r in records for e in r.events]
        if caused and all(r.player == str(mover) for r in records) and service(h).waiting_for(h.channel_id) == [str(mover)]:
            break
    else:
        raise AssertionError("no move came straight back to its player")
    view = service(h).view(h.channel_id, str(mover))
    lines = _since_lines(controls_post(h, mover))
    assert [text.describe_event(e, view, "en", names) for e in caused] == lines[-len(caused):]


# ---------------------------------------------------------------------- 3 and 4 players


async def test_four_players_take_their_seats_and_play_turns_by_clicks(harness: Harness, monkeypatch):
    """A 4-player game: the lobby seats Alice as Gondor; every decision is clicked by the player it
    waits for (seeded random clicks); no channel post names a card in a hand, and no player's DM names
    a card another player holds that this player never held (a teammate's included: a card given in an
    exchange stays known to its giver); each picture is drawn from its reader's view."""
    monkeypatch.setattr(render.wotr, "draw_board",
                        lambda view, lang: PNG + f"VIEWER={view.get('seat')}".encode())
    h = harness
    users = [h.user(n) for n in ("alice", "bob", "carol", "dave")]
    await h.slash(users[0], "create", game="wotr")
    for u in users[1:]:
        await h.slash(u, "join")
    await h.slash(users[0], "start", side="gondor")
    order = [int(p) for p in table(h).players]
    assert order[0] == users[0] and table(h).status == "active"
    seat_of = dict(zip(order, ("gondor", "rohan", "witch_king", "saruman")))
    rng = random.Random(4)
    seen, deciders, kinds = 0, set(), set()
    known: dict[str, set[str]] = {seat: set() for seat in seat_of.values()}
    # Five turns (some 300 actions): the whole game (seed 4) also passed, in 2.4 CPU-minutes: too long here.
    while table(h).status == "active" and table(h).state["turn"] < 5:
        mover = int(service(h).waiting_for(h.channel_id)[0])
        decision = service(h).view(h.channel_id, None)["decision"]
        assert decision["seat"] == seat_of[mover] and decision["player"] == str(mover)
        deciders.add(seat_of[mover])
        kinds.add(decision["kind"])
        before = {seat: _names(cards) for seat, cards in table(h).state["hands"].items()}
        await _random_click(h, mover, rng)
        after = {seat: _names(cards) for seat, cards in table(h).state["hands"].items()}
        public = _public_names(h)
        secret = set().union(*before.values(), *after.values()) - public
        for seat in known:
            known[seat] |= before[seat] | after[seat]
        for post in h.posts[seen:]:
            if post.where == "channel":
                assert not _named(post, secret), post.text()
            elif post.recipient in seat_of:
                assert not _named(post, secret - known[seat_of[post.recipient]]), post.text()
        seen = len(h.posts)
    assert table(h).state["turn"] >= 5 or table(h).status == "over"
    assert deciders == set(seat_of.values()) and {"exchange", "draw_deck", "act", "allocate"} <= kinds
    images = [(p, data) for p in h.posts for name, data in p.files if name.endswith(".png")]
    for post, data in images:
        expected = "None" if post.where == "channel" else seat_of[post.recipient]
        assert data.endswith(f"VIEWER={expected}".encode()), (post.where, post.recipient)
    for uid in users:  # each player's own hand came by DM
        assert any(t("present_wotr.status.hand", "en", cards="") in p.text() for p in h.dms(uid))


def test_a_card_s_ability_is_offered_with_what_it_does():
    """Heroic Death's choices (a companion, a leader, or not) each say the card's combat text under them."""
    from present import wotr as present
    from tests.wotr.test_combat_cards import army, battle, fight

    heroic, _ = fight(battle(fp_hand=["fp_char_10"], units=army(fp={"gondor": {"regular": 2, "leader": 1}}),
                             chars={"boromir": "south_ithilien"}), None, "fp_char_10", (5, 5, 1, 1, 1, 1))
    out = controls.controls(RULES.view(heroic, "fp"), RULES.legal_actions(heroic, "fp"), "en")
    said = present.card_text("fp_char_10", "en")["combat"][:90]
    options = [o for c in out if isinstance(c, Menu) for o in c.options]
    assert options and all(o.description.startswith(said[:60]) for o in options), options
