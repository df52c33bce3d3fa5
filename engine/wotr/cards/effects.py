"""What event cards are made of: the EventCard entry, effects several cards share, and the cards that
stay on the table (p.22-23). The cards themselves are in cards/free_peoples.py and cards/shadow.py; playing
them (paying, discarding) is cards/play.py.

A card's `options(s, side)` lists the choices it offers now (dicts of extra action fields; `[{}]` for
a card without a choice), empty when it cannot be played; `resolve(s, ev, side, choice)` applies it.
A card that stays on the table calls `put_on_table` in its resolve instead of being discarded, and
leaves it by `leave_table` when its own text says so.

A card whose effect asks a player something opens a decision of its own kind (a `CardDecision`: its
legal actions and their handlers; actions.py asks play.DECISIONS for kinds it does not know). A
card that goes on after a decision it opened ("move the Nazgûl, then...") pushes `then(s, side, card)`
below that decision: when the decision is closed, turn.advance runs the card's `then` (EventCard.then).
A card that opens a move of companions (a decision carrying `card`) and does more once it is over gives
`after`: play.after_move runs it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.wotr.armies import SETTLEMENTS, besieged, garrison_lost
from engine.wotr.battle import _regular_for_elite, eliminate_followers
from engine.wotr.cards.decks import check_hand_limit, draw
from engine.wotr.state import (
    FP,
    FP_NATIONS,
    REGIONS,
    SH,
    SH_NATIONS,
    add_reinforcements,
    add_units,
    at_war,
    controller,
    has_army_unit,
    log_event,
    other,
    roll,
    units_of,
)
from engine.wotr.types import UnitAction, WotrAction


@dataclass(frozen=True)
class EventCard:
    options: Callable[[dict, str], list[dict]]
    resolve: Callable[[dict, list, str, dict], None]
    after: Callable[[dict, list], None] | None = None          # "then...": once the move it opened is over
    then: Callable[[dict, list, dict], None] | None = None     # (s, ev, the card_then entry)
    stays_while: Callable[[dict], bool] | None = None          # a table card's condition to stay


@dataclass(frozen=True)
class CardDecision:
    """A decision a card's effect opens: `actions(s, ask)` lists its legal actions, `handlers` plays
    each action type (s, ev, ask, action); a handler closes the decision when it is over."""
    actions: Callable[[dict, dict], Sequence[WotrAction]]
    handlers: dict[str, Callable[[dict, list, dict, dict], None]]


def then(s: dict, side: str, card: str, **fields) -> None:
    """Pushed below the decision a card opens: the rest of the card runs once that decision closes."""
    s["ask"].append({"kind": "card_then", "side": side, "card": card, **fields})


def always(s: dict, side: str) -> bool:
    """The condition of a card playable at any time (a named function: mypyc cannot compile a lambda
    as a default argument value)."""
    return True


def no_choice(condition: Callable[[dict, str], bool] = always):
    """`options` of a card without a choice, playable when `condition` holds."""
    return lambda s, side: [{}] if condition(s, side) else []


def all_shadow_at_war(s: dict, side: str) -> bool:
    return all(at_war(s, n) for n in SH_NATIONS)


def revealed(s: dict, side: str) -> bool:
    return not s["fellowship"]["hidden"]


def away_from_fp_settlements(s: dict, side: str) -> bool:
    """The Fellowship not in a region holding a Free Peoples settlement (one the Free Peoples still
    control; on the Mordor track it is in no region at all)."""
    f = s["fellowship"]
    if f["mordor"] is not None:
        return True
    r = REGIONS[f["pos"]]
    return not (r["settlement"] in SETTLEMENTS and r["nation"] in FP_NATIONS and controller(s, f["pos"]) == FP)


def heal(s: dict, ev: list, n: int) -> None:
    f = s["fellowship"]
    healed = min(n, f["corruption"])
    f["corruption"] -= healed
    log_event(s, ev, "corruption_healed", by=healed, corruption=f["corruption"])


def may_recruit_in(s: dict, region: str, side: str, armies: dict | None = None, free: bool = False) -> bool:
    """A card recruits only where no enemy army unit stands and no enemy controls the settlement (a
    region without one, a Fortification included, is controlled by no one: p.27), but a besieged
    Stronghold: there the besiegers hold the region around it (p.31-32), so their cards recruit there,
    and the garrison the Stronghold, where a card recruits too (p.27; the siege limit then applies)
    unless it asks for a `free` region, which the besiegers' region is not for the garrison.
    `armies`: the state's army_map when the caller has it already."""
    enemy = other(side)
    if region in armies[enemy] if armies else has_army_unit(s, region, enemy):
        under = besieged(s, region)                 # the side inside, when both sides stand there
        return under is not None and not (free and under == side)
    return not (REGIONS[region]["settlement"] in SETTLEMENTS and controller(s, region) == enemy)


def recruit_fixed(s: dict, ev: list, side: str, nation: str, kind: str, region: str, n: int,
                  taking_control: bool = False) -> None:
    """Up to n figures from the reinforcements (as many as are left: the effect goes as far as it can);
    `taking_control`: a settlement the enemy holds does not stop it (Dead Men of Dunharrow)."""
    n = min(n, s["reinforcements"][nation].get(kind, 0))
    if n and (may_recruit_in(s, region, side) or taking_control and not has_army_unit(s, region, other(side))):
        add_reinforcements(s, nation, kind, -n)
        add_units(s, region, nation, kind, n)
        log_event(s, ev, "card_recruited", side=side, nation=nation, kind=kind, region=region, count=n)


