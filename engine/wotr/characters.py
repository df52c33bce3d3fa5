"""Characters on the map: companions' and minions' movement, the Nazgûl, minions entering play,
Gandalf the White and Aragorn, and activation by a companion (p.24-25, p.34)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, groupby
from operator import itemgetter
from typing import cast

from engine.wotr.abilities import move_level
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
    add_units,
    at_war,
    controller,
    in_play,
    is_fp_city_or_stronghold,
    is_stronghold_of,
    log_event,
    other,
    place_char,
    strongholds_of,
    units_of,
)
from engine.wotr.types import WotrAction

MOUTH_RANGE = 3


class Choices(Sequence[WotrAction]):
    """A long list of actions, each made only when asked for (a random playout draws one of hundreds
    without building them all; `list()` builds them all, for the kernel): blocks of the actions
    `{"type": type, field: value, key: v}` for every v of a sorted sequence but one left out, in order
    (a list `value` is copied into each action, so that no two actions share it). Made from their
    parts, the actions are not checked key by key by mypy (cast): the run-time test holds them to
    MoveNazgul, MoveMinion and MoveCompanionsTo (types.py)."""

    def __init__(self) -> None:
        self.starts: list[int] = []           # each block's first index
        self.blocks: list[tuple[str, str, object, str, Sequence[str], int]] = []
        self.n = 0

    def add(self, type_: str, field: str, value: object, key: str, values: Sequence[str], leave_out: str) -> None:
        i = bisect_left(values, leave_out)
        skip = i if i < len(values) and values[i] == leave_out else -1
        self.starts.append(self.n)
        self.blocks.append((type_, field, value, key, values, skip))
        self.n += len(values) - (skip >= 0)

    def extend(self, more: Choices) -> None:
        """Append the blocks of `more` (only read: it may be shared, as `_group_moves`' lists are)."""
        self.starts += [self.n + start for start in more.starts]
        self.blocks += more.blocks
        self.n += more.n

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[WotrAction]:
        out: list[WotrAction] = []
        for type_, field, value, key, values, skip in self.blocks:
            kept = values if skip < 0 else [*values[:skip], *values[skip + 1:]]
            out += cast("list[WotrAction]", [{"type": type_, field: list(value), key: v} for v in kept]
                        if isinstance(value, list) else [{"type": type_, field: value, key: v} for v in kept])
        return iter(out)

    def __getitem__(self, i: int) -> WotrAction:  # type: ignore[override]   # no slices: random.choice, iteration
        if not 0 <= i < self.n:
            raise IndexError(i)
        k = bisect_right(self.starts, i) - 1
        (type_, field, value, key, values, skip), j = self.blocks[k], i - self.starts[k]
        return cast(WotrAction, {"type": type_, field: list(value) if isinstance(value, list) else value,
                                 key: values[j + (0 <= skip <= j)]})


def companion_reach(s: dict, start: str, depth: int, side: str = FP, include_start: bool = False,
                    end_besieged: bool = False) -> list[str]:
    """Regions a character reaches in `depth` steps: armies do not stop it, but it stops on entering a
    region with an enemy-controlled Stronghold, and it never enters nor leaves a friendly Stronghold
    under siege (p.24-25), unless a card lets it end its move there (`end_besieged`)."""
    barred = besieged_strongholds(s, side)
    if start in barred:
        return [start] if include_start else []
    stops = strongholds_of(s, other(side))
    reach = _reach(start, depth, stops, barred)
    if end_besieged and depth:
        inner = [r for r in _reach(start, depth - 1, stops, barred) if r == start or r not in stops]
        reach = tuple(sorted({*reach, *(b for b in barred if any(n in inner for n in ADJ[b]))}))
    return list(reach) if include_start else [r for r in reach if r != start]


def group_reach(group: list[str], ask: dict) -> int:
    """How far a group of companions goes: its highest level, or the level a card gives (`level`), plus
    a card's extra regions (`bonus`)."""
    return (ask.get("level") or move_level(group)) + ask.get("bonus", 0)


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


def may_move_companions(s: dict) -> bool:
    """Any companion on the map with a level can move (every region has a neighbour), unless shut in a
    besieged Stronghold."""
    at = {r for c, r in s["chars"].items() if CHARS[c]["side"] == FP and CHARS[c]["level"]}
    return bool(at) and not at <= besieged_strongholds(s, FP)       # the siege test only when needed


def companion_moves(s: dict, ask: dict) -> Choices:
    """The "move_companions_to" actions: companions in one region may move together at the group's
    highest level, or as far as a card lets them (group_reach, `siege_ok`); each companion moves once
    per die. By region, group (sorted), destination."""
    out = Choices()
    barred, stops = besieged_strongholds(s, FP), strongholds_of(s, SH)     # the same for every group
    by_card = ask.get("level") or ask.get("bonus") or ask.get("siege_ok")
    moved = ask["moved"]
    # the companions free to move as (region, companion), sorted, split by region (one sort for all)
    placed = sorted((r, c) for c, r in s["chars"].items() if CHARS[c]["side"] == FP and CHARS[c]["level"]
                    and c not in moved)
    for region, pairs in groupby(placed, key=itemgetter(0)):
        free = [c for _, c in pairs]
        if region in barred:
            continue
        if by_card:
            for k in range(1, len(free) + 1):
                for group in combinations(free, k):
                    reach = companion_reach(s, region, group_reach(list(group), ask),
                                            end_besieged=ask.get("siege_ok", False))
                    out.add("move_companions_to", "group", list(group), "to", reach, region)
        else:
            out.extend(_group_moves(region, tuple(free), stops, barred))
    return out


@lru_cache(maxsize=4096)
def _group_moves(region: str, free: tuple, stops: frozenset, barred: frozenset) -> Choices:
    """The moves of each group of `free` (sorted) in `region`: the same for the same arguments (shared,
    never changed once made)."""
    out = Choices()
    for k in range(1, len(free) + 1):
        for group in combinations(free, k):
            out.add("move_companions_to", "group", list(group), "to",
                    _reach(region, move_level(list(group)), stops, barred), region)
    return out


def move_companions(s: dict, ev: list, group: list[str], to: str) -> None:
    """A card's move of one group (`once`) closes the decision after it."""
    ask = s["ask"][-1]
    for c in group:
        place_char(s, c, to)
    ask["moved"] += group
    log_event(s, ev, "companions_moved", companions=group, region=to)
    for c in group:
        activate_by_character(s, ev, c, to)
    if ask.get("once") or not any(CHARS[c]["side"] == FP and CHARS[c]["level"] and c not in ask["moved"]
                                  for c in s["chars"]):
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
    return to in companion_reach(s, region, group_reach(group, ask), end_besieged=ask.get("siege_ok", False))


# --- the Shadow's Character die: Nazgûl and minions --------------------------------------------------

def nazgul_targets(s: dict) -> list[str]:
    """Nazgûl fly anywhere but into a Free Peoples-controlled Stronghold not under siege (p.8)."""
    return _fly(_nazgul_barred(s))


def _nazgul_barred(s: dict) -> frozenset:
    return strongholds_of(s, FP) - besieged_strongholds(s, FP)


@lru_cache(maxsize=64)
def _fly(barred: frozenset) -> list[str]:
    return [r for r in sorted(REGIONS) if r not in barred]


def nazgul_flights(s: dict, ask: dict) -> Choices:
    """The "move_nazgul" actions: from each region (sorted) with a Nazgûl not yet moved by this die, to
    every target but itself (sorted): some hundred per Nazgûl."""
    fly = nazgul_targets(s)
    arrived = ask["arrived"]
    origins = sorted(r for r, nations in s["units"].items()
                     if "sauron" in nations and nations["sauron"].get("nazgul", 0) > arrived.get(r, 0))
    out = Choices()
    for origin in origins:
        out.add("move_nazgul", "from", origin, "to", fly, origin)
    return out


def minion_moves(s: dict, ask: dict) -> list[WotrAction]:
    return list(nazgul_flights(s, ask)) + list(minion_walks(s, ask))


def minion_walks(s: dict, ask: dict) -> Choices:
    """The Witch-king's and the Mouth of Sauron's moves (those not moved yet by this die)."""
    out = Choices()
    for m in ("witch_king", "mouth_of_sauron"):
        where = s["chars"].get(m)
        if where is None or m in ask["moved"]:
            continue
        targets = nazgul_targets(s) if m == "witch_king" else companion_reach(s, where, MOUTH_RANGE, SH)
        out.add("move_minion", "minion", m, "to", targets, where)
    return out


def move_nazgul(s: dict, ev: list, src: str, to: str) -> None:
    ask = s["ask"][-1]
    add_units(s, src, "sauron", "nazgul", -1)
    add_units(s, to, "sauron", "nazgul", 1)
    ask["arrived"][to] = ask["arrived"].get(to, 0) + 1
    log_event(s, ev, "nazgul_moved", **{"from": src, "to": to})
    _close_if_done(s, ask)


def move_minion(s: dict, ev: list, minion: str, to: str) -> None:
    ask = s["ask"][-1]
    place_char(s, minion, to)
    ask["moved"].append(minion)
    log_event(s, ev, "minion_moved", minion=minion, region=to)
    _close_if_done(s, ask)


def _close_if_done(s: dict, ask: dict) -> None:
    arrived = ask["arrived"]
    free_nazgul = any("sauron" in n and n["sauron"].get("nazgul", 0) > arrived.get(r, 0) for r, n in s["units"].items())
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
    return [r for r in _SAURON_STRONGHOLDS if is_stronghold_of(s, r, SH)]


_SAURON_STRONGHOLDS = sorted(r for r, d in REGIONS.items() if d["nation"] == "sauron" and d["settlement"] == "stronghold")


def bring_minion(s: dict, ev: list, minion: str, region: str) -> None:
    place_char(s, minion, region)
    log_event(s, ev, "minion_enters", minion=minion, region=region)
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
    log_event(s, ev, "character_enters", character=new, region=region, replaces=old)
    activate_by_character(s, ev, new, region)
