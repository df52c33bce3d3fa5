"""Every action the Card Game offers, one closed TypedDict per action type (`legal_actions` returns them,
so mypy checks each key a listing builds; tests/conformance/test_typed_seams.py checks every action
offered in seeded games against them at run time). An action that comes in stays untrusted JSON until
`check` accepts it (engine.kernel.Action)."""
from typing import Any, Literal, NotRequired, TypedDict

# A payment: resources taken from each hero, {hero uid: count}.
Payment = dict[str, int]


class Plain(TypedDict):
    """An action with nothing to choose but itself: keep or take a mulligan, pass an action window,
    be done (committing, defending, attacking), decline, take an attack undefended, resolve an attack."""
    type: Literal["keep", "mulligan", "pass", "done", "decline", "no_defender", "resolve"]


class Play(TypedDict):
    type: Literal["play"]
    card: str  # a uid in the hand
    pay: Payment
    x: NotRequired[int]  # a cost the player chooses (an event's X)


class Activate(TypedDict):
    type: Literal["activate"]
    card: str  # a uid in play
    ability: str


class Respond(TypedDict):
    type: Literal["respond"]
    card: str
    pay: NotRequired[Payment]  # a response played from the hand, not free


class CardChoice(TypedDict):
    """A card committed to the quest, declared as a defender or as an attacker."""
    type: Literal["commit", "defend", "attacker"]
    card: str


class Attack(TypedDict):
    type: Literal["attack"]
    enemy: str


class Choose(TypedDict):
    type: Literal["choose"]
    choice: Any  # one of the decision's options (a uid, a player...)


LcgAction = Plain | Play | Activate | Respond | CardChoice | Attack | Choose
