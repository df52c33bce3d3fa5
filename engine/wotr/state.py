"""War of the Ring's state helpers: the facts as plain dicts, copying, dice, the log, small queries.

The state is a JSON-safe dict (see docs/wotr.md, "State"). Sides are "free_peoples" and "shadow";
who plays which part of a side is engine/wotr/seats.py (2 players: players[0] the Free Peoples).
"""
from __future__ import annotations

import marshal
from typing import Any

from cards.wotr import load
from engine.graph import steps_from
from engine.kernel import Rng

GAME = "wotr"
VERSION = 1
FP = "free_peoples"
SH = "shadow"
SIDES = (FP, SH)

_D = load()
REGIONS = {rid: r.model_dump() for rid, r in _D.regions.items()}
ADJ = {rid: tuple(r.adjacent) for rid, r in _D.regions.items()}
NEIGHBOURS = {rid: frozenset(a) for rid, a in ADJ.items()}    # the same as sets, for quick tests
NATIONS = {nid: n.model_dump() for nid, n in _D.nations.items()}
CHARS = {cid: c.model_dump() for cid, c in _D.characters.items()}
TILES = {tid: t.model_dump() for tid, t in _D.hunt_tiles.items()}
CARDS = {cid: c.model_dump() for cid, c in _D.event_cards.items()}
STANDARD_TILES = tuple(sorted(t for t, d in TILES.items() if d["special"] is None))
COMPANIONS = ("gandalf_grey", "strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin")
MINIONS = ("saruman", "witch_king", "mouth_of_sauron")
FP_NATIONS = tuple(n for n, d in NATIONS.items() if d["side"] == FP)
SH_NATIONS = tuple(n for n, d in NATIONS.items() if d["side"] == SH)
SIDE_OF = {n: d["side"] for n, d in NATIONS.items()}

# Action die faces (one per side of the die; the Free Peoples die shows the Character twice).
FACES = {FP: ("character", "character", "muster", "muster_army", "event", "will_of_the_west"),
         SH: ("character", "army", "muster", "muster_army", "event", "eye")}
BASE_DICE = {FP: 4, SH: 7}
MAX_DICE = {FP: 6, SH: 10}
MAX_HUNT_DICE = 5
MORDOR_ENTRANCES = ("morannon", "minas_morgul")
CRACK_OF_DOOM = 5          # Mordor steps 0..4, then the Crack of Doom
ARAGORN_PLACES = ("minas_tirith", "dol_amroth", "pelargir")
CORRUPTION_LOSS = 12
MAX_PROGRESS = 12


DIST = {start: steps_from(start, ADJ) for start in ADJ}


# Parts of the state that `apply` shares between the old and the new state instead of copying them (the
# big, rarely changed ones). They are never modified in place: a writer replaces the part of the path it
# changes (see add_units, cards/decks.py's draw and discard). Everything else is copied at each apply.
# The log is split the same way: `history` holds older events (shared) and `log` the latest ones (copied);
# a copy moves `log` into `history` once it is long, so an apply does not copy the whole game's log.
SHARED = ("units", "reinforcements", "decks", "discards", "history", "politics", "chars")
LOG_CHUNK = 64


def _copy(o):
    if isinstance(o, dict):
        return {k: _copy(v) for k, v in o.items()}
    if isinstance(o, list):
        return [_copy(v) for v in o]
    return o


# How each small, often changed part is copied (strings and numbers are shared: they never change).
_COPY = {
    "ask": lambda v: [_copy(a) for a in v],
    "fellowship": lambda f: {**f, "companions": list(f["companions"])},
    "hunt": lambda h: {**h, "pool": list(h["pool"]), "drawn": list(h["drawn"]), "removed": list(h["removed"]),
                       "specials": list(h["specials"]), "box": dict(h["box"])},
    "dice": lambda v: {k: list(x) for k, x in v.items()},
    "hands": lambda v: {k: list(x) for k, x in v.items()},
    "table": lambda v: {k: list(x) for k, x in v.items()},
    "eliminated": list, "abilities_used": list,
    "dice_count": dict, "acts": dict, "rings": dict, "ring_used": dict, "captured": dict,
}
_KEEP = frozenset(SHARED) | {"game", "version", "players", "rng", "turn", "phase", "active", "result"}


