"""War of the Ring at the table, through the offline Discord harness and by clicks: a die, then the
action, then the piece, then the destination; an army split with its tally of what moves and what
stays; a "Done" that would spend the die on nothing asks to be confirmed; "Read my cards" in the DM;
the "Full map" button and /lotr map (the asker's own view when seated, else the public one)."""
from __future__ import annotations

import render.wotr
from bot.controls import Button, Menu
from i18n import t
from present import wotr as text
from tests.bot.harness import Harness, Post, png_bytes
from tests.bot.helpers import controls_post, do, service, table

PNG = b"\x89PNG\r\n\x1a\n"


def _stub_pictures(monkeypatch) -> None:
    """Cheap pictures that say whose view they were drawn from."""
    monkeypatch.setattr(render.wotr, "draw_board", lambda view, lang: PNG + f"BOARD={view.get('you')}".encode())
    monkeypatch.setattr(render.wotr, "draw_full_map", lambda view, lang: PNG + f"FULL={view.get('you')}".encode())


async def _start(h: Harness) -> tuple[int, int]:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "create", game="wotr")
    await h.slash(bob, "join")
    await h.slash(alice, "start", side="free_peoples")
    return alice, bob


async def _to_the_action_roll(h: Harness, alice: int, bob: int) -> None:
    await do(h, alice, lambda a: a["type"] == "end_fellowship_phase")
    await do(h, bob, lambda a: a["type"] == "allocate" and a["dice"] == 0)


async def _choose(h: Harness, uid: int, post: Post, custom_id: str, label: str) -> list[Post]:
    """Pick the option of that menu whose label starts with `label`; the posts it caused."""
    menu = next(c for c in _components(post) if c.get("custom_id") == custom_id)
    option = next((o for o in menu["options"] if o["label"].startswith(label)), None)
    assert option is not None, (label, [o["label"] for o in menu["options"]])
    return await h.click(uid, post, custom_id, values=[option["value"]])


def _components(post: Post) -> list[dict]:
    from tests.bot.harness import iter_components
    latest = post.message
    return list(iter_components(latest.get("components", [])))


def _next_menu(posts: list[Post]) -> Post:
    return next(p for p in posts if p.where == "ephemeral" and p.custom_ids())


async def test_move_an_army_by_clicks_die_then_action_then_army_then_split_then_destination(
        harness: Harness, monkeypatch):
    _stub_pictures(monkeypatch)
    h = harness
    alice, bob = await _start(h)
    await _to_the_action_roll(h, alice, bob)
    legal = service(h).legal_actions(h.channel_id, str(alice))
    die = next(a["die"] for a in legal if a["type"] == "move_armies")
    tid, decision = table(h).id, table(h).decision_id
    post = controls_post(h, alice)
    # 1. The die: one option per face, none of them an action yet.
    die_id = f"lotr:m:{tid}:{decision}:die"
    assert not [c for c in _components(post) if c.get("custom_id", "").startswith(f"lotr:b:{tid}:") and
                c.get("label", "").startswith("Move armies")]
    face = t("bot_wotr.die_actions", "en", face=text.name(die, "en"))
    posts = await _choose(h, alice, post, die_id, face)
    # 2. The action, among that die's actions only.
    menu = _next_menu(posts)
    labels = [o["label"] for o in menu.component("lotr:m:")["options"]]
    assert any(label.startswith("Move armies") for label in labels), labels
    await _choose(h, alice, menu, menu.custom_ids()[0], "Move armies")
    assert service(h).view(h.channel_id, None)["decision"]["kind"] == "army_move"
    # "Done" now would spend the die on nothing: it is no plain button, but a menu asking to confirm.
    post = controls_post(h, alice)
    tid, decision = table(h).id, table(h).decision_id
    assert not any(c.get("label") == "Done" for c in _components(post))
    confirm = next(c for c in _components(post) if c.get("custom_id") == f"lotr:m:{tid}:{decision}:done")
    assert confirm["placeholder"] == t("wotr_play.done_nothing", "en")
    assert [o["label"] for o in confirm["options"]] == [t("wotr_play.confirm_nothing", "en")]
    # 3. The army, by its nation then its region: Minas Tirith's (3 regulars, 1 elite, 1 leader).
    posts = await _choose(h, alice, post, f"lotr:m:{tid}:{decision}:army_from", "Gondor")
    menu = _next_menu(posts)
    await _choose(h, alice, menu, menu.custom_ids()[0], "Minas Tirith")
    tally = controls_post(h, alice).text()
    assert t("wotr_play.tally", "en", region="Minas Tirith", moving="Gondor 3 regulars, 1 elite, 1 leader",
             staying="none") in tally
    # 4. A regular stays behind: the tally says so.
    await do(h, alice, lambda a: a == {"type": "army_stay", "nation": "gondor", "kind": "regular"})
    tally = controls_post(h, alice).text()
    assert t("wotr_play.tally", "en", region="Minas Tirith", moving="Gondor 2 regulars, 1 elite, 1 leader",
             staying="Gondor 1 regular") in tally
    # 5. The destination, among the reachable regions only (three neighbours: three buttons).
    post = controls_post(h, alice)
    reachable = {a["region"] for a in service(h).legal_actions(h.channel_id, str(alice)) if a["type"] == "army_to"}
    assert reachable == {"druadan_forest", "lossarnach", "osgiliath"}
    buttons = [c["label"] for c in _components(post) if c.get("custom_id", "").startswith("lotr:b:")]
    for region in reachable:
        assert sum(text.name(region, "en") in label for label in buttons) == 1, buttons
    await do(h, alice, lambda a: a == {"type": "army_to", "region": "osgiliath"})
    armies = service(h).view(h.channel_id, None)["armies"]
    assert armies["minas_tirith"]["gondor"] == {"regular": 1}
    assert armies["osgiliath"]["gondor"] == {"regular": 4, "elite": 1, "leader": 1}


