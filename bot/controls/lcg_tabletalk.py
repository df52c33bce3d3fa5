"""The table-talk guard of the Card Game, on Discord (its declaration's message_watch, games/lcg.py).

Active only when the bot has the Message Content intent (MESSAGE_CONTENT_INTENT=true, bot/settings.py);
the client calls it for channels holding an active Card Game table. There, a message by a seated player that names a card only that
player knows (games/lcg_tabletalk.py: from their view against the public view) gets a private reminder;
if the server turned on "delete table talk" (/lotr settings), the message is deleted instead and the
author is told privately why. Card names are only ever written to the author, never to the channel.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from games import lcg_tabletalk as tabletalk
from games.lcg import DELETE_TABLE_TALK, GAME
from i18n import t
from present import lcg as text
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


def _guild_id(message: discord.Message) -> int | None:
    """The message's server (None in DMs); the channel knows it even when the guild is not cached."""
    guild = message.guild
    return guild.id if guild is not None else getattr(message.channel, "guild_id", None)


async def offending_cards(bot: GameMasterBot, message: discord.Message) -> tuple[Table, str, list[str]] | None:
    """(table, player, secret card ids named) when the message breaks the rule, else None."""
    if message.author.bot or _guild_id(message) is None or not message.content:
        return None
    service = bot.service
    table = await service.serve(message.channel.id) if service else None
    player = str(message.author.id)
    if table is None or table.status != "active" or player not in table.players:
        return None
    named = tabletalk.secret_mentions(message.content, service.view(table.channel_id, None),
                                      service.view(table.channel_id, player))
    return (table, player, named) if named else None


async def on_message(bot: GameMasterBot, message: discord.Message) -> None:
    found = await offending_cards(bot, message)
    if found is None:
        return
    table, player, named = found
    lang = table.lang
    cards = ", ".join(text.card_name(c, lang) for c in named)
    channel = getattr(message.channel, "mention", f"<#{message.channel.id}>")
    settings = await bot.service.guild_settings(_guild_id(message))
    deleted = False
    # Someone else's message is deleted with Manage Messages only: without it, the reminder alone.
    permissions = bot.permissions_in(message.channel)
    if GAME.setting_value(settings.games, DELETE_TABLE_TALK) == "on" and (
            permissions is None or permissions.manage_messages):
        try:
            await message.delete()
            deleted = True
        except discord.HTTPException:
            log.warning("cannot delete a table-talk message in channel %s", message.channel.id, exc_info=True)
    key = "bot_lcg.tabletalk.deleted" if deleted else "bot_lcg.tabletalk.reminder"
    try:
        dm = await bot.create_dm(discord.Object(int(player)))
        await dm.send(t(key, lang, channel=channel, cards=cards))
    except (discord.HTTPException, ValueError):
        # DMs closed: a reminder in the channel, without naming the card.
        log.info("cannot remind %s about table talk by DM", player)
        if deleted:
            await message.channel.send(t("bot_lcg.tabletalk.deleted_public", lang, player=message.author.mention),
                                       allowed_mentions=discord.AllowedMentions(users=True))
        else:
            await message.channel.send(t("bot_lcg.tabletalk.reminder_public", lang, player=message.author.mention),
                                       allowed_mentions=discord.AllowedMentions(users=True))
