"""What every command module shares: the bot's parts, the games offered, the language of a table, and
`Commands`, the base of both groups (their parts, their refusal handler)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.answers import refusal_text, reply, user_lang
from bot.limits import CONTENT, clip
from bot.translator import L
from engine import IllegalAction
from games.protocols import Controls
from i18n import t
from table.errors import TableError

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from bot.delivery import Delivery
    from bot.routing import Routing
    from table.core import ActionCore
    from table.service import TableService

Choice = app_commands.Choice
log = logging.getLogger(__name__)

# What the bot needs in a channel to run a game there: post, show the board picture and its embed.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")


def offered() -> dict[str, Controls]:
    """The games the bot offers, with their controls: the engine loads and the game has controls."""
    return {game.id: game.controls() for game in games.playable() if game.controls is not None}


class Context:
    """The bot's parts a command uses, and the games it offers (read once, when the bot starts)."""

    def __init__(self, bot: GameMasterBot):
        self.bot = bot
        self.controls = offered()
        self.playable = list(self.controls)

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def core(self) -> ActionCore:
        return self.bot.core

    @property
    def delivery(self) -> Delivery:
        return self.bot.delivery

    @property
    def routing(self) -> Routing:
        return self.bot.routing

    async def table_lang(self, guild_id: int | None) -> str:
        """The guild's chosen language, else the configured default."""
        return await self.service.guild_lang(guild_id, self.bot.settings.default_language)

    async def dm_check(self, interaction: discord.Interaction, lang: str) -> None:
        """Tell a player now, privately, if we cannot DM them (their secrets would not reach them)."""
        channel = getattr(interaction.channel, "mention", "#")
        if not await self.delivery.test_dm(str(interaction.user.id), lang, channel):
            await reply(interaction, t("bot.dm.closed", user_lang(interaction)))


def channel_of(interaction: discord.Interaction) -> int:
    """The channel a /lotr command came from (Discord sends one with every command; without, no table)."""
    if interaction.channel_id is None:
        raise TableError("no_table")
    return interaction.channel_id


def guild_of(interaction: discord.Interaction) -> int:
    """The server a command of the guild-only groups came from (Discord sends them only from one)."""
    if interaction.guild_id is None:
        raise ValueError("a guild-only command came without a guild")
    return interaction.guild_id


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel (Discord sends them along)."""
    have = interaction.app_permissions
    return [name for name in NEEDED if not getattr(have, name)]


if TYPE_CHECKING:  # to the type checker a theme is a group: its methods are commands of one
    class Part(app_commands.Group):
        ctx: Context
else:
    class Part:
        """A theme's commands: methods of a group (`Commands`), which names them in its class body. A plain
        class at run time: discord.py reads a group's commands from the group's own class body only."""


class Commands(app_commands.Group):
    """A group of slash commands (bot/commands/__init__.py), one method per command, with the bot's
    parts (`ctx`) and one refusal handler.

    The choices that name games, their seats and settings are filled in when the group is made, as the
    bot starts (`offer`): a game declared after this package is imported (a game package's own
    declaration) is offered like the others."""

    def __init__(self, bot: GameMasterBot):
        self.ctx = Context(bot)
        super().__init__()
        self.offer()

    def offer(self) -> None:
        """Fill this group's commands' choices with the games offered now."""

    def game_choices(self) -> list[Choice[str]]:
        return [Choice(name=L(f"game.{g}"), value=g) for g in self.ctx.playable]

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """A refusal in the user's language; anything else logged and answered."""
        bot = self.ctx.bot
        original = getattr(error, "original", error)
        lang = user_lang(interaction)
        if isinstance(original, (TableError, IllegalAction)):
            table = bot.service.table(interaction.channel_id) if bot.serving and interaction.channel_id else None
            # A refusal may quote what the user typed: it must still be a message Discord accepts.
            await reply(interaction, clip(refusal_text(original, lang, table.game if table else None), CONTENT))
            return
        bot.log_error(original)
        await reply(interaction, t("bot.refuse.failed", lang))
