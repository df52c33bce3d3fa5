"""A new game and the start of each stage: options, hobbits, shuffled decks, the grey start spaces."""
from __future__ import annotations

from engine.fellowship.data import DATA
from engine.kernel import IllegalAction, Rng
from engine.options.fellowship import DEFAULTS, OPTIONS

from . import turns
from .state import GAME, HOBBITS, RIVENDELL, STAGES, VERSION, _emit


def new_game(players: list[str], options: dict | None, seed: int | str) -> dict:
    if (not isinstance(players, list) or not 3 <= len(players) <= 4
            or any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players)):
        raise IllegalAction("bad_players")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise IllegalAction("bad_option")
    for k, v in options.items():
        if k not in OPTIONS or v not in OPTIONS[k]:
            raise IllegalAction("bad_option", option=k)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise IllegalAction("bad_seed")
    left_out = options.get("left_out", DEFAULTS["left_out"])
    hobbits = [h for h in HOBBITS if len(players) == 4 or h != left_out]
    start = DATA["start"]
    s: dict = {
        "game": GAME, "version": VERSION, "players": list(players), "options": dict(options),
        "rng": Rng.from_seed(seed), "phase": "play", "stage": 0, "step": "turn_start",
        "ring": players[0], "turn": None, "peek": None, "fight": None, "queue": [], "next_id": 0,
        "p": {pid: {"hobbit": hobbits[i], "pos": None, "rank": None, "hero": start["hero"],
                    "mp": start["movement"], "weapon": None, "companions": [], "kept": [],
                    "weapon_off": False, "companions_off": False}
              for i, pid in enumerate(players)},
        "decks": {"event": [], "enemy": []}, "discards": {"event": [], "enemy": []},
        "arrivals": [], "pool": [], "aragorn": True, "removed": [], "seen": {}, "log": [],
        "result": None, "turns_total": 0,
    }
    ev: list = []
    _emit(s, ev, "game_started", players=list(players), hobbits={pid: s["p"][pid]["hobbit"] for pid in players},
          ring_bearer=players[0])
    start_stage(s, 1, list(players), ev)
    turns.advance(s, ev)
    return s


def start_stage(s: dict, n: int, order: list[str], ev: list) -> None:
    """Shuffle the stage's two decks and put the hobbits on the grey start spaces, `order` in front."""
    s["stage"] = n
    st = STAGES[n]
    for kind, ids in (("event", DATA["stage_events"][n]), ("enemy", DATA["stage_enemies"][n])):
        deck = list(ids)
        r = Rng(s["rng"])
        r.shuffle(deck)
        s["rng"] = r.state
        s["decks"][kind] = deck
        s["discards"][kind] = []
    k = len(order)
    for i, pid in enumerate(order):
        p = s["p"][pid]
        p["pos"] = k - i
        p["rank"] = None
    s["arrivals"] = []
    s["seen"] = {}
    s["peek"] = None
    s["fight"] = None
    s["turn"] = None
    s["stage_turns"] = 0
    if n == 2:
        s["pool"] = list(RIVENDELL)
    s["step"] = "turn_start"
    _emit(s, ev, "stage_started", stage=n, stage_id=st["id"],
          positions={pid: s["p"][pid]["pos"] for pid in order})
