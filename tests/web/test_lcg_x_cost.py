"""An X cost on the Card Game's page (bot/controls/lcg.py, web/lcg_play.py): the card, then its values of X as
buttons beside it in the card panel, then (when several) its ways to pay; exactly the engine's legal plays,
from a real position (Gandalf's Search, X paid by Glorfindel's resources)."""
from __future__ import annotations

import re
from html import unescape

from bot.controls import lcg as controls
from i18n import t
from present import lcg as words
from tests.lcg.helpers import R, hero, res, step, table, to_hand
from web import lcg_play
from web.choices import Play, describe, picks, where


def _position():
    s = table({"a": ["denethor", "glorfindel", "beravor"], "b": ["gimli", "legolas", "thalin"]})
    res(s, hero(s, "a", "glorfindel"), 3)
    s = step(s, {"type": "pass"}, "a") if s["decision"]["player"] != "a" else s
    return s, to_hand(s, "a", "gandalfs_search")


def _play(built, step_path: list[str]) -> Play:
    return Play("/t/1/me/act", "token", 1, 1, picks(built, step_path),
                [i for shown in describe(built, step_path).shown if shown.kind == "buttons" for i in shown.items],
                where(built, step_path))


def test_an_x_cost_is_the_card_then_its_values_as_buttons_beside_it():
    s, card = _position()
    legal = R.legal_actions(s, "a")
    view = R.view(s, "a")
    plays = [a for a in legal if a.get("card") == card]
    assert len({a["x"] for a in plays}) > 1
    built = controls.controls(view, legal, "en")
    top = next(c for c in built if hasattr(c, "options") and any(o.about == (("card", card),) for o in c.options))
    option = next(o for o in top.options if o.about == (("card", card),))
    x_menu = option.submenu()
    assert x_menu.key == "x" and x_menu.about == (("card", card),)
    assert [o.label for o in x_menu.options] == [f"X = {x}" for x in sorted({a["x"] for a in plays})]
    reached = []
    for o in x_menu.options:
        reached += [o.action] if o.action else [w.action for w in o.submenu().options if w.action]
    assert sorted(map(str, reached)) == sorted(map(str, plays)), "exactly the engine's plays of the card"
    html = unescape(lcg_play.panels(view, "en", _play(built, [top.key, option.key])))
    name = words.uid_label(card, view, "en")
    assert t("web.lcg.ways", "en", card=name) in html
    shown = re.findall(r'class="primary lcg-way"[^>]*>([^<]*)</button>', html)
    assert shown == [o.label for o in x_menu.options]
