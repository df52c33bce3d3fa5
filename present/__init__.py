"""Game-specific text (no rules): how each game's actions, events and status read in fr/en.

`get_presenter(game)` returns a module with describe_action(action, view, lang),
describe_event(event, view, lang) and status(view, lang). See docs/platform.md.
"""
from __future__ import annotations

import importlib
from types import ModuleType

PRESENTERS = ("confrontation", "fellowship", "lcg")


def get_presenter(game: str) -> ModuleType:
    if game not in PRESENTERS:
        raise KeyError(f"no presenter for {game!r}; known: {', '.join(PRESENTERS)}")
    return importlib.import_module(f"present.{game}")
