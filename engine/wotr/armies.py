"""Armies (p.26-28, p.31-32, p.34-35): moving them with an Army die, recruiting with a Muster die, the
stacking limit, sieges, settlement capture and victory points.

A siege needs no marker: only a siege puts both sides' army units in one region (a Stronghold), the
garrison (the side controlling it) inside, the besiegers in the region around it. When the besiegers
leave or fall, or the garrison falls, the siege is over by itself.

An army is every unit, leader, Nazgûl and character of one side in a region. Army units are Regulars
and Elites; leaders (Free Peoples) and Nazgûl (Shadow) follow them. Writes go through add_units,
add_reinforcements and place_char (the shared parts, see state.SHARED).
"""
from __future__ import annotations

from typing import Literal

from engine.wotr.politics import activate, auto_advance
from engine.wotr.seats import army_controller
from engine.wotr.state import (
    ADJ,
    CHARS,
    FP,
    NATIONS,
    NEIGHBOURS,
    REGIONS,
    SH,
    SIDE_OF,
    SIDES,
    add_reinforcements,
    add_units,
    army_map,
    at_war,
    controller,
    has_army_unit,
    log_event,
    other,
    place_char,
    strongholds_of,
    units_of,
)
from engine.wotr.types import WotrAction

STACK_LIMIT = 10
SIEGE_LIMIT = 5            # units in a besieged Stronghold (p.31)
UNIT_KINDS = ("regular", "elite")
LEADER_KIND = {FP: "leader", "shadow": "nazgul"}
# Free Peoples cards on the table keeping Shadow armies out (A Power too Great, The Power of Tom Bombadil)
SHELTERS = {"fp_str_02": frozenset({"grey_havens", "lorien", "rivendell"}),
            "fp_str_03": frozenset({"buckland", "old_forest", "the_shire"})}
SETTLEMENTS = ("town", "city", "stronghold")     # a Fortification is no settlement (p.10)


def army_units(units: dict) -> int:
    """Regulars and Elites in {nation: {kind: n}} (leaders and Nazgûl do not count)."""
    return sum(u.get("regular", 0) + u.get("elite", 0) for u in units.values())


def besieged(s: dict, region: str) -> str | None:
    """The side besieged in the region's Stronghold (both sides have army units there), else None."""
    if REGIONS[region]["settlement"] != "stronghold" or not (has_army_unit(s, region, FP)
                                                             and has_army_unit(s, region, other(FP))):
        return None
    return controller(s, region)


def besieged_strongholds(s: dict, side: str) -> frozenset:
    """The side's Strongholds under siege (an enemy army unit stands in a region the side controls)."""
    # Asked at every listing: a region is looked into only if it holds a unit of an enemy nation.
    units, enemy = s["units"], other(side)
    return frozenset(r for r in strongholds_of(s, side) if r in units and not _NATIONS_OF[enemy].isdisjoint(units[r])
                     and has_army_unit(s, r, enemy))


_NATIONS_OF = {side: frozenset(n for n, d in NATIONS.items() if d["side"] == side) for side in SIDES}


def chars_at(s: dict, region: str, side: str, movable: bool = False) -> list[str]:
    """A side's characters on a region; `movable` leaves out those that never move (level 0: Saruman)."""
    return sorted(c for c, r in s["chars"].items() if r == region and CHARS[c]["side"] == side
                  and not (movable and CHARS[c]["level"] == 0))


def minus(units: dict, stay: dict) -> dict:
    """{nation: {kind: n}} less `stay`."""
    out = {}
    for n, u in units.items():
        left = {k: v - stay.get(n, {}).get(k, 0) for k, v in u.items()}
        left = {k: v for k, v in left.items() if v > 0}
        if left:
            out[n] = left
    return out


# --- moving armies (one Army die: up to two different armies, one region each) ---------------------

