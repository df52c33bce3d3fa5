"""A scripted heuristic player for whole games (tests/lcg/test_games.py): plays allies and attachments it
can afford, commits enough willpower to make progress while keeping a defender back, travels whenever it
can, defends with a character that survives, attacks enemies it can hurt, and answers every prompt with a
sensible choice. Deterministic: the same state always gets the same action."""
from __future__ import annotations

from engine.lcg.stats import staging_threat, stat

from .helpers import R


def _hp_left(s, u):
    return stat(s, u, "hit_points") - s["inplay"][u]["dmg"]


def attack_so_far(s, d, acts) -> tuple[dict | None, list[dict], int, int]:
    """While attackers are chosen: (the answer that stops choosing, when the attack chosen is enough to
    destroy the enemy or nobody else may join, else None; the attackers offered; the attack chosen;
    the attack needed)."""
    e = d["enemy"]
    have = sum(stat(s, u, "attack") for u in d["chosen"])
    need = stat(s, e, "defense") + _hp_left(s, e)
    cands = [a for a in acts if a["type"] == "attacker"]
    done = (d["chosen"] and have >= need) or not cands
    return ({"type": "done"} if "joining" in d else {"type": "resolve"}) if done else None, cands, have, need


def _ready(s, p):
    pl = s["players"][p]
    return [u for u in pl["heroes"] + pl["allies"] if not s["inplay"][u]["exhausted"]]


def _threat_of_enemies(s, p):
    return sum(stat(s, e, "attack") for e in s["players"][p]["engaged"])


def choose_action(s):
    d = s["decision"]
    p = d["player"]
    acts = R.legal_actions(s, p)
    kind = d["kind"]
    if kind == "mulligan":
        return {"type": "keep"}
    if kind == "window":
        if d["name"] == "planning":
            plays = [a for a in acts if a["type"] == "play" and _is(s, a["card"], ("ally", "attachment"))]
            if plays:
                return max(plays, key=lambda a: _cost(s, a["card"]))
        useful = [a for a in acts if a["type"] == "activate" and s["ids"][a["card"]] in _GOOD_ACTIONS
                  and _GOOD_ACTIONS[s["ids"][a["card"]]](s, d["name"])]
        if useful:
            return useful[0]
        return {"type": "pass"}
    if kind == "commit":
        committed = sum(stat(s, u, "willpower") for u in s["committed"] if u in s["inplay"])
        need = staging_threat(s) + 2 * len(s["order"]) + 1
        ready = _ready(s, p)
        if committed >= need:
            return {"type": "done"}
        keep = _keep_back(s, p, ready)
        cands = [a for a in acts if a["type"] == "commit" and a["card"] not in keep
                 and stat(s, a["card"], "willpower") > 0]
        if not cands:
            return {"type": "done"}
        return max(cands, key=lambda a: stat(s, a["card"], "willpower"))
    if kind == "respond":
        for a in acts:
            if a["type"] == "respond" and "pay" not in a:
                return a
        return {"type": "decline"}
    if kind == "defend":
        e = s["attack"]["enemy"]
        atk = stat(s, e, "attack") + s["attack"]["bonus"]
        cands = [a for a in acts if a["type"] == "defend"]
        if s["attack"]["defenders"]:
            return {"type": "done"}
        safe = [a for a in cands if _hp_left(s, a["card"]) + stat(s, a["card"], "defense") > atk + 1]
        if safe:
            return min(safe, key=lambda a: (s["ids"][a["card"]] in _QUESTERS, -stat(s, a["card"], "defense")))
        chump = [a for a in cands if s["inplay"][a["card"]]["zone"] == "allies"]
        if chump:
            return min(chump, key=lambda a: stat(s, a["card"], "willpower"))
        return {"type": "no_defender"}
    if kind == "attack":
        best = None
        for a in acts:
            if a["type"] != "attack":
                continue
            e = a["enemy"]
            power = sum(stat(s, u, "attack") for u in _ready(s, p))
            need = stat(s, e, "defense") + 1
            if power >= need and (best is None or _hp_left(s, e) < _hp_left(s, best["enemy"])):
                best = a
        return best or {"type": "done"}
    if kind == "attackers":
        enough, cands, _, _ = attack_so_far(s, d, acts)
        if enough is not None:
            return enough
        return max(cands, key=lambda a: stat(s, a["card"], "attack"))
    if kind == "choose":
        return _choose(s, d, acts)
    return acts[0]


def _keep_back(s, p, ready):
    """Characters kept out of the quest: one defender per enemy engaged or likely to engage, and an attacker."""
    from engine.lcg.state import info
    threat = s["players"][p]["threat"]
    foes = len(s["players"][p]["engaged"]) + sum(
        1 for u in s["staging"] if info(s, u)["type"] == "enemy" and stat(s, u, "engagement") <= threat + 1)
    foes = max(foes, 1)
    order = sorted(ready, key=lambda u: (-stat(s, u, "defense") - stat(s, u, "attack"), stat(s, u, "willpower")))
    return order[:min(foes + (1 if foes else 0), max(len(ready) - 1, 0))]


_QUESTERS = {"eowyn", "glorfindel", "aragorn"}


def _is(s, uid, types):
    from engine.lcg.state import info
    return info(s, uid)["type"] in types


def _cost(s, uid):
    from engine.lcg.state import info
    c = info(s, uid)["cost"]
    return c if isinstance(c, int) else 0


_GOOD_ACTIONS = {
    "steward_of_gondor": lambda s, w: True,
    "beravor": lambda s, w: w == "refresh",
    "gleowine": lambda s, w: w == "refresh",
    "daughter_of_the_nimrodel": lambda s, w: w == "refresh",
    "glorfindel": lambda s, w: w == "refresh",
    "self_preservation": lambda s, w: w == "refresh",
    # Escape from Dol Guldur's objectives: claimed in the planning phase while threat allows
    "gandalfs_map": lambda s, w: w == "planning" and _threat_room(s),
    "dungeon_torch": lambda s, w: w == "planning" and _threat_room(s),
    "shadow_key": lambda s, w: w == "planning" and _threat_room(s),
}


def _threat_room(s):
    return s["players"][s["decision"]["player"]]["threat"] <= 38


def _choose(s, d, acts):
    opts = d["options"]
    prompt = d["prompt"]
    if prompt == "optional_engage":
        return {"type": "decline"}
    if prompt == "travel":
        return {"type": "choose", "choice": opts[0]}
    if prompt in ("undefended_damage", "assign_damage", "damage_hero", "damage_character"):
        return {"type": "choose", "choice": max(opts, key=lambda u: _hp_left(s, u))}
    if prompt in ("heal_character", "heal_hero"):
        return {"type": "choose", "choice": max(opts, key=lambda u: s["inplay"][u]["dmg"])}
    if prompt == "choose_player" and s["decision"]["player"] in opts:
        return {"type": "choose", "choice": s["decision"]["player"]}
    if prompt == "gandalf":
        return {"type": "choose", "choice": "threat"}
    return next(a for a in acts if a["type"] == "choose")


def play_game(s, max_steps=20000):
    n = 0
    while R.result(s) is None and n < max_steps:
        p = R.waiting_for(s)[0]
        s, _ = R.apply(s, p, choose_action(s))
        n += 1
    return s, n
