"""La Communauté (Kosmos 2001): the rules as pure functions over a JSON-safe state.

The state holds a `step` pointer (what the game does next on its own) and a `queue` of decisions
(what it waits for). `apply` validates the action against the first decision, resolves it on a copy of
the state, then `_advance` runs the automatic steps (dice, draws, fights) until a player must decide
again. docs/fellowship.md describes the flow, the actions, the view and every ruling.
"""
from __future__ import annotations

from typing import Any

from engine.fellowship.data import DATA
from engine.kernel import BadSave, IllegalAction, Rng, dump_json, load_json

GAME = "fellowship"
VERSION = 1
HOBBITS = ("frodo", "sam", "merry", "pippin")
STAGES = DATA["stages"]
EVENTS = DATA["events"]
ENEMIES = DATA["enemies"]
COMPANIONS = DATA["companions"]
RIVENDELL = [c for c, d in COMPANIONS.items() if d["where"] == "rivendell"]
MAX_MOVE = DATA["max_move"]
OPTIONS = {"left_out": ("pippin", "merry")}


# ---------------------------------------------------------------------------------------------- copy

def _copy(o: Any) -> Any:
    if isinstance(o, dict):
        return {k: _copy(v) for k, v in o.items()}
    if isinstance(o, list):
        return [_copy(v) for v in o]
    return o


def _copy_state(s: dict) -> dict:
    out = {}
    for k, v in s.items():
        if k == "log":
            out[k] = list(v)  # events are never modified once logged
        elif isinstance(v, (dict, list)):
            out[k] = _copy(v)
        else:
            out[k] = v
    return out


# ------------------------------------------------------------------------------------------- helpers

def _roll(s: dict) -> int:
    r = Rng(s["rng"])
    v = r.below(6) + 1
    s["rng"] = r.state
    return v


def _emit(s: dict, ev: list, type_: str, **fields) -> None:
    e = {"type": type_, "n": len(s["log"]), **fields}
    s["log"].append(e)
    ev.append(e)


def _stage(s: dict) -> dict:
    return STAGES[s["stage"]]


def _on_path(s: dict) -> list[str]:
    return [pid for pid in s["players"] if s["p"][pid]["pos"] is not None]


def _occupied(s: dict, exclude: str | None = None) -> set[int]:
    return {p["pos"] for pid, p in s["p"].items() if p["pos"] is not None and pid != exclude}


def _leader(s: dict) -> str | None:
    best = None
    for pid in s["players"]:
        pos = s["p"][pid]["pos"]
        if pos is not None and (best is None or pos > s["p"][best]["pos"]):
            best = pid
    return best


def _ranking(s: dict) -> list[str]:
    """Arrived hobbits first (in arrival order), then the path from front to back."""
    path = sorted(_on_path(s), key=lambda pid: -s["p"][pid]["pos"])
    return list(s["arrivals"]) + path


def _left_of(s: dict, pid: str) -> str:
    ps = s["players"]
    return ps[(ps.index(pid) + 1) % len(ps)]


def _gain(s: dict, ev: list, pid: str, what: str, amount: int, why: str) -> None:
    """Add (or remove, when negative) hero or movement points; never below zero."""
    p = s["p"][pid]
    key = "hero" if what == "hero" else "mp"
    before = p[key]
    p[key] = max(0, before + amount)
    if p[key] != before or amount:
        _emit(s, ev, "points", player=pid, what=what, amount=p[key] - before, total=p[key], why=why)


def _ask(s: dict, kind: str, player: str, **data) -> None:
    s["next_id"] += 1
    s["queue"].append({"id": s["next_id"], "kind": kind, "player": player, **data})


def _kept_uses(pid_rec: dict) -> list[str]:
    return [EVENTS[c]["effect"][0]["use"] for c in pid_rec["kept"]]


def _drop_kept(s: dict, pid: str, use: str, ev: list | None = None, why: str = "") -> list[str]:
    p = s["p"][pid]
    gone = [c for c in p["kept"] if EVENTS[c]["effect"][0]["use"] == use]
    if gone:
        p["kept"] = [c for c in p["kept"] if c not in gone]
        s["discards"]["event"].extend(gone)
        if ev is not None:
            _emit(s, ev, "card_discarded", player=pid, cards=gone, why=why)
    return gone


# ------------------------------------------------------------------------------------------ new game

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
    left_out = options.get("left_out", "pippin")
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
    _start_stage(s, 1, list(players), ev)
    _advance(s, ev)
    return s


def _start_stage(s: dict, n: int, order: list[str], ev: list) -> None:
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


