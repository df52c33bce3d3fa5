"""Rematch: after a finished game, its players open the same game again in the channel, each moved one
seat on (the sides swap in a two-sided game).

The first of its players to ask opens a lobby with the same game and options, seats themselves and the
game's computer players (a bot accepts at once); each other player accepts by asking too, and when every
player of the finished game is seated the game starts. Nothing is kept but the lobby itself: a lobby
with that game, those options and only those players is the rematch, so a restart between two asks
changes nothing. What a player brought for themselves (the Card Game's deck) they bring again as they
are seated; a bot brings its own at the start.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import games
from table import bots
from table.errors import TableError
from table.models import Table
from table.service import TableService


@dataclass
class RematchOutcome:
    """"opened" (the first ask), "accepted" or "waiting" (the asker is seated already: nothing changed);
    `missing`: the players still to accept; `started`: the last one came, the game is on."""

    status: Literal["opened", "accepted", "waiting"]
    table: Table
    missing: list[str] = field(default_factory=list)
    started: bool = False


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


async def rematch(service: TableService, table_id: int, player: str, channel_id: int | None, *,
                  seeds: Callable[[], int] | None = None) -> RematchOutcome:
    """`player` asks for the rematch of the finished table `table_id`, from `channel_id` (its channel);
    `seeds` gives the new game's seed (None: a secret one).
    TableError: rematch_gone (not that channel's latest game any more), rematch_players_only."""
    old = await service.stored_table(table_id)
    if old is None or old.status != "over" or old.channel_id != channel_id:
        raise TableError("rematch_gone")
    if player not in old.players:
        raise TableError("rematch_players_only")
    current = await service.serve(old.channel_id)
    if current is not None and current.id != old.id and not is_rematch_of(current, old):
        raise TableError("rematch_gone")   # the channel has moved on
    if current is None or not current.live:   # the first to ask opens the lobby, with the bots
        current = await service.create(old.channel_id, old.guild_id, old.game, _shared(old), player, old.lang)
        for bot in (p for p in old.players if bots.is_bot(p)):
            current = await service.join(old.channel_id, bot)
        current = await _bring_again(service, old, player, current)
        status: Literal["opened", "accepted", "waiting"] = "opened"
    elif player in current.players:
        return RematchOutcome("waiting", current, [p for p in old.players if p not in current.players])
    else:
        current = await _bring_again(service, old, player, await service.join(old.channel_id, player))
        status = "accepted"
    missing = [p for p in old.players if p not in current.players]
    if missing:
        return RematchOutcome(status, current, missing)
    seed = seeds() if seeds is not None else None
    started = await service.start(old.channel_id, current.creator, next_seats(old.players), seed=seed)
    return RematchOutcome(status, started, started=True)
