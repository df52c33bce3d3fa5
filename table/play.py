"""Play: taking an action, taking actions back, abandoning, claiming a timeout, a moderator's clear."""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field, replace
from typing import Any

import games
from engine.kernel import Action, AnyRules, Event, Result, State
from table import bots, timers, undo
from table.errors import TableError
from table.memory import _copy, _opening, _state
from table.models import ActionRecord, Table
from table.settings import Settings


class Play(Settings):
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
            new.last_reminder_at, new.timeout_notified, new.undo_request = None, False, None  # a move ends a request
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
        player has no action in force), undo_reveals, stale. The other players' consent is asked first
        with `ask_undo` and `vote_undo` (this is what they call once everyone agreed)."""
        player = str(player)
        async with self._lock(channel_id):
            table = await self._load_active(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            return await self._take_back(table, player, seq)

    async def _take_back(self, table: Table, player: str, seq: int) -> tuple[Table, list[Event]]:
        """`undo` under the channel's lock."""
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
        new.last_reminder_at, new.timeout_notified, new.undo_request = None, False, None
        new.undone = table.undone + len(back) + 1  # the undo record and what it cancelled
        action = {"type": undo.UNDO, "count": len(back)}
        record = ActionRecord(table.id, seq + 1, player, action, table.decision_id, events, now)
        await self._store(self.store.append_action(new, record, snapshot=(seq + 1, rules.dump(state))), new)
        self._quiet.pop(table.id, None)
        return _copy(new), events

    async def ask_undo(self, channel_id: int, player: str, seq: int) -> UndoOutcome:
        """`player` asks to take back their move `seq` (what their "Take back" was under). Alone with bots
        it is taken back at once. Otherwise the request is stored with the table (several processes,
        restarts) with its own votes, the asker's first: asked again by the same player for the table as
        it is, nothing changes ("repeated"); asked by another player, theirs replaces the open one
        (`superseded` names whose). TableError: undo_too_late (not their latest quiet move any more)."""
        player = str(player)
        async with self._lock(channel_id):
            table = await self._load_active(channel_id)
            if player not in table.players:
                raise TableError("not_in_game")
            if self.undoable(channel_id, player) != seq:
                raise TableError("undo_too_late")
            if not deciders(table, player):
                new, events = await self._take_back(table, player, table.seq)
                return UndoOutcome("taken_back", new, events)
            request = table.undo_request
            if request is not None and request["seq"] == table.seq and request["asker"] == player:
                return UndoOutcome("repeated", _copy(table), waiting=still_to_accept(table, request))
            superseded = request["asker"] if request is not None and request["seq"] == table.seq else None
            asked = {"asker": player, "seq": table.seq, "votes": [player]}
            new = await self._save(replace(table, undo_request=asked))
            return UndoOutcome("asked", new, waiting=still_to_accept(new, asked), superseded=superseded)

    async def vote_undo(self, channel_id: int, voter: str, asker: str, seq: int, accept: bool) -> UndoOutcome:
        """Another person at the table accepts or refuses `asker`'s request made at `seq`. A vote counts
        for that request only: one another player's request replaced, or any move since, makes it stale.
        One refusal drops the request; the last acceptance takes the move back. TableError: undo_stale,
        undo_not_yours_to_decide."""
        voter, asker = str(voter), str(asker)
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            request = table.undo_request if table is not None and table.status == "active" else None
            if request is None or table is None or (request["asker"], request["seq"], table.seq) != (asker, seq, seq):
                raise TableError("undo_stale")
            if voter not in deciders(table, asker):
                raise TableError("undo_not_yours_to_decide")
            if not accept:
                return UndoOutcome("refused", await self._save(replace(table, undo_request=None)))
            if voter in request["votes"]:
                return UndoOutcome("repeated", _copy(table), waiting=still_to_accept(table, request))
            votes = {**request, "votes": [*request["votes"], voter]}
            if still_to_accept(table, votes):
                new = await self._save(replace(table, undo_request=votes))
                return UndoOutcome("counted", new, waiting=still_to_accept(new, votes))
            new, events = await self._take_back(table, asker, seq)
            return UndoOutcome("taken_back", new, events)

    async def abandon(self, channel_id: int, by: str, *, manage_channel: bool = False,
                      table_id: int | None = None) -> Table:
        """End the channel's table. A lobby: its creator (or a moderator) closes it. A running game
        ends when every person playing agreed (each call is one vote; bot seats do not vote) or at once
        by a moderator (Manage Channels). The table keeps its last state and `abandon_votes` records
        who ended it. With `table_id`, only that table: TableError("table_not_running") if the channel
        holds another one now (or none)."""
        by = str(by)
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if table_id is not None and (table is None or table.id != table_id
                                         or not (table.live or table.status == "broken")):
                raise TableError("table_not_running", id=table_id)
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

    async def clear(self, guild_id: int, table_id: int, by: str) -> Table:
        """A moderator ends a table of their server from anywhere (what `abandon` does for them in its
        channel): the channel it held is free again."""
        row = await self._read(self.store.table_by_id(table_id))
        if row is None or row.guild_id != guild_id:
            raise TableError("unknown_table")
        return await self.abandon(row.channel_id, by, manage_channel=True, table_id=table_id)


def deciders(table: Table, asker: str) -> set[str]:
    """Who must agree to take back `asker`'s move: every person at the table but them (bots accept)."""
    return {p for p in table.players if p != asker and not bots.is_bot(p)}


def still_to_accept(table: Table, request: dict) -> list[str]:
    """Who has yet to accept `request`, in seat order."""
    asked = deciders(table, request["asker"])
    return [p for p in table.players if p in asked and p not in request["votes"]]


@dataclass
class UndoOutcome:
    """What a take-back request or vote came to: "asked", "repeated" (nothing changed), "counted",
    "refused" or "taken_back" (then `events` holds the undo's)."""

    status: str
    table: Table
    events: list[Event] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)   # who has yet to accept
    superseded: str | None = None                      # the asker of the request this one replaced


def voters(table: Table) -> list[str]:
    """Who must agree to abandon the game: its players but the bot seats."""
    return [p for p in table.players if not bots.is_bot(p)]


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