def copy_state(s: dict) -> dict:
    """The copy `apply` plays on (engine.kernel.GameRules.clone): the parts in _COPY copied by their
    shape, the SHARED ones and the never-changed ones kept, anything else copied whole."""
    out = {}
    for k, v in s.items():
        if k in _KEEP:
            out[k] = v
        elif k in _COPY:
            out[k] = _COPY[k](v)
        elif k != "log":
            out[k] = _copy(v)
    if len(s["log"]) >= LOG_CHUNK:
        out["history"], out["log"] = s["history"] + s["log"], []
    else:
        out["log"] = list(s["log"])   # logged events are never modified
    return out


def deep_copy(s: Any) -> Any:
    """A copy sharing nothing with `s`, any JSON value (for tests and tools that edit states by hand, and
    the sampler's copies of a view's parts)."""
    return marshal.loads(marshal.dumps(s))


def other(side: str) -> str:
    return SH if side == FP else FP


# --- randomness --------------------------------------------------------------------------------------
# Every random draw of the rules goes through `roll`, `rolls` and `pick_index`. They draw from the
# generator in the state ("rng"), unless a test put draws in s["forced"] (tests/wotr/helpers.py `forced`):
# the values the next calls return, in order (a die face for a roll, the item itself for a pick), any
# number inside one apply, then the generator again. No game holds that key (new_game does not make it,
# no action sets it), so a game is still the same game from its seed and actions.

def rand(s: dict, n: int) -> int:
    r = Rng(s["rng"])
    v = r.below(n)
    s["rng"] = r.state
    return v


def _forced(s: dict, fits: tuple | list, what: str) -> Any:
    """The next forced draw, which must be one of `fits` (refused loudly: a replay gone astray)."""
    queue: list = s["forced"]
    value = queue.pop(0)
    if not queue:
        del s["forced"]
    if value not in fits:
        raise ValueError(f"forced draw {value!r} is not {what}")
    return value


def roll(s: dict) -> int:
    if "forced" in s:
        return _forced(s, _FACES, "a die face")
    return rand(s, 6) + 1


_FACES = (1, 2, 3, 4, 5, 6)


def pick_index(s: dict, items: list) -> int:
    """The index of an item drawn at random (a Hunt tile, a random companion)."""
    if "forced" in s:
        return items.index(_forced(s, items, f"one of {items}"))
    return rand(s, len(items))


def rolls(s: dict, n: int) -> list[int]:
    """n rolls, the same as n calls of `roll`."""
    return [roll(s) for _ in range(n)]


def log_event(s: dict, ev: list, type_: str, **fields) -> None:
    """Write an event to the state's log and to the action's events."""
    log = s["log"]
    e = {"type": type_, "n": len(s["history"]) + len(log), **fields}
    log.append(e)
    ev.append(e)


# --- queries -------------------------------------------------------------------------------------

def controller(s: dict, region: str) -> str | None:
    """Who controls a settlement: its nation's side, unless captured (armies.py captures)."""
    r = REGIONS[region]
    if region in s["captured"]:
        return s["captured"][region]
    nation = r["nation"] or r["setup_nation"]
    return NATIONS[nation]["side"] if nation else None


_STRONGHOLDS = {side: frozenset(r for r, d in REGIONS.items() if d["settlement"] == "stronghold"
                                 and NATIONS[d["nation"]]["side"] == side) for side in SIDES}


_STRONGHOLD_SIDE = {r: side for side in SIDES for r in _STRONGHOLDS[side]}     # each Stronghold's own side


