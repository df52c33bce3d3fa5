"""Counting a server's games (table/stats.py) from its stored tables, for every game's shape of result,
and the store's read of a server's started games (SQLite and PostgreSQL)."""
from __future__ import annotations

from table import stats
from table.models import Table
from tests.platform.test_store import opened

SEATS = {"confrontation": ("fellowship", "sauron"), "wotr": ("free_peoples", "shadow")}


def side_of(table: Table, player: str) -> str | None:
    seats = SEATS.get(table.game)
    return seats[table.players.index(player)] if seats else None


def game(game: str, status: str, result: dict | None, players=("ann", "bob"), seed: int | None = 1,
         guild: int = 9, channel: int = 5) -> Table:
    return Table(id=0, channel_id=channel, guild_id=guild, game=game, options={}, creator=players[0], lang="en",
                 players=list(players), status=status, seed=seed, result=result)


TABLES = [
    game("confrontation", "over", {"winner": "bob", "side": "sauron", "reason": "frodo_caught", "points": 1}),
    game("confrontation", "over", {"winner": "ann", "reason": "match", "scores": {"ann": 3, "bob": 1}}),
    game("confrontation", "over", {"winner": "bob", "reason": "timeout", "late": ["ann"]}, players=("bob", "ann")),
    game("confrontation", "abandoned", {"reason": "vote"}),
    game("confrontation", "active", None),
    game("confrontation", "abandoned", None, seed=None),   # a lobby that expired: never played
    game("lcg", "over", {"winner": "players", "outcome": "won", "winners": ["ann", "bob"]}),
    game("lcg", "over", {"winner": "encounter", "outcome": "lost", "winners": []}, players=("ann",)),
    game("fellowship", "over", {"winners": ["cid"], "scores": {}}, players=("ann", "bob", "cid")),
    game("wotr", "over", {"winner": "bob", "side": "shadow", "reason": "corruption"}),
]


def test_a_servers_games_are_counted_played_finished_and_abandoned_with_wins_per_side():
    by_game = stats.server_stats(TABLES, side_of)
    c = by_game["confrontation"]
    assert (c.played, c.finished, c.abandoned) == (5, 3, 1)
    # the result's own side, else the winner's seat (a match, a timeout claim by the Fellowship's seat)
    assert c.wins == {"sauron": 1, "fellowship": 2}
    assert by_game["lcg"].wins == {"players": 1, "encounter": 1}
    assert by_game["fellowship"].wins == {} and by_game["fellowship"].finished == 1   # no sides
    assert by_game["wotr"].wins == {"shadow": 1}


def test_a_persons_games_wins_and_favourite_side():
    ann = stats.player_stats(TABLES, "ann", side_of)
    assert (ann["confrontation"].games, ann["confrontation"].wins) == (5, 1)
    assert ann["confrontation"].favourite == "fellowship"           # 4 of her 5 games
    assert (ann["lcg"].games, ann["lcg"].wins) == (2, 1)          # won together, lost alone
    assert ann["lcg"].favourite is None
    assert stats.player_stats(TABLES, "cid", side_of) == {"fellowship": stats.PlayerStats(1, 1)}
    assert stats.player_stats(TABLES, "dan", side_of) == {}


async def test_the_store_reads_every_started_game_of_a_server_and_no_other(store_factory):
    store = await opened(store_factory, 5, 6, 7, 8)
    ids = []
    for channel, (status, seed, guild) in enumerate(
            [("over", 3, 9), ("lobby", None, 9), ("active", 4, 9), ("over", 5, 10)], start=5):
        table = game("confrontation", status, {"winner": "ann", "side": "fellowship"} if status == "over" else None,
                     seed=seed, guild=guild, channel=channel)
        ids.append(await store.insert_table(table))
    found = await store.guild_history(9)
    assert [(t.id, t.status, t.seed) for t in found] == [(ids[0], "over", 3), (ids[2], "active", 4)]
    assert found[0].result == {"winner": "ann", "side": "fellowship"} and found[0].state is None
    await store.close()
