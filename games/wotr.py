"""War of the Ring's declaration: two players (3-4 come with part 3 of the engine), played in Discord
(bot/controls/wotr.py) and in lotr-console. Its players play over days: each DM recalls what happened
since the reader's last move (`catch_up`)."""
from __future__ import annotations

from engine.kernel import Rules
from games import Game
from games.protocols import BoardRenderer, ConsoleHooks, Controls, Presenter


def _rules() -> Rules:
    from engine.wotr import RULES
    return RULES


def _presenter() -> Presenter:
    from present import wotr
    return wotr


def _board() -> BoardRenderer:
    from render import wotr
    return wotr


def _controls() -> Controls:
    from bot.controls import wotr
    return wotr


def _console() -> ConsoleHooks:
    from table.consoles import wotr
    return wotr


GAME = Game(id="wotr", rules=_rules, seats=(2, 2), presenter=_presenter, namespace="wotr",
            board=_board, controls=_controls, console=_console, catch_up=True)
