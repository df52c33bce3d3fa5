"""The adventure spaces, each settled with Sauron's die: Weathertop, the Ford of Rivendell, the Bridge of
Khazad-dûm, the Watcher in the Water."""
from __future__ import annotations

from . import movement
from .state import _emit, ask, gain, kept_uses, roll, stage


def _sauron_die(s: dict, ev: list, for_player: str, what: str) -> int:
    v = roll(s)
    _emit(s, ev, "sauron_die", value=v, rolled_for=for_player, what=what)
    return v


# What Sauron's die does at the three adventures settled by it alone, for a roll of 1-2, 3-4 and 5-6: the
# points gained (negative: lost), or None when nothing happens; and the reason the gains give.
_DIE = {
    "weathertop": ("weathertop", (("hero", -1), ("movement", -1), None)),
    "bridge_of_khazad_dum": ("bridge", (("hero", -1), ("movement", -1), ("hero", 3))),
    "watcher_in_the_water": ("watcher", (("movement", -2), ("movement", -1), None)),
}


def _settle(s: dict, ev: list, pid: str, space: str) -> None:
    why, outcomes = _DIE[space]
    outcome = outcomes[(_sauron_die(s, ev, pid, space) - 1) // 2]
    if outcome is None:
        _emit(s, ev, "nothing_happens", player=pid, what=space)
    else:
        gain(s, ev, pid, *outcome, why)


def weathertop(s: dict, ev: list, pid: str) -> None:
    _settle(s, ev, pid, "weathertop")


def ford(s: dict, ev: list, pid: str) -> None:
    if "asfaloth" in kept_uses(s["p"][pid]):
        _emit(s, ev, "asfaloth_rides", player=pid)
        movement.arrive(s, ev, pid)
        return
    v = _sauron_die(s, ev, pid, "ford_of_rivendell")
    if v <= 2:
        movement.place(s, ev, pid, movement.free_behind(s, pid, s["p"][pid]["pos"]), "ford")
    elif v <= 4:
        if s["p"][pid]["mp"] >= 1:
            ask(s, "ford", pid)
        else:
            movement.place(s, ev, pid, movement.free_behind(s, pid, s["p"][pid]["pos"]), "ford")
    else:
        movement.arrive(s, ev, pid)


def bridge(s: dict, ev: list, pid: str) -> None:
    _settle(s, ev, pid, "bridge_of_khazad_dum")
    s["p"][pid]["companions"].remove("gandalf")
    s["removed"].append("gandalf")
    _emit(s, ev, "gandalf_falls", player=pid)


def gandalf_handed_over(s: dict, ev: list, pid: str) -> None:
    """Gandalf falls at the Bridge whoever holds him: handed to a hobbit already on or past it, he
    falls at once, with that hobbit's roll."""
    bridge_at = stage(s)["adventure_spaces"].get("bridge_of_khazad_dum")
    pos = s["p"][pid]["pos"]
    if bridge_at and "gandalf" in s["p"][pid]["companions"] and pos is not None and pos >= bridge_at[0]:
        bridge(s, ev, pid)


def watcher(s: dict, ev: list, pid: str) -> None:
    _settle(s, ev, pid, "watcher_in_the_water")
