"""The Fellowship: moving and hiding, the Fellowship phase (declare, heal, activate, change guide, enter
Mordor), separating companions, the guide and Gollum (p.36-39)."""
from __future__ import annotations

from functools import lru_cache

from engine.wotr.cards.effects import on_table
from engine.wotr.characters import activate_by_character, companion_reach, group_reach
from engine.wotr.hunt import hunt_roll, offer_balrog, passes_moria
from engine.wotr.mordor import mordor_move
from engine.wotr.politics import activate
from engine.wotr.state import (
    CHARS,
    DIST,
    FP,
    MAX_PROGRESS,
    MORDOR_ENTRANCES,
    REGIONS,
    TILES,
    is_fp_city_or_stronghold,
    log_event,
    place_char,
)

# --- moving and hiding (a Character die) -----------------------------------------------------------

def may_move(s: dict) -> bool:
    f = s["fellowship"]
    return f["hidden"] and (f["mordor"] is not None or f["progress"] < MAX_PROGRESS)


def move(s: dict, ev: list, die: bool = True) -> None:
    """Progress +1 and a Hunt roll; the die goes to the Hunt box once the Hunt is rolled (p.37, p.41).
    A card's move (`die` False) puts nothing in the box."""
    f = s["fellowship"]
    if f["mordor"] is not None:
        mordor_move(s, ev)
    else:
        f["progress"] += 1
        log_event(s, ev, "fellowship_moved", progress=f["progress"])
        hunt_roll(s, ev)
    if die and not on_table(s, "fp_str_01"):        # The Last Battle keeps these dice out of the Hunt box
        s["hunt"]["box"][FP] += 1


def hide(s: dict, ev: list) -> None:
    f = s["fellowship"]
    f["hidden"] = True
    if f["mordor"] is not None:
        f["mordor_moved"] = True
    log_event(s, ev, "fellowship_hidden")


# --- the Fellowship phase ---------------------------------------------------------------------------

def declare_targets(s: dict) -> list[str]:
    """Regions within the progress of the last known position (once a turn, hidden, not in Mordor)."""
    f = s["fellowship"]
    if f["declared"] or not f["hidden"] or f["mordor"] is not None:
        return []
    return list(_within(f["pos"], f["progress"]))


@lru_cache(maxsize=2048)
def _within(region: str, steps: int) -> tuple[str, ...]:
    """The regions at most `steps` away from `region`, sorted (asked at every Fellowship phase)."""
    return tuple(sorted(r for r, d in DIST[region].items() if d <= steps))


def declare(s: dict, ev: list, region: str) -> None:
    f = s["fellowship"]
    moria = passes_moria(f["pos"], region, f["progress"])
    f["pos"], f["progress"], f["declared"] = region, 0, True
    log_event(s, ev, "fellowship_declared", region=region)
    shelter = is_fp_city_or_stronghold(s, region)
    if shelter:
        if f["corruption"]:
            f["corruption"] -= 1
            log_event(s, ev, "corruption_healed", by=1, corruption=f["corruption"])
        activate(s, ev, REGIONS[region]["nation"], by="declared", region=region)
    if moria:
        offer_balrog(s, can_reveal=not shelter)


def may_enter_mordor(s: dict) -> bool:
    f = s["fellowship"]
    return f["mordor"] is None and f["pos"] in MORDOR_ENTRANCES and f["progress"] == 0


def enter_mordor(s: dict, ev: list) -> None:
    """Step 0 of the Mordor track and the pool rebuilt (p.43): the tiles still in it, the Eye tiles drawn
    so far and the special tiles cards have put in play; the numbered tiles drawn stay out (`drawn`)."""
    f, h = s["fellowship"], s["hunt"]
    f["mordor"] = 0
    eyes = [t for t in h["drawn"] if TILES[t]["value"] == "eye" and TILES[t]["special"] is None]
    h["pool"] = sorted(h["pool"] + eyes + h["specials"])
    h["drawn"], h["specials"] = [t for t in h["drawn"] if t not in eyes], []
    log_event(s, ev, "mordor_entered", region=f["pos"], pool=len(h["pool"]))


def guide_candidates(s: dict) -> list[str]:
    comps = s["fellowship"]["companions"]
    if not comps:
        return []
    top = max(CHARS[c]["level"] for c in comps)
    return sorted(c for c in comps if CHARS[c]["level"] == top)


def may_change_guide(s: dict) -> list[str]:
    f = s["fellowship"]
    if f["guide_changed"]:
        return []
    return [c for c in guide_candidates(s) if c != f["guide"]]


def set_guide(s: dict, ev: list, comp: str) -> None:
    s["fellowship"]["guide"] = comp
    log_event(s, ev, "guide", companion=comp)


# --- leaving the Fellowship -------------------------------------------------------------------------

def leave_fellowship(s: dict, ev: list, comps: list[str]) -> None:
    """Companions leave (separated or eliminated); a new guide among the highest levels, Gollum when
    the Ring-bearers are alone (p.37)."""
    f = s["fellowship"]
    f["companions"] = [c for c in f["companions"] if c not in comps]
    if f["guide"] not in f["companions"]:
        cands = guide_candidates(s)
        if not cands:
            set_guide(s, ev, "gollum")
        elif len(cands) == 1:
            set_guide(s, ev, cands[0])
        else:
            f["guide"] = None
            s["ask"].append({"kind": "choose_guide", "side": FP})


def may_separate(s: dict) -> bool:
    f = s["fellowship"]
    return f["mordor"] is None and bool(f["companions"])


def separation_targets(s: dict, ask: dict) -> list[str]:
    """Up to progress + the group's highest level from the Ring-bearers' region (p.39); a card may
    change the reach (characters.group_reach) and allow a besieged Stronghold (`siege_ok`)."""
    f, group = s["fellowship"], ask["group"]
    if not group:
        return []
    return companion_reach(s, f["pos"], f["progress"] + group_reach(group, ask), include_start=True,
                           end_besieged=ask.get("siege_ok", False))


def separate(s: dict, ev: list, region: str) -> None:
    place_separated(s, ev, s["ask"].pop()["group"], region, leaving=True)


def place_separated(s: dict, ev: list, group: list[str], region: str, leaving: bool = False) -> None:
    """Companions separated (`leaving`: still in the Fellowship until now) go on the map, rousing the
    nation they can activate."""
    for c in group:
        place_char(s, c, region)
    log_event(s, ev, "companions_separated", companions=group, region=region)
    if leaving:
        leave_fellowship(s, ev, group)
    for c in group:
        activate_by_character(s, ev, c, region)
