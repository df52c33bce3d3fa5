"""Rematch on Discord: the "Rematch" button of a finished game's last public message. What a rematch is
(the lobby, who accepts, the seats moved on) is the action core's (table/rematch.py); this is the click
and what the channel is told."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import messages
from bot.answers import acknowledge, refusal_text, reply, user_lang
from i18n import t
from table import bots
from table.errors import TableError
from table.rematch import RematchOutcome

if TYPE_CHECKING:
    from bot.client import GameMasterBot


def header(me: str, outcome: RematchOutcome) -> str:
    """What the channel is told of `me`'s rematch: opened, or accepted (and the game started)."""
    table = outcome.table
    if outcome.status == "opened":
        line = t("bot_table.rematch.opened", table.lang, player=messages.mention(me), players=", ".join(
            messages.mention(p) for p in outcome.missing if not bots.is_bot(p)))
    else:
        line = t("bot_table.rematch.accepted", table.lang, player=messages.mention(me))
    return "\n".join((line, t("bot.table.started", table.lang))) if outcome.started else line


async def on_click(client: GameMasterBot, interaction: discord.Interaction, table_id: int) -> None:
    await acknowledge(interaction, private=True)
    lang, me = user_lang(interaction), str(interaction.user.id)
    try:
        outcome = await client.core.rematch(table_id, me, interaction.channel_id, seeds=client.seeds,
                                            header=lambda outcome: header(me, outcome))
    except TableError as exc:
        await reply(interaction, refusal_text(exc, lang))
        return
    if outcome.status == "waiting":
        await reply(interaction, t("bot_table.rematch.waiting", lang,
                                   players=", ".join(messages.mention(p) for p in outcome.missing)))
    else:
        await reply(interaction, t("bot_table.rematch.asked", lang), ephemeral=True)
