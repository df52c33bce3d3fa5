"""The one place where a game plugs in: each game declares itself once, as a `Game`, and the platform
(table service, console, bot, /card, /rules, benchmarks) finds it only here. See docs/platform.md.

A game's declaration lives in its own file (games/<id>.py) and is listed under the entry point group
"lotr.games" in pyproject.toml, Python's standard way for a program to find its plugins (pytest and
Sphinx find theirs the same way): installing a package that declares an entry point in that group adds
a game, with no shared module to edit. Tests add a throwaway game with `register()`.

What a game provides beyond its rules is loaded lazily (the console must not import discord.py, the
engine benchmarks must not import Pillow): each part is a function returning an object that satisfies
one of the protocols of games/protocols.py.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import i18n
from engine.kernel import AnyRules, IllegalAction
from games.options import STANDARD, Option, OptionError, Options, Preset
from games.protocols import (
    BoardRenderer,
    CardSpecs,
    ConsoleHooks,
    Controls,
    FullMap,
    HandTexts,
    MessageWatch,
    PlayerForm,
    Presenter,
    RulesCards,
    WebCards,
    WebMap,
    WebPanels,
)

log = logging.getLogger(__name__)

GROUP = "lotr.games"


@dataclass(frozen=True)
class Setting:
    """A per-server setting a game offers (`/lotr settings`), stored by the platform as (server, game,
    name, value) with `value` one of `values()`. A "bool" setting is "on" or "off"; a "choice" one is
    one of `choices`. Its label is the text "bot_<namespace>.settings.<name>" (at most 100 characters:
    it is a slash command choice) and a choice's value reads "bot_<namespace>.settings.<name>.<value>",
    in English and French."""

    name: str
    kind: str = "bool"  # "bool" or "choice"
    default: str = "off"
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ("bool", "choice") or self.default not in self.values():
            raise ValueError(f"setting {self.name!r}: kind bool or choice, default one of its values")

    def values(self) -> tuple[str, ...]:
        return ("on", "off") if self.kind == "bool" else self.choices


@dataclass(frozen=True)
class Game:
    """Everything the platform needs to know about one game. Only `id`, `rules`, `seats`, `presenter`
    and `namespace` are required: a game without a board drawing is played in text, one without
    controls is not offered by the bot, and so on."""

    id: str
    rules: Callable[[], AnyRules]
    seats: tuple[int, int]  # (min, max) players
    presenter: Callable[[], Presenter[Any]]
    # Texts: a refusal's sentence is "errors_<namespace>.<code>" (i18n/<lang>/errors_<namespace>.json),
    # so a code means what its game says; the game's name is "bot.game.<id>".
    namespace: str
    board: Callable[[], BoardRenderer[Any]] | None = None
    controls: Callable[[], Controls[Any]] | None = None
    console: Callable[[], ConsoleHooks[Any]] | None = None
    cards: Callable[[], CardSpecs] | None = None  # how /card draws this game's cards
    rules_cards: Callable[[], RulesCards] | None = None  # how /rules indexes this game's cards
    message_watch: Callable[[], MessageWatch] | None = None  # reads channel messages (table talk)
    # A bot seat's move: (level, the seat's view, its legal actions, a seed) -> action (table/bots.py).
    bot: Callable[[str, dict, list[dict], int], dict] | None = None
    # What a game's bot seats bring at the start (the Card Game: each bot's deck for the scenario): (the table's
    # options, its players in seat order, the bots among them) -> the options the game starts with.
    bot_options: Callable[[dict, list[str], list[str]], dict] | None = None
    # A refusal whose parameters are codes of their own (a deck problem): (refusal, lang) -> its sentence,
    # or None for the plain "errors_<namespace>.<code>" one.
    explain: Callable[[IllegalAction, str], str | None] | None = None
    # The levels its bot plays at, each a different player (bench/ shows how they differ); a bot that
    # plays one way declares one level, so that the lobby and the console offer only what exists.
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    settings: tuple[Setting, ...] = field(default=())
    # Options a seated player sets for themselves in the lobby (`TableService.bring`): each is stored as
    # {player id: value} under its key (the Card Game's "decks": a player's own deck).
    player_options: tuple[str, ...] = field(default=())
    player_form: Callable[[], PlayerForm] | None = None  # how a player sets one in the bot's lobby
    # Player options that are on or off (stored True/False), each set from a lobby menu of its own: its
    # placeholder "bot_<namespace>.switch.<name>", its two choices' labels ".on.label" / ".off.label" and
    # help lines ".on" / ".off" (at most 100 characters), what the player is told ".on.done" / ".off.done".
    player_switches: tuple[str, ...] = field(default=())
    # A game played over days: each player's DM recalls the public events since their last move.
    catch_up: bool = False
    full_map: Callable[[], FullMap[Any]] | None = None  # the whole map, when the board picture shows a part
    hand_texts: Callable[[], HandTexts[Any]] | None = None  # the reader's cards read in full
    web_map: Callable[[], WebMap[Any]] | None = None  # the map as vector graphics on the web table's pages
    web_cards: Callable[[], WebCards[Any]] | None = None  # the cards one may read, in full, on those pages
    web_panels: Callable[[], WebPanels[Any]] | None = None  # tracks, a battle... in HTML on those pages
    # The options a table is created with, its presets and pickable seats (games/options.py). None: the
    # engine alone judges the options it is given, and the bot offers one preset, "standard", with none.
    options: Options | None = None
    # A folder of the game's own texts, <texts>/<lang>/<file>.json (as i18n/), for a game installed as a
    # package of its own; the project's games keep theirs in i18n/.
    texts: Path | None = None

    def presets(self) -> list[tuple[str, dict]]:
        """The option sets offered by /lotr create, the first one the default."""
        return (self.options.preset_options() if self.options is not None
                else [(p.key, dict(p.options)) for p in STANDARD])

    def seat_names(self, players: int) -> tuple[str, ...]:
        """The seats a player can pick at a table of this many players, in table order (): none)."""
        return self.options.seats(players) if self.options is not None else ()

    def all_seat_names(self) -> list[str]:
        """Every seat a player can pick, at any number of players."""
        return self.options.all_seats() if self.options is not None else []

    def check_options(self, options: dict) -> None:
        """OptionError for options outside the declared schema (the engine then judges the rest)."""
        if self.options is not None:
            self.options.check(options)

    def refusal(self, exc: IllegalAction, lang: str) -> str:
        """The sentence for a refused action of this game, in `lang`."""
        if self.explain is not None and (said := self.explain(exc, lang)) is not None:
            return said
        return i18n.t(self.refusal_key(exc.code), lang, **exc.params)

    def refusal_key(self, code: str) -> str:
        return f"errors_{self.namespace}.{code}"

    def setting(self, name: str) -> Setting | None:
        return next((s for s in self.settings if s.name == name), None)

    def setting_key(self, name: str, value: str | None = None) -> str:
        """The text key of a setting's label, or of one of its values (a choice's)."""
        key = f"bot_{self.namespace}.settings.{name}"
        return key if value is None else f"{key}.{value}"

    def setting_value(self, stored: dict[str, dict[str, str]], name: str) -> str:
        """The server's value of this game's setting `name` (`stored`: GuildSettings.games), else its
        default."""
        setting = self.setting(name)
        if setting is None:
            raise KeyError(f"{self.id} declares no setting {name!r}")
        value = stored.get(self.id, {}).get(name)
        return value if value in setting.values() else setting.default


_games: dict[str, Game] = {}
_discovered = False


def _discover() -> None:
    """Load every declaration listed under the entry point group, once."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        game = point.load()
        if not isinstance(game, Game) or game.id != point.name:
            raise TypeError(f"entry point {point.name} = {point.value} is not a Game declaration of that id")
        if game.id not in _games:
            _games[game.id] = game
            _add_texts(game)


