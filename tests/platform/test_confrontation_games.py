"""Whole Confrontation games through the table service, with the real engine and random legal play."""
from __future__ import annotations

import random

import pytest

import games
from table.service import TableService
from table.store import SqliteStore
from tests.platform.conftest import needs_confrontation
from tests.platform.helpers import CHANNEL, GUILD, play_randomly

pytestmark = needs_confrontation

OPTIONS = [{}, {"mode": "variant"}, {"mode": "draft", "special_cards": "choose"},
           {"mode": "hidden_draft", "special_cards": "announce"}, {"match": True}]


async def start(service, options, seed, channel=CHANNEL):
    await service.create(channel, GUILD, "confrontation", options, "frodo_fan", "en")
    await service.join(channel, "sauron_fan")
    return await service.start(channel, "frodo_fan", {"frodo_fan": 0, "sauron_fan": 1}, seed=seed)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "classic")
async def test_a_whole_game_through_the_service(open_service, options):
    service = await open_service(snapshot_every=7)
    table = await start(service, options, seed=2024)
    assert service.view(CHANNEL, None)["players"] == {"fellowship": "frodo_fan", "sauron": "sauron_fan"}
    played = await play_randomly(service, CHANNEL, random.Random(8))
    table = service.table(CHANNEL)
    assert table.status == "over" and table.seq == len(played)
    assert table.result == service.view(CHANNEL, None)["result"]
    winners = ("frodo_fan", "sauron_fan") + ((None,) if options.get("match") else ())  # a match may tie
    assert table.result["winner"] in winners
    # The history read back from the log is the engine's public log, and every line reads.
    history = await service.history(CHANNEL)
    assert history == service.view(CHANNEL, None)["log"]
    present = games.get("confrontation").presenter()
    view = service.view(CHANNEL, None)
    for event in history:
        for lang in ("en", "fr"):
            text = present.describe_event(event, view, lang)
            assert text and "confrontation." not in text and "{" not in text, (event, text)


@pytest.mark.parametrize("restart_after", [1, 9, 30])
async def test_restart_mid_game_gives_the_same_result(tmp_path, clock, restart_after):
    async def run(path, restart: int | None):
        open_ = lambda: TableService.open(SqliteStore(path), clock=clock, snapshot_every=10)
        service = await open_()
        await start(service, {"mode": "variant"}, seed=99)
        rng = random.Random(5)
        played = await play_randomly(service, CHANNEL, rng, limit=restart)
        if restart is not None:
            await service.close()
            service = await open_()
            played += await play_randomly(service, CHANNEL, rng)
        out = (service.table(CHANNEL).result, played, service.view(CHANNEL, "frodo_fan"),
               await service.history(CHANNEL))
        await service.close()
        return out

    straight = await run(tmp_path / "straight.db", None)
    assert len(straight[1]) > restart_after
    assert await run(tmp_path / "restarted.db", restart_after) == straight


async def test_a_broken_confrontation_game_does_not_stop_another(open_service, db_path):
    import sqlite3
    service = await open_service(snapshot_every=1000)
    await start(service, {}, seed=1, channel=CHANNEL)
    await start(service, {}, seed=2, channel=CHANNEL + 1)
    for channel in (CHANNEL, CHANNEL + 1):
        await play_randomly(service, channel, random.Random(channel), limit=3)
    await service.close()
    with sqlite3.connect(db_path) as db:  # a forged move in the log of the first game
        db.execute("UPDATE actions SET action = '{\"type\": \"move\", \"piece\": \"f1\", \"to\": \"mordor\"}'"
                   " WHERE seq = 3 AND table_id = (SELECT id FROM tables WHERE channel_id = ?)", (CHANNEL,))
    service = await open_service()
    assert (await service.serve(CHANNEL)).status == "broken"
    assert "IllegalAction" in service.table(CHANNEL).reason
    await play_randomly(service, CHANNEL + 1, random.Random(3))
    assert service.table(CHANNEL + 1).status == "over"


async def test_stale_click_in_a_real_game(open_service):
    from table.errors import TableError
    service = await open_service()
    table = await start(service, {}, seed=3)
    old = table.decision_id
    await play_randomly(service, CHANNEL, random.Random(1), limit=3)
    player = service.waiting_for(CHANNEL)[0]
    action = service.legal_actions(CHANNEL, player)[0]
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, player, action, old)
    assert e.value.code == "stale"
    assert service.table(CHANNEL).seq == 3
