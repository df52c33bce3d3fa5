"""Discord's limits on what the bot writes, and clipping to them (tests/bot/discord_limits.py checks them)."""
from __future__ import annotations

CONTENT = 2000  # characters of a message's content
QUOTE = 100  # what a reply quotes of a user's input: enough to recognise it, never enough to overflow


def clip(text: str, limit: int) -> str:
    """`text`, cut to `limit` characters with an ellipsis when longer."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
