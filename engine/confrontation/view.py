"""What one viewer may know of the game: the only way information leaves the engine."""
from __future__ import annotations

from .board import FELLOWSHIP, SAURON, SIDES
from .state import knows, side_of_player
from .view_types import CombatView, ConfrontationView, MatchView, PieceView, SpecialsView

F, S = FELLOWSHIP, SAURON
_ORDER = {c: i for i, c in enumerate(
    ["strength_1", "strength_2", "strength_3", "strength_4", "strength_5", "strength_6", "magic",
     "noble_sacrifice", "elven_cloak", "eye_of_sauron", "retreat"])}


def _token_key(token: str) -> tuple:
    return token[0], int(token[1:])


def view(s: dict, viewer) -> ConfrontationView:
    me = side_of_player(s, viewer)
    over = s["phase"] == "over"  # once the game is over, every piece is turned face up
    pieces: list[PieceView] = [
        {"token": p["token"], "side": p["side"], "region": p["region"],
         "character": p["char"] if over or knows(me, p) else None, "revealed": p["revealed"], "known": p["known"],
         "permanent": p["permanent"]}
        for p in s["pieces"]
    ]
    pieces.sort(key=lambda p: _token_key(p["token"]))
    d = s["decision"]
    out: ConfrontationView = {
        "game": "confrontation", "options": dict(s["options"]), "phase": s["phase"],
        "players": dict(s["sides"]), "you": me, "turn": s["turn"], "turn_number": s["turn_number"],
        "decision": {"id": d["id"], "kind": d["kind"], "sides": list(d["sides"]),
                     "waiting_for": [s["sides"][x] for x in d["sides"]]},
        "pieces": pieces,
        "hand_sizes": {x: len(s["hands"][x]) for x in SIDES},
        "discards": {x: list(s["discards"][x]) for x in SIDES},
        "defeated": {x: list(s["defeated"][x]) for x in SIDES},
        "specials": {x: _specials(s, x, me) for x in SIDES},
        "setup_done": {x: s["placed"][x] is not None for x in SIDES},
        "ring_bearer": s["ring_bearer"] if me == F or s["ring_bearer"] not in ("frodo", "frodo_v") else None,
        "combat": _combat(s, me),
        "last_move": dict(s["last_move"]) if s["last_move"] else None,
        "match": _match(s),
        "log": list(s["log"]),
        "bookkeeping": _bookkeeping(s),
        "result": s["result"],
    }
    if me is not None:
        out["hand"] = sorted(s["hands"][me], key=_ORDER.__getitem__)
        if s["phase"] == "setup" and s["placed"][me] is None:
            from .setup import characters
            out["to_place"] = characters(s, me)
    if s["options"]["mode"] in ("draft", "hidden_draft"):
        both = all(s["draft"][x] is not None for x in SIDES)
        out["draft"] = {x: list(s["draft"][x]) if s["draft"][x] is not None and
                        (x == me or (both and s["options"]["mode"] == "draft")) else None for x in SIDES}
    return out


def _bookkeeping(s: dict) -> dict:
    """The rules' own public notes (what an ongoing fight or special card still has to do), so that a
    full state can be rebuilt from a view (sampler.py): every field follows from public events."""
    c = s["combat"]
    return {"forced": s["forced"], "pre_move": dict(s["pre_move"]) if s["pre_move"] else None,
            "palantir": list(s["palantir"]), "next_token": dict(s["next_token"]),
            "decision": {k: v for k, v in s["decision"].items() if k not in ("id", "kind", "sides")},
            "combat": None if c is None else {k: (list(v) if k == "stages" else dict(v) if isinstance(v, dict)
                                                  else v) for k, v in c.items() if k != "cards"}}


def _specials(s: dict, side: str, me) -> SpecialsView:
    sp = s["specials"][side]
    open_ = side == me or s["options"]["special_cards"] == "announce"
    return {"held": list(sp["held"]) if open_ else None, "count": len(sp["held"]), "used": list(sp["used"])}


def _combat(s: dict, me) -> CombatView | None:
    c = s["combat"]
    if c is None:
        return None
    cards = {x: c["cards"][x] if c["cards"][x] and (x == me or c["shown"]) else None for x in SIDES}
    return {"region": c["region"], "attacker": c["attacker"],
            "defender": c["s"] if c["side"] == F else c["f"], "fighters": {F: c["f"], S: c["s"]},
            "cards": cards, "chosen": dict(c["chosen"]), "strength": c["strength"]}


def _match(s: dict) -> MatchView | None:
    if not s["options"]["match"]:
        return None
    scores = {pid: 0 for pid in s["players"]}
    for g in s["games"]:
        scores[g["winner"]] += g["points"]
    return {"game": min(len(s["games"]) + 1, 2), "scores": scores, "games": list(s["games"])}
