"""War of the Ring in lotr-console: two players (the first seat plays the Free Peoples), the status
(turn, decision, Fellowship, Hunt, dice, politics, the reader's hand), every army and character, then
the last events. Choices are the questions of present/wotr_choices.py, as in Discord: the die, then the
action, then the piece, then where it goes."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from i18n import t
from present import describe_events
from present import wotr as p
from present import wotr_choices as ask

# No flags but the declaration's (--side), no option of the reader's own, no word of its own at
# the prompt: the plain hooks.
from table.consoles.plain import add_arguments as add_arguments
from table.consoles.plain import command as command
from table.consoles.plain import options as options
from table.consoles.plain import own_options as own_options

if TYPE_CHECKING:
    from games.wotr import WotrView

DEFAULT_PLAYERS = 2
NARROW = False  # the questions of wotr_choices narrow long lists already
SHOW_OPENING = True  # the first turn's draws happen while setting up


def choices(view: WotrView, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
    """The next question over `legal`: one line per choice, "(n choices)" after one that asks more, a
    card's ability with its text."""
    _, options = ask.step(view, legal, lang)
    out = []
    for c in options:
        text = p.ability_text(c.actions[0], lang) if len(c.actions) == 1 else ""   # a card's ability says what it does
        label = f"{c.label} ({c.note})" if c.note and len(c.actions) > 1 else c.label
        out.append((label + (f" — {text}" if text else ""), c.actions))
    return out


def your_seat(args: argparse.Namespace, players: int) -> int:
    return p.SIDES.index(getattr(args, "side", None) or "free_peoples")


def title(lang: str) -> str:
    return t("present_wotr.console.title", lang)


def first_number(options: list[tuple[str, list[dict]]]) -> int:
    """The Hunt allocation's menu is numbered by dice: 0 puts no die in the Hunt box, 1 one die..."""
    dice = [acts[0].get("dice") for _, acts in options if len(acts) == 1 and acts[0].get("type") == "allocate"]
    return 0 if len(dice) == len(options) and dice == list(range(len(dice))) else 1


def seat_lines(view: WotrView, names: dict[str, str], lang: str) -> list[str]:
    """Who plays what: each side's player; in a team game each seat's player with the seat's nations."""
    if view.get("seats"):
        return [p.capital(t("present_wotr.console.seat", lang, side=p.seat_nations(seat, lang),
                            player=names.get(pid, pid))) for seat, pid in (view.get("seats") or {}).items()]
    return [p.capital(t("present_wotr.console.seat", lang, side=p.name(side, lang), player=names.get(pid, pid)))
            for side, pid in view["players"].items()]


def screen(view: WotrView, names: dict[str, str], lang: str) -> list[str]:
    out = [p.status(view, lang, names), *p.board_lines(view, lang)]
    log = view["log"]
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + line for line in describe_events(p, log[-8:], view, lang, names)]
    return out
