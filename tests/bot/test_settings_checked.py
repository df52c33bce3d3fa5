"""Settings are checked at start: a value that would break the bot later (a request rate of 0, a
negative pause, "nan") is refused with a sentence naming the setting, and the bot does not start."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.main import main, settings_errors
from bot.settings import Settings


@pytest.mark.parametrize("name, value", [("REQUEST_RATE", "0"), ("REQUEST_RATE", "-1"), ("REQUEST_RATE", "nan"),
                                         ("REQUEST_RATE", "inf"), ("BOT_PAUSE", "-1"), ("LOBBY_MINUTES", "nan"),
                                         ("DRAW_PROCESSES", "-2"), ("SHARD_COUNT", "0")])
def test_a_setting_that_would_break_the_bot_is_refused_by_name(monkeypatch, capsys, tmp_path, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings_errors(refused.value).startswith(name.lower() + ":")
    monkeypatch.chdir(tmp_path)   # no .env file read
    assert main([]) == 2
    assert name.lower() in capsys.readouterr().err


def test_sensible_settings_are_taken(monkeypatch):
    monkeypatch.setenv("REQUEST_RATE", "12.5")
    monkeypatch.setenv("BOT_PAUSE", "0")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (settings.request_rate, settings.bot_pause) == (12.5, 0.0)
