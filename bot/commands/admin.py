"""/lotr-admin games, clear and settings: the server's games and settings, for moderators.

The group's default permission is Manage Server (bot/commands/__init__.py): Discord offers it to those
members only, unless the server's admins grant it to other roles; the commands trust that choice."""
from __future__ import annotations

import logging

import discord
from discord import app_commands

import games
from bot import messages
from bot.answers import acknowledge, reply, user_lang
from bot.commands.common import Choice, Part, guild_of
from bot.translator import L
from i18n import LANGUAGES, t

log = logging.getLogger(__name__)


class Admin(Part):
    """/lotr-admin games, clear and settings (methods of the /lotr-admin group; the game settings in
    settings' choices: `LotrAdmin.offer`)."""

    def game_settings(self) -> list[tuple[games.Game, games.Setting]]:
        """The games' own settings a moderator may set, over the games offered."""
        return [(game, setting) for game in games.declared() if game.id in self.ctx.controls
                for setting in game.settings]

    @app_commands.command(name=L("cmd.games.name"), description=L("cmd.games.desc"))
    async def games_(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        tables = await self.ctx.service.guild_tables(guild_of(interaction))
        if not tables:
            await reply(interaction, t("bot.games.none", lang))
            return
        lines = [t("bot.games.line", lang, id=table.id, channel=f"<#{table.channel_id}>",
                   game=t(f"bot.game.{table.game}", lang), status=t(f"bot.games.status.{table.status}", lang))
                 + " · " + t("bot.games.players", lang, last=f"<t:{int(table.last_action_at)}:R>",
                             players=", ".join(messages.mention(p) for p in table.players) or "-")
                 for table in reversed(tables)]  # oldest first: if too many, the clipped ones are the oldest
        embed = discord.Embed(title=t("bot.games.title", lang), colour=messages.COLOUR,
                              description=messages._clip_lines(lines, messages.EMBED_TEXT))
        await reply(interaction, embed=embed)

    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        """The server's live and broken tables, by number, channel and game."""
        if interaction.guild_id is None or not self.ctx.bot.serving:
            return []
        lang = user_lang(interaction)
        out = []
        for table in await self.ctx.service.guild_tables(interaction.guild_id):
            channel = interaction.guild.get_channel(table.channel_id) if interaction.guild else None
            label = t("bot_table.clear.choice", lang, id=table.id, game=t(f"bot.game.{table.game}", lang),
                      channel=f"#{channel.name}" if channel else str(table.channel_id),
                      status=t(f"bot.games.status.{table.status}", lang))
            if current.strip().lower() in label.lower():
                out.append(Choice(name=label[:100], value=table.id))
        return out[:25]

    @app_commands.command(name=L("cmd.clear.name"), description=L("cmd.clear.desc"))
    @app_commands.rename(table_id=L("cmd.clear.table"))
    @app_commands.describe(table_id=L("cmd.clear.table.desc"))
    @app_commands.autocomplete(table_id=table_autocomplete)
    async def clear(self, interaction: discord.Interaction, table_id: app_commands.Range[int, 1]) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        table = await self.ctx.core.clear(guild_of(interaction), table_id, str(interaction.user.id))
        channel = f"<#{table.channel_id}>"
        await reply(interaction, t("bot.clear.done", lang, id=table.id, channel=channel))
        try:  # the players there are told too
            await self.ctx.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id).send(
                t("bot.abandon.done", table.lang, player=interaction.user.mention), allowed_mentions=messages.MENTIONS)
        except discord.HTTPException:
            log.warning("cannot tell channel %s that its table was cleared", table.channel_id)

    async def value_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The values of the game setting chosen in the same command, in the user's language."""
        # The namespace holds options by their Discord (default, English) names.
        chosen = getattr(interaction.namespace, L("cmd.settings.setting").message, None)
        game_id, _, name = str(chosen or "").partition(".")
        game = games.find(game_id)
        setting = game.setting(name) if game is not None else None
        if game is None or setting is None:
            return []
        lang = user_lang(interaction)
        choices = [Choice(name=_value_label(game, setting, value, lang)[:100], value=value)
                   for value in setting.values()]
        return [c for c in choices if current.lower() in c.name.lower() or current.lower() in c.value][:25]

    @app_commands.command(name=L("cmd.settings.name"), description=L("cmd.settings.desc"))
    @app_commands.rename(language=L("cmd.settings.language"), reminder=L("cmd.settings.reminder"),
                         timeout=L("cmd.settings.timeout"), outcome=L("cmd.settings.outcome"),
                         setting=L("cmd.settings.setting"), value=L("cmd.settings.value"),
                         spectators=L("cmd.settings.spectators"))
    @app_commands.describe(language=L("cmd.settings.language.desc"), reminder=L("cmd.settings.reminder.desc"),
                           timeout=L("cmd.settings.timeout.desc"), outcome=L("cmd.settings.outcome.desc"),
                           setting=L("cmd.settings.setting.desc"), value=L("cmd.settings.value.desc"),
                           spectators=L("cmd.settings.spectators.desc"))
    @app_commands.choices(language=[Choice(name=L(f"language.{code}"), value=code) for code in LANGUAGES],
                          outcome=[Choice(name=L("outcome.win"), value="win"),
                                   Choice(name=L("outcome.abandon"), value="abandon")])
    @app_commands.autocomplete(value=value_autocomplete)
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       reminder: app_commands.Range[int, 1, 10080] | None = None,
                       timeout: app_commands.Range[int, 1, 43200] | None = None,
                       outcome: str | None = None, setting: str | None = None, value: str | None = None,
                       spectators: bool | None = None) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        if (setting is None) != (value is None):
            await reply(interaction, t("bot.refuse.setting_value", lang))
            return
        guild = guild_of(interaction)
        if setting is not None and value is not None:
            game_id, _, name = setting.partition(".")
            await self.ctx.service.set_game_setting(guild, game_id, name, value)
        changes = {name: value for name, value in (("lang", language), ("reminder_minutes", reminder),
                                                    ("timeout_minutes", timeout), ("timeout_outcome", outcome),
                                                    ("web_spectators", spectators))
                   if value is not None}
        if changes:
            current = await self.ctx.service.set_guild_settings(guild, **changes)
        else:
            current = await self.ctx.service.guild_settings(guild)
        lines = [t("bot.settings.show", lang, language=t(f"bot.language.{current.lang}", lang),
                   reminder=current.reminder_minutes, timeout=current.timeout_minutes,
                   outcome=t(f"bot.outcome.{current.timeout_outcome}", lang))]
        lines += [t("bot.settings.game_line", lang, game=t(f"bot.game.{game.id}", lang),
                    setting=t(game.setting_key(s.name), lang),
                    value=_value_label(game, s, game.setting_value(current.games, s.name), lang))
                  for game, s in self.game_settings()]
        lines.append(t("bot.settings.web_spectators", lang, spectators=t(
            f"bot.settings.web_spectators.{'on' if current.web_spectators else 'off'}", lang)))
        await reply(interaction, "\n".join(lines))


def _value_label(game: games.Game, setting: games.Setting, value: str, lang: str) -> str:
    """How a setting's value reads: on/off, or the game's words for a choice."""
    return t(f"bot.settings.{value}" if setting.kind == "bool" else game.setting_key(setting.name, value), lang)