# --------------------------------------------------------------------------------------- the machine

def _advance(s: dict, ev: list) -> None:
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
            a, b = _roll(s), _roll(s)
            t["dice"] = [a, b]
            _emit(s, ev, "dice_rolled", player=pid, dice=[a, b])
            if a + b < DATA["bonus_below"]:
                _gain(s, ev, pid, "movement", 1, "low_roll")
            _ask(s, "move", pid)
        elif step == "fight":
            _fight_start(s, ev)
        elif step == "round":
            _round_start(s, ev)
        elif step == "turn_end":
            _turn_end(s, ev)
        elif step == "stage_end":
            _stage_end(s, ev)
        else:  # pragma: no cover - a broken state
            raise IllegalAction("corrupt_state", step=step)


def _turn_start(s: dict, ev: list) -> None:
    s["stage_turns"] += 1
    s["turns_total"] += 1
    on_path = _on_path(s)
    if s["stage_turns"] == 1 and s["ring"] in on_path:
        starter = s["ring"]
    else:
        starter = _leader(s)
    ps = s["players"]
    i0 = ps.index(starter)
    order = [ps[(i0 + i) % len(ps)] for i in range(len(ps))]
    order = [pid for pid in order if pid in on_path]
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
    rank = _ranking(s)
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
    _start_stage(s, s["stage"] + 1, list(arr), ev)


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


# ------------------------------------------------------------------------------------------ movement

def _walk(s: dict, pid: str, n: int) -> int:
    """Where `n` forward steps over empty spaces take pid (the finish number when it gets there),
    stopping on the adventure spaces that stop this hobbit."""
    st = _stage(s)
    occ = _occupied(s, pid)
    q = s["p"][pid]["pos"]
    steps = 0
    while steps < n:
        q += 1
        if q >= st["finish"]:
            return st["finish"]
        if q in occ:
            continue
        steps += 1
        adv = st["adventure_at"].get(q)
        if adv and _stops(s, pid, adv):
            return q
    return q


def _stops(s: dict, pid: str, adv: str) -> bool:
    if adv == "weathertop":
        return pid == s["ring"]
    if adv == "ford_of_rivendell":
        return True
    if adv == "bridge_of_khazad_dum":
        return "gandalf" in s["p"][pid]["companions"]
    return False


def _free_behind(s: dict, pid: str, q: int) -> int:
    occ = _occupied(s, pid)
    t = q - 1
    while t in occ:
        t -= 1
    return t


def _place(s: dict, ev: list, pid: str, to: int, why: str) -> None:
    p = s["p"][pid]
    frm = p["pos"]
    p["pos"] = to
    _emit(s, ev, "moved", player=pid, frm=frm, to=to, why=why)
    if to != frm and _stage(s)["adventure_at"].get(to) == "watcher_in_the_water":
        _watcher(s, ev, pid)


def _move_forward(s: dict, ev: list, pid: str, n: int, why: str) -> None:
    st = _stage(s)
    p = s["p"][pid]
    start = p["pos"]
    target = _walk(s, pid, n)
    if target == st["finish"]:
        _emit(s, ev, "moved", player=pid, frm=start, to=target, why=why)
        _arrive(s, ev, pid)
        return
    adv = st["adventure_at"].get(target)
    if adv in ("weathertop", "bridge_of_khazad_dum") and not _stops(s, pid, adv):
        target = _free_behind(s, pid, target)
        adv = st["adventure_at"].get(target)
    _place(s, ev, pid, target, why)
    if p["pos"] is None or target <= start:
        return
    if adv == "weathertop" and _stops(s, pid, adv):
        _weathertop(s, ev, pid)
    elif adv == "ford_of_rivendell":
        _ford(s, ev, pid)
    elif adv == "bridge_of_khazad_dum" and _stops(s, pid, adv):
        _bridge(s, ev, pid)
    elif why == "dice" and target in st["event_set"]:
        _draw_event(s, ev, pid)


def _move_back(s: dict, ev: list, pid: str, n: int, why: str) -> None:
    occ = _occupied(s, pid)
    t = s["p"][pid]["pos"]
    for _ in range(n):
        c = t - 1
        while c in occ:
            c -= 1
        if c < 1:
            break
        t = c
    if t != s["p"][pid]["pos"]:
        _place(s, ev, pid, t, why)


