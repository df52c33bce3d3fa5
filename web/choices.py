"""A seat's controls on its page: the game's own controls (bot/controls/, built from `legal_actions` and the
seat's view, as Discord's are) described for the template `controls.html`, nothing decided here.

A button is a submit button; a menu's options are buttons too (a select when there are many); a multi-select
is a set of check boxes and one button; a menu whose options only show a text (a card to read) is a list to
unfold. A nested menu is a choice step by step: an option opening a further menu leads to the page showing
that menu alone (`step`, its path), with the choices made so far and a way back. Every form works without
the page's script (web/static/act.js sends them with fetch when it runs).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import games
from bot.controls import Button, Control, Menu

SELECT_OVER = 12  # a menu with more options than this is a select list rather than buttons


@dataclass
class Shown:
    """One control of the page: kind "buttons", "menu", "several" or "notes"."""

    kind: str
    legend: str = ""
    path: str = ""  # a menu's path (its key, then the option keys chosen to reach it), dotted
    items: list[tuple[str, str, str]] = field(default_factory=list)  # (label, key or note, description / style)
    select: bool = False


@dataclass
class Controls:
    shown: list[Shown]
    trail: list[str] = field(default_factory=list)  # the labels chosen so far, in a step


def offered(table_game: str, view: dict, legal: list[dict], lang: str) -> list[Control]:
    """The seat's controls, in `lang`: the game's controls (bot/controls/<game>.py) over its legal actions."""
    declared = games.get(table_game).controls
    return declared().controls(view, legal, lang) if legal and declared is not None else []


def describe(controls: list[Control], step: list[str]) -> Controls:
    """The controls as the page shows them: all of them, or at a step (a path into a menu still offered)
    that menu alone, with the labels of the options chosen to reach it."""
    if step:
        top = next((c for c in controls if isinstance(c, Menu) and c.key == step[0]), None)
        trail, menu = _walk(top, step[1:]) if top is not None else ([], None)
        if menu is not None:
            return Controls([_menu(menu, ".".join(step))], trail)
    shown: list[Shown] = []
    for control in controls:
        if isinstance(control, Button):
            if not shown or shown[-1].kind != "buttons":
                shown.append(Shown("buttons"))
            shown[-1].items.append((control.label, control.key, control.style))
        else:
            shown.append(_menu(control, control.key))
    return Controls(shown)


def _walk(menu: Menu, keys: list[str]) -> tuple[list[str], Menu | None]:
    trail: list[str] = []
    for key in keys:
        option = next((o for o in menu.options if o.key == key), None)
        following = option.submenu() if option is not None and option.action is None else None
        if following is None:
            return trail, None
        trail.append(option.label if option is not None else key)
        menu = following
    return trail, menu


def _menu(menu: Menu, path: str) -> Shown:
    options = [o for o in menu.options if not o.back]  # "back" is the page's own way back
    if options and all(o.note and o.action is None and o.menu is None for o in options):
        return Shown("notes", menu.placeholder, path, [(o.label, o.note, o.description) for o in options])
    items = [(o.label, o.key, o.description) for o in options if o.action is not None or o.menu is not None]
    if menu.then is not None:
        return Shown("several", menu.placeholder, path, items)
    return Shown("menu", menu.placeholder, path, items, select=len(items) > SELECT_OVER)
