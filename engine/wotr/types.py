"""The shapes of War of the Ring's actions and view, as TypedDicts (the kernel's envelope, engine.kernel).

Actions are grouped by the keys they carry (an action's "type" tells them apart), so each group lists the
types that share its keys. `legal_actions` and `view` return these types; tests/conformance/
test_typed_seams.py checks every action offered and every view of seeded games against them at run time.
The listing builders (listing.py and the modules it calls) build these types, so mypy checks their keys,
but for the actions made from parts (cast: the event and combat cards' own choices, characters.Choices)
and the view, which copies the state's dicts (docs/platform.md, "Typed seams").
"""
from typing import Any, Literal, NotRequired, TypedDict

from engine.kernel import Decision, ViewEnvelope

# Action dice faces ("character", "army", "muster", "event", "will", "eye"...): the die an action spends.
Die = str
Deck = Literal["character", "strategy"]


class Plain(TypedDict):
    """An action with nothing to choose but itself."""
    type: Literal["ability_draw", "advance", "balrog_draw", "balrog_keep", "captain_move", "captain_none",
                  "cease_battle", "continue_battle", "crebain_discard", "crebain_keep", "dead_men_none",
                  "decline_draw", "decline_exchange", "done", "draw_tile", "dunland_done", "end_fellowship_phase",
                  "engage", "enter_mordor", "field_battle", "gollum_reveals", "hide_fellowship", "hold",
                  "keep_tile", "lure_corruption", "lure_lose", "move_fellowship", "no_combat_card", "no_exchange",
                  "pass", "retreat_into_siege", "reveal_stop", "sorrow_hand", "sorrow_none", "stay",
                  "strike_hunt", "take_corruption", "wraiths_move", "wraiths_none"]


class DieOnly(TypedDict):
    """A die spent on an action whose details are asked next (or that has none: a skip)."""
    type: Literal["aragorn", "hide_fellowship", "move_armies", "move_companions", "move_fellowship", "move_minions",
                  "skip"]
    die: Die


class CardAction(TypedDict):
    type: Literal["accept_exchange", "combat_card", "combat_decline", "discard", "offer_exchange", "sorrow_table",
                  "strike_discard", "use_table_card"]
    card: str


class RegionAction(TypedDict):
    type: Literal["army_from", "army_to", "dead_men_retreat", "declare", "guide_separates", "nazgul_flee",
                  "place_companion", "retreat", "reveal_step", "separate_to"]
    region: str


class UnitAction(TypedDict):
    """An army unit of one nation and kind (regular, elite, leader, nazgul)."""
    type: Literal["army_stay", "card_casualty", "casualty_unit", "leave_behind", "rearguard", "remove_unit"]
    nation: str
    kind: str


class CharacterAction(TypedDict):
    type: Literal["army_stay_char", "leave_behind_char", "rearguard_char"]
    char: str


class CompanionAction(TypedDict):
    type: Literal["change_guide", "choose_guide", "separate_add"]
    companion: str


class DeckAction(TypedDict):
    type: Literal["draw_deck", "palantir_draw"]
    deck: Deck


class Allocate(TypedDict):
    type: Literal["allocate"]
    dice: int  # the dice put in the Hunt box


# Keys named "from" (a Python keyword) need the functional form.
Attack = TypedDict("Attack", {"type": Literal["attack"], "from": str, "to": str, "die": Die})
WraithsAttack = TypedDict("WraithsAttack", {"type": Literal["wraiths_attack"], "from": str, "to": str})
MoveNazgul = TypedDict("MoveNazgul", {"type": Literal["move_nazgul"], "from": str, "to": str})
DunlandMove = TypedDict("DunlandMove", {"type": Literal["dunland_move"], "from": str, "kind": str})


class CaptainAttack(TypedDict):
    type: Literal["captain_attack"]
    to: str


class BringMinion(TypedDict):
    type: Literal["bring_minion"]
    minion: str
    region: str
    die: Die


class MoveMinion(TypedDict):
    type: Literal["move_minion"]
    minion: str
    to: str


class Casualty(TypedDict):
    type: Literal["casualty"]
    who: Literal["guide", "random"]


