"""What a La Communauté player sees, in a few real positions built with the engine: the console screen
(status, the road ahead of each hobbit, the numbered actions), the Discord move menus and the board
images. The text is compared with a snapshot and the images with golden images.

After an intended change: UPDATE_GOLDEN=1 pytest tests/platform/test_fellowship_screens.py, then read
tests/platform/snapshots/fellowship_screens_*.txt and look at tests/render/golden/fellowship_screen_*.png
before committing them.
"""
from __future__ import annotations

import random

import pytest

from bot.controls import Menu
from bot.controls import fellowship as controls
from i18n import LANGUAGES
from present import fellowship as pf
from render import fellowship as rf
from tests.fellowship.helpers import R, at_fight, at_move, game, place, set_stage
from tests.platform.helpers import assert_matches_snapshot
from tests.render.golden_images import assert_matches_golden


def _first_to_move(s):
    s["turn"]["strength"] = {}  # nobody has chosen their dice yet this turn
    return s


def weathertop_taken():
    """Stage 2: the ring-bearer (Frodo, space 10) must stop before Weathertop, where Sam stands."""
    s = place(set_stage(game(4), 2), p0=10, p1=12, p2=3, p3=4)
    s["ring"] = "p0"
    return _first_to_move(at_move(s, "p0", [4, 2], mp=2, fights=True)), "p0"


def finish_blocked():
    """Stage 1: Sam, three spaces from Bree, rolled 1 and 3: only the 1 may end the stage."""
    s = place(game(4), p0=5, p1=20, p2=3, p3=4)
    return _first_to_move(at_move(s, "p1", [1, 3], mp=2, fights=True)), "p1"


def fight_with_companions():
    """Stage 3: Merry leads against a cave troll, with a weapon, Gimli and Boromir; one movement point."""
    s = place(set_stage(game(4), 3), p0=8, p1=5, p2=12, p3=2)
    s["p"]["p2"].update(weapon="orc_pack", companions=["gimli", "boromir"], mp=1)
    s = at_fight(s, "cave_troll", strength={"p2": 4}, fight_die=3)
    s["turn"]["movement_die"] = {q: 2 for q in s["players"]}  # everyone has moved this turn
    return s, "p2"


def game_over():
    s = R.new_game(["p0", "p1", "p2"], {}, 21)
    rng = random.Random(21)
    while R.result(s) is None:
        player = R.waiting_for(s)[0]
        s, _ = R.apply(s, player, rng.choice(R.legal_actions(s, player)))
    return s, None


POSITIONS = {"weathertop_taken": weathertop_taken, "finish_blocked": finish_blocked,
             "fight_with_companions": fight_with_companions, "game_over": game_over}


def screen(state, player, lang: str) -> str:
    """The console screen of `player` (as table/console.py prints it), then their Discord menus."""
    view = R.view(state, player)
    lines = [pf.status(view, lang)] + ["  " + line for line in pf.track_lines(view, lang)]
    legal = R.legal_actions(state, player) if player else []
    lines += [f"  {i:>3}. {pf.describe_action(a, view, lang)}" for i, a in enumerate(legal, start=1)]
    for control in controls.controls(view, legal, lang):
        if isinstance(control, Menu):
            lines.append(f"  [menu] {control.placeholder}")
            lines += [f"    - {o.label} ({o.description})" for o in control.options]
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_console_and_discord_text_match_the_snapshot(lang):
    text = "\n\n".join(f"## {name}\n{screen(*make(), lang)}" for name, make in POSITIONS.items()) + "\n"
    assert_matches_snapshot(text, f"fellowship_screens_{lang}")


def test_the_screens_say_what_the_issue_asked_for():
    """The points of issue #14, read on the English screens."""
    weathertop = screen(*weathertop_taken(), "en")
    assert "Frodo on space 10 → 11 · 12 Weathertop Sam · 13" in weathertop
    assert "→ space 11, Weathertop: Sauron's die" in weathertop and "pay 1 movement point" in weathertop
    blocked = screen(*finish_blocked(), "en")
    assert "With the 3 you cannot reach Bree: only the smaller die ends a stage." in blocked
    assert "→ Bree, the end of the stage" in blocked and "Move 1 space with the 1" in blocked
    fight = screen(*fight_with_companions(), "en")
    assert "Totals: 8 against 9 + Sauron's die (a tie wins)" in fight
    assert "Fight with Boromir (strength 3, −1 hero point at the end) (wins on 2 faces in 6)" in fight
    over = screen(*game_over(), "en")
    assert "hero points, companions" in over


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_board_images_match_their_golden(name):
    state, player = POSITIONS[name]()
    lang = "fr" if name in ("fight_with_companions", "finish_blocked") else "en"
    assert_matches_golden(rf.board_image(R.view(state, player), lang), f"fellowship_screen_{name}_{lang}")
