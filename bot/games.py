"""The one place where games are plugged into the bot.

A game is playable on Discord when its engine exists (engine.available_games()) and it is registered
here with its controls module; its board drawing and its texts come from render/ and present/.
Everything else in bot/ is the same for every game.
"""
from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import engine

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameSupport:
    game: str
    controls: str  # module path of the controls (see bot/controls/__init__.py)
    renderer: str | None  # module path exposing draw_board(view, lang) -> PNG bytes

    def controls_module(self) -> ModuleType:
        return importlib.import_module(self.controls)

    def presenter(self) -> ModuleType:
        import present

        return present.get_presenter(self.game)

    def drawer(self) -> Callable[[dict, str], bytes] | None:
        if self.renderer is None:
            return None
        try:
            return importlib.import_module(self.renderer).draw_board
        except (ImportError, AttributeError):  # a missing drawing must not stop a game: text only
            log.exception("no board drawing for %s", self.game)
            return None


REGISTRY: dict[str, GameSupport] = {
    "confrontation": GameSupport("confrontation", "bot.controls.confrontation", "render.confrontation"),
    "fellowship": GameSupport("fellowship", "bot.controls.fellowship", "render.fellowship"),
    "lcg": GameSupport("lcg", "bot.controls.lcg", "render.lcg"),
}


def playable() -> list[str]:
    """Games the bot offers: an engine exists and the bot has controls for it.

    Same answer as engine.available_games() ∩ REGISTRY, but asked game by game, so that an engine
    being written (importable but not finished) hides only itself."""
    out = []
    for game in REGISTRY:
        try:
            engine.get_rules(game)
        except Exception:  # any failure means "not playable"
            log.debug("%s is not playable", game, exc_info=True)
            continue
        out.append(game)
    return out


def support(game: str) -> GameSupport:
    return REGISTRY[game]
