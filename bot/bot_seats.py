"""Bot seats on Discord: computer players (table/bots.py) added in the lobby, playing their own turns.

A bot seat is added by the table's creator, with `/lotr create ... bots:<n> level:<level>` or the lobby's
"add a computer player" menu (which also takes one out again), for a game whose declaration has a bot
(`Game.bot`). Once the game waits
on a bot, the action core (table/core.py) starts one runner per table that lets the bots play (after
the `bot_pause` setting's pause), each of their moves shown as a person's click would be. A bot gets no DM and none of its reasoning is shown: only its move, like anyone's.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

import games
from bot.answers import acknowledge, refusal_text, reply, user_lang
from i18n import t
from table import bots
from table.errors import TableError
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


def offers_bots(game_id: str) -> bool:
    game = games.find(game_id)
    return game is not None and game.bot is not None


def next_bot(table: Table, level: str) -> str:
    """The id of one more bot at this table (numbered after those seated)."""
    return bots.bot_id(level, 1 + sum(1 for p in table.players if bots.is_bot(p)))


class BotSeats:
    def __init__(self, bot: GameMasterBot):
        self.bot = bot

    async def add(self, channel_id: int, by: str, level: str, count: int = 1) -> Table:
        """Seat `count` bots of `level` in the channel's lobby, for its creator only."""
        table = await self.bot.service.serve(channel_id)
        if table is None or table.status != "lobby":
            raise TableError("no_table" if table is None else "already_started")
        if table.creator != by:
            raise TableError("not_creator")
        if not offers_bots(table.game):
            raise TableError("no_bots")
        for _ in range(count):
            table = await self.bot.service.join(channel_id, next_bot(table, level))
        return table

    async def remove(self, channel_id: int, by: str) -> Table:
        """Take the last bot seated out of the channel's lobby (its creator only)."""
        table = await self.bot.service.serve(channel_id)
        seated = [p for p in table.players if bots.is_bot(p)] if table is not None else []
        if table is None or not seated:
            raise TableError("no_table" if table is None else "not_in_lobby")
        return await self.bot.service.kick(channel_id, by, seated[-1])

    async def on_choose(self, interaction: discord.Interaction, table_id: int, choice: str) -> None:
        """The lobby's computer-player menu: a level seats a bot, REMOVE takes the last one out."""
        await acknowledge(interaction)
        lang = user_lang(interaction)
        me = str(interaction.user.id)
        try:
            stored = await self.bot.service.table_by_id(table_id)
            if stored is None or choice not in (*bots.levels(stored.game), bots.REMOVE):
                raise TableError("no_table")
            if choice == bots.REMOVE:
                table = await self.remove(stored.channel_id, me)
            else:
                table = await self.add(stored.channel_id, me, choice)
        except TableError as exc:
            await reply(interaction, refusal_text(exc, lang))
            return
        header = (t("bot.lobby.bot_left", table.lang) if choice == bots.REMOVE
                  else t("bot.lobby.bot_joined", table.lang, level=t(f"bot.bot_level.{choice}", table.lang)))
        await self.bot.core.changed(table, header=header)
