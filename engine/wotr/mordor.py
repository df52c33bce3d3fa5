"""The Mordor track (p.43): each move draws a tile without a roll; an Eye is worth the dice in the Hunt
box (Shadow dice plus Free Peoples dice used earlier this turn); a Stop tile keeps the Ring-bearers on
their step (hunt.mordor_step); the fifth step is the Crack of Doom."""
from __future__ import annotations

from engine.wotr.hunt import draw_tile
from engine.wotr.state import FP, SH, log_event


def mordor_move(s: dict, ev: list) -> None:
    f, box = s["fellowship"], s["hunt"]["box"]
    f["mordor_moved"] = True
    log_event(s, ev, "mordor_move", step=f["mordor"])
    draw_tile(s, ev, eye=box[SH] + box[FP], mordor=True)
