"""What one viewer may know of the game: the only way information leaves the engine.

Hidden: every hand but the viewer's own, the order (and content) of every deck, face-down shadow
cards, the options of another player's decision, and what another player has looked at.
"""
from __future__ import annotations

from typing import cast

from .flow import waiting
from .quest import quest_points
from .state import active_players, prisoner_of
from .stats import STATS, stat
from .view_types import CardView, LcgDecision, LcgPlayerView, LcgView, PileCard

_PUBLIC_DECISION = ("name", "passes", "passed", "prompt", "enemy", "chosen", "done", "ev", "used", "optional",
                    "sentinel", "joining")


def _card(s: dict, uid: str) -> CardView:
    r = s["inplay"][uid]
    out: CardView = {"uid": uid, "id": r["id"], "exhausted": r["exhausted"], "damage": r["dmg"], "resources": r["res"],
           "progress": r["prog"], "attachments": [_card(s, a) for a in r["att"]]}
    if r["zone"] in ("heroes", "allies", "staging", "engaged", "active"):
        out["stats"] = {k: stat(s, uid, k) for k in STATS if s["inplay"][uid] and _has(s, uid, k)}
    if r["shadow"]:
        up = r.get("shadow_up", [])
        out["shadow"] = [{"uid": u, "id": s["ids"][u]} if u in up else {"uid": None, "id": None}
                         for u in r["shadow"]]
    if r["tokens"]:
        out["tokens"] = r["tokens"]
    if r.get("guard"):
        out["guarded_by"] = r["guard"]
    return out


def _has(s: dict, uid: str, k: str) -> bool:
    from .state import info
    return info(s, uid)[k] is not None


def _face_up(s: dict, ev: dict) -> dict:
    """An event a decision answers, without the uid of a card lying face down (a shadow card just dealt):
    uids are fixed for the game, so one seen face up before a reshuffle would name the card."""
    down = {u for r in s["inplay"].values() for u in r["shadow"] if u not in r.get("shadow_up", ())}
    return {k: None if isinstance(v, str) and v in down else v for k, v in ev.items()}


def _pile(s: dict, uids: list) -> list[PileCard]:
    return [{"uid": u, "id": s["ids"][u]} for u in uids]


def view(s: dict, viewer: str | None) -> LcgView:
    me = viewer if viewer in s["players"] else None
    players: dict[str, LcgPlayerView] = {}
    for p in s["order"]:
        pl = s["players"][p]
        players[p] = {
            "threat": pl["threat"], "eliminated": pl["out"],
            "heroes": [_card(s, u) for u in pl["heroes"]], "allies": [_card(s, u) for u in pl["allies"]],
            "engaged": [_card(s, u) for u in pl["engaged"]],
            "hand_size": len(pl["hand"]), "deck_size": len(pl["deck"]), "discard": _pile(s, pl["discard"]),
            "dead_heroes": _pile(s, pl["dead"]),
            "prisoner": _pile(s, [prisoner_of(s, p)])[0] if prisoner_of(s, p) else None,
            "deck_attachments": _pile(s, pl.get("deck_attached", [])),
        }
    q = s["quest"]
    d = s["decision"]
    dec: LcgDecision | None = None
    if d is not None:
        dec = {"id": d["id"], "kind": d["kind"], "player": d["player"], "waiting_for": waiting(d)}
        # The decision's own public keys (flow.ask), which the typed-seams test holds to LcgDecision.
        dec.update(cast(LcgDecision, {k: d[k] for k in _PUBLIC_DECISION if k in d}))
        if "ev" in d:
            dec["ev"] = _face_up(s, d["ev"])
        if me == d["player"] and "options" in d:
            dec["options"] = list(d["options"])
        if me == d["player"] and "cards" in d:
            dec["cards"] = dict(d["cards"])   # which card each option is, for the one looking at them
    a = s["attack"]
    out: LcgView = {
        "game": "lcg", "options": s["options"], "round": s["round"], "phase": s["phase"],
        "order": list(s["order"]), "first_player": s["first"], "active_players": active_players(s),
        "you": me, "players": players,
        "quest": None if q is None else {"uid": q["uid"], "id": q["id"], "stage": q["stage"],
                                         "progress": q["prog"], "quest_points": quest_points(s)},
        "quest_deck_size": len(s["qdeck"]),
        "staging": [_card(s, u) for u in s["staging"]],
        "active_location": _card(s, s["active"]) if s["active"] else None,
        "encounter_deck_size": len(s["edeck"]), "encounter_discard": _pile(s, s["ediscard"]),
        "victory_display": _pile(s, s["victory"]), "set_aside": _pile(s, s.get("set_aside", [])),
        "revealing": _pile(s, s["revealing"]), "being_played": _pile(s, s["limbo"]),
        "committed": list(s["committed"]),
        "attack": None if a is None else {"enemy": a["enemy"], "player": a["player"],
                                          "defenders": list(a["defenders"])},
        "lasting": [dict(e) for e in s["lasting"]],
        "decision": dec,
        "log": [dict(e) for e in s["log"]],
        "result": s["result"],
        "campaign": None if s["campaign"] is None else {"level": s["campaign"]["level"],
                                                        "scenarios": list(s["campaign"]["scenarios"]),
                                                        "played": [dict(r) for r in s["campaign"]["played"]]},
    }
    if me is not None:
        out["hand"] = _pile(s, s["players"][me]["hand"])
        out["seen"] = {k: v for k, v in s["seen"][me].items()}
    return out
