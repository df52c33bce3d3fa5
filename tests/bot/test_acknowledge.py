"""Every interaction is acknowledged before any work, answered exactly once (the harness's close checks
that none is left unanswered nor answered twice), a failure included; engine steps and drawings run
in worker threads, never on the event loop."""
from __future__ import annotations

import threading

import render.confrontation
from bot.controls import controls_for
from i18n import t
from tests.bot.harness import Harness
from tests.bot.helpers import _path_to, controls_post, do, new_game, service, table
from tests.platform.helpers import PassedOn


def _current(h: Harness) -> dict:
    """The interaction being handled: the last one fed."""
    return list(h.world.interactions.values())[-1]


async def test_commands_and_clicks_are_acknowledged_before_anything_is_stored(harness: Harness, monkeypatch):
    h = harness
    store = service(h).store
    seen: list[tuple[str, bool]] = []
    for name in ("insert_table", "save_table", "append_action"):
        real = getattr(store, name)

        def spy(*args, real=real, name=name, **kw):
            seen.append((name, bool(_current(h).get("_answered"))))
            return real(*args, **kw)

        monkeypatch.setattr(store, name, spy)
    alice, _bob = await new_game(h)   # create, join, start
    await do(h, alice, lambda a: a["type"] == "place")   # a menu click that acts
    carol = h.user("carol")
    await h.slash(alice, "abandon")
    await h.slash(carol, "create", game="confrontation")
    await h.slash(carol, "leave")
    assert {name for name, _ in seen} == {"insert_table", "save_table", "append_action"}
    assert all(acknowledged for _, acknowledged in seen), seen


async def test_an_engine_failure_during_a_click_is_answered_and_changes_nothing(harness: Harness):
    h = harness
    alice, _bob = await new_game(h)
    svc = service(h)
    real = svc.rules_for

    class Failing(PassedOn):
        def apply(self, state, player, action):
            raise RuntimeError("an engine bug")

    svc.rules_for = lambda game: Failing(real(game))
    seq, decision = table(h).seq, table(h).decision_id
    posts = await do(h, alice, lambda a: a["type"] == "place")   # sub-menus, then the failing step
    assert (posts[-1].where, posts[-1].recipient, posts[-1].content) == (
        "ephemeral", alice, t("bot.refuse.failed", "en"))
    assert not [p for p in posts if p.where in ("channel", "dm")]
    assert table(h).seq == seq
    svc.rules_for = real
    assert table(h).decision_id == decision   # the player's controls stay valid


async def test_a_first_engine_step_controls_and_drawings_run_off_the_event_loop(harness: Harness, monkeypatch):
    # A step of unknown cost runs in a worker thread; steps measured cheap (under 1 ms) may then run on
    # the loop (tests/platform/test_play.py checks that policy). Controls and drawings never do.
    h = harness
    alice, _bob = await new_game(h)
    svc = service(h)
    threads: dict[str, set[str]] = {"apply": set(), "legal": set(), "draw": set()}
    real_rules, real_draw = svc.rules_for, render.confrontation.draw_board

    class Watched(PassedOn):
        def apply(self, *args):
            threads["apply"].add(threading.current_thread().name)
            return self.rules.apply(*args)

        def legal_actions(self, *args):
            threads["legal"].add(threading.current_thread().name)
            return self.rules.legal_actions(*args)

    def draw(view, lang="en"):
        threads["draw"].add(threading.current_thread().name)
        return real_draw(view, lang)

    # The clicks of a placement, found before watching (the test's own look at the controls is not the bot's).
    tb = table(h)
    _, controls = controls_for(h.client.service, tb, str(alice))
    path = _path_to(controls[0], lambda a: a["type"] == "place")
    post, custom_id = controls_post(h, alice), f"lotr:m:{tb.id}:{tb.decision_id}:{controls[0].key}"
    svc.rules_for = lambda game: Watched(real_rules(game))
    monkeypatch.setattr(render.confrontation, "draw_board", draw)
    for key in path:
        posts = await h.click(alice, post, custom_id, values=[key])
        post = next((p for p in posts if p.where == "ephemeral" and p.custom_ids()), None)
        custom_id = post.custom_ids()[0] if post else ""
    assert table(h).seq == tb.seq + 1
    assert controls_post(h, int(svc.waiting_for(h.channel_id)[0]))  # the next player got their controls
    main = threading.main_thread().name
    assert all(names and main not in names for names in threads.values()), threads


def test_placement_controls_never_list_the_15120_placements():
    """Each placement click rebuilds the controls: they must read one placement and ask the engine
    whether the chosen one is legal, not walk all 15,120 (100-280 ms each time)."""
    import engine
    from bot.controls import confrontation as controls

    rules = engine.get_rules("confrontation")
    state = rules.new_game(["a", "b"], {}, 3)
    legal = rules.legal_actions(state, "a")

    class Counted:
        def __init__(self):
            self.items = 0

        def __len__(self):
            return len(legal)

        def __getitem__(self, i):
            self.items += 1
            return legal[i]

        def __iter__(self):
            raise AssertionError("the placements were listed")

        def __contains__(self, action):
            return action in legal

    counted = Counted()
    [menu] = controls.controls(rules.view(state, "a"), counted, "en")
    while True:
        option = menu.options[-1]
        if option.action is not None:
            break
        menu = option.submenu()
    assert option.action in legal and counted.items <= 2
    assert sorted(option.action["placement"]) == sorted(legal[0]["placement"])


async def test_rules_and_card_look_ups_are_acknowledged_before_reading_the_store_or_drawing(
        harness: Harness, monkeypatch):
    from bot import lookups
    from tests.bot.test_lookups import command, only
    h = harness
    seen: list[tuple[str, bool]] = []

    def spy(name, real):
        def call(*args, **kw):
            seen.append((name, bool(_current(h).get("_answered"))))
            return real(*args, **kw)
        return call

    store = service(h).store
    monkeypatch.setattr(store, "guild_settings", spy("guild_settings", store.guild_settings))
    monkeypatch.setattr(lookups, "draw_card", spy("draw_card", lookups.draw_card))
    alice = h.user("alice")   # a German Discord: the language is the server's, read from the store
    only(await command(h, alice, "rules", locale="de", game="lcg", topic="lcg:surge"), "ephemeral")
    post = only(await command(h, alice, "card", locale="de", name="confrontation:frodo"), "ephemeral")
    assert post.files
    assert [name for name, _ in seen] == ["guild_settings", "guild_settings", "draw_card"]
    assert all(acknowledged for _, acknowledged in seen), seen
