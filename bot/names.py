"""How players are called on the pictures: as the embeds show their mentions, by Discord display name.

A mention (`<@id>`) reads as the member's display name in a message, but a picture must be given the
name itself. The bot learns it from each interaction (a player joins, clicks, brings a deck), keeps the
latest ones, and asks discord.py's user cache for the others; a player it knows nothing of yet (after a
restart, before their first click) stays "Player N". A bot seat is called by its id, as in the embeds.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from table import bots

KEPT = 10_000  # names remembered (the least recently seen forgotten first)
MAX_LEN = 32   # Discord's display names are at most 32 characters


class DisplayNames:
    def __init__(self, cached_user: Callable[[int], Any] | None = None, size: int = KEPT):
        self._known: OrderedDict[str, str] = OrderedDict()
        self._cached_user = cached_user  # discord.Client.get_user
        self._size = size

    def learn(self, user: Any) -> None:
        """Remember the display name of the author of an interaction."""
        name = str(getattr(user, "display_name", "") or "")[:MAX_LEN]
        if not name:
            return
        key = str(user.id)
        self._known[key] = name
        self._known.move_to_end(key)
        while len(self._known) > self._size:
            self._known.popitem(last=False)

    def of(self, players: list[str]) -> dict[str, str]:
        """player id -> the name to draw, for those the bot can name."""
        out = {}
        for player in players:
            name = player if bots.is_bot(player) else self._known.get(player) or self._from_cache(player)
            if name:
                out[player] = name
        return out

    def _from_cache(self, player: str) -> str | None:
        user = self._cached_user(int(player)) if self._cached_user is not None and player.isdigit() else None
        return str(user.display_name)[:MAX_LEN] if user is not None else None