def _arrive(s: dict, ev: list, pid: str) -> None:
    st = _stage(s)
    p = s["p"][pid]
    p["pos"] = None
    s["arrivals"].append(pid)
    rank = len(s["arrivals"])
    p["rank"] = rank
    value = st["finish_values"][rank - 1]
    _emit(s, ev, "arrived", player=pid, stage=s["stage"], place=st["to"], rank=rank, value=value)
    _gain(s, ev, pid, "hero", value, "finish_space")
    if pid == s["ring"]:
        _gain(s, ev, pid, "hero", DATA["bearer_bonus"], "ring_bearer_finish")
    if s["stage"] == 2:
        if _drop_kept(s, pid, "asfaloth", ev, "asfaloth_at_rivendell"):
            _gain(s, ev, pid, "movement", 2, "asfaloth")
        _drop_kept(s, pid, "reroll_next_fight", ev, "expires_at_rivendell")
        if s["pool"]:
            _ask(s, "choose_companion", pid)
    if s["stage"] == 1 and s["aragorn"]:
        s["aragorn"] = False
        p["companions"].append("aragorn")
        _emit(s, ev, "companion_joined", player=pid, companion="aragorn", place="bree")
    left = _on_path(s)
    if len(left) == 1:
        _emit(s, ev, "last_hobbit_placed", player=left[0])
        _arrive(s, ev, left[0])
    elif not left:
        s["fight"] = None
        s["step"] = "stage_end"


# ------------------------------------------------------------------------------------- adventures

def _sauron_die(s: dict, ev: list, for_player: str, what: str) -> int:
    v = _roll(s)
    _emit(s, ev, "sauron_die", value=v, rolled_for=for_player, what=what)
    return v


def _weathertop(s: dict, ev: list, pid: str) -> None:
    v = _sauron_die(s, ev, pid, "weathertop")
    if v <= 2:
        _gain(s, ev, pid, "hero", -1, "weathertop")
    elif v <= 4:
        _gain(s, ev, pid, "movement", -1, "weathertop")
    else:
        _emit(s, ev, "nothing_happens", player=pid, what="weathertop")


def _ford(s: dict, ev: list, pid: str) -> None:
    if "asfaloth" in _kept_uses(s["p"][pid]):
        _emit(s, ev, "asfaloth_rides", player=pid)
        _arrive(s, ev, pid)
        return
    v = _sauron_die(s, ev, pid, "ford_of_rivendell")
    if v <= 2:
        _place(s, ev, pid, _free_behind(s, pid, s["p"][pid]["pos"]), "ford")
    elif v <= 4:
        if s["p"][pid]["mp"] >= 1:
            _ask(s, "ford", pid)
        else:
            _place(s, ev, pid, _free_behind(s, pid, s["p"][pid]["pos"]), "ford")
    else:
        _arrive(s, ev, pid)


def _bridge(s: dict, ev: list, pid: str) -> None:
    v = _sauron_die(s, ev, pid, "bridge_of_khazad_dum")
    if v <= 2:
        _gain(s, ev, pid, "hero", -1, "bridge")
    elif v <= 4:
        _gain(s, ev, pid, "movement", -1, "bridge")
    else:
        _gain(s, ev, pid, "hero", 3, "bridge")
    s["p"][pid]["companions"].remove("gandalf")
    s["removed"].append("gandalf")
    _emit(s, ev, "gandalf_falls", player=pid)


def _watcher(s: dict, ev: list, pid: str) -> None:
    v = _sauron_die(s, ev, pid, "watcher_in_the_water")
    if v <= 2:
        _gain(s, ev, pid, "movement", -2, "watcher")
    elif v <= 4:
        _gain(s, ev, pid, "movement", -1, "watcher")
    else:
        _emit(s, ev, "nothing_happens", player=pid, what="watcher_in_the_water")


# ------------------------------------------------------------------------------------------- events

def _draw_event(s: dict, ev: list, pid: str) -> None:
    deck = s["decks"]["event"]
    if not deck:
        _emit(s, ev, "event_deck_empty", player=pid)
        return
    card = deck.pop(0)
    for seen in s["seen"].values():
        if card in seen:
            seen.remove(card)
    _emit(s, ev, "event_drawn", player=pid, card=card)
    kept = False
    for eff in EVENTS[card]["effect"]:
        kept = _effect(s, ev, pid, card, eff) or kept
        if s["p"][pid]["pos"] is None and eff["kind"] != "keep":
            break
    if not kept:
        s["discards"]["event"].append(card)


