"""The protocol's decisions: the legal actions for each kind of decision, checking an action (with the
most useful refusal), and resolving it before the machine advances again."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from engine.kernel import IllegalAction

from . import adventures, fight, movement, turns
from .action_types import FellowshipAction
from .state import EVENTS, MAX_MOVE, _emit, ask, gain, recipients, roll, stage
from .view_types import MoveOption


def legal_actions(s: dict, player: str) -> list[FellowshipAction]:
    if (s.get("phase") != "play" or not s["queue"] or not isinstance(player, str)
            or s["queue"][0]["player"] != player):
        return []
    d = s["queue"][0]
    p = s["p"][player]
    k = d["kind"]
    if k == "move":
        return [{"type": "move", "die": o["die"], "steps": o["steps"]} for o in move_options(s, player)]
    if k == "fight":
        f = s["fight"]
        out: list[FellowshipAction] = [{"type": "fight"}]
        if f["companion"] is None and player not in f["used"] and not p["companions_off"]:
            out += [{"type": "fight", "companion": c} for c in p["companions"] if c not in fought(f)]
        for c in p["kept"]:
            if EVENTS[c]["effect"][0]["use"] in ("reroll_next_fight", "reroll_any_fight"):
                out += [{"type": "reroll", "card": c, "die": w} for w in ("strength", "fight")]
        return out
    if k == "repeat":
        return [{"type": "repeat", "pay": True}, {"type": "repeat", "pay": False}]
    if k == "ford":
        return [{"type": "ford", "pay": True}, {"type": "ford", "pay": False}]
    if k == "saruman":
        return [{"type": "saruman", "choice": "back"}, {"type": "saruman", "choice": "movement"}]
    if k == "arwen":
        return [{"type": "arwen", "accept": True}, {"type": "arwen", "accept": False}]
    if k == "galadriel":
        return [{"type": "galadriel", "accept": True}, {"type": "galadriel", "accept": False}]
    if k == "give_companion":
        return [{"type": "give_companion", "companion": c, "to": q}
                for c in p["companions"] for q in recipients(s, player)]
    if k == "pass_companion":
        return [{"type": "give_companion", "companion": d["companion"], "to": q} for q in recipients(s, player)]
    if k == "choose_companion":
        choices: list[FellowshipAction] = [{"type": "choose_companion", "companion": c} for c in s["pool"]]
        return choices + [{"type": "choose_companion", "companion": None}]
    if k == "weapon":
        if all(s["p"][q]["weapon"] for q in s["players"] if q != player):
            return [{"type": "discard_weapon", "weapon": w} for w in d["weapons"]]
        return [{"type": "give_weapon", "weapon": w, "to": q}
                for w in d["weapons"] for q in s["players"] if q not in d["chain"]]
    return []  # pragma: no cover


def fought(f: dict) -> list[str]:
    """Companions who already fought this enemy: passed on, they may help only against another one
    (saves made before this rule have no list)."""
    return f.get("fought", [])


def _reach(s: dict, pid: str) -> list[tuple[int, int, int, str | None]]:
    """(die, steps, destination, adventure stopping there) for every move pid can pay for."""
    mp = s["p"][pid]["mp"]
    return [(die, n, *movement.destination(s, pid, n))
            for die in sorted(set(s["turn"]["dice"])) for n in range(MAX_MOVE + 1) if abs(n - die) <= mp]


def _blocked(s: dict, die: int, to: int) -> bool:
    """The end of a stage is reached only with the smaller die (equal dice: either)."""
    dice = s["turn"]["dice"]
    return to == stage(s)["finish"] and dice[0] != dice[1] and die != min(dice)


def move_options(s: dict, pid: str) -> list[MoveOption]:
    """The legal moves, with where each ends and the adventure that stops it there: for each die, the
    cheapest way to each outcome only (paying more points to end the same way is refused). Stopping
    short of an occupied Weathertop and being stopped there by it end on the same space, not the same way."""
    best: dict[tuple[int, int, str | None], MoveOption] = {}
    for die, n, to, stop in _reach(s, pid):
        key, cost = (die, to, stop), abs(n - die)
        if not _blocked(s, die, to) and (key not in best or cost < best[key]["cost"]):
            best[key] = {"die": die, "steps": n, "cost": cost, "to": to, "stop": stop}
    return sorted(best.values(), key=lambda o: (o["die"], o["steps"]))


def finish_needs_lower_die(s: dict, pid: str) -> bool:
    """True when the bigger die could pay its way to the end of the stage but the rule forbids it."""
    return any(_blocked(s, die, to) for die, _n, to, _stop in _reach(s, pid))


def _classes(tp: Any) -> Any:
    """The classes a value of this annotation may be (a Literal's: its values' class)."""
    if get_origin(tp) is Literal:
        return type(get_args(tp)[0])
    if get_origin(tp) in (Union, UnionType):
        return tuple(_classes(t) for t in get_args(tp))
    return tp


# Each action type's keys and the classes of their values, read from its TypedDict (action_types.py), so
# that what `check` accepts and what the listing is typed as are one declaration.
_SHAPES: dict[str, dict[str, Any]] = {
    name: {k: _classes(v) for k, v in get_type_hints(td).items() if k != "type"}
    for td in get_args(FellowshipAction) for name in get_args(get_type_hints(td)["type"])}
_OPTIONAL = {(name, k) for td in get_args(FellowshipAction) for k in td.__optional_keys__
             for name in get_args(get_type_hints(td)["type"])}
_KIND_TYPES = {
    "move": ("move",), "fight": ("fight", "reroll"), "repeat": ("repeat",), "ford": ("ford",),
    "saruman": ("saruman",), "arwen": ("arwen",), "galadriel": ("galadriel",),
    "give_companion": ("give_companion",), "pass_companion": ("give_companion",),
    "choose_companion": ("choose_companion",), "weapon": ("give_weapon", "discard_weapon"),
}


def _check(s: dict, player: Any, a: Any) -> dict:
    """Refuse anything malformed or not legal now, with the most useful reason."""
    if not isinstance(a, dict) or not isinstance(a.get("type"), str):
        raise IllegalAction("malformed_action")
    typ = a["type"]
    if typ not in _SHAPES:
        raise IllegalAction("unknown_action", action=typ)
    shape = _SHAPES[typ]
    for key, val in a.items():
        if key == "type":
            continue
        if key not in shape:
            raise IllegalAction("malformed_action", field=key)
        want = shape[key]
        if isinstance(val, bool) and want is not bool and want != (str, type(None)):
            raise IllegalAction("malformed_action", field=key)
        if not isinstance(val, want):
            raise IllegalAction("malformed_action", field=key)
    for key in shape:
        if key not in a and (typ, key) not in _OPTIONAL:
            raise IllegalAction("malformed_action", field=key)
    if s.get("phase") != "play":
        raise IllegalAction("game_over")
    if not isinstance(player, str) or player not in s["p"]:
        raise IllegalAction("not_a_player")
    if not s["queue"]:
        raise IllegalAction("corrupt_state", step=s.get("step"))
    d = s["queue"][0]
    if d["player"] != player:
        raise IllegalAction("not_your_turn", waiting_for=d["player"])
    if typ not in _KIND_TYPES[d["kind"]]:
        raise IllegalAction("unexpected_action", action=typ, expected=d["kind"])
    if a in legal_actions(s, player):
        return d
    p = s["p"][player]
    if typ == "move":
        dice = s["turn"]["dice"]
        if a["die"] not in dice:
            raise IllegalAction("bad_die", die=a["die"], dice=list(dice))
        if not 0 <= a["steps"] <= MAX_MOVE:
            raise IllegalAction("bad_steps", steps=a["steps"], most=MAX_MOVE)
        if abs(a["steps"] - a["die"]) > p["mp"]:
            raise IllegalAction("not_enough_movement", need=abs(a["steps"] - a["die"]), have=p["mp"])
        to, stop = movement.destination(s, player, a["steps"])
        if _blocked(s, a["die"], to):
            raise IllegalAction("finish_needs_lower_die", die=min(dice))
        cheaper = next(o for o in move_options(s, player) if (o["die"], o["to"], o["stop"]) == (a["die"], to, stop))
        raise IllegalAction("same_space_for_less", steps=cheaper["steps"], cost=cheaper["cost"])
    if typ == "fight":
        f = s["fight"]
        c = a.get("companion")
        if c not in p["companions"]:
            raise IllegalAction("companion_not_held", companion=c)
        if p["companions_off"]:
            raise IllegalAction("companions_bewitched")
        if c in fought(f):
            raise IllegalAction("companion_fought_this_enemy", companion=c)
        raise IllegalAction("one_companion_per_fight")
    if typ == "reroll":
        if a["card"] not in p["kept"]:
            raise IllegalAction("card_not_held", card=a["card"])
        if EVENTS[a["card"]]["effect"][0]["use"] not in ("reroll_next_fight", "reroll_any_fight"):
            raise IllegalAction("card_not_reroll", card=a["card"])
        raise IllegalAction("bad_die_name", die=a["die"])
    if typ == "saruman":
        raise IllegalAction("bad_choice", choice=a["choice"])
    if typ in ("give_companion", "choose_companion"):
        c = a["companion"]
        if typ == "choose_companion":
            raise IllegalAction("companion_not_available", companion=c)
        if d["kind"] == "pass_companion" and c != d["companion"]:
            raise IllegalAction("must_pass_used_companion", companion=d["companion"])
        if c not in p["companions"]:
            raise IllegalAction("companion_not_held", companion=c)
        raise IllegalAction("bad_recipient", to=a["to"])
    if typ in ("give_weapon", "discard_weapon"):
        if a["weapon"] not in d["weapons"]:
            raise IllegalAction("weapon_not_held", weapon=a["weapon"])
        if typ == "discard_weapon":
            raise IllegalAction("weapon_must_be_given")
        if all(s["p"][q]["weapon"] for q in s["players"] if q != player):
            raise IllegalAction("weapon_must_be_discarded")
        raise IllegalAction("bad_recipient", to=a["to"])
    raise IllegalAction("not_legal_now", action=typ)  # pragma: no cover


def check(state: dict, player: str, action: dict) -> Callable[[dict], None]:
    """The kernel's check (engine/kernel.py GameRules): refuse, or return what plays the action."""
    _check(state, player, action)
    return partial(_play, player, action)


