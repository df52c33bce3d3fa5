"""Playing the event half of an event card (p.22-23): with an Event die (or a Will of the West), or
with a die of the type the card names (`played_with`: character, army or muster); the card's
preconditions are checked here, its effect applied, then the card is discarded.

Each implemented card is one entry of IMPLEMENTED: `options(s, side)` lists the choices the card
offers now (dicts of extra action fields; `{}` for a card without a choice), empty when the card
cannot be played; `resolve(s, ev, side, choice)` applies it. A card not in IMPLEMENTED is never
offered, and playing it is refused as `card_not_implemented` (docs/wotr.md lists every card's status).
Combat halves are not played yet: the battle's card step stays empty (engine/wotr/battle.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Callable

from engine.wotr.armies import check_stacking
from engine.wotr.dice import PAYS
from engine.wotr.politics import activate, auto_advance
from engine.wotr.state import (
    CARDS,
    FP,
    FP_NATIONS,
    SH,
    SH_NATIONS,
    _emit,
    add_reinforcements,
    add_units,
    at_war,
    controller,
    has_army_unit,
    in_play,
    other,
    place_char,
    roll,
)


@dataclass(frozen=True)
class EventCard:
    options: Callable[[dict, str], list[dict]]
    resolve: Callable[[dict, list, str, dict], None]


def faces_for(s: dict, side: str, card: str) -> list[str]:
    """The held faces that may pay for this card: Event, Will of the West, or the card's own type."""
    pays = set(PAYS["event"]) | set(PAYS[CARDS[card]["played_with"]])
    return sorted(f for f in set(s["dice"][side]) if f in pays)


def plays(s: dict, side: str) -> list[dict]:
    """Every play of an implemented event card in the side's hand now (without the die)."""
    out = []
    for card in sorted(set(s["hands"][side])):
        impl = IMPLEMENTED.get(card)
        if impl is not None:
            out += [{"card": card, **choice} for choice in impl.options(s, side)]
    return out


def play(s: dict, ev: list, side: str, card: str, choice: dict) -> None:
    """The card leaves the hand, its effect is applied, then it goes to its side's discard pile."""
    s["hands"][side].remove(card)
    _emit(s, ev, "event_played", side=side, card=card, **choice)
    IMPLEMENTED[card].resolve(s, ev, side, choice)
    check_stacking(s, side)          # a card's recruits obey the stacking limit like any others
    s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}     # shared: replaced, not changed


# --- shared effects -----------------------------------------------------------------------------------

def heal(s: dict, ev: list, n: int) -> None:
    f = s["fellowship"]
    healed = min(n, f["corruption"])
    f["corruption"] -= healed
    _emit(s, ev, "corruption_healed", by=healed, corruption=f["corruption"])


def may_recruit_in(s: dict, region: str, side: str) -> bool:
    """A card recruits only where no enemy army unit stands and no enemy controls the settlement."""
    return not has_army_unit(s, region, other(side)) and controller(s, region) in (None, side)


def recruit_fixed(s: dict, ev: list, side: str, nation: str, kind: str, region: str, n: int) -> None:
    """Up to n figures from the reinforcements (as many as are left: the effect goes as far as it can)."""
    n = min(n, s["reinforcements"][nation].get(kind, 0))
    if n and may_recruit_in(s, region, side):
        add_reinforcements(s, nation, kind, -n)
        add_units(s, region, nation, kind, n)
        _emit(s, ev, "card_recruited", side=side, nation=nation, kind=kind, region=region, count=n)


def _no_choice(condition: Callable[[dict, str], bool] = lambda s, side: True):
    return lambda s, side: [{}] if condition(s, side) else []


def _all_shadow_at_war(s: dict, side: str) -> bool:
    return all(at_war(s, n) for n in SH_NATIONS)


def _recruits(*placements: tuple[str, str, str, int]) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        for nation, kind, region, n in placements:
            recruit_fixed(s, ev, side, nation, kind, region, n)
    return resolve


# --- the cards ----------------------------------------------------------------------------------------

def _bilbos_song(s: dict, ev: list, side: str, choice: dict) -> None:
    heal(s, ev, 2 if s["fellowship"]["guide"] == "gollum" else 1)


def _athelas(s: dict, ev: list, side: str, choice: dict) -> None:
    need = 3 if s["fellowship"]["guide"] == "strider" else 5
    dice = [roll(s) for _ in range(3)]
    _emit(s, ev, "card_roll", card="fp_char_09", dice=dice, need=need)
    heal(s, ev, sum(d >= need for d in dice))


