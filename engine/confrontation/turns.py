"""Turns, moves and the end of the game."""
from __future__ import annotations

from . import combat
from .board import CAPACITY, ENEMY, FELLOWSHIP, HOME, SAURON, TUNNEL
from .moves import moves, normal_moves
from .state import counts, emit, in_region, knows, possible_chars


class GameOver(Exception):
    """Raised inside apply once a game ends, to stop whatever step was running."""


def set_decision(s: dict, kind: str, sides, **extra) -> None:
    s["decision"] = {"id": s["decision"]["id"] + 1, "kind": kind, "sides": list(sides), **extra}


def start_turn(s: dict, side: str) -> None:
    s["turn"] = side
    s["turn_number"] += 1
    s["pre_move"] = None
    emit(s, "turn", side=side, number=s["turn_number"])
    set_decision(s, "move", [side])
    if not can_move(s, side):
        game_over(s, ENEMY[side], "no_move")


def can_move(s: dict, side: str) -> bool:
    cnt = counts(s)
    only = s["forced"] if side == SAURON else None
    return any(moves(p, cnt) for p in s["pieces"] if p["side"] == side and (only is None or p["token"] == only))


def movable(s: dict, side: str, only: str | None = None, exclude: str | None = None, normal=False) -> list:
    """(piece, destinations) for every piece of `side` that can move now."""
    cnt = counts(s)
    out = []
    for p in s["pieces"]:
        if p["side"] != side or (only and p["token"] != only) or p["token"] == exclude:
            continue
        dests = normal_moves(p, cnt) if normal else moves(p, cnt)
        if dests:
            out.append((p, dests))
    return out


def end_turn(s: dict) -> None:
    if s["turn"] == SAURON:
        # What the Palantir showed goes face down again once Sauron's turn is over.
        for p in s["pieces"]:
            if p["token"] in s["palantir"] and not p["permanent"]:
                p["revealed"] = False
        s["palantir"] = []
    s["combat"] = None
    if len(in_region(s, HOME[FELLOWSHIP], SAURON)) >= 3:
        game_over(s, SAURON, "three_in_shire")
    start_turn(s, ENEMY[s["turn"]])


def move(s: dict, p: dict, to: str) -> None:
    """Move piece p (legality already checked) and resolve what follows: the Balrog, fights, the end."""
    frm = p["region"]
    shown = None
    if p["char"] == "uruk_hai" and to not in normal_moves(p, counts(s)):
        # Moving several regions is only possible for the Uruk-Hai, and it must show itself to do so.
        p["known"] = True
        shown = p["char"]
    emit(s, "moved", side=p["side"], piece=p["token"], character=shown, **{"from": frm, "to": to})
    if p["side"] == SAURON and s["forced"] == p["token"]:
        s["forced"] = None
    if p["side"] == FELLOWSHIP and (frm, to) == TUNNEL and balrog_may_wait(s):
        set_decision(s, "balrog", [SAURON], piece=p["token"])
        return
    arrive(s, p, frm, to)


def balrog_may_wait(s: dict) -> bool:
    # Asked whenever the Fellowship cannot rule the Balrog out, so the question itself tells nothing.
    if "balrog" not in possible_chars(s, SAURON):
        return False
    return any(not knows(FELLOWSHIP, q) or q["char"] == "balrog" for q in in_region(s, "caradhras", SAURON))


def arrive(s: dict, p: dict, frm: str, to: str) -> None:
    p["region"] = to
    s["last_move"] = {"piece": p["token"], "from": frm, "to": to}
    check_arrival(s, p)
    if in_region(s, to, ENEMY[p["side"]]):
        combat.start_attack(s, p, frm)
    else:
        after_move(s)


def check_arrival(s: dict, p: dict) -> None:
    """The immediate wins on entering a region: the ring-bearer in Mordor, the Witch-king (Variant) in
    the Shire. No fight takes place."""
    if p["char"] == s["ring_bearer"] and p["region"] == HOME[SAURON]:
        game_over(s, FELLOWSHIP, "ring_bearer_in_mordor")
    if p["char"] == "witch_king_v" and p["region"] == HOME[FELLOWSHIP]:
        game_over(s, SAURON, "witch_king_in_shire")


def after_move(s: dict) -> None:
    """A move and its fights are over: either the second half of Shadowfax / The Dark of Mordor, or
    the end of the turn."""
    pre = s["pre_move"]
    if pre and pre["stage"] == "special":
        pre = s["pre_move"] = dict(pre, stage="follow")
        side = s["turn"]
        if pre["card"] == "shadowfax":
            ok = any(q["token"] == pre["piece"] for q, _ in movable(s, side, only=pre["piece"], normal=True))
        else:
            ok = bool(movable(s, side, exclude=pre["piece"], normal=True))
        if ok:
            set_decision(s, "move_after_special", [side])
            return
    s["pre_move"] = None
    end_turn(s)


def room(s: dict, side: str, region: str) -> bool:
    return len(in_region(s, region, side)) < CAPACITY[region]


def game_over(s: dict, side: str, reason: str) -> None:
    winner = s["sides"][side]
    points = sum(1 for p in s["pieces"] if p["side"] == side)
    res = {"winner": winner, "side": side, "reason": reason, "points": points}
    # The game's end turns every piece face up: the event names them all (a match's first game
    # leaves the board at once, so the view alone would not show them).
    board = [{"token": p["token"], "side": p["side"], "region": p["region"], "character": p["char"]}
             for p in s["pieces"]]
    emit(s, "game_over", board=board, **res)
    s["games"] = s["games"] + [res]
    s["combat"] = None
    if s["options"]["match"] and len(s["games"]) == 1:
        from .setup import start_game

        start_game(s, swap=True)
    else:
        s["phase"] = "over"
        s["result"] = match_result(s) if s["options"]["match"] else res
        set_decision(s, "over", [])
    raise GameOver


def match_result(s: dict) -> dict:
    scores = {pid: 0 for pid in s["players"]}
    for g in s["games"]:
        scores[g["winner"]] += g["points"]
    a, b = s["players"]
    winner = a if scores[a] > scores[b] else b if scores[b] > scores[a] else None
    return {"winner": winner, "reason": "match", "scores": scores, "games": s["games"]}
