"""Playing cards from hand and triggering Action abilities in an action window.

`window_actions` lists every legal action of a player in the current window; `do_play` and
`do_activate` carry them out. A card with no entry in the effect registry is never listed, and
`diagnose` explains why an action is refused (card_not_implemented, cannot_pay, not_now...).
"""
from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction

from .action_types import LcgAction
from .board import attach, put_into_play, unique_in_play
from .effects import QUESTS, REGISTRY, Ability, abilities, implemented
from .effects.common import discard_attachment
from .flow import T, ask, push, task
from .payment import pay, payments
from .state import emit, info
from .triggers import count_use, under_limit


def ctx(player: str, uid: str, **kw: Any) -> dict:
    return {"player": player, "card": uid, "ev": None, **kw}


def restricted_count(s: dict, host: str) -> int:
    return sum(1 for a in s["inplay"][host]["att"] if info(s, a)["keywords"].get("restricted"))


def attach_targets(s: dict, player: str, uid: str) -> list[str]:
    d = REGISTRY.get(s["ids"][uid])
    if d is None or d.attach_targets is None:
        return []
    return [u for u in d.attach_targets(s, ctx(player, uid))
            if (h := REGISTRY.get(s["ids"][u])) is None or not h.no_attachments]


def _phase_ok(ab: Ability, s: dict) -> bool:
    return ab.phases is None or s["phase"] in ab.phases


def playable(s: dict, player: str, uid: str) -> list[LcgAction]:
    """The play actions for one card in hand (with every payment), [] if it cannot be played now."""
    cid = s["ids"][uid]
    if not implemented(cid):
        return []
    c = info(s, uid)
    typ, cost, sphere = c["type"], c["cost"] or 0, c["sphere"]
    if typ in ("ally", "attachment"):
        if s["phase"] != "planning":
            return []
        if c["unique"] and unique_in_play(s, cid):
            return []
        if typ == "ally" and s.get("allies_played", 0) >= QUESTS.get(s["quest"]["id"], {}).get("ally_limit", 99):
            return []
        if typ == "attachment" and not attach_targets(s, player, uid):
            return []
        return [{"type": "play", "card": uid, "pay": p} for p in payments(s, player, cost, sphere)]
    if typ != "event":
        return []
    out: list[LcgAction] = []
    for ab in abilities(cid, "play"):
        if not _phase_ok(ab, s):
            continue
        if ab.x_cost is not None:
            for x in ab.x_cost(s, ctx(player, uid)):
                if ab.when is None or ab.when(s, ctx(player, uid, x=x)):
                    out += [{"type": "play", "card": uid, "x": x, "pay": p}
                            for p in payments(s, player, x, sphere, ab.distinct_payers)]
            continue
        if ab.when is not None and not ab.when(s, ctx(player, uid)):
            continue
        out += [{"type": "play", "card": uid, "pay": p} for p in payments(s, player, cost, sphere, ab.distinct_payers)]
    return out


def activations(s: dict, player: str) -> list[LcgAction]:
    out: list[LcgAction] = []
    for uid, r in s["inplay"].items():
        for ab in abilities(r["id"], "action"):
            if r["ctrl"] != player and not ab.any_player:
                continue
            if _phase_ok(ab, s) and under_limit(s, uid, ab, player) and (
                    ab.when is None or ab.when(s, ctx(player, uid))):
                out.append({"type": "activate", "card": uid, "ability": ab.name})
    return out


def window_actions(s: dict, player: str) -> list[LcgAction]:
    out: list[LcgAction] = [{"type": "pass"}]
    for uid in dict.fromkeys(s["players"][player]["hand"]):
        out += playable(s, player, uid)
    return out + activations(s, player)


def do_play(s: dict, player: str, a: dict, *, response_ev: dict | None = None) -> None:
    uid = a["card"]
    c = info(s, uid)
    hand = s["players"][player]["hand"]
    hand.remove(uid)
    pay(s, a.get("pay", {}))
    emit(s, "played", player=player, card=uid, id=s["ids"][uid], **({"x": a["x"]} if "x" in a else {}))
    if c["type"] == "ally":
        s["allies_played"] = s.get("allies_played", 0) + 1
        put_into_play(s, uid, player, played=True)
        return
    if c["type"] == "attachment":
        targets = attach_targets(s, player, uid)
        s["limbo"].append(uid)
        if len(targets) == 1:
            push(s, "attach_to", card=uid, player=player, choice=targets[0])
        else:
            ask(s, "choose", player, prompt="attach_to", options=targets, optional=False, then="attach_to",
                args={"card": uid, "player": player})
        return
    s["limbo"].append(uid)
    push(s, "event_done", card=uid)
    kind = "play_response" if response_ev is not None else "play"
    for ab in abilities(s["ids"][uid], kind):
        if response_ev is not None and ab.event != response_ev["name"]:
            continue
        ab.fn(s, ctx(player, uid, ev=response_ev, **({"x": a["x"]} if "x" in a else {})))
        break


@task("attach_to")
def _attach_to(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["limbo"]:
        s["limbo"].remove(uid)
    if t["choice"] not in s["inplay"]:
        s["players"][s["owner"][uid]]["discard"].append(uid)
        return
    attach(s, uid, t["choice"], t["player"])
    from .triggers import trigger
    trigger(s, {"name": "enters", "card": uid, "player": t["player"], "played": True})
    if restricted_count(s, t["choice"]) > 2:
        # Restricted: a character never keeps more than two; its controller discards one at once
        push(s, too_many_restricted, card=t["choice"])


@task("too_many_restricted")
def too_many_restricted(s: dict, t: dict) -> None:
    r = s["inplay"].get(t["card"])
    if r is None or restricted_count(s, t["card"]) <= 2:
        return
    opts = [a for a in r["att"] if info(s, a)["keywords"].get("restricted")]
    ask(s, "choose", r["ctrl"], prompt="discard_attachment", options=opts, optional=False,
        then=discard_attachment, args={})


@task("event_done")
def _event_done(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["limbo"]:
        s["limbo"].remove(uid)
        s["players"][s["owner"][uid]]["discard"].append(uid)


def do_activate(s: dict, player: str, a: dict) -> None:
    uid = a["card"]
    ab = next(x for x in abilities(s["inplay"][uid]["id"], "action") if x.name == a["ability"])
    count_use(s, uid, ab, player)
    emit(s, "activated", player=player, card=uid, id=s["ids"][uid], ability=ab.name)
    ab.fn(s, ctx(player, uid))


def diagnose(s: dict, player: str, a: dict) -> IllegalAction:
    t = a.get("type")
    if t == "play":
        uid = a.get("card")
        if not isinstance(uid, str) or uid not in s["players"][player]["hand"]:
            return IllegalAction("card_not_in_hand", card=uid)
        cid = s["ids"][uid]
        if not implemented(cid):
            return IllegalAction("card_not_implemented", card=cid)
        c = info(s, uid)
        if c["type"] in ("ally", "attachment") and s["phase"] != "planning":
            return IllegalAction("not_now", card=cid)
        opts = playable(s, player, uid)
        if not opts:
            return IllegalAction("cannot_play_now", card=cid)
        return IllegalAction("bad_payment", card=cid)
    if t == "activate":
        uid = a.get("card")
        r = s["inplay"].get(uid) if isinstance(uid, str) else None
        if r is None:
            return IllegalAction("not_your_card", card=uid)
        return IllegalAction("cannot_activate", card=r["id"])
    return IllegalAction("unexpected_action", action=t)


__all__ = ["T"]
