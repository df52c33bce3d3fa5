"""Answering Discord interactions: acknowledged first, within Discord's 3 seconds whatever else the bot
is doing, then answered exactly once; refusals in the reader's language; an unexpected failure answered
too (bot.refuse.failed) and logged."""
from __future__ import annotations

import logging
from typing import Any

import discord

import games
from engine import IllegalAction
from i18n import normalise_lang, t
from table.errors import TableError

log = logging.getLogger(__name__)


def user_lang(interaction: discord.Interaction) -> str:
    return normalise_lang(str(interaction.locale.value if interaction.locale else ""))


def refusal_text(exc: Exception, lang: str, game: str | None = None) -> str:
    """A refusal in `lang`; an engine's refusal reads in the words of `game` (the table's game)."""
    if isinstance(exc, TableError):
        return exc.text(lang)
    if isinstance(exc, IllegalAction) and game is not None:
        return games.get(game).refusal(exc, lang)
    return t("bot.refuse.failed", lang)


async def acknowledge(interaction: discord.Interaction, *, private: bool = False) -> None:
    """Tell Discord we got it, before any work. Commands show "thinking" (publicly, or privately with
    `private`); a click is acknowledged without any message, its own message being edited later."""
    if interaction.response.is_done():
        return
    interaction.extras["lotr_private"] = private
    if interaction.type is discord.InteractionType.component and not private:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=private, thinking=True)


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kw: Any) -> None:
    """Answer an interaction whether or not it was already acknowledged.

    After a public "thinking" acknowledgement the first followup would replace it and be public
    whatever we ask: a private answer removes the thinking message first."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=ephemeral, **kw)
        return
    thinking_in_public = (interaction.response.type is discord.InteractionResponseType.deferred_channel_message
                          and not interaction.extras.get("lotr_private"))
    if ephemeral and thinking_in_public and not interaction.extras.get("lotr_followed"):
        await interaction.delete_original_response()
    interaction.extras["lotr_followed"] = True
    await interaction.followup.send(text, ephemeral=ephemeral, **kw)


async def answered(interaction: discord.Interaction, work) -> None:
    """Run `work` (a coroutine answering the interaction); an unexpected failure is logged and the
    user told, so that no interaction stays unanswered."""
    try:
        await work
    except Exception:
        log.exception("handling an interaction failed")
        try:
            await reply(interaction, t("bot.refuse.failed", user_lang(interaction)))
        except discord.HTTPException:
            log.warning("could not tell the user of the failure", exc_info=True)
