"""War of the Ring against the computer in Discord, offline (tests/bot/harness.py): whole games by clicks,
one person against a bot and one person with three bots in a 4-player team game; a restart in the middle
of a bot's turn, carried on by a fresh process; a failing bot whose seat still plays.

The person clicks through the controls offered, choosing what to click with the normal rules of thumb
on the person's own view (a purposeful player: games end in a few hundred actions, not thousands). The
board picture is stood in for (drawing hundreds of maps would take minutes); every bot pause is asked of
an injected sleep that does not wait."""
from __future__ import annotations

import asyncio
import random

import pytest

import render.wotr
from ai import wotr_bot, wotr_heuristic
from bot.client import GameMasterBot
from table import bots
from tests.bot.harness import Harness
from tests.bot.helpers import do, service, table
from tests.bot.resume_check import PNG, Stopped, resume
from tests.bot.test_bot_seats import PAUSE, Pauses, moves_by, settings_for


@pytest.fixture
def pauses():
    return Pauses()


@pytest.fixture
async def h(tmp_path, clock, seeds, pauses, monkeypatch):
    monkeypatch.setattr(render.wotr, "draw_board", lambda view, lang: PNG)
    harness = await Harness.start(
        lambda: GameMasterBot(settings_for(tmp_path / "lotr.sqlite3"), clock=clock, seeds=seeds, sleep=pauses),
        monkeypatch)
    yield harness
    await harness.close()


async def click_like_a_player(h: Harness, person: int, rng: random.Random) -> None:
    """The person picks an action by the rules of thumb on their own view and clicks its control."""
    view = service(h).view(h.channel_id, str(person))
    legal = service(h).legal_actions(h.channel_id, str(person))
    choice = wotr_heuristic.choose(view, legal, rng, "normal")
    await do(h, person, lambda a: a == choice)


async def play_until_over(h: Harness, person: int, rng: random.Random, clicks: int) -> int:
    done = 0
    while table(h).status == "active":
        waiting = service(h).waiting_for(h.channel_id)
        assert waiting == [str(person)], f"the bots left the game waiting on {waiting}"
        assert done < clicks, "no end"
        await click_like_a_player(h, person, rng)
        done += 1
    return done


async def test_wotr_bot_plays_a_whole_game_against_a_person_clicking(h, pauses):
    alice = h.user("alice")
    posts = await h.slash(alice, "create", game="wotr", bots=1, level="normal")
    assert table(h).players == [str(alice), "bot-normal-1"]
    assert "🤖 bot-normal-1" in posts[0].text()
    await h.slash(alice, "start", side="free_peoples")
    clicks = await play_until_over(h, alice, random.Random(1), clicks=1500)
    over = table(h)
    assert over.status == "over" and over.result["reason"] in ("ring_destroyed", "corruption", "military")
    moves = await moves_by(h)
    assert moves[str(alice)] == clicks and moves["bot-normal-1"] > 50
    assert set(pauses.asked) == {PAUSE} and len(pauses.asked) >= moves["bot-normal-1"]  # a pause before each
    # The bot got nothing private: no DM went to anyone but the person.
    assert {p.recipient for p in h.posts if p.where == "dm"} <= {alice}


async def test_wotr_bot_fills_a_four_player_team_game_with_one_person_and_three_bots(h):
    alice = h.user("alice")
    await h.slash(alice, "create", game="wotr", bots=3, level="easy")
    assert table(h).players == [str(alice), "bot-easy-1", "bot-easy-2", "bot-easy-3"]
    await h.slash(alice, "start", side="gondor")
    seats = dict(zip(table(h).players, ("gondor", "rohan", "witch_king", "saruman")))
    assert seats[str(alice)] == "gondor"
    await play_until_over(h, alice, random.Random(2), clicks=1500)
    over = table(h)
    assert over.status == "over"
    moves = await moves_by(h)
    assert all(moves[f"bot-easy-{n}"] > 10 for n in (1, 2, 3))  # the teammate and both Shadow seats played
    assert {p.recipient for p in h.posts if p.where == "dm"} <= {alice}


