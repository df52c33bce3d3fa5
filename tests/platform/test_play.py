"""Acting through the service: checks, atomic writes, concurrency, restarts, broken tables."""
from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

from engine import IllegalAction
from table.errors import TableError
from table.store import SqliteStore
from tests.platform.conftest import rules_for
from tests.platform.helpers import CHANNEL, GUILD, PassedOn, play_randomly, started_race

ADD1 = {"type": "add", "n": 1}


def stored_actions(db_path) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT table_id, seq, player, action, decision_id FROM actions ORDER BY seq")
        return [(t, seq, p, json.loads(a), d) for t, seq, p, a, d in rows]


async def test_act_applies_commits_and_returns_events(open_service, db_path):
    service = await open_service()
    table = await started_race(service)
    did = table.decision_id
    table, events = await service.act(CHANNEL, "ann", ADD1, did)
    assert table.seq == 1 and table.decision_id == did + 1
    assert events and events[0]["type"] == "added" and events[0]["player"] == "ann"
    # Committed before act returned: another connection sees it at once.
    assert stored_actions(db_path) == [(table.id, 1, "ann", ADD1, did)]
    assert service.waiting_for(CHANNEL) == ["bob"]
    assert await service.history(CHANNEL) == events


async def test_refusals_change_nothing(open_service, db_path):
    service = await open_service()
    table = await started_race(service)
    before = (service.table(CHANNEL), service.view(CHANNEL, None))

    cases = [
        ({"player": "eve", "action": ADD1}, "not_in_game"),
        ({"player": "ann", "action": ADD1, "decision_id": table.decision_id + 1}, "stale"),
        ({"player": "ann", "action": ADD1, "decision_id": table.decision_id - 1}, "stale"),
        ({"player": "bob", "action": ADD1}, "not_your_turn"),
        ({"player": "ann", "action": {"n": 1}}, "bad_action"),
        ({"player": "ann", "action": "add"}, "bad_action"),
        ({"player": "ann", "action": {"type": "add", "n": {1, 2}}}, "bad_action"),
        ({"player": "ann", "action": {"type": "add", "n": float("nan")}}, "bad_action"),
    ]
    for kwargs, expected in cases:
        with pytest.raises(TableError) as e:
            await service.act(CHANNEL, **kwargs)
        assert e.value.code == expected, kwargs
    # An illegal action comes back as the engine's own IllegalAction, for the caller to localise.
    with pytest.raises(IllegalAction) as e:
        await service.act(CHANNEL, "ann", {"type": "add", "n": 3}, table.decision_id)
    assert e.value.code == "not_legal"
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL + 5, "ann", ADD1)
    assert e.value.code == "no_table"

    assert (service.table(CHANNEL), service.view(CHANNEL, None)) == before
    assert stored_actions(db_path) == []


