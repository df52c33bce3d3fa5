"""Bot seats (table/bots.py): whole games of people with bots through the table service, a restart in
the middle of a bot's turn, and the information-set test for every bot (same decision for two states
that differ only in what that seat may not know)."""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys

import pytest

import engine
from engine.kernel import Rng
from table import bots
from tests.platform.helpers import CHANNEL, GUILD

PAUSES: list[float] = []


async def no_wait(seconds: float) -> None:
    PAUSES.append(seconds)  # the pause asked for, without the wait


async def seat(service, game, players, options=None, seed=7):
    await service.create(CHANNEL, GUILD, game, options or {}, players[0], "en")
    for p in players[1:]:
        await service.join(CHANNEL, p)
    return await service.start(CHANNEL, players[0], {p: i for i, p in enumerate(players)}, seed=seed)


async def person_clicks(service, rng, person):
    """The person answers with one of the actions offered, as a click on a button would."""
    legal = service.legal_actions(CHANNEL, person)
    action = legal[rng.randrange(len(legal))]
    await service.act(CHANNEL, person, action, service.table(CHANNEL).decision_id)


async def play_out(service, person, rng, limit=5000):
    """The person plays whenever asked; between their clicks the bots play their own turns."""
    bot_actions = 0
    for _ in range(limit):
        bot_actions += await bots.play_bots(service, CHANNEL, pause=0.5, sleep=no_wait)
        if service.table(CHANNEL).status != "active":
            return bot_actions
        assert service.waiting_for(CHANNEL) and all(not bots.is_bot(p) for p in service.waiting_for(CHANNEL))
        await person_clicks(service, rng, person)
    raise AssertionError("no end")


def test_bot_seat_ids_name_their_level():
    assert bots.bot_id("normal", 2) == "bot-normal-2"
    assert bots.is_bot("bot-hard-1") and not bots.is_bot("bot-expert-1") and not bots.is_bot("4411")
    assert bots.level_of("bot-easy-3") == "easy"
    with pytest.raises(ValueError):
        bots.bot_id("expert", 1)


async def test_bot_seat_plays_a_whole_confrontation_against_a_person_clicking(open_service):
    service = await open_service()
    await seat(service, "confrontation", ["ann", "bot-easy-1"])
    PAUSES.clear()
    played = await play_out(service, "ann", random.Random(1))
    table = service.table(CHANNEL)
    assert table.status == "over" and table.result["winner"] in ("ann", "bot-easy-1")
    assert played > 5 and PAUSES and set(PAUSES) == {0.5}  # a visible pause before every bot action
    history = await service.history(CHANNEL)
    assert history == service.view(CHANNEL, None)["log"]


async def test_bot_seat_fills_la_communaute_with_one_person_and_two_bots(open_service):
    service = await open_service()
    await seat(service, "fellowship", ["ann", "bot-normal-1", "bot-easy-2"])
    played = await play_out(service, "ann", random.Random(2))
    table = service.table(CHANNEL)
    assert table.status == "over" and played > 20
    assert set(table.result["scores"]) == {"ann", "bot-normal-1", "bot-easy-2"}


async def test_bot_seat_plays_a_second_card_game_deck_for_a_lone_player(open_service):
    service = await open_service()
    await seat(service, "lcg", ["ann", "bot-normal-1"])
    played = await play_out(service, "ann", random.Random(3))
    table = service.table(CHANNEL)
    assert table.status == "over" and played > 20


async def test_bot_seat_never_claims_a_timeout_so_a_late_lone_person_ends_the_game(open_service, clock):
    service = await open_service()
    await service.set_guild_settings(GUILD, reminder_minutes=10, timeout_minutes=60)
    await seat(service, "fellowship", ["ann", "bot-normal-1", "bot-easy-2"])
    await bots.play_bots(service, CHANNEL, pause=0, sleep=no_wait)
    assert service.waiting_for(CHANNEL) == ["ann"]
    clock.advance(15)
    due = await service.due_reminders()
    assert [r.players for r in due.reminders] == [["ann"]]
    clock.advance(60)
    due = await service.due_reminders()
    assert due.timeouts == [] and [(t.status, t.reason) for t in due.ended] == [("abandoned", "timeout_all")]


