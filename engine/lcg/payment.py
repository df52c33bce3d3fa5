"""Paying costs: resources from heroes whose resource icon matches the card's sphere.

A neutral card may be paid by any of the player's heroes. A cost of 0 still needs one hero with a
matching icon (rulebook, Planning phase). Payments are enumerated so the player picks who pays.
"""
from __future__ import annotations

from .effects import REGISTRY
from .state import info, rec


def icons(s: dict, hero: str) -> set:
    """The spheres a hero's resources pay for: its own, plus those its attachments give it."""
    r = rec(s, hero)
    out = {info(s, hero)["sphere"]}
    for a in r["att"]:
        d = REGISTRY.get(s["ids"][a])
        if d is not None and d.icons_attached is not None:
            out.update(d.icons_attached(s, a, hero))
    return out


def payers(s: dict, player: str, sphere: str | None) -> list[str]:
    hs = s["players"][player]["heroes"]
    if sphere in (None, "neutral"):
        return list(hs)
    return [h for h in hs if sphere in icons(s, h)]


def payments(s: dict, player: str, cost: int, sphere: str | None, distinct: int = 0,
             limit: int = 64) -> list[dict[str, int]]:
    """Every way to pay `cost` (as {hero_uid: n}), at most `limit` of them."""
    heroes = payers(s, player, sphere)
    if not heroes:
        return []
    if cost == 0:
        return [{}]
    pools = [(h, rec(s, h)["res"]) for h in heroes]
    out: list[dict] = []

    def go(i: int, left: int, acc: dict) -> None:
        if len(out) >= limit:
            return
        if left == 0:
            if len(acc) >= distinct:
                out.append(dict(acc))
            return
        if i == len(pools):
            return
        h, have = pools[i]
        for n in range(min(have, left), -1, -1):
            if n:
                acc[h] = n
            go(i + 1, left - n, acc)
            acc.pop(h, None)

    go(0, cost, {})
    return out


def can_pay(s: dict, player: str, cost: int, sphere: str | None, distinct: int = 0) -> bool:
    return bool(payments(s, player, cost, sphere, distinct, limit=1))


def pay(s: dict, pay: dict) -> None:
    for h, n in pay.items():
        rec(s, h)["res"] -= n
