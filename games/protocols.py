"""What a game provides to the platform besides its rules, as typed protocols (checked by mypy in CI).

A game's module (present/<id>.py, render/<id>.py, bot/controls/<id>.py, table/consoles/<id>.py) is
returned as is by its declaration's loader, so mypy checks the module's functions against these
signatures; nothing calls a function "if it exists". Those that read a view are generic over the game's
view type: the declaration returns `Presenter[ItsView]` (engine/<id>/view_types.py, engine/wotr/types.py),
so mypy checks every key its readers take from a view; the platform holds any game's as `Presenter[Any]`.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from engine.kernel import ViewEnvelope

if TYPE_CHECKING:  # only for the annotations: the console imports this module without discord.py
    import discord

    from bot.client import GameMasterBot
    from bot.controls import Control
    from render.cards import Spec

# A game's view type, as its readers take it (a reader of any view reads the game's own: contravariant).
ViewT_contra = TypeVar("ViewT_contra", bound=ViewEnvelope, contravariant=True)


class Presenter(Protocol[ViewT_contra]):
    """How a game's actions, events and state read, in fr or en (present/<id>.py). `names` maps player ids
    to display names (Discord mentions, "You" in the console)."""

    def describe_action(self, action: dict, view: ViewT_contra, lang: str) -> str: ...
    def describe_event(self, event: dict, view: ViewT_contra, lang: str,
                       names: dict[str, str] | None = None) -> str: ...
    def status(self, view: ViewT_contra, lang: str, names: dict[str, str] | None = None) -> str: ...
    def name(self, thing: Any, lang: str) -> str: ...


class BoardRenderer(Protocol[ViewT_contra]):
    """The picture of a view (render/<id>.py)."""

    def draw_board(self, view: ViewT_contra, lang: str = "en") -> bytes: ...


class FullMap(Protocol[ViewT_contra]):
    """The whole map of a view, for a game whose usual picture is a part of it (render/<id>.py): the
    "Full map" button, /lotr map and the console's `map`."""

    def draw_full_map(self, view: ViewT_contra, lang: str = "en") -> bytes: ...


class WebMap(Protocol[ViewT_contra]):
    """The whole map of a view as vector graphics (an SVG element), for the web table's pages (web/): drawn
    from the same geometry as the game's picture, in the reader's language; on a seat's page, `play`
    (web/choices.py's Play) says what may be picked on it."""

    def svg_map(self, view: ViewT_contra, lang: str, play: Any = None) -> str: ...

    def warm(self) -> None: ...  # build once, as the web table starts, what its first page would build


class WebPanels(Protocol[ViewT_contra]):
    """Panels of a view in HTML for the web table's pages (web/), beside its board: tracks, a battle or a
    combat under way; an HTML fragment whose every text is escaped, in the reader's language. On a seat's
    page, `play` (web/choices.py's Play) says what may be picked there; `shows_hand`: the panels show the
    seat's hand (the page then leaves out its plain list)."""

    shows_hand: bool

    def panels(self, view: ViewT_contra, lang: str, play: Any = None) -> str: ...


class WebCards(Protocol[ViewT_contra]):
    """The cards a view lets its reader read, in full, for the web table's pages (web/): sections (a heading,
    then (card name, its text) for each card), in the reader's language."""

    def card_texts(self, view: ViewT_contra, lang: str) -> list[tuple[str, list[tuple[str, str]]]]: ...


class HandTexts(Protocol[ViewT_contra]):
    """The reader's cards read in full, one text per card, in the reader's language (present/<id>.py):
    "Read my cards" in a player's DM and the console's `cards`."""

    def hand_texts(self, view: ViewT_contra, lang: str) -> list[str]: ...


class Controls(Protocol[ViewT_contra]):
    """How legal actions become Discord components (bot/controls/<id>.py). The presets /lotr create offers
    and the seats /lotr start lets a player pick are the declaration's (`Game.options`); controls say them."""

    def preset_label(self, key: str, lang: str) -> str: ...
    def intro(self, lang: str) -> str: ...  # said when a game starts ("" for nothing)
    def controls(self, view: ViewT_contra, legal: list[dict], lang: str) -> list[Control]: ...


class ConsoleHooks(Protocol[ViewT_contra]):
    """What lotr-console needs to play a game (table/consoles/<id>.py)."""

    @property
    def DEFAULT_PLAYERS(self) -> int: ...
    @property
    def NARROW(self) -> bool: ...  # a long list of one kind of action is chosen one field at a time (a setup)
    @property
    def SHOW_OPENING(self) -> bool: ...  # print the opening events of a game nobody watches from a seat

    # Flags beyond those of the declaration's options (games/options.py makes those), and the options they
    # set (the Card Game's --scenario, one scenario or a campaign's several).
    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...
    def options(self, args: argparse.Namespace) -> dict: ...
    # The reader's own options, brought to the lobby from their seat (games' `player_options`).
    def own_options(self, args: argparse.Namespace) -> dict: ...
    # The legal actions as numbered choices: (label, the actions it stands for: several are asked apart).
    def choices(self, view: ViewT_contra, legal: list[dict], lang: str) -> list[tuple[str, list[dict]]]: ...
    # A word of the game's own typed at the prompt (the Card Game's `read N`, "1 3" picking several at
    # once): (lines to print, legal actions to take in order), or None when the answer is not one.
    def command(self, view: ViewT_contra, legal: list[dict], answer: str, lang: str) -> tuple[list[str], list[dict]] | None: ...
    def your_seat(self, args: argparse.Namespace, players: int) -> int: ...
    def title(self, lang: str) -> str: ...
    def seat_lines(self, view: ViewT_contra, names: dict[str, str], lang: str) -> list[str]: ...
    def screen(self, view: ViewT_contra, names: dict[str, str], lang: str) -> list[str]: ...


class PlayerForm(Protocol):
    """A form a seated player fills in the lobby (a Discord modal with one long text), read into an
    option of their own (one of the game's `player_options`): the Card Game's pasted deck list."""

    @property
    def FORM_KEY(self) -> str: ...  # the player option the form sets
    def form_text(self, name: str, lang: str) -> str: ...  # "button", "title", "label", "placeholder"
    # (value, problems in lang); it may fetch (a RingsDB link), on the event loop: no worker thread waits.
    async def read_form(self, text: str, lang: str) -> tuple[Any, list[str]]: ...
    def form_done(self, value: Any, lang: str) -> str: ...  # said to the player once it is in
    # Files attached to /lotr deck instead: (file name, content, None when over FILE_MAX bytes), read into
    # the same value (several decks: a fellowship), or every problem in lang.
    @property
    def FILE_MAX(self) -> int: ...
    async def read_files(self, files: list[tuple[str | None, bytes | str | None]], lang: str) -> tuple[Any, list[str]]: ...
    # Whose option each part of a value is: [(player, value)] over the lobby's seated players, the bringer
    # first (a fellowship of decks seats them all), or the problem in lang.
    def seats_of(self, value: Any, player: str, players: list[str], lang: str) -> tuple[list[tuple[str, Any]], str]: ...


class CardSpecs(Protocol):
    """What /card draws for one of the game's cards (render/cards_<id>.py)."""

    def card_spec(self, card: dict, lang: str) -> Spec: ...


class RulesCards(Protocol):
    """The game's cards file read into the /rules card index's common shape (reference/cards_<id>.py)."""

    def index_cards(self, data: dict) -> dict[str, dict]: ...


class MessageWatch(Protocol):
    """Reads the messages of a channel holding one of the game's tables (the Card Game's table talk)."""

    async def on_message(self, bot: GameMasterBot, message: discord.Message) -> None: ...
