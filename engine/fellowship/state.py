"""La Communauté's state: the constants from the data, copying a state, and the small helpers every
rule uses (the die, the log, who is where, points, decisions, kept cards)."""
from __future__ import annotations

from typing import Any

from engine.fellowship.data import DATA
from engine.kernel import Rng

GAME = "fellowship"
VERSION = 1
HOBBITS = ("frodo", "sam", "merry", "pippin")
STAGES = DATA["stages"]
EVENTS = DATA["events"]
ENEMIES = DATA["enemies"]
COMPANIONS = DATA["companions"]
RIVENDELL = [c for c, d in COMPANIONS.items() if d["where"] == "rivendell"]
MAX_MOVE = DATA["max_move"]


def copy(o: Any) -> Any:
    if isinstance(o, dict):
        return {k: copy(v) for k, v in o.items()}
    if isinstance(o, list):
        return [copy(v) for v in o]
    return o


def copy_state(s: dict) -> dict:
    out = {}
    for k, v in s.items():
        if k == "log":
            out[k] = list(v)  # events are never modified once logged
        elif isinstance(v, (dict, list)):
            out[k] = copy(v)
        else:
            out[k] = v
    return out


def roll(s: dict) -> int:
    r = Rng(s["rng"])
    v = r.below(6) + 1
    s["rng"] = r.state
    return v


# Every module logs through _emit, which keeps its underscore: tests/fellowship/test_data_and_texts.py
# finds every event type (to check it has a text) by searching the sources for `_emit(s, ev, "..."`.
def _emit(s: dict, ev: list, type_: str, **fields) -> None:
    e = {"type": type_, "n": len(s["log"]), **fields}
    s["log"].append(e)
    ev.append(e)


def stage(s: dict) -> dict:
    return STAGES[s["stage"]]


def on_path(s: dict) -> list[str]:
    return [pid for pid in s["players"] if s["p"][pid]["pos"] is not None]


def occupied(s: dict, exclude: str | None = None) -> set[int]:
    return {p["pos"] for pid, p in s["p"].items() if p["pos"] is not None and pid != exclude}


def leader(s: dict) -> str | None:
    best = None
    for pid in s["players"]:
        pos = s["p"][pid]["pos"]
        if pos is not None and (best is None or pos > s["p"][best]["pos"]):
            best = pid
    return best


def ranking(s: dict) -> list[str]:
    """Arrived hobbits first (in arrival order), then the path from front to back."""
    path = sorted(on_path(s), key=lambda pid: -s["p"][pid]["pos"])
    return list(s["arrivals"]) + path


def left_of(s: dict, pid: str) -> str:
    ps = s["players"]
    return ps[(ps.index(pid) + 1) % len(ps)]


def gain(s: dict, ev: list, pid: str, what: str, amount: int, why: str) -> None:
    """Add (or remove, when negative) hero or movement points; never below zero."""
    p = s["p"][pid]
    key = "hero" if what == "hero" else "mp"
    before = p[key]
    p[key] = max(0, before + amount)
    if p[key] != before or amount:
        lucky = {"asked": amount} if p[key] - before != amount else {}  # lost only what the player had
        _emit(s, ev, "points", player=pid, what=what, amount=p[key] - before, total=p[key], why=why, **lucky)


def ask(s: dict, kind: str, player: str, **data) -> None:
    s["next_id"] += 1
    s["queue"].append({"id": s["next_id"], "kind": kind, "player": player, **data})


def kept_uses(pid_rec: dict) -> list[str]:
    return [EVENTS[c]["effect"][0]["use"] for c in pid_rec["kept"]]


def drop_kept(s: dict, pid: str, use: str, ev: list | None = None, why: str = "") -> list[str]:
    p = s["p"][pid]
    gone = [c for c in p["kept"] if EVENTS[c]["effect"][0]["use"] == use]
    if gone:
        p["kept"] = [c for c in p["kept"] if c not in gone]
        s["discards"]["event"].extend(gone)
        if ev is not None:
            _emit(s, ev, "card_discarded", player=pid, cards=gone, why=why)
    return gone


def recipients(s: dict, pid: str) -> list[str]:
    """Players other than pid still on the stage (not yet at its end)."""
    return [q for q in s["players"] if q != pid and s["p"][q]["pos"] is not None]
