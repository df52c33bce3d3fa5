"""Small helpers card effects share: choices, targets, lasting effects."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board import check_destroyed, deal_damage, leave_play
from ..flow import Do, T, ask, name_of, push, task
from ..state import active_players, emit, info


def choose(s: dict, who: str, prompt: str, options: list, then: Do, optional: bool = False,
           on_decline: dict | None = None, named: bool = False, **args: Any) -> None:
    """Ask player `who` to pick one of `options`, then run task `then` (its function) with `choice`. A single forced
    option is taken at once; no option at all does nothing (or runs `on_decline`). `named`: the options
    are cards only the chooser is looking at (a deck's top cards); the decision then carries `cards`
    {uid: card id}, shown (like the options) only in the chooser's view."""
    if not options:
        if on_decline:
            s["tasks"].append(on_decline)
        return
    then = name_of(then)
    if len(options) == 1 and not optional:
        push(s, then, choice=options[0], **args)
        return
    ask(s, "choose", who, prompt=prompt, options=list(options), optional=optional, then=then, args=args,
        **({"on_decline": on_decline} if on_decline else {}),
        **({"cards": {u: s["ids"][u] for u in options}} if named else {}))


def chars(s: dict, player: str | None = None) -> list[str]:
    ps = [player] if player else active_players(s)
    out = []
    for p in ps:
        out += s["players"][p]["heroes"] + s["players"][p]["allies"]
    return out


def heroes(s: dict, player: str | None = None) -> list[str]:
    ps = [player] if player else active_players(s)
    return [h for p in ps for h in s["players"][p]["heroes"]]


def allies(s: dict, player: str | None = None) -> list[str]:
    ps = [player] if player else active_players(s)
    return [h for p in ps for h in s["players"][p]["allies"]]


def engaged_enemies(s: dict, player: str | None = None) -> list[str]:
    ps = [player] if player else active_players(s)
    return [e for p in ps for e in s["players"][p]["engaged"]]


def staging_of(s: dict, typ: str) -> list[str]:
    return [u for u in s["staging"] if info(s, u)["type"] == typ]


def enemies(s: dict) -> list[str]:
    return staging_of(s, "enemy") + engaged_enemies(s)


def locations(s: dict) -> list[str]:
    return staging_of(s, "location") + ([s["active"]] if s["active"] else [])


def lasting(s: dict, until: str, uid: str, stat: str | None = None, amount: int = 0, flag: str | None = None,
            player: str | None = None) -> None:
    e: dict[str, Any] = {"until": until, "uid": uid}
    if stat:
        e["stat"], e["amount"] = stat, amount
    if flag:
        e["flag"] = flag
    if player:
        e["player"] = player
    s["lasting"].append(e)


def discarded(s: dict, player: str) -> list[str]:
    """The cards of a player's discard pile that may return from it: every card but dead heroes (a hero
    card is ignored when cards come back from a discard pile)."""
    return [u for u in s["players"][player]["discard"] if info(s, u)["type"] != "hero"]


def ready_(s: dict, uid: str) -> bool:
    return uid in s["inplay"] and not s["inplay"][uid]["exhausted"]


def exhausted(s: dict, uid: str) -> bool:
    return uid in s["inplay"] and s["inplay"][uid]["exhausted"]


def players_with(s: dict, pred: Callable[[str], object]) -> list[str]:
    return [p for p in active_players(s) if pred(p)]


def self_event(ctx: dict) -> bool:
    return ctx["ev"] is not None and ctx["ev"].get("card") == ctx["card"]


def host(s: dict, ctx: dict) -> str | None:
    r = s["inplay"].get(ctx["card"])
    return r["on"] if r else None


__all__ = ["T"]


# ---- follow-up steps several cards share ---------------------------------------------------------------

@task("ready_chosen")
def ready_chosen(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        s["inplay"][t["choice"]]["exhausted"] = False
        emit(s, "readied", card=t["choice"])


@task("exhaust_chosen")
def exhaust_chosen(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        s["inplay"][t["choice"]]["exhausted"] = True
        emit(s, "exhausted", card=t["choice"])


@task("damage_chosen")
def damage_chosen(s: dict, t: dict) -> None:
    deal_damage(s, t["choice"], t["amount"])


@task("exhaust_hero")
def exhaust_hero(s: dict, t: dict) -> None:
    """Player `t["player"]` exhausts one of their ready heroes."""
    choose(s, t["player"], "exhaust_hero", [h for h in heroes(s, t["player"]) if ready_(s, h)], exhaust_chosen)


@task("discard_attachment")
def discard_attachment(s: dict, t: dict) -> None:
    """Discard the chosen attachment; its host may then have too much damage (Citadel Plate gone)."""
    if t["choice"] in s["inplay"]:
        host = s["inplay"][t["choice"]]["on"]
        leave_play(s, t["choice"])
        check_destroyed(s, host)
