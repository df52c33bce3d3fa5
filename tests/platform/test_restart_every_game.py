"""Every game survives a restart of the table service: the SQLite file of a game in progress, opened by
a fresh process (another hash seed), goes on with the same states, views and legal actions as the
service that never stopped, the Card Game included."""
from __future__ import annotations

import random
import sqlite3

import pytest

import games
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, GUILD, play_randomly
from tests.platform.restart_check import fingerprint, in_fresh_process

BEFORE, AFTER = 45, 60


async def _started(service, game: str):
    _, most = games.get(game).seats
    players = [f"p{i}" for i in range(most)]
    await service.create(CHANNEL, GUILD, game, {}, players[0], "en")
    for p in players[1:]:
        await service.join(CHANNEL, p)
    await service.start(CHANNEL, players[0], {p: i for i, p in enumerate(players)}, seed=2026)


@pytest.mark.parametrize("game", [g.id for g in games.playable()])
async def test_a_table_goes_on_identically_in_a_fresh_process(tmp_path, game):
    live = tmp_path / "live.db"
    service = await TableService.open(SqliteStore(live), snapshot_every=7)  # a snapshot, then a replay
    try:
        await _started(service, game)
        rng = random.Random(8)
        await play_randomly(service, CHANNEL, rng, limit=BEFORE)
        copy = tmp_path / "copy.db"
        with sqlite3.connect(live) as src, sqlite3.connect(copy) as dst:
            src.backup(dst)  # what a crash right now would leave: every acknowledged action
        prints = [fingerprint(service, CHANNEL)]
        moves = []
        while len(moves) < AFTER and service.table(CHANNEL).status == "active":  # the end included
            moves += await play_randomly(service, CHANNEL, rng, limit=1)
            prints.append(fingerprint(service, CHANNEL))
    finally:
        await service.close()
    assert service.table(CHANNEL).seq == BEFORE + len(moves) and moves
    elsewhere = in_fresh_process(copy, CHANNEL, moves)
    first = next((i for i, (a, b) in enumerate(zip(elsewhere, prints)) if a != b), None)
    assert first is None and len(elsewhere) == len(prints), f"{game}: diverged {first} actions after the restart"
