"""Every action The Confrontation offers, one closed TypedDict per action type (`legal_actions` returns
them, so mypy checks each key a listing builds; tests/confrontation/test_typed_seams.py checks every
action offered in seeded games against them at run time). An action that comes in stays untrusted JSON
until `check` accepts it (engine.kernel.Action)."""
from typing import Literal, NotRequired, TypedDict


class ChooseSpecials(TypedDict):
    type: Literal["choose_specials"]
    cards: list[str]  # the two special cards kept


class AnnounceSpecials(TypedDict):
    type: Literal["announce_specials"]
    count: int


class Draft(TypedDict):
    type: Literal["draft"]
    characters: list[str]


class Place(TypedDict):
    type: Literal["place"]
    placement: dict[str, str]  # character -> region


class Move(TypedDict):
    type: Literal["move"]
    piece: str  # a token
    to: str  # a region


class Attack(TypedDict):
    type: Literal["attack"]
    piece: str


class Shuffle(TypedDict):
    type: Literal["shuffle"]
    region: str


class Special(TypedDict):
    type: Literal["special"]
    card: str
    piece: NotRequired[str]  # the piece it moves, reveals or sends back
    to: NotRequired[str]  # where that piece goes (Shadowfax, The Dark of Mordor)
    region: NotRequired[str]  # the region it looks into (Palantir)


UseType = Literal["balrog", "force_change", "mouth", "gandalf_help"]


class Use(TypedDict):
    """Whether to use a character's power or a card when the rules ask."""
    type: UseType
    use: bool


class Retreat(TypedDict):
    type: Literal["retreat"]
    to: str


class PlayCard(TypedDict):
    type: Literal["card", "magic"]  # a combat card from the hand; a discarded one played through Magic
    card: str


# "with" is a Python keyword: the functional form names it.
Swap = TypedDict("Swap", {"type": Literal["swap"], "with": str})


class Plain(TypedDict):
    """An action with nothing to choose but itself."""
    type: Literal["proceed", "sam_replace", "reveal_frodo", "no_cards", "decline"]


ConfrontationAction = (ChooseSpecials | AnnounceSpecials | Draft | Place | Move | Attack | Shuffle | Special | Use
                       | Retreat | PlayCard | Swap | Plain)
