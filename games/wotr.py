"""War of the Ring's declaration: 2 to 4 players (3-4 play as teams: engine/wotr/seats.py), played in Discord
(bot/controls/wotr.py) and in lotr-console. Its players play over days: each DM recalls what happened
since the reader's last move (`catch_up`)."""
from __future__ import annotations

from engine.kernel import Rules
from games import Game
from games.protocols import BoardRenderer, CardSpecs, ConsoleHooks, Controls, Presenter, RulesCards


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


def _cards() -> CardSpecs:
    from render.card_specs import wotr
    return wotr


def _rules_cards() -> RulesCards:
    from reference.cards import wotr
    return wotr


def _bot(level: str, view: dict, legal: list[dict], seed: int) -> dict:
    from ai import wotr_bot
    return wotr_bot.decide(level, view, legal, seed)


GAME = Game(id="wotr", rules=_rules, seats=(2, 4), presenter=_presenter, namespace="wotr",
            board=_board, controls=_controls, console=_console, cards=_cards, rules_cards=_rules_cards,
            catch_up=True, bot=_bot)