def recruits(*placements: tuple[str, str, str, int]) -> Callable[[dict, list, str, dict], None]:
    """`resolve` of a card recruiting fixed figures: (nation, kind, region, count) each."""
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        for nation, kind, region, n in placements:
            recruit_fixed(s, ev, side, nation, kind, region, n)
    return resolve


def draw_cards(s: dict, ev: list, side: str, deck: str, n: int) -> None:
    """A card's "then draw": n cards of the deck (as many as it holds), then the hand limit."""
    for _ in range(n):
        draw(s, ev, side, deck)
    check_hand_limit(s, side)


# --- hits a card scores against an army, outside a battle --------------------------------------------

def card_roll(s: dict, ev: list, card: str, n: int, need: int) -> int:
    """n dice, each `need` or more counting: how many counted."""
    dice = [roll(s) for _ in range(n)]
    log_event(s, ev, "card_roll", card=card, dice=dice, need=need)
    return sum(d >= need for d in dice)


def card_hits(s: dict, ev: list, side: str, region: str, hits: int) -> None:
    """`hits` a card scores on `side`'s army in `region` (either side's card), taken by its owner as in a
    battle (p.30): a Regular, an Elite reduced to a Regular or, for two hits, an Elite lost; the owner's
    decision `card_casualties` when there is a choice. An army wiped out takes its leaders, Nazgûl and
    characters with it."""
    if hits:
        s["ask"].append({"kind": "card_casualties", "side": side, "region": region, "hits": hits})
        absorb_card_hits(s, ev)


def card_casualty_options(s: dict, ask: dict) -> list[UnitAction]:
    out: list[UnitAction] = []
    for n, u in sorted(units_of(s, ask["region"], ask["side"]).items()):
        if u.get("regular"):
            out.append({"type": "card_casualty", "nation": n, "kind": "regular"})
        if u.get("elite"):
            out.append({"type": "card_casualty", "nation": n, "kind": "reduce"})
            if ask["hits"] >= 2:
                out.append({"type": "card_casualty", "nation": n, "kind": "elite"})
    return out


def _lose(s: dict, ev: list, side: str, region: str, nation: str, kind: str) -> None:
    """A unit off the board: the Shadow's back to its reinforcements, the Free Peoples' for good."""
    add_units(s, region, nation, kind, -1)
    if side == SH:
        add_reinforcements(s, nation, kind, 1)
    log_event(s, ev, "casualty", side=side, region=region, nation=nation, kind=kind)


def _hit(s: dict, ev: list, ask: dict, nation: str, kind: str) -> None:
    _lose(s, ev, ask["side"], ask["region"], nation, "elite" if kind == "reduce" else kind)
    if kind == "reduce":
        _regular_for_elite(s, ask["region"], nation)
    ask["hits"] -= 2 if kind == "elite" else 1


def _card_casualty(s: dict, ev: list, ask: dict, action: dict) -> None:
    """The owner's choice in `card_casualties`."""
    _hit(s, ev, ask, action["nation"], action["kind"])
    absorb_card_hits(s, ev)


def absorb_card_hits(s: dict, ev: list) -> None:
    """Takes the hits that leave no choice (all the army, or one option); closes the decision once none
    is left, or waits for the owner's choice."""
    ask = s["ask"][-1]
    side, region = ask["side"], ask["region"]
    while ask["hits"] > 0 and has_army_unit(s, region, side):
        units = units_of(s, region, side)
        if ask["hits"] >= sum(u.get("regular", 0) + 2 * u.get("elite", 0) for u in units.values()):
            for n, u in sorted(units.items()):
                for kind in ("regular", "elite"):
                    for _ in range(u.get(kind, 0)):
                        _lose(s, ev, side, region, n, kind)
            break
        options = card_casualty_options(s, ask)
        if len(options) > 1:
            return
        _hit(s, ev, ask, options[0]["nation"], options[0]["kind"])
    s["ask"].pop()
    if not has_army_unit(s, region, side):
        eliminate_followers(s, ev, region, side)
        garrison_lost(s, ev, side, region)


def destroy_army(s: dict, ev: list, side: str, region: str) -> None:
    """Every army unit of the side in the region lost, its leaders, Nazgûl and characters with it."""
    for n, u in sorted(units_of(s, region, side).items()):
        for kind in ("regular", "elite"):
            for _ in range(u.get(kind, 0)):
                _lose(s, ev, side, region, n, kind)
    eliminate_followers(s, ev, region, side)
    garrison_lost(s, ev, side, region)


# The decisions every card may open (each side's own cards' decisions are in free_peoples.py and shadow.py).
CARD_DECISIONS = {"card_casualties": CardDecision(card_casualty_options, {"card_casualty": _card_casualty})}


# --- cards that stay on the table ----------------------------------------------------------------------

def put_on_table(s: dict, ev: list, side: str, card: str) -> None:
    """Called from a card's resolve: the card stays in play (public) instead of going to the discards."""
    s["table"][side].append(card)
    log_event(s, ev, "card_on_table", side=side, card=card)


def on_table(s: dict, card: str) -> bool:
    return any(card in cards for cards in s["table"].values())


def leave_table(s: dict, ev: list, side: str, card: str) -> None:
    """A card on the table goes to its side's discard pile (its text says when)."""
    s["table"][side].remove(card)
    s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}     # shared: replaced, not changed
    log_event(s, ev, "card_left_table", side=side, card=card)
