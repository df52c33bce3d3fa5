"""The web table from Discord: started with the bot on its own event loop (`start`, with the operators'
/healthz and /metrics), and the "Web view" button (`on_click`), which answers privately with a one-time
link to the table's page (web/, docs/web.md)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import components
from bot.answers import acknowledge, answered, refusal_text, reply, user_lang
from i18n import t
from table.errors import TableError
from web.app import WebTable
from web.metrics import Metrics

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


async def start(bot: GameMasterBot) -> tuple[WebTable | None, Metrics | None]:
    """The web table and the metrics listening where the settings say; either is None when the settings
    turn it off or it cannot listen there (logged: the game goes on in Discord)."""
    settings = bot.settings
    web = metrics = None
    if settings.web_port != "off":
        web = WebTable(bot.core, bot.delivery.boards, names=bot.delivery.names.of, followed=bot.spectators.show,
                       public_url=settings.public_url, clock=bot.clock)
        port = await _listen("the web table", web, settings.web_host, settings.web_port)
        if port is None:
            web = None
        else:
            log.info("the web table listens on %s:%s; its links start with %s", settings.web_host, port, web.base)
            components.show_web_view(True)
    if settings.metrics_port != "off":
        metrics = Metrics(bot.core, open_pages=web.pushes.open_pages if web is not None else lambda: 0)
        if await _listen("the metrics", metrics, settings.metrics_host, settings.metrics_port) is None:
            await metrics.close()
            metrics = None
        else:
            bot.discord_requests.observe = metrics.discord_answer
            if web is not None:
                web.observe = metrics.request
    return web, metrics


async def _listen(what: str, server: WebTable | Metrics, host: str, port: int) -> int | None:
    try:
        return await server.start(host, port)
    except OSError:
        log.exception("%s cannot listen on %s:%s; the bot goes on without it", what, host, port)
        return None


async def stop(web: WebTable | None, metrics: Metrics | None) -> None:
    if web is not None:
        components.show_web_view(False)
        await web.close()
    if metrics is not None:
        await metrics.close()


async def on_click(bot: GameMasterBot, interaction: discord.Interaction, table_id: int) -> None:
    """"Web view": a link that opens the table in the browser, for the clicker alone (ephemeral)."""
    async def work() -> None:
        await acknowledge(interaction, private=True)
        lang = user_lang(interaction)
        try:
            table = await bot.service.table_by_id(table_id)
            if table is None:
                raise TableError("no_table")
            if bot.web is None:  # a button from before a restart with the web table off
                await reply(interaction, t("bot_web.off", lang))
                return
            url = await bot.web.new_link(str(interaction.user.id), table_id, lang)
        except TableError as exc:
            await reply(interaction, refusal_text(exc, lang))
            return
        await reply(interaction, t("bot_web.link", lang, id=table_id, url=url))

    await answered(interaction, work())
