"""/lotr help: how to start a game, how its controls work and where its rules are, in the reader's
language, privately."""
from __future__ import annotations

import discord
from discord import app_commands

from bot import messages
from bot.answers import acknowledge, reply, user_lang
from bot.commands.common import Part
from bot.translator import L
from i18n import has, t

# The parts of a game's help (i18n bot_table.help.<game>.<part>), in the order shown.
PARTS = ("start", "controls", "rules")


def help_embed(game: str | None, lang: str, games: list[str]) -> discord.Embed:
    """The overview (game None: the commands and the games), or one game's help."""
    if game is None:
        embed = discord.Embed(title=t("bot_table.help.title", lang), colour=messages.COLOUR,
                              description=t("bot_table.help.intro", lang))
        embed.add_field(name=t("bot_table.help.commands_title", lang), value=t("bot_table.help.commands", lang),
                        inline=False)
        embed.add_field(name=t("bot_table.help.games_title", lang),
                        value="\n".join(f"• {t(f'bot.game.{g}', lang)}" for g in games), inline=False)
        return embed
    embed = discord.Embed(title=t("bot_table.help.game_title", lang, game=t(f"bot.game.{game}", lang)),
                          colour=messages.COLOUR)
    for part in PARTS:
        key = f"bot_table.help.{game}.{part}"
        if has(key, lang):
            embed.add_field(name=t(f"bot_table.help.{part}_title", lang), value=t(key, lang), inline=False)
    return embed


class Guide(Part):
    """/lotr help (a method of the /lotr group; the games in its choices: `Lotr.offer`)."""

    @app_commands.command(name=L("bot_table.cmd.help.name"), description=L("bot_table.cmd.help.desc"))
    @app_commands.rename(game=L("cmd.create.game"))
    @app_commands.describe(game=L("bot_table.cmd.help.game.desc"))
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        await reply(interaction, embed=help_embed(game, lang, self.ctx.playable))
