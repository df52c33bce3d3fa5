"""Pure game rules: one sub-package per game on the shared kernel (engine/kernel.py).

The platform finds a game through its declaration (games/); `get_rules` is the engine's own shortcut
for its tests and tools: the `RULES` of the sub-package engine/<name>.
"""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from engine.kernel import AnyRules, BadSave, IllegalAction, Rng, Rules

__all__ = ["BadSave", "IllegalAction", "Rng", "Rules", "available_games", "get_rules"]


def get_rules(name: str) -> AnyRules:
    """The rules object of a game by id, e.g. get_rules("confrontation"); KeyError for no such engine,
    NotImplementedError for one being written."""
    if not name.isidentifier():
        raise KeyError(f"not a game id: {name!r}")
    try:
        module = importlib.import_module(f"engine.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{name}":
            raise KeyError(f"no engine {name!r}") from exc
        raise
    if not hasattr(module, "RULES"):
        raise NotImplementedError(f"the {name} engine is not complete yet")
    return module.RULES


def available_games() -> list[str]:
    """Every engine sub-package exposing RULES, for tests of the engines themselves (the platform's
    games are the declared ones, games.declared())."""
    out = []
    for info in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if info.ispkg:
            try:
                get_rules(info.name)
            except NotImplementedError:
                continue
            out.append(info.name)
    return sorted(out)
