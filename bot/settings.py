"""Configuration from the environment or a .env file (documented in .env.example and docs/bot.md)."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# A duration that must be a real number of seconds (or minutes), zero or more: "nan", "inf" and negative
# values are refused at start with a sentence naming the setting (bot/main.py), never met as a fault later.
NotNegative = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class Settings(BaseSettings):
    # env_ignore_empty: the empty lines of .env.example mean "not set", not "set to ''".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    # SecretStr so that a repr or a log line of the settings never shows the token.
    discord_token: SecretStr | None = None
    database_path: Path = Path("data/lotr.sqlite3")
    # postgresql://user:password@host/db: PostgreSQL instead of the SQLite file, so that several bot
    # processes can share the tables (docs/deploy.md). A secret, since it may hold a password.
    database_url: SecretStr | None = None
    # Several processes: each runs the Discord shards SHARD_IDS (a JSON list, e.g. [0,1]) of SHARD_COUNT,
    # and serves the tables of those shards' guilds. Unset: one process, every shard (discord.py decides).
    shard_count: Annotated[int, Field(ge=1)] | None = None
    shard_ids: list[int] | None = None
    default_language: Literal["en", "fr"] = "en"
    # A guild where commands are synced instantly (global sync can take up to an hour to show).
    dev_guild_id: int | None = None
    # How often the reminder task looks for tables waiting too long, in seconds.
    reminder_interval: NotNegative = 60.0
    # The privileged Message Content intent (enable it in the developer portal first): lets the bot
    # watch LCG channels for table talk that names a hidden card (bot/controls/lcg_tabletalk.py).
    message_content_intent: bool = False
    # /rules, /card and "Look up cards" also for people who add the app to their account (user install),
    # usable in any DM or group DM: enable User Install in the developer portal first (Installation).
    user_install: bool = False
    # Processes drawing the boards (0: draw in the bot's own worker threads). Drawing is the heaviest
    # work of an action; in other processes it neither shares the interpreter lock with the event loop
    # nor waits for it, so acknowledgements stay fast under load.
    draw_processes: Annotated[int, Field(ge=0, le=64)] = 2
    # Seconds during which /lotr status, asked again in the same channel, answers privately instead of
    # posting the table again (a spam guard).
    status_cooldown: NotNegative = 30.0
    # A thread per game: /lotr create opens the game in a new public thread of the channel where the bot
    # may create one (bot/threads.py), else the game is played in the channel itself.
    game_threads: bool = False
    # Minutes a lobby may wait for its creator to start it before it closes (0: never closes).
    lobby_minutes: NotNegative = 60.0
    # Seconds a computer player (bot seat, table/bots.py) waits before each move, so people can follow.
    bot_pause: NotNegative = 1.5
    # Requests a second this process sends Discord at most (bot/budget.py): Discord's global limit (50
    # for the whole bot, every process together) divided by the processes, less a margin.
    request_rate: Annotated[float, Field(ge=1, allow_inf_nan=False)] = 45.0
    # The web table (web/, docs/web.md): the address and port its pages are served on ("off": none; 0: any
    # free port), and the address the links it hands out start with (a reverse proxy's https address in
    # production; unset: http://WEB_HOST:port).
    web_host: str = "127.0.0.1"
    web_port: Annotated[int, Field(ge=0, le=65535)] | Literal["off"] = 8765
    public_url: Annotated[str, Field(pattern=r"^https?://[^\s/?#]+(/[^\s?#]*)?$")] | None = None
    # For operators: /healthz and /metrics (web/metrics.py), on an address and port of their own, never the
    # web table's ("off": none).
    metrics_host: str = "127.0.0.1"
    metrics_port: Annotated[int, Field(ge=0, le=65535)] | Literal["off"] = 8766

    @model_validator(mode="after")
    def _shards_make_sense(self) -> Settings:
        if self.shard_ids is not None and (
                self.shard_count is None or not self.shard_ids
                or any(not 0 <= i < self.shard_count for i in self.shard_ids)):
            raise ValueError("SHARD_IDS needs SHARD_COUNT, and each id must be in 0..SHARD_COUNT-1")
        return self

    @property
    def database(self) -> str | Path:
        """What table.store.open_store opens: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url.get_secret_value() if self.database_url else self.database_path

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process's shards receive the guild's interactions (Discord's rule; DMs: shard 0)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return ((guild_id or 0) >> 22) % self.shard_count in self.shard_ids