def strongholds_of(s: dict, side: str) -> frozenset:
    """The Strongholds a side controls (its own unless captured, plus those it captured)."""
    captured = s["captured"]
    if not captured:
        return _STRONGHOLDS[side]
    # `controller` of each Stronghold, its nation's side looked up once (asked at every listing)
    return frozenset(r for r, own in _STRONGHOLD_SIDE.items() if captured.get(r, own) == side)


def is_stronghold_of(s: dict, region: str, side: str) -> bool:
    return region in strongholds_of(s, side)


def is_fp_city_or_stronghold(s: dict, region: str) -> bool:
    """A Free Peoples City or Stronghold not under enemy control (healing, reveal and activation)."""
    r = REGIONS[region]
    return (r["settlement"] in ("city", "stronghold") and r["nation"] in FP_NATIONS
            and controller(s, region) == FP)


def units_of(s: dict, region: str, side: str) -> dict:
    """{nation: {kind: n}} of one side's army units, leaders and Nazgûl in a region."""
    return {n: u for n, u in s["units"].get(region, {}).items() if SIDE_OF[n] == side}


def has_army_unit(s: dict, region: str, side: str) -> bool:
    """A Regular or Elite of the side in the region (asked very often: no dict built)."""
    for n, u in s["units"].get(region, {}).items():
        if SIDE_OF[n] == side and ("regular" in u or "elite" in u):
            return True
    return False


def army_map(s: dict) -> dict[str, set[str]]:
    """{side: the regions holding a Regular or Elite of the side}: one pass over the map, made once by
    the listings that would otherwise ask `has_army_unit` of every neighbour of every army."""
    out: dict[str, set[str]] = {FP: set(), SH: set()}
    here: dict      # typed: the compiled copy loops with the dict's own C calls (with over_stacked's: -4.6%
    u: dict         # of hard's search instructions, docs/wotr.md "Speed forms")
    for r, here in s["units"].items():
        for n, u in here.items():
            if "regular" in u or "elite" in u:
                out[SIDE_OF[n]].add(r)
    return out


def nazgul_at(s: dict, region: str) -> int:
    return s["units"].get(region, {}).get("sauron", {}).get("nazgul", 0)


def place_char(s: dict, char: str, region: str | None) -> None:
    """Put a character's figure on a region (None: off the map); `chars` is shared (SHARED)."""
    chars = s["chars"] = dict(s["chars"])
    if region is None:
        chars.pop(char, None)
    else:
        chars[char] = region


def set_politics(s: dict, nation: str, **changes) -> None:
    """Change a nation's political state; `politics` is shared (SHARED)."""
    s["politics"] = {**s["politics"], nation: {**s["politics"][nation], **changes}}


def add_units(s: dict, region: str, nation: str, kind: str, n: int) -> None:
    """Add (or remove, n < 0) units; copies the path it changes, as `units` is shared (SHARED)."""
    units = s["units"] = dict(s["units"])
    here = units[region] = dict(units.get(region, {}))
    u = here[nation] = dict(here.get(nation, {}))
    u[kind] = u.get(kind, 0) + n
    if u[kind] == 0:
        del u[kind]
        if not u:
            del here[nation]
            if not here:
                del units[region]


def add_reinforcements(s: dict, nation: str, kind: str, n: int) -> None:
    """Add (or take, n < 0) figures of the reinforcement pool; copies the path (SHARED)."""
    pool = s["reinforcements"] = dict(s["reinforcements"])
    here = pool[nation] = dict(pool[nation])
    here[kind] = here.get(kind, 0) + n
    if here[kind] <= 0:
        del here[kind]


def at_war(s: dict, nation: str) -> bool:
    return s["politics"][nation]["step"] == 0


def in_play(s: dict, char: str) -> bool:
    """A character whose figure is on the map or in the Fellowship."""
    return char in s["chars"] or char in s["fellowship"]["companions"]
