"""The adventure spaces, each settled with Sauron's die: Weathertop, the Ford of Rivendell, the Bridge of
Khazad-dûm, the Watcher in the Water."""
from __future__ import annotations

from . import movement
from .state import _emit, ask, gain, kept_uses, roll, stage


def _sauron_die(s: dict, ev: list, for_player: str, what: str) -> int:
    v = roll(s)
    _emit(s, ev, "sauron_die", value=v, rolled_for=for_player, what=what)
    return v


def weathertop(s: dict, ev: list, pid: str) -> None:
    v = _sauron_die(s, ev, pid, "weathertop")
    if v <= 2:
        gain(s, ev, pid, "hero", -1, "weathertop")
    elif v <= 4:
        gain(s, ev, pid, "movement", -1, "weathertop")
    else:
        _emit(s, ev, "nothing_happens", player=pid, what="weathertop")


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
    v = _sauron_die(s, ev, pid, "bridge_of_khazad_dum")
    if v <= 2:
        gain(s, ev, pid, "hero", -1, "bridge")
    elif v <= 4:
        gain(s, ev, pid, "movement", -1, "bridge")
    else:
        gain(s, ev, pid, "hero", 3, "bridge")
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
    v = _sauron_die(s, ev, pid, "watcher_in_the_water")
    if v <= 2:
        gain(s, ev, pid, "movement", -2, "watcher")
    elif v <= 4:
        gain(s, ev, pid, "movement", -1, "watcher")
    else:
        _emit(s, ev, "nothing_happens", player=pid, what="watcher_in_the_water")
