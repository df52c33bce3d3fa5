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
from bot.controls import About, Button, Control, Menu, fingerprint

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


@dataclass(frozen=True)
class Pick:
    """How the page picks one thing of the board (a control's `about`: a region, a die, a card...) at the
    seat's current step: a button's key, or a menu's path (dotted) and the option's key, as a form sends them."""

    label: str
    button: str = ""
    path: str = ""
    key: str = ""
    several: bool = False  # one of a multi-select's options: a check box, sent with the others picked


DEEP = ("card",)   # things also looked for below the step's own questions: a card in hand, under its die
DEEP_LEVELS = 3    # ...at most this many menus down, through options naming a die or several such things
THROUGH = ("die",)
MENUS_OPENED = 30  # menus built at most while looking (they are built on demand: a click builds one)


def picks(controls: list[Control], step: list[str]) -> dict[tuple[str, str], Pick]:
    """Every board thing the seat may pick at `step` (or at the top), each with the first control that
    picks it: the step's own choices first (an area's regions opened to reach each region), then, a few
    menus down, the DEEP things (a card in hand under the die, then the kind of action naming its cards,
    that play it). Empty when the game's controls say nothing of the board."""
    out: dict[tuple[str, str], Pick] = {}
    top = [c for c in controls if isinstance(c, Menu) and step and c.key == step[0]]
    menu = top[0].find(step[1:]) if top else None
    shown = [menu] if menu is not None else controls
    if not any(c.about if isinstance(c, Button) else any(o.about for o in c.options) for c in shown):
        return out
    queue: list[tuple[Menu, str, int, bool]] = []  # a menu, its path, how deep, whether it is the step's own
    for control in shown:
        if isinstance(control, Button):
            if len(control.about) == 1:
                out.setdefault(control.about[0], Pick(control.label, button=control.key))
        else:
            queue.append((control, ".".join(step) if menu is not None else control.key, 0, True))
    opened = 0
    while queue:
        current, path, depth, own = queue.pop(0)
        for option in current.options:
            if len(option.about) == 1 and (own or option.about[0][0] in DEEP) and (option.action or option.menu):
                label = f"{option.label} — {option.description}" if option.description else option.label
                out.setdefault(option.about[0], Pick(label, path=path, key=option.key, several=current.then is not None))
            area = len(option.about) > 1  # an option opening a choice among these things (an area's regions)
            kind = option.about[0][0] if option.about else ""
            through = depth < DEEP_LEVELS and (kind in THROUGH or area and kind in DEEP)
            if option.menu is not None and (area and own or through) and opened < MENUS_OPENED:
                following = option.submenu()
                opened += 1
                if following is not None:
                    queue.append((following, f"{path}.{option.key}", depth + (not area), own and area))
    return out


MENUS_SEARCHED = 400  # menus built at most while looking for one action (a die's actions: some dozens)


def locate(controls: list[Control], key: str) -> dict | None:
    """The action of the seat's controls whose fingerprint (bot/controls' `fingerprint`) is `key`: a
    button's, or an option's reached through the menus as a player choosing step by step reaches it (so a
    board's shortcut takes only what the menus offer, and a forged key finds nothing). A multi-select's
    options are picked with the others, not here."""
    queue: list[Menu] = []
    for control in controls:
        if isinstance(control, Button):
            if fingerprint(control.action) == key:
                return control.action
        else:
            queue.append(control)
    opened = 0
    while queue:
        menu = queue.pop(0)
        for option in menu.options:
            if option.action is not None and menu.then is None and fingerprint(option.action) == key:
                return option.action
            if option.action is None and option.menu is not None and opened < MENUS_SEARCHED:
                opened += 1
                following = option.submenu()
                if following is not None:
                    queue.append(following)
    return None


def follow_up(view: dict, action: dict, region: str) -> list[dict]:
    """The follow-up the view's decision names for `action` begun at `region` (`starts`: the army there that
    moves), to be taken at once if the game offers it then (ActionCore.take's `then`)."""
    starts = (view.get("decision") or {}).get("starts") or []
    return [s["then"] for s in starts if s["action"] == action and s["region"] == region and s.get("then")][:1]


@dataclass(frozen=True)
class Step:
    """Where the seat stands in a menu, for a board that shows it: what the step's question is about (the
    region to fill, the card being paid for: its menu's `about`), what each earlier step chose (its question's
    thing and the chosen option's), the step's own options with the things each involves (a way to pay: its
    heroes), and the path of the step before (just the menu's key: the first step)."""

    asked: About = ()
    chosen: tuple[tuple[About, About], ...] = ()
    options: tuple[tuple[Pick, About], ...] = ()
    before: str = ""


def where(controls: list[Control], step: list[str]) -> Step:
    """The seat's Step at `step` (a path into a menu still offered); at the top, the first menu's question
    that is about something (the placement's first region), no step before it."""
    top = next((c for c in controls if isinstance(c, Menu) and step and c.key == step[0]), None)
    if top is None:
        return Step(asked=next((c.about for c in controls if isinstance(c, Menu) and c.about), ()))
    menu, chosen = top, []
    for key in step[1:]:
        option = next((o for o in menu.options if o.key == key), None)
        following = option.submenu() if option is not None and option.action is None else None
        if option is None or following is None:
            return where(controls, [])
        chosen.append((menu.about, option.about))
        menu = following
    options = tuple((Pick(o.label, path=".".join(step), key=o.key, several=menu.then is not None), o.about)
                    for o in menu.options if o.action is not None or o.menu is not None)
    return Step(menu.about, tuple(chosen), options, ".".join(step[:-1]))


@dataclass(frozen=True)
class Play:
    """What a game's board on a seat's page needs to be played on (a game's web_map and web_panels): where
    its forms go and their hidden fields (the session's CSRF token, the decision and seq the page was drawn
    at), what may be picked on the board, and the buttons of the step (a battle's "no card", "Pass")."""

    act: str
    csrf: str
    decision: int
    seq: int
    picks: dict[tuple[str, str], Pick]
    buttons: list[tuple[str, str, str]]  # (label, key, style)
    step: Step = Step()
    back: str = ""  # the page at the step before, when the seat is some steps into a menu
    stepped: bool = False  # the page shows a step into a menu (a question chosen already), not every choice

    def pick(self, kind: str, thing: str) -> Pick | None:
        return self.picks.get((kind, thing))

    def others(self) -> list[tuple[str, str, str]]:
        """The step's buttons that pick nothing of the board ("no card", "Pass"): shown beside the board's own."""
        picked = {p.button for p in self.picks.values()}
        return [b for b in self.buttons if b[1] not in picked]