async def test_concurrent_clicks_apply_exactly_one(open_service, db_path):
    service = await open_service()
    table = await started_race(service)
    did = table.decision_id
    results = await asyncio.gather(
        *(service.act(CHANNEL, "ann", {"type": "add", "n": 1 + i % 2}, did) for i in range(6)),
        return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1
    assert all(isinstance(r, TableError) and r.code == "stale" for r in refused)
    assert service.table(CHANNEL).seq == 1 and len(stored_actions(db_path)) == 1


async def test_concurrent_clicks_without_decision_id(open_service, db_path):
    service = await open_service()
    await started_race(service)
    results = await asyncio.gather(*(service.act(CHANNEL, "ann", ADD1) for _ in range(4)),
                                   return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1
    # The others find it is bob's turn now.
    assert all(isinstance(r, TableError) and r.code == "not_your_turn" for r in results if r not in applied)
    assert len(stored_actions(db_path)) == 1


class FailingStore(SqliteStore):
    """A store whose writes can be made to fail, as a full disk or a lost connection would."""

    fail = False

    async def append_action(self, *args, **kwargs):
        if self.fail:
            raise sqlite3.OperationalError("disk I/O error")
        return await super().append_action(*args, **kwargs)

    async def save_table(self, *args, **kwargs):
        if self.fail:
            raise sqlite3.OperationalError("disk I/O error")
        return await super().save_table(*args, **kwargs)


async def test_a_failed_write_leaves_memory_unchanged(open_service, db_path):
    store = FailingStore(db_path)
    service = await open_service(store)
    table = await started_race(service)
    before = (service.table(CHANNEL), service.view(CHANNEL, "ann"), service.waiting_for(CHANNEL))
    store.fail = True
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, "ann", ADD1, table.decision_id)
    assert e.value.code == "storage_failed"
    with pytest.raises(TableError) as e:
        await service.abandon(CHANNEL, "ann")
    assert e.value.code == "storage_failed"
    assert (service.table(CHANNEL), service.view(CHANNEL, "ann"), service.waiting_for(CHANNEL)) == before
    assert stored_actions(db_path) == []
    store.fail = False  # once the disk is back, the same click goes through
    table, _ = await service.act(CHANNEL, "ann", ADD1, table.decision_id)
    assert table.seq == 1 and len(stored_actions(db_path)) == 1


async def test_a_click_cancelled_while_its_action_commits_is_stored_and_held_in_memory(open_service, db_path):
    """A caller that gives up (a timeout) while the commit runs: the action is committed anyway, so memory
    must hold it too; otherwise the store would be one action ahead and the next click refused."""
    store = SqliteStore(db_path)
    service = await open_service(store)
    table = await started_race(service)
    writes: list[asyncio.Future] = []
    real = store.append_action

    def watched(*args, **kwargs):
        writes.append(real(*args, **kwargs))
        return writes[-1]

    store.append_action = watched
    click = asyncio.ensure_future(service.act(CHANNEL, "ann", ADD1, table.decision_id))
    while not writes:  # the action is queued for its commit
        await asyncio.sleep(0)
    click.cancel()
    with pytest.raises(asyncio.CancelledError):
        await click
    await writes[0]  # the commit goes on without its caller
    await asyncio.sleep(0)  # the callbacks of the commit
    assert service.table(CHANNEL).seq == 1 and len(stored_actions(db_path)) == 1
    assert service.waiting_for(CHANNEL) == ["bob"]
    table, _ = await service.act(CHANNEL, "bob", ADD1, service.table(CHANNEL).decision_id)
    assert table.seq == 2 and len(stored_actions(db_path)) == 2


@pytest.mark.parametrize("action, stored", [
    ({"type": "add", "n": 1}, {"type": "add", "n": 1}),
    ({"type": "add", "n": [None, True, {"k": "v"}]}, {"type": "add", "n": [None, True, {"k": "v"}]}),
    ({"type": "add", "n": (1, 2)}, {"type": "add", "n": [1, 2]}),
    ({"type": "add", "n": [{3: 1.5}]}, {"type": "add", "n": [{"3": 1.5}]}),
])
async def test_an_action_is_applied_and_stored_as_its_json_and_as_a_copy(open_service, db_path, action, stored):
    """The engine gets, and the log keeps, the action's JSON whatever the caller passed (a tuple, a
    number as a key): what a replay will read. And a copy: the caller changing its value afterwards
    changes neither."""
    applied = []

    class Recording(PassedOn):
        def apply(self, state, player, action):
            applied.append(action)
            return self.rules.apply(state, player, ADD1)

    service = await open_service(rules_for=lambda game: Recording(rules_for(game)))
    table = await started_race(service)
    await service.act(CHANNEL, "ann", action, table.decision_id)
    if isinstance(action["n"], list):
        action["n"].append("later")
    assert applied == [stored] and stored_actions(db_path)[0][3] == stored


async def test_acknowledged_actions_survive_a_crash(open_service, db_path, clock):
    service = await open_service(snapshot_every=1000)
    await started_race(service, target=50)
    played = await play_randomly(service, CHANNEL, random.Random(3), limit=7)
    view = service.view(CHANNEL, "ann")
    # No close(): the process "dies". A new service on the same file sees every acknowledged move.
    other = await open_service()
    assert (await other.serve(CHANNEL)).seq == len(played) == 7
    assert other.view(CHANNEL, "ann") == view
    await service.close()


async def test_full_game_through_the_service(open_service):
    service = await open_service(snapshot_every=3)
    await started_race(service, target=30, seed=5)
    played = await play_randomly(service, CHANNEL, random.Random(1))
    table = service.table(CHANNEL)
    assert table.status == "over" and table.result["winner"] in ("ann", "bob")
    assert table.seq == len(played)
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, "ann", ADD1)
    assert e.value.code == "game_over"
    history = await service.history(CHANNEL)
    assert history == service.view(CHANNEL, None)["log"]
    assert history[-1] == {"type": "game_over", "winner": table.result["winner"], "n_event": len(history) - 1}
    # The channel is free for a new game; the finished one is not reloaded after a restart.
    await service.create(CHANNEL, GUILD, "race", {}, "bob", "en")
    await service.close()
    again = await open_service()
    assert (await again.serve(CHANNEL)).status == "lobby" and again.table(CHANNEL).creator == "bob"


