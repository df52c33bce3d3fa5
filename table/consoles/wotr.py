"""War of the Ring in lotr-console: two players (the first seat plays the Free Peoples), the status
(turn, decision, Fellowship, Hunt, dice, politics, the reader's hand), then the last events."""
from __future__ import annotations

import argparse

from i18n import t
from present import wotr as p

DEFAULT_PLAYERS = 2
NARROW = True
SHOW_OPENING = True  # the first turn's draws happen while setting up


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--side", choices=p.SIDES, default="free_peoples", help="the side you play")


def options(args: argparse.Namespace) -> dict:
    return {}


def own_options(args: argparse.Namespace) -> dict:
    return {}


def choices(view: dict, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]:
    return [(p.describe_action(a, view, lang), [a]) for a in legal]


def command(view: dict, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
    return None  # no words of its own at the prompt


def your_seat(args: argparse.Namespace, players: int) -> int:
    return p.SIDES.index(getattr(args, "side", None) or "free_peoples")


def title(lang: str) -> str:
    return t("present_wotr.console.title", lang)


def seat_lines(view: dict, names: dict[str, str], lang: str) -> list[str]:
    return [p.capital(t("present_wotr.console.seat", lang, side=p.name(side, lang), player=names.get(pid, pid)))
            for side, pid in (view.get("players") or {}).items()]


def screen(view: dict, names: dict[str, str], lang: str) -> list[str]:
    out = [p.status(view, lang, names)]
    log = view.get("log") or []
    if log:
        out.append(t("table.console.log", lang))
        out += ["  " + p.describe_event(event, view, lang, names) for event in log[-8:]]
    return out
