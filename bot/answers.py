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


async def reply(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
                **kw: Any) -> discord.Message | None:
    """Answer an interaction whether or not it was already acknowledged; the message sent (None when it is
    the interaction's response itself).

    A "thinking" acknowledgement is answered by editing it into the answer, as Discord documents (public or
    private as the acknowledgement said); a private answer after a public "thinking" removes it and follows
    up privately. Later answers are followups."""
    text = discord.utils.MISSING if content is None else content
    files = [kw.pop("file")] if "file" in kw else kw.pop("files", None) or kw.pop("attachments", None) or []
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=ephemeral, files=files, **kw)
        return None
    thinking = (interaction.response.type is discord.InteractionResponseType.deferred_channel_message
                and not interaction.extras.get("lotr_followed"))
    if thinking and not (ephemeral and not interaction.extras.get("lotr_private")):
        message = await interaction.edit_original_response(content=text, attachments=files, **kw)
        interaction.extras["lotr_followed"] = True  # once done: a retry (bot/retry.py) edits it again
        return message
    if thinking:  # in public, for a private answer
        await interaction.delete_original_response()
        interaction.extras["lotr_followed"] = True
    return await interaction.followup.send(text, ephemeral=ephemeral, files=files, wait=True, **kw)


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