RESUME = r"""
import asyncio, json, sys
from table import bots
from table.service import TableService
from table.store import SqliteStore

async def main(path, channel):
    service = await TableService.open(SqliteStore(path))
    try:
        before = (await service.serve(channel)).seq
        waiting = service.waiting_for(channel)
        async def no_wait(_):
            pass
        played = await bots.play_bots(service, channel, pause=0, sleep=no_wait)
        table = service.table(channel)
        now = service.waiting_for(channel) if table.status == "active" else []
        print(json.dumps({"before": before, "waiting": waiting, "played": played, "seq": table.seq,
                          "status": table.status, "now_waiting": now, "view": service.view(channel, "ann")},
                         sort_keys=True))
    finally:
        await service.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


async def test_bot_seat_carries_on_after_a_restart_in_the_middle_of_its_turn(open_service, db_path, tmp_path):
    # Run the bot's next turn in a fresh process: the restart happens while the game waits on the bot.
    service = await open_service()
    await seat(service, "confrontation", ["ann", "bot-easy-1"], seed=11)
    rng = random.Random(4)
    while not any(bots.is_bot(p) for p in service.waiting_for(CHANNEL)) or service.view(CHANNEL, None)["phase"] != "play":
        if any(bots.is_bot(p) for p in service.waiting_for(CHANNEL)):
            await bots.play_bots(service, CHANNEL, pause=0, sleep=no_wait)
        else:
            await person_clicks(service, rng, "ann")
    seq = service.table(CHANNEL).seq
    await service.close()
    copy = tmp_path / "copy.db"
    shutil.copy(db_path, copy)

    def resume(path):
        out = subprocess.run([sys.executable, "-c", RESUME, str(path), str(CHANNEL)], capture_output=True,
                             text=True, env=dict(os.environ), timeout=300)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    first, second = resume(db_path), resume(copy)
    assert first["before"] == seq and first["waiting"] == ["bot-easy-1"]
    assert first["played"] >= 1 and first["seq"] == seq + first["played"]
    assert first["status"] == "over" or first["now_waiting"] == ["ann"]
    assert first == second  # the same decision, whichever process makes it


# ---- the information-set test for every bot ------------------------------------------------------

def _twins_fellowship(s, bot, rnd):
    t = json.loads(json.dumps(s))
    for kind, deck in t["decks"].items():
        rest = deck[2:]  # the top cards may have been peeked at: leave them
        rnd.shuffle(rest)
        t["decks"][kind] = deck[:2] + rest
    return t


def _twins_lcg(s, bot, rnd):
    t = json.loads(json.dumps(s))
    for p, pl in t["players"].items():
        if p != bot:
            pool = pl["hand"] + pl["deck"]
            rnd.shuffle(pool)
            pl["hand"], pl["deck"] = pool[:len(pl["hand"])], pool[len(pl["hand"]):]
    rest = t["edeck"][2:]
    rnd.shuffle(rest)
    t["edeck"] = t["edeck"][:2] + rest
    return t


@pytest.mark.parametrize("game,players,twin", [
    ("fellowship", ["ann", "bot-normal-1", "bot-easy-2"], _twins_fellowship),
    ("lcg", ["ann", "bot-normal-1"], _twins_lcg),
])
def test_bot_seat_decides_the_same_in_states_that_differ_only_in_its_secrets(game, players, twin):
    rules = engine.get_rules(game)
    compared = 0
    for seed in range(4):
        rnd = random.Random(seed)
        s = rules.new_game(players, {}, seed)
        for _ in range(400):
            if rules.result(s) is not None:
                break
            p = rnd.choice(rules.waiting_for(s))
            legal = rules.legal_actions(s, p)
            if bots.is_bot(p):
                t = twin(s, p, rnd)
                if t != s and rules.view(t, p) == rules.view(s, p):
                    assert rules.legal_actions(t, p) == legal
                    one = bots.decide(game, p, rules.view(s, p), legal, 5)
                    two = bots.decide(game, p, rules.view(t, p), rules.legal_actions(t, p), 5)
                    assert one == two
                    compared += 1
            s, _ = rules.apply(s, p, legal[rnd.randrange(len(legal))])
    assert compared >= 30


def test_bot_seat_confrontation_decides_from_its_view_only():
    """The Confrontation bot reads nothing but its view: given the view of a state sampled from what it
    sees (every secret redrawn), it answers exactly as for the true state."""
    rules = engine.get_rules("confrontation")
    rnd = random.Random(9)
    s = rules.new_game(["ann", "bot-easy-1"], {}, 9)
    compared = 0
    while rules.result(s) is None and compared < 8:
        p = rnd.choice(rules.waiting_for(s))
        legal = rules.legal_actions(s, p)
        if p == "bot-easy-1" and s["phase"] == "play" and len(legal) > 1:
            twin = rules.sample(rules.view(s, p), Rng(compared))
            assert bots.decide("confrontation", p, rules.view(twin, p), [], 3) == \
                bots.decide("confrontation", p, rules.view(s, p), legal, 3)
            compared += 1
        s, _ = rules.apply(s, p, legal[rnd.randrange(len(legal))])
    assert compared >= 4


async def test_a_take_back_never_rerolls_a_bots_reply(tmp_path):
    """A person takes back a move and plays it again: the bot answers as it did (its seed follows the
    actions in force, not the log, which the take-back lengthened), so nobody can probe a bot's hidden
    pieces by asking again."""
    from table.service import TableService
    from table.store import SqliteStore

    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    await seat(service, "confrontation", ["ann", "bot-easy-1"], seed=11)
    rng, compared = random.Random(3), 0
    while compared < 8 and service.table(CHANNEL).status == "active":
        await bots.play_bots(service, CHANNEL, pause=0, sleep=no_wait)
        if service.table(CHANNEL).status != "active":
            break
        action = rng.choice(service.legal_actions(CHANNEL, "ann"))
        start = service.table(CHANNEL).seq
        replies = []
        for _ in range(2):   # the move and the bot's replies, then the same move again after a take-back
            await service.act(CHANNEL, "ann", action, service.table(CHANNEL).decision_id)
            await bots.play_bots(service, CHANNEL, pause=0, sleep=no_wait)
            records = await service.store.actions(service.table(CHANNEL).id, service.table(CHANNEL).seq - 40)
            replies.append([r.action for r in records if r.seq > start and r.player == "bot-easy-1"][-5:])
            if not replies[-1] or service.undoable(CHANNEL, "ann") is None:
                break   # nothing to compare, or what followed showed something hidden: no take-back
            if len(replies) == 1:
                await service.undo(CHANNEL, "ann", service.table(CHANNEL).seq)
                start = service.table(CHANNEL).seq
        if len(replies) == 2:
            assert replies[0] == replies[1]
            compared += 1
    assert compared >= 3
    await service.close()
