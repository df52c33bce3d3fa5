"""The board as fast lookup tables, derived once from cards/confrontation.json.

"Forward" is toward the enemy's home: Mordor for the Fellowship, the Shire for Sauron. Each table is a
dict side -> region -> tuple of regions, so movement code never has to think about direction.
"""
from __future__ import annotations

from cards.confrontation import components

_C = components()

FELLOWSHIP, SAURON = "fellowship", "sauron"
SIDES = (FELLOWSHIP, SAURON)
ENEMY = {FELLOWSHIP: SAURON, SAURON: FELLOWSHIP}
HOME = {FELLOWSHIP: "the_shire", SAURON: "mordor"}

REGIONS: tuple[str, ...] = tuple(r for row in _C.rows for r in row)
MOUNTAINS = frozenset(_C.mountains)
CAPACITY = {
    r: _C.capacity.get(r, _C.capacity["mountains"] if r in MOUNTAINS else _C.capacity["other"]) for r in REGIONS
}
# Where each side puts its five non-home pieces at setup.
FRONT: dict[str, tuple[str, ...]] = {side: tuple(r for r in start if r != HOME[side]) for side, start in _C.starting_regions.items()}

_fwd = {r: tuple(v) for r, v in _C.forward.items()}
_back: dict[str, tuple[str, ...]] = {r: () for r in REGIONS}
for _r, _dests in _fwd.items():
    for _d in _dests:
        _back[_d] += (_r,)

# A step forward by the ordinary links (what the Black Rider and the Uruk-Hai chain together).
STEP = {FELLOWSHIP: _fwd, SAURON: _back}
BACKWARD = {FELLOWSHIP: _back, SAURON: _fwd}

# The Anduin (downstream only) and the Moria tunnel are Fellowship-only forward links.
ANDUIN = tuple(tuple(p) for p in _C.anduin)
TUNNEL = tuple(_C.moria_tunnel[0])
UPSTREAM = frozenset((b, a) for a, b in ANDUIN)

FORWARD = {
    FELLOWSHIP: {
        r: _fwd[r] + tuple(b for a, b in ANDUIN + (TUNNEL,) if a == r) for r in REGIONS
    },
    SAURON: _back,
}

_side_pairs = [tuple(p) for p in _C.sideways]
_flat_pairs = [(a, b) for a, b in _side_pairs if a not in MOUNTAINS and b not in MOUNTAINS]


def _sideways(side: str) -> dict[str, tuple[str, ...]]:
    # Nobody moves sideways in the mountains; the Fellowship never goes up the Anduin.
    out: dict[str, tuple[str, ...]] = {r: () for r in REGIONS}
    for a, b in _flat_pairs:
        for x, y in ((a, b), (b, a)):
            if side == FELLOWSHIP and (x, y) in UPSTREAM:
                continue
            out[x] += (y,)
    return out


SIDEWAYS = {side: _sideways(side) for side in SIDES}

# Board adjacency as drawn: forward, backward and sideways links, mountains included (Gandalf's help).
ADJACENT = {
    r: tuple(sorted(set(_fwd[r]) | set(_back[r]) | {b for a, b in _side_pairs if a == r}
                    | {a for a, b in _side_pairs if b == r}))
    for r in REGIONS
}
# Adjacency without the sideways links between mountains (Smeagol's swap, Aragorn's attack).
ADJACENT_FLAT = {
    r: tuple(x for x in ADJACENT[r] if not (r in MOUNTAINS and x in MOUNTAINS)) for r in REGIONS
}


def capacity(region: str) -> int:
    return CAPACITY[region]