class CombatChoiceCount(TypedDict):
    type: Literal["combat_choice"]
    card: str
    count: int


class CombatChoiceChar(TypedDict):
    type: Literal["combat_choice"]
    card: str
    char: str


class CombatChoiceUnit(TypedDict):
    type: Literal["combat_choice"]
    card: str
    nation: str
    kind: str


class CompanionDiplomacy(TypedDict):
    type: Literal["companion_diplomacy"]
    companion: str
    nation: str
    die: Die


class Diplomacy(TypedDict):
    type: Literal["diplomacy"]
    nation: str
    die: Die


class DrawCard(TypedDict):
    type: Literal["draw_card"]
    deck: Deck
    die: Die


class DeadMenRecruit(TypedDict):
    type: Literal["dead_men_recruit"]
    nation: str
    count: int


class ReduceToContinue(TypedDict):
    type: Literal["reduce_to_continue"]
    nation: str


class ElvenRing(TypedDict):
    type: Literal["elven_ring"]
    die: Die  # the face changed
    to: Die  # what it becomes


class GandalfTheWhite(TypedDict):
    type: Literal["gandalf_the_white"]
    region: str
    die: Die


class Group(TypedDict):
    """Companions leaving the Fellowship together."""
    type: Literal["break_off"]
    group: list[str]


class MoveCompanionsTo(TypedDict):
    type: Literal["move_companions_to"]
    group: list[str]
    to: str


class Muster(TypedDict):
    type: Literal["muster"]
    nation: str
    kind: str
    region: str
    die: Die


class MusterSecond(TypedDict):
    type: Literal["muster_second"]
    nation: str
    kind: str
    region: str


class RemoveFigure(TypedDict):
    type: Literal["remove_figure"]
    region: str
    kind: str


class Separate(TypedDict):
    type: Literal["separate"]
    companion: str
    die: Die


class VoiceOfSaruman(TypedDict):
    type: Literal["voice_of_saruman"]
    choice: str
    die: Die


class WhiteRider(TypedDict):
    type: Literal["white_rider"]
    forfeit: bool


# An event card's play (cards/play.py's plays): the card, the die (none when a card lets another be played),
# and the card's own choices (each card's options). "from" needs the functional form.
EventPlay = TypedDict("EventPlay", {
    "card": str, "die": NotRequired[Die],
    "mode": NotRequired[str], "kind": NotRequired[str], "kinds": NotRequired[list[str]],
    "region": NotRequired[str], "regions": NotRequired[list[str]], "from": NotRequired[str],
    "to": NotRequired[str], "nation": NotRequired[str], "first": NotRequired[str],
    "dice": NotRequired[list[Die]], "companions": NotRequired[list[str]],
})


class PlayEvent(EventPlay):
    """An event card played."""
    type: Literal["play_event"]


class ShelterDiscard(TypedDict):
    """The Shadow's way to remove a sheltering table card (cards/free_peoples.py's shelter_discards)."""
    card: str  # the table card discarded
    strategy: str  # the cards it brings back
    character: str


class DiscardTableCard(ShelterDiscard):
    type: Literal["discard_table_card"]
    die: Die

WotrAction = (Plain | DieOnly | CardAction | RegionAction | UnitAction | CharacterAction | CompanionAction
              | DeckAction | Allocate | Attack | WraithsAttack | MoveNazgul | DunlandMove | CaptainAttack
              | BringMinion | MoveMinion | Casualty | CombatChoiceChar | CombatChoiceCount | CombatChoiceUnit
              | CompanionDiplomacy | Diplomacy | DiscardTableCard | DrawCard | DeadMenRecruit | ReduceToContinue
              | ElvenRing | GandalfTheWhite | Group | MoveCompanionsTo | Muster | MusterSecond | RemoveFigure
              | Separate | VoiceOfSaruman | WhiteRider | PlayEvent)


