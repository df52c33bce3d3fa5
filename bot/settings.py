"""Configuration from the environment or a .env file (documented in .env.example and docs/bot.md)."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    # env_ignore_empty: the empty lines of .env.example mean "not set", not "set to ''".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    # SecretStr so that a repr or a log line of the settings never shows the token.
    discord_token: SecretStr | None = None
    database_path: Path = Path("data/lotr.sqlite3")
    default_language: Literal["en", "fr"] = "en"
    # A guild where commands are synced instantly (global sync can take up to an hour to show).
    dev_guild_id: int | None = None
    # How often the reminder task looks for tables waiting too long, in seconds.
    reminder_interval: float = 60.0
    # The privileged Message Content intent (enable it in the developer portal first): lets the bot
    # watch LCG channels for table talk that names a hidden card (bot/tabletalk.py).
    message_content_intent: bool = False
    # Processes drawing the boards (0: draw in the bot's own worker threads). Drawing is the heaviest
    # work of an action; in other processes it neither shares the interpreter lock with the event loop
    # nor waits for it, so acknowledgements stay fast under load.
    draw_processes: int = 2
    # Seconds during which /lotr status, asked again in the same channel, answers privately instead of
    # posting the table again (a spam guard).
    status_cooldown: float = 30.0
    # Minutes a lobby may wait for its creator to start it before it closes (0: never closes).
    lobby_minutes: float = 60.0
