"""Triggered abilities: forced effects and responses after a game event.

`trigger(s, ev)` schedules, on top of the task stack: the forced effects of cards in play that react
to `ev` (first; when two or more would resolve at the same moment the first player chooses their
order, `order_effects`), then one `respond` step per player in turn order starting with the first
player. A `respond`
step asks its player when they have a usable response on a card in play they control (public), or
when, from what the other players can know, they might hold a usable response event: they have a
card in hand, and some card of their hand-or-deck (their deck list minus the copies in play, in
their discard pile or being played: a public multiset) is a response event to this trigger whose
condition holds and whose cost they could pay from the resources everyone sees. Whether a player is
asked thus never depends on which cards are in their hand; they then see their real responses plus
`decline` (possibly only `decline`).
"""
from __future__ import annotations

from functools import cache

from .action_types import Respond
from .effects import REGISTRY, Ability
from .flow import T, ask, task
from .payment import payments
from .state import active_players, first_player, info


@cache
def _index() -> dict:
    out: dict = {}
    for cid, d in REGISTRY.items():
        for a in d.abilities:
            if a.event:
                out.setdefault(a.event, {}).setdefault(cid, []).append(a)
    return out


def uses_key(s: dict, uid: str, ab: Ability, player: str) -> str | None:
    if not ab.limit:
        return None
    scope = ab.limit[0]
    who = f"{ab.card}@{player}" if ab.limit_player else uid
    return f"{scope}|{who}|{ab.name}"


def under_limit(s: dict, uid: str, ab: Ability, player: str) -> bool:
    k = uses_key(s, uid, ab, player)
    return k is None or s["uses"].get(k, 0) < ab.limit[1]


def count_use(s: dict, uid: str, ab: Ability, player: str) -> None:
    k = uses_key(s, uid, ab, player)
    if k is not None:
        s["uses"][k] = s["uses"].get(k, 0) + 1


def _ctx(player: str, uid: str, ev: dict | None) -> dict:
    return {"player": player, "card": uid, "ev": ev}


def trigger(s: dict, ev: dict, also: list | tuple = ()) -> None:
    """Schedule what reacts to `ev`: its forced effects (with `also`, effects due at the same moment such
    as "at the end of the phase" ones), ordered by the first player when there are several, then one
    response step per player in turn order."""
    by_card = _index().get(ev["name"]) or {}
    forced, has_resp = [], False
    for uid, r in s["inplay"].items():
        abs_ = by_card.get(r["id"])
        if not abs_:
            continue
        for a in abs_:
            if a.kind == "forced":
                player = r["ctrl"] or ev.get("player") or first_player(s)
                if a.when is None or a.when(s, _ctx(player, uid, ev)):
                    forced.append(T("forced", card=uid, ab=a.name, player=player, ev=ev))
            elif a.kind == "response":
                has_resp = True
    if has_resp or any(a.kind == "play_response" for abs_ in by_card.values() for a in abs_):
        for p in reversed(active_players(s)):
            s["tasks"].append(T("respond", player=p, ev=ev, used=[]))
    simultaneous(s, list(also) + forced)


# ---- simultaneous effects: the first player orders them ------------------------------------------

def effect_keys(s: dict, pending: list) -> list[str]:
    """A name for each pending effect: "<card id of its source>:<uid of the card it is about>"
    ("gandalf:p2c11", "sneak_attack:p1c05", "beorn:p1c05"), made unique with "#2", "#3"..."""
    out: list[str] = []
    for t in pending:
        src = s["ids"].get(t.get("card"), "") if t["do"] == "forced" else t["do"].split(".")[0]
        key = f"{src}:{t.get('card')}"
        n, k = 1, key
        while k in out:
            n += 1
            k = f"{key}#{n}"
        out.append(k)
    return out


def simultaneous(s: dict, pending: list) -> None:
    """Schedule effects that would resolve at the same moment: one runs at once; when there are two or
    more, the first player chooses which resolves first (then next, ...)."""
    if len(pending) == 1:
        s["tasks"].append(pending[0])
    elif pending:
        s["tasks"].append(T("order_effects", pending=list(pending)))


