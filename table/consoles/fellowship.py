"""La Communauté in lotr-console: 3 or 4 hobbits, who stays home in a 3-player game, and the status
(whose turn, dice, fight, every hobbit, the reader's own secrets), the road ahead of each hobbit, then
the log."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from i18n import t
from present import describe_events
from present import fellowship as p

# No flags but the declaration's (--left-out), no option of the reader's own, no word of its own at
# the prompt but `cards` / `read` (the characters): the plain hooks.
from table.consoles.plain import add_arguments as add_arguments
from table.consoles.plain import options as options
from table.consoles.plain import own_options as own_options
from table.consoles.plain import reading

if TYPE_CHECKING:
    from games.fellowship import FellowshipView

command = reading(p.hand_texts)  # `cards` / `read`: the characters' powers
DEFAULT_PLAYERS = 3
NARROW = True
SHOW_OPENING = True  # the first dice are rolled while setting up


def choices(view: FellowshipView, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
    return [(p.describe_action(a, view, lang), [a]) for a in legal]


def your_seat(args: argparse.Namespace, players: int) -> int:
    return 0


def title(lang: str) -> str:
    return t("present_fellowship.console.title", lang)


def seat_lines(view: FellowshipView, names: dict[str, str], lang: str) -> list[str]:
    return [t("table.console.you_are", lang, player=names.get(pl["id"], pl["id"]), side=p.name(pl["hobbit"], lang))
            for pl in view["players"]]


def screen(view: FellowshipView, names: dict[str, str], lang: str) -> list[str]:
    out = [p.status(view, lang, names)]
    out += ["  " + line for line in p.track_lines(view, lang, names)]  # the road ahead of each hobbit
    log = view["log"]
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + line for line in describe_events(p, log[-8:], view, lang, names)]
    return out
