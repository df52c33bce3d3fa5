"""The records the table service and its store exchange."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.kernel import Result, State

LIVE = ("lobby", "active")
STATUSES = ("lobby", "active", "over", "abandoned", "broken")
TIMEOUT_OUTCOMES = ("win", "abandon")


@dataclass
class Table:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict
    creator: str
    lang: str
    players: list[str] = field(default_factory=list)  # joining order in the lobby, then seat order
    status: str = "lobby"
    seed: int | None = None
    seq: int = 0  # actions applied
    decision_id: int | None = None
    result: Result | None = None
    reason: str | None = None
    abandon_votes: list[str] = field(default_factory=list)
    created_at: float = 0.0
    updated_at: float = 0.0
    last_action_at: float = 0.0
    last_reminder_at: float | None = None
    timeout_notified: bool = False
    waiting: list[str] | None = None  # whom the game waits for, stored for reminders; None: not known
    # The open request to take back a move (table/play.py): {"asker", "seq": the table's seq when asked,
    # "votes": who accepted, the asker first}; None when there is none.
    undo_request: dict | None = None
    undone: int = 0  # actions taken back so far (each undo record and the actions it cancelled)
    state: State | None = None  # engine state; outside the service, read it through view()

    @property
    def live(self) -> bool:
        return self.status in LIVE


@dataclass
class ActionRecord:
    table_id: int
    seq: int  # 1 for the first action
    player: str
    action: Any  # decoded JSON (the store does not judge it; replay does)
    decision_id: int | None
    events: list
    at: float


@dataclass
class GuildSettings:
    guild_id: int
    lang: str = "en"
    reminder_minutes: int = 60
    timeout_minutes: int = 24 * 60
    timeout_outcome: str = "win"  # "win": the claimant wins; "abandon": the game is abandoned
    # The web table's public pages of this server's tables: open to anyone with the address (True), or
    # only to a person who opened them from Discord's "Web view" (web/app.py).
    web_spectators: bool = True
    # Each game's own settings, game id -> setting name -> value (games.Setting; stored generically).
    games: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass
class Reminder:
    channel_id: int
    table_id: int
    players: list[str]
    lang: str


@dataclass
class Timeout:
    channel_id: int
    table_id: int
    late: list[str]  # the players the game waits for
    claimants: list[str]  # the seated players who may claim_timeout
    lang: str


@dataclass
class Due:
    reminders: list[Reminder] = field(default_factory=list)
    timeouts: list[Timeout] = field(default_factory=list)
    # Tables the pass just ended: lobbies nobody started in time, games where everyone let the timeout
    # pass (reason "lobby_expired" / "timeout_all").
    ended: list[Table] = field(default_factory=list)
