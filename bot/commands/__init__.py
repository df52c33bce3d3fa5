"""The slash commands: two groups, each a class with one method per command, the methods written in one
module per theme:

    /lotr        players: lobby.py (create, join, leave, kick, deck, start), game.py (status, me, map,
                 history, log, abandon), stats.py (stats), guide.py (help)
    /lotr-admin  moderators: admin.py (games, clear, settings); Discord shows it to members with Manage
                 Server by default, and a server's admins may grant it to other roles in the integration
                 settings, so the commands themselves check nothing more.

Each command is acknowledged first (bot.answers.acknowledge: Discord's "thinking"), before any storage or
engine work. Refusals (TableError, engine.IllegalAction) are answered by the group's error handler
(common.Commands.on_error) as a short ephemeral message in the user's language; nothing has changed when a
refusal is shown.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.commands.admin import Admin
from bot.commands.common import Choice, Commands, offered
from bot.commands.game import Game
from bot.commands.guide import Guide
from bot.commands.lobby import Lobby, decks, seat_choices
from bot.commands.stats import Stats
from bot.translator import L

if TYPE_CHECKING:
    from bot.client import GameMasterBot

__all__ = ["Lotr", "LotrAdmin", "offered"]


class Lotr(Lobby, Game, Stats, Guide, Commands, name=L("cmd.lotr.name"), description=L("cmd.lotr.desc"),
           guild_only=True):
    # discord.py takes a group's commands from its own class body only: each theme's are named here.
    create, join, leave, kick, deck, start = Lobby.create, Lobby.join, Lobby.leave, Lobby.kick, Lobby.deck, Lobby.start
    status, me, map_, history, log, abandon = Game.status, Game.me, Game.map_, Game.history, Game.log, Game.abandon
    stats_, help = Stats.stats_, Guide.help

    def __init__(self, bot: GameMasterBot):
        super().__init__(bot)
        self.status_shown = {}  # Game's: /lotr status's cooldown, per channel

    def offer(self) -> None:
        playable = self.ctx.playable
        app_commands.choices(game=self.game_choices())(self.create)
        app_commands.choices(game=self.game_choices())(self.help)
        app_commands.choices(seat=seat_choices(playable))(self.start)
        if not decks(playable):
            self.remove_command("deck")


class LotrAdmin(Admin, Commands, name=L("bot_table.cmd.admin.name"), description=L("bot_table.cmd.admin.desc"),
                guild_only=True, default_permissions=discord.Permissions(manage_guild=True)):
    games_, clear, settings = Admin.games_, Admin.clear, Admin.settings

    def offer(self) -> None:
        app_commands.choices(setting=[Choice(name=L(game.setting_key(s.name)), value=f"{game.id}.{s.name}")
                                      for game, s in self.game_settings()][:25])(self.settings)
