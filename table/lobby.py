"""The lobby: opening a table, joining, leaving, bringing one's own options (a deck), kicking, starting."""
from __future__ import annotations

import json
import random
import secrets
from dataclasses import replace
from typing import Any

import games
import i18n
from engine import IllegalAction
from games import OptionError
from table import bots
from table.errors import TableError
from table.memory import TableMemory, _copy
from table.models import Table


class Lobby(TableMemory):
    async def _lobby(self, channel_id: int) -> Table:
        """The channel's table while its lobby is open (call it holding the channel's lock)."""
        table = self._live(await self._load(channel_id))
        if table.status != "lobby":
            raise TableError("already_started")
        return table

    def _check_options(self, game: str, options: Any, players: list[str]) -> dict:
        rules = self._rules(game)
        if options is None:
            options = {}
        try:
            if not isinstance(options, dict):
                raise TypeError("options must be an object")
            options = json.loads(json.dumps(options))  # JSON-safe, and stored exactly as checked
            games.get(game).check_options(options)  # the declared schema first (games/options.py)...
            # ...and the engine is the final judge: a dry new_game with these players.
            rules.new_game(players, options, 0)
        except IllegalAction as exc:
            raise _refused(game, exc) from exc
        except OptionError:  # the engine's own word for it
            raise TableError("bad_options", detail="bad_option") from None
        except (TypeError, ValueError) as exc:
            raise TableError("bad_options", detail=str(exc)) from exc
        return options

    async def create(self, channel_id: int, guild_id: int | None, game: str, options: dict | None,
                     creator: str, lang: str) -> Table:
        if not self.serves(guild_id):
            raise TableError("elsewhere")
        async with self._lock(channel_id):
            current = await self._load(channel_id, creating=True)
            if current is not None and current.live:  # a broken table does not hold its channel
                raise TableError("already_active", game=current.game)
            self._rules(game)  # an unknown game is refused here
            low, _ = games.get(game).seats
            options = self._check_options(game, options, [f"seat{i}" for i in range(low)])
            now = self.clock()
            table = Table(id=0, channel_id=channel_id, guild_id=guild_id, game=game, options=options,
                          creator=str(creator), lang=lang if lang in i18n.LANGUAGES else i18n.DEFAULT,
                          players=[str(creator)], created_at=now, updated_at=now, last_action_at=now)
            table.id = await self._write(self.store.insert_table(table))
            self._put(table)
            return _copy(table)

    async def join(self, channel_id: int, player: str) -> Table:
        player = str(player)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id)
            if player in table.players:
                raise TableError("already_joined")
            _, high = games.get(table.game).seats
            if len(table.players) >= high:
                raise TableError("game_full", max=high)
            return await self._save(replace(table, players=[*table.players, player]))

    async def leave(self, channel_id: int, player: str) -> Table:
        player = str(player)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            if player == table.creator:  # the lobby belongs to its creator: it closes with them
                return await self._save(replace(table, status="abandoned", reason="creator_left"))
            return await self._save(_without(table, player))

    async def bring(self, channel_id: int, player: str, key: str, value: Any) -> Table:
        """A seated player sets an option of their own in the lobby (the game's `player_options`, e.g.
        their deck): stored as options[key][player], checked at once by a dry new_game with the lobby's
        players, and checked again at the start (seating may change what other seats hold)."""
        player = str(player)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            if key not in games.get(table.game).player_options:
                raise TableError("bad_options", detail=key)
            own = dict(table.options.get(key) or {})
            own[player] = value
            options = self._check_options(table.game, {**table.options, key: own}, table.players)
            return await self._save(replace(table, options=options))

    async def kick(self, channel_id: int, by: str, player: str) -> Table:
        """The lobby's creator removes a seated player before the game starts."""
        by, player = str(by), str(player)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id)
            if by != table.creator:
                raise TableError("not_creator")
            if player == by or player not in table.players:
                raise TableError("not_in_lobby")
            return await self._save(_without(table, player))

    async def start(self, channel_id: int, by: str, seating: str | dict = "random", *,
                    seed: int | None = None) -> Table:
        by = str(by)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id)
            if by != table.creator:
                raise TableError("not_creator")
            rules = self._rules(table.game)
            low, _ = games.get(table.game).seats
            if len(table.players) < low:
                raise TableError("not_enough_players", min=low)
            if seed is None:
                seed = secrets.randbits(63)
            order = _seat(table.players, seating, random.Random(seed))
            # The options it starts with are stored: a replay or a restore deals the game again from them.
            options = _with_bot_options(table, order)
            try:
                state = rules.new_game(order, options, seed)
            except IllegalAction:
                options = dict(table.options)  # what the bots bring is a preference: never why a table cannot start
                try:
                    state = rules.new_game(order, options, seed)
                except IllegalAction as exc:
                    raise _refused(table.game, exc) from exc
            now = self.clock()
            started = replace(table, players=order, options=options, status="active", seed=seed, seq=0, state=state,
                              decision_id=games.decision_id(rules, state, 0), abandon_votes=[],
                              waiting=list(rules.waiting_for(state)),
                              updated_at=now, last_action_at=now)
            return await self._save(started, snapshot=(0, rules.dump(state)))


def _refused(game: str, exc: IllegalAction) -> TableError:
    """Options the game's rules refuse: the game's own sentence for why, in the reader's language."""
    return TableError("bad_options", detail=exc.code, because=lambda lang: games.get(game).refusal(exc, lang))


def _without(table: Table, player: str) -> Table:
    """The lobby without this player, nor the options they brought."""
    options = {k: ({p: v for p, v in val.items() if p != player} if k in games.get(table.game).player_options
                   and isinstance(val, dict) else val) for k, val in table.options.items()}
    return replace(table, players=[p for p in table.players if p != player], options=options)


def _with_bot_options(table: Table, order: list[str]) -> dict:
    """The table's options with what its bot seats bring (the game's `bot_options`), for the seat order drawn."""
    bring = games.get(table.game).bot_options
    seated = [p for p in order if bots.is_bot(p)]
    return bring(dict(table.options), order, seated) if bring is not None and seated else dict(table.options)


def _seat(players: list[str], seating: str | dict, rng: random.Random) -> list[str]:
    """Players in seat order, from "random" or {player: seat index}."""
    if seating == "random":
        order = list(players)
        rng.shuffle(order)
        return order
    if not isinstance(seating, dict):
        raise TableError("bad_seating")
    seats = {str(p): s for p, s in seating.items()}
    if (set(seats) != set(players)
            or any(not isinstance(s, int) or isinstance(s, bool) for s in seats.values())
            or sorted(seats.values()) != list(range(len(players)))):
        raise TableError("bad_seating")
    return sorted(players, key=seats.__getitem__)