async def _run(open_service, restart_after: int | None, snapshot_every: int):
    """A whole random game with a fixed seed and choices; optionally close everything mid-way."""
    service = await open_service(snapshot_every=snapshot_every)
    await started_race(service, target=40, seed=11)
    rng = random.Random(4)
    played = await play_randomly(service, CHANNEL, rng, limit=restart_after)
    if restart_after is not None:
        await service.close()
        service = await open_service(snapshot_every=snapshot_every)
        assert (await service.serve(CHANNEL)).seq == restart_after
        played += await play_randomly(service, CHANNEL, rng)
    table = service.table(CHANNEL)
    result = (table.result, played, service.view(CHANNEL, "ann"), await service.history(CHANNEL))
    await service.close()
    return result


@pytest.mark.parametrize("restart_after,snapshot_every", [(5, 4), (8, 4), (3, 100), (1, 1)])
async def test_restart_mid_game_gives_the_same_game(tmp_path, clock, restart_after, snapshot_every):
    from table.service import TableService
    from tests.platform.conftest import rules_for

    async def opener(path):
        async def open_(**kw):
            return await TableService.open(SqliteStore(path), clock=clock, rules_for=rules_for, **kw)
        return open_

    straight = await _run(await opener(tmp_path / "a.db"), None, snapshot_every)
    restarted = await _run(await opener(tmp_path / "b.db"), restart_after, snapshot_every)
    assert len(straight[1]) > restart_after  # the restart really happened mid-game
    assert restarted == straight


async def _corrupt(db_path, sql, *params):
    with sqlite3.connect(db_path) as db:
        db.execute(sql, params)


TABLE_ID = f"(SELECT id FROM tables WHERE channel_id = {CHANNEL})"


@pytest.mark.parametrize("damage", [
    (f"UPDATE actions SET action = '{{not json' WHERE seq = 2 AND table_id = {TABLE_ID}",),
    # legal JSON, illegal move on replay
    (f"UPDATE actions SET action = '{{\"type\": \"add\", \"n\": 7}}' WHERE seq = 2 AND table_id = {TABLE_ID}",),
    (f"UPDATE snapshots SET state = 'garbage' WHERE table_id = {TABLE_ID}",),  # engine.BadSave
    (f"UPDATE tables SET players = '[1, 2' WHERE id = {TABLE_ID}",),
    (f"UPDATE tables SET seq = 99 WHERE id = {TABLE_ID}",),
    (f"DELETE FROM actions WHERE seq = 1 AND table_id = {TABLE_ID}",),
    (f"UPDATE tables SET game = 'chess' WHERE id = {TABLE_ID}",),
])
async def test_a_corrupted_game_is_marked_broken_and_others_continue(open_service, db_path, damage):
    service = await open_service(snapshot_every=1000)
    await started_race(service, channel=CHANNEL, target=60)
    await started_race(service, channel=CHANNEL + 1, target=60)
    for channel in (CHANNEL, CHANNEL + 1):
        await play_randomly(service, channel, random.Random(channel), limit=3)
    healthy_view = service.view(CHANNEL + 1, "ann")
    await service.close()
    await _corrupt(db_path, *damage)

    service = await open_service()
    broken = await service.serve(CHANNEL)
    assert broken.status == "broken" and broken.reason
    await service.serve(CHANNEL + 1)
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, "ann", ADD1)
    assert e.value.code == "broken"
    assert service.view(CHANNEL + 1, "ann") == healthy_view
    await play_randomly(service, CHANNEL + 1, random.Random(0))
    assert service.table(CHANNEL + 1).status == "over"
    # Broken is stored, so the next start does not retry it, and the channel can host a new game.
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    await service.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM tables WHERE status = 'broken'").fetchone() == (1,)


async def test_reminders_and_timeouts(open_service, clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=60)
    await started_race(service)
    assert (await service.due_reminders()).reminders == []
    clock.advance(11)
    due = await service.due_reminders()
    assert [(r.channel_id, r.players) for r in due.reminders] == [(CHANNEL, ["ann"])] and not due.timeouts
    assert (await service.due_reminders()).reminders == []  # once per period
    clock.advance(10)
    assert len((await service.due_reminders()).reminders) == 1

    with pytest.raises(TableError) as e:
        await service.claim_timeout(CHANNEL, "bob")
    assert e.value.code == "timeout_not_reached" and e.value.params == {"minutes": 39}
    with pytest.raises(TableError) as e:
        await service.claim_timeout(CHANNEL, "ann")
    assert e.value.code == "waiting_on_you"
    with pytest.raises(TableError) as e:
        await service.claim_timeout(CHANNEL, "eve")
    assert e.value.code == "not_in_game"

    clock.advance(40)
    due = await service.due_reminders()
    assert [(t.late, t.claimants) for t in due.timeouts] == [(["ann"], ["bob"])] and not due.reminders
    assert (await service.due_reminders()).timeouts == []  # announced once
    ended = await service.claim_timeout(CHANNEL, "bob")
    assert ended.status == "over" and ended.result == {"winner": "bob", "reason": "timeout", "late": ["ann"]}


