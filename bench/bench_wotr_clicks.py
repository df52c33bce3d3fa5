"""Clicks per War of the Ring turn on the web page against answers per turn in Discord, for the same seeded game
and the same choices (issue 43's figure).

A seeded game is played by a seeded random policy (ai.wotr_playout_rules.random_action); for each action
chosen, both front-ends are asked how many answers reach it from the seat's controls (bot/controls/wotr.py,
built from the legal actions as both build them):

- Discord: one answer per select menu on the way (the die, the kind of action, an area, a region...) or one
  button;
- the page (web/choices.py): one click per step too, but a thing of the board the step offers (a lit region,
  a die, a card in the hand, a battle's choice: `picks`) is one click even when Discord reaches it through an
  area's menu or the die's and the action's menus; and while the seat chooses its die or action, an action
  a region lists (web/wotr_map.py's `starts`) is two clicks, the region and the action, the army there
  picked with it (its follow-up: the next action, when it is that, costs nothing).

    python bench/bench_wotr_clicks.py [--seed 3] [--turns 4] [--policy type]

Prints, per turn and side, the actions, Discord's answers and the page's clicks, then the totals."""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.wotr_playout_rules import random_action  # noqa: E402
from bot.controls import Button, Control, Menu, fingerprint  # noqa: E402
from bot.controls import wotr as controls_of  # noqa: E402
from engine import get_rules  # noqa: E402
from engine.wotr.types import WotrView  # noqa: E402
from web.choices import Play, picks  # noqa: E402
from web.wotr_map import starts  # noqa: E402

R = get_rules("wotr")


def route(controls: list[Control], action: dict) -> list[str]:
    """The keys that reach `action`: [a button's key], or [a menu's key, then each option's key]."""
    for control in controls:
        if isinstance(control, Button):
            if control.action == action:
                return [control.key]
        else:
            found = _in_menu(control, action)
            if found is not None:
                return [control.key, *found]
    raise LookupError(f"no control takes {action}")


def _in_menu(menu: Menu, action: dict) -> list[str] | None:
    for option in menu.options:
        if option.action == action:
            return [option.key]
        following = option.submenu() if option.action is None and option.menu is not None else None
        if following is not None and (deeper := _in_menu(following, action)) is not None:
            return [option.key, *deeper]
    return None


def discord_answers(keys: list[str], controls: list[Control]) -> int:
    """A button is one click; a menu, one select per option on the way."""
    return 1 if any(isinstance(c, Button) and c.key == keys[0] for c in controls) else len(keys) - 1


def page_clicks(keys: list[str], controls: list[Control]) -> int:
    """Clicks on the page: at each step, the board pick that goes furthest along the way (one click), else
    the step's own control (one click, one option further)."""
    if any(isinstance(c, Button) and c.key == keys[0] for c in controls):
        return 1
    step: list[str] = []  # the page's step: a menu's key and the options chosen in it so far
    clicks = 0
    while True:
        ahead = [[*p.path.split("."), p.key] for p in picks(controls, step).values() if not p.button]
        ahead = [a for a in ahead if a == keys[:len(a)] and len(a) > len(step)]
        step = max(ahead, key=len) if ahead else keys[:max(len(step), 1) + 1]
        clicks += 1
        if len(step) == len(keys):
            return clicks


BEGUN = 2  # a region, then the action in its list


def begun(view: dict, controls: list[Control], action: dict) -> tuple[int | None, dict | None]:
    """Clicks to take `action` from a region's list (None: no region lists it), and the follow-up taken with
    it (the army there) when the policy then picks that."""
    listed = starts(cast(WotrView, view), "en", Play("", "", 0, 0, picks(controls, []), []))
    key = fingerprint(action)
    regions = {r for r, items in listed.items() if any(item.key == key for item in items)}
    if not regions:
        return None, None
    follow = [x["then"] for x in view["decision"].get("starts") or [] if x["action"] == action and x.get("then")
              and x["region"] in regions]
    return BEGUN, follow[0] if len(follow) == 1 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="the game's seed and the policy's")
    parser.add_argument("--turns", type=int, default=4, help="turns played")
    parser.add_argument("--policy", default="type", choices=("type", "uniform", "quest"),
                        help="ai.wotr_playout_rules.random_action's policy")
    options = parser.parse_args()
    rnd = random.Random(options.seed)
    s = R.new_game(["fp", "sh"], {}, options.seed)
    rows: dict[tuple[int, str], list[int]] = {}  # (turn, side) -> [actions, Discord answers, page clicks]
    pending: tuple[dict, int, int] | None = None  # the last action's follow-up, its clicks, its region's list's
    while R.result(s) is None and s["turn"] <= options.turns:
        player = R.waiting_for(s)[0]
        legal = R.legal_actions(s, player)
        view = R.view(s, player)
        action = random_action(rnd, legal, options.policy)
        keys = route(controls_of.controls(view, legal, "en"), action)
        row = rows.setdefault((view["turn"], view["you"]), [0, 0, 0])
        row[0] += 1
        row[1] += discord_answers(keys, controls_of.controls(view, legal, "en"))
        clicks = page_clicks(keys, controls_of.controls(view, legal, "en"))
        if pending is not None and action == pending[0]:  # the last action's follow-up: the pair the fewer way
            counted, listed = pending[1], pending[2]
            clicks = min(counted + clicks, listed) - counted
        listed, follow = begun(view, controls_of.controls(view, legal, "en"), action)
        clicks = min(clicks, listed) if listed is not None else clicks
        pending = (follow, clicks, listed) if follow is not None and listed is not None else None
        row[2] += clicks
        s, _ = R.apply(s, player, action)
    print(f"War of the Ring, seed {options.seed}, policy {options.policy}: answers to reach each action chosen")
    print(f"{'turn':>4} {'side':<13} {'actions':>7} {'Discord':>8} {'page':>6}")
    totals = [0, 0, 0]
    for (turn, side), (n, discord, page) in sorted(rows.items()):
        print(f"{turn:>4} {side:<13} {n:>7} {discord:>8} {page:>6}")
        totals = [a + b for a, b in zip(totals, (n, discord, page), strict=True)]
    turns = len({turn for turn, _ in rows}) or 1
    print(f"{'all':>4} {'':<13} {totals[0]:>7} {totals[1]:>8} {totals[2]:>6}")
    print(f"per turn: Discord {totals[1] / turns:.1f} answers, page {totals[2] / turns:.1f} clicks "
          f"({turns} turns, {totals[0]} actions)")


if __name__ == "__main__":
    main()
