"""What players see and what is saved: waiting_for, result, the view (with secrets only for their holder),
dump and load."""
from __future__ import annotations

from typing import cast

from engine.kernel import BadSave, Result, dump_json, load_json

from . import actions
from .fight import fight_odds
from .state import ENEMIES, GAME, STAGES, VERSION, copy, left_of
from .view_types import FellowshipDecision, FellowshipView, FightView, PlayerView, TurnView


def waiting_for(s: dict) -> list[str]:
    if s.get("phase") != "play" or not s["queue"]:
        return []
    return [s["queue"][0]["player"]]


def result(s: dict) -> Result | None:
    return copy(s["result"]) if s.get("result") else None


def view(s: dict, viewer: str | None) -> FellowshipView:
    if not isinstance(viewer, str):
        viewer = None
    st = STAGES[s["stage"]]
    d = s["queue"][0] if s["phase"] == "play" and s["queue"] else None
    decision: FellowshipDecision | None = None
    if d:
        # The queue entry's own keys (state.ask), which the typed-seams test holds to FellowshipDecision.
        decision = cast(FellowshipDecision, {k: copy(v) for k, v in d.items() if k != "player"})
        decision["player"] = d["player"]
        decision["waiting_for"] = [d["player"]]
        if d["kind"] == "move":  # where each move ends: the players see the same board
            decision["options"] = actions.move_options(s, d["player"])
            decision["finish_needs_lower_die"] = actions.finish_needs_lower_die(s, d["player"])
    players: list[PlayerView] = []
    for pid in s["players"]:
        p = s["p"][pid]
        players.append({
            "id": pid, "hobbit": p["hobbit"], "position": p["pos"], "arrived": p["rank"],
            "hero": p["hero"], "movement": p["mp"], "ring_bearer": pid == s["ring"],
            "weapon": None if p["weapon"] is None else {
                "card": p["weapon"], "bonus": ENEMIES[p["weapon"]]["reward"]["amount"], "usable": not p["weapon_off"]},
            "companions": list(p["companions"]), "companions_usable": not p["companions_off"],
            "kept": list(p["kept"]),
        })
    t = s["turn"]
    turn: TurnView | None = None
    if t:
        turn = {"number": t["number"], "order": list(t["order"]), "index": t["index"],
                "current": t["order"][t["index"]] if t["index"] < len(t["order"]) else None,
                "dice": None if t["dice"] is None else list(t["dice"]),
                "strength": dict(t["strength"]), "movement_die": dict(t["movement_die"]),
                "no_fight": t["no_fight"]}
    f = s["fight"]
    fight: FightView | None = None
    if f:
        fight = {"enemy": f["enemy"], "strengths": list(ENEMIES[f["enemy"]]["strengths"]),
                 "round": f["round"] + 1, "fighter": f["fighter"], "fight_die": f["fight_die"],
                 "companion": f["companion"], "enemy_strength_ignored": f["weak"],
                 "sauron_die_by": left_of(s, f["fighter"]) if f["fighter"] else None}
        if d and d["kind"] == "fight":
            fight["odds"] = fight_odds(s, d["player"])
    out: FellowshipView = {
        "game": GAME, "options": dict(s["options"]), "phase": s["phase"], "you": viewer if viewer in s["p"] else None,
        "stage": s["stage"], "stage_id": st["id"],
        "board": {"length": st["length"], "finish": st["finish"], "start_spaces": st["start_spaces"],
                  "event_spaces": list(st["event_spaces"]),
                  "adventure_spaces": {k: list(v) for k, v in st["adventure_spaces"].items()},
                  "finish_values": list(st["finish_values"])},
        "players": players, "ring_bearer": s["ring"], "arrivals": list(s["arrivals"]),
        "turn": turn, "decision": decision, "fight": fight,
        "decks": {"event": len(s["decks"]["event"]), "enemy": len(s["decks"]["enemy"])},
        "discards": {"event": list(s["discards"]["event"]), "enemy": list(s["discards"]["enemy"])},
        "rivendell_companions": list(s["pool"]) if s["stage"] == 2 else [],
        "aragorn_waiting": s["aragorn"], "removed": list(s["removed"]),
        "log": [dict(e) for e in s["log"]], "result": result(s),
    }
    if viewer is not None and viewer in s["p"]:
        pk = s["peek"]
        if pk and pk["player"] == viewer:
            out["peek"] = {"event": pk["event"], "enemy": pk["enemy"]}
        if viewer in s["seen"]:
            out["seen_events"] = list(s["seen"][viewer])
        if d and d["player"] == viewer:
            out["legal_actions"] = actions.legal_actions(s, viewer)
    return out


def dump(s: dict) -> str:
    return dump_json(s)


_KEYS = ("players", "p", "rng", "phase", "stage", "step", "ring", "queue", "decks", "discards", "log")


def load(text: str) -> dict:
    s = load_json(text, GAME)
    if (any(k not in s for k in _KEYS) or s.get("version") != VERSION or s["stage"] not in STAGES
            or not isinstance(s["p"], dict) or set(s["p"]) != set(s["players"])):
        raise BadSave("not a readable fellowship save")
    return s
