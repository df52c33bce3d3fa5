"""Every decision kind: the actions it allows (`legal`) and what each does (`HANDLERS`).

An action is legal exactly when it is in the list `legal` builds, so what the bot offers and what
apply accepts can never disagree.
"""
from __future__ import annotations

from engine.kernel import IllegalAction

from .action_types import LcgAction
from .combat import (
    attack_targets,
    attackers_done,
    declare_defender,
    eligible_attackers,
    may_defend,
    no_defender,
)
from .flow import T, ask, push, task, waiting
from .play import diagnose, do_activate, do_play, window_actions
from .quest import can_commit, commit, commitments_done
from .round import window_pass
from .state import draw, emit, forget_deck, rng_shuffle
from .triggers import count_use, find_ability, response_options


def legal(s: dict, player: str) -> list[LcgAction]:
    d = s["decision"]
    if d is None or player not in waiting(d) or s["result"] is not None:
        return []
    kind = d["kind"]
    out: list[LcgAction]
    if kind == "mulligan":
        return [{"type": "keep"}, {"type": "mulligan"}]
    if kind == "window":
        return window_actions(s, player)
    if kind == "commit":
        out = [{"type": "commit", "card": u} for u in can_commit(s, player)]
        return out + [{"type": "done"}]
    if kind == "choose":
        out = [{"type": "choose", "choice": o} for o in d["options"]]
        return out + ([{"type": "decline"}] if d["optional"] else [])
    if kind == "respond":
        return [*response_options(s, player, d["ev"], d["used"]), {"type": "decline"}]
    if kind == "defend":
        out = [{"type": "defend", "card": u} for u in may_defend(s, player)]
        return out + [{"type": "done" if s["attack"]["defenders"] else "no_defender"}]
    if kind == "attack":
        out = [{"type": "attack", "enemy": e} for e in attack_targets(s, player)]
        return out + [{"type": "done"}]
    if kind == "attackers":
        joining = "joining" in d
        out = [{"type": "attacker", "card": u}
               for u in eligible_attackers(s, player, d["enemy"], d["chosen"], joining)]
        return out + ([{"type": "done"}] if joining else [{"type": "resolve"}] if d["chosen"] else [])
    return []


# ---- handlers ------------------------------------------------------------------------------------

def on_mulligan(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "mulligan":
        pl = s["players"][p]
        pl["deck"] += pl["hand"]
        pl["hand"] = []
        rng_shuffle(s, pl["deck"])
        forget_deck(s, p)
        emit(s, "mulligan", player=p)
        draw(s, p, 6)
    else:
        emit(s, "kept", player=p)


@task("mulligan")
def _mulligan(s: dict, t: dict) -> None:
    ask(s, "mulligan", t["player"])


def on_window(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "pass":
        window_pass(s, d, p)
        return
    push(s, "window_resume", name=d["name"])
    if a["type"] == "play":
        do_play(s, p, a)
    else:
        do_activate(s, p, a)


def on_commit(s: dict, p: str, d: dict, a: dict) -> None:
    done = list(d["done"])
    if a["type"] == "commit":
        commit(s, p, a["card"])
        done.append(a["card"])
        if can_commit(s, p):
            ask(s, "commit", p, done=done)
            return
    commitments_done(s, p, done)


def on_choose(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "decline":
        if d.get("on_decline"):
            s["tasks"].append(d["on_decline"])
        return
    push(s, d["then"], choice=a["choice"], **d["args"])


def on_respond(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "decline":
        return
    uid = a["card"]
    push(s, "respond", player=p, ev=d["ev"], used=d["used"] + [uid])
    if uid in s["players"][p]["hand"]:
        do_play(s, p, a, response_ev=d["ev"])
        return
    ab = find_ability(s["inplay"][uid]["id"], "response", event=d["ev"]["name"])
    count_use(s, uid, ab, p)
    emit(s, "responded", player=p, card=uid, id=s["ids"][uid])
    ab.fn(s, {"player": p, "card": uid, "ev": d["ev"]})


def on_defend(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "defend":
        declare_defender(s, a["card"])
    elif a["type"] == "no_defender" and not d.get("sentinel"):
        no_defender(s)


def on_attack(s: dict, p: str, d: dict, a: dict) -> None:
    if a["type"] == "attack":
        s["player_attack"] = {"player": p, "enemy": a["enemy"], "attackers": []}
        ask(s, "attackers", p, enemy=a["enemy"], chosen=[])


def on_attackers(s: dict, p: str, d: dict, a: dict) -> None:
    """Attackers are declared one at a time, by the attacking player, then by those joining with Ranged."""
    pa = s["player_attack"]
    if a["type"] == "attacker":
        s["inplay"][a["card"]]["exhausted"] = True
        pa["attackers"].append(a["card"])
        emit(s, "attacker", player=p, card=a["card"], enemy=d["enemy"])
        joining = "joining" in d
        if eligible_attackers(s, p, d["enemy"], pa["attackers"], joining):
            ask(s, "attackers", p, enemy=d["enemy"], chosen=list(pa["attackers"]),
                **({"joining": d["joining"]} if joining else {}))
            return
    attackers_done(s, p)


HANDLERS = {
    "mulligan": on_mulligan, "window": on_window, "commit": on_commit, "choose": on_choose,
    "respond": on_respond, "defend": on_defend, "attack": on_attack, "attackers": on_attackers,
}


def refuse(s: dict, player: str, a: dict) -> IllegalAction:
    d = s["decision"]
    if d["kind"] == "window" and a.get("type") in ("play", "activate"):
        return diagnose(s, player, a)
    if a.get("type") == "play":
        e = diagnose(s, player, a)
        if e.code in ("card_not_implemented", "card_not_in_hand"):
            return e
    return IllegalAction("illegal_action", action=a.get("type"), expected=d["kind"])


__all__ = ["T"]