def new_move(side: str, moves: int, led: bool = False, **card) -> dict:
    """An Army die moves two armies; a Character die one army `led` by a leader or character (p.27).
    A card's move may add (CARD_MOVE): `reach` (regions an army may go, through regions it may pass),
    `join` (it ends where another army of its side stands, not besieged), `nazgul` (only armies holding
    a Nazgûl or the Witch-king, and the movers keep one), `targets` (the only destinations),
    `keep_companion` (a companion stays with the movers)."""
    assert set(card) <= CARD_MOVE, card
    return {"kind": "army_move", "side": side, "moves": moves, "led": led, "arrived": [], "from": None,
            "stay": {}, "stay_chars": [], **card}


CARD_MOVE = frozenset({"reach", "join", "nazgul", "targets", "keep_companion"})


def leaders(s: dict, units: dict, side: str) -> int:
    """Leaders or Nazgûl among `units`, with the Servants of the White Hand (white_hand_leaders)."""
    return sum(u.get(LEADER_KIND[side], 0) for u in units.values()) + (white_hand_leaders(s, units) if side == SH
                                                                        else 0)


def white_hand_leaders(s: dict, units: dict) -> int:
    """Servants of the White Hand: with Saruman in play each Isengard Elite also counts as a Leader
    for moving and fighting."""
    return units.get("isengard", {}).get("elite", 0) if "saruman" in s["chars"] else 0


def led_by(s: dict, region: str, side: str, units: dict, moving: bool) -> bool:
    """A leader, Nazgûl or character of the side with these units; Saruman, who never leaves Orthanc,
    leads an attack but not a move (the attackers stay where they are, p.28)."""
    return bool(leaders(s, units, side) or chars_at(s, region, side, movable=moving))


def move_origins(s: dict, side: str, arrived: list, led: bool = False, seat: str | None = None) -> list[str]:
    """Regions holding an army of the side that can still move (an army moved this action cannot);
    `seat`: in a team game, only the armies that player controls (seats.army_controller)."""
    return sorted(_origins(s, side, arrived, led, Ground(s, side), seat))


def may_move_army(s: dict, side: str, led: bool = False, armies: dict | None = None,
                  seat: str | None = None) -> bool:
    """`armies`: the state's army_map when the caller has it already."""
    return next(_origins(s, side, [], led, Ground(s, side, armies), seat), None) is not None


def may_move_from(s: dict, side: str, region: str, led: bool = False) -> bool:
    """Whether the side's army in `region` may move (`region` in move_origins, the others not looked at)."""
    return _may_leave(s, side, region, [], led, Ground(s, side), None)


def _origins(s: dict, side: str, arrived: list, led: bool, ground: Ground, seat: str | None = None):
    for r in s["units"]:
        if _may_leave(s, side, r, arrived, led, ground, seat):
            yield r


def _may_leave(s: dict, side: str, r: str, arrived: list, led: bool, ground: Ground, seat: str | None) -> bool:
    """Whether the side's army in `r` may still move this action (an Army die's or a Character die's)."""
    if (r in ground.free and r not in arrived                                  # a garrison stays
            and (seat is None or army_controller(s, r, side) == seat)):
        units = units_of(s, r, side)
        return (not led or led_by(s, r, side, units, True)) and ground.exits(s, r, units)
    return False


def origins(s: dict, ask: dict) -> list[str]:
    """The regions an army_move decision may still move an army from."""
    return sorted(_move_origins(s, ask))


def any_origin(s: dict, ask: dict) -> bool:
    """Whether an army_move decision has an army to move (a card's condition: no list made, the first
    army found that may move ends the search)."""
    return next(_move_origins(s, ask), None) is not None


def _move_origins(s: dict, ask: dict):
    """The regions of `origins`, in the order of the units map."""
    side = ask["side"]
    ground = Ground(s, side)             # one for every army looked at
    found = _origins(s, side, ask["arrived"], ask["led"], ground, ask.get("seat"))
    if CARD_MOVE.isdisjoint(ask):
        yield from found
        return
    for r in found:
        units = units_of(s, r, side)
        if (not ask.get("nazgul") or nazgul_in(s, r, side, units)) and may_card_move(s, ask, r, units, ground):
            yield r


