"""Pure game rules: one sub-package per game on the shared kernel (engine/kernel.py)."""
from __future__ import annotations

import importlib

from engine.kernel import BadSave, IllegalAction, Rng, Rules

GAMES = ("confrontation", "fellowship", "lcg", "wotr")

__all__ = ["GAMES", "BadSave", "IllegalAction", "Rng", "Rules", "available_games", "get_rules"]


def get_rules(name: str) -> Rules:
    """The rules object of a game by id, e.g. get_rules("confrontation")."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"engine.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{name}":
            raise NotImplementedError(f"the {name} engine is not built yet") from exc
        raise
    if not hasattr(module, "RULES"):
        raise NotImplementedError(f"the {name} engine is not complete yet")
    return module.RULES


def available_games() -> list[str]:
    """The games whose engine exists in this checkout."""
    out = []
    for name in GAMES:
        try:
            get_rules(name)
        except NotImplementedError:
            continue
        out.append(name)
    return out
