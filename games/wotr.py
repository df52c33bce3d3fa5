"""War of the Ring's declaration. Part 1 of the engine (issue 10) is built: two players only (3-4 come
with part 3), and no Discord controls yet, so the bot does not offer the game; lotr-console plays it."""
from __future__ import annotations

from engine.kernel import Rules
from games import Game
from games.protocols import BoardRenderer, ConsoleHooks, Presenter


def _rules() -> Rules:
    from engine.wotr import RULES
    return RULES


def _presenter() -> Presenter:
    from present import wotr
    return wotr


def _board() -> BoardRenderer:
    from render import wotr
    return wotr


def _console() -> ConsoleHooks:
    from table.consoles import wotr
    return wotr


GAME = Game(id="wotr", rules=_rules, seats=(2, 2), presenter=_presenter, namespace="wotr",
            board=_board, console=_console)