def _effect(s: dict, ev: list, pid: str, card: str, eff: dict) -> bool:
    """Apply one effect of an event card; True when the card stays with the player."""
    k = eff["kind"]
    p = s["p"][pid]
    if k == "movement":
        _gain(s, ev, pid, "movement", eff["amount"], card)
    elif k == "hero":
        _gain(s, ev, pid, "hero", eff["amount"], card)
    elif k == "advance":
        _move_forward(s, ev, pid, eff["spaces"], card)
    elif k == "back":
        _move_back(s, ev, pid, eff["spaces"], card)
    elif k == "ring_bearer":
        for sub in eff["bearer"] if pid == s["ring"] else eff["others"]:
            _effect(s, ev, pid, card, sub)
            if p["pos"] is None:
                break
    elif k == "no_fight":
        s["turn"]["no_fight"] = True
        _emit(s, ev, "no_fight_this_turn", player=pid, card=card)
    elif k == "keep":
        p["kept"].append(card)
        _emit(s, ev, "card_kept", player=pid, card=card)
        return True
    elif k == "back_or_movement":
        if p["mp"] >= eff["amount"]:
            _ask(s, "saruman", pid, card=card)
        else:
            _move_back(s, ev, pid, eff["spaces"], card)
    elif k == "disable":
        p[eff["what"] + "_off"] = True
        _emit(s, ev, "disabled_next_fight", player=pid, what=eff["what"])
    elif k == "give_companion":
        if p["companions"] and _recipients(s, pid):
            _ask(s, "give_companion", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "trade":
        if p["mp"] >= eff["pay_movement"]:
            _ask(s, "arwen", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "weapon_for":
        if p["weapon"]:
            _ask(s, "galadriel", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "look_events":
        s["seen"][pid] = list(s["decks"]["event"][: eff["count"]])
        _emit(s, ev, "looked_at_events", player=pid, count=len(s["seen"][pid]))
    elif k == "give_movement_each":
        ps = s["players"]
        i0 = ps.index(pid)
        for i in range(1, len(ps)):
            q = ps[(i0 + i) % len(ps)]
            if p["mp"] <= 0:
                break
            give = min(eff["amount"], p["mp"])
            p["mp"] -= give
            s["p"][q]["mp"] += give
            _emit(s, ev, "movement_given", player=pid, to=q, amount=give)
    else:  # pragma: no cover - a bad data file
        raise IllegalAction("unknown_effect", kind=k)
    return False


def _recipients(s: dict, pid: str) -> list[str]:
    """Players other than pid still on the stage (not yet at its end)."""
    return [q for q in s["players"] if q != pid and s["p"][q]["pos"] is not None]


# -------------------------------------------------------------------------------------------- fight

def _fight_start(s: dict, ev: list) -> None:
    t = s["turn"]
    if t["no_fight"]:
        s["step"] = "turn_end"
        return
    if not s["decks"]["enemy"]:
        _emit(s, ev, "enemy_deck_empty")
        s["step"] = "turn_end"
        return
    leader = _leader(s)
    if leader is None:  # pragma: no cover - the stage would be over
        s["step"] = "turn_end"
        return
    card = s["decks"]["enemy"].pop(0)
    s["fight"] = {"enemy": card, "round": 0, "fighter": None, "fight_die": None, "companion": None,
                  "used": [], "weak": False}
    _emit(s, ev, "enemy_revealed", card=card, by=leader, strengths=list(ENEMIES[card]["strengths"]))
    s["step"] = "round"


def _round_start(s: dict, ev: list) -> None:
    f = s["fight"]
    if f["round"] >= 3:
        s["discards"]["enemy"].append(f["enemy"])
        _emit(s, ev, "enemy_retreats", card=f["enemy"])
        s["fight"] = None
        s["step"] = "turn_end"
        return
    pid = _leader(s)
    p = s["p"][pid]
    if "cloak" in _kept_uses(p):
        _drop_kept(s, pid, "cloak")
        s["discards"]["enemy"].append(f["enemy"])
        _emit(s, ev, "fight_called_off", player=pid, card=f["enemy"])
        s["fight"] = None
        s["step"] = "turn_end"
        return
    f["fighter"] = pid
    f["companion"] = None
    f["weak"] = "weak_enemy" in _kept_uses(p)
    f["fight_die"] = _roll(s)
    _emit(s, ev, "fighter_rolled", player=pid, round=f["round"] + 1,
          strength_die=s["turn"]["strength"][pid], fight_die=f["fight_die"])
    _ask(s, "fight", pid)
    s["step"] = "round_wait"


def _fight_round(s: dict, ev: list, pid: str, companion: str | None) -> None:
    f = s["fight"]
    p = s["p"][pid]
    if companion:
        f["companion"] = companion
        f["used"].append(pid)
        _emit(s, ev, "companion_helps", player=pid, companion=companion)
    weapon = ENEMIES[p["weapon"]]["reward"]["amount"] if p["weapon"] and not p["weapon_off"] else 0
    comp = COMPANIONS[f["companion"]]["strength"] if f["companion"] else 0
    sdie = s["turn"]["strength"][pid]
    hobbit = sdie + f["fight_die"] + weapon + comp
    printed = ENEMIES[f["enemy"]]["strengths"][f["round"]]
    enemy_strength = 0 if f["weak"] else printed
    left = _left_of(s, pid)
    v = _roll(s)
    enemy = enemy_strength + v
    win = hobbit >= enemy
    _emit(s, ev, "sauron_die", value=v, rolled_for=left, what="fight", fighter=pid)
    _emit(s, ev, "round_result", player=pid, round=f["round"] + 1, strength_die=sdie,
          fight_die=f["fight_die"], weapon=weapon, companion=comp, hobbit=hobbit,
          enemy_strength=enemy_strength, sauron_die=v, enemy=enemy, won=win)
    if win:
        card = f["enemy"]
        _end_part(s, ev, pid)
        s["fight"] = None
        s["step"] = "turn_end"
        _reward(s, ev, pid, card)
        return
    if _can_repeat(s, pid):
        _ask(s, "repeat", pid)
        return
    _lose_round(s, ev, pid)


def _can_repeat(s: dict, pid: str) -> bool:
    p = s["p"][pid]
    behind = p["pos"] - 1
    return p["mp"] >= 1 and behind >= 1 and behind not in _occupied(s, pid)


def _lose_round(s: dict, ev: list, pid: str) -> None:
    f = s["fight"]
    pos = s["p"][pid]["pos"]
    behind = [s["p"][q]["pos"] for q in _on_path(s) if q != pid and s["p"][q]["pos"] < pos]
    target = _free_behind(s, pid, max(behind) if behind else pos)
    _emit(s, ev, "fell_back", player=pid)
    _place(s, ev, pid, target, "fight_lost")
    _end_part(s, ev, pid)
    f["round"] += 1
    s["step"] = "round"


def _end_part(s: dict, ev: list, pid: str) -> None:
    """The fighter's part in this fight is over: one-fight effects expire, a companion used moves on."""
    f = s["fight"]
    p = s["p"][pid]
    p["weapon_off"] = False
    p["companions_off"] = False
    _drop_kept(s, pid, "reroll_next_fight", ev, "used_up")
    if f["weak"]:
        _drop_kept(s, pid, "weak_enemy", ev, "used_up")
        f["weak"] = False
    c = f["companion"]
    f["companion"] = None
    if c and c in p["companions"]:
        if _recipients(s, pid):
            _ask(s, "pass_companion", pid, companion=c)
        else:
            _emit(s, ev, "companion_stays", player=pid, companion=c)


def _reward(s: dict, ev: list, pid: str, card: str) -> None:
    r = ENEMIES[card]["reward"]
    _emit(s, ev, "enemy_defeated", player=pid, card=card, reward=r["kind"], amount=r["amount"])
    if r["kind"] == "weapon":
        _gain_weapon(s, ev, pid, card)
        return
    s["discards"]["enemy"].append(card)
    _gain(s, ev, pid, r["kind"], r["amount"], "enemy_defeated")


def _gain_weapon(s: dict, ev: list, pid: str, card: str) -> None:
    p = s["p"][pid]
    if p["weapon"] is None:
        p["weapon"] = card
        _emit(s, ev, "weapon_taken", player=pid, weapon=card)
        return
    _ask(s, "weapon", pid, weapons=[p["weapon"], card], chain=[pid])


# ------------------------------------------------------------------------------------- the protocol

def legal_actions(s: dict, player: str) -> list[dict]:
    if (s.get("phase") != "play" or not s["queue"] or not isinstance(player, str)
            or s["queue"][0]["player"] != player):
        return []
    d = s["queue"][0]
    p = s["p"][player]
    k = d["kind"]
    if k == "move":
        dice = s["turn"]["dice"]
        out = []
        for die in sorted(set(dice)):
            for n in range(MAX_MOVE + 1):
                if abs(n - die) <= p["mp"] and _move_ok(s, player, die, n):
                    out.append({"type": "move", "die": die, "steps": n})
        return out
    if k == "fight":
        f = s["fight"]
        out = [{"type": "fight"}]
        if f["companion"] is None and player not in f["used"] and not p["companions_off"]:
            out += [{"type": "fight", "companion": c} for c in p["companions"]]
        for c in p["kept"]:
            if EVENTS[c]["effect"][0]["use"] in ("reroll_next_fight", "reroll_any_fight"):
                out += [{"type": "reroll", "card": c, "die": w} for w in ("strength", "fight")]
        return out
    if k == "repeat":
        return [{"type": "repeat", "pay": True}, {"type": "repeat", "pay": False}]
    if k == "ford":
        return [{"type": "ford", "pay": True}, {"type": "ford", "pay": False}]
    if k == "saruman":
        return [{"type": "saruman", "choice": "back"}, {"type": "saruman", "choice": "movement"}]
    if k == "arwen":
        return [{"type": "arwen", "accept": True}, {"type": "arwen", "accept": False}]
    if k == "galadriel":
        return [{"type": "galadriel", "accept": True}, {"type": "galadriel", "accept": False}]
    if k == "give_companion":
        return [{"type": "give_companion", "companion": c, "to": q}
                for c in p["companions"] for q in _recipients(s, player)]
    if k == "pass_companion":
        return [{"type": "give_companion", "companion": d["companion"], "to": q} for q in _recipients(s, player)]
    if k == "choose_companion":
        return [{"type": "choose_companion", "companion": c} for c in s["pool"]] + \
               [{"type": "choose_companion", "companion": None}]
    if k == "weapon":
        if all(s["p"][q]["weapon"] for q in s["players"] if q != player):
            return [{"type": "discard_weapon", "weapon": w} for w in d["weapons"]]
        return [{"type": "give_weapon", "weapon": w, "to": q}
                for w in d["weapons"] for q in s["players"] if q not in d["chain"]]
    return []  # pragma: no cover


def _move_ok(s: dict, pid: str, die: int, n: int) -> bool:
    dice = s["turn"]["dice"]
    if dice[0] != dice[1] and die != min(dice):
        return _walk(s, pid, n) != _stage(s)["finish"]
    return True


_SHAPES = {
    "move": {"die": int, "steps": int},
    "fight": {"companion": str},
    "reroll": {"card": str, "die": str},
    "repeat": {"pay": bool},
    "ford": {"pay": bool},
    "saruman": {"choice": str},
    "arwen": {"accept": bool},
    "galadriel": {"accept": bool},
    "give_companion": {"companion": str, "to": str},
    "choose_companion": {"companion": (str, type(None))},
    "give_weapon": {"weapon": str, "to": str},
    "discard_weapon": {"weapon": str},
}
_OPTIONAL = {("fight", "companion")}
_KIND_TYPES = {
    "move": ("move",), "fight": ("fight", "reroll"), "repeat": ("repeat",), "ford": ("ford",),
    "saruman": ("saruman",), "arwen": ("arwen",), "galadriel": ("galadriel",),
    "give_companion": ("give_companion",), "pass_companion": ("give_companion",),
    "choose_companion": ("choose_companion",), "weapon": ("give_weapon", "discard_weapon"),
}


def _check(s: dict, player: Any, a: Any) -> dict:
    """Refuse anything malformed or not legal now, with the most useful reason."""
    if not isinstance(a, dict) or not isinstance(a.get("type"), str):
        raise IllegalAction("malformed_action")
    typ = a["type"]
    if typ not in _SHAPES:
        raise IllegalAction("unknown_action", action=typ)
    shape = _SHAPES[typ]
    for key, val in a.items():
        if key == "type":
            continue
        if key not in shape:
            raise IllegalAction("malformed_action", field=key)
        want = shape[key]
        if isinstance(val, bool) and want is not bool and want != (str, type(None)):
            raise IllegalAction("malformed_action", field=key)
        if not isinstance(val, want):
            raise IllegalAction("malformed_action", field=key)
    for key in shape:
        if key not in a and (typ, key) not in _OPTIONAL:
            raise IllegalAction("malformed_action", field=key)
    if s.get("phase") != "play":
        raise IllegalAction("game_over")
    if not isinstance(player, str) or player not in s["p"]:
        raise IllegalAction("not_a_player")
    if not s["queue"]:
        raise IllegalAction("corrupt_state", step=s.get("step"))
    d = s["queue"][0]
    if d["player"] != player:
        raise IllegalAction("not_your_turn", waiting_for=d["player"])
    if typ not in _KIND_TYPES[d["kind"]]:
        raise IllegalAction("unexpected_action", action=typ, expected=d["kind"])
    if a in legal_actions(s, player):
        return d
    p = s["p"][player]
    if typ == "move":
        dice = s["turn"]["dice"]
        if a["die"] not in dice:
            raise IllegalAction("bad_die", die=a["die"], dice=list(dice))
        if not 0 <= a["steps"] <= MAX_MOVE:
            raise IllegalAction("bad_steps", steps=a["steps"], most=MAX_MOVE)
        if abs(a["steps"] - a["die"]) > p["mp"]:
            raise IllegalAction("not_enough_movement", need=abs(a["steps"] - a["die"]), have=p["mp"])
        raise IllegalAction("finish_needs_lower_die", die=min(dice))
    if typ == "fight":
        c = a.get("companion")
        if c not in p["companions"]:
            raise IllegalAction("companion_not_held", companion=c)
        if p["companions_off"]:
            raise IllegalAction("companions_bewitched")
        raise IllegalAction("one_companion_per_fight")
    if typ == "reroll":
        if a["card"] not in p["kept"]:
            raise IllegalAction("card_not_held", card=a["card"])
        if EVENTS[a["card"]]["effect"][0]["use"] not in ("reroll_next_fight", "reroll_any_fight"):
            raise IllegalAction("card_not_reroll", card=a["card"])
        raise IllegalAction("bad_die_name", die=a["die"])
    if typ == "saruman":
        raise IllegalAction("bad_choice", choice=a["choice"])
    if typ in ("give_companion", "choose_companion"):
        c = a["companion"]
        if typ == "choose_companion":
            raise IllegalAction("companion_not_available", companion=c)
        if d["kind"] == "pass_companion" and c != d["companion"]:
            raise IllegalAction("must_pass_used_companion", companion=d["companion"])
        if c not in p["companions"]:
            raise IllegalAction("companion_not_held", companion=c)
        raise IllegalAction("bad_recipient", to=a["to"])
    if typ in ("give_weapon", "discard_weapon"):
        if a["weapon"] not in d["weapons"]:
            raise IllegalAction("weapon_not_held", weapon=a["weapon"])
        if typ == "discard_weapon":
            raise IllegalAction("weapon_must_be_given")
        if all(s["p"][q]["weapon"] for q in s["players"] if q != player):
            raise IllegalAction("weapon_must_be_discarded")
        raise IllegalAction("bad_recipient", to=a["to"])
    raise IllegalAction("not_legal_now", action=typ)  # pragma: no cover


def apply(state: dict, player: str, action: dict) -> tuple[dict, list]:
    _check(state, player, action)
    s = _copy_state(state)
    d = s["queue"].pop(0)
    ev: list = []
    _resolve(s, ev, player, d, action)
    _advance(s, ev)
    return s, ev


def _resolve(s: dict, ev: list, pid: str, d: dict, a: dict) -> None:
    k = d["kind"]
    p = s["p"][pid]
    if k == "move":
        t = s["turn"]
        die, n = a["die"], a["steps"]
        dice = list(t["dice"])
        dice.remove(die)
        cost = abs(n - die)
        p["mp"] -= cost
        t["movement_die"][pid] = die
        t["strength"][pid] = dice[0]
        t["dice"] = None
        t["index"] += 1
        _emit(s, ev, "dice_assigned", player=pid, movement=die, strength=dice[0], steps=n, cost=cost)
        _move_forward(s, ev, pid, n, "dice")
    elif k == "fight":
        if a["type"] == "reroll":
            use = EVENTS[a["card"]]["effect"][0]["use"]
            p["kept"].remove(a["card"])
            s["discards"]["event"].append(a["card"])
            v = _roll(s)
            if a["die"] == "strength":
                s["turn"]["strength"][pid] = v
            else:
                s["fight"]["fight_die"] = v
            _emit(s, ev, "die_rerolled", player=pid, card=a["card"], die=a["die"], value=v, use=use)
            _ask(s, "fight", pid)
            s["queue"].insert(0, s["queue"].pop())
        else:
            _fight_round(s, ev, pid, a.get("companion"))
    elif k == "repeat":
        if a["pay"]:
            _gain(s, ev, pid, "movement", -1, "repeat_round")
            _place(s, ev, pid, p["pos"] - 1, "repeat_round")
            f = s["fight"]
            f["fight_die"] = _roll(s)
            _emit(s, ev, "fighter_rolled", player=pid, round=f["round"] + 1,
                  strength_die=s["turn"]["strength"][pid], fight_die=f["fight_die"], repeat=True)
            _ask(s, "fight", pid)
        else:
            _lose_round(s, ev, pid)
    elif k == "ford":
        if a["pay"]:
            _gain(s, ev, pid, "movement", -1, "ford")
            _arrive(s, ev, pid)
        else:
            _place(s, ev, pid, _free_behind(s, pid, p["pos"]), "ford")
    elif k == "saruman":
        card = EVENTS[d["card"]]["effect"][0]
        if a["choice"] == "back":
            _move_back(s, ev, pid, card["spaces"], d["card"])
        else:
            _gain(s, ev, pid, "movement", -card["amount"], d["card"])
    elif k == "arwen":
        eff = EVENTS[d["card"]]["effect"][0]
        if a["accept"]:
            _gain(s, ev, pid, "movement", -eff["pay_movement"], d["card"])
            _gain(s, ev, pid, "hero", eff["gain_hero"], d["card"])
        else:
            _emit(s, ev, "declined", player=pid, card=d["card"])
    elif k == "galadriel":
        eff = EVENTS[d["card"]]["effect"][0]
        if a["accept"]:
            w = p["weapon"]
            p["weapon"] = None
            p["weapon_off"] = False
            s["discards"]["enemy"].append(w)
            _emit(s, ev, "weapon_discarded", player=pid, weapon=w, why=d["card"])
            _gain(s, ev, pid, "hero", eff["hero"], d["card"])
            _gain(s, ev, pid, "movement", eff["movement"], d["card"])
        else:
            _emit(s, ev, "declined", player=pid, card=d["card"])
    elif k in ("give_companion", "pass_companion"):
        c, to = a["companion"], a["to"]
        p["companions"].remove(c)
        s["p"][to]["companions"].append(c)
        _emit(s, ev, "companion_given", player=pid, companion=c, to=to)
    elif k == "choose_companion":
        c = a["companion"]
        if c is None:
            _emit(s, ev, "companion_declined", player=pid)
        else:
            s["pool"].remove(c)
            p["companions"].append(c)
            _emit(s, ev, "companion_joined", player=pid, companion=c, place="rivendell")
        arr = s["arrivals"]
        if len(s["players"]) == 3 and len(arr) >= 3 and arr[2] == pid and not d.get("extra") and s["pool"]:
            _ask(s, "choose_companion", arr[0], extra=True)
    elif k == "weapon":
        w = a["weapon"]
        p["weapon"] = [x for x in d["weapons"] if x != w][0]
        if a["type"] == "discard_weapon":
            s["discards"]["enemy"].append(w)
            _emit(s, ev, "weapon_discarded", player=pid, weapon=w, why="everyone_armed")
        else:
            to = a["to"]
            q = s["p"][to]
            _emit(s, ev, "weapon_given", player=pid, weapon=w, to=to)
            if q["weapon"] is None:
                q["weapon"] = w
            else:
                _ask(s, "weapon", to, weapons=[q["weapon"], w], chain=d["chain"] + [to])
                s["queue"].insert(0, s["queue"].pop())


# --------------------------------------------------------------------------------------------- view

def waiting_for(s: dict) -> list[str]:
    if s.get("phase") != "play" or not s["queue"]:
        return []
    return [s["queue"][0]["player"]]


def result(s: dict) -> dict | None:
    return _copy(s["result"]) if s.get("result") else None


def view(s: dict, viewer: str | None) -> dict:
    if not isinstance(viewer, str):
        viewer = None
    st = STAGES[s["stage"]]
    d = s["queue"][0] if s["phase"] == "play" and s["queue"] else None
    decision = None
    if d:
        decision = {k: _copy(v) for k, v in d.items() if k != "player"}
        decision["player"] = d["player"]
        decision["waiting_for"] = [d["player"]]
    players = []
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
    turn = None
    if t:
        turn = {"number": t["number"], "order": list(t["order"]), "index": t["index"],
                "current": t["order"][t["index"]] if t["index"] < len(t["order"]) else None,
                "dice": None if t["dice"] is None else list(t["dice"]),
                "strength": dict(t["strength"]), "movement_die": dict(t["movement_die"]),
                "no_fight": t["no_fight"]}
    f = s["fight"]
    fight = None
    if f:
        fight = {"enemy": f["enemy"], "strengths": list(ENEMIES[f["enemy"]]["strengths"]),
                 "round": f["round"] + 1, "fighter": f["fighter"], "fight_die": f["fight_die"],
                 "companion": f["companion"], "enemy_strength_ignored": f["weak"],
                 "sauron_die_by": _left_of(s, f["fighter"]) if f["fighter"] else None}
    out = {
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
            out["legal_actions"] = legal_actions(s, viewer)
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


class FellowshipRules:
    name = GAME
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    waiting_for = staticmethod(waiting_for)
    result = staticmethod(result)
    dump = staticmethod(dump)
    load = staticmethod(load)


RULES = FellowshipRules()
