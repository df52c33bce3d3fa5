"""What each player sees (`view`), whom the game waits for and the result (saving is the kernel's).

Secrets: each hand is seen by its owner only (in a team game each player's own hand: not by the teammate
either, nor the card a teammate offers to exchange until it changes hands); the order of the four decks by nobody (sizes are
public); the Hunt pool's content is public, its draw is random. The Fellowship's progress and position
are public in the 2-player game: the Free Peoples have not committed to a path until they declare.
docs/wotr.md documents the schema.
"""
from __future__ import annotations

from typing import cast

from engine.kernel import Result
from engine.wotr.armies import besieged, victory_points
from engine.wotr.battle import fighting_chars, force, need, why_need
from engine.wotr.listing import ask_actions
from engine.wotr.seats import SEAT_SIDE, decider, is_team_game, leader, player_of, seat_of, seats
from engine.wotr.starts import starts
from engine.wotr.state import CHARS, GAME, NATIONS, SIDES, deep_copy

SAVE_KEYS = ("players", "rng", "turn", "phase", "ask", "active", "result", "history", "log", "units", "captured",
         "reinforcements", "politics", "chars", "eliminated", "fellowship", "hunt", "dice", "dice_count",
         "rings", "ring_used", "hands", "discards", "decks")


def waiting_for(s: dict) -> list[str]:
    if s["result"] is not None or not s["ask"]:
        return []
    return [player_of(s, decider(s, s["ask"][-1]))]


def result(s: dict) -> Result | None:
    return cast(Result, dict(s["result"])) if s["result"] else None


def _character_places(s: dict) -> dict:
    f = s["fellowship"]
    out = {}
    for c in CHARS:
        if c in s["chars"]:
            out[c] = s["chars"][c]
        elif c in f["companions"] or (c == "gollum" and f["guide"] == "gollum"):
            out[c] = "fellowship"
        elif c in s["eliminated"]:
            upgraded = any(d["replaces"] == c and d["kind"] == "upgrade" for u, d in CHARS.items()
                           if u in s["chars"] or u in s["eliminated"])
            out[c] = "replaced" if upgraded else "eliminated"
        else:
            out[c] = None            # not in play yet
    return out


# What a battle's picture shows: the armies' places, the round, the cards once revealed (the cards chosen
# in secret are told only as the sides that have chosen), the round's rolls (with the number each die needs
# and why: the revealed cards' modifiers, a City's first round) and the hits still to take.
_BATTLE_KEYS = ("from", "to", "attacker", "defender", "mode", "round", "step", "hits", "scored")


def _battle(s: dict, vseat: str | None) -> dict | None:
    b = next((a for a in reversed(s["ask"]) if a["kind"] == "battle"), None)
    if b is None or s["result"] is not None:
        return None
    out = deep_copy({k: b[k] for k in _BATTLE_KEYS if k in b})
    out["chosen"] = sorted(b.get("chosen") or {})
    side = SEAT_SIDE[vseat] if vseat else None
    if side in (b.get("chosen") or {}) and (b.get("seats") or {side: side}).get(side) == vseat:
        out["mine"] = b["chosen"][side]  # the seat that chose knows its card (None: no card) before the reveal
    out["played"] = dict(b.get("played") or {})
    out["roll"] = {side: _roll(b, side, r) for side, r in (b.get("roll") or {}).items()}
    out["characters"] = {role: fighting_chars(s, b, role) for role in ("attacker", "defender")}
    out["units"] = deep_copy({role: force(s, b, role) for role in ("attacker", "defender")})
    return out


def _roll(b: dict, side: str, r: dict) -> dict:
    role = "attacker" if b["attacker"] == side else "defender"
    mods = (b.get("mods") or {}).get(side) or {}
    return {"dice": list(r["dice"]), "hit": list(r.get("hit") or []), "hits": r["hits"], "need": need(b, role),
            "why": why_need(b, role),
            "add": mods.get("add", 0), "by": list(mods.get("by") or [])}


