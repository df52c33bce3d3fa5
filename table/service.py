"""The table service: one live table per channel, its lobby, seats, actions, timers and persistence.

It holds no game rule: whatever is legal, whom the game waits for and who won come from the engine
(`engine.get_rules(game)`). Every change is committed to the store before a method returns, and memory
is only updated once the write succeeded, so an acknowledged move is never lost and a failed write
changes nothing. See docs/platform.md.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import engine
import i18n
from engine import IllegalAction
from table import games, timers
from table.errors import TableError
from table.models import TIMEOUT_OUTCOMES, ActionRecord, Due, GuildSettings, Table
from table.store import CorruptRecord, Store

log = logging.getLogger(__name__)

RulesFor = Callable[[str], Any]

# What makes a saved game unreadable for good: its data, not our code. Such a table is stored as
# broken; any other failure (a missing engine, an engine bug) only stops it until the next start.
DATA_ERRORS = (engine.BadSave, IllegalAction, CorruptRecord)


def _copy(table: Table) -> Table:
    """What callers get: a copy, so nothing they do can alter the service's memory."""
    return replace(table, players=list(table.players), options=dict(table.options),
                   abandon_votes=list(table.abandon_votes))


class TableService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 rules_for: RulesFor = engine.get_rules, snapshot_every: int = 20,
                 lobby_timeout: float | None = None):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        self.clock = clock
        self.rules_for = rules_for
        self.snapshot_every = snapshot_every
        self.lobby_timeout = lobby_timeout  # seconds a lobby may wait to start (None: for ever)
        self._tables: dict[int, Table] = {}  # by channel: the live table, or the last one that ended
        self._locks: dict[int, asyncio.Lock] = {}
        self._guilds: dict[int, GuildSettings] = {}
        # Channels whose game failed to load for a code fault: still live in the store, so the
        # channel stays taken until a fixed engine replays it.
        self._held: set[int] = set()

    # ------------------------------------------------------------------ opening and restoring

    @classmethod
    async def open(cls, store: Store, **kwargs) -> TableService:
        """Migrate the store and load every lobby/active table; unreadable ones are marked broken."""
        service = cls(store, **kwargs)
        await store.open()
        for table in await store.live_tables():
            stored_broken = table.status == "broken"  # the store could not read the row itself
            if table.status == "active":
                try:
                    await service._restore(table)
                except DATA_ERRORS as exc:
                    table.status, table.reason, table.state = "broken", _reason(exc), None
                    stored_broken = True
                except Exception as exc:  # noqa: BLE001 - a code fault: stop this table, not the others
                    # Not stored: once the engine is fixed or deployed, the next start replays it.
                    table.status, table.reason, table.state = "broken", _reason(exc), None
                    service._held.add(table.channel_id)
            if table.status == "broken":
                log.warning("table %s in channel %s is broken: %s", table.id, table.channel_id, table.reason)
            if stored_broken:
                await store.mark_broken(table.id, table.reason or "", service.clock())
            service._tables[table.channel_id] = table
        return service

    async def _restore(self, table: Table) -> None:
        """Latest snapshot, then the later actions replayed through the engine."""
        try:
            rules = self.rules_for(table.game)
        except KeyError as exc:
            raise CorruptRecord(f"unknown game {table.game!r}") from exc
        snapshot = await self.store.latest_snapshot(table.id)
        if snapshot is None:
            seq, state = 0, rules.new_game(list(table.players), dict(table.options), table.seed)
        else:
            seq, state = snapshot[0], rules.load(snapshot[1])
        for record in await self.store.actions(table.id, seq):
            if record.seq != seq + 1:
                raise CorruptRecord(f"action {seq + 1} is missing")
            state, _ = rules.apply(state, record.player, record.action)
            seq = record.seq
        if seq != table.seq:
            raise CorruptRecord(f"the log holds {seq} actions, the table row says {table.seq}")
        table.state = state
        table.decision_id = games.decision_id(rules, state, seq)

    async def close(self) -> None:
        await self.store.close()

    # ------------------------------------------------------------------ helpers

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def _rules(self, game: str):
        try:
            return self.rules_for(game)
        except (KeyError, NotImplementedError) as exc:
            raise TableError("unknown_game", game=game) from exc

    async def _write(self, write: Awaitable):
        """Run a store write; any failure becomes storage_failed (the caller has changed nothing yet)."""
        try:
            return await write
        except Exception as exc:
            log.exception("store write failed")
            raise TableError("storage_failed") from exc

    def _live(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None or not table.live:
            raise TableError("no_table")
        return table

    def _playing(self, channel_id: int) -> Table:
        """The channel's table if it has a game state to act on or look at."""
        table = self._tables.get(channel_id)
        if table is None or (table.status == "abandoned" and table.state is None):
            raise TableError("no_table")
        if table.status == "broken":
            raise TableError("broken", reason=table.reason or "")
        if table.status == "lobby":
            raise TableError("not_started")
        return table

    def _active(self, channel_id: int) -> Table:
        table = self._playing(channel_id)
        if table.status != "active":
            raise TableError("game_over")
        return table

    def _check_options(self, game: str, rules, options: Any, players: int) -> dict:
        if options is None:
            options = {}
        try:
            if not isinstance(options, dict):
                raise TypeError("options must be an object")
            options = json.loads(json.dumps(options))  # JSON-safe, and stored exactly as checked
            # The engine is the judge of options: a dry new_game with placeholder players.
            rules.new_game([f"seat{i}" for i in range(players)], options, 0)
        except IllegalAction as exc:
            raise TableError("bad_options", detail=exc.code) from exc
        except (TypeError, ValueError) as exc:
            raise TableError("bad_options", detail=str(exc)) from exc
        return options

    # ------------------------------------------------------------------ lobby

    async def create(self, channel_id: int, guild_id: int | None, game: str, options: dict | None,
                     creator: str, lang: str) -> Table:
        async with self._lock(channel_id):
            current = self._tables.get(channel_id)
            if current is not None and current.live:
                raise TableError("already_active", game=current.game)
            if channel_id in self._held:
                raise TableError("broken", reason=current.reason or "")
            rules = self._rules(game)
            low, _ = games.seats(game, rules)
            options = self._check_options(game, rules, options, low)
            now = self.clock()
            table = Table(id=0, channel_id=channel_id, guild_id=guild_id, game=game, options=options,
                          creator=str(creator), lang=lang if lang in i18n.LANGUAGES else i18n.DEFAULT,
                          players=[str(creator)], created_at=now, updated_at=now, last_action_at=now)
            table.id = await self._write(self.store.insert_table(table))
            self._tables[channel_id] = table
            return _copy(table)

    async def join(self, channel_id: int, player: str) -> Table:
        player = str(player)
        async with self._lock(channel_id):
            table = self._live(channel_id)
            if table.status != "lobby":
                raise TableError("already_started")
            if player in table.players:
                raise TableError("already_joined")
            _, high = games.seats(table.game, self._rules(table.game))
            if len(table.players) >= high:
                raise TableError("game_full", max=high)
            return await self._save(replace(table, players=[*table.players, player]))

    async def leave(self, channel_id: int, player: str) -> Table:
        player = str(player)
        async with self._lock(channel_id):
            table = self._live(channel_id)
            if table.status != "lobby":
                raise TableError("already_started")
            if player not in table.players:
                raise TableError("not_in_game")
            if player == table.creator:  # the lobby belongs to its creator: it closes with them
                return await self._save(replace(table, status="abandoned", reason="creator_left"))
            return await self._save(replace(table, players=[p for p in table.players if p != player]))

    async def kick(self, channel_id: int, by: str, player: str) -> Table:
        """The lobby's creator removes a seated player before the game starts."""
        by, player = str(by), str(player)
        async with self._lock(channel_id):
            table = self._live(channel_id)
            if table.status != "lobby":
                raise TableError("already_started")
            if by != table.creator:
                raise TableError("not_creator")
            if player == by or player not in table.players:
                raise TableError("not_in_lobby")
            return await self._save(replace(table, players=[p for p in table.players if p != player]))

    async def start(self, channel_id: int, by: str, seating: str | dict = "random", *,
                    seed: int | None = None) -> Table:
        by = str(by)
        async with self._lock(channel_id):
            table = self._live(channel_id)
            if table.status != "lobby":
                raise TableError("already_started")
            if by != table.creator:
                raise TableError("not_creator")
            rules = self._rules(table.game)
            low, _ = games.seats(table.game, rules)
            if len(table.players) < low:
                raise TableError("not_enough_players", min=low)
            if seed is None:
                seed = secrets.randbits(63)
            order = _seat(table.players, seating, random.Random(seed))
            try:
                state = rules.new_game(order, dict(table.options), seed)
            except IllegalAction as exc:
                raise TableError("bad_options", detail=exc.code) from exc
            now = self.clock()
            started = replace(table, players=order, status="active", seed=seed, seq=0, state=state,
                              decision_id=games.decision_id(rules, state, 0), abandon_votes=[],
                              updated_at=now, last_action_at=now)
            return await self._save(started, snapshot=(0, rules.dump(state)))

    async def _save(self, table: Table, snapshot=None) -> Table:
        table.updated_at = self.clock()
        await self._write(self.store.save_table(table, snapshot=snapshot))
        self._tables[table.channel_id] = table
        return _copy(table)

    # ------------------------------------------------------------------ play

    async def act(self, channel_id: int, player: str, action: dict,
                  decision_id: int | None = None) -> tuple[Table, list[dict]]:
        player = str(player)
        async with self._lock(channel_id):
            table = self._active(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            action = _clean_action(action)
            if decision_id is not None and decision_id != table.decision_id:
                raise TableError("stale")
            rules = self._rules(table.game)
            state = table.state
            if player not in rules.waiting_for(state) and not rules.legal_actions(state, player):
                raise TableError("not_your_turn")
            # In a worker thread: a long engine step must not hold the event loop (and other tables).
            new_state, events = await asyncio.to_thread(rules.apply, state, player, action)  # IllegalAction too
            seq, now = table.seq + 1, self.clock()
            result = rules.result(new_state)
            done = result is not None
            snapshot = (seq, rules.dump(new_state)) if done or seq % self.snapshot_every == 0 else None
            new = replace(table, state=new_state, seq=seq, status="over" if done else "active",
                          result=result, decision_id=games.decision_id(rules, new_state, seq),
                          updated_at=now, last_action_at=now, last_reminder_at=None,
                          timeout_notified=False)
            record = ActionRecord(table.id, seq, player, action, table.decision_id, list(events), now)
            await self._write(self.store.append_action(new, record, snapshot=snapshot))
            self._tables[channel_id] = new
            return _copy(new), list(events)

    async def abandon(self, channel_id: int, by: str, *, manage_channel: bool = False) -> Table:
        """End the channel's table. A lobby: its creator (or a moderator) closes it. A running game
        ends when every player agreed (each call is one vote) or at once by a moderator (Manage
        Channels). The table keeps its last state and `abandon_votes` records who ended it."""
        by = str(by)
        async with self._lock(channel_id):
            table = self._live(channel_id)
            if manage_channel:
                votes = table.abandon_votes if by in table.abandon_votes else [*table.abandon_votes, by]
                return await self._save(replace(table, status="abandoned", reason="moderator", abandon_votes=votes))
            if table.status == "lobby" and by == table.creator:
                return await self._save(replace(table, status="abandoned", reason="creator"))
            if by not in table.players:
                raise TableError("not_in_game")
            votes = table.abandon_votes if by in table.abandon_votes else [*table.abandon_votes, by]
            if set(table.players) <= set(votes):
                return await self._save(replace(table, status="abandoned", reason="vote", abandon_votes=votes))
            return await self._save(replace(table, abandon_votes=votes))

    async def claim_timeout(self, channel_id: int, by: str) -> Table:
        by = str(by)
        async with self._lock(channel_id):
            table = self._active(channel_id)
            if by not in table.players:
                raise TableError("not_in_game")
            late = list(self._rules(table.game).waiting_for(table.state))
            if by in late:
                raise TableError("waiting_on_you")
            settings = await self.guild_settings(table.guild_id)
            left = timers.minutes_left(table, settings, self.clock())
            if left > 0:
                raise TableError("timeout_not_reached", minutes=left)
            if settings.timeout_outcome == "win":
                ended = replace(table, status="over", reason="timeout",
                                result={"winner": by, "reason": "timeout", "late": late})
            else:
                ended = replace(table, status="abandoned", reason="timeout")
            return await self._save(ended)

    async def due_reminders(self, now: float | None = None) -> Due:
        """Who to ping and which timeouts passed; each is reported once (the marks are stored)."""
        now = self.clock() if now is None else now
        due = Due()
        for channel_id in list(self._tables):
            async with self._lock(channel_id):
                table = self._tables[channel_id]
                if (table.status == "lobby" and self.lobby_timeout is not None
                        and now - table.created_at >= self.lobby_timeout):
                    due.ended.append(await self._save(replace(table, status="abandoned", reason="lobby_expired")))
                    continue
                if table.status != "active":
                    continue
                waiting = list(self._rules(table.game).waiting_for(table.state))
                settings = await self.guild_settings(table.guild_id)
                reminder, timeout, marked = timers.scan(table, settings, waiting, now)
                if marked is None:
                    continue
                if timeout and not timeout.claimants:
                    # Everyone is awaited (a simultaneous choice) and nobody chose: nobody can claim,
                    # so the game ends rather than hold the channel for ever.
                    marked = replace(marked, status="abandoned", reason="timeout_all")
                    due.ended.append(await self._save(marked))
                    continue
                await self._write(self.store.save_table(marked))
                self._tables[channel_id] = marked
                if reminder:
                    due.reminders.append(reminder)
                if timeout:
                    due.timeouts.append(timeout)
        return due

    # ------------------------------------------------------------------ reading

    def table(self, channel_id: int) -> Table | None:
        table = self._tables.get(channel_id)
        return None if table is None else _copy(table)

    def tables(self) -> list[Table]:
        return [_copy(t) for t in self._tables.values()]

    def table_by_id(self, table_id: int) -> Table | None:
        """The table with this id (a copy), without copying every other table."""
        table = next((t for t in self._tables.values() if t.id == table_id), None)
        return None if table is None else _copy(table)

    def view(self, channel_id: int, viewer: str | None) -> dict:
        table = self._playing(channel_id)
        return self._rules(table.game).view(table.state, None if viewer is None else str(viewer))

    def legal_actions(self, channel_id: int, player: str) -> list[dict]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active" or str(player) not in table.players:
            return []
        return self._rules(table.game).legal_actions(table.state, str(player))

    def waiting_for(self, channel_id: int) -> list[str]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return []
        return list(self._rules(table.game).waiting_for(table.state))

    async def history(self, channel_id: int) -> list[dict]:
        """Every public event of the channel's table: those of the game's opening (derived again from
        players, options and seed) and those stored with each action."""
        table = self._tables.get(channel_id)
        if table is None:
            raise TableError("no_table")
        if table.status == "lobby" or table.seed is None:
            return []
        rules = self._rules(table.game)
        opening = rules.view(rules.new_game(list(table.players), dict(table.options), table.seed), None)
        records = await self.store.actions(table.id)
        return list(opening.get("log", [])) + [event for record in records for event in record.events]

    # ------------------------------------------------------------------ guild settings

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(0)
        if guild_id not in self._guilds:
            self._guilds[guild_id] = await self.store.guild_settings(guild_id) or GuildSettings(guild_id)
        return replace(self._guilds[guild_id])

    async def set_guild_settings(self, guild_id: int, **changes) -> GuildSettings:
        current = await self.guild_settings(guild_id)
        for name, value in changes.items():
            if not _valid_setting(name, value):
                raise TableError("bad_settings", name=name)
        new = replace(current, **changes)
        await self._write(self.store.save_guild_settings(new))
        self._guilds[guild_id] = new
        return replace(new)


def _valid_setting(name: str, value: Any) -> bool:
    if name == "lang":
        return value in i18n.LANGUAGES
    if name in ("reminder_minutes", "timeout_minutes"):
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 60 * 24 * 60
    if name == "timeout_outcome":
        return value in TIMEOUT_OUTCOMES
    if name == "delete_table_talk":
        return isinstance(value, bool)
    return False


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


def _clean_action(action: Any) -> dict:
    """A JSON object with a string "type", exactly as it will be stored and replayed."""
    try:
        text = json.dumps(action, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TableError("bad_action") from exc
    action = json.loads(text)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise TableError("bad_action")
    return action


def _reason(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
