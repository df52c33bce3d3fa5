"""The shape of The Confrontation's view (view.py): the kernel's envelope and this game's keys, so mypy
checks every key `view` builds; tests/confrontation/test_typed_seams.py checks views of seeded games
against it at run time."""
from typing import Any, NotRequired, TypedDict

from engine.kernel import Decision, ViewEnvelope


class ConfrontationDecision(Decision):
    id: int
    sides: list[str]  # the sides it waits on
    waiting_for: list[str]  # their players


class PieceView(TypedDict):
    token: str
    side: str
    region: str
    character: str | None  # None: hidden from this viewer
    revealed: bool
    known: bool
    permanent: bool


class SpecialsView(TypedDict):
    held: list[str] | None  # None: hidden from this viewer
    count: int
    used: list[str]


class CombatView(TypedDict):
    region: str
    attacker: str  # a token
    defender: str | None
    fighters: dict[str, str | None]  # side -> token
    cards: dict[str, str | None]  # side -> card, None while hidden
    chosen: dict[str, bool]
    strength: dict[str, Any] | None


class MatchView(TypedDict):
    game: int  # 1 or 2
    scores: dict[str, int]
    games: list[dict[str, Any]]


class ConfrontationView(ViewEnvelope):
    you: str | None  # a side
    decision: ConfrontationDecision
    options: dict[str, Any]
    players: dict[str, str]  # side -> player
    turn: str | None  # the side to play; None before play
    turn_number: int
    pieces: list[PieceView]
    hand_sizes: dict[str, int]
    discards: dict[str, list[str]]
    defeated: dict[str, list[str]]
    specials: dict[str, SpecialsView]
    setup_done: dict[str, bool]
    ring_bearer: str | None
    combat: CombatView | None
    last_move: dict[str, Any] | None
    match: MatchView | None
    bookkeeping: dict[str, Any]  # the rules' public notes (sampler.py)
    hand: NotRequired[list[str]]  # a side's own combat cards
    to_place: NotRequired[list[str]]  # characters a side still places
    draft: NotRequired[dict[str, list[str] | None]]  # the draft modes: each side's characters, if shown