# Events that move figures from one region to another: the last one is the picture's arrow.
_MOVES = ("army_moved", "army_retreated", "nazgul_moved", "battle_started")


def _last_move(log: list[dict]) -> dict | None:
    e = next((e for e in reversed(log) if e.get("type") in _MOVES and e.get("from") and e.get("to")), None)
    return {"from": e["from"], "to": e["to"], "type": e["type"]} if e else None


def _decision(s: dict, viewer_seat: str | None) -> dict | None:
    if not s["ask"] or s["result"] is not None:
        return None
    ask = s["ask"][-1]
    d = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
         for k, v in ask.items()}
    seat = decider(s, ask)
    d["player"] = player_of(s, seat)
    if is_team_game(s):
        d["seat"] = seat
    if "chosen" in d:            # combat cards are chosen in secret: only who has chosen is public
        d["chosen"] = sorted(d["chosen"])
    if "offered" in d and viewer_seat != d.get("by"):     # a card offered to a teammate: only its owner sees it
        d["offered"] = d["offered"] is not None
    if viewer_seat == seat:
        d["actions"] = actions = ask_actions(s, ask)
        if ask["kind"] == "act":  # where the actions naming no region begin on the map
            d["starts"] = starts(s, ask, actions)
    return d


def view(s: dict, viewer) -> dict:
    vseat = seat_of(s, viewer) if isinstance(viewer, str) else None
    vside = SEAT_SIDE[vseat] if vseat else None
    team = is_team_game(s)
    f, h = s["fellowship"], s["hunt"]
    c = deep_copy({k: s[k] for k in ("units", "captured", "reinforcements")})
    return {
        "game": GAME, "turn": s["turn"], "phase": s["phase"], "you": vside,
        # {side: player}: in a team game the side's leading player this turn (every seat under "seats")
        "players": {side: player_of(s, leader(s, side) if team else side) for side in SIDES},
        **({"seat": vseat, "seats": dict(zip(seats(s), s["players"])),
            "leaders": {side: leader(s, side) for side in SIDES}} if team else {}),
        "armies": c["units"],
        "captured": c["captured"],
        "sieges": {r: side for r in sorted(s["units"]) if (side := besieged(s, r))},
        "characters": _character_places(s),
        "fellowship": {"pos": f["pos"], "progress": f["progress"], "hidden": f["hidden"],
                       "corruption": f["corruption"], "mordor": f["mordor"], "guide": f["guide"],
                       "companions": list(f["companions"]), "declared": f["declared"]},
        "hunt": {"box": dict(h["box"]), "pool": sorted(h["pool"]), "drawn": list(h["drawn"]),
                 "removed": list(h["removed"]), "specials_waiting": list(h["specials"])},
        "dice": {side: list(s["dice"][side]) for side in SIDES},
        "dice_count": dict(s["dice_count"]),
        "rings": dict(s["rings"]), "ring_used": dict(s["ring_used"]),
        "abilities_used": list(s["abilities_used"]),
        "politics": {n: {"step": p["step"], "active": p["active"], "at_war": p["step"] == 0,
                         "side": NATIONS[n]["side"]} for n, p in s["politics"].items()},
        "reinforcements": c["reinforcements"],
        "cards": {"hand_sizes": {seat: len(cards) for seat, cards in s["hands"].items()},
                  "decks": {side: {d: len(cards) for d, cards in s["decks"][side].items()} for side in SIDES},
                  "discards": {side: list(s["discards"][side]) for side in SIDES},
                  "table": {side: list(s["table"][side]) for side in SIDES},
                  "hand": sorted(s["hands"][vseat]) if vseat else None},
        "vp": victory_points(s),
        "active": s["active"] if s["phase"] == "action" else None,
        "decision": _decision(s, vseat),
        "battle": _battle(s, vseat),
        "last_move": _last_move(s["log"] or s["history"]),
        "waiting_for": waiting_for(s),
        "result": result(s),
        "log": s["history"] + s["log"],
    }


