"""The console hooks of a game with nothing of its own there: no flags beyond those of its declared
options (games/options.py makes those), no option of the reader's own, no word of its own at the
prompt. A game's console module re-exports the ones it takes (`from table.consoles.plain import
options as options`) and writes the rest (ConsoleHooks, games/protocols.py)."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from engine.kernel import ViewEnvelope
from i18n import t

# Reading cards: the same words in every game's terminal (the Card Game's `read N` reads one card).
READ_WORDS = ("cards", "read", "cartes", "lire")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No flags beyond the declaration's."""


def options(args: argparse.Namespace) -> dict:
    return {}


def own_options(args: argparse.Namespace) -> dict:
    return {}


def command(view: ViewEnvelope, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
    return None


def reading(texts_of: Callable[[Any, str], list[str]]) -> Callable[..., tuple[list[str], list[dict]] | None]:
    """The `command` hook of a game whose cards or characters read in full at the prompt (`cards`, `read`)."""
    def command(view: Any, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None:
        if answer.strip().lower() not in READ_WORDS:
            return None
        texts = texts_of(view, lang)
        lines = [line for text in texts for line in ("", *("  " + x for x in text.splitlines()))]
        return (lines or [t("console.no_cards", lang)]), []
    return command
