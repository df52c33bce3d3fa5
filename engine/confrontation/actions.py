"""Every decision kind: the actions it allows (`legal`) and what each does (`HANDLERS`).

During play an action is legal exactly when it is in the list `legal` builds, so what the bot offers
and what apply accepts can never disagree. Setup actions, whose lists are large, are checked directly.
"""
from __future__ import annotations

from engine.kernel import IllegalAction, Rng

from . import combat, setup, specials, turns
from .action_types import ConfrontationAction, UseType
from .board import FELLOWSHIP, REGIONS, SAURON
from .state import emit, find, in_region, piece

F, S = FELLOWSHIP, SAURON


# ---- shuffling ------------------------------------------------------------------------------------

def _locked(s: dict) -> set:
    """Pieces an ongoing action is about: they may not be shuffled away from it."""
    out = {s["forced"], s["pre_move"] and s["pre_move"]["piece"], s["decision"].get("piece")}
    return {t for t in out if t}


def shuffles(s: dict, side: str) -> list[ConfrontationAction]:
    locked = _locked(s)
    by_region: dict[str, int] = {}
    for p in s["pieces"]:
        if p["side"] == side and not p["revealed"] and p["token"] not in locked:
            by_region[p["region"]] = by_region.get(p["region"], 0) + 1
    return [{"type": "shuffle", "region": r} for r in REGIONS if by_region.get(r, 0) >= 2]


def do_shuffle(s: dict, side: str, action: dict) -> None:
    locked = _locked(s)
    mine = [p for p in in_region(s, action["region"], side) if not p["revealed"] and p["token"] not in locked]
    chars = [p["char"] for p in mine]
    rng = Rng(s["rng"])
    rng.shuffle(chars)
    s["rng"] = rng.state
    for p, ch in zip(mine, chars):
        p["char"] = ch
        p["known"] = False
    emit(s, "shuffled", side=side, region=action["region"])


# ---- what each decision allows --------------------------------------------------------------------

def _moves(s: dict, side: str) -> list[ConfrontationAction]:
    kind = s["decision"]["kind"]
    if kind == "move_after_special":
        pre = s["pre_move"]
        if pre["card"] == "shadowfax":
            pairs = turns.movable(s, side, only=pre["piece"], normal=True)
        else:
            pairs = turns.movable(s, side, exclude=pre["piece"], only=s["forced"], normal=True)
    else:
        pairs = turns.movable(s, side, only=s["forced"] if side == S else None)
    return [{"type": "move", "piece": p["token"], "to": d} for p, dests in pairs for d in dests]


def _use(with_true: bool, kind: UseType) -> list[ConfrontationAction]:
    return [{"type": kind, "use": v} for v in ((True, False) if with_true else (False,))]


def legal(s: dict, side: str) -> list[ConfrontationAction]:
    """The decision's actions for `side` (without shuffles); [] when the decision is not theirs."""
    d = s["decision"]
    if side not in d["sides"]:
        return []
    kind, c = d["kind"], s["combat"]
    if kind == "choose_specials":
        return setup.special_choices(side)
    if kind == "announce_specials":
        return [{"type": "announce_specials", "count": n} for n in range(5)]
    if kind == "draft":
        return setup.draft_choices(side)
    if kind == "setup":
        # A lazy sequence standing for the list: 15,120 dicts per player would cost more than a game.
        return setup.placement_choices(s, side)  # type: ignore[return-value]
    if kind in ("move", "move_after_special"):
        return _moves(s, side) + specials.options(s, side, kind)
    if kind == "target":
        foes = in_region(s, c["region"], F if side == S else S)
        attacks: list[ConfrontationAction] = [{"type": "attack", "piece": p["token"]} for p in foes]
        return attacks + specials.options(s, side, kind)
    if kind == "balrog":
        balrog = any(p["char"] == "balrog" for p in in_region(s, "caradhras", S))
        return _use(balrog, "balrog")
    if kind == "fellowship_text":
        return combat.f_text_options(s) + [{"type": "proceed"}]
    if kind == "gwaihir_retreat":
        return [{"type": "retreat", "to": r} for r in combat.gwaihir_refuges(s, combat.fighters(s)[0])]
    if kind == "sauron_text":
        return combat.s_text_options(s) + [{"type": "proceed"}]
    if kind == "cards":
        return [{"type": "card", "card": k} for k in dict.fromkeys(s["hands"][side]) if k != c["forbidden"]]
    if kind == "saruman_force":
        return _use(True, "force_change")
    if kind == "mouth":
        return _use(True, "mouth")
    if kind == "magic":
        return [{"type": "magic", "card": k} for k in dict.fromkeys(s["discards"][side])]
    if kind == "retreat_card":
        refuges = combat.sauron_card_refuges(s) if side == S else combat.fellowship_card_refuges(s)
        return [{"type": "retreat", "to": r} for r in refuges]
    if kind == "gandalf_help":
        return _use(combat.helper(s) is not None, "gandalf_help")
    if kind == "wormtongue":
        worm = find(s, c["worm"])
        retreats: list[ConfrontationAction] = [{"type": "retreat", "to": r} for r in combat.worm_refuges(s, worm)]
        return retreats + [{"type": "decline"}]
    return []


