"""Current values of printed stats: printed value + tokens and card texts + attachments + lasting effects.

Nothing is cached: a stat is read on the fly, so an effect's end (a lasting effect removed, an
attachment discarded) changes it at once with no bookkeeping.
"""
from __future__ import annotations

from typing import Any

from .effects import REGISTRY
from .state import info

STATS = ("willpower", "attack", "defense", "hit_points", "threat", "engagement")


def stat(s: dict, uid: str, name: str) -> int:
    r = s["inplay"][uid]
    v = info(s, uid)[name] or 0
    d = REGISTRY.get(r["id"])
    if d is not None and d.modifier is not None:
        v += d.modifier(s, uid, name)
    for a in r["att"]:
        ad = REGISTRY.get(s["ids"][a])
        if ad is not None and ad.attached_modifier is not None:
            v += ad.attached_modifier(s, a, uid, name)
    for e in s["lasting"]:
        if e.get("uid") == uid and e.get("stat") == name:
            v += e["amount"]
    if name == "threat" and has_flag(s, uid, "no_threat"):
        return 0
    return max(0, v)


def has_flag(s: dict, uid: str, flag: str, player: str | None = None) -> bool:
    for e in s["lasting"]:
        if e.get("uid") == uid and e.get("flag") == flag and (player is None or e.get("player") in (None, player)):
            return True
    r = s["inplay"].get(uid)
    if r:
        for a in r["att"]:
            ad = REGISTRY.get(s["ids"][a])
            if ad is not None and flag in ad.flags_attached:
                return True
    return False


def player_flag(s: dict, player: str, flag: str) -> bool:
    return any(e.get("flag") == flag and e.get("player") == player and "uid" not in e for e in s["lasting"])


def add_lasting(s: dict, until: str, **fields: Any) -> None:
    s["lasting"].append({"until": until, **fields})


def staging_threat(s: dict) -> int:
    return sum(stat(s, u, "threat") for u in s["staging"]) + sum(e.get("amount", 0) for e in s["lasting"]
                                                                  if e.get("flag") == "staging_threat")
