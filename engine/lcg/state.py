"""State layout helpers: cloning, events, zones, turn order, the cards in play.

The state is a JSON-safe dict (see docs/lcg.md). Every physical card has a uid ("p1c07", "e12",
"q2"); `ids` maps uid -> card id for every card, and `inplay` holds a small record for each card in
play. Decks are lists whose last element is the top card.
"""
from __future__ import annotations

import marshal
from typing import Any

from engine.kernel import Rng

from .data import card as cdata
from .effects import REGISTRY, cards_in_play_with

_SHARED = ("log", "ids", "owner")


def clone(s: dict) -> dict:
    """A deep copy, except for what is never changed in place: `ids` and `owner` (set at setup; `ids` is
    replaced by a copy when a card gets a new uid) are shared, and the log is a new list holding the same
    (never modified) event dicts."""
    rest = {k: v for k, v in s.items() if k not in _SHARED}
    out = marshal.loads(marshal.dumps(rest))  # the fastest exact copy of JSON-shaped data in CPython
    out["ids"], out["owner"], out["log"] = s["ids"], s["owner"], list(s["log"])
    return out


def emit(s: dict, typ: str, **fields: Any) -> None:
    s["log"].append({"type": typ, "n": len(s["log"]), **fields})


def rng_shuffle(s: dict, items: list) -> None:
    r = Rng(s["rng"])
    r.shuffle(items)
    s["rng"] = r.state


def rng_below(s: dict, n: int) -> int:
    r = Rng(s["rng"])
    v = r.below(n)
    s["rng"] = r.state
    return v


# ---- players and turn order ----------------------------------------------------------------------

def active_players(s: dict) -> list[str]:
    """Players still in the game, in turn order starting with the first player."""
    order = s["order"]
    n = len(order)
    start = order.index(s["first"])
    return [order[(start + i) % n] for i in range(n) if not s["players"][order[(start + i) % n]]["out"]]


def first_player(s: dict) -> str:
    return s["first"]


def next_player(s: dict, p: str) -> str:
    live = [q for q in s["order"] if not s["players"][q]["out"] or q == p]
    return live[(live.index(p) + 1) % len(live)]


# ---- cards ---------------------------------------------------------------------------------------

def cid(s: dict, uid: str) -> str:
    return s["ids"][uid]


def info(s: dict, uid: str) -> dict:
    return cdata(s["ids"][uid])


def rec(s: dict, uid: str) -> dict:
    return s["inplay"][uid]


def in_play(s: dict, uid: str) -> bool:
    return uid in s["inplay"]


def new_record(s: dict, uid: str, owner: str | None, controller: str | None, zone: str) -> dict:
    r = {"uid": uid, "id": s["ids"][uid], "owner": owner, "ctrl": controller, "zone": zone,
         "exhausted": False, "dmg": 0, "res": 0, "prog": 0, "att": [], "on": None, "shadow": [],
         "used": {}, "tokens": 0}
    s["inplay"][uid] = r
    return r


def prisoner_of(s: dict, player: str) -> str | None:
    """The uid of `player`'s hero held prisoner (face down, out of play until rescued), if any."""
    return next((u for u, x in s.get("prisoners", {}).items() if x["player"] == player), None)


def characters(s: dict, player: str) -> list[str]:
    """Heroes then allies a player controls."""
    p = s["players"][player]
    return p["heroes"] + p["allies"]


def heroes(s: dict, player: str) -> list[str]:
    return list(s["players"][player]["heroes"])


def all_characters(s: dict) -> list[str]:
    out = []
    for p in active_players(s):
        out += characters(s, p)
    return out


def enemies_in_play(s: dict) -> list[str]:
    out = [u for u in s["staging"] if info(s, u)["type"] == "enemy"]
    for p in active_players(s):
        out += s["players"][p]["engaged"]
    return out


def is_type(s: dict, uid: str, typ: str) -> bool:
    return info(s, uid)["type"] == typ


def traits(s: dict, uid: str) -> list[str]:
    t = info(s, uid)["traits"]
    r = s["inplay"].get(uid)
    if r and r["att"]:
        extra = [x for a in r["att"] if (d := REGISTRY.get(s["ids"][a])) for x in d.traits_attached]
        if extra:
            return t + extra
    return t


def has_trait(s: dict, uid: str, trait: str) -> bool:
    return trait in traits(s, uid)


def keyword(s: dict, uid: str, kw: str) -> int:
    return info(s, uid)["keywords"].get(kw, 0)


def controller(s: dict, uid: str) -> str | None:
    r = s["inplay"].get(uid)
    return r["ctrl"] if r else None


def draw(s: dict, player: str, n: int) -> int:
    """Draw up to n cards (fewer when the deck runs out, or none while a card in play forbids it)."""
    for uid, blocks in cards_in_play_with(s, "blocks_draw"):
        if blocks(s, uid):
            emit(s, "no_draw", player=player, reason=s["ids"][uid])
            return 0
    p = s["players"][player]
    for uid in p.get("deck_attached", ()):
        if n > 0 and REGISTRY[s["ids"][uid]].cancels_draw:   # Iron Shackles: discarded instead of the draw
            p["deck_attached"].remove(uid)
            s["ediscard"].append(uid)
            emit(s, "no_draw", player=player, reason=s["ids"][uid])
            return 0
    k = 0
    while k < n and p["deck"]:
        p["hand"].append(p["deck"].pop())
        k += 1
    forget_deck(s, player)
    if k:
        emit(s, "drew", player=player, count=k)
    return k


def forget_deck(s: dict, owner: str) -> None:
    """Whatever anybody had seen of the top of this deck is no longer known to be there."""
    for seen in s["seen"].values():
        seen.pop("deck:" + owner, None)


def forget_encounter(s: dict) -> None:
    for seen in s["seen"].values():
        seen.pop("encounter", None)
