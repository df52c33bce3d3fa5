"""Whole games of La Communauté through the table service on a real SQLite file: lobby for 3 or 4,
seating, a restart in the middle giving the same game, history and texts."""
from __future__ import annotations

import random
import sqlite3

import pytest

from present import fellowship as present
from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, GUILD, play_randomly

PLAYERS = ("ann", "bob", "cat", "dan", "eve")


async def start(service, count: int, seed: int, seating="ordered", options=None, channel=CHANNEL):
    players = PLAYERS[:count]
    await service.create(channel, GUILD, "fellowship", options or {}, players[0], "en")
    for p in players[1:]:
        await service.join(channel, p)
    if seating == "ordered":
        seating = {p: i for i, p in enumerate(players)}
    return await service.start(channel, players[0], seating, seed=seed)


@pytest.mark.parametrize("count", [3, 4])
async def test_a_whole_game_through_the_service(open_service, db_path, count):
    service = await open_service(snapshot_every=25)
    table = await start(service, count, seed=2024 + count)
    view = service.view(CHANNEL, None)
    assert [p["id"] for p in view["players"]] == list(PLAYERS[:count])
    assert [p["hobbit"] for p in view["players"]] == ["frodo", "sam", "merry", "pippin"][:count]
    played = await play_randomly(service, CHANNEL, random.Random(count))
    table = service.table(CHANNEL)
    assert table.status == "over" and table.seq == len(played) > 100
    assert table.result == service.view(CHANNEL, None)["result"]
    assert set(table.result["winners"]) <= set(PLAYERS[:count])
    # The history is the engine's whole public log, the events of the game's opening included.
    history = await service.history(CHANNEL)
    log = service.view(CHANNEL, None)["log"]
    assert history == log and history[0]["type"] == "game_started"
    view = service.view(CHANNEL, None)
    for event in log:
        for lang in ("en", "fr"):
            text = present.describe_event(event, view, lang)
            assert text and "present_fellowship." not in text and "{" not in text, (event, text)
    with sqlite3.connect(db_path) as conn:  # every action is on disk
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == len(played)
        assert conn.execute("SELECT status FROM tables").fetchone()[0] == "over"


@pytest.mark.parametrize("restart_after", [1, 57])
async def test_restart_mid_game_gives_the_same_result(tmp_path, clock, restart_after):
    async def run(path, restart: int | None):
        open_ = lambda: TableService.open(SqliteStore(path), clock=clock, snapshot_every=10)
        service = await open_()
        await start(service, 4, seed=77)
        rng = random.Random(5)
        played = await play_randomly(service, CHANNEL, rng, limit=restart)
        if restart is not None:
            decision = service.table(CHANNEL).decision_id
            peek = service.view(CHANNEL, service.view(CHANNEL, None)["ring_bearer"]).get("peek")
            await service.close()
            service = await open_()
            assert (await service.serve(CHANNEL)).decision_id == decision
            assert service.view(CHANNEL, service.view(CHANNEL, None)["ring_bearer"]).get("peek") == peek
            played += await play_randomly(service, CHANNEL, rng)
        out = (service.table(CHANNEL).result, played, service.view(CHANNEL, "ann"))
        await service.close()
        return out

    straight = await run(tmp_path / "straight.db", None)
    restarted = await run(tmp_path / "restarted.db", restart_after)
    assert straight == restarted
    assert straight[0] is not None


async def test_seat_counts_and_seating(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "fellowship", {}, "ann", "en")
    await service.join(CHANNEL, "bob")
    with pytest.raises(TableError) as err:  # two are not enough
        await service.start(CHANNEL, "ann")
    assert err.value.code == "not_enough_players"
    for p in ("cat", "dan"):
        await service.join(CHANNEL, p)
    with pytest.raises(TableError) as err:  # five are too many
        await service.join(CHANNEL, "eve")
    assert err.value.code == "game_full"
    # Chosen seats: Dan plays Frodo.
    table = await service.start(CHANNEL, "ann", {"dan": 0, "cat": 1, "bob": 2, "ann": 3}, seed=1)
    assert table.players == ["dan", "cat", "bob", "ann"]
    assert service.view(CHANNEL, None)["players"][0] == {**service.view(CHANNEL, None)["players"][0],
                                                         "id": "dan", "hobbit": "frodo"}


async def test_random_seating_and_the_left_out_option(open_service):
    service = await open_service()
    await start(service, 3, seed=9, seating="random", options={"left_out": "merry"})
    view = service.view(CHANNEL, None)
    assert sorted(p["id"] for p in view["players"]) == ["ann", "bob", "cat"]
    assert [p["hobbit"] for p in view["players"]] == ["frodo", "sam", "pippin"]
    with pytest.raises(TableError) as err:
        await service.create(CHANNEL + 1, GUILD, "fellowship", {"left_out": "gandalf"}, "ann", "en")
    assert err.value.code == "bad_options"


async def test_the_peek_reaches_only_the_ring_bearer_through_the_service(open_service):
    service = await open_service()
    await start(service, 3, seed=3)
    bearer = service.view(CHANNEL, None)["ring_bearer"]
    assert service.view(CHANNEL, bearer)["peek"]["event"]
    for viewer in [None] + [p for p in PLAYERS[:3] if p != bearer]:
        assert not (service.view(CHANNEL, viewer).get("peek") or {}).get("event")
    # A stale decision id is refused and changes nothing.
    table = service.table(CHANNEL)
    mover = service.waiting_for(CHANNEL)[0]
    action = service.legal_actions(CHANNEL, mover)[0]
    with pytest.raises(TableError) as err:
        await service.act(CHANNEL, mover, action, table.decision_id - 1)
    assert err.value.code == "stale" and service.table(CHANNEL).seq == table.seq
