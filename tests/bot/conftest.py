from __future__ import annotations

import random

import pytest

from bot.client import GameMasterBot
from bot.settings import Settings
from tests.bot.harness import Harness


class Clock:
    """The bot's and the service's time, moved by hand."""

    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def seeds():
    """The seeds of the games the bot starts: fixed, so a test plays the same game on every run."""
    rng = random.Random(1)
    return lambda: rng.getrandbits(63)


@pytest.fixture
def make_bot(tmp_path, clock, seeds):
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                        default_language="en", reminder_interval=0, draw_processes=0)
    return lambda: GameMasterBot(settings, clock=clock, seeds=seeds)


@pytest.fixture
async def harness(make_bot, monkeypatch):
    h = await Harness.start(make_bot, monkeypatch)
    yield h
    await h.close()
