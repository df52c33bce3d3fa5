"""Rematch: the "Rematch" button of a finished game's last public message.

The first of its players to click opens a lobby in the channel with the same game and options, seats
themselves and the game's computer players (a bot accepts at once); each other player accepts by
clicking the same button, and when every player of the finished game is seated the game starts, each
player moved one seat on (the sides swap in a two-sided game). Nothing is kept but the lobby itself:
the button carries the finished table's id, and a lobby with that game, those options and only those
players is its rematch, so a restart between two clicks changes nothing. What a player brought for
themselves (the Card Game's deck) they bring again as they are seated; a bot brings its own at the start.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

import games
from bot import messages
from bot.play import acknowledge, refusal_text, reply, user_lang
from i18n import t
from table import bots
from table.errors import TableError
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from table.service import TableService


def next_seats(players: list[str]) -> dict[str, int]:
    """Each player of the finished game one seat on: seat i goes to seat i + 1, the last to seat 0."""
    return {player: (i + 1) % len(players) for i, player in enumerate(players)}


def is_rematch_of(lobby: Table, old: Table) -> bool:
    return (lobby.status == "lobby" and lobby.game == old.game and _shared(lobby) == _shared(old)
            and set(lobby.players) <= set(old.players))


def _shared(table: Table) -> dict:
    """The table's options but those its players brought for themselves (`player_options`)."""
    own = games.get(table.game).player_options
    return {k: v for k, v in table.options.items() if k not in own}


async def _bring_again(service: TableService, old: Table, player: str, current: Table) -> Table:
    """The rematch lobby once `player` brought again what they brought to the finished game."""
    for key in games.get(old.game).player_options:
        own = old.options.get(key)
        if isinstance(own, dict) and player in own:
            current = await service.bring(old.channel_id, player, key, own[player])
    return current


async def on_click(client: GameMasterBot, interaction: discord.Interaction, table_id: int) -> None:
    await acknowledge(interaction, private=True)
    lang = user_lang(interaction)
    try:
        await _rematch(client, interaction, table_id, lang)
    except TableError as exc:
        await reply(interaction, refusal_text(exc, lang))


async def _rematch(client: GameMasterBot, interaction: discord.Interaction, table_id: int, lang: str) -> None:
    service, me = client.service, str(interaction.user.id)
    old = await service.store.table_by_id(table_id)
    if old is None or old.status != "over" or old.channel_id != interaction.channel_id:
        await reply(interaction, t("bot_table.rematch.gone", lang))
        return
    if me not in old.players:
        await reply(interaction, t("bot_table.rematch.players_only", lang))
        return
    current = await service.serve(old.channel_id)
    if current is not None and current.id != old.id and not is_rematch_of(current, old):
        await reply(interaction, t("bot_table.rematch.gone", lang))   # the channel has moved on
        return
    if current is None or not current.live:   # the first to ask opens the lobby, with the bots
        current = await service.create(old.channel_id, old.guild_id, old.game, _shared(old), me, old.lang)
        for bot in (p for p in old.players if bots.is_bot(p)):
            current = await service.join(old.channel_id, bot)
        current = await _bring_again(service, old, me, current)
        header = t("bot_table.rematch.opened", old.lang, player=interaction.user.mention,
                   players=", ".join(messages.mention(p) for p in old.players if p != me and not bots.is_bot(p)))
    elif me in current.players:
        missing = [p for p in old.players if p not in current.players]
        await reply(interaction, t("bot_table.rematch.waiting", lang,
                                   players=", ".join(messages.mention(p) for p in missing)))
        return
    else:
        current = await _bring_again(service, old, me, await service.join(old.channel_id, me))
        header = t("bot_table.rematch.accepted", old.lang, player=interaction.user.mention)
    if set(current.players) != set(old.players):
        await reply(interaction, t("bot_table.rematch.asked", lang), ephemeral=True)
        await client.play.post_public(current, [], header=header)
        return
    seed = client.seeds() if client.seeds is not None else None
    started = await service.start(old.channel_id, current.creator, next_seats(old.players), seed=seed)
    await reply(interaction, t("bot_table.rematch.asked", lang), ephemeral=True)
    header = "\n".join((header, t("bot.table.started", started.lang)))
    await client.play.publish(started, [], previous_decision=None, header=header)
