"""Faults from Discord and from the bot's own tasks (issue "Faults and abuse"): a server error (5xx) on
any step of showing a change is tried again a bounded number of times, never reported as a refusal of a
move that was stored, never stops the rest of the update, and never freezes a table; a bot seat's
runner that dies is started again."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot.client import GameMasterBot
from i18n import t
from tests.bot.harness import APP_ID, Harness
from tests.bot.helpers import do, new_game, place_both, service, table
from tests.bot.test_bot_seats import click_a_legal_action, settings_for

FAILED = t("bot.refuse.failed", "en")


class Pauses:
    """The bots' pause: at once, except when `kill` is set: the task pausing (the bot runner) is then
    cancelled there, in the middle of its move."""

    def __init__(self) -> None:
        self.kill = False
        self.killed: list[asyncio.Task] = []

    async def __call__(self, seconds: float) -> None:
        if self.kill:
            self.kill = False
            task = asyncio.current_task()
            assert task is not None
            self.killed.append(task)
            task.cancel()
            await asyncio.sleep(0)


@pytest.fixture
async def bot_game(tmp_path, clock, seeds, monkeypatch):
    pauses = Pauses()
    h = await Harness.start(lambda: GameMasterBot(settings_for(tmp_path / "lotr.sqlite3"), clock=clock, seeds=seeds,
                                                  sleep=pauses), monkeypatch)
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    await h.slash(alice, "start", side="fellowship")
    yield h, alice, pauses
    await h.close()


async def test_a_server_error_while_a_bot_shows_its_move_does_not_freeze_the_table(bot_game):
    h, alice, _ = bot_game
    rng = random.Random(5)
    h.world.failing[f"/channels/{h.channel_id}/messages"] = 503   # the public board cannot be shown
    for _ in range(6):
        await click_a_legal_action(h, alice, rng)
        await h.settle()
        assert service(h).waiting_for(h.channel_id) == [str(alice)] or table(h).status != "active"
    del h.world.failing[f"/channels/{h.channel_id}/messages"]
    bot_moves = [r for r in await service(h).store.actions(table(h).id) if r.player == "bot-easy-1"]
    assert len(bot_moves) >= 5                                   # the bot played on through the errors
    assert not [p for p in h.posts if p.recipient == alice and FAILED in p.content]
    await click_a_legal_action(h, alice, rng)
    await h.settle()
    assert h.public()[-1].edit                                  # the board shown again once Discord is back


async def test_a_bot_runner_killed_in_the_middle_of_its_move_is_started_again(bot_game):
    h, alice, pauses = bot_game
    pauses.kill = True
    await do(h, alice, lambda a: a["type"] == "place")         # the bot must now place: its runner dies
    await h.settle()
    assert [task.get_name() for task in pauses.killed] == [f"lotr-bots-{table(h).id}"]
    assert pauses.killed[0].cancelled()
    assert service(h).waiting_for(h.channel_id) == [str(alice)]  # a new runner made the bot's move
    assert [r.player for r in await service(h).store.actions(table(h).id)][-1] == "bot-easy-1"


async def test_a_server_error_on_the_board_edit_after_a_click_is_not_reported_as_a_failure(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    h.world.failing[f"PATCH /channels/{h.channel_id}/messages/"] = 503
    posts = await do(h, alice, lambda a: a["type"] == "place")
    assert not [p for p in posts if FAILED in p.content]          # the move is stored: nothing says otherwise
    assert any(p.recipient == alice and t("bot.private.done", "en", action="").split("{")[0][:2] in p.content
               for p in posts)
    assert service(h).waiting_for(h.channel_id) == [str(bob)] and h.dms(bob)   # the rest of the update went on
    del h.world.failing[f"PATCH /channels/{h.channel_id}/messages/"]
    h.world.fail_next[f"PATCH /channels/{h.channel_id}/messages/"] = 503   # one passing error: tried again
    posts = await do(h, bob, lambda a: a["type"] == "place")
    assert [p for p in posts if p.where == "channel" and p.edit]


async def test_a_server_error_on_a_dm_is_tried_again_and_never_called_closed_dms(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    mover = int(service(h).waiting_for(h.channel_id)[0])
    other = bob if mover == alice else alice
    # The other's next DM goes as a followup of their latest click; that fails, then the plain DM fails once.
    token = next(k for k, i in reversed(h.world.interactions.items()) if i.get("user", {}).get("id") == str(other))
    h.world.fail_next[f"POST /webhooks/{APP_ID}/{token}"] = 503
    h.world.fail_next[f"POST /channels/{h.world.dm_channel(other)}/messages"] = 503
    before = len(h.dms(other))
    posts = await do(h, mover, lambda a: True)
    assert service(h).waiting_for(h.channel_id) == [str(other)]
    assert len(h.dms(other)) > before and not h.world.fail_next           # delivered on the retry
    assert not [p for p in posts if t("bot.dm.closed_public", "en", players=f"<@{other}>") in p.content]
    mine = next(k for k, i in reversed(h.world.interactions.items()) if i.get("user", {}).get("id") == str(mover))
    h.world.failing[f"POST /channels/{h.world.dm_channel(mover)}/messages"] = 503   # Discord keeps failing
    h.world.failing[f"POST /webhooks/{APP_ID}/{mine}"] = 503
    await do(h, other, lambda a: True)
    said = "\n".join(p.content for p in h.public())
    assert t("bot.dm.failed_public", "en", players=f"<@{mover}>") in said
    assert t("bot.dm.closed_public", "en", players=f"<@{mover}>") not in said
    h.world.failing.clear()
