"""La Communauté's declaration: the one place that tells the platform where each part of the game is."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import Rules
from engine.options.fellowship import DEFAULTS, LEFT_OUT
from games import Game, Option, Options, Preset
from games.protocols import BoardRenderer, CardSpecs, ConsoleHooks, Controls, Presenter, RulesCards

if TYPE_CHECKING:  # the declaration loads no engine until a table needs its rules
    from engine.fellowship.action_types import FellowshipAction
    from engine.fellowship.view_types import FellowshipView


def _rules() -> Rules[FellowshipAction, FellowshipView]:
    from engine.fellowship import RULES
    return RULES


def _presenter() -> Presenter[FellowshipView]:
    from present import fellowship
    return fellowship


def _board() -> BoardRenderer[FellowshipView]:
    from render import fellowship
    return fellowship


def _controls() -> Controls[FellowshipView]:
    from bot.controls import fellowship
    return fellowship


def _console() -> ConsoleHooks[FellowshipView]:
    from table.consoles import fellowship
    return fellowship


def _cards() -> CardSpecs:
    from render.card_specs import fellowship
    return fellowship


def _rules_cards() -> RulesCards:
    from reference.cards import fellowship
    return fellowship


def _bot(level: str, view: dict, legal: list[dict], seed: int) -> dict:
    from ai import fellowship
    return fellowship.choose(view, legal)


# Seats are taken at random in Discord: which hobbit a seat gets depends on who stays home at 3 players.
OPTIONS = Options(
    options=(Option("left_out", LEFT_OUT, DEFAULTS["left_out"], "--left-out",
                    help="with 3 players: the hobbit who stays home"),),
    presets=(Preset("standard"), Preset("merry_stays", {"left_out": "merry"})))

GAME = Game(id="fellowship", rules=_rules, seats=(3, 4), presenter=_presenter, namespace="fellowship",
            board=_board, controls=_controls, console=_console, cards=_cards, rules_cards=_rules_cards,
            bot=_bot, bot_levels=("normal",), options=OPTIONS)