def _add_texts(game: Game) -> None:
    if game.texts is not None:
        i18n.add_folder(game.texts)


def register(game: Game) -> Game:
    """Add a game that is not installed as a package (a test's throwaway game)."""
    _discover()
    if game.id in _games and _games[game.id] is not game:
        raise ValueError(f"a game {game.id!r} is already declared")
    if game.id not in _games:
        _add_texts(game)
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def declared() -> list[Game]:
    """Every declared game, by id."""
    _discover()
    return [_games[k] for k in sorted(_games)]


def get(game_id: str) -> Game:
    _discover()
    try:
        return _games[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; declared: {', '.join(sorted(_games)) or 'none'} "
                       f"(a game missing here: reinstall the project, `pip install -e .`, so that its "
                       f"entry point in {GROUP!r} is seen)") from None


def find(game_id: str) -> Game | None:
    """The declaration of `game_id`, or None (a card of the index may name a game not declared)."""
    _discover()
    return _games.get(game_id)


def rules(game_id: str) -> AnyRules:
    """The rules object of a declared game; NotImplementedError while its engine is unfinished."""
    return get(game_id).rules()


def playable() -> list[Game]:
    """The declared games whose engine loads: a game being written hides only itself."""
    out = []
    for game in declared():
        try:
            game.rules()
        except Exception:
            log.debug("%s is not playable", game.id, exc_info=True)
            continue
        out.append(game)
    return out


def decision_id(rules: AnyRules, state: dict[str, Any], seq: int) -> int:
    """The id of the decision `state` waits on, compared with the id carried by a button: the public
    view's "decision"."id" (docs/kernel.md), else the number of actions applied."""
    decision = rules.view(state, None).get("decision")
    if isinstance(decision, dict) and isinstance(decision.get("id"), int):
        return decision["id"]
    return seq


__all__ = ["GROUP", "Game", "Option", "OptionError", "Options", "Preset", "Setting", "decision_id", "declared",
           "find", "get", "playable", "register", "rules", "unregister"]
