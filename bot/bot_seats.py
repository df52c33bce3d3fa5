"""Bot seats on Discord: computer players (table/bots.py) added in the lobby, playing their own turns.

A bot seat is added by the table's creator, with `/lotr create ... bots:<n> level:<level>` or the lobby's
"add a computer player" menu (which also takes one out again), for a game whose declaration has a bot
(`Game.bot`). Once the game waits
on a bot, `wake` starts one runner per table that lets the bots play (after the `BOT_PAUSE` pause, with
the injected `sleep`), publishing each of their moves as a person's click would be. A bot gets no DM
and none of its reasoning is shown: only its move, like anyone's. After a restart, `resume` wakes the
tables that were waiting on a bot (the store keeps whom each table waits for).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

import games
from bot.play import acknowledge, refusal_text, reply, user_lang
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
        self._runs: dict[int, asyncio.Task] = {}  # table id -> the runner letting its bots play
        self._again: set[int] = set()  # tables woken while their runner was finishing

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
        await self.bot.play.post_public(table, [], header=header)

    def wake(self, table: Table) -> None:
        """Let the table's bots play, if one is waited on; one runner per table."""
        run = self._runs.get(table.id)
        if run is not None and not run.done():
            self._again.add(table.id)  # the runner looks once more before it stops
            return
        self._runs[table.id] = asyncio.create_task(self._run(table.channel_id, table.id),
                                                   name=f"lotr-bots-{table.id}")

    async def _run(self, channel_id: int, table_id: int) -> None:
        async def show(new: Table, events: list[dict], decision: int | None, player: str) -> None:
            await self.bot.play.publish(new, events, previous_decision=decision, actor=player)

        try:
            while True:
                self._again.discard(table_id)
                await bots.play_bots(self.bot.service, channel_id, pause=self.bot.settings.bot_pause,
                                     sleep=self.bot.sleep, after=show)
                if table_id not in self._again:
                    return
        except Exception:
            log.exception("the bots of table %s stopped", table_id)
        finally:
            if self._runs.get(table_id) is asyncio.current_task():
                del self._runs[table_id]

    async def resume(self) -> None:
        """After a start: the tables this process serves that wait on a bot carry on."""
        service = self.bot.service
        for table in await service.store.idle_tables(self.bot.clock()):
            if service.serves(table.guild_id) and any(bots.is_bot(p) for p in table.waiting or []):
                self.wake(table)
