"""The /lotr slash command group. Each subcommand is one table service call and one message.

Each command is acknowledged first (bot.play.acknowledge: Discord's "thinking"), before any storage or
engine work. Refusals (TableError, engine.IllegalAction) are answered by the group's error handler as a
short ephemeral message in the user's language; nothing has changed when a refusal is shown.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot import bot_seats, messages, threads
from bot.play import acknowledge, refusal_text, reply, user_lang
from bot.translator import L
from engine import IllegalAction
from games.protocols import Controls
from i18n import LANGUAGES, t
from table import bots
from table.errors import TableError
from table.service import voters

if TYPE_CHECKING:
    from bot.client import GameMasterBot

Choice = app_commands.Choice
log = logging.getLogger(__name__)


def offered() -> dict[str, Controls]:
    """The games the bot offers, with their controls: the engine loads and the game has controls."""
    return {game.id: game.controls() for game in games.playable() if game.controls is not None}


def _seat_names(controls: dict[str, Controls]) -> list[str]:
    names: list[str] = []
    for module in controls.values():
        for seat in module.SEATS:
            if seat not in names:
                names.append(seat)
    return names


async def table_lang(bot: GameMasterBot, guild_id: int | None) -> str:
    """The guild's chosen language, else the configured default."""
    if guild_id is not None:
        stored = await bot.service.store.guild_settings(guild_id)
        if stored is not None:
            return stored.lang
    return bot.settings.default_language


# What the bot needs in a channel to run a game there: post, show the board picture and its embed.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel (Discord sends them along)."""
    have = interaction.app_permissions
    return [name for name in NEEDED if not getattr(have, name)]


