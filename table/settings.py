"""A server's settings (language, reminders, timeouts, each game's own settings), kept in memory once read."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import games
import i18n
from table.errors import TableError
from table.memory import TableMemory
from table.models import TIMEOUT_OUTCOMES, GuildSettings


class Settings(TableMemory):
    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(0)
        if guild_id not in self._guilds:
            self._guilds[guild_id] = await self.store.guild_settings(guild_id) or GuildSettings(guild_id)
        return _copy_settings(self._guilds[guild_id])

    async def guild_lang(self, guild_id: int | None, default: str) -> str:
        """The language a server chose, else `default` (a server that never chose one, a DM)."""
        if guild_id is None:
            return default
        stored = await self._read(self.store.guild_settings(guild_id))
        return default if stored is None else stored.lang

    async def lets_spectators(self, guild_id: int | None) -> bool:
        """Whether a server lets anyone with the address watch its tables' public web pages (a table
        outside a server: yes). Read from the store each time, as another process may have changed it."""
        if guild_id is None:
            return True
        stored = await self._read(self.store.guild_settings(guild_id))
        return stored is None or stored.web_spectators

    async def set_guild_settings(self, guild_id: int, **changes) -> GuildSettings:
        """Change the platform's settings of a server (lang, reminder_minutes, timeout_minutes,
        timeout_outcome, web_spectators); a game's own settings go through set_game_setting."""
        for name, value in changes.items():
            if not _valid_setting(name, value):
                raise TableError("bad_settings", name=name)
        return await self._save_guild(replace(await self.guild_settings(guild_id), **changes))

    async def set_game_setting(self, guild_id: int, game_id: str, name: str, value: str) -> GuildSettings:
        """Set one of a game's declared settings (games.Setting) for a server."""
        game = games.find(game_id)
        setting = game.setting(name) if game is not None else None
        if setting is None:
            raise TableError("unknown_setting", name=f"{game_id}.{name}")
        if value not in setting.values():
            raise TableError("bad_setting_value", value=value, values=", ".join(setting.values()))
        current = await self.guild_settings(guild_id)
        current.games.setdefault(game_id, {})[name] = value
        return await self._save_guild(current)

    async def _save_guild(self, new: GuildSettings) -> GuildSettings:
        await self._write(self.store.save_guild_settings(new))
        self._guilds[new.guild_id] = new
        return _copy_settings(new)


def _copy_settings(settings: GuildSettings) -> GuildSettings:
    """A copy the caller may change without changing what the service remembers."""
    return replace(settings, games={game: dict(values) for game, values in settings.games.items()})


def _valid_setting(name: str, value: Any) -> bool:
    if name == "lang":
        return value in i18n.LANGUAGES
    if name in ("reminder_minutes", "timeout_minutes"):
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 60 * 24 * 60
    if name == "timeout_outcome":
        return value in TIMEOUT_OUTCOMES
    if name == "web_spectators":
        return isinstance(value, bool)
    return False
