"""Moving on the track: walking over occupied spaces, stopping at adventures, stepping back, arriving
at the end of a stage (finish values, the Ring-bearer's bonus, Aragorn at Bree, Rivendell's companions)."""
from __future__ import annotations

from engine.fellowship.data import DATA

from . import adventures, events
from .state import _emit, ask, drop_kept, gain, occupied, on_path, stage


def walk(s: dict, pid: str, n: int) -> int:
    """Where `n` forward steps over empty spaces take pid (the finish number when it gets there)."""
    return destination(s, pid, n)[0]


def destination(s: dict, pid: str, n: int) -> tuple[int, str | None]:
    """Where `n` forward steps over empty spaces take pid, and the adventure that stops it there (or
    None). An adventure that stops this hobbit stops it even when another hobbit stands on it: it then
    halts on the nearest free space before (the occupied-space rule) and the adventure still acts."""
    st = stage(s)
    occ = occupied(s, pid)
    q = s["p"][pid]["pos"]
    steps = 0
    while steps < n:
        q += 1
        if q >= st["finish"]:
            return st["finish"], None
        adv = st["adventure_at"].get(q)
        if adv and _stops(s, pid, adv):
            return (free_behind(s, pid, q) if q in occ else q), adv
        if q not in occ:
            steps += 1
    return q, None


def _stops(s: dict, pid: str, adv: str) -> bool:
    if adv == "weathertop":
        return pid == s["ring"]
    if adv == "ford_of_rivendell":
        return True
    if adv == "bridge_of_khazad_dum":
        return "gandalf" in s["p"][pid]["companions"]
    return False


def free_behind(s: dict, pid: str, q: int) -> int:
    occ = occupied(s, pid)
    t = q - 1
    while t in occ:
        t -= 1
    return t


def place(s: dict, ev: list, pid: str, to: int, why: str) -> None:
    p = s["p"][pid]
    frm = p["pos"]
    p["pos"] = to
    _emit(s, ev, "moved", player=pid, frm=frm, to=to, why=why)
    if to != frm and stage(s)["adventure_at"].get(to) == "watcher_in_the_water":
        adventures.watcher(s, ev, pid)


def move_forward(s: dict, ev: list, pid: str, n: int, why: str) -> None:
    st = stage(s)
    p = s["p"][pid]
    start = p["pos"]
    target, stop = destination(s, pid, n)
    if target == st["finish"]:
        _emit(s, ev, "moved", player=pid, frm=start, to=target, why=why)
        arrive(s, ev, pid)
        return
    if stop is None and st["adventure_at"].get(target) in ("weathertop", "bridge_of_khazad_dum"):
        target = free_behind(s, pid, target)  # not concerned: stops on the free space before
    place(s, ev, pid, target, why)
    if p["pos"] is None:
        return
    if stop == "weathertop":
        adventures.weathertop(s, ev, pid)
    elif stop == "ford_of_rivendell":
        adventures.ford(s, ev, pid)
    elif stop == "bridge_of_khazad_dum":
        adventures.bridge(s, ev, pid)
    elif why == "dice" and target > start and target in st["event_set"]:
        events.draw_event(s, ev, pid)


def move_back(s: dict, ev: list, pid: str, n: int, why: str) -> None:
    occ = occupied(s, pid)
    t = s["p"][pid]["pos"]
    for _ in range(n):
        c = t - 1
        while c in occ:
            c -= 1
        if c < 1:
            break
        t = c
    if t != s["p"][pid]["pos"]:
        place(s, ev, pid, t, why)


def arrive(s: dict, ev: list, pid: str) -> None:
    st = stage(s)
    p = s["p"][pid]
    if "gandalf" in p["companions"] and "bridge_of_khazad_dum" in st["adventure_spaces"]:
        adventures.bridge(s, ev, pid)  # placed at Lórien without crossing the Bridge: Gandalf falls all the same
    p["pos"] = None
    s["arrivals"].append(pid)
    rank = len(s["arrivals"])
    p["rank"] = rank
    value = st["finish_values"][rank - 1]
    _emit(s, ev, "arrived", player=pid, stage=s["stage"], place=st["to"], rank=rank, value=value)
    gain(s, ev, pid, "hero", value, "finish_space")
    if pid == s["ring"]:
        gain(s, ev, pid, "hero", DATA["bearer_bonus"], "ring_bearer_finish")
    if s["stage"] == 2:
        if drop_kept(s, pid, "asfaloth", ev, "asfaloth_at_rivendell"):
            gain(s, ev, pid, "movement", 2, "asfaloth")
        drop_kept(s, pid, "reroll_next_fight", ev, "expires_at_rivendell")
        if s["pool"]:
            ask(s, "choose_companion", pid)
    if s["stage"] == 1 and s["aragorn"]:
        s["aragorn"] = False
        p["companions"].append("aragorn")
        _emit(s, ev, "companion_joined", player=pid, companion="aragorn", place="bree")
    left = on_path(s)
    if len(left) == 1:
        _emit(s, ev, "last_hobbit_placed", player=left[0])
        arrive(s, ev, left[0])
    elif not left:
        s["fight"] = None
        s["step"] = "stage_end"