def build_group(bot: GameMasterBot) -> app_commands.Group:
    group = app_commands.Group(name=L("cmd.lotr.name"), description=L("cmd.lotr.desc"), guild_only=True)
    service = lambda: bot.service
    play = bot.play
    controls = offered()
    playable = list(controls)

    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        lang = user_lang(interaction)
        if isinstance(original, (TableError, IllegalAction)):
            table = bot.service.table(interaction.channel_id) if bot.service else None
            await reply(interaction, refusal_text(original, lang, table.game if table else None))
            return
        bot.log_error(original)
        await reply(interaction, t("bot.refuse.failed", lang))

    group.on_error = on_error  # type: ignore[method-assign]  # discord.py's documented way for a Group
    status_shown: dict[int, float] = {}  # channel -> when /lotr status last posted there

    async def dm_check(interaction: discord.Interaction, lang: str) -> None:
        """Tell a player now, privately, if we cannot DM them (their secrets would not reach them)."""
        channel = getattr(interaction.channel, "mention", "#")
        if not await play.test_dm(str(interaction.user.id), lang, channel):
            await interaction.followup.send(t("bot.dm.closed", user_lang(interaction)), ephemeral=True)

    # --- create ------------------------------------------------------------------------------

    async def preset_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or (playable[0] if playable else None)
        if game not in playable:
            return []
        lang = user_lang(interaction)
        out = []
        for preset, _ in controls[game].presets():
            label = controls[game].preset_label(preset, lang)
            if current.lower() in label.lower() or current.lower() in preset:
                out.append(Choice(name=label[:100], value=preset))
        return out[:25]

    @group.command(name=L("cmd.create.name"), description=L("cmd.create.desc"))
    @app_commands.rename(game=L("cmd.create.game"), options=L("cmd.create.options"), bots_=L("cmd.create.bots"),
                         level=L("cmd.create.level"))
    @app_commands.describe(game=L("cmd.create.game.desc"), options=L("cmd.create.options.desc"),
                           bots_=L("cmd.create.bots.desc"), level=L("cmd.create.level.desc"))
    @app_commands.choices(game=[Choice(name=L(f"game.{g}"), value=g) for g in playable],
                          level=[Choice(name=L(f"bot_level.{level}"), value=level) for level in bots.LEVELS])
    @app_commands.autocomplete(options=preset_autocomplete)
    async def create(interaction: discord.Interaction, game: str, options: str | None = None,
                     bots_: app_commands.Range[int, 0, 5] = 0, level: str = "normal") -> None:
        await acknowledge(interaction)
        missing = missing_permissions(interaction)
        if missing:
            lang = user_lang(interaction)
            await reply(interaction, t("bot.refuse.permissions", lang,
                                       missing=", ".join(t(f"bot.permission.{p}", lang) for p in missing)))
            return
        lang = await table_lang(bot, interaction.guild_id)
        if game not in playable:
            raise TableError("unknown_game", game=game)
        chosen = dict(controls[game].presets())
        preset = options or next(iter(chosen))
        if preset not in chosen:
            await reply(interaction, t("bot.refuse.unknown_options", user_lang(interaction), options=preset))
            return
        if bots_:  # refused before the lobby opens, so a refusal leaves nothing behind
            if not bot_seats.offers_bots(game) or level not in bots.LEVELS:
                raise TableError("no_bots")
            if 1 + bots_ > games.get(game).seats[1]:
                raise TableError("game_full", max=games.get(game).seats[1])
        me = str(interaction.user.id)
        name = t("bot.thread.name", lang, game=t(f"bot.game.{game}", lang), player=interaction.user.display_name)
        channel = await threads.game_channel(interaction, name, enabled=bot.settings.game_threads)
        table = await service().create(channel, interaction.guild_id, game, chosen[preset], me, lang)
        if bots_:
            table = await bot.seats.add(channel, me, level, bots_)
        header = t("bot.lobby.created", lang, player=interaction.user.mention,
                   options=controls[game].preset_label(preset, lang))
        if channel != interaction.channel_id:  # the game has its own thread: the channel is told where
            await reply(interaction, t("bot.thread.opened", lang, thread=f"<#{channel}>"), ephemeral=False)
            await play.post_public(table, [], header=header)
        else:
            await play.post_public(table, [], header=header, interaction=interaction)
        await dm_check(interaction, lang)

    # --- join / leave ---------------------------------------------------------------------------

    @group.command(name=L("cmd.join.name"), description=L("cmd.join.desc"))
    async def join(interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        table = await service().join(interaction.channel_id, str(interaction.user.id))
        header = t("bot.lobby.joined", table.lang, player=interaction.user.mention)
        await play.post_public(table, [], header=header, interaction=interaction)
        await dm_check(interaction, table.lang)

    @group.command(name=L("cmd.leave.name"), description=L("cmd.leave.desc"))
    async def leave(interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        table = await service().leave(interaction.channel_id, str(interaction.user.id))
        key = "bot.lobby.closed" if table.status == "abandoned" else "bot.lobby.left"
        await interaction.followup.send(t(key, table.lang, player=interaction.user.mention),
                                        allowed_mentions=messages.MENTIONS)

    @group.command(name=L("cmd.kick.name"), description=L("cmd.kick.desc"))
    @app_commands.rename(player=L("cmd.kick.player"))
    @app_commands.describe(player=L("cmd.kick.player.desc"))
    async def kick(interaction: discord.Interaction, player: discord.User) -> None:
        await acknowledge(interaction)
        table = await service().kick(interaction.channel_id, str(interaction.user.id), str(player.id))
        header = t("bot.lobby.kicked", table.lang, player=player.mention, by=interaction.user.mention)
        await play.post_public(table, [], header=header, interaction=interaction)

    # --- start ------------------------------------------------------------------------------------

    @group.command(name=L("cmd.start.name"), description=L("cmd.start.desc"))
    @app_commands.rename(seat=L("cmd.start.seat"))
    @app_commands.describe(seat=L("cmd.start.seat.desc"))
    @app_commands.choices(seat=[Choice(name=L("seat.random"), value="random")]
                          + [Choice(name=L(f"seat.{s}"), value=s) for s in _seat_names(controls)])
    async def start(interaction: discord.Interaction, seat: str = "random") -> None:
        await acknowledge(interaction)
        channel = interaction.channel_id
        current = await service().serve(channel)
        seating: str | dict = "random"
        if seat != "random" and current is not None and current.live:
            module = controls.get(current.game)
            order = getattr(module, "seat_order", None)     # seats that depend on the number of players
            seats = list(order(len(current.players)) if order else module.SEATS) if module else []
            if seat not in seats:
                await reply(interaction, t("bot.refuse.bad_seat", user_lang(interaction)))
                return
            me = str(interaction.user.id)
            others = [p for p in current.players if p != me]
            free = [i for i in range(len(current.players)) if i != seats.index(seat)]
            seating = {me: seats.index(seat), **dict(zip(others, free))}
        seed = bot.seeds() if bot.seeds is not None else None
        table = await service().start(channel, str(interaction.user.id), seating, seed=seed)
        intro = controls[table.game].intro(table.lang) if table.game in controls else ""
        header = "\n".join(x for x in (t("bot.table.started", table.lang), intro) if x)
        await play.publish(table, [], previous_decision=None, header=header, interaction=interaction)

    # --- looking ------------------------------------------------------------------------------------

    @group.command(name=L("cmd.status.name"), description=L("cmd.status.desc"))
    async def status(interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        table = await service().serve(interaction.channel_id)  # several processes: see docs/deploy.md
        if table is None:
            raise TableError("no_table")
        shown = status_shown.get(interaction.channel_id)
        wait = shown + bot.settings.status_cooldown - bot.clock() if shown is not None else 0
        if wait > 0:
            await reply(interaction, t("bot.refuse.status_cooldown", user_lang(interaction), seconds=round(wait + .5)))
            return
        status_shown[interaction.channel_id] = bot.clock()
        await play.post_public(table, [], interaction=interaction)

    @group.command(name=L("cmd.me.name"), description=L("cmd.me.desc"))
    async def me(interaction: discord.Interaction) -> None:
        table = await service().serve(interaction.channel_id)  # several processes: see docs/deploy.md
        if table is None or table.status != "active":
            raise TableError({"lobby": "not_started", "over": "game_over"}.get(
                table.status if table else "", "no_table"))
        await play.on_my_view(interaction, table.id)

    @group.command(name=L("bot_play.cmd.map.name"), description=L("bot_play.cmd.map.desc"))
    async def map_(interaction: discord.Interaction) -> None:
        table = await service().serve(interaction.channel_id)  # several processes: see docs/deploy.md
        if table is None or table.status == "lobby":
            raise TableError("not_started" if table else "no_table")
        await play.on_full_map(interaction, table.id)

    @group.command(name=L("cmd.history.name"), description=L("cmd.history.desc"))
    async def history(interaction: discord.Interaction) -> None:
        await acknowledge(interaction, private=True)
        table = await service().serve(interaction.channel_id)  # several processes: see docs/deploy.md
        if table is None:
            raise TableError("no_table")
        events = await service().history(interaction.channel_id)
        lang = user_lang(interaction)
        if not events or table.state is None:
            await reply(interaction, t("bot.history.empty", lang))
            return
        view = service().view(interaction.channel_id, None)
        lines = messages.event_lines(table, events, view, lang)
        await reply(interaction, messages._clip_lines(lines, 1900))

    # --- ending ---------------------------------------------------------------------------------------

    @group.command(name=L("cmd.abandon.name"), description=L("cmd.abandon.desc"))
    async def abandon(interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        table = await service().abandon(interaction.channel_id, str(interaction.user.id), manage_channel=manage)
        if table.status == "abandoned":
            text = t("bot.abandon.done", table.lang, player=interaction.user.mention)
        else:
            text = t("bot.abandon.vote", table.lang, player=interaction.user.mention,
                     votes=len(table.abandon_votes), players=len(voters(table)))
        await interaction.followup.send(text, allowed_mentions=messages.MENTIONS)

    # --- moderators -----------------------------------------------------------------------------------

    def moderator(interaction: discord.Interaction) -> bool:
        # Discord hides nothing from a subcommand by permission, so the check is ours.
        perms = interaction.permissions
        return bool(interaction.guild_id and perms and (perms.manage_channels or perms.manage_guild))

    @group.command(name=L("cmd.games.name"), description=L("cmd.games.desc"))
    async def games_(interaction: discord.Interaction) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        if not moderator(interaction):
            await reply(interaction, t("bot.refuse.moderator", lang))
            return
        tables = await service().guild_tables(interaction.guild_id)
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
        interaction.extras["lotr_followed"] = True
        await interaction.followup.send(embed=embed, ephemeral=True)

    @group.command(name=L("cmd.clear.name"), description=L("cmd.clear.desc"))
    @app_commands.rename(table_id=L("cmd.clear.table"))
    @app_commands.describe(table_id=L("cmd.clear.table.desc"))
    async def clear(interaction: discord.Interaction, table_id: app_commands.Range[int, 1]) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        if not moderator(interaction):
            await reply(interaction, t("bot.refuse.moderator", lang))
            return
        table = await service().clear(interaction.guild_id, table_id, str(interaction.user.id))
        channel = f"<#{table.channel_id}>"
        await reply(interaction, t("bot.clear.done", lang, id=table.id, channel=channel))
        try:  # the players there are told too
            await bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id).send(
                t("bot.abandon.done", table.lang, player=interaction.user.mention), allowed_mentions=messages.MENTIONS)
        except discord.HTTPException:
            log.warning("cannot tell channel %s that its table was cleared", table.channel_id)

    # --- settings -------------------------------------------------------------------------------------

    game_settings = [(game, setting) for game in games.declared() if game.id in controls
                     for setting in game.settings]

    async def value_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
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

    @group.command(name=L("cmd.settings.name"), description=L("cmd.settings.desc"))
    @app_commands.rename(language=L("cmd.settings.language"), reminder=L("cmd.settings.reminder"),
                         timeout=L("cmd.settings.timeout"), outcome=L("cmd.settings.outcome"),
                         setting=L("cmd.settings.setting"), value=L("cmd.settings.value"))
    @app_commands.describe(language=L("cmd.settings.language.desc"), reminder=L("cmd.settings.reminder.desc"),
                           timeout=L("cmd.settings.timeout.desc"), outcome=L("cmd.settings.outcome.desc"),
                           setting=L("cmd.settings.setting.desc"), value=L("cmd.settings.value.desc"))
    @app_commands.choices(language=[Choice(name=L(f"language.{code}"), value=code) for code in LANGUAGES],
                          outcome=[Choice(name=L("outcome.win"), value="win"),
                                   Choice(name=L("outcome.abandon"), value="abandon")],
                          setting=[Choice(name=L(game.setting_key(s.name)), value=f"{game.id}.{s.name}")
                                   for game, s in game_settings][:25])
    @app_commands.autocomplete(value=value_autocomplete)
    async def settings(interaction: discord.Interaction, language: str | None = None,
                       reminder: app_commands.Range[int, 1, 10080] | None = None,
                       timeout: app_commands.Range[int, 1, 43200] | None = None,
                       outcome: str | None = None, setting: str | None = None, value: str | None = None) -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        # Discord hides nothing from a subcommand by permission, so the check is ours.
        if not (interaction.permissions and interaction.permissions.manage_guild):
            await reply(interaction, t("bot.refuse.manage_guild", lang))
            return
        if (setting is None) != (value is None):
            await reply(interaction, t("bot.refuse.setting_value", lang))
            return
        guild = interaction.guild_id
        if setting is not None and value is not None:
            game_id, _, name = setting.partition(".")
            await service().set_game_setting(guild, game_id, name, value)
        changes = {name: value for name, value in (("lang", language), ("reminder_minutes", reminder),
                                                    ("timeout_minutes", timeout), ("timeout_outcome", outcome))
                   if value is not None}
        if changes:
            current = await service().set_guild_settings(guild, **changes)
        else:
            current = await service().guild_settings(guild)
        lines = [t("bot.settings.show", lang, language=t(f"bot.language.{current.lang}", lang),
                   reminder=current.reminder_minutes, timeout=current.timeout_minutes,
                   outcome=t(f"bot.outcome.{current.timeout_outcome}", lang))]
        lines += [t("bot.settings.game_line", lang, game=t(f"bot.game.{game.id}", lang),
                    setting=t(game.setting_key(s.name), lang),
                    value=_value_label(game, s, game.setting_value(current.games, s.name), lang))
                  for game, s in game_settings]
        await reply(interaction, "\n".join(lines))

    return group


def _value_label(game: games.Game, setting: games.Setting, value: str, lang: str) -> str:
    """How a setting's value reads: on/off, or the game's words for a choice."""
    return t(f"bot.settings.{value}" if setting.kind == "bool" else game.setting_key(setting.name, value), lang)
