"""/lotr status, me, map, history, log and abandon: looking at a running game, and ending it."""
from __future__ import annotations

import io

import discord
from discord import app_commands

from bot import messages
from bot.answers import acknowledge, reply, user_lang
from bot.commands.common import Part, channel_of
from bot.translator import L
from i18n import t
from table.errors import TableError
from table.models import Table
from table.service import voters

# A game's log as a file: the whole of it (a long War of the Ring game writes a few hundred kB), under
# the smallest upload size Discord allows a bot (10 MiB) by far.
LOG_FILE_MAX = 8 * 1024 * 1024


class Game(Part):
    """/lotr status, me, map, history, log and abandon (methods of the /lotr group)."""

    status_shown: dict[int, float]  # channel -> when /lotr status last posted there

    @app_commands.command(name=L("cmd.status.name"), description=L("cmd.status.desc"))
    async def status(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        channel = channel_of(interaction)
        table = await self.ctx.service.serve(channel)  # several processes: see docs/deploy.md
        if table is None:
            raise TableError("no_table")
        shown = self.status_shown.get(channel)
        wait = shown + self.ctx.bot.settings.status_cooldown - self.ctx.bot.clock() if shown is not None else 0
        if wait > 0:
            await reply(interaction, t("bot.refuse.status_cooldown", user_lang(interaction), seconds=round(wait + .5)))
            return
        self.status_shown[channel] = self.ctx.bot.clock()
        await self.ctx.delivery.post_public(table, [], interaction=interaction)

    @app_commands.command(name=L("cmd.me.name"), description=L("cmd.me.desc"))
    async def me(self, interaction: discord.Interaction) -> None:
        table = await self.ctx.service.serve(channel_of(interaction))  # several processes: see docs/deploy.md
        if table is None or table.status != "active":
            raise TableError({"lobby": "not_started", "over": "game_over"}.get(
                table.status if table else "", "no_table"))
        await self.ctx.routing.on_my_view(interaction, table.id)

    @app_commands.command(name=L("bot_play.cmd.map.name"), description=L("bot_play.cmd.map.desc"))
    async def map_(self, interaction: discord.Interaction) -> None:
        table = await self.ctx.service.serve(channel_of(interaction))  # several processes: see docs/deploy.md
        if table is None or table.status == "lobby":
            raise TableError("not_started" if table else "no_table")
        await self.ctx.routing.on_full_map(interaction, table.id)

    async def public_lines(self, interaction: discord.Interaction) -> tuple[Table, list[str], str] | None:
        """The channel's table, every public event of its game in the user's language, and that language;
        None (the user told so, privately) before its first event."""
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        channel = channel_of(interaction)
        table = await self.ctx.service.serve(channel)  # several processes: see docs/deploy.md
        if table is None:
            raise TableError("no_table")
        events = await self.ctx.service.history(channel)
        if not events or table.state is None:
            await reply(interaction, t("bot.history.empty", lang))
            return None
        return table, messages.event_lines(table, events, self.ctx.service.view(channel, None), lang), lang

    @app_commands.command(name=L("cmd.history.name"), description=L("cmd.history.desc"))
    async def history(self, interaction: discord.Interaction) -> None:
        found = await self.public_lines(interaction)
        if found is not None:
            _, lines, lang = found
            await reply(interaction, messages._clip_lines(lines, 1900) + "\n" + t("bot_table.log.hint", lang))

    @app_commands.command(name=L("bot_table.cmd.log.name"), description=L("bot_table.cmd.log.desc"))
    async def log(self, interaction: discord.Interaction) -> None:
        found = await self.public_lines(interaction)
        if found is None:
            return
        table, lines, lang = found
        text = "\n".join(f"{n}. {line}" for n, line in enumerate(lines, 1)).encode()
        if len(text) > LOG_FILE_MAX:  # the latest events are what a reader wants: the oldest go
            text = text[-LOG_FILE_MAX:].split(b"\n", 1)[-1]
        await reply(interaction, t("bot_table.log.file", lang, events=len(lines)),
                    file=discord.File(io.BytesIO(text), filename=f"lotr_{table.game}_{table.id}.txt"))

    @app_commands.command(name=L("cmd.abandon.name"), description=L("cmd.abandon.desc"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        table = await self.ctx.core.abandon(channel_of(interaction), str(interaction.user.id), manage_channel=manage)
        if table.status == "abandoned":
            text = t("bot.abandon.done", table.lang, player=interaction.user.mention)
        else:
            text = t("bot.abandon.vote", table.lang, player=interaction.user.mention,
                     votes=len(table.abandon_votes), players=len(voters(table)))
        await reply(interaction, text, ephemeral=False, allowed_mentions=messages.MENTIONS)
