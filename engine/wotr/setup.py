"""A new game of War of the Ring: armies, politics, the Fellowship in Rivendell, decks, Hunt pool, dice."""
from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction, Rng
from engine.wotr.seats import SEATS, is_team_game
from engine.wotr.state import CARDS, FP, GAME, NATIONS, REGIONS, SH, STANDARD_TILES, VERSION, add_units

OPTIONS: dict = {}   # no options; the number of players chooses the seats (engine/wotr/seats.py)


def new_game(players: list[str], options: dict, seed) -> dict:
    from engine.wotr.turn import advance

    if (not isinstance(players, list) or len(players) not in SEATS or len(set(players)) != len(players)
            or not all(isinstance(p, str) and p for p in players)):
        raise IllegalAction("bad_players")
    if not isinstance(options, dict):
        raise IllegalAction("bad_option", option=str(options))
    for k in options:
        raise IllegalAction("bad_option", option=str(k))
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise IllegalAction("bad_seed")
    rng = Rng(Rng.from_seed(seed))
    s: dict[str, Any] = {
        "game": GAME, "version": VERSION, "players": list(players), "rng": 0,
        "turn": 0, "phase": "start", "ask": [], "active": FP, "result": None, "history": [], "log": [],
        "units": {}, "captured": {},
        "reinforcements": {n: {k: v for k, v in d["reinforcements"].items() if v} for n, d in NATIONS.items()},
        "politics": {n: {"step": d["political_step"], "active": d["active"]} for n, d in NATIONS.items()},
        "chars": {}, "eliminated": [],
        "fellowship": {"pos": "rivendell", "progress": 0, "hidden": True, "corruption": 0, "mordor": None,
                       "guide": "gandalf_grey", "companions": ["gandalf_grey", "strider", "boromir", "legolas",
                                                               "gimli", "meriadoc", "peregrin"],
                       "declared": False, "guide_changed": False, "mordor_moved": False},
        "hunt": {"pool": list(STANDARD_TILES), "drawn": [], "removed": [], "specials": [],
                 "box": {FP: 0, SH: 0}, "fp_box_last_turn": 0},
        "dice": {FP: [], SH: []}, "dice_count": {FP: 4, SH: 7},
        "rings": {FP: 3, SH: 0}, "ring_used": {FP: False, SH: False},
        "hands": {seat: [] for seat in SEATS[len(players)]}, "discards": {FP: [], SH: []}, "table": {FP: [], SH: []},
        "decks": {side: {deck: sorted(c for c, d in CARDS.items() if d["side"] == side and d["deck"] == deck)
                         for deck in ("character", "strategy")} for side in (FP, SH)},
    }
    if is_team_game(s):
        s["acts"] = {FP: 0, SH: 0}      # dice used by each side this turn: whose turn it is in a team
    for rid, r in REGIONS.items():
        nation = r["setup_nation"] or r["nation"]
        for kind, n in r["setup"].items():
            if n:
                add_units(s, rid, nation, kind, n)
    for side in (FP, SH):
        for deck in s["decks"][side].values():
            rng.shuffle(deck)
    s["rng"] = rng.state
    ev: list = []
    advance(s, ev)
    return s
