"""/lotr create, join, leave, kick, deck and start: opening a table, sitting at it, bringing a deck file."""
from __future__ import annotations

import discord
from discord import app_commands

import games
from bot import bot_seats, messages, threads
from bot.answers import acknowledge, reply, user_lang
from bot.commands.common import Choice, Part, channel_of, missing_permissions
from bot.delivery import FromDiscord
from bot.limits import QUOTE, clip
from bot.translator import L
from i18n import t
from table import bots
from table.errors import TableError


def seat_choices(playable: list[str]) -> list[Choice[str]]:
    """Every seat a creator may pick in /lotr start, over the offered games (their declarations)."""
    seats = dict.fromkeys(seat for game in playable for seat in games.get(game).all_seat_names())
    return [Choice(name=L("seat.random"), value="random")] + [Choice(name=L(f"seat.{s}"), value=s) for s in seats]


def decks(playable: list[str]) -> bool:
    """Whether a game whose players bring a deck file is offered (then /lotr deck is)."""
    return any(games.get(g).player_form is not None for g in playable)


class Lobby(Part):
    """/lotr create, join, leave, kick, deck and start (methods of the /lotr group). The games in create's
    choices and the seats in start's are the group's to fill in (`Lotr.offer`)."""

    @app_commands.command(name=L("cmd.create.name"), description=L("cmd.create.desc"))
    @app_commands.rename(game=L("cmd.create.game"), options=L("cmd.create.options"), bots_=L("cmd.create.bots"),
                         level=L("cmd.create.level"))
    @app_commands.describe(game=L("cmd.create.game.desc"), options=L("cmd.create.options.desc"),
                           bots_=L("cmd.create.bots.desc"), level=L("cmd.create.level.desc"))
    @app_commands.choices(level=[Choice(name=L(f"bot_level.{level}"), value=level) for level in bots.LEVELS])
    async def create(self, interaction: discord.Interaction, game: str, options: str | None = None,
                     bots_: app_commands.Range[int, 0, 5] = 0, level: str = "normal") -> None:
        await acknowledge(interaction)
        missing = missing_permissions(interaction)
        if missing:
            lang = user_lang(interaction)
            await reply(interaction, t("bot.refuse.permissions", lang,
                                       missing=", ".join(t(f"bot.permission.{p}", lang) for p in missing)))
            return
        lang = await self.ctx.table_lang(interaction.guild_id)
        if game not in self.ctx.playable:
            raise TableError("unknown_game", game=clip(game, QUOTE))
        chosen = dict(games.get(game).presets())
        preset = options or next(iter(chosen))
        if preset not in chosen:
            await reply(interaction, t("bot.refuse.unknown_options", user_lang(interaction), options=clip(preset, QUOTE)))
            return
        if bots_:  # refused before the lobby opens, so a refusal leaves nothing behind
            if not bot_seats.offers_bots(game):
                raise TableError("no_bots")
            if level not in bots.levels(game):
                await reply(interaction, t("bot_levels.not_offered", user_lang(interaction),
                                           levels=", ".join(t(f"bot.bot_level.{x}", user_lang(interaction))
                                                            for x in bots.levels(game))))
                return
            if 1 + bots_ > games.get(game).seats[1]:
                raise TableError("game_full", max=games.get(game).seats[1])
        me = str(interaction.user.id)
        name = t("bot.thread.name", lang, game=t(f"bot.game.{game}", lang), player=interaction.user.display_name)
        channel = await threads.game_channel(interaction, name, enabled=self.ctx.bot.settings.game_threads)
        table = await self.ctx.service.create(channel, interaction.guild_id, game, chosen[preset], me, lang)
        if bots_:
            table = await self.ctx.bot.seats.add(channel, me, level, bots_)
        header = t("bot.lobby.created", lang, player=interaction.user.mention,
                   options=self.ctx.controls[game].preset_label(preset, lang))
        if channel != interaction.channel_id:  # the game has its own thread: the channel is told where
            await reply(interaction, t("bot.thread.opened", lang, thread=f"<#{channel}>"), ephemeral=False)
            await self.ctx.core.changed(table, header=header)
        else:
            await self.ctx.core.changed(table, header=header, origin=FromDiscord(interaction))
        await self.ctx.dm_check(interaction, lang)

    @create.autocomplete("options")
    async def preset_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        playable = self.ctx.playable
        game = getattr(interaction.namespace, "game", None) or (playable[0] if playable else None)
        if game not in playable:
            return []
        lang = user_lang(interaction)
        out = []
        for preset, _ in games.get(game).presets():
            label = self.ctx.controls[game].preset_label(preset, lang)
            if current.lower() in label.lower() or current.lower() in preset:
                out.append(Choice(name=label[:100], value=preset))
        return out[:25]

    @app_commands.command(name=L("cmd.join.name"), description=L("cmd.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        table = await self.ctx.service.join(channel_of(interaction), str(interaction.user.id))
        header = t("bot.lobby.joined", table.lang, player=interaction.user.mention)
        await self.ctx.core.changed(table, header=header, origin=FromDiscord(interaction))
        await self.ctx.dm_check(interaction, table.lang)

    @app_commands.command(name=L("cmd.leave.name"), description=L("cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        table = await self.ctx.service.leave(channel_of(interaction), str(interaction.user.id))
        key = "bot.lobby.closed" if table.status == "abandoned" else "bot.lobby.left"
        await reply(interaction, t(key, table.lang, player=interaction.user.mention), ephemeral=False,
                    allowed_mentions=messages.MENTIONS)

    @app_commands.command(name=L("cmd.kick.name"), description=L("cmd.kick.desc"))
    @app_commands.rename(player=L("cmd.kick.player"))
    @app_commands.describe(player=L("cmd.kick.player.desc"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        await acknowledge(interaction)
        table = await self.ctx.service.kick(channel_of(interaction), str(interaction.user.id), str(player.id))
        header = t("bot.lobby.kicked", table.lang, player=player.mention, by=interaction.user.mention)
        await self.ctx.core.changed(table, header=header, origin=FromDiscord(interaction))

    @app_commands.command(name=L("bot_deck.cmd.name"), description=L("bot_deck.cmd.desc"))
    @app_commands.rename(file=L("bot_deck.cmd.file"), file2=L("bot_deck.cmd.file2"),
                         file3=L("bot_deck.cmd.file3"), file4=L("bot_deck.cmd.file4"))
    @app_commands.describe(file=L("bot_deck.cmd.file.desc"), file2=L("bot_deck.cmd.file2.desc"),
                           file3=L("bot_deck.cmd.file3.desc"), file4=L("bot_deck.cmd.file4.desc"))
    async def deck(self, interaction: discord.Interaction, file: discord.Attachment,
                   file2: discord.Attachment | None = None, file3: discord.Attachment | None = None,
                   file4: discord.Attachment | None = None) -> None:
        await self.ctx.routing.on_deck_files(interaction, [f for f in (file, file2, file3, file4) if f is not None])

    @app_commands.command(name=L("cmd.start.name"), description=L("cmd.start.desc"))
    @app_commands.rename(seat=L("cmd.start.seat"))
    @app_commands.describe(seat=L("cmd.start.seat.desc"))
    async def start(self, interaction: discord.Interaction, seat: str = "random") -> None:
        await acknowledge(interaction)
        channel = channel_of(interaction)
        current = await self.ctx.service.serve(channel)
        seating: str | dict = "random"
        if seat != "random" and current is not None and current.live:
            seats = list(games.get(current.game).seat_names(len(current.players)))
            if seat not in seats:
                await reply(interaction, t("bot.refuse.bad_seat", user_lang(interaction)))
                return
            me = str(interaction.user.id)
            others = [p for p in current.players if p != me]
            free = [i for i in range(len(current.players)) if i != seats.index(seat)]
            seating = {me: seats.index(seat), **dict(zip(others, free))}
        seed = self.ctx.bot.seeds() if self.ctx.bot.seeds is not None else None
        table = await self.ctx.service.start(channel, str(interaction.user.id), seating, seed=seed)
        intro = self.ctx.controls[table.game].intro(table.lang) if table.game in self.ctx.controls else ""
        header = "\n".join(x for x in (t("bot.table.started", table.lang), intro) if x)
        await self.ctx.core.changed(table, header=header, kind="start", origin=FromDiscord(interaction))