def _wisdom_of_elrond_options(s: dict, side: str) -> list[dict]:
    return [{"nation": n} for n in FP_NATIONS]


def _wisdom_of_elrond(s: dict, ev: list, side: str, choice: dict) -> None:
    activate(s, ev, choice["nation"])
    auto_advance(s, ev, choice["nation"])


def _red_arrow_options(s: dict, side: str) -> list[dict]:
    return [{"kind": k} for k in ("regular", "elite")] if s["politics"]["gondor"]["active"] else []


def _red_arrow(s: dict, ev: list, side: str, choice: dict) -> None:
    auto_advance(s, ev, "rohan")
    recruit_fixed(s, ev, side, "rohan", choice["kind"], "edoras", 1)
    recruit_fixed(s, ev, side, "rohan", "leader", "edoras", 1)


def _one_unit_options(nation: str) -> Callable[[dict, str], list[dict]]:
    """Olog-hai, Half-orcs and Goblin-men: one unit of the nation at war where a Shadow army stands."""
    def options(s: dict, side: str) -> list[dict]:
        if not at_war(s, nation):
            return []
        return [{"kind": k, "region": r} for r in sorted(s["units"]) if has_army_unit(s, r, SH)
                and may_recruit_in(s, r, SH) for k in ("regular", "elite")
                if s["reinforcements"][nation].get(k, 0)]
    return options


def _one_unit(nation: str) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        recruit_fixed(s, ev, side, nation, choice["kind"], choice["region"], 1)
    return resolve


def _day_without_dawn(s: dict, ev: list, side: str, choice: dict) -> None:
    lost = s["dice"][FP].count("will_of_the_west")
    s["dice"][FP] = [f for f in s["dice"][FP] if f != "will_of_the_west"]
    _emit(s, ev, "dice_discarded", side=FP, face="will_of_the_west", count=lost)


def _mirror_of_galadriel(s: dict, ev: list, side: str, choice: dict) -> None:
    """An unused Character die becomes a Will of the West (if one is left after paying); one corruption
    healed when the Fellowship is in a Lórien its side still holds."""
    dice = s["dice"][FP]
    if "character" in dice:
        dice.remove("character")
        dice.append("will_of_the_west")
        dice.sort()
        _emit(s, ev, "die_changed", side=FP, face="character", to="will_of_the_west")
    f = s["fellowship"]
    if f["mordor"] is None and f["pos"] == "lorien" and controller(s, "lorien") == FP:
        heal(s, ev, 1)


def _lidless_eye_choices(s: dict, side: str) -> list[dict]:
    """Up to three of the Shadow's unused dice, leaving one die to pay with (a chosen face the paying
    die used up is simply not changed: the effect goes as far as it can)."""
    held = sorted(s["dice"][SH])
    return [{"dice": list(faces)} for n in (1, 2, 3) if n < len(held)
            for faces in sorted(set(combinations(held, n)))]


def _lidless_eye(s: dict, ev: list, side: str, choice: dict) -> None:
    for face in choice["dice"]:
        if face in s["dice"][SH]:
            s["dice"][SH].remove(face)
            s["hunt"]["box"][SH] += 1
    _emit(s, ev, "dice_to_hunt", side=SH, dice=list(choice["dice"]))


def _witch_king_returns(s: dict, ev: list, side: str, choice: dict) -> None:
    place_char(s, "witch_king", "angmar")
    _emit(s, ev, "minion_moved", minion="witch_king", to="angmar")
    recruit_fixed(s, ev, side, "sauron", "regular", "angmar", 2)
    recruit_fixed(s, ev, side, "sauron", "elite", "angmar", 1)


def _unit_pairs() -> list[tuple[str, str]]:
    return list(combinations_with_replacement(("elite", "regular"), 2))


def _new_power_options(s: dict, side: str) -> list[dict]:
    return [{"kinds": list(k)} for k in _unit_pairs()] if in_play(s, "saruman") else []


def _new_power(s: dict, ev: list, side: str, choice: dict) -> None:
    for region in ("north_dunland", "south_dunland"):
        recruit_fixed(s, ev, side, "isengard", "regular", region, 2)
    for kind in choice["kinds"]:
        recruit_fixed(s, ev, side, "isengard", kind, "orthanc", 1)


