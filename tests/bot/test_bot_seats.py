"""Bot seats on Discord (bot/bot_seats.py): a person plays against computer players by clicks, offline.

The bots' pause before each move is asked of an injected `sleep` that records it without waiting, so no
test depends on time. A restart in the middle of a bot's turn resumes in a fresh process."""
from __future__ import annotations

import asyncio
import random

import discord
import pytest

import games
from bot.client import GameMasterBot
from bot.settings import Settings
from i18n import t
from table import bots
from tests.bot.harness import Harness
from tests.bot.helpers import do, service, table
from tests.bot.resume_check import Stopped, resume

PAUSE = 0.25


class Pauses:
    """The injected sleep: records each pause a bot asks for, returns at once."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


@pytest.fixture
def pauses():
    return Pauses()


def settings_for(path) -> Settings:
    return Settings(_env_file=None, discord_token=None, database_path=path, default_language="en",  # type: ignore[call-arg]
                    reminder_interval=0, draw_processes=0, bot_pause=PAUSE)


@pytest.fixture
async def h(tmp_path, clock, seeds, pauses, monkeypatch):
    settings = settings_for(tmp_path / "lotr.sqlite3")
    harness = await Harness.start(lambda: GameMasterBot(settings, clock=clock, seeds=seeds, sleep=pauses),
                                  monkeypatch)
    yield harness
    await harness.close()


async def click_a_legal_action(h: Harness, person: int, rng: random.Random) -> None:
    """The person picks one of the actions offered and clicks its control."""
    legal = service(h).legal_actions(h.channel_id, str(person))
    choice = legal[rng.randrange(len(legal))]
    try:
        await do(h, person, lambda a: a == choice)
    except LookupError:  # an action reached only through a longer path: the first control will do
        await do(h, person, lambda a: True)


async def play_by_clicks(h: Harness, person: int, rng: random.Random, clicks: int) -> int:
    """The person plays whenever asked, up to `clicks` times or the end; the bots play by themselves."""
    done = 0
    while table(h).status == "active" and done < clicks:
        waiting = service(h).waiting_for(h.channel_id)
        assert waiting == [str(person)], f"the bots left the game waiting on {waiting}"
        await click_a_legal_action(h, person, rng)
        done += 1
    return done


async def moves_by(h: Harness) -> dict[str, int]:
    """How many stored actions each seat played."""
    counts: dict[str, int] = {}
    for record in await service(h).store.actions(table(h).id):
        counts[record.player] = counts.get(record.player, 0) + 1
    return counts


def assert_no_bot_got_anything_private(h: Harness, person: int) -> None:
    assert {p.recipient for p in h.posts if p.where == "dm"} <= {person}
    closed = t("bot.dm.closed_public", "en", players="").split("{")[0][:20]
    assert not [p for p in h.public() if closed and closed in p.content]


async def test_bot_seat_plays_a_whole_confrontation_against_a_person_clicking(h, pauses):
    alice = h.user("alice")
    posts = await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    assert table(h).players == [str(alice), "bot-easy-1"]
    assert "🤖 bot-easy-1" in posts[0].text()
    await h.slash(alice, "start", side="fellowship")
    played = await play_by_clicks(h, alice, random.Random(1), clicks=500)
    over = table(h)
    assert over.status == "over" and over.result["winner"] in (str(alice), "bot-easy-1"), played
    moves = await moves_by(h)
    assert moves["bot-easy-1"] > 5 and moves[str(alice)] == played
    assert pauses.asked and set(pauses.asked) == {PAUSE} and len(pauses.asked) >= moves["bot-easy-1"]
    assert_no_bot_got_anything_private(h, alice)


async def test_bot_seat_fills_la_communaute_with_one_person_and_two_bots(h):
    alice = h.user("alice")
    await h.slash(alice, "create", game="fellowship", bots=2, level="normal")
    assert table(h).players == [str(alice), "bot-normal-1", "bot-normal-2"]
    await h.slash(alice, "start")
    await play_by_clicks(h, alice, random.Random(2), clicks=25)
    moves = await moves_by(h)
    assert moves["bot-normal-1"] >= 5 and moves["bot-normal-2"] >= 5
    assert table(h).status == "over" or service(h).waiting_for(h.channel_id) == [str(alice)]
    assert_no_bot_got_anything_private(h, alice)


async def test_bot_seat_plays_a_second_card_game_deck_for_a_lone_player(h):
    alice = h.user("alice")
    posts = await h.slash(alice, "create", game="lcg")
    lobby = next(p for p in posts if p.where == "channel")
    posts = await h.click(alice, lobby, f"lotr:bot:{table(h).id}", values=["normal"])
    assert table(h).players == [str(alice), "bot-normal-1"]
    assert any(t("bot.lobby.bot_joined", "en", level="normal") in p.content for p in posts)
    await h.slash(alice, "start")
    await play_by_clicks(h, alice, random.Random(3), clicks=30)
    moves = await moves_by(h)
    assert moves["bot-normal-1"] >= 5
    assert_no_bot_got_anything_private(h, alice)


async def test_bot_seat_menu_is_the_creators_and_seats_or_removes_bots(h):
    alice, bob = h.user("alice"), h.user("bob")
    # La Communauté's computer player plays one way: one level, and only it is offered.
    posts = await h.slash(alice, "create", game="fellowship", bots=1, level="hard")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("bot_levels.not_offered", "en", levels="normal"))]
    assert table(h) is None
    posts = await h.slash(alice, "create", game="fellowship", bots=1, level="normal")
    lobby = next(p for p in posts if p.where == "channel")
    menu = lobby.component(f"lotr:bot:{table(h).id}")
    assert [o["value"] for o in menu["options"]] == ["normal", bots.REMOVE]
    assert [o["label"] for o in menu["options"]][0] == "Add one: normal"
    posts = await h.click(bob, lobby, f"lotr:bot:{table(h).id}", values=["normal"])
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.not_creator", "en"))]
    posts = await h.click(alice, lobby, f"lotr:bot:{table(h).id}", values=["hard"])  # a level not offered
    assert [p.where for p in posts] == ["ephemeral"]
    assert table(h).players == [str(alice), "bot-normal-1"]
    await h.slash(alice, "abandon", perms=discord.Permissions(manage_channels=True).value)
    # Refused before any lobby opens: more bots than seats.
    for game, count, code in (("confrontation", 2, "game_full"), ("fellowship", 4, "game_full")):
        posts = await h.slash(alice, "create", game=game, bots=count)
        assert posts[-1].where == "ephemeral" and posts[-1].content == t(f"table.{code}", "en",
                                                                          max=2 if game == "confrontation" else 4)
        assert table(h).status == "abandoned"  # still the lobby abandoned above: none opened
    posts = await h.slash(alice, "create", game="confrontation", bots=1)  # full with its bot: only "remove"
    lobby = next(p for p in posts if p.where == "channel")
    assert [o["value"] for o in lobby.component(f"lotr:bot:{table(h).id}")["options"]] == [bots.REMOVE]
    posts = await h.click(bob, lobby, f"lotr:bot:{table(h).id}", values=[bots.REMOVE])
    assert [p.content for p in posts] == [t("table.not_creator", "en")] and len(table(h).players) == 2
    posts = await h.click(alice, lobby, f"lotr:bot:{table(h).id}", values=[bots.REMOVE])
    assert table(h).players == [str(alice)]
    again = next(p for p in posts if p.where == "channel")
    assert t("bot.lobby.bot_left", "en") in again.content
    assert [o["value"] for o in again.component(f"lotr:bot:{table(h).id}")["options"]] == list(bots.LEVELS)
    assert bots.levels("confrontation") == bots.LEVELS  # the search player plays differently at each


async def test_bot_seat_does_not_vote_so_a_lone_person_may_abandon(h):
    alice = h.user("alice")
    await h.slash(alice, "create", game="fellowship", bots=2)
    await h.slash(alice, "start")
    assert table(h).status == "active"
    await h.slash(alice, "abandon")
    assert (table(h).status, table(h).reason, table(h).abandon_votes) == ("abandoned", "vote", [str(alice)])


async def test_bot_seat_carries_on_after_a_restart_in_the_middle_of_its_turn(tmp_path, clock, seeds, monkeypatch):
    path = tmp_path / "lotr.sqlite3"

    async def stop(seconds: float) -> None:
        raise Stopped

    h = await Harness.start(lambda: GameMasterBot(settings_for(path), clock=clock, seeds=seeds, sleep=stop),
                            monkeypatch)
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    await h.slash(alice, "start", side="sauron")
    rng = random.Random(4)
    while service(h).waiting_for(h.channel_id) != ["bot-easy-1"]:  # the person plays until the bot is to move
        await click_a_legal_action(h, alice, rng)
    seq = table(h).seq
    assert table(h).status == "active" and seq >= 1
    await h.close()

    after = await asyncio.to_thread(resume, path, alice)  # in a fresh process
    assert after["seq"] > seq and after["players"][seq] == "bot-easy-1"  # the bot made the move it owed
    assert after["status"] == "over" or after["waiting"] == [str(alice)]
    assert after["public"] >= 1  # its move was shown in the channel
    assert set(after["dms"]) <= {alice}


async def test_the_channels_board_keeps_a_persons_move_and_the_bots_replies_after_it(h):
    """A bot's moves after a person's click add to what the channel's board says just happened: the
    chain since the person's move, not only the bot's last move."""
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    await h.slash(alice, "start", side="fellowship")
    rng = random.Random(6)
    for _ in range(40):
        before = table(h).seq
        await click_a_legal_action(h, alice, rng)
        records = [r for r in await service(h).store.actions(table(h).id) if r.seq > before]
        if any(r.player == "bot-easy-1" and r.events for r in records) and records[0].events:
            break
    else:
        raise AssertionError("no bot reply with news")
    view = service(h).view(h.channel_id, None)
    presenter = games.get("confrontation").presenter()
    names = {p: f"<@{p}>" for p in table(h).players}
    said = [presenter.describe_event(e, view, "en", names) for r in records for e in r.events]
    board = h.public()[-1]
    news = next(f["value"] for f in board.message["embeds"][0]["fields"] if f["name"] == t("bot.table.news", "en"))
    assert news.split("\n") == said[-len(news.split("\n")):] and said[0] in news   # alice's move is still there
