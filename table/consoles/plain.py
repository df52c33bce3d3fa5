"""The console hooks of a game with nothing of its own there: no flags beyond those of its declared
options (games/options.py makes those), no option of the reader's own, no word of its own at the
prompt. A game's console module re-exports the ones it takes (`from table.consoles.plain import
options as options`) and writes the rest (ConsoleHooks, games/protocols.py)."""
from __future__ import annotations

import argparse

from engine.kernel import ViewEnvelope


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No flags beyond the declaration's."""


def options(args: argparse.Namespace) -> dict:
    return {}


def own_options(args: argparse.Namespace) -> dict:
    return {}


def command(view: ViewEnvelope, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
    return None
