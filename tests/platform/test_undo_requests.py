"""Take-back requests and their votes (TableService.ask_undo, vote_undo; table/play.py): a vote belongs
to one request, a request of another player replaces the open one, asking or accepting twice changes
nothing, a move ends the request, and the request is stored with the table (a fresh process finds it)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, started_race
from tests.restore_check import other_hash_seed

THREE = ("ann", "bob", "cid")


async def _three_moves(service: TableService) -> None:
    """ann, bob and cid each add 1: every move quiet, each player's latest move undoable."""
    await started_race(service, players=THREE, target=50)
    for player in THREE:
        await service.act(CHANNEL, player, {"type": "add", "n": 1})


async def test_a_vote_counts_for_its_own_request_only(tmp_path):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    await _three_moves(service)
    seq = service.table(CHANNEL).seq
    first = await service.ask_undo(CHANNEL, "bob", service.undoable(CHANNEL, "bob"))
    assert (first.status, first.waiting) == ("asked", ["ann", "cid"])
    second = await service.ask_undo(CHANNEL, "cid", service.undoable(CHANNEL, "cid"))
    assert (second.status, second.superseded, second.waiting) == ("asked", "bob", ["ann", "bob"])
    # ann accepts bob's request, which cid's replaced: refused, nothing taken back, cid's request intact.
    with pytest.raises(TableError) as stale:
        await service.vote_undo(CHANNEL, "ann", "bob", seq, True)
    assert stale.value.code == "undo_stale"
    assert service.table(CHANNEL).seq == seq
    assert service.table(CHANNEL).undo_request == {"asker": "cid", "seq": seq, "votes": ["cid"]}
    # cid's request needs both others: ann alone does not take it back, bob's acceptance does.
    counted = await service.vote_undo(CHANNEL, "ann", "cid", seq, True)
    assert (counted.status, counted.waiting, service.table(CHANNEL).seq) == ("counted", ["bob"], seq)
    done = await service.vote_undo(CHANNEL, "bob", "cid", seq, True)
    assert done.status == "taken_back" and done.events[0]["count"] == 1   # cid's move alone
    assert service.table(CHANNEL).undo_request is None
    await service.close()


async def test_asking_or_accepting_twice_changes_nothing(tmp_path):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    await _three_moves(service)
    seq = service.table(CHANNEL).seq
    mine = service.undoable(CHANNEL, "cid")
    assert (await service.ask_undo(CHANNEL, "cid", mine)).status == "asked"
    assert (await service.vote_undo(CHANNEL, "ann", "cid", seq, True)).status == "counted"
    again = await service.ask_undo(CHANNEL, "cid", mine)
    assert (again.status, again.waiting) == ("repeated", ["bob"])                 # ann's vote is kept
    twice = await service.vote_undo(CHANNEL, "ann", "cid", seq, True)
    assert (twice.status, twice.waiting) == ("repeated", ["bob"])
    with pytest.raises(TableError) as refused:
        await service.vote_undo(CHANNEL, "cid", "cid", seq, True)                 # the asker does not vote
    assert refused.value.code == "undo_not_yours_to_decide"
    assert service.table(CHANNEL).seq == seq
    await service.close()


async def test_a_move_or_a_refusal_ends_the_request(tmp_path):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    await _three_moves(service)
    seq = service.table(CHANNEL).seq
    await service.ask_undo(CHANNEL, "bob", service.undoable(CHANNEL, "bob"))
    refused = await service.vote_undo(CHANNEL, "cid", "bob", seq, False)
    assert refused.status == "refused" and service.table(CHANNEL).undo_request is None
    await service.ask_undo(CHANNEL, "bob", service.undoable(CHANNEL, "bob"))
    await service.act(CHANNEL, "ann", {"type": "add", "n": 1})                   # the game moves on
    assert service.table(CHANNEL).undo_request is None
    with pytest.raises(TableError) as stale:
        await service.vote_undo(CHANNEL, "cid", "bob", seq, True)
    assert stale.value.code == "undo_stale"
    await service.close()


async def test_a_request_and_its_votes_are_kept_across_a_restart(tmp_path):
    db = tmp_path / "t.db"
    service = await TableService.open(SqliteStore(db))
    await _three_moves(service)
    seq = service.table(CHANNEL).seq
    await service.ask_undo(CHANNEL, "cid", service.undoable(CHANNEL, "cid"))
    await service.vote_undo(CHANNEL, "ann", "cid", seq, True)
    await service.close()

    # A fresh process (another hash seed) reads the request with ann's vote, and bob's vote ends it.
    env = dict(os.environ, PYTHONHASHSEED=other_hash_seed())
    done = subprocess.run([sys.executable, "-c", _LAST_VOTE, str(db), str(seq)], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout) == [{"asker": "cid", "seq": seq, "votes": ["cid", "ann"]}, "taken_back", 2]


_LAST_VOTE = """
import asyncio, json, sys
import games
from table.service import TableService
from table.store import SqliteStore
from tests.platform.fixture_game import GAME
from tests.platform.helpers import CHANNEL

async def main(db, seq):
    games.register(GAME)
    service = await TableService.open(SqliteStore(db))
    request = (await service.serve(CHANNEL)).undo_request
    done = await service.vote_undo(CHANNEL, "bob", "cid", seq, True)
    print(json.dumps([request, done.status, service.table(CHANNEL).undone]))
    await service.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""
