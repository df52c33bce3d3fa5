"""La Communauté's legal actions as buttons and menus (docs/fellowship.md, "Decisions and actions").

Only a mapping: every control carries an action taken from `legal`, never one made up here. The move
is one menu per movement die (its options: how many spaces, with the movement points it costs), so a
move is a single click; every other decision is a handful of buttons. Labels come from the presenter
(present/fellowship.py) and i18n; `view` is the deciding player's own view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.controls import Button, Control, Menu, Option
from games.fellowship import GAME
from i18n import t
from present import fellowship as text

if TYPE_CHECKING:
    from games.fellowship import FellowshipView


def preset_label(key: str, lang: str) -> str:
    """A preset of the declaration (games/fellowship.py)."""
    if key not in dict(GAME.presets()):
        return key
    return t(f"bot_fellowship.preset.{key}", lang)


def intro(lang: str) -> str:
    """Nothing to add when a game starts."""
    return ""


def controls(view: FellowshipView, legal: list[dict], lang: str) -> list[Control]:
    moves = [a for a in legal if a.get("type") == "move"]
    out: list[Control] = [*_move_menus(view, moves, lang)] if moves else []
    for action in legal:
        if action.get("type") != "move":
            out.append(Button(text.describe_action(action, view, lang), action, style=_style(action)))
    return out


def _move_menus(view: FellowshipView, moves: list[dict], lang: str) -> list[Menu]:
    """One menu per movement die: "Move with the 5 (strength 2)", one option per destination (the
    engine offers only the cheapest way to each): "3 spaces → space 12, Weathertop: Sauron's die"."""
    by_die: dict[int, list[dict]] = {}
    for a in moves:
        by_die.setdefault(a["die"], []).append(a)
    decision = view["decision"]
    notes = {(o["die"], o["steps"]): o for o in (decision.get("options") or [] if decision else [])}
    menus = []
    for die, actions in sorted(by_die.items()):
        strength = text._other_die(view, die)
        options = []
        for a in sorted(actions, key=lambda a: a["steps"]):
            cost = abs(a["steps"] - die)
            note = notes.get((die, a["steps"]))
            dest = text.destination(note, view, lang) if note else "?"
            label = t("bot_fellowship.steps", lang, steps=text.count(a["steps"], "spaces", lang), dest=dest) \
                if a["steps"] else t("bot_fellowship.stay", lang, dest=dest)
            description = t("bot_fellowship.cost", lang, points=text.count(cost, "movement", lang)) if cost \
                else t("bot_fellowship.free", lang)
            options.append(Option(label[:100], str(a["steps"]), action=a, description=description))
        placeholder = t("bot_fellowship.move_with", lang, die=die, strength=strength)
        menus.append(Menu(f"move{die}", placeholder, options[:25]))
    return menus


def _style(action: dict) -> str:
    kind = action.get("type")
    if kind in ("fight", "choose_companion") and (action.get("companion") or kind == "fight"):
        return "primary" if not action.get("companion") else "success"
    if kind == "reroll":
        return "success"
    if action.get("pay") is False or action.get("accept") is False or kind == "discard_weapon":
        return "secondary"
    if kind == "choose_companion":
        return "secondary"
    return "primary"
