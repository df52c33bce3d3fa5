"""The Discord client: the /lotr commands, the persistent components and the reminder task."""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import discord
from discord import app_commands

import games
from bot import components, lookups, messages, web_link
from bot.answers import reply, user_lang
from bot.bot_seats import BotSeats
from bot.budget import RequestBudget
from bot.commands import Lotr, LotrAdmin
from bot.delivery import Delivery
from bot.discord_requests import DiscordRequests
from bot.routing import Routing
from bot.settings import Settings
from bot.spectators import Spectators
from bot.store import BotStore
from bot.translator import BotTranslator
from i18n import t
from table import bots
from table.core import ActionCore
from table.service import TableService
from table.store import open_store
from web.app import WebTable
from web.metrics import Metrics

log = logging.getLogger(__name__)


class ServiceNotOpen(RuntimeError):
    """The bot's table service was used before `setup_hook` opened it, or after `close`."""


class GameMasterBot(discord.AutoShardedClient):
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 sync_commands: bool = True, seeds: Callable[[], int] | None = None,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep):
        # No privileged intent: everything arrives through interactions; "guilds" keeps channel caches.
        intents = discord.Intents.none()
        intents.guilds = True
        # Optional and privileged: message content, for a game that reads its channel's messages
        # (its declaration's message_watch: the Card Game's table-talk guard, bot/controls/lcg_tabletalk.py).
        intents.guild_messages = intents.message_content = settings.message_content_intent
        # Several processes split the shards between them (docs/deploy.md); unset, discord.py picks them.
        shards: dict[str, Any] = (
            {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids} if settings.shard_ids else {})
        self.discord_requests = DiscordRequests()  # Discord's answers, counted for /metrics once it runs
        super().__init__(intents=intents, allowed_mentions=messages.MENTIONS, http_trace=self.discord_requests.trace,
                         **shards)
        self.settings = settings
        self.clock = clock
        # Where new games take their seed: None lets the service draw a secret one; tests pass a
        # seeded source so that the game they play is the same on every run.
        self.seeds = seeds
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        self.routing = Routing(self)  # clicks -> actions
        self.delivery = Delivery(self)  # changes -> messages
        # Discord's global limit: every REST request takes its place in this process's share of it first.
        self.budget = RequestBudget(settings.request_rate)
        self.budget.install(self.http)
        # Bot seats wait `settings.bot_pause` with this before each move; tests inject one that does not wait.
        self.sleep = sleep
        self.seats = BotSeats(self)
        self.spectators = Spectators(self)
        self._service: TableService | None = None  # opened by setup_hook, closed by close
        self._core: ActionCore | None = None  # on the service, from setup_hook
        self._records: BotStore | None = None  # the bot's own records, in the service's database
        self._reminders: asyncio.Task | None = None
        self._lookups: list[lookups.LookUp] = []  # /rules, /card, "Look up cards" (setup_hook)
        # Channel -> the bot's permissions there, as the latest interaction in it said (`permissions_in`).
        self._app_permissions: dict[int, discord.Permissions] = {}
        self.web: WebTable | None = None  # the web table (bot/web_link.py), when the settings turn it on
        self.metrics: Metrics | None = None  # /healthz and /metrics, likewise

    async def setup_hook(self) -> None:
        database = self.settings.database
        lobby = self.settings.lobby_minutes * 60 if self.settings.lobby_minutes > 0 else None
        if isinstance(database, Path):
            database.parent.mkdir(parents=True, exist_ok=True)
        store = open_store(database)
        self._service = await TableService.open(store, clock=self.clock, serves=self.settings.serves,
                                               lobby_timeout=lobby)
        self._records = BotStore(store)
        self._core = ActionCore(self._service, bot_pause=self.settings.bot_pause, sleep=self.sleep)
        self.web, self.metrics = await web_link.start(self)  # first on the bus: a page's hint never waits for Discord
        self._core.bus.subscribe(self.delivery.on_change)
        await self.tree.set_translator(BotTranslator())
        self.tree.add_command(Lotr(self))
        self.tree.add_command(LotrAdmin(self))
        # /rules, /card and "Look up cards" on a message
        self._lookups = [*lookups.build_commands(self.settings.user_install),
                         *lookups.build_context_menus(self.settings.user_install)]
        for command in self._lookups:
            self.tree.add_command(command)
        # Components of messages sent before a restart are matched by their custom id template.
        self.add_dynamic_items(*components.ITEMS, *lookups.ITEMS)
        if self.sync_commands:
            await self.sync_if_changed()
        if self.settings.reminder_interval > 0:
            self._reminders = asyncio.create_task(self._reminder_loop(), name="lotr-background-reminders")
        await asyncio.to_thread(self.delivery.boards.start)
        await self.core.resume_bots()  # games left waiting on a bot by the last run carry on

    @property
    def service(self) -> TableService:
        """The table service, which `setup_hook` opens: asking for it before (or after `close`) is a bug."""
        if self._service is None:
            raise ServiceNotOpen("the table service opens in GameMasterBot.setup_hook (bot.login or bot.start)")
        return self._service

    @property
    def core(self) -> ActionCore:
        """The action core on the service (table/core.py): every change goes through it."""
        if self._core is None:
            raise ServiceNotOpen("the action core opens with the service, in GameMasterBot.setup_hook")
        return self._core

    @property
    def records(self) -> BotStore:
        """The bot's own records (bot/store.py): live board messages, followers."""
        if self._records is None:
            raise ServiceNotOpen("the bot's records open with the service, in GameMasterBot.setup_hook")
        return self._records

    @property
    def serving(self) -> bool:
        """Whether the table service is open (between `setup_hook` and `close`)."""
        return self._service is not None

    async def command_payload(self) -> list[dict]:
        """What a sync sends Discord: every command, translated (bot/translator.py)."""
        translator = self.tree.translator
        commands = self.tree.get_commands()
        if translator is None:
            return [c.to_dict(self.tree) for c in commands]
        return [await c.get_translated_payload(self.tree, translator) for c in commands]

    async def sync_if_changed(self) -> bool:
        """Sync the commands only when their definition changed since the last successful sync (a
        digest kept next to the database): Discord rate-limits syncs and a global one can take an
        hour to show. A failed sync is logged and does not stop the bot. True if a sync was done."""
        database = self.settings.database
        # Kept next to the SQLite file; with PostgreSQL (no local folder of ours) every start syncs.
        marker = database.parent / "commands.sha1" if isinstance(database, Path) else None
        where = str(self.settings.dev_guild_id or "global")
        if marker is not None and marker.exists() and marker.read_text().strip() == await self._digest(where):
            return False
        try:
            await self.sync()
        except (discord.HTTPException, discord.DiscordException):
            log.exception("syncing the commands failed; the bot goes on with those Discord has")
            return False
        if marker is not None:  # what Discord has now: without user install if it was refused (tried again)
            marker.write_text(await self._digest(where))
        return True

    async def _digest(self, where: str) -> str:
        payload = json.dumps([where, await self.command_payload()], sort_keys=True, default=str)
        return hashlib.sha1(payload.encode()).hexdigest()

    async def sync(self) -> list[app_commands.AppCommand]:
        """Every command in one request. Discord refuses all of it when a command lists an install type
        the app has not enabled: refused with user install (USER_INSTALL), the look-ups are offered in
        servers only and the commands synced again, so that the other commands are never lost."""
        try:
            return await self._sync_tree()
        except discord.HTTPException as exc:
            if not self.settings.user_install or exc.status != 400:
                raise
            log.error("Discord refused the commands with user install (USER_INSTALL=true): enable User Install "
                      "in the developer portal (Installation), or set USER_INSTALL=false; /rules, /card and "
                      "Look up cards are offered in servers only for now (%s)", exc.text)
        for command in self._lookups:
            lookups.offer(command, user_install=False)
        return await self._sync_tree()

    async def _sync_tree(self) -> list[app_commands.AppCommand]:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        if self._reminders is not None:
            self._reminders.cancel()
        self.discord_requests.observe = None
        await web_link.stop(self.web, self.metrics)
        self.web = self.metrics = None
        await asyncio.to_thread(self.delivery.boards.close)
        if self._core is not None:
            await self._core.close()
            self._core = None
        if self._service is not None:
            await self._service.close()
            self._service = None
        await super().close()

    def log_error(self, error: BaseException) -> None:
        log.error("command failed", exc_info=error)

    async def on_message(self, message: discord.Message) -> None:
        if not self.settings.message_content_intent or not self.serving:
            return
        table = self.service.table(message.channel.id)
        watch = games.get(table.game).message_watch if table is not None and table.status == "active" else None
        if watch is not None:
            await watch().on_message(self, message)

    def permissions_in(self, channel: discord.abc.Messageable) -> discord.Permissions | None:
        """The bot's permissions in a server channel: from the server as cached, else as the latest
        interaction there said (every interaction carries them); None when neither is known."""
        guild = getattr(channel, "guild", None)
        if guild is not None and guild.me is not None and hasattr(channel, "permissions_for"):
            return channel.permissions_for(guild.me)
        return self._app_permissions.get(getattr(channel, "id", 0))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """discord.py silently drops a component whose id matches no template: answer our own. Every
        interaction tells how its author is called (the names drawn on the boards)."""
        self.delivery.names.learn(interaction.user)
        if interaction.channel_id is not None:
            self._app_permissions[interaction.channel_id] = interaction.app_permissions
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(cast(dict, interaction.data or {}).get("custom_id", ""))
        if await lookups.refuse_garbled(interaction, custom_id):
            return
        if components.is_ours_but_unknown(custom_id) or not components.in_message(interaction, custom_id):
            await reply(interaction, t("bot.refuse.garbled", user_lang(interaction)))

    # ------------------------------------------------------------------ reminders

    async def _reminder_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.reminder_interval)
            try:
                await self.remind_once()
            except Exception:
                log.exception("reminder pass failed")

    async def remind_once(self, now: float | None = None) -> None:
        """Ping the players the games wait for; offer the others to claim a game whose timeout passed."""
        due = await self.service.due_reminders(now)
        await self.core.resume_bots()  # a table left waiting on a bot whose runner gave up carries on
        for reminder in due.reminders:
            if all(bots.is_bot(p) for p in reminder.players):
                continue  # a bot seat is never reminded (it plays as soon as it is waited on)
            players = ", ".join(messages.mention(p) for p in reminder.players)
            await self._post(reminder.channel_id, t("bot.remind.turn", reminder.lang, players=players))
        for timeout in due.timeouts:
            text = t("bot.timeout.offer", timeout.lang, late=", ".join(messages.mention(p) for p in timeout.late),
                     claimants=", ".join(messages.mention(p) for p in timeout.claimants))
            button = components.ClaimButton(timeout.table_id, t("bot.button.claim", timeout.lang))
            await self._post(timeout.channel_id, text, view=components.single_button_view(button))
        for table in due.ended:
            if table.reason == "lobby_expired":
                await self._post(table.channel_id, t("bot.lobby.expired", table.lang))
            else:  # everyone let the timeout pass
                players = ", ".join(messages.mention(p) for p in table.players)
                await self._post(table.channel_id, t("bot.timeout.all", table.lang, players=players))

    async def _post(self, channel_id: int, text: str, **kw) -> None:
        """One reminder; a channel that is gone or closed to us must not stop the others."""
        try:
            await self.get_partial_messageable(channel_id).send(text, **kw)
        except discord.HTTPException:
            log.warning("cannot post a reminder in channel %s", channel_id, exc_info=True)