# ---- what each action does ------------------------------------------------------------------------

def on_move(s: dict, side: str, a: dict) -> None:
    if a["type"] == "special":
        specials.play(s, side, a)
    else:
        turns.move(s, piece(s, a["piece"]), a["to"])


def on_target(s: dict, side: str, a: dict) -> None:
    if a["type"] == "special":
        specials.play(s, side, a)
    else:
        combat.begin_fight(s, piece(s, a["piece"]))


def on_balrog(s: dict, side: str, a: dict) -> None:
    walker = piece(s, s["decision"]["piece"])
    if a["use"]:
        balrog = next(p for p in in_region(s, "caradhras", S) if p["char"] == "balrog")
        balrog["known"] = True
        emit(s, "revealed", piece=balrog["token"], side=S, character="balrog")
        emit(s, "ability", character="balrog", what="balrog", piece=walker["token"])
        combat.remove(s, walker, balrog)
        s["pre_move"] = None
        turns.end_turn(s)
    else:
        turns.arrive(s, walker, walker["region"], "fangorn")


def on_fellowship_text(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    fp, sp = combat.fighters(s)
    t = a["type"]
    if t == "retreat":
        combat.retreat(s, fp, a["to"])
        combat.fight_over(s)
        return
    if t == "special":
        specials.play(s, side, a)
        refuges = combat.gwaihir_refuges(s, fp)
        if len(refuges) == 1:
            combat.retreat(s, fp, refuges[0])
            combat.fight_over(s)
        else:
            turns.set_decision(s, "gwaihir_retreat", [F])
        return
    if t == "sam_replace":
        sam = next(q for q in in_region(s, c["region"], F) if q["char"] == "sam")
        combat.reveal(s, sam)
        emit(s, "replaced", piece=fp["token"], by=sam["token"])
        c["f"] = sam["token"]
        c["sam_bonus"] = True  # Frodo is beside him, already shown
    elif t == "reveal_frodo":
        frodo = next(q for q in in_region(s, c["region"], F) if q["char"] in ("frodo", "frodo_v"))
        combat.reveal(s, frodo)
        c["sam_bonus"] = True
        emit(s, "ability", character="sam", what="beside_frodo", piece=frodo["token"])
    elif t == "swap":
        other = piece(s, a["with"])
        here, there = fp["region"], other["region"]
        fp["region"], other["region"] = there, here
        emit(s, "swapped", piece=fp["token"], **{"with": other["token"], "from": here, "to": there})
        c["f"] = other["token"]  # Smeagol stays face up, so unshuffled, until this fight is over
        combat.reveal(s, other)
        turns.check_arrival(s, other)
        c["stages"] = list(combat.OPENING)  # the newcomer is attacked as if from the start
    elif t == "no_cards":
        c["no_cards"] = True
        emit(s, "ability", character=fp["char"], what="no_cards")
    combat.run(s)


def on_gwaihir_retreat(s: dict, side: str, a: dict) -> None:
    combat.retreat(s, combat.fighters(s)[0], a["to"])
    combat.fight_over(s)


def on_sauron_text(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    _, sp = combat.fighters(s)
    if a["type"] == "retreat":
        combat.retreat(s, sp, a["to"])
        combat.fight_over(s)
        return
    if a["type"] == "no_cards":
        c["no_cards"] = True
        emit(s, "ability", character=sp["char"], what="no_cards")
    combat.run(s)


def on_card(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    s["hands"][side].remove(a["card"])
    c["cards"][side] = a["card"]
    c["chosen"][side] = True
    emit(s, "card_chosen", side=side)
    if setup.done(s, side):
        combat.run(s)


def on_saruman_force(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    if a["use"]:
        first = c["cards"][F]
        s["hands"][F].append(first)
        c.update(forbidden=first, shown=False)
        c["cards"][F] = None
        c["chosen"][F] = False
        emit(s, "ability", character="saruman_v", what="force_change", card=first)
        c["stages"] = ["reveal", "mouth", "magic_s", "magic_f", "text_s", "text_f", "gandalf_help", "strength"]
        turns.set_decision(s, "cards", [F])
        return
    combat.run(s)


def on_mouth(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    if a["use"]:
        old = c["cards"][S]
        pile = s["hands"][S] if "strength_4" in s["hands"][S] else s["discards"][S]
        pile.remove("strength_4")
        pile.append(old)  # the first card goes where the 4 came from
        c["cards"][S] = "strength_4"
        emit(s, "card_replaced", side=S, old=old, new="strength_4")
    combat.run(s)


def on_magic(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    s["discards"][side].remove(a["card"])
    s["discards"][side].append("magic")
    c["cards"][side] = a["card"]
    emit(s, "card_replaced", side=side, old="magic", new=a["card"])
    combat.run(s)


def on_retreat_card(s: dict, side: str, a: dict) -> None:
    fp, sp = combat.fighters(s)
    combat.retreat(s, sp if side == S else fp, a["to"])
    if side == F:
        combat.fight_over(s)
    else:
        combat.run(s)


def on_gandalf_help(s: dict, side: str, a: dict) -> None:
    if a["use"]:
        g = combat.helper(s)
        combat.reveal(s, g)
        s["combat"]["help"] = True
        emit(s, "ability", character="gandalf_v", what="help", piece=g["token"])
    combat.run(s)


def on_wormtongue(s: dict, side: str, a: dict) -> None:
    c = s["combat"]
    worm = find(s, c["worm"])
    c["worm"] = None
    if a["type"] == "retreat":
        frm = worm["region"]
        worm["region"] = a["to"]
        emit(s, "retreated", piece=worm["token"], side=S, to=a["to"], **{"from": frm})
    else:
        combat.remove(s, worm)
    combat.fight_over(s)


HANDLERS = {
    "move": on_move, "move_after_special": on_move, "target": on_target, "balrog": on_balrog,
    "fellowship_text": on_fellowship_text, "gwaihir_retreat": on_gwaihir_retreat,
    "sauron_text": on_sauron_text, "cards": on_card, "saruman_force": on_saruman_force,
    "mouth": on_mouth, "magic": on_magic, "retreat_card": on_retreat_card,
    "gandalf_help": on_gandalf_help, "wormtongue": on_wormtongue,
}
SETUP_HANDLERS = {
    "choose_specials": setup.choose_specials, "announce_specials": setup.announce_specials,
    "draft": setup.draft, "setup": setup.place,
}


def diagnose(s: dict, side: str, action: dict, allowed: list[ConfrontationAction]) -> IllegalAction:
    """The clearest reason an action that is not in `allowed` was refused."""
    kind, t = s["decision"]["kind"], action["type"]
    if t not in {a["type"] for a in allowed}:
        return IllegalAction("unexpected_action", expected=kind, got=t)
    for key in ("piece", "with"):
        if key in action:
            p = find(s, action[key]) if isinstance(action[key], str) else None
            if p is None:
                return IllegalAction("unknown_piece", piece=action[key])
            if t == "move" and p["side"] != side:
                return IllegalAction("not_your_piece", piece=action[key])
    if t == "move":
        return IllegalAction("cannot_move_there", piece=action.get("piece"), to=action.get("to"))
    if t == "card":
        return IllegalAction("card_not_available", card=action.get("card"))
    if t == "retreat":
        return IllegalAction("cannot_retreat_there", to=action.get("to"))
    return IllegalAction("illegal_action", action=action)


def legal_type(kind: str) -> str:
    """The action type a setup decision expects."""
    return {"choose_specials": "choose_specials", "announce_specials": "announce_specials",
            "draft": "draft", "setup": "place"}[kind]