def nazgul_in(s: dict, region: str, side: str, units: dict, chars: list | None = None) -> int:
    """Nazgûl among `units`, the Witch-king counted (among `chars`, else the side's characters there)."""
    if chars is None:           # (asked of every army a Nazgûl card may move: the region's not listed)
        king = s["chars"].get("witch_king") == region and CHARS["witch_king"]["side"] == side
    else:
        king = "witch_king" in chars
    return sum(u.get("nazgul", 0) for u in units.values()) + king


def card_reach(s: dict, ask: dict, src: str, group: dict, ground: Ground | None = None) -> list[str]:
    """Where a card moves `group` from `src`: its `targets`, or any region within `reach` that is free
    to end in (as a move's), going only through regions the army may pass (no enemy army unit, no
    settlement the enemy holds, not sheltered from it, the border rule; nothing picked up or left there);
    with `join`, only where another army of the side stands, not besieged. `ground`: the side's Ground
    when the caller has it already."""
    if "targets" in ask:
        return [r for r in ask["targets"] if may_cross(group, r, s)]
    return sorted(set().union(*_card_ends(s, ask, src, group, ground or Ground(s, ask["side"]))))


def may_card_move(s: dict, ask: dict, src: str, group: dict, ground: Ground) -> bool:
    """Whether card_reach is not empty: the search stops at the first region found (the armies a card
    may move are asked at every listing, one search each)."""
    if "targets" in ask:
        return bool(card_reach(s, ask, src, group))
    return any(_card_ends(s, ask, src, group, ground))


def _card_ends(s: dict, ask: dict, src: str, group: dict, ground: Ground):
    """card_reach's regions by the number of regions moved (1, 2... up to the card's reach)."""
    join = ask.get("join")
    if join and not ground.free - {src}:
        return                                      # no other army to join: no need to look around
    for ends in ground.layers(s, src, group, ask.get("reach", 1)):
        ends.discard(src)
        yield ends & ground.free if join else ends


def original_side(region: str) -> str | None:
    r = REGIONS[region]
    nation = r["nation"] or r["setup_nation"]
    return NATIONS[nation]["side"] if nation else None


class Ground:
    """Where a side's armies may go on the map as it stands, found once for all the armies a listing
    looks at (a card's move listed every army's reach region by region, a few hundred us a listing):
    `endable`, where a move may end (no enemy army unit, unless the enemy is besieged there: the
    besiegers' way in; not sheltered from the side); `passable`, where a card's longer move may go on
    through (also no settlement the enemy controls); `free`, the side's armies not besieged (a garrison
    stays; a card's `join` ends there). The border rule (may_cross) depends on the moving group: `barred`."""

    def __init__(self, s: dict, side: str, armies: dict | None = None) -> None:
        armies = armies or army_map(s)
        foe = other(side)
        mine, enemy, shut = armies[side], armies[foe], sheltered(s, side)
        # The sieges: only a Stronghold holding both sides' army units is besieged (by whom: besieged).
        sieges = {r: besieged(s, r) for r in _STRONGHOLD_REGIONS.intersection(mine, enemy)}
        self.endable = _ALL_REGIONS - shut - {r for r in enemy if sieges.get(r) != foe}
        self.passable = _CONTROLLED_BY[side] - enemy - shut
        for r, holder in s["captured"].items():
            if holder == side and r not in enemy and r not in shut:
                self.passable |= {r}
            elif holder != side:
                self.passable -= {r}
        self.free = frozenset(r for r in mine if sieges.get(r) != side)
        self._by_bar: dict[frozenset, tuple[frozenset, frozenset]] = {}

    def exits(self, s: dict, src: str, group: dict) -> bool:
        """Whether `group` may move from `src` to an adjacent region (move_targets not empty)."""
        return not NEIGHBOURS[src].isdisjoint(self._open(barred(s, group))[0])

    def layers(self, s: dict, src: str, group: dict, reach: int):
        """Where `group` may end a move from `src` (src itself included when it may come back to it),
        region by region: after 1 region, after 2... up to `reach`, passing only through passable
        regions. (Sets of regions: a search made of set operations.)"""
        endable, passable = self._open(barred(s, group))
        seen, frontier = {src}, {src}
        for _ in range(reach):
            ends: set[str] = set()
            nxt: set[str] = set()
            for r in frontier:
                ends |= NEIGHBOURS[r] & endable
                nxt |= NEIGHBOURS[r] & passable
            yield ends
            frontier = nxt - seen
            seen |= frontier

    def _open(self, bar: frozenset) -> tuple[frozenset, frozenset]:
        """(endable, passable) less the regions barred to a group, kept by `bar` (most groups share one)."""
        got = self._by_bar.get(bar)
        if got is None:
            got = self._by_bar[bar] = (self.endable - bar, self.passable - bar)
        return got


