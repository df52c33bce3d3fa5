"""The bot's table service is open between setup_hook and close; using it outside says so plainly."""
from __future__ import annotations

import pytest

from bot.client import GameMasterBot, ServiceNotOpen
from bot.settings import Settings
from tests.bot.harness import Harness


def _settings(tmp_path, **kw) -> Settings:
    return Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                    default_language="en", reminder_interval=0, draw_processes=0, **kw)


async def test_service_before_setup_names_where_it_opens(tmp_path):
    bot = GameMasterBot(_settings(tmp_path))
    assert not bot.serving
    with pytest.raises(ServiceNotOpen, match="setup_hook"):
        bot.service.table(1)


async def test_a_message_before_setup_is_ignored(tmp_path):
    bot = GameMasterBot(_settings(tmp_path, message_content_intent=True))
    # It returns before reading the message: nothing is served yet.
    assert await bot.on_message(object()) is None


async def test_service_is_open_while_running_and_closed_after(make_bot, monkeypatch):
    h = await Harness.start(make_bot, monkeypatch)
    assert h.client.serving
    assert h.client.service.table(1) is None
    await h.close()
    assert not h.client.serving
    with pytest.raises(ServiceNotOpen):
        _ = h.client.service
