"""The bot's components as discord.py DynamicItems, so they work after a restart.

Custom ids (at most 100 characters), all starting with "lotr:":

    lotr:b:<table>:<decision>:<key>     a button of a player's controls
    lotr:m:<table>:<decision>:<path>    a select menu of a player's controls (path = menu key, then keys)
    lotr:me:<table>                     "my view" (in the channel: private view as an ephemeral)
    lotr:map:<table>                    "full map": the whole map, the clicker's own view if seated (ephemeral)
    lotr:cards:<table>                  "read my cards": the clicker's hand read in full (ephemeral / in the DM)
    lotr:claim:<table>                  claim the game of a player who let the timeout pass
    lotr:form:<table>:<game>            in a lobby: open the game's player form (a deck list), a modal
    lotr:formsub:<table>:<game>         that modal (its submission is answered by the process that opened it)
    lotr:bot:<table>                    the lobby's menu seating a computer player (its creator only)
    lotr:sw:<table>:<name>              in a lobby: a seated player's on/off option of their own
    lotr:rematch:<table>                a finished game's rematch, with the same players (bot/rematch.py)
    lotr:rp:<table>:<step>:<slot>       a finished game's replay at that step (bot/replay.py; slot: which button)
    lotr:undo:<table>:<seq>             "take back" the move that brought the table to <seq> (bot/undo.py)
    lotr:follow:<table>                 follow a game from outside it, or stop (bot/spectators.py)
    lotr:web:<table>                    "web view": a one-time link to the table's page (bot/web_link.py)
    lotr:undov:<table>:<seq>:<asker>:<y|n>  another player accepts or refuses it

Ids carry only the table id, the decision id and keys that name a control in the clicker's own
controls: no hidden identity ever appears in a channel message. On a click the controls are rebuilt
from the current legal actions (bot/routing.py), so a stale or forged id simply finds nothing.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

import games
from bot.controls import Button, Control, Menu
from i18n import t

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from bot.routing import Routing


def _routing(interaction: discord.Interaction) -> Routing:
    """Where the bot's clicks are routed (the client is always our GameMasterBot)."""
    return cast("GameMasterBot", interaction.client).routing

PREFIX = "lotr:"
_KEY = r"[a-z0-9_-]{1,40}"


# How the fields of an id read back into the item's attributes (the others stay strings).
_READ: dict[str, Callable[[str], Any]] = {"table": int, "decision": int, "seq": int, "step": int, "page": int,
                                           "path": lambda path: path.split(".")}


