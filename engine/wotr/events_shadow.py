"""The Shadow's event halves (cards sh_char_*, sh_str_*): each implemented card is one entry of
SHADOW_EVENTS (card_effects.EventCard). docs/wotr.md lists every card's status."""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Callable

from engine.wotr.card_effects import (
    EventCard,
    all_shadow_at_war,
    away_from_fp_settlements,
    may_recruit_in,
    no_choice,
    recruit_fixed,
    recruits,
    revealed,
)
from engine.wotr.hunt import add_corruption
from engine.wotr.state import (
    ADJ,
    FP,
    SH,
    TILES,
    _emit,
    add_reinforcements,
    add_units,
    at_war,
    has_army_unit,
    in_play,
    place_char,
    roll,
)


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


# --- the Fellowship ----------------------------------------------------------------------------------

def _special_tile(card: str) -> Callable[[dict, list, str, dict], None]:
    """Shelob's Lair, The Ring is Mine!, On, On They Went, Give it to Uss!: the card's tile waits for the
    Mordor track (fellowship.enter_mordor adds it to the pool), or joins the pool at once when the
    Fellowship is already there."""
    tile = next(t for t, d in TILES.items() if d["card"] == card)

    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        h = s["hunt"]
        in_mordor = s["fellowship"]["mordor"] is not None
        if in_mordor:
            h["pool"] = sorted(h["pool"] + [tile])
        else:
            h["specials"].append(tile)
        _emit(s, ev, "special_tile", side=side, card=card, tile=tile, pool=in_mordor)
    return resolve


def _candles_of_corpses(s: dict, ev: list, side: str, choice: dict) -> None:
    need = 6 if s["fellowship"]["guide"] == "gollum" else 4
    dice = [roll(s) for _ in range(3)]
    _emit(s, ev, "card_roll", card="sh_char_08", dice=dice, need=need)
    if n := sum(d >= need for d in dice):
        add_corruption(s, ev, n)


def _morgul_wound(s: dict, ev: list, side: str, choice: dict) -> None:
    add_corruption(s, ev, 2 if s["fellowship"]["corruption"] <= 3 else 1)


def _on_the_track(s: dict) -> bool:
    """The Fellowship at step 1 or more of the Fellowship track (never so on the Mordor track)."""
    f = s["fellowship"]
    return f["mordor"] is None and f["progress"] >= 1


def _cruel_weather_options(s: dict, side: str) -> list[dict]:
    return [{"region": r} for r in sorted(ADJ[s["fellowship"]["pos"]])] if _on_the_track(s) else []


def _cruel_weather(s: dict, ev: list, side: str, choice: dict) -> None:
    """The figure moves to the neighbour; the progress stays as it was (ruling: only the figure moves)."""
    s["fellowship"]["pos"] = choice["region"]
    _emit(s, ev, "fellowship_shifted", region=choice["region"])


# --- armies ----------------------------------------------------------------------------------------------

def _hill_trolls_options(s: dict, side: str) -> list[dict]:
    """Two Sauron Regulars of the map (in one region or two) while the reinforcements hold an Elite."""
    if not at_war(s, "sauron") or not s["reinforcements"]["sauron"].get("elite", 0):
        return []
    have = {r: u["sauron"].get("regular", 0) for r, u in s["units"].items() if "sauron" in u}
    regions = sorted(r for r, n in have.items() if n)
    return [{"regions": list(p)} for p in combinations_with_replacement(regions, 2)
            if p[0] != p[1] or have[p[0]] >= 2]


def _hill_trolls(s: dict, ev: list, side: str, choice: dict) -> None:
    for region in choice["regions"]:
        if not s["reinforcements"]["sauron"].get("elite", 0):
            break                          # one Elite left: the effect goes as far as it can
        add_units(s, region, "sauron", "regular", -1)
        add_reinforcements(s, "sauron", "regular", 1)
        add_units(s, region, "sauron", "elite", 1)
        add_reinforcements(s, "sauron", "elite", -1)
        _emit(s, ev, "unit_promoted", side=side, nation="sauron", region=region)


# Southron & Easterling regions on the map's eastern edge (ruling: North Rhûn lies west of East Rhûn).
EASTERN_EDGE = ("east_rhun", "far_harad", "khand", "south_rhun")


def _hordes_options(s: dict, side: str) -> list[dict]:
    if not at_war(s, "southrons"):
        return []
    return [{"region": r} for r in EASTERN_EDGE if may_recruit_in(s, r, SH)]


def _hordes_from_the_east(s: dict, ev: list, side: str, choice: dict) -> None:
    recruit_fixed(s, ev, side, "southrons", "regular", choice["region"], 5)


SHADOW_EVENTS: dict[str, EventCard] = {
    "sh_char_01": EventCard(no_choice(), _special_tile("sh_char_01")),                     # Shelob's Lair
    "sh_char_02": EventCard(no_choice(), _special_tile("sh_char_02")),                     # The Ring is Mine!
    "sh_char_03": EventCard(no_choice(), _special_tile("sh_char_03")),                     # On, On They Went
    "sh_char_04": EventCard(no_choice(), _special_tile("sh_char_04")),                     # Give it to Uss!
    "sh_char_08": EventCard(no_choice(away_from_fp_settlements), _candles_of_corpses),    # Candles of Corpses
    "sh_char_10": EventCard(_cruel_weather_options, _cruel_weather),                       # Cruel Weather
    "sh_char_12": EventCard(no_choice(revealed), _morgul_wound),                           # Morgul Wound
    "sh_str_15": EventCard(_hill_trolls_options, _hill_trolls),                            # Hill-Trolls
    "sh_str_21": EventCard(_hordes_options, _hordes_from_the_east),                        # Hordes From the East

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
