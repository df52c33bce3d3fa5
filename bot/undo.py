"""Undo with consent: "Take back" under a move its player made, while neither it nor any move after it
showed anything hidden (the service asks the engine: table/undo.py, rules.reveals); the moves after it
are taken back with it.

Alone with bots (a bot accepts whatever the rule allows), the move is taken back at once. Otherwise the
channel is asked: every other person at the table accepts or refuses with a button; the last acceptance
takes it back, one refusal drops the request, and any move played meanwhile makes it stale. Acceptances
are held in memory: after a restart the next acceptance counts from there, and the service checks the
rule again whatever happened.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import messages
from bot.components import UndoVoteButton
from bot.play import acknowledge, refusal_text, reply, user_lang
from i18n import t
from table import bots
from table.errors import TableError
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot

# (table id, seq) -> the people who agreed so far (the asker first)
_votes: dict[tuple[int, int], set[str]] = {}


def deciders(table: Table, asker: str) -> set[str]:
    """Who must agree: every person at the table other than the asker (bots accept)."""
    return {p for p in table.players if p != asker and not bots.is_bot(p)}


async def on_ask(client: GameMasterBot, interaction: discord.Interaction, table_id: int, seq: int) -> None:
    """"Take back", by the player who made the move."""
    await acknowledge(interaction, private=True)
    lang, me = user_lang(interaction), str(interaction.user.id)
    table = await client.service.table_by_id(table_id)
    # The button names the move it was under: still the asker's latest, with nothing shown since.
    if table is None or client.service.undoable(table.channel_id, me) != seq:
        await reply(interaction, t("bot_table.undo.too_late", lang))
        return
    seq = table.seq   # from here on, the request is about the table as it is now
    if not deciders(table, me):
        await _take_back(client, interaction, table, me, seq, lang)
        return
    _votes[(table_id, seq)] = {me}
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(table_id, seq, me, "y", t("bot_table.undo.accept", table.lang)))
    view.add_item(UndoVoteButton(table_id, seq, me, "n", t("bot_table.undo.refuse", table.lang)))
    text = t("bot_table.undo.asked", table.lang, player=messages.mention(me),
             players=", ".join(messages.mention(p) for p in sorted(deciders(table, me))))
    channel = client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    await channel.send(text, view=view, allowed_mentions=messages.MENTIONS)
    await reply(interaction, t("bot_table.undo.sent", lang))


async def on_vote(client: GameMasterBot, interaction: discord.Interaction, table_id: int, seq: int,
                  asker: str, accept: bool) -> None:
    """Accept or refuse, by another person at the table."""
    await acknowledge(interaction)
    lang, me = user_lang(interaction), str(interaction.user.id)
    table = await client.service.table_by_id(table_id)
    if table is None or table.status != "active" or table.seq != seq:
        await interaction.edit_original_response(content=t("bot_table.undo.stale", lang), view=None)
        _votes.pop((table_id, seq), None)
        return
    if me == asker or me not in deciders(table, asker):
        await reply(interaction, t("bot_table.undo.not_yours_to_decide", lang))
        return
    if not accept:
        _votes.pop((table_id, seq), None)
        await interaction.edit_original_response(
            content=t("bot_table.undo.refused", table.lang, player=messages.mention(me)), view=None)
        return
    votes = _votes.setdefault((table_id, seq), {asker})
    votes.add(me)
    if deciders(table, asker) - votes:
        await reply(interaction, t("bot_table.undo.counted", lang))
        return
    _votes.pop((table_id, seq), None)
    await _take_back(client, interaction, table, asker, seq, lang, edit=True)


async def _take_back(client: GameMasterBot, interaction: discord.Interaction, table: Table, asker: str,
                     seq: int, lang: str, *, edit: bool = False) -> None:
    try:
        new, events = await client.service.undo(table.channel_id, asker, seq)
    except TableError as exc:
        await reply(interaction, refusal_text(exc, lang))
        return
    done = t("bot_table.undo.event", table.lang, player=messages.mention(asker))
    if edit:   # the request in the channel says how it ended
        await interaction.edit_original_response(content=done, view=None)
    else:
        await reply(interaction, t("bot_table.undo.sent", lang))
    # Every player the game now waits for gets their controls again, by a new message: the decision id may
    # be the one of before the move, and their old controls may have been answered.
    await client.play.publish(new, events, previous_decision=None)
