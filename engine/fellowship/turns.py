"""The turn machine. The state holds a `step` pointer (what the game does next on its own) and a `queue`
of decisions (what it waits for); `advance` runs the automatic steps (dice, draws, fights) until a player
must decide again. Also: the start and end of a turn (order, the Ring-bearer's peek, passing the Ring),
the end of a stage and the final scores."""
from __future__ import annotations

from engine.fellowship.data import DATA
from engine.kernel import IllegalAction

from . import fight, setup
from .state import COMPANIONS, STAGES, _emit, ask, gain, leader, on_path, ranking, roll


def advance(s: dict, ev: list) -> None:
    while s["phase"] == "play" and not s["queue"]:
        step = s["step"]
        if step == "turn_start":
            _turn_start(s, ev)
        elif step == "roll":
            t = s["turn"]
            if t["index"] >= len(t["order"]):
                s["step"] = "fight"
                continue
            pid = t["order"][t["index"]]
            if s["p"][pid]["pos"] is None:
                t["index"] += 1
                continue
            a, b = roll(s), roll(s)
            t["dice"] = [a, b]
            _emit(s, ev, "dice_rolled", player=pid, dice=[a, b])
            if a + b < DATA["bonus_below"]:
                gain(s, ev, pid, "movement", 1, "low_roll")
            ask(s, "move", pid)
        elif step == "fight":
            fight.fight_start(s, ev)
        elif step == "round":
            fight.round_start(s, ev)
        elif step == "turn_end":
            _turn_end(s, ev)
        elif step == "stage_end":
            _stage_end(s, ev)
        else:  # pragma: no cover - a broken state
            raise IllegalAction("corrupt_state", step=step)


def _turn_start(s: dict, ev: list) -> None:
    s["stage_turns"] += 1
    s["turns_total"] += 1
    path = on_path(s)
    starter = s["ring"] if s["stage_turns"] == 1 and s["ring"] in path else leader(s)
    ps = s["players"]
    i0 = ps.index(starter)
    order = [ps[(i0 + i) % len(ps)] for i in range(len(ps))]
    order = [pid for pid in order if pid in path]
    s["turn"] = {"number": s["stage_turns"], "order": order, "index": 0, "dice": None,
                 "no_fight": False, "strength": {}, "movement_die": {}}
    d = s["decks"]
    s["peek"] = {"player": s["ring"], "event": d["event"][0] if d["event"] else None,
                 "enemy": d["enemy"][0] if d["enemy"] else None}
    _emit(s, ev, "turn_started", stage=s["stage"], number=s["stage_turns"], starter=starter,
          ring_bearer=s["ring"], order=order)
    _emit(s, ev, "ring_bearer_peeked", player=s["ring"], event_card=s["peek"]["event"] is not None,
          enemy_card=s["peek"]["enemy"] is not None)
    s["step"] = "roll"


def _turn_end(s: dict, ev: list) -> None:
    s["fight"] = None
    s["peek"] = None
    rank = ranking(s)
    if rank and rank[-1] == s["ring"] and rank[0] != s["ring"]:
        s["ring"] = rank[0]
        _emit(s, ev, "ring_passed", to=rank[0], why="last_at_turn_end")
    _emit(s, ev, "turn_ended", number=s["turn"]["number"])
    s["turn"] = None
    s["step"] = "turn_start"


def _stage_end(s: dict, ev: list) -> None:
    arr = s["arrivals"]
    if arr and arr[-1] == s["ring"] and arr[0] != s["ring"]:
        s["ring"] = arr[0]
        _emit(s, ev, "ring_passed", to=arr[0], why="last_at_stage_end")
    _emit(s, ev, "stage_ended", stage=s["stage"], arrivals=list(arr))
    if s["stage"] == len(STAGES):
        _finish_game(s, ev)
        return
    setup.start_stage(s, s["stage"] + 1, list(arr), ev)


def _finish_game(s: dict, ev: list) -> None:
    scores, detail = {}, {}
    for pid in s["players"]:
        p = s["p"][pid]
        bonus = sum(COMPANIONS[c]["end_bonus"] for c in p["companions"])
        scores[pid] = p["hero"] + bonus
        detail[pid] = {"hero_tokens": p["hero"], "companions": bonus, "movement": p["mp"]}
    best = max(scores.values())
    tied = [pid for pid in s["players"] if scores[pid] == best]
    reason = "most_hero_points"
    if len(tied) > 1:
        most_mp = max(s["p"][pid]["mp"] for pid in tied)
        tied2 = [pid for pid in tied if s["p"][pid]["mp"] == most_mp]
        reason = "tie_break_movement" if len(tied2) == 1 else "shared_victory"
        tied = tied2
    s["result"] = {"winners": tied, "scores": scores, "detail": detail, "reason": reason}
    s["phase"] = "over"
    s["step"] = "over"
    _emit(s, ev, "game_over", winners=tied, scores=scores, reason=reason)