_ALL_REGIONS = frozenset(REGIONS)
_STRONGHOLD_REGIONS = frozenset(r for r, d in REGIONS.items() if d["settlement"] == "stronghold")
# The regions a side may pass through while nothing is captured: no settlement of the other side's nations (a
# region of theirs without one, a Fortification included, is free for an army's move: p.27).
_CONTROLLED_BY = {side: frozenset(r for r in REGIONS if REGIONS[r]["settlement"] not in SETTLEMENTS
                                  or original_side(r) in (None, side)) for side in SIDES}
# The regions of another nation, which that nation's units never enter while it is not at war (p.35).
_FOREIGN = {n: frozenset(r for r, d in REGIONS.items() if d["nation"] not in (None, n)) for n in NATIONS}


def barred(s: dict, group: dict) -> frozenset:
    """The regions the border rule closes to `group` (the nations of it not at war): may_cross false."""
    out: frozenset = frozenset()
    for n in group:
        if not at_war(s, n):
            out = out | _FOREIGN[n]
    return out


def moving_group(s: dict, ask: dict) -> dict:
    return minus(units_of(s, ask["from"], ask["side"]), ask["stay"])


def may_cross(nations, region: str, s: dict) -> bool:
    """Units of a nation not at war never enter another nation's region (p.35)."""
    owner = REGIONS[region]["nation"]
    return all(at_war(s, n) or owner in (None, n) for n in nations)


def move_targets(s: dict, side: str, src: str, group: dict) -> list[str]:
    """Adjacent regions free for movement (a besieged region for the besiegers); the border rule for
    nations not at war."""
    endable = Ground(s, side).endable - barred(s, group)
    return [r for r in ADJ[src] if r in endable]


def sheltered(s: dict, side: str) -> frozenset:
    """Regions the side's armies may neither enter nor attack: those a Free Peoples card on the table
    shelters from the Shadow (SHELTERS)."""
    if side == FP or not s["table"][FP]:
        return frozenset()
    return frozenset().union(*(SHELTERS[c] for c in s["table"][FP] if c in SHELTERS))


def stay_options(s: dict, ask: dict) -> list[WotrAction]:
    """What may stay behind; a card's move `keep_companion` keeps a companion in the moving army."""
    out = split_options(s, ask["side"], ask["from"], moving_group(s, ask), ask["stay_chars"], ask["led"],
                        "army_stay", ask.get("nazgul", False))
    moving_chars = [c for c in chars_at(s, ask["from"], ask["side"], movable=True) if c not in ask["stay_chars"]]
    if ask.get("keep_companion") and len(moving_chars) < 2:
        out = [a for a in out if a["type"] != "army_stay_char"]
    return out


# The action keeping a character back, for each action keeping a unit back (split_options).
CHAR_ACTION: dict[str, Literal["army_stay_char", "leave_behind_char", "rearguard_char"]] = {
    "army_stay": "army_stay_char", "leave_behind": "leave_behind_char", "rearguard": "rearguard_char"}


