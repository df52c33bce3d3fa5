"""War of the Ring's declaration: 2 to 4 players (3-4 play as teams: engine/wotr/seats.py), played in Discord
(bot/controls/wotr.py) and in lotr-console. Its players play over days: each DM recalls what happened
since the reader's last move (`catch_up`); its messages show the part of the map a decision is about, and
the whole map is one click away (`full_map`), and on the web table's pages in vector graphics (`web_map`);
each player can read their cards in full (`hand_texts`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import Rules
from engine.options.wotr import SEATS
from games import Game, Options
from games.protocols import (
    BoardRenderer,
    CardSpecs,
    ConsoleHooks,
    Controls,
    FullMap,
    HandTexts,
    Presenter,
    RulesCards,
    WebMap,
    WebPanels,
)

if TYPE_CHECKING:  # the declaration loads no engine until a table needs its rules
    from engine.wotr.types import WotrAction, WotrView


def _rules() -> Rules[WotrAction, WotrView]:
    from engine.wotr import RULES
    return RULES


def _presenter() -> Presenter[WotrView]:
    from present import wotr
    return wotr


def _board() -> BoardRenderer[WotrView]:
    from render import wotr
    return wotr


def _full_map() -> FullMap[WotrView]:
    from render import wotr
    return wotr


def _hand_texts() -> HandTexts[WotrView]:
    from present import wotr
    return wotr


def _web_map() -> WebMap[WotrView]:
    from web import wotr_map
    return wotr_map


def _web_panels() -> WebPanels[WotrView]:
    from web import wotr_panels
    return wotr_panels


def _controls() -> Controls[WotrView]:
    from bot.controls import wotr
    return wotr


def _console() -> ConsoleHooks[WotrView]:
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


# No options: the number of players chooses the seats (engine/options/wotr.py), which a player can pick.
# (Listed 2, 4, 3 so that /lotr start offers the sides, then the 4 players' seats.)
OPTIONS = Options(sides={n: SEATS[n] for n in (2, 4, 3)})

GAME = Game(id="wotr", rules=_rules, seats=(2, 4), presenter=_presenter, namespace="wotr",
            board=_board, controls=_controls, console=_console, cards=_cards, rules_cards=_rules_cards,
            catch_up=True, full_map=_full_map, hand_texts=_hand_texts, web_map=_web_map, web_panels=_web_panels,
            options=OPTIONS, bot=_bot)
