"""The political track (p.34-35): activation, the Muster die's diplomatic advance, and the automatic
advances (a nation attacked, a settlement captured: auto_advance).
"""
from __future__ import annotations

from engine.wotr.state import FP, FP_NATIONS, NATIONS, SH, SIDES, log_event, set_politics

# Wormtongue (sh_char_22) on the table: Rohan is roused only by a companion able to, the Fellowship
# declared in, or an attack on, one of these regions. (The table is read directly: cards/effects.py imports
# battle.py, which imports this module.)
WORMTONGUE_REGIONS = ("edoras", "helms_deep")


def activate(s: dict, ev: list, nation: str | None, by: str | None = None, region: str | None = None) -> None:
    """`by` says what rouses the nation ("companion", "declared", "attack"), and `region` where, for
    Wormtongue's sake."""
    if nation in FP_NATIONS and not s["politics"][nation]["active"]:
        if nation == "rohan" and "sh_char_22" in s["table"][SH] and not (
                by == "companion" or by in ("declared", "attack") and region in WORMTONGUE_REGIONS):
            return
        set_politics(s, nation, active=True)
        log_event(s, ev, "nation_activated", nation=nation)


def diplomacy_targets(s: dict, side: str) -> list[str]:
    """Nations of the side that can move one step towards war; a passive nation never reaches war, and
    not at all while Threats and Promises (sh_str_05) is on the table."""
    out = []
    threats = side == FP and "sh_str_05" in s["table"][SH]
    for n in _NATIONS_OF[side]:
        p = s["politics"][n]
        if p["step"] > 0 and (p["active"] or p["step"] > 1 and not threats):
            out.append(n)
    return out


_NATIONS_OF = {side: tuple(n for n, d in NATIONS.items() if d["side"] == side) for side in SIDES}


def advance_nation(s: dict, ev: list, nation: str) -> None:
    step = s["politics"][nation]["step"] - 1
    set_politics(s, nation, step=step)
    log_event(s, ev, "political_advance", nation=nation, step=step)
    if step == 0:
        log_event(s, ev, "at_war", nation=nation)


def set_at_war(s: dict, ev: list, nation: str) -> None:
    """A card moving a nation straight to war (Book of Mazarbul, Fear! Fire! Foes!)."""
    if s["politics"][nation]["step"]:
        set_politics(s, nation, step=0)
        log_event(s, ev, "political_advance", nation=nation, step=0)
        log_event(s, ev, "at_war", nation=nation)


def all_fp_at_war(s: dict) -> bool:
    return all(s["politics"][n]["step"] == 0 for n in FP_NATIONS)


def any_fp_at_war(s: dict) -> bool:
    return any(s["politics"][n]["step"] == 0 for n in FP_NATIONS)



def auto_advance(s: dict, ev: list, nation: str) -> None:
    """The automatic step towards war when a nation's army is attacked or its settlement captured
    (p.34); a passive nation still stops one step before war."""
    p = s["politics"][nation]
    if p["step"] > 0 and (p["active"] or p["step"] > 1):
        advance_nation(s, ev, nation)
