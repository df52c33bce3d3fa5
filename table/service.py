"""The table service: one live table per channel, its lobby, seats, actions, timers and persistence.

It holds no game rule: whatever is legal, whom the game waits for and who won come from the engine
(the game's declaration, games/). Every change is committed to the store before a method returns, and memory
is only updated once the write succeeded, so an acknowledged move is never lost and a failed write
changes nothing. See docs/platform.md.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import games
import i18n
from engine import IllegalAction
from engine.kernel import Action, AnyRules, Event, Result, State, View
from games import OptionError
from table import bots, timers, undo
from table.errors import TableError
from table.models import TIMEOUT_OUTCOMES, ActionRecord, Due, GuildSettings, Table
from table.store import UNREADABLE, CorruptRecord, NotOwner, Store

log = logging.getLogger(__name__)

RulesFor = Callable[[str], AnyRules]
Serves = Callable[[int | None], bool]  # does this process serve the guild (None: a DM)? See docs/deploy.md

# An engine step that recently cost less CPU than this runs on the event loop (see TableService._engine).
INLINE_STEP_SECONDS = 0.001

# The shortest reminder period a guild may set: a table idle for less needs no look.
MIN_REMINDER_SECONDS = 60


def _copy(table: Table) -> Table:
    """What callers get: a copy, so nothing they do can alter the service's memory. (Field by field:
    dataclasses.replace costs several times more, and this runs a few times per action.)"""
    out = object.__new__(Table)
    out.__dict__.update(table.__dict__)
    out.players, out.options, out.abandon_votes = list(table.players), dict(table.options), list(table.abandon_votes)
    out.waiting = None if table.waiting is None else list(table.waiting)
    return out


class TableService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 rules_for: RulesFor = games.rules, snapshot_every: int = 20,
                 serves: Serves = lambda guild_id: True, lobby_timeout: float | None = None):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        self.clock = clock
        self.rules_for = rules_for
        self.snapshot_every = snapshot_every
        self.lobby_timeout = lobby_timeout  # seconds a lobby may wait to start (None: for ever)
        self.serves = serves  # with several processes, the guilds of this one's shards
        # Tables are read from the store on first use, not at start: start-up does not grow with the
        # number of stored games. By channel: its live table, or the last one that ended this run.
        self._tables: dict[int, Table] = {}
        self._ids: dict[int, int] = {}  # table id -> channel, for the tables in memory
        self._empty: set[int] = set()  # channels the store has no live table for
        self._locks: dict[int, asyncio.Lock] = {}
        self._guilds: dict[int, GuildSettings] = {}
        self._step_cost: dict[str, float] = {}  # game -> CPU seconds of its recent engine steps
        # table id -> {player: seq of their latest action}, for the actions since the last one that showed
        # something hidden (those that may be taken back: table/undo.py)
        self._quiet: dict[int, dict[str, int]] = {}

    # ------------------------------------------------------------------ opening and restoring

    @classmethod
    async def open(cls, store: Store, **kwargs) -> TableService:
        """Migrate the store; no table is read until its channel is used (see `serve`)."""
        service = cls(store, **kwargs)
        await store.open()
        return service

    async def serve(self, channel_id: int) -> Table | None:
        """The channel's table, read and restored from the store if this process has not used it yet
        (or just took it over from another one); raises TableError("elsewhere") while another process
        serves it. After it (or any other async call on the channel) the sync readers see the table."""
        async with self._lock(channel_id):
            table = await self._load(channel_id)
        return None if table is None else _copy(table)

    async def table_by_id(self, table_id: int) -> Table | None:
        """A live table (or one that ended this run) by id, as a button carries it; None otherwise."""
        channel = self._ids.get(table_id)
        if channel is None:
            row = await self._read(self.store.table_by_id(table_id))
            if row is None:
                return None
            channel = row.channel_id
            await self.serve(channel)
        table = self._tables.get(channel)
        return _copy(table) if table is not None and table.id == table_id else None

    async def _claim(self, channel_id: int) -> bool:
        """Make this process the channel's only server (stores shared by several processes, see
        docs/deploy.md); if it just took the channel over, forget what it knew of it, since another
        process may have played there meanwhile. True then. A single-process store returns False."""
        try:
            fresh = await self.store.claim(channel_id)
        except NotOwner as exc:
            raise TableError("elsewhere") from exc
        except Exception as exc:
            log.exception("claiming channel %s failed", channel_id)
            raise TableError("storage_failed") from exc
        if fresh:
            self._forget(channel_id)
        return fresh

    async def _load(self, channel_id: int, *, creating: bool = False) -> Table | None:
        """`serve` under the channel's lock, before anything else is done there. A table that cannot be
        restored (unreadable or tampered data, or an engine that fails on it) is stored as broken: the
        channel is free again, and `python -m table.repair` replays it once the cause is fixed."""
        fresh = await self._claim(channel_id)
        if channel_id in self._tables:
            return self._tables[channel_id]
        if channel_id in self._empty:
            return None
        try:
            table = await self._read(self.store.live_table(channel_id))
        except TableError:
            if fresh:  # let the lease go, so that the next request reads the table again
                with contextlib.suppress(Exception):
                    await self.store.release(channel_id)
            raise
        if table is None or not self.serves(table.guild_id):
            if fresh and not creating:
                # Nothing to serve, or a table of another process's guild (a click routed to the wrong
                # process): let the channel go at once rather than keep it from its process.
                await self._write(self.store.release(channel_id))
            if table is not None:
                raise TableError("elsewhere")
            self._empty.add(channel_id)
            return None
        if table.status == "active":
            try:
                await self._restore(table)
            except TableError:
                raise
            except Exception as exc:  # noqa: BLE001 - whatever the cause, this table stops, not the others
                table.status, table.reason, table.state = "broken", _reason(exc), None
        if table.status == "broken":  # restore failed, or the store could not read the row
            log.warning("table %s in channel %s is broken: %s", table.id, table.channel_id, table.reason)
            await self._write(self.store.mark_broken(table.id, table.reason or "", self.clock()))
        self._put(table)
        return table

    async def _restore(self, table: Table) -> None:
        """Latest snapshot, then the later actions replayed through the engine."""
        rules = self._stored_rules(table)
        snapshot = await self._read(self.store.latest_snapshot(table.id))
        if snapshot is None:
            seq, state = 0, _opening(rules, table)
        else:
            seq, state = snapshot[0], rules.load(snapshot[1])
        seq, state = await self._replay(table, rules, seq, state)
        if seq != table.seq:
            raise CorruptRecord(f"the log holds {seq} actions, the table row says {table.seq}")
        self._set_state(table, rules, seq, state)

    def _stored_rules(self, table: Table) -> AnyRules:
        try:
            return self.rules_for(table.game)
        except KeyError as exc:
            raise CorruptRecord(f"unknown game {table.game!r}") from exc

    async def _replay(self, table: Table, rules: AnyRules, seq: int, state: State) -> tuple[int, State]:
        """`state` after `seq` actions, with every later stored action applied. An undo among them
        (its snapshot missing) sends the replay back to the opening, where the undos are folded in."""
        records = await self._read(self.store.actions(table.id, seq))
        if any(map(undo.is_undo, records)):
            records = await self._read(self.store.actions(table.id))
            state, seq = _opening(rules, table), 0
        for record in records:
            if record.seq != seq + 1:
                raise CorruptRecord(f"action {seq + 1} is missing")
            seq = record.seq
        for record in undo.in_force(records):
            state, _ = rules.apply(state, record.player, record.action)
        return seq, state

    @staticmethod
    def _set_state(table: Table, rules: AnyRules, seq: int, state: State) -> None:
        table.seq, table.state = seq, state
        table.decision_id = games.decision_id(rules, state, seq)
        table.waiting = list(rules.waiting_for(state))

    async def repair(self, table_id: int) -> Table:
        """Bring a broken table back once the cause is fixed: its game is replayed from the options,
        the seed and the whole log (no snapshot is trusted); if every action replays, it is stored
        "active" (or "over") with a fresh snapshot, replacing the old ones. Raises TableError
        (`no_table`, `not_broken`, `already_active` when its channel hosts another game), or what
        the replay raises (the table then stays broken)."""
        row = await self._read(self.store.table_by_id(table_id))
        if row is None:
            raise TableError("no_table")
        if row.status != "broken" or row.reason and row.reason.startswith(UNREADABLE):
            raise TableError("not_broken" if row.status != "broken" else "broken", reason=row.reason or "")
        async with self._lock(row.channel_id):
            current = await self._load(row.channel_id)
            if current is not None and current.live:
                raise TableError("already_active", game=current.game)
            rules = self._stored_rules(row)
            state = _opening(rules, row)
            seq, state = await self._replay(row, rules, 0, state)
            result = rules.result(state)
            repaired = replace(row, status="active" if result is None else "over", reason=None,
                               result=result, updated_at=self.clock())
            self._set_state(repaired, rules, seq, state)
            await self._store(self.store.save_table(repaired, snapshot=(seq, rules.dump(state))), repaired)
            return _copy(repaired)

    def _forget(self, channel_id: int) -> None:
        table = self._tables.pop(channel_id, None)
        if table is not None:
            self._ids.pop(table.id, None)
        self._empty.discard(channel_id)

    def _put(self, table: Table) -> None:
        """Hold `table` as its channel's table in memory."""
        old = self._tables.get(table.channel_id)
        if old is not None and old.id != table.id:
            self._ids.pop(old.id, None)
        self._tables[table.channel_id] = table
        self._ids[table.id] = table.channel_id
        self._empty.discard(table.channel_id)

    async def close(self) -> None:
        await self.store.close()

    # ------------------------------------------------------------------ helpers

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def _rules(self, game: str) -> AnyRules:
        try:
            return self.rules_for(game)
        except (KeyError, NotImplementedError) as exc:
            raise TableError("unknown_game", game=game) from exc

    async def _engine(self, game: str, step: Callable, *args):
        """`step(*args)` on the event loop when this game's steps are cheap, else in a worker thread
        (a long step must not hold the other tables). Handing a step to a thread costs the loop more
        CPU than a cheap step itself, and a pure-Python step holds the GIL in the thread anyway, so
        the thread only pays for steps that take long. The cost of the last steps is what decides."""
        cost = self._step_cost.get(game)
        if cost is not None and cost < INLINE_STEP_SECONDS:
            out, spent = _timed(step, *args)
        else:
            out, spent = await asyncio.to_thread(_timed, step, *args)
        # A costly step counts at once; the cost then fades back, so one slow step is not final.
        self._step_cost[game] = max(spent, 0.8 * (cost or 0.0))
        return out

    async def _write(self, write: Awaitable):
        """Run a store write; any failure becomes storage_failed (the caller has changed nothing yet)."""
        try:
            return await write
        except NotOwner as exc:  # another process took the channel over: nothing was written
            raise TableError("elsewhere") from exc
        except Exception as exc:
            log.exception("store write failed")
            raise TableError("storage_failed") from exc

    async def _store(self, write: Awaitable, table: Table) -> None:
        """Write, then hold `table` in memory, even if the caller is cancelled while the commit runs (a
        timeout): the store is never one action ahead of memory. The stores' writes are futures, so
        shielding one starts no task."""
        future = asyncio.ensure_future(write)
        future.add_done_callback(lambda done: None if done.cancelled() or done.exception() else self._put(table))
        await self._write(asyncio.shield(future))

    @staticmethod
    async def _read(read: Awaitable):
        """Run a store read; a database failure becomes storage_failed, bad data (CorruptRecord) passes."""
        try:
            return await read
        except CorruptRecord:
            raise
        except Exception as exc:
            log.exception("store read failed")
            raise TableError("storage_failed") from exc

    @staticmethod
    def _live(table: Table | None) -> Table:
        if table is None or not table.live:
            raise TableError("no_table")
        return table

    async def _lobby(self, channel_id: int) -> Table:
        """The channel's table while its lobby is open (call it holding the channel's lock)."""
        table = self._live(await self._load(channel_id))
        if table.status != "lobby":
            raise TableError("already_started")
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

    async def _load_active(self, channel_id: int) -> Table:
        await self._load(channel_id)
        return self._active(channel_id)

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

    # ------------------------------------------------------------------ lobby

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

    async def _save(self, table: Table, snapshot=None) -> Table:
        table.updated_at = self.clock()
        await self._store(self.store.save_table(table, snapshot=snapshot), table)
        return _copy(table)

    # ------------------------------------------------------------------ play

    async def act(self, channel_id: int, player: str, action: Action,
                  decision_id: int | None = None) -> tuple[Table, list[Event]]:
        player = str(player)
        async with self._lock(channel_id):
            table = await self._load_active(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            action = _clean_action(action)
            if decision_id is not None and decision_id != table.decision_id:
                raise TableError("stale")
            rules = self._rules(table.game)
            state = _state(table)
            if player not in rules.waiting_for(state) and not rules.legal_actions(state, player):
                raise TableError("not_your_turn")
            seq = table.seq + 1
            step = await self._engine(table.game, _step, rules, state, player, action, seq,
                                      self.snapshot_every)  # IllegalAction too
            now = self.clock()
            new = _copy(table)
            new.state, new.seq, new.result, new.decision_id, new.waiting = (
                step.state, seq, step.result, step.decision_id, step.waiting)
            new.status = "active" if step.result is None else "over"
            new.updated_at = new.last_action_at = now
            new.last_reminder_at, new.timeout_notified = None, False
            record = ActionRecord(table.id, seq, player, action, table.decision_id, step.events, now)
            await self._store(self.store.append_action(new, record, snapshot=step.snapshot), new)
            if step.quiet:
                self._quiet.setdefault(table.id, {})[player] = seq
            else:
                self._quiet.pop(table.id, None)
            return _copy(new), list(step.events)

    def undoable(self, channel_id: int, player: str) -> int | None:
        """The seq of the action `player` may ask to take back, as far as this process saw the game played:
        their latest, if neither it nor any later action showed anything hidden (`undo` checks again,
        from the log); None otherwise."""
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return None
        return self._quiet.get(table.id, {}).get(str(player))

    async def undo(self, channel_id: int, player: str, seq: int) -> tuple[Table, list[Event]]:
        """Take back `player`'s latest action in force and every action after it (the others' replies),
        when none of them showed anything hidden (rules.reveals), while the table is at `seq` (nothing
        played since it was asked). The game goes back to the state before, replayed from the log; the
        undo is a record of its own (table/undo.py), with its snapshot. TableError: undo_not_yours (the
        player has no action in force), undo_reveals, stale."""
        player = str(player)
        async with self._lock(channel_id):
            table = await self._load_active(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            if seq != table.seq:
                raise TableError("stale")
            kept = undo.in_force(await self._read(self.store.actions(table.id)))
            mine = [i for i, record in enumerate(kept) if record.player == player]
            if not mine:
                raise TableError("undo_not_yours")
            rules, back = self._rules(table.game), kept[mine[-1]:]

            def replay() -> tuple[dict, bool]:  # the state before, and whether the rest showed something
                state = _opening(rules, table)
                for record in kept[:mine[-1]]:
                    state, _ = rules.apply(state, record.player, record.action)
                before = state
                for record in back:
                    after, events = rules.apply(state, record.player, record.action)
                    if rules.reveals(state, after, events):
                        return before, True
                    state = after
                return before, False

            state, revealed = await asyncio.to_thread(replay)
            if revealed:
                raise TableError("undo_reveals")
            events = [{"type": undo.UNDONE, "player": player, "seq": back[0].seq, "count": len(back)}]
            now = self.clock()
            new = _copy(table)
            self._set_state(new, rules, seq + 1, state)
            new.updated_at = new.last_action_at = now
            new.last_reminder_at, new.timeout_notified = None, False
            action = {"type": undo.UNDO, "count": len(back)}
            record = ActionRecord(table.id, seq + 1, player, action, table.decision_id, events, now)
            await self._store(self.store.append_action(new, record, snapshot=(seq + 1, rules.dump(state))), new)
            self._quiet.pop(table.id, None)
            return _copy(new), events

    async def abandon(self, channel_id: int, by: str, *, manage_channel: bool = False) -> Table:
        """End the channel's table. A lobby: its creator (or a moderator) closes it. A running game
        ends when every person playing agreed (each call is one vote; bot seats do not vote) or at once
        by a moderator (Manage Channels). The table keeps its last state and `abandon_votes` records
        who ended it."""
        by = str(by)
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if table is not None and table.status == "broken":
                return self._clear_broken(table, by, manage_channel)
            table = self._live(table)
            if manage_channel:
                votes = table.abandon_votes if by in table.abandon_votes else [*table.abandon_votes, by]
                return await self._save(replace(table, status="abandoned", reason="moderator", abandon_votes=votes))
            if table.status == "lobby" and by == table.creator:
                return await self._save(replace(table, status="abandoned", reason="creator"))
            if by not in table.players:
                raise TableError("not_in_game")
            votes = table.abandon_votes if by in table.abandon_votes else [*table.abandon_votes, by]
            if set(voters(table)) <= set(votes):
                return await self._save(replace(table, status="abandoned", reason="vote", abandon_votes=votes))
            return await self._save(replace(table, abandon_votes=votes))

    def _clear_broken(self, table: Table, by: str, manage_channel: bool) -> Table:
        """A broken table no longer holds its channel; abandoning it clears the channel's board. Its
        row stays "broken" in the store, untouched, so that it can still be repaired."""
        if not (manage_channel or by == table.creator or by in table.players):
            raise TableError("not_in_game")
        self._forget(table.channel_id)
        self._empty.add(table.channel_id)
        return replace(_copy(table), status="abandoned", reason="broken")

    async def claim_timeout(self, channel_id: int, by: str) -> Table:
        by = str(by)
        async with self._lock(channel_id):
            table = await self._load_active(channel_id)
            if by not in table.players:
                raise TableError("not_in_game")
            late = list(self._rules(table.game).waiting_for(_state(table)))
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
        """Who to ping and which timeouts passed; each is reported once (the marks are stored). The
        candidates come from the store, so a table nobody used since the start is reminded too."""
        now = self.clock() if now is None else now
        due = Due()
        # Lobbies nobody started in time close, found in the store: loaded this run or not.
        if self.lobby_timeout is not None:
            for row in await self._read(self.store.expired_lobbies(now - self.lobby_timeout)):
                ended = await self._expire_lobby(row)
                if ended is not None:
                    due.ended.append(ended)
        rows = await self._read(self.store.idle_tables(now - MIN_REMINDER_SECONDS))
        # Concurrently: the marks of all due tables share a few grouped commits.
        for reminder, timeout, ended in await asyncio.gather(*(self._due(row, now) for row in rows)):
            if reminder:
                due.reminders.append(reminder)
            if timeout:
                due.timeouts.append(timeout)
            if ended:
                due.ended.append(ended)
        return due

    async def _expire_lobby(self, row: Table) -> Table | None:
        """Close the stored lobby `row` if it is still the channel's lobby; None if it is not, or if
        the channel is served elsewhere or the store failed (the next round tries again)."""
        if not self.serves(row.guild_id):
            return None
        async with self._lock(row.channel_id):
            try:
                current = await self._load(row.channel_id)
                if current is None or current.id != row.id or current.status != "lobby":
                    return None
                return await self._save(replace(current, status="abandoned", reason="lobby_expired"))
            except TableError:
                return None

    async def _due(self, row: Table, now: float):
        """(reminder, timeout, table ended) for one stored table, each None when not due."""
        if not self.serves(row.guild_id):
            return None, None, None
        async with self._lock(row.channel_id):
            try:
                if await self._claim(row.channel_id):  # just taken over: read the row again
                    row = await self._read(self.store.table_by_id(row.id))
            except TableError:
                return None, None, None  # served elsewhere now, or the store is unreachable: next round
            if row is None or row.status != "active":
                return None, None, None
            loaded = self._tables.get(row.channel_id)
            table = loaded if loaded is not None and loaded.id == row.id else row
            if table.waiting is None:  # stored before whom a table waits for was kept: restore it
                restored = await self._load(row.channel_id)
                if restored is None or restored.id != row.id:
                    return None, None, None
                table = loaded = restored
            settings = await self.guild_settings(table.guild_id)
            reminder, timeout, marked = timers.scan(table, settings, list(table.waiting or []), now)
            if marked is None:
                return None, None, None
            if timeout and not timeout.claimants:
                # Everyone is awaited (a simultaneous choice) and nobody chose: nobody can claim, so
                # the game ends rather than hold the channel for ever.
                ended = replace(marked, status="abandoned", reason="timeout_all")
                await self._write(self.store.save_table(ended))
                if loaded is table:
                    self._put(ended)
                return None, None, _copy(ended)
            await self._write(self.store.save_table(marked))
            if loaded is table:
                self._put(marked)
            return reminder, timeout, None

    # ------------------------------------------------------------------ reading

    def table(self, channel_id: int) -> Table | None:
        table = self._tables.get(channel_id)
        return None if table is None else _copy(table)

    def tables(self) -> list[Table]:
        """The tables in memory: those used since the start (see `load`)."""
        return [_copy(t) for t in self._tables.values()]

    def view(self, channel_id: int, viewer: str | None) -> View:
        table = self._playing(channel_id)
        return self._rules(table.game).view(_state(table), None if viewer is None else str(viewer))

    def legal_actions(self, channel_id: int, player: str) -> list[Action]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active" or str(player) not in table.players:
            return []
        return self._rules(table.game).legal_actions(_state(table), str(player))

    def is_legal(self, channel_id: int, player: str, action: Action) -> bool:
        """Whether `player` may play `action` now, without listing every legal action."""
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return False
        return self._rules(table.game).is_legal(_state(table), str(player), action)

    def waiting_for(self, channel_id: int) -> list[str]:
        table = self._tables.get(channel_id)
        if table is None or table.status != "active":
            return []
        return list(self._rules(table.game).waiting_for(_state(table)))

    async def history(self, channel_id: int) -> list[Event]:
        """Every public event of the channel's table: those of the game's opening (derived again from
        players, options and seed) and those stored with each action."""
        table = await self.serve(channel_id)
        if table is None:
            raise TableError("no_table")
        if table.status == "lobby" or table.seed is None:
            return []
        rules = self._rules(table.game)
        opening = rules.view(_opening(rules, table), None)
        records = await self.store.actions(table.id)
        return list(opening.get("log", [])) + [event for record in records for event in record.events]

    async def since_last_move(self, table: Table, player: str, window: int = 64) -> list[Event]:
        """The public events stored since `player`'s last action (after its own events), oldest first;
        every stored event when they have not acted yet. The latest `window` actions are read first:
        the whole history only when the player's last action is older."""
        records = await self._read(self.store.actions(table.id, max(0, table.seq - window)))
        mine = [i for i, r in enumerate(records) if r.player == player]
        if not mine and table.seq > window:
            records = await self._read(self.store.actions(table.id))
            mine = [i for i, r in enumerate(records) if r.player == player]
        start = mine[-1] + 1 if mine else 0
        return [event for record in records[start:] for event in record.events]

    # ------------------------------------------------------------------ guild settings

    async def guild_tables(self, guild_id: int) -> list[Table]:
        """The server's lobbies, running and broken tables as stored (no state), last action first."""
        return [t for t in await self._read(self.store.guild_tables(guild_id)) if self.serves(t.guild_id)]

    async def guild_history(self, guild_id: int) -> list[Table]:
        """Every game the server started, as stored (no state), oldest first: table/stats.py counts them."""
        return await self._read(self.store.guild_history(guild_id))

    async def clear(self, guild_id: int, table_id: int, by: str) -> Table:
        """A moderator ends a table of their server from anywhere (what `abandon` does for them in its
        channel): the channel it held is free again."""
        row = await self._read(self.store.table_by_id(table_id))
        if row is None or row.guild_id != guild_id:
            raise TableError("unknown_table")
        return await self.abandon(row.channel_id, by, manage_channel=True)

    async def live_board(self, table_id: int) -> tuple[int, list[str]] | None:
        """The table's live channel message (id, players it pinged), as the bot last saved it."""
        return await self._read(self.store.live_board(table_id))

    async def save_live_board(self, table_id: int, message_id: int, waiting: list[str]) -> None:
        await self._write(self.store.save_live_board(table_id, message_id, waiting))

    async def follow(self, table_id: int, user: str, follows: bool) -> None:
        """`user` follows the table from outside it (a spectator), or stops. Its players cannot: they
        see it already (TableError("already_playing"))."""
        table = await self.table_by_id(table_id)
        if table is None:
            raise TableError("no_table")
        if str(user) in table.players:
            raise TableError("already_playing")
        await self._write(self.store.set_follower(table_id, str(user), follows))

    async def followers(self, table_id: int) -> list[str]:
        return await self._read(self.store.followers(table_id))

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(0)
        if guild_id not in self._guilds:
            self._guilds[guild_id] = await self.store.guild_settings(guild_id) or GuildSettings(guild_id)
        return _copy_settings(self._guilds[guild_id])

    async def set_guild_settings(self, guild_id: int, **changes) -> GuildSettings:
        """Change the platform's settings of a server (lang, reminder_minutes, timeout_minutes,
        timeout_outcome); a game's own settings go through set_game_setting."""
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


def _refused(game: str, exc: IllegalAction) -> TableError:
    """Options the game's rules refuse: the game's own sentence for why, in the reader's language."""
    return TableError("bad_options", detail=exc.code, because=lambda lang: games.get(game).refusal(exc, lang))


def _copy_settings(settings: GuildSettings) -> GuildSettings:
    """A copy the caller may change without changing what the service remembers."""
    return replace(settings, games={game: dict(values) for game, values in settings.games.items()})


def voters(table: Table) -> list[str]:
    """Who must agree to abandon the game: its players but the bot seats."""
    return [p for p in table.players if not bots.is_bot(p)]


def _valid_setting(name: str, value: Any) -> bool:
    if name == "lang":
        return value in i18n.LANGUAGES
    if name in ("reminder_minutes", "timeout_minutes"):
        return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 60 * 24 * 60
    if name == "timeout_outcome":
        return value in TIMEOUT_OUTCOMES
    return False


def _without(table: Table, player: str) -> Table:
    """The lobby without this player, nor the options they brought."""
    options = {k: ({p: v for p, v in val.items() if p != player} if k in games.get(table.game).player_options
                   and isinstance(val, dict) else val) for k, val in table.options.items()}
    return replace(table, players=[p for p in table.players if p != player], options=options)


@dataclass(slots=True)
class _Step:
    """What the engine says of one action (see `_step`)."""

    state: State
    events: list[Event]
    result: Result | None
    decision_id: int
    waiting: list[str]
    snapshot: tuple[int, str] | None
    quiet: bool          # it showed nothing hidden: its player may ask to take it back (table/undo.py)


def _step(rules: AnyRules, state: State, player: str, action: Action, seq: int, snapshot_every: int) -> _Step:
    """Apply the `seq`-th action, and all the engine work that follows from it (result, next decision,
    whom it waits for, the snapshot when one is due), in one call: one hop to a worker thread at most."""
    before = state
    state, events = rules.apply(state, player, action)
    result = rules.result(state)
    done = result is not None
    snapshot = (seq, rules.dump(state)) if done or seq % snapshot_every == 0 else None
    return _Step(state, list(events), result, games.decision_id(rules, state, seq),
                 [] if done else list(rules.waiting_for(state)), snapshot,
                 not done and not rules.reveals(before, state, events))


def _opening(rules: AnyRules, table: Table) -> State:
    """The state a started table's game opened with, dealt again from its players, options and seed."""
    if table.seed is None:
        raise CorruptRecord(f"table {table.id} started without a seed")
    return rules.new_game(list(table.players), dict(table.options), table.seed)


def _state(table: Table) -> State:
    """The engine state of a table in play or over (a lobby has none, nor a table that could not be restored)."""
    if table.state is None:
        raise TableError("not_started" if table.status == "lobby" else "no_table")
    return table.state


def _timed(fn: Callable, *args) -> tuple[Any, float]:
    """fn(*args) and the CPU seconds it took in this thread (time spent waiting for the GIL excluded)."""
    start = time.thread_time()
    out = fn(*args)
    return out, time.thread_time() - start


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


def _clean_action(action: Any) -> Action:
    """A JSON object with a string "type", exactly as it will be stored and replayed: a copy, through
    a JSON round trip unless the action is plain already (the usual case, and much cheaper)."""
    try:
        action = _plain_copy(action)
    except (_NotPlain, RecursionError):
        try:
            text = json.dumps(action, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise TableError("bad_action") from exc
        action = json.loads(text)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise TableError("bad_action")
    return action


class _NotPlain(Exception):
    """A value a JSON round trip would change (a tuple, a float, a non-string key...)."""


_PLAIN = (str, int, bool, type(None))  # exactly these types, not subclasses: JSON gives them back as they are


def _plain_copy(value: Any) -> Any:
    """A copy of `value`, made of dicts with string keys, lists and _PLAIN values; else _NotPlain."""
    kind = type(value)
    if kind is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlain
            out[key] = _plain_copy(item)
        return out
    if kind is list:
        return [_plain_copy(item) for item in value]
    if kind in _PLAIN:
        return value
    raise _NotPlain


def _reason(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
