"""Where a piece may move: the ordinary forward step, and each character's own way of moving."""
from __future__ import annotations

from .board import BACKWARD, CAPACITY, ENEMY, FORWARD, REGIONS, SIDEWAYS, STEP


def normal_moves(p: dict, cnt: dict) -> list[str]:
    """Forward steps into a region where the side is not yet at capacity (the Anduin and the tunnel
    count as forward for the Fellowship). A revealed Watcher never moves forward again."""
    if p["char"] == "the_watcher" and p["permanent"]:
        return []
    own = cnt[p["side"]]
    return [d for d in FORWARD[p["side"]][p["region"]] if own.get(d, 0) < CAPACITY[d]]


def _chain(p: dict, cnt: dict) -> dict[str, int]:
    """Regions reachable by several forward steps through regions holding no enemy and not full of
    friends (Black Rider, Uruk-Hai), with the number of steps taken."""
    side, own, foe = p["side"], cnt[p["side"]], cnt[ENEMY[p["side"]]]
    seen: dict[str, int] = {}
    frontier = [p["region"]]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for r in frontier:
            for d in STEP[side][r]:
                if d in seen:
                    continue
                seen[d] = steps
                if foe.get(d, 0) == 0 and own.get(d, 0) < CAPACITY[d]:
                    nxt.append(d)
        frontier = nxt
    return seen


def special_moves(p: dict, cnt: dict) -> list[str]:
    """Destinations open to this piece only through its character's ability."""
    ch, side, r = p["char"], p["side"], p["region"]
    own, foe = cnt[side], cnt[ENEMY[side]]

    def room(d: str) -> bool:
        return own.get(d, 0) < CAPACITY[d]

    if ch == "aragorn":
        # dict.fromkeys: each region once, in a fixed order (a set's order follows the hash seed).
        around = dict.fromkeys([*FORWARD[side][r], *BACKWARD[side][r], *SIDEWAYS[side][r]])
        return [d for d in around if foe.get(d, 0) and room(d)]
    if ch == "witch_king":
        return [d for d in SIDEWAYS[side][r] if foe.get(d, 0) and room(d)]
    if ch == "flying_nazgul":
        return [d for d in REGIONS if d != r and foe.get(d, 0) == 1 and own.get(d, 0) == 0]
    if ch == "black_rider":
        return [d for d, n in _chain(p, cnt).items() if n > 1 and foe.get(d, 0) and room(d)]
    if ch == "uruk_hai":
        return [d for d, n in _chain(p, cnt).items() if n > 1 and not foe.get(d, 0) and not own.get(d, 0)]
    if ch == "flying_nazgul_v":
        # Two paths of two steps can end in the same region: each destination once.
        two_steps = dict.fromkeys(d for m in STEP[side][r] for d in STEP[side][m])
        return [d for d in two_steps if foe.get(d, 0) and room(d)]
    if ch == "treebeard" and r != "fangorn" and foe.get("fangorn", 0) == 1 and own.get("fangorn", 0) == 0:
        return ["fangorn"]
    return []


SPECIAL_MOVERS = frozenset({"aragorn", "witch_king", "flying_nazgul", "black_rider", "uruk_hai",
                            "flying_nazgul_v", "treebeard"})


def moves(p: dict, cnt: dict) -> list[str]:
    """Every destination of a legal move for piece p."""
    dests = normal_moves(p, cnt)
    if p["char"] in SPECIAL_MOVERS:
        dests += [d for d in special_moves(p, cnt) if d not in dests]
    return dests
