"""The Shadow's event halves (cards sh_char_*, sh_str_*): each implemented card is one entry of
SHADOW_EVENTS (card_effects.EventCard). docs/wotr.md lists every card's status."""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Callable

from engine.wotr.card_effects import EventCard, all_shadow_at_war, may_recruit_in, no_choice, recruit_fixed, recruits
from engine.wotr.state import FP, SH, _emit, at_war, has_army_unit, in_play, place_char


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


SHADOW_EVENTS: dict[str, EventCard] = {
    "sh_char_18": EventCard(_lidless_eye_choices, _lidless_eye),                           # The Lidless Eye
    "sh_str_04": EventCard(no_choice(all_shadow_at_war), _day_without_dawn),               # The Day Without Dawn
    "sh_str_12": EventCard(no_choice(lambda s, side: in_play(s, "witch_king")),            # Return of the Witch-king
                           _witch_king_returns),
    "sh_str_13": EventCard(_one_unit_options("isengard"), _one_unit("isengard")),          # Half-orcs and Goblin-men
    "sh_str_14": EventCard(_one_unit_options("sauron"), _one_unit("sauron")),              # Olog-hai
    "sh_str_16": EventCard(_new_power_options, _new_power),                                # A New Power is Rising
    "sh_str_17": EventCard(_three_places("southrons", ("far_harad", "near_harad", "north_rhun",   # Many Kings...
                                                       "south_rhun", "umbar"), False), _two_regulars_each("southrons")),
    "sh_str_18": EventCard(no_choice(lambda s, side: in_play(s, "aragorn")), recruits(     # The King is Revealed
        ("sauron", "regular", "minas_morgul", 5), ("sauron", "nazgul", "minas_morgul", 1))),
    "sh_str_19": EventCard(_misty_mountains_options, _misty_mountains),                    # Shadows on the Misty Mountains
    "sh_str_20": EventCard(no_choice(), recruits(                                          # Orcs Multiplying Again
        ("sauron", "regular", "dol_guldur", 3), ("sauron", "regular", "mount_gundabad", 3))),
    "sh_str_22": EventCard(no_choice(), recruits(                                          # Monsters Roused
        ("sauron", "regular", "angmar", 1), ("sauron", "regular", "ettenmoors", 1),
        ("sauron", "regular", "weather_hills", 1), ("sauron", "elite", "trollshaws", 1))),
    "sh_str_23": EventCard(no_choice(all_shadow_at_war), recruits(                         # Musterings of Long-planned War
        ("southrons", "regular", "gorgoroth", 5), ("sauron", "regular", "nurn", 5))),
    "sh_str_24": EventCard(_three_places("sauron", ("barad_dur", "dol_guldur", "minas_morgul",   # Pits of Mordor
                                                    "morannon", "moria", "mount_gundabad"), True),
                           _two_regulars_each("sauron")),
}
