"""The eight special cards: when each may be played and what it does. Gwaihir, played in a fight,
lives with the fight's texts in combat.py."""
from __future__ import annotations

from . import combat, turns
from .action_types import ConfrontationAction
from .board import CAPACITY, ENEMY, FELLOWSHIP, FORWARD, HOME, REGIONS, SAURON
from .moves import normal_moves
from .state import ARAGORN, GANDALF, counts, emit, in_region, piece

F, S = FELLOWSHIP, SAURON
BEFORE_MOVING = ("shadowfax", "the_dark_of_mordor")


def _relocations(s: dict, side: str, held: list[str], card: str) -> list[ConfrontationAction]:
    """Shadowfax / The Dark of Mordor: a forward step into a region free of enemies and not full,
    offered only when the move that must follow is still possible afterwards."""
    out: list[ConfrontationAction] = []
    cnt = counts(s)
    own, foe = cnt[side], cnt[ENEMY[side]]
    for p in s["pieces"]:
        if p["side"] != side or (p["char"] == "the_watcher" and p["permanent"]):
            continue
        if card == "the_dark_of_mordor" and s["forced"] == p["token"]:
            continue
        for d in FORWARD[side][p["region"]]:
            if foe.get(d, 0) or own.get(d, 0) >= CAPACITY[d]:
                continue
            after = {side: dict(own), ENEMY[side]: foe}
            after[side][p["region"]] -= 1
            after[side][d] = after[side].get(d, 0) + 1
            moved = dict(p, region=d)
            if card == "shadowfax":
                ok = d == HOME[S] and p["char"] == s["ring_bearer"] or bool(normal_moves(moved, after))
            else:
                others = [q for q in s["pieces"] if q["side"] == side and q is not p
                          and (s["forced"] is None or q["token"] == s["forced"])]
                ok = any(normal_moves(q, after) for q in others)
            if ok:
                out.append({"type": "special", "card": card, "piece": p["token"], "to": d})
    return out


def options(s: dict, side: str, kind: str) -> list[ConfrontationAction]:
    """The special-card actions open to `side` at a decision of this kind."""
    held = s["specials"][side]["held"]
    if not held:
        return []
    out: list[ConfrontationAction] = []
    if kind == "move":
        if side == F:
            if "shadowfax" in held:
                out += _relocations(s, F, held, "shadowfax")
            if "gandalf_the_white" in held and any(g in s["defeated"][F] for g in GANDALF) \
                    and not in_region(s, "fangorn", S) and len(in_region(s, "fangorn", F)) < 2:
                out.append({"type": "special", "card": "gandalf_the_white"})
            if "a_king_revealed" in held and any(p["char"] in ARAGORN for p in s["pieces"]):
                cnt = counts(s)
                out += [{"type": "special", "card": "a_king_revealed", "piece": p["token"]}
                        for p in s["pieces"] if p["side"] == S and normal_moves(p, cnt)]
        else:
            if "the_dark_of_mordor" in held:
                out += _relocations(s, S, held, "the_dark_of_mordor")
            if s["forced"] is None:  # A King Revealed: Sauron may not pass this turn
                if "recall_to_mordor" in held and not in_region(s, "mordor", F) \
                        and len(in_region(s, "mordor", S)) < CAPACITY["mordor"]:
                    out += [{"type": "special", "card": "recall_to_mordor", "piece": p["token"]}
                            for p in s["pieces"] if p["side"] == S and p["region"] != "mordor"]
                if "crebain_of_dunland" in held:
                    out += [{"type": "special", "card": "crebain_of_dunland", "piece": p["token"]}
                            for p in s["pieces"] if p["side"] == F and not p["permanent"]]
    return out


def palantir(s: dict, side: str) -> list[ConfrontationAction]:
    """The Palantir may be played at any moment of Sauron's turn, fights included, like a shuffle: outside
    the decisions, so that no decision is ever asked (or not) because Sauron holds it."""
    if side != S or s["phase"] != "play" or s["turn"] != S or "palantir" not in s["specials"][S]["held"]:
        return []
    return [{"type": "special", "card": "palantir", "region": r}
            for r in REGIONS if r != HOME[F] and in_region(s, r, F)]


def play(s: dict, side: str, action: dict) -> None:
    """Apply a special card (legality already checked against `options`)."""
    card = action["card"]
    held = s["specials"][side]
    held["held"].remove(card)
    held["used"].append(card)
    fields = {k: v for k, v in action.items() if k in ("piece", "region", "to")}
    emit(s, "special_played", side=side, card=card, **fields)
    if card in BEFORE_MOVING:
        p = piece(s, action["piece"])
        s["pre_move"] = {"card": card, "piece": p["token"], "stage": "special"}
        turns.move(s, p, action["to"])
    elif card == "palantir":
        for p in in_region(s, action["region"], F):
            combat.reveal(s, p)
            s["palantir"].append(p["token"])
    elif card == "gandalf_the_white":
        gandalf = next(g for g in GANDALF if g in s["defeated"][F])
        s["defeated"][F].remove(gandalf)
        n = s["next_token"][F]
        s["next_token"] = dict(s["next_token"], **{F: n + 1})
        s["pieces"].append({"token": f"f{n}", "side": F, "char": gandalf, "region": "fangorn",
                            "revealed": False, "known": True, "permanent": False})
        emit(s, "revealed", piece=f"f{n}", side=F, character=gandalf)
        turns.end_turn(s)
    elif card == "a_king_revealed":
        aragorn = next(p for p in s["pieces"] if p["char"] in ARAGORN)
        aragorn["known"] = True
        emit(s, "revealed", piece=aragorn["token"], side=F, character=aragorn["char"])
        s["forced"] = action["piece"]
        turns.end_turn(s)
    elif card == "recall_to_mordor":
        p = piece(s, action["piece"])
        p["region"] = "mordor"
        turns.end_turn(s)
    elif card == "crebain_of_dunland":
        p = piece(s, action["piece"])
        combat.reveal(s, p)
        p["permanent"] = True
        turns.end_turn(s)
