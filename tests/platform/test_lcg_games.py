"""Card Game tables through the table service on a real SQLite file: seats, a game played with random
legal actions, a restart in the middle, the texts of every event, action windows open to every player
(a pass keeps the others' decision id; an action makes it stale), and the table-talk server setting."""
from __future__ import annotations

import random
import sqlite3

import pytest

import games
from table.errors import TableError
from table.service import TableService
from table.store import MIGRATIONS, SqliteStore
from tests.platform.helpers import CHANNEL, GUILD, play_randomly

PLAYERS = ("ann", "bob", "cid")


async def _start(service, players=PLAYERS, seed=11):
    await service.create(CHANNEL, GUILD, "lcg", {}, players[0], "fr")
    for p in players[1:]:
        await service.join(CHANNEL, p)
    return await service.start(CHANNEL, players[0], {p: i for i, p in enumerate(players)}, seed=seed)


async def test_one_to_four_seats(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "lcg", {}, "solo", "en")
    table = await service.start(CHANNEL, "solo")  # one player is a game
    assert table.status == "active" and service.waiting_for(CHANNEL) == ["solo"]
    await service.create(CHANNEL + 1, GUILD, "lcg", {}, "p1", "en")
    for p in ("p2", "p3", "p4"):
        await service.join(CHANNEL + 1, p)
    with pytest.raises(TableError) as err:
        await service.join(CHANNEL + 1, "p5")
    assert err.value.code == "game_full"


async def test_a_game_survives_a_restart_and_reads_in_both_languages(open_service, db_path, clock):
    service = await open_service(snapshot_every=9)
    await _start(service)
    rng = random.Random(3)
    await play_randomly(service, CHANNEL, rng, limit=40)
    before = {v: service.view(CHANNEL, v) for v in (None, *PLAYERS)}
    decision = service.table(CHANNEL).decision_id
    await service.close()

    again = await TableService.open(SqliteStore(db_path), clock=clock)
    try:
        table = await again.serve(CHANNEL)
        assert table.status == "active" and table.seq == 40 and table.decision_id == decision
        assert {v: again.view(CHANNEL, v) for v in (None, *PLAYERS)} == before
        # Only the awaited player may act, with the decision id they saw.
        waiting = again.waiting_for(CHANNEL)
        idle = next(p for p in PLAYERS if p not in waiting)
        assert again.legal_actions(CHANNEL, idle) == []
        await play_randomly(again, CHANNEL, rng)
        table = again.table(CHANNEL)
        assert table.status == "over" and table.result == again.view(CHANNEL, None)["result"]
        history = await again.history(CHANNEL)
        public = again.view(CHANNEL, None)
        assert history == public["log"][-len(history):]
        present = games.get("lcg").presenter()
        for event in history:
            for lang in ("en", "fr"):
                line = present.describe_event(event, public, lang)
                assert line and "present_lcg." not in line and "{" not in line, (event, line)
        assert present.status(public, "fr")
    finally:
        await again.close()


async def test_an_action_window_waits_for_everyone_and_a_pass_leaves_the_others_ids_valid(open_service):
    service = await open_service()
    await _start(service)
    while service.view(CHANNEL, None)["decision"]["kind"] == "mulligan":
        await service.act(CHANNEL, service.waiting_for(CHANNEL)[0], {"type": "keep"})
    assert service.view(CHANNEL, None)["decision"]["name"] == "resource"
    assert service.waiting_for(CHANNEL) == list(service.view(CHANNEL, None)["active_players"])
    assert sorted(service.waiting_for(CHANNEL)) == sorted(PLAYERS)
    shown = service.table(CHANNEL).decision_id
    for p in PLAYERS:
        assert service.legal_actions(CHANNEL, p)[0] == {"type": "pass"}
    await service.act(CHANNEL, "cid", {"type": "pass"}, decision_id=shown)
    await service.act(CHANNEL, "bob", {"type": "pass"}, decision_id=shown)   # not refused as stale
    assert service.table(CHANNEL).decision_id == shown and service.waiting_for(CHANNEL) == ["ann"]
    with pytest.raises(TableError) as err:
        await service.act(CHANNEL, "bob", {"type": "pass"}, decision_id=shown)
    assert err.value.code == "not_your_turn"
    await service.act(CHANNEL, "ann", {"type": "pass"}, decision_id=shown)
    assert service.view(CHANNEL, None)["phase"] == "planning"
    # In the planning window, someone's action changes the table: the old id is stale, everyone is asked.
    shown = service.table(CHANNEL).decision_id
    actor, action = next((p, a) for p in PLAYERS for a in service.legal_actions(CHANNEL, p) if a["type"] == "play")
    await service.act(CHANNEL, actor, action, decision_id=shown)
    while service.view(CHANNEL, None)["decision"]["kind"] != "window":   # its follow-up, if any
        p = service.waiting_for(CHANNEL)[0]
        await service.act(CHANNEL, p, service.legal_actions(CHANNEL, p)[0])
    assert service.table(CHANNEL).decision_id != shown
    assert sorted(service.waiting_for(CHANNEL)) == sorted(PLAYERS)
    other = next(p for p in PLAYERS if p != actor)
    with pytest.raises(TableError) as err:
        await service.act(CHANNEL, other, {"type": "pass"}, decision_id=shown)
    assert err.value.code == "stale"


async def test_a_version_1_database_has_no_game_settings(tmp_path, clock):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # a database made before any game had a setting
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for sql in MIGRATIONS[0]:
            db.execute(sql)
        db.execute("INSERT INTO schema_version VALUES (1)")
        db.execute("INSERT INTO guild_settings VALUES (?, 'fr', 30, 600, 'abandon')", (GUILD,))
    service = await TableService.open(SqliteStore(path), clock=clock)
    try:
        settings = await service.guild_settings(GUILD)
        assert (settings.lang, settings.reminder_minutes, settings.games) == ("fr", 30, {})
        assert games.get("lcg").setting_value(settings.games, "delete_table_talk") == "off"
    finally:
        await service.close()
