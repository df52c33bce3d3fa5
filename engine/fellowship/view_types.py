"""The shape of La Communauté's view (view.py): the kernel's envelope and this game's keys, so mypy
checks every key `view` builds; tests/conformance/test_typed_seams.py checks views of seeded games
against it at run time."""
from typing import Any, NotRequired, TypedDict

from engine.kernel import Decision, ViewEnvelope

from .action_types import FellowshipAction


class MoveOption(TypedDict):
    die: int
    steps: int
    cost: int  # movement points paid
    to: int  # the space it ends on
    stop: str | None  # the adventure that stops it there


class FellowshipDecision(Decision):
    id: int
    player: str
    waiting_for: list[str]
    card: NotRequired[str]  # the event card that asks (Saruman, Arwen, Galadriel, giving a companion)
    companion: NotRequired[str]  # a companion to pass on
    weapons: NotRequired[list[str]]  # a weapon to give away: the two at hand
    chain: NotRequired[list[str]]  # the players who already had to choose
    extra: NotRequired[bool]  # a companion chosen beyond the first
    options: NotRequired[list[MoveOption]]  # a move: where each ends
    finish_needs_lower_die: NotRequired[bool]


class WeaponView(TypedDict):
    card: str
    bonus: int
    usable: bool


class PlayerView(TypedDict):
    id: str
    hobbit: str
    position: int | None  # None: arrived at the end of the stage (or not yet placed)
    arrived: int | None  # the rank of arrival at the stage's end
    hero: int  # hero points
    movement: int
    ring_bearer: bool
    weapon: WeaponView | None
    companions: list[str]
    companions_usable: bool
    kept: list[str]  # event cards kept to play later


class TurnView(TypedDict):
    number: int
    order: list[str]
    index: int
    current: str | None
    dice: list[int] | None
    strength: dict[str, int]
    movement_die: dict[str, int]
    no_fight: bool


class Odds(TypedDict):
    hobbit: int  # the fighter's total so far
    enemy: int  # the enemy's strength, before Sauron's die
    wins_on: dict[str, int]  # with each companion ("": none), on how many of the die's faces the hobbit wins


class FightView(TypedDict):
    enemy: str
    strengths: list[int]
    round: int
    fighter: str | None
    fight_die: int | None
    companion: str | None
    enemy_strength_ignored: bool
    sauron_die_by: str | None
    odds: NotRequired[Odds]  # before the fighter chooses


class BoardView(TypedDict):
    length: int
    finish: int
    start_spaces: int
    event_spaces: list[int]
    adventure_spaces: dict[str, list[int]]
    finish_values: list[int]


class FellowshipView(ViewEnvelope):
    decision: FellowshipDecision | None
    options: dict[str, Any]
    stage: int
    stage_id: str
    board: BoardView
    players: list[PlayerView]
    ring_bearer: str
    arrivals: list[str]
    turn: TurnView | None
    fight: FightView | None
    decks: dict[str, int]  # cards left in each deck
    discards: dict[str, list[str]]
    rivendell_companions: list[str]
    aragorn_waiting: bool
    removed: list[str]
    peek: NotRequired[dict[str, str | None]]  # the Ring-bearer's look at the top cards
    seen_events: NotRequired[list[str]]
    legal_actions: NotRequired[list[FellowshipAction]]  # the player the game waits on: theirs
