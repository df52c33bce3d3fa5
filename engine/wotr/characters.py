"""Characters on the map: companions' and minions' movement, the Nazgûl, minions entering play,
Gandalf the White and Aragorn, and activation by a companion (p.24-25, p.34)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engine.wotr.armies import besieged_strongholds
from engine.wotr.politics import activate, all_fp_at_war, any_fp_at_war
from engine.wotr.state import (
    ADJ,
    ARAGORN_PLACES,
    CHARS,
    FP,
    FP_NATIONS,
    MINIONS,
    REGIONS,
    SH,
    _emit,
    add_units,
    at_war,
    controller,
    in_play,
    is_fp_city_or_stronghold,
    is_stronghold_of,
    other,
    place_char,
    strongholds_of,
    units_of,
)

MOUTH_RANGE = 3


def companion_reach(s: dict, start: str, depth: int, side: str = FP, include_start: bool = False) -> list[str]:
    """Regions a character reaches in `depth` steps: armies do not stop it, but it stops on entering a
    region with an enemy-controlled Stronghold, and it never enters nor leaves a friendly Stronghold
    under siege (p.24-25)."""
    barred = besieged_strongholds(s, side)
    if start in barred:
        return [start] if include_start else []
    reach = _reach(start, depth, strongholds_of(s, other(side)), barred)
    return list(reach) if include_start else [r for r in reach if r != start]


@lru_cache(maxsize=4096)
def _reach(start: str, depth: int, stops: frozenset, barred: frozenset = frozenset()) -> tuple[str, ...]:
    seen = {start}
    frontier = [start]
    for _ in range(depth):
        nxt = []
        for r in frontier:
            if r != start and r in stops:
                continue
            for n in ADJ[r]:
                if n not in seen and n not in barred:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return tuple(sorted(seen))


def activate_by_character(s: dict, ev: list, char: str, region: str) -> None:
    """A companion ending its move (or entering play) in a City or Stronghold of a nation it can
    activate rouses that nation (p.34)."""
    nation = REGIONS[region]["nation"]
    can = CHARS[char]["nation"]
    if nation in FP_NATIONS and is_fp_city_or_stronghold(s, region) and can in ("any", nation):
        activate(s, ev, nation, by="companion")


def companions_on_map(s: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c, r in s["chars"].items():
        if CHARS[c]["side"] == FP:
            out.setdefault(r, []).append(c)
    return out


def may_move_companions(s: dict) -> bool:
    """Any companion on the map with a level can move (every region has a neighbour), unless shut in a
    besieged Stronghold."""
    shut = besieged_strongholds(s, FP)
    return any(CHARS[c]["side"] == FP and CHARS[c]["level"] and r not in shut for c, r in s["chars"].items())


def companion_moves(s: dict, moved: list[str]) -> list[tuple[list[str], str]]:
    """(group, destination) pairs: companions in one region may move together at the group's highest
    level; each companion moves once per die."""
    out = []
    for region, comps in sorted(companions_on_map(s).items()):
        free = sorted(c for c in comps if c not in moved and CHARS[c]["level"])
        for k in range(1, len(free) + 1):
            for group in combinations(free, k):
                level = max(CHARS[c]["level"] for c in group)
                out += [(list(group), r) for r in companion_reach(s, region, level)]
    return out


def move_companions(s: dict, ev: list, group: list[str], to: str) -> None:
    ask = s["ask"][-1]
    for c in group:
        place_char(s, c, to)
    ask["moved"] += group
    _emit(s, ev, "companions_moved", companions=group, region=to)
    for c in group:
        activate_by_character(s, ev, c, to)
    if not any(CHARS[c]["side"] == FP and CHARS[c]["level"] and c not in ask["moved"] for c in s["chars"]):
        s["ask"].pop()


def is_companion_move(s: dict, ask: dict, action: dict) -> bool:
    """The same test as `companion_moves` for one move, without listing them all."""
    group, to = action.get("group"), action.get("to")
    if set(action) != {"type", "group", "to"} or not isinstance(group, list) or not group or not isinstance(to, str):
        return False
    if group != sorted(set(group)) or not all(isinstance(c, str) and c in s["chars"] for c in group):
        return False
    region = s["chars"][group[0]]
    if any(CHARS[c]["side"] != FP or not CHARS[c]["level"] or c in ask["moved"] or s["chars"][c] != region
           for c in group):
        return False
    return to in companion_reach(s, region, max(CHARS[c]["level"] for c in group))


# --- the Shadow's Character die: Nazgûl and minions --------------------------------------------------

def nazgul_targets(s: dict) -> list[str]:
    """Nazgûl fly anywhere but into a Free Peoples-controlled Stronghold not under siege (p.8)."""
    return _fly(_nazgul_barred(s))


def _nazgul_barred(s: dict) -> frozenset:
    return strongholds_of(s, FP) - besieged_strongholds(s, FP)


@lru_cache(maxsize=64)
def _fly(barred: frozenset) -> list[str]:
    return [r for r in sorted(REGIONS) if r not in barred]


def minion_moves(s: dict, ask: dict) -> list[dict]:
    out = []
    fly = nazgul_targets(s)
    for region, nations in sorted(s["units"].items()):
        free = nations.get("sauron", {}).get("nazgul", 0) - ask["arrived"].get(region, 0)
        if free > 0:
            out += [{"type": "move_nazgul", "from": region, "to": t} for t in fly if t != region]
    for m in ("witch_king", "mouth_of_sauron"):
        where = s["chars"].get(m)
        if where is None or m in ask["moved"]:
            continue
        targets = fly if m == "witch_king" else companion_reach(s, where, MOUTH_RANGE, SH)
        out += [{"type": "move_minion", "minion": m, "to": t} for t in targets if t != where]
    return out


def move_nazgul(s: dict, ev: list, src: str, to: str) -> None:
    ask = s["ask"][-1]
    add_units(s, src, "sauron", "nazgul", -1)
    add_units(s, to, "sauron", "nazgul", 1)
    ask["arrived"][to] = ask["arrived"].get(to, 0) + 1
    _emit(s, ev, "nazgul_moved", **{"from": src, "to": to})
    _close_if_done(s, ask)


def move_minion(s: dict, ev: list, minion: str, to: str) -> None:
    ask = s["ask"][-1]
    place_char(s, minion, to)
    ask["moved"].append(minion)
    _emit(s, ev, "minion_moved", minion=minion, region=to)
    _close_if_done(s, ask)


def _close_if_done(s: dict, ask: dict) -> None:
    free_nazgul = any(n.get("sauron", {}).get("nazgul", 0) > ask["arrived"].get(r, 0) for r, n in s["units"].items())
    if not free_nazgul and all(m not in s["chars"] or m in ask["moved"] for m in ("witch_king", "mouth_of_sauron")):
        s["ask"].pop()


def is_minion_move(s: dict, ask: dict, action: dict) -> bool:
    """The same test as `minion_moves` for one flight or walk, without listing them all."""
    if action["type"] == "move_nazgul":
        return is_nazgul_move(s, ask, action)
    m, to = action.get("minion"), action.get("to")
    if set(action) != {"type", "minion", "to"} or m not in ("witch_king", "mouth_of_sauron") or not isinstance(to, str):
        return False
    where = s["chars"].get(m)
    if where is None or m in ask["moved"] or to == where:
        return False
    return to in (nazgul_targets(s) if m == "witch_king" else companion_reach(s, where, MOUTH_RANGE, SH))


def is_nazgul_move(s: dict, ask: dict, action: dict) -> bool:
    """The same test as `minion_moves` for one Nazgûl flight, without listing them all."""
    src, to = action.get("from"), action.get("to")
    if set(action) != {"type", "from", "to"} or not isinstance(src, str) or not isinstance(to, str):
        return False
    free = s["units"].get(src, {}).get("sauron", {}).get("nazgul", 0) - ask["arrived"].get(src, 0)
    return free > 0 and to != src and to in REGIONS and to not in _nazgul_barred(s)


def has_minion_moves(s: dict) -> bool:
    """A Nazgûl on the map, or the Witch-king or the Mouth of Sauron in play (both can always move)."""
    return any("nazgul" in u.get("sauron", ()) for u in s["units"].values()) or any(
        m in s["chars"] for m in ("witch_king", "mouth_of_sauron"))


# --- minions entering play (a Muster die) -------------------------------------------------------------

def minion_places(s: dict, minion: str) -> list[str]:
    """Where a minion may enter now, if its condition holds (the minion cards)."""
    if in_play(s, minion) or minion in s["eliminated"]:
        return []
    if minion == "saruman":
        return ["orthanc"] if at_war(s, "isengard") and controller(s, "orthanc") == SH else []
    if minion == "witch_king":
        if not (at_war(s, "sauron") and any_fp_at_war(s)):
            return []
        return sorted(r for r in s["units"] if any(
            n == "sauron" and u.get("regular", 0) + u.get("elite", 0) for n, u in units_of(s, r, SH).items()))
    if s["fellowship"]["mordor"] is None and not all_fp_at_war(s):
        return []
    return sorted(r for r, d in REGIONS.items() if d["nation"] == "sauron" and is_stronghold_of(s, r, SH))


def bring_minion(s: dict, ev: list, minion: str, region: str) -> None:
    place_char(s, minion, region)
    _emit(s, ev, "minion_enters", minion=minion, region=region)
    if minion == "witch_king":
        for n in FP_NATIONS:
            activate(s, ev, n)


def minion_has_been_in_play(s: dict) -> bool:
    return any(m in s["chars"] or m in s["eliminated"] for m in MINIONS)


# --- the Will of the West: Gandalf the White and Aragorn ---------------------------------------------

def gandalf_white_places(s: dict) -> list[str]:
    """Gandalf the Grey gone from the Fellowship and a minion in play now or before: Gandalf the White
    replaces him on the map, else enters in Fangorn or an unconquered Elven Stronghold."""
    if in_play(s, "gandalf_white") or "gandalf_white" in s["eliminated"]:
        return []
    if "gandalf_grey" in s["fellowship"]["companions"] or not minion_has_been_in_play(s):
        return []
    if "gandalf_grey" in s["chars"]:
        return [s["chars"]["gandalf_grey"]]
    return ["fangorn"] + sorted(r for r, d in REGIONS.items()
                                if d["nation"] == "elves" and is_stronghold_of(s, r, FP))


def aragorn_place(s: dict) -> str | None:
    where = s["chars"].get("strider")
    if where in ARAGORN_PLACES and controller(s, where) == FP and not in_play(s, "aragorn"):
        return where
    return None


def upgrade(s: dict, ev: list, new: str, region: str) -> None:
    old = CHARS[new]["replaces"]
    if old in s["chars"]:
        place_char(s, old, None)
        s["eliminated"].append(old)   # replaced: the earlier figure leaves the game for good
    place_char(s, new, region)
    _emit(s, ev, "character_enters", character=new, region=region, replaces=old)
    activate_by_character(s, ev, new, region)