# "from" is a Python keyword: the decision's keys are listed in the functional form.
WotrDecisionKeys = TypedDict("WotrDecisionKeys", {
    "side": str,  # the side it asks
    "player": str,  # the player who decides
    "seat": NotRequired[str],  # a team game: the seat that decides
    "actions": NotRequired[list[WotrAction]],  # the viewer's own decision: what they may do
    # ...and at an "act", where its actions naming no region begin (starts.py): {action, region, then?}
    "starts": NotRequired[list[dict[str, Any]]],
    # Each kind's own details, as it keeps them (the kinds are in docs/wotr.md):
    "by": NotRequired[str], "deck": NotRequired[str], "card": NotRequired[str], "count": NotRequired[int],
    "moves": NotRequired[int], "led": NotRequired[bool], "arrived": NotRequired[list[str] | dict[str, Any]],
    "from": NotRequired[str | None], "to": NotRequired[str], "stay": NotRequired[dict[str, Any]],
    "stay_chars": NotRequired[list[str]], "reach": NotRequired[int], "join": NotRequired[bool],
    "targets": NotRequired[list[str]], "keep_companion": NotRequired[bool], "nazgul": NotRequired[bool],
    "step": NotRequired[str], "mode": NotRequired[str], "attacker": NotRequired[str], "defender": NotRequired[str],
    "nations": NotRequired[list[str]], "round": NotRequired[int], "hits": NotRequired[int | dict[str, Any]],
    "rearguard": NotRequired[dict[str, Any]], "rearguard_chars": NotRequired[list[str]],
    "behind": NotRequired[dict[str, Any]], "behind_chars": NotRequired[list[str]], "chosen": NotRequired[list[str]],
    "stage": NotRequired[str], "played": NotRequired[dict[str, Any]], "queue": NotRequired[list[Any]],
    "mods": NotRequired[dict[str, Any]], "scored": NotRequired[dict[str, Any]], "roll": NotRequired[dict[str, Any]],
    "pending": NotRequired[list[Any]], "no_cease": NotRequired[bool], "committed": NotRequired[bool],
    "seats": NotRequired[dict[str, Any]], "region": NotRequired[str], "bonus": NotRequired[int],
    "moved": NotRequired[int | list[str]], "offered": NotRequired[str | bool | None],
    "damage": NotRequired[int], "unreduced": NotRequired[bool], "casualty": NotRequired[bool], "tile": NotRequired[str], "eye": NotRequired[int],
    "can_reveal": NotRequired[bool], "mordor": NotRequired[bool], "once": NotRequired[bool],
    "level": NotRequired[int], "siege_ok": NotRequired[bool], "first": NotRequired[str], "at": NotRequired[str],
    "left": NotRequired[int], "hunted": NotRequired[list[str]], "group": NotRequired[list[str]],
    "nation": NotRequired[str],
})


class WotrDecision(Decision, WotrDecisionKeys):
    """The decision the game waits on (view.py's `_decision`): its kind, the side and player it asks, and
    the kind's own details."""


class WotrView(ViewEnvelope):
    you: str | None  # a side
    decision: WotrDecision | None
    turn: int
    players: dict[str, str]  # side -> player (a team game: the side's leading player this turn)
    seat: NotRequired[str | None]  # a team game: the viewer's seat
    seats: NotRequired[dict[str, str]]  # seat -> player
    leaders: NotRequired[dict[str, str]]  # side -> its leading seat this turn
    armies: dict[str, Any]  # region -> the units there, by side
    captured: dict[str, Any]
    sieges: dict[str, str]  # region -> the besieged side
    characters: dict[str, str | None]  # character -> where (a region, "fellowship", "eliminated"...)
    fellowship: dict[str, Any]
    hunt: dict[str, Any]
    dice: dict[str, list[str]]  # side -> its action dice left
    dice_count: dict[str, int]
    rings: dict[str, int]
    ring_used: dict[str, bool]
    abilities_used: list[str]
    politics: dict[str, dict[str, Any]]
    reinforcements: dict[str, Any]
    cards: dict[str, Any]
    vp: dict[str, int]
    active: str | None  # the side acting now (the action phase)
    battle: NotRequired[dict[str, Any] | None]  # the battle under way, as the pictures need it (view.py)
    last_move: NotRequired[dict[str, Any] | None]  # {"from", "to", "type"}: the last figure moved
    waiting_for: list[str]
