"""Spectators: anyone in the channel follows a game with the "Follow" button of its public message; its
public board then comes to them by DM, one message edited in place as the game goes on.

A spectator is sent exactly what the channel is shown (the public payload: the public view, its board,
its events), never a player's view. Following is stored in the bot's records (bot/store.py), so it
survives a restart; which DM message to edit is kept in memory (after a restart the next update is a new
DM). Updates are work nobody waits for: while the request budget is more than half used they are skipped
(the next one brings the spectator up to date), except the last one, when the game ends.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.answers import acknowledge, reply, user_lang
from bot.components import FollowButton, single_button_view
from i18n import t
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


class Spectators:
    def __init__(self, bot: GameMasterBot):
        self.bot = bot
        self._dms: dict[tuple[int, str], discord.PartialMessage] = {}   # (table, user) -> their DM to edit

    async def on_follow(self, interaction: discord.Interaction, table_id: int) -> None:
        """The "Follow" button: follow the game, or stop following it."""
        await acknowledge(interaction, private=True)
        lang, me = user_lang(interaction), str(interaction.user.id)
        service = self.bot.service
        table = await service.table_by_id(table_id)
        if table is None or table.status != "active":
            if me in await self.bot.records.followers(table_id):  # a stored follow outlived its table
                await self.bot.records.set_follower(table_id, me, False)
                self._dms.pop((table_id, me), None)
                await reply(interaction, t("bot_table.follow.stopped", lang))
            else:
                await reply(interaction, t("bot_table.follow.over", lang))
            return
        if me in table.players:  # its players see it already
            await reply(interaction, t("table.already_playing", lang))
            return
        follows = me not in await self.bot.records.followers(table_id)
        await self.bot.records.set_follower(table_id, me, follows)
        if not follows:
            self._dms.pop((table_id, me), None)
            await reply(interaction, t("bot_table.follow.stopped", lang))
            return
        sent = await self.show(table, me)
        await reply(interaction, t("bot_table.follow.started" if sent else "bot_table.follow.closed_dms", lang))

    async def show(self, table: Table, user: str) -> bool:
        """A new follower's first board, at once (from the button or the web page): False if their DMs are
        closed."""
        return await self._send(table, user, [], header="")

    async def update(self, table: Table, events: list[dict], header: str = "") -> None:
        """After a change: each spectator's DM edited into the public table (the end always; the rest
        while the request budget has room)."""
        followers = await self.bot.records.followers(table.id)
        ended = table.status != "active"
        for user in followers:
            if ended or self.bot.budget.spare():
                await self._send(table, user, events, header)
        if ended:  # the last board sent: nobody follows an ended table any more
            for user in followers:
                self._dms.pop((table.id, user), None)
            if followers:
                await self.bot.records.forget_followers(table.id)

    async def _send(self, table: Table, user: str, events: list[dict], header: str) -> bool:
        """The public table to one spectator: their DM edited in place, or a new DM. False if closed."""
        payload = await self.bot.delivery.public_payload(table, events, header)
        payload.pop("_waiting", None)
        payload.pop("_picture", None)
        live = table.status == "active"
        payload["view"] = (single_button_view(FollowButton(table.id, t("bot_table.follow.stop_button", table.lang)))
                           if live else None)
        key = (table.id, user)
        try:
            message = self._dms.get(key)
            if message is not None:
                edit = {k: v for k, v in payload.items() if k != "file"}
                edit["attachments"] = [payload["file"]] if "file" in payload else []
                await message.edit(**edit)
                return True
            channel = await self.bot.delivery.dm_channel(user)
            sent = await channel.send(**payload)
            if live:
                self._dms[key] = sent
            return True
        except discord.NotFound:   # the DM was deleted: a new one next time
            self._dms.pop(key, None)
            return False
        except discord.HTTPException:
            log.info("cannot DM spectator %s of table %s", user, table.id)
            return False
