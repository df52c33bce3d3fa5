"""Where the die actions that name no region begin on the map, so that a player may start one from there (the
web table's map: a click on a region lists the actions that concern it). Moving armies begins at each region
whose army may move (with the follow-up that picks that army), the Fellowship's actions at its region, moving
companions or minions at the regions of those that may move. Only a reading of the rules the listing uses:
every action here is one of `actions`, every follow-up one the next decision offers (table/core.py takes it
only if it is legal then).
"""
from __future__ import annotations

from engine.wotr import armies as ar
from engine.wotr import characters as ch
from engine.wotr.seats import decider, is_team_game
from engine.wotr.types import WotrAction

FELLOWSHIP = ("move_fellowship", "hide_fellowship", "separate")


def starts(s: dict, ask: dict, actions: list[WotrAction]) -> list[dict]:
    """[{"action", "region", "then"?}] for each action of `actions` (an "act" decision's) that names no
    region and each region it may begin at."""
    out: list[dict] = []
    seat = decider(s, ask) if is_team_game(s) else None
    found: dict[str, list[str]] = {}  # the regions of a kind of action: the same whatever the die
    for a in actions:
        kind = a["type"]
        if kind == "move_armies":
            led = a.get("die") == "character"
            out += [{"action": a, "region": r, "then": {"type": "army_from", "region": r}}
                    for r in ar.move_origins(s, ask["side"], [], led, seat)]
            continue
        if kind not in found:
            found[kind] = _regions(s, kind)
        out += [{"action": a, "region": r} for r in found[kind]]
    return out


def _regions(s: dict, kind: str) -> list[str]:
    f = s["fellowship"]
    if kind in FELLOWSHIP:
        return [f["pos"]] if f["mordor"] is None else []
    if kind == "move_companions":
        moves = ch.companion_moves(s, {"moved": []})
    elif kind == "move_minions":
        moves = ch.nazgul_flights(s, {"arrived": {}})
        moves.extend(ch.minion_walks(s, {"moved": []}))
    else:
        return []
    # each block of moves: one group (its first figure's region), one Nazgûl's region ("from") or one minion
    return sorted({str(value) if field == "from" else s["chars"][value if isinstance(value, str) else value[0]]
                   for _, field, value, *_ in moves.blocks if isinstance(value, (str, list))})
