"""The Mordor track (p.43): each move draws a tile without a roll; an Eye is worth the dice in the Hunt
box (Shadow dice plus Free Peoples dice used earlier this turn); a Stop tile keeps the Ring-bearers on
their step; the fifth step is the Crack of Doom."""
from __future__ import annotations

from engine.wotr.hunt import pick_tile, resolve_tile
from engine.wotr.state import CRACK_OF_DOOM, FP, SH, TILES, _emit


def mordor_move(s: dict, ev: list) -> None:
    """The step is taken before the tile's damage is resolved, so that a 12th corruption on the last
    step still wins for the Shadow (the victory check waits for the damage decision)."""
    f, box = s["fellowship"], s["hunt"]["box"]
    f["mordor_moved"] = True
    _emit(s, ev, "mordor_move", step=f["mordor"])
    tile = pick_tile(s, ev)
    if TILES[tile]["stop"]:
        _emit(s, ev, "mordor_stopped", step=f["mordor"])
    else:
        f["mordor"] = min(f["mordor"] + 1, CRACK_OF_DOOM)
        _emit(s, ev, "mordor_step", step=f["mordor"])
    resolve_tile(s, ev, tile, eye=box[SH] + box[FP])
