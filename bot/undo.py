"""Undo with consent on Discord: "Take back" under a move its player made, while neither it nor any move
after it showed anything hidden (the engine says: table/undo.py, rules.reveals); the moves after it are
taken back with it.

The request and its votes are the action core's, stored with the table (table/play.py `ask_undo`,
`vote_undo`), so they hold across restarts and processes. Alone with bots (a bot accepts whatever the
rule allows), the move is taken back at once. Otherwise the channel is asked once per request: every
other person at the table accepts or refuses with a button; the last acceptance takes it back, one
refusal drops the request, a request of another player replaces it, and any move played meanwhile
makes it stale. Asking again, or accepting twice, changes nothing.

A vote in Discord edits the channel's request itself (the click's answer); a request decided elsewhere
(a vote on the web page) or ended by a move edits it too (`close_asked`): it says how it ended and loses
its buttons. The request messages are known to the process that posted them (`Asked`), as long as it runs.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot import messages
from bot.answers import acknowledge, refusal_text, reply, user_lang
from bot.components import UndoVoteButton
from i18n import t
from table.bus import Change
from table.errors import TableError

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from table.models import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Asked:
    """A take-back request asked in a table's channel: its message, whose request it is and the table's seq then."""

    message_id: int
    asker: str
    seq: int


async def on_ask(client: GameMasterBot, interaction: discord.Interaction, table_id: int, seq: int) -> None:
    """"Take back", by the player who made the move."""
    await acknowledge(interaction, private=True)
    lang, me = user_lang(interaction), str(interaction.user.id)
    table = await client.service.table_by_id(table_id)
    if table is None:
        await reply(interaction, t("table.undo_too_late", lang))
        return
    try:
        outcome = await client.core.ask_undo(table.channel_id, me, seq)
    except TableError as exc:
        await reply(interaction, refusal_text(exc, lang))
        return
    if outcome.status == "asked":  # the channel is told once per request
        await ask_in_channel(client, outcome.table, me, outcome.waiting, outcome.superseded)
    await reply(interaction, t("bot_table.undo.sent", lang))


async def ask_in_channel(client: GameMasterBot, table: Table, asker: str, waiting: list[str],
                         superseded: str | None = None) -> None:
    """The channel asks the other players to accept or refuse `asker`'s request (made here or on the web)."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(table.id, table.seq, asker, "y", t("bot_table.undo.accept", table.lang)))
    view.add_item(UndoVoteButton(table.id, table.seq, asker, "n", t("bot_table.undo.refuse", table.lang)))
    text = t("bot_table.undo.asked", table.lang, player=messages.mention(asker),
             players=", ".join(messages.mention(p) for p in waiting))
    if superseded is not None:
        text = "\n".join((t("bot_table.undo.superseded", table.lang, player=messages.mention(superseded)), text))
    channel = client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    message = await channel.send(text, view=view, allowed_mentions=messages.MENTIONS)
    client.delivery.asked[table.id] = Asked(message.id, asker, table.seq)


async def close_asked(client: GameMasterBot, change: Change) -> None:
    """After a change: the channel's request of the table, if it is over, says how it ended and loses its
    buttons (a vote in Discord edited it already: its click's answer does, in `on_vote`)."""
    table = change.table
    asked = client.delivery.asked.get(table.id)
    request = table.undo_request if table.status == "active" else None
    if asked is None or (request is not None and (request["asker"], request["seq"]) == (asked.asker, asked.seq)):
        return  # none asked, or still open
    del client.delivery.asked[table.id]
    decided_here = change.origin is None and change.kind in ("request", "undo")  # a Discord vote, or a new request
    if decided_here:
        return
    if change.kind == "undo":
        text = t("bot_table.undo.event", table.lang, player=messages.mention(asked.asker))
    elif change.kind == "request" and request is None and change.actor is not None:
        text = t("bot_table.undo.refused", table.lang, player=messages.mention(change.actor))
    elif change.kind == "move":
        text = t("bot_table.undo.stale", table.lang)
    else:  # replaced by another request (which the channel is told of), or the table ended
        return
    channel = client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    try:
        await channel.get_partial_message(asked.message_id).edit(content=text, view=None,
                                                                 allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:  # deleted meanwhile, or Discord away: a click on it is answered "too late"
        log.warning("could not close the take-back request of table %s", table.id, exc_info=True)


async def on_vote(client: GameMasterBot, interaction: discord.Interaction, table_id: int, seq: int,
                  asker: str, accept: bool) -> None:
    """Accept or refuse, by another person at the table."""
    await acknowledge(interaction)
    lang, me = user_lang(interaction), str(interaction.user.id)
    table = await client.service.table_by_id(table_id)
    try:
        if table is None:
            raise TableError("undo_stale")
        outcome = await client.core.vote_undo(table.channel_id, me, asker, seq, accept)
    except TableError as exc:
        if exc.code == "undo_stale":  # the request says how it ended for everyone
            await interaction.edit_original_response(content=t("bot_table.undo.stale", lang), view=None)
        else:
            await reply(interaction, refusal_text(exc, lang))
        return
    new = outcome.table
    if outcome.status == "refused":
        await interaction.edit_original_response(
            content=t("bot_table.undo.refused", new.lang, player=messages.mention(me)), view=None)
    elif outcome.status == "taken_back":
        await interaction.edit_original_response(
            content=t("bot_table.undo.event", new.lang, player=messages.mention(asker)), view=None)
    else:  # counted, or counted already
        await reply(interaction, t("bot_table.undo.counted", lang))
