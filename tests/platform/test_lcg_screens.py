"""What a Card Game player sees at a busy table built with the engine: the console screen (the quest, the
staging area, each player's heroes, allies, attachments and engaged enemies with their current stats)
and its numbered choices (two copies of a card are one choice; a card's ways to pay are asked next), and
the board image. The text is compared with a snapshot and the image with a golden image.

After an intended change: UPDATE_GOLDEN=1 pytest tests/platform/test_lcg_screens.py, then read
tests/platform/snapshots/lcg_screens_*.txt and look at tests/render/golden/lcg_screen_*.png before
committing them.
"""
from __future__ import annotations

import pytest

from i18n import LANGUAGES
from render import lcg as rl
from table.consoles import lcg as console
from tests.lcg.helpers import (
    R,
    at_window,
    game,
    hero,
    place_ally,
    place_attachment,
    place_encounter,
    res,
    until,
)
from tests.platform.helpers import assert_matches_snapshot
from tests.render.golden_images import assert_matches_golden

NAMES = {"a": "Ann", "b": "Bob"}
CARDS = ["guard_of_the_citadel", "faramir", "son_of_arnor", "snowbourn_scout", "silverlode_archer",
         "longbeard_orc_slayer", "brok_ironfist", "steward_of_gondor", "celebrians_stone", "sneak_attack",
         "ever_vigilant", "gandalf", "blade_of_gondolin", "citadel_plate", "feint", "quick_strike", "swift_strike"]


def busy_table():
    """Round 1's planning window of the first scenario of a 2-player campaign, with a little of everything
    in play; Ann holds two Guards of the Citadel and Gandalf."""
    decks = {"a": {"heroes": ["aragorn", "gloin", "theodred"], "cards": [c for c in CARDS for _ in range(3)]},
             "b": {"heroes": ["legolas", "gimli", "thalin"], "cards": [c for c in CARDS for _ in range(3)]}}
    s = game(("a", "b"), seed=4, decks=decks, campaign="standard",
             scenarios=["passage_through_mirkwood", "journey_down_the_anduin"])
    s = until(s, at_window("planning"))
    for p in "ab":
        pl = s["players"][p]
        pl["deck"] += pl["hand"]
        pl["hand"] = [u for u in pl["deck"] if s["ids"][u] == "guard_of_the_citadel"][:2] if p == "a" else []
        pl["deck"] = [u for u in pl["deck"] if u not in pl["hand"]]
        for h in pl["heroes"]:
            res(s, h, 0)
    s["players"]["a"]["hand"].append(next(u for u in s["players"]["a"]["deck"] if s["ids"][u] == "gandalf"))
    s["players"]["a"]["deck"].remove(s["players"]["a"]["hand"][-1])
    for u in list(s["staging"]):
        s["staging"].remove(u)
        del s["inplay"][u]
        s["edeck"].insert(0, u)
    aragorn, gloin, gimli, legolas = (hero(s, p, h) for p, h in (("a", "aragorn"), ("a", "gloin"),
                                                                  ("b", "gimli"), ("b", "legolas")))
    res(s, aragorn, 2), res(s, gloin, 3), res(s, hero(s, "a", "theodred"), 1)
    place_attachment(s, "a", "steward_of_gondor", gloin)
    place_attachment(s, "a", "celebrians_stone", aragorn)
    place_ally(s, "a", "son_of_arnor")
    place_attachment(s, "b", "citadel_plate", gimli)
    s["inplay"][gimli]["dmg"] = 2
    s["inplay"][legolas]["exhausted"] = True
    place_ally(s, "b", "snowbourn_scout")
    place_encounter(s, "king_spider", "staging")
    place_encounter(s, "old_forest_road", "staging")
    s["inplay"][place_encounter(s, "mountains_of_mirkwood", "active")]["prog"] = 1
    spider = place_encounter(s, "forest_spider", "b")
    s["inplay"][spider]["dmg"] = 1
    shadow = next(u for u in s["edeck"])
    s["edeck"].remove(shadow)
    s["inplay"][spider]["shadow"] = [shadow]
    s["quest"]["prog"] = 2
    return s


def screen(s, player, lang: str) -> str:
    """The console screen of `player` (as table/console.py prints it), then the numbered choices and, for
    the first card with several ways to pay, the second question."""
    view = R.view(s, player)
    lines = console.screen(view, NAMES, lang)
    options = console.choices(view, R.legal_actions(s, player), lang)
    lines += [f"  {i:>3}. {label}" for i, (label, _) in enumerate(options, start=1)]
    group = next(g for _, g in options if len(g) > 1)
    from present import lcg as text
    lines += [f"      {i:>3}. {text.describe_action(a, view, lang)}" for i, a in enumerate(group, start=1)]
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_console_screen_matches_the_snapshot(lang):
    text = screen(busy_table(), "a", lang) + "\n"
    assert_matches_snapshot(text, f"lcg_screens_{lang}")


def test_the_screen_says_what_the_issue_asked_for():
    s = busy_table()
    text = screen(s, "a", "en")
    assert "Passage Through Mirkwood · campaign 1/2, standard, score so far 0" in text
    assert "Quest: Flies and Spiders (stage 1) — progress 2/8" in text
    assert "Active location: Mountains of Mirkwood" in text and "progress 1/3" in text
    assert "Staging area (threat 3):" in text and "Old Forest Road          THR 1  · progress 0/3" in text
    assert "Gimli                    WP 2  ATK 4  DEF 2  HP 7/9  · ready, 2 damage" in text  # Citadel Plate: +4
    assert "        + Citadel Plate\n" in text
    assert "Legolas" in text and "exhausted" in text
    assert "shadow: a face-down card" in text
    # Two Guards of the Citadel in hand: one choice; its payments come next.
    choices = [line for line in text.splitlines() if "Guard of the Citadel" in line and line.lstrip()[:1].isdigit()]
    assert len(choices) == 1 + (len([x for x in text.splitlines() if "Play Guard of the Citadel (pay:" in x]))
    assert "ways to pay" in choices[0]
    legal = R.legal_actions(s, "a")
    guards = [a for a in legal if a.get("card") in s["players"]["a"]["hand"][:2]]
    assert len({a["card"] for a in guards}) == 2  # the engine does offer both copies
    # In Discord too: one menu option for the two copies, opening the payments.
    from bot.controls import Menu
    from bot.controls import lcg as controls
    menus = [c for c in controls.controls(R.view(s, "a"), legal, "en") if isinstance(c, Menu)]
    labels = [o.label for m in menus for o in m.options]
    assert sum("Guard of the Citadel" in x for x in labels) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_board_image_matches_its_golden(lang):
    s = busy_table()
    assert_matches_golden(rl.table_image(R.view(s, "a"), lang), f"lcg_screen_busy_{lang}")