class FromId:
    """What discord.py calls to rebuild one of our items from a custom id (after a restart too): the id's
    named fields become attributes, without __init__, which would build a new component. It comes first
    among an item's bases, before discord.ui.DynamicItem."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]):
        self = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(cast(discord.ui.DynamicItem, self), item)
        for name, value in match.groupdict().items():
            setattr(self, name, _READ.get(name, str)(value))
        return self


class ActionButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=rf"lotr:b:(?P<table>\d{{1,20}}):"
                   rf"(?P<decision>\d{{1,12}}):(?P<key>{_KEY})"):
    def __init__(self, table: int, decision: int, button: Button):
        self.table, self.decision, self.key = table, decision, button.key
        super().__init__(discord.ui.Button(
            label=button.label[:80], style=_STYLES.get(button.style, discord.ButtonStyle.secondary),
            custom_id=f"lotr:b:{table}:{decision}:{button.key}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_button(interaction, self.table, self.decision, self.key)


class MenuSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=rf"lotr:m:(?P<table>\d{{1,20}}):"
                 rf"(?P<decision>\d{{1,12}}):(?P<path>{_KEY}(?:\.{_KEY})*)"):
    def __init__(self, table: int, decision: int, path: list[str], menu: Menu):
        self.table, self.decision, self.path = table, decision, path
        options = [discord.SelectOption(label=o.label[:100], value=o.key, description=o.description[:100] or None)
                   for o in menu.options[:25]]
        super().__init__(discord.ui.Select(
            custom_id=f"lotr:m:{table}:{decision}:{'.'.join(path)}", placeholder=menu.placeholder[:150],
            options=options, min_values=1, max_values=len(options) if menu.then is not None else 1))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = cast(dict, interaction.data or {}).get("values") or []
        await _routing(interaction).on_menu(interaction, self.table, self.decision, self.path, values)


class TableButton(FromId, discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button whose id carries its table only, lotr:<word>:<table>. A subclass names its word and
    style as class keywords and says in `callback` what a click does. (This base is never registered:
    its template matches nothing.)"""

    word: ClassVar[str]
    style: ClassVar[discord.ButtonStyle]

    def __init_subclass__(cls, *, word: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init_subclass__(template=rf"lotr:{word}:(?P<table>\d{{1,20}})")
        cls.word, cls.style = word, style

    def __init__(self, table: int, label: str):
        self.table = table
        super().__init__(discord.ui.Button(label=label, style=self.style, custom_id=f"lotr:{self.word}:{table}"))


class MyViewButton(TableButton, word="me", style=discord.ButtonStyle.primary):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_my_view(interaction, self.table)


class FullMapButton(TableButton, word="map"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_full_map(interaction, self.table)


class CardsButton(TableButton, word="cards"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_cards(interaction, self.table)


class WebViewButton(TableButton, word="web"):
    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import web_link  # bot/web_link.py imports this module
        await web_link.on_click(cast("GameMasterBot", interaction.client), interaction, self.table)


_web_view = [False]  # whether this process's web table listens (bot/web_link.py turns it on and off)


def show_web_view(on: bool) -> None:
    _web_view[0] = on


def table_buttons(table: int, game: str, lang: str, *, private: bool) -> list[discord.ui.Item]:
    """The buttons a game's messages carry besides its controls: "Full map" for a game whose picture
    shows a part of its map, in a player's own table "Read my cards" for a game that reads them, and
    "Web view" while the web table listens."""
    declared = games.get(game)
    out: list[discord.ui.Item] = []
    if declared.full_map is not None:
        out.append(FullMapButton(table, t("bot_play.button.full_map", lang)))
    if private and declared.hand_texts is not None:
        out.append(CardsButton(table, t("bot_play.button.cards", lang)))
    if _web_view[0]:
        out.append(WebViewButton(table, t("bot_web.button", lang)))
    return out


class ClaimButton(TableButton, word="claim", style=discord.ButtonStyle.danger):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_claim(interaction, self.table)


class BotSeatSelect(FromId, discord.ui.DynamicItem[discord.ui.Select], template=r"lotr:bot:(?P<table>\d{1,20})"):
    """The lobby's menu for its creator: seat a computer player of the chosen level, or take one out
    (bot/bot_seats.py). `choices`: (value, label)."""

    def __init__(self, table: int, placeholder: str, choices: list[tuple[str, str]]):
        self.table = table
        super().__init__(discord.ui.Select(
            custom_id=f"lotr:bot:{table}", placeholder=placeholder[:150], min_values=1, max_values=1,
            options=[discord.SelectOption(label=label[:100], value=value) for value, label in choices]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = cast(dict, interaction.data or {}).get("values") or []
        client = cast("GameMasterBot", interaction.client)
        await client.seats.on_choose(interaction, self.table, values[0] if values else "")


class SwitchSelect(FromId, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"lotr:sw:(?P<table>\d{1,20}):(?P<name>[a-z0-9_]{1,30})"):
    """A lobby's on/off menu for a player option of one's own (a game's `player_switches`)."""

    def __init__(self, table: int, name: str, placeholder: str, choices: list[tuple[str, str, str]]):
        self.table, self.name = table, name
        super().__init__(discord.ui.Select(
            custom_id=f"lotr:sw:{table}:{name}", placeholder=placeholder[:150], min_values=1, max_values=1,
            options=[discord.SelectOption(label=label[:100], value=value, description=help_[:100] or None)
                     for value, label, help_ in choices]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = cast(dict, interaction.data or {}).get("values") or []
        await _routing(interaction).on_switch(interaction, self.table, self.name, values[0] if values else "")


class FormButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"lotr:form:(?P<table>\d{1,20}):(?P<game>[a-z0-9_]{1,20})"):
    def __init__(self, table: int, game: str, label: str):
        self.table, self.game = table, game
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"lotr:form:{table}:{game}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_form(interaction, self.table, self.game)


class RematchButton(TableButton, word="rematch", style=discord.ButtonStyle.success):
    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import rematch  # bot/rematch.py imports what imports this module
        await rematch.on_click(cast("GameMasterBot", interaction.client), interaction, self.table)


class ReplayButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"lotr:rp:(?P<table>\d{1,20}):(?P<step>\d{1,6}):(?P<slot>[sfbpnjl])"):
    def __init__(self, table: int, step: int, slot: str, label: str, *, disabled: bool = False):
        self.table, self.step, self.slot = table, step, slot
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"lotr:rp:{table}:{step}:{slot}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import replay  # bot/replay.py imports what imports this module
        await replay.on_click(cast("GameMasterBot", interaction.client), interaction, self.table, self.step,
                              self.slot)


class UndoAskButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"lotr:undo:(?P<table>\d{1,20}):(?P<seq>\d{1,9})"):
    def __init__(self, table: int, seq: int, label: str):
        self.table, self.seq = table, seq
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"lotr:undo:{table}:{seq}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import undo  # bot/undo.py imports what imports this module
        await undo.on_ask(cast("GameMasterBot", interaction.client), interaction, self.table, self.seq)


class UndoVoteButton(FromId, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"lotr:undov:(?P<table>\d{1,20}):(?P<seq>\d{1,9}):(?P<asker>[0-9a-z-]{1,30}):(?P<vote>[yn])"):
    def __init__(self, table: int, seq: int, asker: str, vote: str, label: str):
        self.table, self.seq, self.asker, self.vote = table, seq, asker, vote
        style = discord.ButtonStyle.success if vote == "y" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"lotr:undov:{table}:{seq}:{asker}:{vote}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot import undo
        await undo.on_vote(cast("GameMasterBot", interaction.client), interaction, self.table, self.seq,
                           self.asker, self.vote == "y")


class FollowButton(TableButton, word="follow"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await cast("GameMasterBot", interaction.client).spectators.on_follow(interaction, self.table)


class FormModal(discord.ui.Modal):
    """One long text (Discord: at most 4,000 characters), handed to bot/routing.py on submission."""

    def __init__(self, table: int, game: str, texts: dict[str, str]):
        super().__init__(title=texts["title"][:45], custom_id=f"lotr:formsub:{table}:{game}", timeout=900)
        self.table, self.game = table, game
        # The text input inside a Label (Discord's form now; a text input in an action row is the older form).
        self.text: discord.ui.TextInput = discord.ui.TextInput(
            style=discord.TextStyle.paragraph, placeholder=texts["placeholder"][:100], max_length=4000,
            custom_id="text")
        self.add_item(discord.ui.Label(text=texts["label"][:45], component=self.text))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await _routing(interaction).on_form_submit(interaction, self.table, self.game, self.text.value)


ITEMS = (ActionButton, MenuSelect, MyViewButton, FullMapButton, CardsButton, ClaimButton, BotSeatSelect, FormButton,
         SwitchSelect, RematchButton, ReplayButton, UndoAskButton, UndoVoteButton, FollowButton, WebViewButton)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def is_ours_but_unknown(custom_id: str) -> bool:
    """A "lotr:" id that none of our templates accepts: garbled or forged (discord.py would ignore it)."""
    if not custom_id.startswith(PREFIX):
        return False
    return not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in ITEMS)


def in_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Is the clicked id one of the message's components? discord.py drops a dynamic item it cannot
    find in the message without answering; a genuine click always finds it."""
    if not custom_id.startswith(PREFIX) or interaction.message is None:
        return True
    for row in interaction.message.components:
        for component in getattr(row, "children", [row]):
            if getattr(component, "custom_id", None) == custom_id:
                return True
    return False


def controls_views(table: int, decision: int, controls: list[Control],
                   extra: Sequence[discord.ui.Item] = ()) -> list[discord.ui.View]:
    """Discord views for a list of controls: a menu fills a row, buttons go five to a row; a message
    holds five rows, so long lists spill into further views (one message each). `extra` (Full map...)
    makes a last row."""
    rows: list[list[discord.ui.Item]] = []
    buttons: list[discord.ui.Item] = []
    for control in controls:
        if isinstance(control, Menu):
            rows.append([MenuSelect(table, decision, [control.key], control)])
        else:
            buttons.append(ActionButton(table, decision, control))
    rows += [buttons[i:i + 5] for i in range(0, len(buttons), 5)]
    rows += [list(extra)] if extra else []
    views: list[discord.ui.View] = []
    for start in range(0, len(rows), 5):
        view = discord.ui.View(timeout=None)
        for r, row in enumerate(rows[start:start + 5]):
            for item in row:
                item.row = r
                view.add_item(item)
        views.append(view)
    return views


def submenu_view(table: int, decision: int, path: list[str], menu: Menu) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MenuSelect(table, decision, path, menu))
    return view


def single_button_view(*items: discord.ui.Item) -> discord.ui.View:
    """A view of a few buttons (My view, Full map...), on one row."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