def _play(player: str, action: dict, s: dict) -> None:
    ev: list = []  # the same events as the log's new tail (_emit writes both)
    _resolve(s, ev, player, s["queue"].pop(0), action)
    turns.advance(s, ev)


def _resolve(s: dict, ev: list, pid: str, d: dict, a: dict) -> None:
    k = d["kind"]
    p = s["p"][pid]
    if k == "move":
        t = s["turn"]
        die, n = a["die"], a["steps"]
        dice = list(t["dice"])
        dice.remove(die)
        cost = abs(n - die)
        p["mp"] -= cost
        t["movement_die"][pid] = die
        t["strength"][pid] = dice[0]
        t["dice"] = None
        t["index"] += 1
        _emit(s, ev, "dice_assigned", player=pid, movement=die, strength=dice[0], steps=n, cost=cost)
        movement.move_forward(s, ev, pid, n, "dice")
    elif k == "fight":
        if a["type"] == "reroll":
            use = EVENTS[a["card"]]["effect"][0]["use"]
            p["kept"].remove(a["card"])
            s["discards"]["event"].append(a["card"])
            v = roll(s)
            if a["die"] == "strength":
                s["turn"]["strength"][pid] = v
            else:
                s["fight"]["fight_die"] = v
            _emit(s, ev, "die_rerolled", player=pid, card=a["card"], die=a["die"], value=v, use=use)
            ask(s, "fight", pid)
            s["queue"].insert(0, s["queue"].pop())
        else:
            fight.fight_round(s, ev, pid, a.get("companion"))
    elif k == "repeat":
        if a["pay"]:
            gain(s, ev, pid, "movement", -1, "repeat_round")
            movement.place(s, ev, pid, p["pos"] - 1, "repeat_round")
            f = s["fight"]
            f["fight_die"] = roll(s)
            _emit(s, ev, "fighter_rolled", player=pid, round=f["round"] + 1,
                  strength_die=s["turn"]["strength"][pid], fight_die=f["fight_die"], repeat=True)
            ask(s, "fight", pid)
        else:
            fight.lose_round(s, ev, pid)
    elif k == "ford":
        if a["pay"]:
            gain(s, ev, pid, "movement", -1, "ford")
            movement.arrive(s, ev, pid)
        else:
            movement.place(s, ev, pid, movement.free_behind(s, pid, p["pos"]), "ford")
    elif k == "saruman":
        card = EVENTS[d["card"]]["effect"][0]
        if a["choice"] == "back":
            movement.move_back(s, ev, pid, card["spaces"], d["card"])
        else:
            gain(s, ev, pid, "movement", -card["amount"], d["card"])
    elif k == "arwen":
        eff = EVENTS[d["card"]]["effect"][0]
        if a["accept"]:
            gain(s, ev, pid, "movement", -eff["pay_movement"], d["card"])
            gain(s, ev, pid, "hero", eff["gain_hero"], d["card"])
        else:
            _emit(s, ev, "declined", player=pid, card=d["card"])
    elif k == "galadriel":
        eff = EVENTS[d["card"]]["effect"][0]
        if a["accept"]:
            w = p["weapon"]
            p["weapon"] = None
            p["weapon_off"] = False
            s["discards"]["enemy"].append(w)
            _emit(s, ev, "weapon_discarded", player=pid, weapon=w, why=d["card"])
            gain(s, ev, pid, "hero", eff["hero"], d["card"])
            gain(s, ev, pid, "movement", eff["movement"], d["card"])
        else:
            _emit(s, ev, "declined", player=pid, card=d["card"])
    elif k in ("give_companion", "pass_companion"):
        c, to = a["companion"], a["to"]
        p["companions"].remove(c)
        s["p"][to]["companions"].append(c)
        _emit(s, ev, "companion_given", player=pid, companion=c, to=to)
        adventures.gandalf_handed_over(s, ev, to)
    elif k == "choose_companion":
        c = a["companion"]
        if c is None:
            _emit(s, ev, "companion_declined", player=pid)
        else:
            s["pool"].remove(c)
            p["companions"].append(c)
            _emit(s, ev, "companion_joined", player=pid, companion=c, place="rivendell")
        arr = s["arrivals"]
        if len(s["players"]) == 3 and len(arr) >= 3 and arr[2] == pid and not d.get("extra") and s["pool"]:
            ask(s, "choose_companion", arr[0], extra=True)
    elif k == "weapon":
        w = a["weapon"]
        p["weapon"] = next(x for x in d["weapons"] if x != w)
        if a["type"] == "discard_weapon":
            s["discards"]["enemy"].append(w)
            _emit(s, ev, "weapon_discarded", player=pid, weapon=w, why="everyone_armed")
        else:
            to = a["to"]
            q = s["p"][to]
            _emit(s, ev, "weapon_given", player=pid, weapon=w, to=to)
            if q["weapon"] is None:
                q["weapon"] = w
            else:
                ask(s, "weapon", to, weapons=[q["weapon"], w], chain=d["chain"] + [to])
                s["queue"].insert(0, s["queue"].pop())