def test_the_done_of_a_move_not_begun_is_confirmed_in_menus_and_plain_once_something_moved():
    from bot.controls import wotr as controls
    view = {"decision": {"kind": "move_minions", "moved": []}}
    legal = [{"type": "move_nazgul", "from": "barad_dur", "to": r} for r in ("gorgoroth", "nurn")] + [{"type": "done"}]
    out = controls.controls(view, legal, "fr")
    assert not [c for c in out if isinstance(c, Button) and c.action == {"type": "done"}]
    confirm = next(c for c in out if isinstance(c, Menu) and c.key == "done")
    assert [o.action for o in confirm.options] == [{"type": "done"}]
    view["decision"]["moved"] = ["barad_dur"]
    assert {"type": "done"} in [c.action for c in controls.controls(view, legal, "fr") if isinstance(c, Button)]


async def test_read_my_cards_answers_only_the_reader_in_their_language(harness: Harness, monkeypatch):
    _stub_pictures(monkeypatch)
    h = harness
    alice, bob = await _start(h)
    hand = service(h).view(h.channel_id, str(alice))["cards"]["hand"]
    dm = next(p for p in reversed(h.dms(alice)) if any(i.startswith("lotr:cards:") for i in p.custom_ids()))
    assert not any(i.startswith("lotr:cards:") for p in h.public() for i in p.custom_ids())  # DMs only
    channel_before = len(h.public())
    for locale, lang in (("en-US", "en"), ("fr", "fr")):
        posts = await h.click(alice, dm, f"lotr:cards:{table(h).id}", locale=locale)
        (answer,) = [p for p in posts if p.recipient == alice]
        assert answer.where == "ephemeral"
        fields = answer.message["embeds"][0]["fields"]
        assert [f["name"] for f in fields] == [text.hand_texts({"cards": {"hand": [c]}}, lang)[0].split("\n")[0]
                                               for c in hand]
        for card, field in zip(hand, fields):
            words = text.card_text(card, lang)
            assert words["event"] in field["value"] and words["combat"] in field["value"]
    assert len(h.public()) == channel_before  # nothing in the channel
    # Bob's own button (his DM comes when he must act) reads Bob's hand, never Alice's.
    await do(h, alice, lambda a: a["type"] == "end_fellowship_phase")
    bob_dm = next(p for p in reversed(h.dms(bob)) if any(i.startswith("lotr:cards:") for i in p.custom_ids()))
    posts = await h.click(bob, bob_dm, f"lotr:cards:{table(h).id}")
    names = {f["name"] for p in posts for f in p.message["embeds"][0]["fields"]}
    bob_hand = service(h).view(h.channel_id, str(bob))["cards"]["hand"]
    assert {n.split(" (")[0] for n in names} == {text.name(c, "en") for c in bob_hand}


async def test_full_map_button_and_lotr_map_show_the_askers_own_view_or_the_public_one(harness: Harness,
                                                                                     monkeypatch):
    _stub_pictures(monkeypatch)
    h = harness
    alice, _ = await _start(h)
    carol = h.user("carol")
    public = h.public()[-1]
    full = f"lotr:map:{table(h).id}"
    assert full in public.custom_ids()
    for uid, seen in ((carol, "None"), (alice, "free_peoples")):
        posts = await h.click(uid, public, full)
        (answer,) = posts
        assert answer.where == "ephemeral" and answer.recipient == uid
        assert png_bytes(answer) == PNG + f"FULL={seen}".encode()
        posts = await h.slash(uid, "map")
        (answer,) = [p for p in posts if p.files]
        assert answer.where == "ephemeral" and png_bytes(answer) == PNG + f"FULL={seen}".encode()
    # The button is in the players' DMs too.
    assert any(full in p.custom_ids() for p in h.dms(alice))


async def test_lotr_map_without_a_game_is_refused(harness: Harness):
    posts = await harness.slash(harness.user("alice"), "map")
    assert posts and all(p.where == "ephemeral" for p in posts)
    assert t("table.no_table", "en") in posts[-1].text()