@task("order_effects")
def _order_effects(s: dict, t: dict) -> None:
    pending = t["pending"]
    if len(pending) == 1:
        s["tasks"].append(pending[0])
        return
    ask(s, "choose", first_player(s), prompt="order_effects", options=effect_keys(s, pending), optional=False,
        then="order_effects.pick", args={"pending": pending})


@task("order_effects.pick")
def _order_pick(s: dict, t: dict) -> None:
    pending = t["pending"]
    i = effect_keys(s, pending).index(t["choice"])
    rest = pending[:i] + pending[i + 1:]
    if rest:
        s["tasks"].append(T("order_effects", pending=rest))
    s["tasks"].append(pending[i])


def find_ability(cid: str, kind: str, name: str = "main", event: str | None = None) -> Ability | None:
    d = REGISTRY.get(cid)
    if d is None:
        return None
    for a in d.abilities:
        if a.kind == kind and (a.name == name or event is not None) and (event is None or a.event == event):
            return a
    return None


@task("forced")
def _forced(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid not in s["inplay"]:
        return
    a = find_ability(s["inplay"][uid]["id"], "forced", t["ab"])
    a.fn(s, _ctx(t["player"], uid, t["ev"]))


def response_options(s: dict, player: str, ev: dict, used: list) -> list[Respond]:
    by_card = _index().get(ev["name"], {})
    out: list[Respond] = []
    for uid, r in s["inplay"].items():
        if r["ctrl"] != player or uid in used or r["id"] not in by_card:
            continue
        for a in by_card[r["id"]]:
            if a.kind == "response" and under_limit(s, uid, a, player) and (
                    a.when is None or a.when(s, _ctx(player, uid, ev))):
                out.append({"type": "respond", "card": uid})
                break
    for uid in dict.fromkeys(s["players"][player]["hand"]):
        cid = s["ids"][uid]
        for a in by_card.get(cid, ()):
            if a.kind != "play_response" or uid in used:
                continue
            if a.when is not None and not a.when(s, _ctx(player, uid, ev)):
                continue
            c = info(s, uid)
            if a.free:
                out.append({"type": "respond", "card": uid})
                continue
            for pay in payments(s, player, c["cost"] or 0, c["sphere"], a.distinct_payers):
                out.append({"type": "respond", "card": uid, "pay": pay})
    return out


def might_respond_from_hand(s: dict, player: str, ev: dict) -> bool:
    """Whether, for someone who cannot see `player`'s hand, they might hold a usable response event:
    decided from public facts only (hand size, the cards of hand and deck taken together, resources)."""
    pl = s["players"][player]
    if not pl["hand"]:
        return False
    by_card = _index().get(ev["name"], {})
    pool: dict[str, str] = {}
    face_down = [real for real in s.get("face_down", {}).values() if s["owner"][real] == player]
    for uid in sorted(pl["hand"] + pl["deck"] + face_down):   # together, their union is public
        cid = s["ids"][uid]
        if cid in by_card:
            pool.setdefault(cid, uid)
    for cid, uid in sorted(pool.items()):
        for a in by_card[cid]:
            if a.kind != "play_response":
                continue
            if a.when is not None and not a.when(s, _ctx(player, uid, ev)):
                continue
            c = info(s, uid)
            if a.free or payments(s, player, c["cost"] or 0, c["sphere"], a.distinct_payers, limit=1):
                return True
    return False


@task("respond")
def _respond(s: dict, t: dict) -> None:
    p = t["player"]
    if s["players"][p]["out"]:
        return
    inplay = [o for o in response_options(s, p, t["ev"], t["used"]) if o["card"] not in s["players"][p]["hand"]]
    if inplay or might_respond_from_hand(s, p, t["ev"]):
        ask(s, "respond", p, ev=t["ev"], used=t["used"])
