"""A server's game statistics, counted from its stored tables (no table of its own: a finished table's
row already holds its game, players in seat order, status and result).

    server_stats(tables, side_of) -> {game: GameStats}      games played, finished, abandoned; wins per side
    player_stats(tables, player, side_of) -> {game: PlayerStats}   games, wins, sides played

`side_of(table, player)` names the seat a player held (the game's own seat names); None for games
without sides. Only started games count (a lobby that never started is no game).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from table.models import Table

SideOf = Callable[[Table, str], "str | None"]


@dataclass
class GameStats:
    played: int = 0      # started
    finished: int = 0    # ended by the rules (or a timeout claim)
    abandoned: int = 0   # ended by a vote, a moderator or everyone's timeout
    wins: Counter[str] = field(default_factory=Counter)   # side (or the result's own winner) -> games won


@dataclass
class PlayerStats:
    games: int = 0
    wins: int = 0
    sides: Counter[str] = field(default_factory=Counter)  # side -> games played on it

    @property
    def favourite(self) -> str | None:
        return self.sides.most_common(1)[0][0] if self.sides else None


def started(tables: Iterable[Table]) -> list[Table]:
    return [t for t in tables if t.seed is not None and t.status != "lobby"]


def winners(table: Table) -> list[str]:
    """The players who won a finished table: a list of winners, or one winner who is a player (a
    cooperative game's winner may name no player: its "winners" list does)."""
    result = table.result
    if table.status != "over" or result is None:
        return []
    if isinstance(result.get("winners"), list):
        return [p for p in result["winners"] if p in table.players]
    winner = result.get("winner")
    return [winner] if winner is not None and winner in table.players else []


def winning_side(table: Table, side_of: SideOf) -> str | None:
    """The side that won: the result's own side, else a winner that is no player (a cooperative game's
    players or their opponent), else the winner's seat; None for a game without sides, or not won."""
    result = table.result
    if table.status != "over" or result is None:
        return None
    if isinstance(result.get("side"), str):
        return result["side"]
    winner = result.get("winner")
    if isinstance(winner, str) and winner not in table.players:
        return winner
    won = winners(table)
    return side_of(table, won[0]) if won else None


def server_stats(tables: Iterable[Table], side_of: SideOf) -> dict[str, GameStats]:
    out: dict[str, GameStats] = {}
    for table in started(tables):
        stats = out.setdefault(table.game, GameStats())
        stats.played += 1
        stats.finished += table.status == "over"
        stats.abandoned += table.status == "abandoned"
        side = winning_side(table, side_of)
        if side is not None:
            stats.wins[side] += 1
    return out


def player_stats(tables: Iterable[Table], player: str, side_of: SideOf) -> dict[str, PlayerStats]:
    out: dict[str, PlayerStats] = {}
    for table in started(tables):
        if player not in table.players:
            continue
        stats = out.setdefault(table.game, PlayerStats())
        stats.games += 1
        stats.wins += player in winners(table)
        side = side_of(table, player)
        if side is not None:
            stats.sides[side] += 1
    return out
