"""The shared kernel every game implements: errors, seeded randomness, the Rules protocol.

A game is a set of pure functions over a JSON-safe state (see docs/kernel.md). Nothing here does I/O.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, NotRequired, Protocol, Required, TypedDict, TypeVar

from typing_extensions import ReadOnly

# A state and an event are JSON objects whose keys each game chooses; the kernel reads an event's "type"
# only. They stay dicts: a TypedDict cannot say "these keys and any others" to the mypy this project
# runs (PEP 728's extra_items is not supported), and a closed one does not pass where a dict is read.
State = dict[str, Any]
Event = dict[str, Any]
# An action as JSON. What `apply` and `is_legal` take is `Incoming`: whatever comes in (a click, a typed
# line, a bot, one of the game's own offered actions) is untrusted until the game's `check` accepts it.
# What a game offers is typed: `legal_actions` returns its own union of closed TypedDicts, one per action
# type, so mypy checks every action a listing builds:
#
#     class Move(TypedDict):
#         type: Literal["move"]
#         piece: str
#         to: str
#
#     ConfrontationAction = Move | Attack | ...   # engine/confrontation/action_types.py
Action = dict[str, Any]
Incoming = Mapping[str, Any]
View = dict[str, Any]  # a view as the platform passes it on; each game's own type extends ViewEnvelope


class Result(TypedDict, total=False):
    """How a game ended, as `result(state)` gives it: every game gives `reason` (a code of its own) and
    who won, by `winner` or `winners`; the rest is each game's. The platform reads `winner`, `winners`
    and `side` (table/stats.py) and stores the whole as JSON."""

    reason: Required[str]
    winner: str | None  # a player; the Card Game's "players" or "encounter"; None: a drawn match
    winners: list[str]  # every winning player: La Communauté, the Card Game, War of the Ring's team games
    side: str  # the winning side: The Confrontation, War of the Ring
    points: int  # The Confrontation: what the game is worth in a match
    scores: dict[str, int]  # The Confrontation's match, La Communauté: points by player
    games: list[dict[str, Any]]  # The Confrontation's match: the result of each of its games
    detail: dict[str, dict[str, int]]  # La Communauté: where each player's points come from
    outcome: str  # the Card Game: "won" or "lost"
    rounds: int  # the Card Game
    score: int  # the Card Game's score (lower is better)
    victory_points: int  # the Card Game
    campaign: dict[str, Any]  # the Card Game's campaign: its level and the scenarios played
    turn: int  # War of the Ring: the turn it ended on
    late: list[str]  # the platform's own result, a game won on time: the players whose time ran out


class Decision(TypedDict):
    """What every view's "decision" holds: the platform and the presenters read its `kind`, and its `id`
    when the game numbers its decisions (the id a button carries, games.decision_id). Each game's decision
    is a subclass listing the rest of its keys (read-only here, so that a game may narrow them)."""

    kind: ReadOnly[str]
    id: ReadOnly[NotRequired[int]]


class ViewEnvelope(TypedDict):
    """What every game's view holds, whatever the game: each game's view is a subclass listing its keys
    (engine/<id>/view_types.py, engine/wotr/types.py), so that mypy checks every key the view builds."""

    game: ReadOnly[str]
    phase: ReadOnly[str]
    you: ReadOnly[str | None]  # the viewer's seat (a side) or player id in this game; None: the public
    decision: ReadOnly[Decision | None]  # the decision the game waits on; None when none (over)
    log: ReadOnly[list[Event]]  # every public event so far
    result: ReadOnly[Result | None]


class IllegalAction(Exception):
    """An action that is malformed or not allowed now. `code` names the reason; `params` fill its text.

    The localised sentence for each code lives in i18n/<lang>/errors_<game>.json (one namespace per game,
    games/), so the engine stays free of display text while the bot and the console can explain the
    refusal in the player's language.
    """

    def __init__(self, code: str, **params: Any):
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)


class BadSave(ValueError):
    """A dumped state that cannot be read back."""


_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny, fast, and its whole state is one int that lives inside the game state,
    so a game replays identically from (seed, actions) and a dump carries the generator with it."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @staticmethod
    def from_seed(seed: int | str) -> int:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode()[:8].ljust(8, b"\0"), "big") ^ len(seed)
        return Rng(seed * 0x9E3779B97F4A7C15 + 1).next64()

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]


class GameRules:
    """The part of the rules every game shares: the checks that open `apply` (who is playing, the action's
    shape, a game already over), the copy, and the new events sliced off the log; `result`, `dump` and
    `load` too. A game subclasses it and supplies its own steps (docs/kernel.md):

        seat(state, player)        who the player is in this game (a side, an id), None for a stranger
        over(state)                whether the game has ended (default: it has a result)
        check(state, seat, action) refuses anything not legal now (IllegalAction) without touching
                                   `state`, else returns the function that plays the action on a copy
        clone(state)               a copy deep enough for that function to change freely
        SAVE_KEYS                  what a dump must hold to be loaded; readable(state) for more

    Every event a game emits goes to state["log"], so the events of an action are the log's new tail.
    """

    name: str
    SAVE_KEYS: tuple[str, ...] = ()
    # The event types that never show anything hidden (a game lists its own; none by default).
    QUIET_EVENTS: frozenset[str] = frozenset()

    # Positional-only, so that a game may plug in its module functions whatever their argument names.
    def seat(self, state: State, player: Any, /) -> Any: ...

    def check(self, state: State, seat: Any, action: Action, /) -> Callable[[State], None]:
        raise NotImplementedError(f"{type(self).__name__} must say how to check an action")

    def clone(self, state: State, /) -> State:
        raise NotImplementedError(f"{type(self).__name__} must say how to copy a state")

    def over(self, state: State) -> bool:
        return state["result"] is not None

    def apply(self, state: State, player: str, action: Incoming) -> tuple[State, list[Event]]:
        seat = self.seat(state, player)
        if seat is None:
            raise IllegalAction("not_a_player", player=str(player)[:60])
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed_action", action=str(action)[:80])
        if self.over(state):
            raise IllegalAction("game_over")
        play = self.check(state, seat, action)
        new = self.clone(state)
        start = len(new["log"])
        play(new)
        return new, new["log"][start:]

    def result(self, state: State, /) -> Result | None:
        return state["result"]

    def is_legal(self, state: State, player: str, action: Incoming) -> bool:
        """Whether `player` may play `action` now: the same checks as `apply`, without building every
        legal action nor playing it."""
        seat = self.seat(state, player)
        if seat is None or self.over(state) or not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return False
        try:
            self.check(state, seat, action)
        except IllegalAction:
            return False
        return True

    def reveals(self, before: State, after: State, events: list[Event]) -> bool:
        """Whether the action from `before` to `after` (with `events`) showed anyone something hidden,
        so that it may not be taken back: anything drawn at random (a die, a shuffle; the random state
        moved) or an event the game does not list as quiet (a card drawn or played, a piece shown)."""
        return before.get("rng") != after.get("rng") or any(e.get("type") not in self.QUIET_EVENTS for e in events)

    def dump(self, state: State) -> str:
        return dump_json(state)

    def load(self, text: str) -> State:
        state = load_json(text, self.name)
        missing = [key for key in self.SAVE_KEYS if key not in state]
        if missing or not self.readable(state):
            raise BadSave(f"not a readable {self.name} save" + (f": no {', '.join(missing)}" if missing else ""))
        return state

    def readable(self, state: State) -> bool:
        """Checks beyond SAVE_KEYS that a loaded dump is a game this code can go on with."""
        return True


ActionT = TypeVar("ActionT", bound=Mapping[str, Any])
ViewT_co = TypeVar("ViewT_co", bound=ViewEnvelope, covariant=True)


class Rules(Protocol[ActionT, ViewT_co]):
    """What every game module exposes (docs/kernel.md), with the types of the actions it offers and of
    its views: a game's declaration returns `Rules[ItsAction, ItsView]`, which mypy checks against its
    engine (its view type extends `ViewEnvelope`). `apply` and `is_legal` take any JSON object
    (`Incoming`): it is untrusted until `check` accepts it."""

    name: str

    def new_game(self, players: list[str], options: dict, seed: int) -> State: ...
    def legal_actions(self, state: State, player: str) -> list[ActionT]: ...
    def is_legal(self, state: State, player: str, action: Incoming) -> bool: ...
    def apply(self, state: State, player: str, action: Incoming) -> tuple[State, list[Event]]: ...
    def view(self, state: State, viewer: str | None) -> ViewT_co: ...
    def result(self, state: State) -> Result | None: ...
    def reveals(self, before: State, after: State, events: list[Event]) -> bool: ...
    def waiting_for(self, state: State) -> list[str]: ...
    def dump(self, state: State) -> str: ...
    def load(self, text: str) -> State: ...


# Any game's rules, as the platform holds them (table/service.py, games.Game): it passes a game's actions
# and views on to that game's presenter, controls and bot without reading their own keys, so their types
# are the game's business, checked where it is declared (games/<id>.py).
AnyRules = Rules[Any, Any]


def dump_json(state: State) -> str:
    """The state as JSON, keys in their insertion order: engines may iterate dicts, so a load must
    give back the very order the live state had (sorting the keys made restored games drift)."""
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False)


def load_json(text: str, game: str) -> State:
    """Read a dumped state back, refusing anything that is not a dump of `game`."""
    try:
        state = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise BadSave(f"not JSON: {exc}") from exc
    if not isinstance(state, dict) or state.get("game") != game:
        raise BadSave(f"not a {game} game")
    return state