async def test_an_action_resets_the_timers_and_abandon_outcome(open_service, clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=20, timeout_outcome="abandon")
    table = await started_race(service)
    clock.advance(15)
    await service.act(CHANNEL, "ann", ADD1, table.decision_id)
    clock.advance(15)
    with pytest.raises(TableError):
        await service.claim_timeout(CHANNEL, "ann")  # bob's 20 minutes began with ann's move
    clock.advance(6)
    assert [t.late for t in (await service.due_reminders()).timeouts] == [["bob"]]
    ended = await service.claim_timeout(CHANNEL, "ann")
    assert (ended.status, ended.reason, ended.result) == ("abandoned", "timeout", None)


async def test_timer_marks_survive_a_restart(open_service, clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=60)
    await started_race(service)
    clock.advance(61)
    assert len((await service.due_reminders()).timeouts) == 1
    await service.close()
    service = await open_service()
    assert (await service.due_reminders()).timeouts == []


async def test_an_engine_fault_on_restore_is_stored_broken_and_frees_the_channel(open_service, db_path):
    """A bug or a missing engine stops the table for good (stored, so it does not come back at every
    start), and the channel can host a new game; table.repair replays it once fixed (test_repair.py)."""
    service = await open_service()
    await started_race(service)
    await play_randomly(service, CHANNEL, random.Random(2), limit=2)
    await service.close()

    def faulty(game):
        raise NotImplementedError("the race engine is not built yet")

    service = await open_service(rules_for=faulty)
    broken = await service.serve(CHANNEL)
    assert broken.status == "broken" and "NotImplementedError" in broken.reason
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, "ann", ADD1)
    assert e.value.code == "broken"
    await service.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT status FROM tables").fetchone() == ("broken",)
    service = await open_service()  # the engine is back: the broken table stays broken, nothing holds
    assert await service.serve(CHANNEL) is None
    assert (await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")).status == "lobby"


async def test_simultaneous_actions_in_many_channels_all_commit(open_service, db_path):
    """Tables share one database connection: their transactions must not interleave."""
    service = await open_service(snapshot_every=2)
    channels = [CHANNEL + i for i in range(6)]
    for channel in channels:
        await started_race(service, channel=channel, target=100)
    for _ in range(5):
        await asyncio.gather(*(service.act(ch, service.waiting_for(ch)[0], ADD1) for ch in channels))
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT t.channel_id, t.seq, COUNT(a.seq) FROM tables t"
                          " JOIN actions a ON a.table_id = t.id GROUP BY t.id").fetchall()
    assert sorted(rows) == [(ch, 5, 5) for ch in channels]


async def test_abandon_votes_survive_a_restart(open_service):
    service = await open_service()
    await started_race(service, players=("ann", "bob", "cat"))
    await service.abandon(CHANNEL, "bob")
    await service.close()
    service = await open_service()
    assert (await service.serve(CHANNEL)).abandon_votes == ["bob"]
    assert (await service.abandon(CHANNEL, "cat")).status == "active"
    assert (await service.abandon(CHANNEL, "ann", manage_channel=True)).status == "abandoned"


async def test_engine_steps_run_in_a_worker_thread_unless_the_game_s_steps_are_cheap(open_service):
    """A step of unknown cost (the first of a game in this process) and the steps of a game whose steps
    cost more than INLINE_STEP_SECONDS of CPU run in a worker thread; a cheap game's next steps run on
    the event loop, where they cost less than the hand-over to a thread."""
    import threading
    import time

    from table.service import INLINE_STEP_SECONDS

    threads: list[str] = []
    slow = False

    class Watched(PassedOn):
        def apply(self, state, player, action):
            threads.append(threading.current_thread().name)
            if slow:  # CPU, not wall time: what the service measures
                start = time.thread_time()
                while time.thread_time() - start < 3 * INLINE_STEP_SECONDS:
                    pass
            return self.rules.apply(state, player, action)

    service = await open_service(rules_for=lambda game: Watched(rules_for(game)))
    await started_race(service, target=50)
    main = threading.current_thread().name
    for player in ("ann", "bob", "ann"):
        await service.act(CHANNEL, player, ADD1)
    assert threads[0] != main and threads[1:] == [main, main]
    slow = True
    for player in ("bob", "ann", "bob"):
        await service.act(CHANNEL, player, ADD1)
    assert threads[3] == main and main not in threads[4:]  # measured costly: the next steps go to a thread