def _misty_mountains_options(s: dict, side: str) -> list[dict]:
    return [{"region": r, "kinds": list(k)} for r in ("moria", "mount_gram") if may_recruit_in(s, r, SH)
            for k in _unit_pairs()]


def _misty_mountains(s: dict, ev: list, side: str, choice: dict) -> None:
    for kind in choice["kinds"]:
        recruit_fixed(s, ev, side, "sauron", kind, choice["region"], 1)
    recruit_fixed(s, ev, side, "sauron", "nazgul", choice["region"], 1)


def _three_places(nation: str, places: tuple[str, ...], war: bool) -> Callable[[dict, str], list[dict]]:
    """Pits of Mordor, Many Kings: three different settlements of the nation a card may recruit in."""
    def options(s: dict, side: str) -> list[dict]:
        if war and not at_war(s, nation):
            return []
        free = [r for r in places if may_recruit_in(s, r, SH)]
        return [{"regions": list(c)} for c in combinations(free, 3)]
    return options


def _two_regulars_each(nation: str) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        for region in choice["regions"]:
            recruit_fixed(s, ev, side, nation, "regular", region, 2)
    return resolve


IMPLEMENTED: dict[str, EventCard] = {
    "fp_char_13": EventCard(_no_choice(), _mirror_of_galadriel),                           # Mirror of Galadriel
    "sh_char_18": EventCard(_lidless_eye_choices, _lidless_eye),                           # The Lidless Eye
    "sh_str_12": EventCard(_no_choice(lambda s, side: in_play(s, "witch_king")),           # Return of the Witch-king
                           _witch_king_returns),
    "sh_str_16": EventCard(_new_power_options, _new_power),                                # A New Power is Rising
    "sh_str_17": EventCard(_three_places("southrons", ("far_harad", "near_harad", "north_rhun",   # Many Kings...
                                                       "south_rhun", "umbar"), False), _two_regulars_each("southrons")),
    "sh_str_19": EventCard(_misty_mountains_options, _misty_mountains),                    # Shadows on the Misty Mountains
    "sh_str_24": EventCard(_three_places("sauron", ("barad_dur", "dol_guldur", "minas_morgul",   # Pits of Mordor
                                                    "morannon", "moria", "mount_gundabad"), True),
                           _two_regulars_each("sauron")),
    "fp_char_09": EventCard(_no_choice(), _athelas),                                       # Athelas
    "fp_char_12": EventCard(_no_choice(), _bilbos_song),                                   # Bilbo's Song
    "fp_str_08": EventCard(_wisdom_of_elrond_options, _wisdom_of_elrond),                  # Wisdom of Elrond
    "fp_str_09": EventCard(_red_arrow_options, _red_arrow),                                # The Red Arrow
    "sh_str_04": EventCard(_no_choice(_all_shadow_at_war), _day_without_dawn),             # The Day Without Dawn
    "sh_str_13": EventCard(_one_unit_options("isengard"), _one_unit("isengard")),          # Half-orcs and Goblin-men
    "sh_str_14": EventCard(_one_unit_options("sauron"), _one_unit("sauron")),              # Olog-hai
    "sh_str_18": EventCard(_no_choice(lambda s, side: in_play(s, "aragorn")), _recruits(   # The King is Revealed
        ("sauron", "regular", "minas_morgul", 5), ("sauron", "nazgul", "minas_morgul", 1))),
    "sh_str_20": EventCard(_no_choice(), _recruits(                                        # Orcs Multiplying Again
        ("sauron", "regular", "dol_guldur", 3), ("sauron", "regular", "mount_gundabad", 3))),
    "sh_str_22": EventCard(_no_choice(), _recruits(                                        # Monsters Roused
        ("sauron", "regular", "angmar", 1), ("sauron", "regular", "ettenmoors", 1),
        ("sauron", "regular", "weather_hills", 1), ("sauron", "elite", "trollshaws", 1))),
    "sh_str_23": EventCard(_no_choice(_all_shadow_at_war), _recruits(                      # Musterings of Long-planned War
        ("southrons", "regular", "gorgoroth", 5), ("sauron", "regular", "nurn", 5))),
}
assert set(IMPLEMENTED) <= set(CARDS)
assert all(CARDS[c]["side"] == (FP if c.startswith("fp") else SH) for c in IMPLEMENTED)