def split_options(s: dict, side: str, region: str, group: dict, kept_chars: list, led: bool,
                  action: Literal["army_stay", "leave_behind", "rearguard"],
                  keep_nazgul: bool = False) -> list[WotrAction]:
    """Figures of `group` (an army leaving or fighting from `region`) that may be kept back, as
    {"type": action, "nation", "kind"} and {"type": action + "_char", "char"}: the group keeps an
    army unit, a Free Peoples leader stays only beside a unit that stays (a leader is never alone,
    p.8), a `led` group keeps a leader or character (a Character die, p.27), and with `keep_nazgul` a
    Nazgûl or the Witch-king (a card moving armies with Nazgûl)."""
    chars = [c for c in chars_at(s, region, side, movable=True) if c not in kept_chars]
    keep_leader = led and leaders(s, group, side) + len(chars) < 2
    last_nazgul = keep_nazgul and nazgul_in(s, region, side, group, chars) < 2
    unit_stays = army_units(units_of(s, region, side)) > army_units(group)
    out: list[WotrAction] = []
    for n, u in sorted(group.items()):
        for k in sorted(u):
            if k in UNIT_KINDS and army_units(group) < 2:
                continue
            leading = k == LEADER_KIND[side] or k == "elite" and n == "isengard" and white_hand_leaders(s, group)
            if k == "leader" and not unit_stays or leading and keep_leader or k == "nazgul" and last_nazgul:
                continue
            out.append({"type": action, "nation": n, "kind": k})
    if not keep_leader:
        out += [{"type": CHAR_ACTION[action], "char": c} for c in chars if not (c == "witch_king" and last_nazgul)]
    return out


def move_actions(s: dict, ask: dict) -> list[WotrAction]:
    side = ask["side"]
    out: list[WotrAction]
    if ask["from"] is None:
        out = [{"type": "army_from", "region": r} for r in origins(s, ask)]
        return out + [{"type": "done"}]
    out = stay_options(s, ask)
    group = moving_group(s, ask)
    ends = move_targets(s, side, ask["from"], group) if CARD_MOVE.isdisjoint(ask) else card_reach(
        s, ask, ask["from"], group)
    return out + [{"type": "army_to", "region": r} for r in ends]


def stay(ask: dict, nation: str, kind: str, key: str = "stay") -> None:
    """One more figure kept back in ask[key] ({nation: {kind: n}})."""
    here = ask[key].setdefault(nation, {})
    here[kind] = here.get(kind, 0) + 1


def move_army(s: dict, ev: list, ask: dict, to: str) -> None:
    """Moves the chosen group, then enters the region (capture, activation); the next move or the end."""
    side, src = ask["side"], ask["from"]
    group = moving_group(s, ask)
    chars = [c for c in chars_at(s, src, side, movable=True) if c not in ask["stay_chars"]]
    transfer(s, src, to, group, chars)
    log_event(s, ev, "army_moved", side=side, **{"from": src}, to=to, units=group, characters=chars)
    enter(s, ev, side, to)
    ask.update(moves=ask["moves"] - 1, arrived=ask["arrived"] + [to], stay={}, stay_chars=[], **{"from": None})
    if not ask["moves"] or not any_origin(s, ask):
        s["ask"].pop()
        check_stacking(s, side)


def transfer(s: dict, src: str, to: str, group: dict, chars: list) -> None:
    for n, u in group.items():
        for k, v in u.items():
            add_units(s, src, n, k, -v)
            add_units(s, to, n, k, v)
    for c in chars:
        place_char(s, c, to)


def enter(s: dict, ev: list, side: str, region: str) -> None:
    """An army entering a region: it captures an enemy-controlled settlement with no enemy army in it
    (p.32; a garrison under siege keeps it), and a Shadow army entering a Free Peoples nation's region
    activates it (p.34)."""
    nation = REGIONS[region]["nation"]
    if side != FP:
        activate(s, ev, nation)
    if (REGIONS[region]["settlement"] in SETTLEMENTS and controller(s, region) not in (side, None)
            and not has_army_unit(s, region, other(side))):
        capture(s, ev, side, region)


def garrison_lost(s: dict, ev: list, side: str, region: str) -> None:
    """`side` lost figures in `region` outside a battle (an event card's hits, a figure removed): a
    settlement it held, with none of its army units left and an enemy army standing there, is captured
    by that army (p.32: whatever eliminated the defenders)."""
    if (REGIONS[region]["settlement"] in SETTLEMENTS and controller(s, region) == side
            and not has_army_unit(s, region, side) and has_army_unit(s, region, other(side))):
        capture(s, ev, other(side), region)


