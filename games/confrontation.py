"""The Confrontation's declaration: the one place that tells the platform where each part of the game is."""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from engine.kernel import Rules
from engine.options.confrontation import DEFAULTS, MODES, SPECIAL_CARDS
from games import Game, Option, Options, Preset
from games.protocols import (
    BoardRenderer,
    CardSpecs,
    ConsoleHooks,
    Controls,
    HandTexts,
    Presenter,
    RulesCards,
    WebPanels,
)

if TYPE_CHECKING:  # the declaration loads no engine until a table needs its rules
    from engine.confrontation.action_types import ConfrontationAction
    from engine.confrontation.view_types import ConfrontationView


def _rules() -> Rules[ConfrontationAction, ConfrontationView]:
    from engine.confrontation import RULES
    return RULES


def _presenter() -> Presenter[ConfrontationView]:
    from present import confrontation
    return confrontation


def _hand_texts() -> HandTexts[ConfrontationView]:
    from present import confrontation
    return confrontation


def _board() -> BoardRenderer[ConfrontationView]:
    from render import confrontation
    return confrontation


def _controls() -> Controls[ConfrontationView]:
    from bot.controls import confrontation
    return confrontation


def _console() -> ConsoleHooks[ConfrontationView]:
    from table.consoles import confrontation
    return confrontation


def _cards() -> CardSpecs:
    from render.card_specs import confrontation
    return confrontation


def _rules_cards() -> RulesCards:
    from reference.cards import confrontation
    return confrontation


def _web_panels() -> WebPanels[ConfrontationView]:
    from web import confrontation_panels
    return confrontation_panels


def _bot(level: str, view: dict, legal: list[dict], seed: int) -> dict:
    from ai import make_player
    return make_player(level, seed).choose(view)


# Every mode, with or without special cards, one game or a match: the bot offers each combination.
OPTIONS = Options(
    options=(Option("mode", MODES, DEFAULTS["mode"], "--mode",
                    help="the rules' mode: its variant, a draft of the characters"),
             Option("special_cards", SPECIAL_CARDS, DEFAULTS["special_cards"], "--specials",
                    help="the special cards: none, chosen in secret, or announced"),
             Option("match", default=DEFAULTS["match"], flag="--match", help="two games, sides swapped")),
    presets=tuple(Preset(f"{mode}-{specials}" + ("-match" if match else ""),
                         {"mode": mode, "special_cards": specials, "match": match})
                  for mode, specials, match in product(MODES, SPECIAL_CARDS, (False, True))),
    sides={2: ("fellowship", "sauron")})

GAME = Game(id="confrontation", rules=_rules, seats=(2, 2), presenter=_presenter, namespace="confrontation",
            board=_board, controls=_controls, console=_console, cards=_cards, rules_cards=_rules_cards,
            bot=_bot, web_panels=_web_panels, options=OPTIONS, hand_texts=_hand_texts)
