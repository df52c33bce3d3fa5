"""Every action La Communauté offers, one closed TypedDict per action type (`legal_actions` returns them,
so mypy checks each key a listing builds; tests/conformance/test_typed_seams.py checks every action
offered in seeded games against them at run time). An action that comes in stays untrusted JSON until
`check` accepts it (engine.kernel.Action)."""
from typing import Literal, NotRequired, TypedDict


class Move(TypedDict):
    type: Literal["move"]
    die: int  # the die spent
    steps: int  # how far the hobbit goes


class Fight(TypedDict):
    type: Literal["fight"]
    companion: NotRequired[str]  # a companion who helps


class Reroll(TypedDict):
    type: Literal["reroll"]
    card: str  # the kept event card that allows it
    die: Literal["strength", "fight"]


class Pay(TypedDict):
    """Whether to pay movement points: to try again (repeat) or to cross the Ford."""
    type: Literal["repeat", "ford"]
    pay: bool


class Saruman(TypedDict):
    type: Literal["saruman"]
    choice: Literal["back", "movement"]


class Accept(TypedDict):
    type: Literal["arwen", "galadriel"]
    accept: bool


class GiveCompanion(TypedDict):
    type: Literal["give_companion"]
    companion: str
    to: str  # a player


class ChooseCompanion(TypedDict):
    type: Literal["choose_companion"]
    companion: str | None  # None: none of them


class GiveWeapon(TypedDict):
    type: Literal["give_weapon"]
    weapon: str
    to: str


class DiscardWeapon(TypedDict):
    type: Literal["discard_weapon"]
    weapon: str


FellowshipAction = (Move | Fight | Reroll | Pay | Saruman | Accept | GiveCompanion | ChooseCompanion | GiveWeapon
                    | DiscardWeapon)
