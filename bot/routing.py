"""Where a click becomes an action: the components of a table (bot/components.py) route here, and each
click is checked, turned into the engine's action and taken through the action core (table/core.py).
What is sent after the change is bot/delivery.py's.

Every click is checked the same way before anything changes: the table exists and is on, the clicker
is seated, the decision id in the custom id is the current one, and the clicked key is among the
clicker's controls rebuilt from the current legal actions. The service then checks again under its
lock (so of two simultaneous clicks exactly one is applied). Any refusal is a short ephemeral message.
Every interaction is acknowledged first and answered exactly once (bot/answers.py).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

import games
from bot import messages
from bot.answers import acknowledge, answered, refusal_text, reply, user_lang
from bot.components import submenu_view
from bot.controls import choose, controls_for, find_button
from bot.delivery import FromDiscord
from engine import IllegalAction
from i18n import t
from table.errors import TableError
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from bot.delivery import Delivery
    from table.core import ActionCore
    from table.service import TableService

log = logging.getLogger(__name__)


class Routing:
    """Routes the clicks on a table's components to the action core."""

    def __init__(self, bot: GameMasterBot):
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def core(self) -> ActionCore:
        return self.bot.core

    @property
    def delivery(self) -> Delivery:
        return self.bot.delivery

    async def _checked(self, interaction: discord.Interaction, table_id: int,
                       decision: int | None) -> tuple[Table, str] | None:
        """The table and the clicking player if the click may go on; otherwise refuse and return None."""
        lang = user_lang(interaction)
        try:  # read from the store on first use; with several processes, maybe served by another one
            table = await self.service.table_by_id(table_id)
        except TableError as exc:
            await reply(interaction, exc.text(lang))
            return None
        player = str(interaction.user.id)
        if table is None or table.status != "active":
            await reply(interaction, t("bot.refuse.no_game", lang))
            return None
        if player not in table.players:
            await reply(interaction, t("bot.refuse.not_seated", lang))
            return None
        if decision is not None and decision != table.decision_id:
            await reply(interaction, t("bot.refuse.stale", lang))
            return None
        return table, player

    async def on_button(self, interaction: discord.Interaction, table_id: int, decision: int, key: str) -> None:
        self.delivery.stamp(interaction)
        await acknowledge(interaction)
        await answered(interaction, self._button(interaction, table_id, decision, key))

    async def _button(self, interaction: discord.Interaction, table_id: int, decision: int, key: str) -> None:
        checked = await self._checked(interaction, table_id, decision)
        if checked is None:
            return
        table, player = checked
        view, controls = await asyncio.to_thread(controls_for, self.service, table, player)
        button = find_button(controls, key)
        if button is None:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))
            return
        await self.apply(interaction, table, player, button.action, decision, view)

    async def on_menu(self, interaction: discord.Interaction, table_id: int, decision: int, path: list[str],
                      values: list[str]) -> None:
        self.delivery.stamp(interaction)
        await acknowledge(interaction)
        await answered(interaction, self._menu(interaction, table_id, decision, path, values))

    async def _menu(self, interaction: discord.Interaction, table_id: int, decision: int, path: list[str],
                    values: list[str]) -> None:
        checked = await self._checked(interaction, table_id, decision)
        if checked is None:
            return
        table, player = checked

        def chosen():  # rebuilding the controls (and their sub-menus) is engine work: off the loop
            view, controls = controls_for(self.service, table, player)
            option, several = choose(controls, path, values)  # several: a multi-select's, then its closing action
            return view, option, option and option.action is None and option.submenu(), several

        view, option, submenu, several = await asyncio.to_thread(chosen)
        if several:
            await self.apply(interaction, table, player, several[0], decision, view, then=several[1:])
            return
        if option is None:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))
            return
        if option.action is not None:
            await self.apply(interaction, table, player, option.action, decision, view)
        elif option.back:  # the sub-menu goes, nothing chosen: the first controls are still there
            await interaction.edit_original_response(content=option.note, view=None)
        elif option.note:
            await reply(interaction, option.note)
        elif submenu:  # one more step (e.g. the destination of the chosen piece)
            step = await interaction.followup.send(
                option.label, view=submenu_view(table.id, decision, [*path, option.key], submenu), ephemeral=True,
                wait=True)
            self.delivery.remember_step(step.id, interaction)  # its answer may update the DM it came from
        else:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))

    async def on_my_view(self, interaction: discord.Interaction, table_id: int) -> None:
        await acknowledge(interaction, private=True)
        await answered(interaction, self._my_view(interaction, table_id))

    async def _my_view(self, interaction: discord.Interaction, table_id: int) -> None:
        checked = await self._checked(interaction, table_id, None)
        if checked is None:
            return
        table, player = checked
        await self.delivery.send_private(table, player, interaction=interaction)

    async def on_full_map(self, interaction: discord.Interaction, table_id: int) -> None:
        """The whole map, only for the asker: their own view when seated in the game under way, else the
        public one (a spectator, or a game that is over)."""
        await acknowledge(interaction, private=True)
        await answered(interaction, self._full_map(interaction, table_id))

    async def _full_map(self, interaction: discord.Interaction, table_id: int) -> None:
        lang = user_lang(interaction)
        table = await self.service.table_by_id(table_id)
        if table is None or table.state is None or table.status in ("lobby", "broken"):
            await reply(interaction, t("bot.refuse.no_game", lang))
            return
        game = games.get(table.game)
        draw = (game.full_map().draw_full_map if game.full_map is not None
                else game.board().draw_board if game.board is not None else None)
        if draw is None:
            await reply(interaction, t("bot_play.no_map", lang))
            return
        player = str(interaction.user.id)
        viewer = player if player in table.players and table.status == "active" else None
        view = await asyncio.to_thread(self.service.view, table.channel_id, viewer)
        png = await asyncio.to_thread(draw, {**view, "names": self.delivery.names.of(table.players)}, lang)
        alt = messages.board_alt(table, view, lang, self.delivery.names.of(table.players), private=viewer is not None,
                                     full=True)
        await reply(interaction, t("bot_play.full_map" if viewer is None else "bot_play.full_map_yours", lang),
                    file=messages.picture(png, "full_map.png", alt))

    async def on_cards(self, interaction: discord.Interaction, table_id: int) -> None:
        """The asker's hand read in full, only for them."""
        await acknowledge(interaction, private=True)
        await answered(interaction, self._cards(interaction, table_id))

    async def _cards(self, interaction: discord.Interaction, table_id: int) -> None:
        checked = await self._checked(interaction, table_id, None)
        if checked is None:
            return
        table, player = checked
        lang = user_lang(interaction)
        hand = games.get(table.game).hand_texts
        view = await asyncio.to_thread(self.service.view, table.channel_id, player)
        texts = hand().hand_texts(view, lang) if hand is not None else []
        if not texts:
            await reply(interaction, t("bot_play.no_cards", lang))
            return
        await reply(interaction, "", embed=cards_embed(texts, t("bot_play.cards_title", lang)))

    async def on_claim(self, interaction: discord.Interaction, table_id: int) -> None:
        await acknowledge(interaction)
        await answered(interaction, self._claim(interaction, table_id))

    async def _claim(self, interaction: discord.Interaction, table_id: int) -> None:
        checked = await self._checked(interaction, table_id, None)
        if checked is None:
            return
        table, player = checked
        try:
            await self.core.claim_timeout(table.channel_id, player,
                                          t("bot.timeout.claimed", table.lang, player=messages.mention(player)))
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, user_lang(interaction)))

    async def on_form(self, interaction: discord.Interaction, table_id: int, game: str) -> None:
        """A lobby's player form: the modal is the answer (it must be the first one); who may fill it
        in is checked when it comes back."""
        from bot.components import FormModal

        declared = games.find(game)
        form = declared.player_form if declared is not None else None
        if form is None:
            await reply(interaction, t("bot.refuse.no_game", user_lang(interaction)))
            return
        lang = user_lang(interaction)
        texts = {name: form().form_text(name, lang) for name in ("title", "label", "placeholder")}
        await interaction.response.send_modal(FormModal(table_id, game, texts))

    async def on_switch(self, interaction: discord.Interaction, table_id: int, name: str, value: str) -> None:
        await acknowledge(interaction, private=True)
        await answered(interaction, self._switch(interaction, table_id, name, value))

    async def _switch(self, interaction: discord.Interaction, table_id: int, name: str, value: str) -> None:
        """A lobby's on/off menu: the player's own option set (TableService.bring checks the lobby and seat)."""
        lang = user_lang(interaction)
        table = await self.service.table_by_id(table_id)
        game = games.find(table.game) if table is not None else None
        if table is None or game is None or name not in game.player_switches or value not in ("on", "off"):
            await reply(interaction, t("bot.refuse.no_lobby", lang))
            return
        try:
            await self.service.bring(table.channel_id, str(interaction.user.id), name, value == "on")
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, lang, table.game))
            return
        await reply(interaction, t(f"bot_{game.namespace}.switch.{name}.{value}.done", lang))

    async def on_form_submit(self, interaction: discord.Interaction, table_id: int, game: str, text: str) -> None:
        await acknowledge(interaction, private=True)
        await answered(interaction, self._form_submit(interaction, table_id, game, text))

    async def _form_submit(self, interaction: discord.Interaction, table_id: int, game: str, text: str) -> None:
        lang = user_lang(interaction)
        declared = games.find(game)
        form = declared.player_form if declared is not None else None
        table = await self.service.table_by_id(table_id)
        if form is None or table is None or table.status != "lobby" or table.game != game:
            await reply(interaction, t("bot.refuse.no_lobby", lang))
            return
        if str(interaction.user.id) not in table.players:  # before anything is read or fetched
            await reply(interaction, refusal_text(TableError("not_in_game"), lang, game))
            return
        value, problems = await form().read_form(text, lang)
        await self._bring_form(interaction, table, form(), value, problems, lang)

    async def on_deck_files(self, interaction: discord.Interaction, files: list[discord.Attachment]) -> None:
        """/lotr deck: files attached (the Card Game's .o8d decks, several for a fellowship), read like the
        lobby's form. A file over the form's size cap is refused before it is downloaded."""
        await acknowledge(interaction, private=True)
        await answered(interaction, self._deck_files(interaction, files))

    async def _deck_files(self, interaction: discord.Interaction, files: list[discord.Attachment]) -> None:
        lang = user_lang(interaction)
        table = await self.service.serve(interaction.channel_id or 0)
        declared = games.find(table.game) if table is not None else None
        form = declared.player_form if declared is not None else None
        if form is None or table is None or table.status != "lobby":
            await reply(interaction, t("bot.refuse.no_lobby", lang))
            return
        if str(interaction.user.id) not in table.players:  # before anything is downloaded or read
            await reply(interaction, refusal_text(TableError("not_in_game"), lang, table.game))
            return
        read: list[tuple[str | None, bytes | str | None]] = []
        for file in files:
            try:  # None: too big to be fetched at all
                read.append((file.filename, await file.read() if file.size <= form().FILE_MAX else None))
            except discord.HTTPException:
                await reply(interaction, t("bot_deck.file_unreadable", lang, file=file.filename[:60]))
                return
        value, problems = await form().read_files(read, lang)
        await self._bring_form(interaction, table, form(), value, problems, lang)

    async def _bring_form(self, interaction: discord.Interaction, table: Table, form: Any, value: Any,
                          problems: list[str], lang: str) -> None:
        """What a player's form (or files) brought, seated: theirs, or a fellowship's over the lobby's seats."""
        game = table.game
        if problems:
            await reply(interaction, messages._clip_lines(problems, 1900))
            return
        player = str(interaction.user.id)
        seats, problem = form.seats_of(value, player, list(table.players), lang)
        if problem:
            await reply(interaction, problem)
            return
        try:
            for who, own in seats:  # several for a fellowship of decks, the bringer's first
                table = await self.service.bring(table.channel_id, who, form.FORM_KEY, own)
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, lang, game))
            return
        await reply(interaction, form.form_done(value, lang))
        await self.core.changed(table, header=t("bot.lobby.brought", table.lang, player=messages.mention(player)))

    async def apply(self, interaction: discord.Interaction, table: Table, player: str, action: dict,
                    decision: int, view: dict, *, then: list[dict] | None = None) -> None:
        """Take `action`, then (a multi-select's picks) each of `then` while the game still offers it,
        through the action core; the delivery shows the change (bot/delivery.py)."""
        try:
            await self.core.take(table.channel_id, player, action, decision, then=then,
                                 origin=FromDiscord(interaction, chose_from=view))
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, user_lang(interaction), table.game))


def cards_embed(texts: list[str], title: str) -> discord.Embed:
    """A hand read in full: one field per card (its first line names it), within an embed's limits
    (25 fields, 256 characters a name, 1,024 a value, 6,000 in all)."""
    embed = discord.Embed(title=title[:256], colour=messages.COLOUR)
    size = len(embed.title or "")
    for text in texts[:25]:
        head, _, body = text.partition("\n")
        head, body = head[:256], messages._clip_lines(body.splitlines() or ["-"], messages.FIELD_TEXT)
        if size + len(head) + len(body) > 5900:
            break
        size += len(head) + len(body)
        embed.add_field(name=head, value=body, inline=False)
    return embed