def capture(s: dict, ev: list, side: str, region: str) -> None:
    if original_side(region) == side:
        del s["captured"][region]          # taken back: the marker and its points go
    else:
        s["captured"][region] = side
    log_event(s, ev, "settlement_captured", side=side, region=region, vp=victory_points(s))
    if REGIONS[region]["nation"]:
        auto_advance(s, ev, REGIONS[region]["nation"])


def victory_points(s: dict) -> dict:
    """Captured Cities are worth 1 point to their captor, Strongholds 2 (p.44)."""
    vp = {FP: 0, "shadow": 0}
    for r, side in s["captured"].items():
        vp[side] += REGIONS[r]["vp"]
    return vp


# --- the stacking limit: the owner removes the excess at the end of an action (p.26, p.31) ----------

def stack_limit(s: dict, region: str, side: str) -> int:
    return SIEGE_LIMIT if besieged(s, region) == side else STACK_LIMIT


def over_stacked(s: dict, side: str) -> list[str]:
    # Asked after every card that moves or recruits: the units counted in place (no dict built), and, as
    # no limit is under SIEGE_LIMIT, the siege test only for an army above it.
    out = []
    here: dict      # typed: the compiled copy loops with the dict's own C calls (with army_map's: -4.6%
    u: dict         # of hard's search instructions, docs/wotr.md "Speed forms")
    for r, here in s["units"].items():
        n = 0
        for nation, u in here.items():
            if SIDE_OF[nation] == side:
                n += u.get("regular", 0) + u.get("elite", 0)
        if n > SIEGE_LIMIT and n > stack_limit(s, r, side):
            out.append(r)
    return sorted(out)


def check_stacking(s: dict, side: str) -> None:
    regions = over_stacked(s, side)
    if regions:
        s["ask"].append({"kind": "remove_excess", "side": side, "region": regions[0]})


def excess_actions(s: dict, ask: dict) -> list[WotrAction]:
    return [{"type": "remove_unit", "nation": n, "kind": k}
            for n, u in sorted(units_of(s, ask["region"], ask["side"]).items()) for k in UNIT_KINDS if k in u]


def remove_excess(s: dict, ev: list, ask: dict, nation: str, kind: str) -> None:
    add_units(s, ask["region"], nation, kind, -1)
    add_reinforcements(s, nation, kind, 1)
    log_event(s, ev, "unit_removed", region=ask["region"], nation=nation, kind=kind)
    if army_units(units_of(s, ask["region"], ask["side"])) <= stack_limit(s, ask["region"], ask["side"]):
        s["ask"].pop()
        check_stacking(s, ask["side"])


# --- recruiting (Muster die): 2 Regulars, 2 leaders, 1 + 1, or 1 Elite; two figures in two places ----

def muster_places(s: dict, side: str, kinds=("regular", "elite", "leader", "nazgul"),
                  exclude: str | None = None, armies: dict | None = None) -> list[tuple[str, str, str]]:
    """(nation, kind, region): free settlements (neither captured nor besieged) of the side's nations
    at war with that figure in the pool; Nazgûl only in Sauron Strongholds (p.26); a leader only beside
    an army unit (never alone, p.8)."""
    out = []
    armies = armies or army_map(s)
    mine, enemy = armies[side], armies[other(side)]
    for region in _SETTLEMENT_REGIONS[side]:
        r = REGIONS[region]
        n = r["nation"]
        if region == exclude or region in enemy or not at_war(s, n) or controller(s, region) != side:
            continue
        pool = s["reinforcements"][n]
        for k in kinds:
            if (pool.get(k, 0) and (k != "nazgul" or r["settlement"] == "stronghold")
                    and (k != "leader" or region in mine)):
                out.append((n, k, region))
    return out


# A side's nations' settlements, in name order.
_SETTLEMENT_REGIONS = {side: sorted(r for r, d in REGIONS.items() if d["settlement"] in SETTLEMENTS
                                    and d["nation"] and SIDE_OF[d["nation"]] == side) for side in SIDES}


def recruit(s: dict, ev: list, side: str, nation: str, kind: str, region: str) -> None:
    add_reinforcements(s, nation, kind, -1)
    add_units(s, region, nation, kind, 1)
    log_event(s, ev, "recruited", side=side, nation=nation, kind=kind, region=region)
