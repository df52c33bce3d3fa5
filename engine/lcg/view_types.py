"""The shape of the Card Game's view (view.py): the kernel's envelope and this game's keys, so mypy checks
every key `view` builds; tests/conformance/test_typed_seams.py checks views of seeded games against it at
run time."""
from typing import Any, NotRequired, TypedDict

from engine.kernel import Decision, ViewEnvelope


class LcgDecision(Decision):
    id: int
    player: str  # the player it asks first
    waiting_for: list[str]
    # The public details each kind carries:
    name: NotRequired[str]  # an action window: its name (the phase's step)
    passes: NotRequired[int]
    passed: NotRequired[list[str]]
    prompt: NotRequired[str]  # a choice: what it is about
    optional: NotRequired[bool]
    enemy: NotRequired[str]  # defending, attacking: the enemy
    chosen: NotRequired[list[str]]  # attackers chosen so far
    joining: NotRequired[bool]
    sentinel: NotRequired[bool]
    done: NotRequired[list[str]]  # committing: who is done
    ev: NotRequired[dict[str, Any]]  # a response: the event it answers
    used: NotRequired[list[str]]
    # Only for the player it asks:
    options: NotRequired[list[Any]]  # a choice's options
    cards: NotRequired[dict[str, str]]  # which card each option is


class PileCard(TypedDict):
    uid: str
    id: str


class ShadowCard(TypedDict):
    uid: str | None  # None while face down
    id: str | None


class CardView(TypedDict):
    """A card in play."""
    uid: str
    id: str
    exhausted: bool
    damage: int
    resources: int
    progress: int
    attachments: list["CardView"]
    stats: NotRequired[dict[str, int]]  # current values (willpower, attack...)
    shadow: NotRequired[list[ShadowCard]]
    tokens: NotRequired[dict[str, Any]]
    guarded_by: NotRequired[str]


class LcgPlayerView(TypedDict):
    threat: int
    eliminated: bool
    heroes: list[CardView]
    allies: list[CardView]
    engaged: list[CardView]
    hand_size: int
    deck_size: int
    discard: list[PileCard]
    dead_heroes: list[PileCard]
    prisoner: PileCard | None
    deck_attachments: list[PileCard]


class QuestView(TypedDict):
    uid: str
    id: str
    stage: int
    progress: int
    quest_points: int


class AttackView(TypedDict):
    enemy: str
    player: str
    defenders: list[str]


class CampaignView(TypedDict):
    level: int
    scenarios: list[str]
    played: list[dict[str, Any]]


class LcgView(ViewEnvelope):
    decision: LcgDecision | None
    options: dict[str, Any]
    round: int
    order: list[str]
    first_player: str
    active_players: list[str]
    players: dict[str, LcgPlayerView]
    quest: QuestView | None
    quest_deck_size: int
    staging: list[CardView]
    active_location: CardView | None
    encounter_deck_size: int
    encounter_discard: list[PileCard]
    victory_display: list[PileCard]
    set_aside: list[PileCard]
    revealing: list[PileCard]
    being_played: list[PileCard]
    committed: list[str]
    attack: AttackView | None
    lasting: list[dict[str, Any]]  # lasting effects
    campaign: CampaignView | None
    hand: NotRequired[list[PileCard]]  # a player's own
    seen: NotRequired[dict[str, Any]]  # what a player has looked at
