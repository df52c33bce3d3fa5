"""Reminders and timeouts: when a table that waits on someone should ping them, and when the other
players may claim the game. Pure decisions over a table and its guild's settings; the service stores
the marks so a reminder is sent once per period and a timeout announced once per wait."""
from __future__ import annotations

import math
from dataclasses import replace

from table import bots
from table.models import GuildSettings, Reminder, Table, Timeout


def scan(table: Table, settings: GuildSettings, waiting: list[str], now: float
         ) -> tuple[Reminder | None, Timeout | None, Table | None]:
    """What is due for `table` at `now`, and the table with its marks updated (None if unchanged)."""
    if table.status != "active" or not waiting:
        return None, None, None
    idle = now - table.last_action_at
    if idle >= settings.timeout_minutes * 60:
        if table.timeout_notified:
            return None, None, None
        # A bot seat never claims: a person late against bots alone ends the game (no claimant).
        claimants = [p for p in table.players if p not in waiting and not bots.is_bot(p)]
        timeout = Timeout(table.channel_id, table.id, list(waiting), claimants, table.lang)
        return None, timeout, replace(table, timeout_notified=True)
    period = settings.reminder_minutes * 60
    last = table.last_reminder_at if table.last_reminder_at is not None else table.last_action_at
    if now - last >= period:
        reminder = Reminder(table.channel_id, table.id, list(waiting), table.lang)
        return reminder, None, replace(table, last_reminder_at=now)
    return None, None, None


def minutes_left(table: Table, settings: GuildSettings, now: float) -> int:
    """Whole minutes (rounded up) before the timeout may be claimed; 0 once it may."""
    left = table.last_action_at + settings.timeout_minutes * 60 - now
    return max(0, math.ceil(left / 60))