async def test_wotr_bot_seat_that_fails_plays_a_legal_action_and_the_game_goes_on(h, monkeypatch, caplog):
    """A bot that raises, or answers with an action it was not offered, is logged and its seat plays a
    seeded legal action instead: the table never waits on it."""
    calls = {"n": 0}

    def broken(level, view, legal, seed):
        calls["n"] += 1
        if calls["n"] % 2:
            raise RuntimeError("the bot broke")
        return {"type": "no_such_action"}

    monkeypatch.setattr(wotr_bot, "decide", broken)
    alice = h.user("alice")
    await h.slash(alice, "create", game="wotr", bots=1, level="normal")
    await h.slash(alice, "start", side="shadow")  # the bot plays the Free Peoples, who move first
    rng = random.Random(3)
    for _ in range(15):
        assert service(h).waiting_for(h.channel_id) == [str(alice)]
        await click_like_a_player(h, alice, rng)
    moves = await moves_by(h)
    assert moves["bot-normal-1"] >= 5 and calls["n"] >= 5
    failures = [r for r in caplog.records if r.name == "table.bots" and "a random legal action instead" in r.message]
    assert len(failures) == calls["n"]


async def test_wotr_bot_that_takes_too_long_is_replaced_by_a_legal_action(h, monkeypatch, caplog):
    """Past the time cap the seat plays a seeded legal action (the late answer is dropped)."""
    import threading
    release = threading.Event()

    def stuck(level, view, legal, seed):
        release.wait(30)
        return legal[0]

    monkeypatch.setattr(wotr_bot, "decide", stuck)
    monkeypatch.setattr(bots, "DECISION_TIMEOUT", 0.01)
    alice = h.user("alice")
    await h.slash(alice, "create", game="wotr", bots=1, level="easy")
    try:
        await h.slash(alice, "start", side="shadow")
        await h.settle()
        assert (await moves_by(h)).get("bot-easy-1", 0) >= 1
        assert any("took over" in r.message for r in caplog.records if r.name == "table.bots")
    finally:
        release.set()


async def test_wotr_bot_carries_on_after_a_restart_in_the_middle_of_its_turn(tmp_path, clock, seeds, monkeypatch):
    path = tmp_path / "lotr.sqlite3"
    stop = asyncio.Event()

    async def pause(seconds: float) -> None:
        if stop.is_set():
            raise Stopped  # the process goes down while the bot "thinks"

    monkeypatch.setattr(render.wotr, "draw_board", lambda view, lang: PNG)
    h = await Harness.start(lambda: GameMasterBot(settings_for(path), clock=clock, seeds=seeds, sleep=pause),
                            monkeypatch)
    alice = h.user("alice")
    await h.slash(alice, "create", game="wotr", bots=1, level="normal")
    await h.slash(alice, "start", side="free_peoples")
    rng = random.Random(4)
    # Play into the second turn, then stop the bot in the middle of its turn (an army or a battle's
    # decisions come in a row: the bot owes several moves).
    while table(h).state["turn"] < 2 or service(h).waiting_for(h.channel_id) != [str(alice)]:
        await click_like_a_player(h, alice, rng)
    stop.set()
    await click_like_a_player(h, alice, rng)
    while service(h).waiting_for(h.channel_id) == [str(alice)]:
        await click_like_a_player(h, alice, rng)
    await h.settle()
    assert service(h).waiting_for(h.channel_id) == ["bot-normal-1"]
    seq = table(h).seq
    await h.close()

    runs = []
    for copy in ("a", "b"):  # two fresh processes on two copies of the database make the same moves
        db = tmp_path / f"{copy}.sqlite3"
        db.write_bytes(path.read_bytes())
        runs.append(await asyncio.to_thread(resume, db, alice, blank_board="wotr"))
    after = runs[0]
    assert after["seq"] > seq and after["players"][seq] == "bot-normal-1"  # the bot made the move it owed
    assert after["status"] == "over" or after["waiting"] == [str(alice)]
    assert after["public"] >= 1 and set(after["dms"]) <= {alice}
    assert runs[0]["actions"] == runs[1]["actions"]  # seeded by the table, not by the process
