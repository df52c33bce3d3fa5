"""The slash commands, one module per theme:

    /lotr        players: lobby.py (create, join, leave, kick, start), game.py (status, me, history, log,
                 abandon), stats.py (stats), guide.py (help)
    /lotr-admin  moderators: admin.py (games, clear, settings); Discord shows it to members with Manage
                 Server by default, and a server's admins may grant it to other roles in the integration
                 settings, so the commands themselves check nothing more.

Each command is acknowledged first (bot.answers.acknowledge: Discord's "thinking"), before any storage or
engine work. Refusals (TableError, engine.IllegalAction) are answered by the group's error handler as a
short ephemeral message in the user's language; nothing has changed when a refusal is shown.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.commands import admin, game, guide, lobby, stats
from bot.commands.common import Context, offered, on_error
from bot.translator import L

if TYPE_CHECKING:
    from bot.client import GameMasterBot

__all__ = ["build_admin_group", "build_group", "offered"]


def build_group(bot: GameMasterBot) -> app_commands.Group:
    group = app_commands.Group(name=L("cmd.lotr.name"), description=L("cmd.lotr.desc"), guild_only=True)
    context = Context(bot)
    group.on_error = on_error(bot)  # type: ignore[method-assign]  # discord.py's documented way for a Group
    for theme in (lobby, game, stats, guide):
        theme.add(group, context)
    return group


def build_admin_group(bot: GameMasterBot) -> app_commands.Group:
    group = app_commands.Group(name=L("bot_table.cmd.admin.name"), description=L("bot_table.cmd.admin.desc"),
                               guild_only=True, default_permissions=discord.Permissions(manage_guild=True))
    group.on_error = on_error(bot)  # type: ignore[method-assign]
    admin.add(group, Context(bot))
    return group
