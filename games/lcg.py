"""The Card Game's declaration: the one place that tells the platform where each part of the game is."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import IllegalAction, Rules
from engine.options.lcg import CAMPAIGN, CAMPAIGN_LEVELS, DEFAULTS, SCENARIOS
from games import Game, Option, Options, Preset, Setting
from games.protocols import (
    BoardRenderer,
    CardSpecs,
    ConsoleHooks,
    Controls,
    MessageWatch,
    PlayerForm,
    Presenter,
    RulesCards,
    WebCards,
    WebPanels,
)

if TYPE_CHECKING:  # the declaration loads no engine until a table needs its rules
    from engine.lcg.action_types import LcgAction
    from engine.lcg.view_types import CardView as CardView  # for the readers in bot/ and table/
    from engine.lcg.view_types import LcgView


# The server setting of the table-talk guard (bot/controls/lcg_tabletalk.py): "on" deletes a message that
# names a card only its author knows; "off" (the default) only reminds the author privately.
DELETE_TABLE_TALK = "delete_table_talk"


# A campaign plays those of its scenarios the engine plays.
CAMPAIGN_PLAYED = [s for s in CAMPAIGN if s in SCENARIOS]


def _preset(key: str, **options: object) -> Preset:
    """A player alone gets auto-pass; a campaign names its scenarios while some cannot be played yet."""
    if "campaign" in options and list(CAMPAIGN) != CAMPAIGN_PLAYED:
        options["scenarios"] = CAMPAIGN_PLAYED
    return Preset(key, {**options, "auto_pass_alone": True})


OPTIONS = Options(
    options=(Option("scenario", SCENARIOS, DEFAULTS["scenario"]),  # console: table/consoles/lcg.py's --scenario
             Option("campaign", CAMPAIGN_LEVELS),
             Option("scenarios", CAMPAIGN, many=True),
             Option("easy", default=DEFAULTS["easy"], flag="--easy", help="the easy encounter decks"),
             Option("shadows", default=DEFAULTS["shadows"]),
             # A player's own (player_options), set in the lobby: their deck, auto-pass on or off.
             Option("decks"), Option("auto_pass"),
             Option("first_player"), Option("auto_pass_alone", default=DEFAULTS["auto_pass_alone"])),
    presets=(_preset("standard"), _preset("easy", easy=True), _preset("beginner", shadows=False),
             _preset("easy_beginner", easy=True, shadows=False),
             _preset("anduin", scenario="journey_down_the_anduin"),
             _preset("anduin_easy", scenario="journey_down_the_anduin", easy=True),
             _preset("dolguldur", scenario="escape_from_dol_guldur"),
             _preset("dolguldur_easy", scenario="escape_from_dol_guldur", easy=True),
             _preset("campaign", campaign="standard"), _preset("campaign_nightmare", campaign="nightmare")))


def _rules() -> Rules[LcgAction, LcgView]:
    from engine.lcg import RULES
    return RULES


def _presenter() -> Presenter[LcgView]:
    from present import lcg
    return lcg


def _board() -> BoardRenderer[LcgView]:
    from render import lcg
    return lcg


def _controls() -> Controls[LcgView]:
    from bot.controls import lcg
    return lcg


def _player_form() -> PlayerForm:
    from bot.controls import lcg
    return lcg


def _console() -> ConsoleHooks[LcgView]:
    from table.consoles import lcg
    return lcg


def _cards() -> CardSpecs:
    from render.card_specs import lcg
    return lcg


def _rules_cards() -> RulesCards:
    from reference.cards import lcg
    return lcg


def _table_talk() -> MessageWatch:
    from bot.controls import lcg_tabletalk
    return lcg_tabletalk


def _bot(level: str, view: dict, legal: list[dict], seed: int) -> dict:
    from ai import lcg
    return lcg.choose(view, legal)


def _bot_options(options: dict, order: list[str], bots: list[str]) -> dict:
    from ai import lcg_table_decks
    return lcg_table_decks.with_bot_decks(options, order, bots)


def _explain(exc: IllegalAction, lang: str) -> str | None:
    """A refused deck says which deck-building rule it breaks, with the card's name (cards/lcg.py)."""
    if exc.code != "bad_deck":
        return None
    import i18n
    from cards.lcg import DeckProblem
    params = {k: v for k, v in exc.params.items() if k != "problem" and (v != "" or k != "card")}
    return i18n.t("errors_lcg.bad_deck", lang, problem=DeckProblem(code=exc.params["problem"], params=params).message(lang))


def _web_panels() -> WebPanels[LcgView]:
    from web import lcg_play
    return lcg_play


def _web_cards() -> WebCards[LcgView]:
    from web import lcg_cards
    return lcg_cards


GAME = Game(id="lcg", rules=_rules, seats=(1, 4), presenter=_presenter, namespace="lcg",
            board=_board, controls=_controls, console=_console, cards=_cards, rules_cards=_rules_cards, bot=_bot, bot_levels=("normal",),
            bot_options=_bot_options,
            message_watch=_table_talk, settings=(Setting(DELETE_TABLE_TALK),),
            player_options=("decks", "auto_pass"), player_form=_player_form, player_switches=("auto_pass",),
            options=OPTIONS, explain=_explain, web_cards=_web_cards, web_panels=_web_panels)
