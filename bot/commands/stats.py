"""/lotr stats [user]: the server's games (played, finished, abandoned, wins per side) or one person's
(games, wins, favourite side), with a small chart, privately."""
from __future__ import annotations

import discord
from discord import app_commands

import games
from bot import messages
from bot.answers import acknowledge, reply, user_lang
from bot.commands.common import Part, guild_of
from bot.translator import L
from i18n import has, t
from render.stats import BAD, GOOD, NEUTRAL, Row, draw_chart
from table import stats
from table.models import Table


def side_label(side: str, lang: str) -> str:
    key = f"bot_table.stats.side.{side}"
    return t(key, lang) if has(key, lang) else side


class Stats(Part):
    """/lotr stats (a method of the /lotr group)."""

    @staticmethod
    def side_of(table: Table, player: str) -> str | None:
        """The seat `player` held, by the game's seat names (none for games without sides)."""
        game = games.find(table.game)
        if game is None or player not in table.players:
            return None
        seats = game.seat_names(len(table.players))
        index = table.players.index(player)
        return seats[index] if index < len(seats) else None

    def server(self, tables: list[Table], lang: str) -> tuple[discord.Embed, bytes | None]:
        by_game = stats.server_stats(tables, self.side_of)
        embed = discord.Embed(title=t("bot_table.stats.server_title", lang), colour=messages.COLOUR)
        rows = []
        for game, s in sorted(by_game.items(), key=lambda item: -item[1].played):
            wins = " · ".join(f"{side_label(side, lang)} {n}" for side, n in s.wins.most_common())
            running = s.played - s.finished - s.abandoned
            embed.add_field(name=t(f"bot.game.{game}", lang), inline=False, value="\n".join(x for x in (
                t("bot_table.stats.server_line", lang, played=s.played, finished=s.finished,
                  abandoned=s.abandoned, running=running),
                t("bot_table.stats.wins", lang, wins=wins) if wins else "") if x))
            rows.append(Row(t(f"bot.game.{game}", lang), [(s.finished, GOOD), (s.abandoned, BAD), (running, NEUTRAL)],
                            wins))
        if not rows:
            embed.description = t("bot_table.stats.none", lang)
            return embed, None
        legend = [(t(f"bot_table.stats.legend.{k}", lang), c)
                  for k, c in (("finished", GOOD), ("abandoned", BAD), ("running", NEUTRAL))]
        return embed, draw_chart(t("bot_table.stats.server_title", lang), rows, legend)

    def person(self, tables: list[Table], user: discord.abc.User, lang: str) -> tuple[discord.Embed, bytes | None]:
        by_game = stats.player_stats(tables, str(user.id), self.side_of)
        title = t("bot_table.stats.player_title", lang, player=user.display_name)
        embed = discord.Embed(title=title, colour=messages.COLOUR)
        rows = []
        for game, s in sorted(by_game.items(), key=lambda item: -item[1].games):
            favourite = side_label(s.favourite, lang) if s.favourite else ""
            embed.add_field(name=t(f"bot.game.{game}", lang), inline=False, value="\n".join(x for x in (
                t("bot_table.stats.player_line", lang, games=s.games, wins=s.wins),
                t("bot_table.stats.favourite", lang, side=favourite) if favourite else "") if x))
            rows.append(Row(t(f"bot.game.{game}", lang), [(s.wins, GOOD), (s.games - s.wins, NEUTRAL)], favourite))
        if not rows:
            embed.description = t("bot_table.stats.none_player", lang, player=user.mention)
            return embed, None
        legend = [(t("bot_table.stats.legend.won", lang), GOOD), (t("bot_table.stats.legend.other", lang), NEUTRAL)]
        return embed, draw_chart(title, rows, legend)

    @app_commands.command(name=L("bot_table.cmd.stats.name"), description=L("bot_table.cmd.stats.desc"))
    @app_commands.rename(user=L("bot_table.cmd.stats.user"))
    @app_commands.describe(user=L("bot_table.cmd.stats.user.desc"))
    async def stats_(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        tables = await self.ctx.service.guild_history(guild_of(interaction))
        embed, png = self.server(tables, lang) if user is None else self.person(tables, user, lang)
        kw: dict = {}
        if png is not None:
            kw["file"] = messages.picture(png, "stats.png", t("bot.alt.stats", lang, title=embed.title or ""))
            embed.set_image(url="attachment://stats.png")
        await reply(interaction, embed=embed, **kw)
