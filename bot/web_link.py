"""The web table from Discord: started with the bot on its own event loop (`start`), and the "Web view"
button (`on_click`), which answers privately with a one-time link to the table's page (web/, docs/web.md)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot import components
from bot.answers import acknowledge, answered, refusal_text, reply, user_lang
from i18n import t
from table.errors import TableError
from web.app import WebTable

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


async def start(bot: GameMasterBot) -> WebTable | None:
    """The web table listening where the settings say, None when they turn it off or it cannot listen
    there (logged: the game goes on in Discord)."""
    settings = bot.settings
    if settings.web_port == "off":
        return None
    web = WebTable(bot.core, bot.delivery.boards, names=bot.delivery.names.of, public_url=settings.public_url,
                   clock=bot.clock)
    try:
        port = await web.start(settings.web_host, settings.web_port)
    except OSError:
        log.exception("the web table cannot listen on %s:%s; the bot goes on without it",
                      settings.web_host, settings.web_port)
        return None
    log.info("the web table listens on %s:%s; its links start with %s", settings.web_host, port, web.base)
    components.show_web_view(True)
    return web


async def stop(web: WebTable | None) -> None:
    if web is not None:
        components.show_web_view(False)
        await web.close()


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
