"""Taking a move back (table/undo.py, TableService.undo): only the latest move in force, only by its
player, only while it showed nothing hidden (the engine's `reveals`); the undo is a record of the log, so
a fresh process restores the game as it was before the move."""
from __future__ import annotations

import random
import sqlite3

import pytest

import engine
from table import undo
from table.errors import TableError
from table.models import ActionRecord
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, GUILD
from tests.platform.restart_check import fingerprint, in_fresh_process


async def _confrontation(service: TableService) -> None:
    await service.create(CHANNEL, GUILD, "confrontation", {}, "ann", "en")
    await service.join(CHANNEL, "bob")
    await service.start(CHANNEL, "ann", {"ann": 0, "bob": 1}, seed=2026)


def _first(service: TableService, player: str) -> dict:
    return service.legal_actions(CHANNEL, player)[0]


async def test_an_undone_move_is_gone_and_a_fresh_process_goes_on_from_before_it(tmp_path):
    db = tmp_path / "t.db"
    service = await TableService.open(SqliteStore(db), snapshot_every=3)
    try:
        await _confrontation(service)
        seq, decision = service.table(CHANNEL).seq, service.table(CHANNEL).decision_id
        placing = service.waiting_for(CHANNEL)[0]
        await service.act(CHANNEL, placing, _first(service, placing))
        assert service.undoable(CHANNEL, placing) == seq + 1         # a placement shows nothing hidden
        other = next(p for p in ("ann", "bob") if p != placing)
        assert service.undoable(CHANNEL, other) is None
        with pytest.raises(TableError) as refused:
            await service.undo(CHANNEL, other, seq + 1)              # only the move's own player
        assert refused.value.code == "undo_not_yours"
        table, events = await service.undo(CHANNEL, placing, seq + 1)
        assert events == [{"type": "undone", "player": placing, "seq": seq + 1, "count": 1}]
        assert table.seq == seq + 2
        after_undo = fingerprint(service, CHANNEL)
        # Every seat sees what it saw before the move.
        assert [service.view(CHANNEL, v) for v in (None, "ann", "bob")] == [
            engine.get_rules("confrontation").view(
                engine.get_rules("confrontation").new_game(["ann", "bob"], {}, 2026), v)
            for v in (None, "ann", "bob")]
        assert service.table(CHANNEL).decision_id == decision   # the same decision is asked again
        history = await service.history(CHANNEL)
        assert history[-1] == events[0]
        # A cold restart: a fresh process reads the log with its undo, and plays on as this one does.
        copy = tmp_path / "copy.db"
        with sqlite3.connect(db) as src, sqlite3.connect(copy) as dst:
            src.backup(dst)
        moves = [[placing, _first(service, placing)]]
        prints = in_fresh_process(copy, CHANNEL, moves)
        assert prints[0] == after_undo
        await service.act(CHANNEL, *moves[0])
        assert prints[1] == fingerprint(service, CHANNEL)
    finally:
        await service.close()


async def test_a_move_that_showed_something_hidden_cannot_be_taken_back(tmp_path):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    rules = engine.get_rules("confrontation")
    try:
        await _confrontation(service)
        rng = random.Random(4)
        while True:   # play until a move reveals something (a fight turns characters over)
            table = service.table(CHANNEL)
            player = service.waiting_for(CHANNEL)[0]
            state = table.state
            new, events = await service.act(CHANNEL, player, rng.choice(service.legal_actions(CHANNEL, player)))
            if rules.reveals(state, new.state, events):
                break
        assert service.undoable(CHANNEL, player) is None
        with pytest.raises(TableError) as refused:
            await service.undo(CHANNEL, player, new.seq)
        assert refused.value.code == "undo_reveals"
        assert service.table(CHANNEL).seq == new.seq                # nothing changed
    finally:
        await service.close()


@pytest.mark.parametrize("game, players", [("confrontation", 2), ("fellowship", 3), ("lcg", 1), ("wotr", 2)])
def test_every_random_draw_counts_as_revealing(game, players):
    """The engine's rule for every game: an action that moved the random state (a die, a shuffle, a
    draw) always reveals, whatever its events; an action whose events are all quiet and drew nothing does
    not."""
    rules = engine.get_rules(game)
    state = rules.new_game([f"p{i}" for i in range(players)], {}, 5)
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for _ in range(300):
        if rules.result(state) is not None:
            break
        player = rules.waiting_for(state)[0]
        new, events = rules.apply(state, player, rng.choice(rules.legal_actions(state, player)))
        random_draw = new["rng"] != state["rng"]
        quiet = all(e["type"] in rules.QUIET_EVENTS for e in events)
        assert rules.reveals(state, new, events) == (random_draw or not quiet)
        seen[rules.reveals(state, new, events)] += 1
        state = new
    assert seen[True], f"{game}: no revealing action in 300"


def test_each_undo_in_the_log_cancels_the_latest_action_still_in_force():
    def record(seq: int, kind: str) -> ActionRecord:
        return ActionRecord(1, seq, "ann", {"type": kind}, None, [], 0.0)

    log = [record(1, "a"), record(2, "b"), record(3, "undo"), record(4, "c"), record(5, "undo"),
           record(6, "undo"), record(7, "d")]
    assert [r.seq for r in undo.in_force(log)] == [7]
    assert [r.seq for r in undo.in_force(log[:4])] == [1, 4]
