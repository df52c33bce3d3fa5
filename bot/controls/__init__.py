"""Controls: how a game's legal actions become Discord components, described without discord.py.

A game's module (bot/controls/<game>.py) turns (private view, legal actions, lang) into a list of
`Button`s and `Menu`s. It never decides legality: every action it offers comes from `legal_actions`.
The bot renders these descriptions (bot/components.py) and, on a click, rebuilds them from the current
legal actions to find what was clicked, so a custom id only needs to carry a short key.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import games

if TYPE_CHECKING:
    from table.models import Table
    from table.service import TableService

# What a control stands for on the board, for a page that lets one pick it there (a region on the map, a die,
# a card in the hand): (kind, id) pairs such as ("region", "minas_tirith"); several when an option opens a
# choice among them (an area's regions), or, for an action, the things it involves (the heroes paying).
# Discord shows none of it.
About = tuple[tuple[str, str], ...]

# A key is the short word in a custom id that names a control: letters, digits, "_" and "-" only
# (":" and "." separate the parts of a custom id).
KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_-")


def fingerprint(action: dict) -> str:
    """A short, stable key for an action, for controls that have no natural key."""
    text = json.dumps(action, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:10]


@dataclass
class Button:
    label: str
    action: dict
    style: str = "secondary"  # primary, secondary, success, danger
    key: str = ""
    about: About = ()

    def __post_init__(self):
        self.key = self.key or fingerprint(self.action)


@dataclass
class Option:
    """One entry of a menu: it either is an action, or opens a further menu (e.g. piece -> destination)."""

    label: str
    key: str
    action: dict | None = None
    # The next menu, or a function building it: large trees (15 120 placements) are built only along
    # the path a player actually takes.
    menu: Menu | Callable[[], Menu] | None = None
    description: str = ""
    # Neither an action nor a menu: a text shown privately to whoever picks it (a card to read), the
    # controls staying as they were; with `back`, the sub-menu it closes is left without choosing anything.
    note: str = ""
    back: bool = False
    about: About = ()

    def submenu(self) -> Menu | None:
        if callable(self.menu):
            self.menu = self.menu()
        return self.menu


@dataclass
class Menu:
    key: str
    placeholder: str
    options: list[Option] = field(default_factory=list)
    # Several options picked at once (Discord's multi-select): their actions are taken in the menu's order,
    # then `then` (committing characters, then Done). None: one option at a time.
    then: dict | None = None
    about: About = ()  # what its question is about on the board (the region to fill, the card paid for)

    def find(self, path: list[str]) -> Menu | None:
        """The sub-menu reached by choosing the option keys of `path` in turn."""
        menu: Menu | None = self
        for key in path:
            option = next((o for o in menu.options if o.key == key), None) if menu else None
            menu = option.submenu() if option else None
        return menu


Control = Button | Menu


def find_button(controls: list[Control], key: str) -> Button | None:
    return next((c for c in controls if isinstance(c, Button) and c.key == key), None)


def find_menu(controls: list[Control], path: list[str]) -> Menu | None:
    """The (sub-)menu named by path[0] (a top menu key) and then option keys."""
    if not path:
        return None
    top = next((c for c in controls if isinstance(c, Menu) and c.key == path[0]), None)
    return top.find(path[1:]) if top else None


def choose(controls: list[Control], path: list[str], values: list[str]) -> tuple[Option | None, list[dict]]:
    """What an answer to the menu at `path` picks among `controls`: the one option picked (an action, a
    further menu, a note), or, from a multi-select, no option and the actions to take (each picked
    option's in the menu's order, then its closing action). (None, []) when it names nothing offered."""
    menu = find_menu(controls, path)
    if menu is not None and menu.then is not None:
        picked = [o.action for o in menu.options if o.key in values and o.action is not None]
        return None, picked + [menu.then] if len(picked) == len(set(values)) else []
    return (next((o for o in menu.options if [o.key] == values), None) if menu else None), []


def controls_for(service: TableService, table: Table, player: str) -> tuple[dict, list[Control]]:
    """The player's view and the controls of their legal actions (none if they have nothing to do).
    Engine work: call it off the event loop."""
    view = service.view(table.channel_id, player)
    legal = service.legal_actions(table.channel_id, player)
    if not legal:
        return view, []
    controls = games.get(table.game).controls
    if controls is None:
        return view, []
    return view, controls().controls(view, legal, table.lang)
