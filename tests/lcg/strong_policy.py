"""A stronger scripted player for whole games of the harder scenarios (tests/lcg/test_games.py): the player of
policy.py, plus what a careful group does against Journey Down the Anduin and Escape from Dol Guldur. It
quests with the willpower the staging area and the coming reveals ask for, lowers threat with events
when it runs high, stops the strongest engaged enemy's attack with Feint, chump-blocks big attacks with
an ally, and engages one enemy at a time while it has a defender to spare. Deterministic."""
from __future__ import annotations

import random

from engine.lcg.state import info
from engine.lcg.stats import staging_threat, stat

from . import policy
from .helpers import R

_THREAT_EVENTS = ("the_galadhrims_greeting",)
_HIGH_THREAT = 33


def choose_action(s):
    d = s["decision"]
    p = d["player"]
    acts = R.legal_actions(s, p)
    kind = d["kind"]
    if kind == "window":
        mine = s["players"][p]
        for a in acts:
            cid = s["ids"].get(a.get("card"))
            if a["type"] == "play" and cid in _THREAT_EVENTS and mine["threat"] >= _HIGH_THREAT:
                return a
            if a["type"] == "play" and cid == "feint" and d["name"] == "combat" and mine["engaged"]:
                return a
    if kind == "commit":
        return _commit(s, p, acts)
    if kind == "defend":
        return _defend(s, p, acts) or policy.choose_action(s)
    if kind == "choose":
        if d["prompt"] == "choose_enemy" and d["options"]:
            return {"type": "choose", "choice": max(d["options"], key=lambda e: stat(s, e, "attack"))}
        if d["prompt"] == "optional_engage":
            return _optional_engage(s, p, d["options"])
        if d["prompt"] == "travel":  # the location adding most threat to the staging area
            return {"type": "choose", "choice": max(d["options"], key=lambda u: stat(s, u, "threat"))}
        if d["prompt"] == "threat_choice":
            return {"type": "choose", "choice": max((o for o in d["options"] if o != "each"),
                                                    key=lambda q: s["players"][q]["threat"])}
    return policy.choose_action(s)


def _optional_engage(s, p, options):
    """Past the first stage enemies no longer come by themselves (and the last stage is won by killing them
    all): a player with no enemy yet, two ready characters and no enemy about to engage them anyway takes on
    one it can hurt, the one with the fewest hit points."""
    threat = s["players"][p]["threat"]
    coming = any(stat(s, e, "engagement") <= threat for e in options)  # engagement checks bring it anyway
    if s["quest"]["stage"] < 2 or s["players"][p]["engaged"] or coming or len(policy._ready(s, p)) < 2:
        return {"type": "decline"}
    power = sum(stat(s, u, "attack") for u in policy._ready(s, p))
    hurt = [e for e in options if power > stat(s, e, "defense")]
    if not hurt:
        return {"type": "decline"}
    return {"type": "choose", "choice": min(hurt, key=lambda e: (policy._hp_left(s, e), stat(s, e, "attack")))}


def _reveals(s):
    return len(s["order"]) * (2 if s["quest"].get("stage", 1) == 2 else 1)


def _commit(s, p, acts):
    committed = sum(stat(s, u, "willpower") for u in s["committed"] if u in s["inplay"])
    need = staging_threat(s) + 2 * _reveals(s) + 1
    if committed >= need:
        return {"type": "done"}
    ready = policy._ready(s, p)
    foes = [e for e in s["players"][p]["engaged"]] + [
        u for u in s["staging"] if info(s, u)["type"] == "enemy"
        and stat(s, u, "engagement") <= s["players"][p]["threat"] + 1]
    guards = sorted(ready, key=lambda u: (-stat(s, u, "defense") - policy._hp_left(s, u), stat(s, u, "willpower")))
    keep = set(guards[:min(len(foes), 2, max(len(ready) - 1, 0))])
    cands = [a for a in acts if a["type"] == "commit" and a["card"] not in keep
             and stat(s, a["card"], "willpower") > 0]
    if not cands:
        return {"type": "done"}
    return max(cands, key=lambda a: (stat(s, a["card"], "willpower"), -stat(s, a["card"], "defense")))


def _defend(s, p, acts):
    """Against an attack no defender survives, an ally takes it; failing that, the sturdiest hero."""
    if s["attack"]["defenders"]:
        return None
    atk = stat(s, s["attack"]["enemy"], "attack") + s["attack"]["bonus"]
    cands = [a for a in acts if a["type"] == "defend"]
    safe = [a for a in cands if policy._hp_left(s, a["card"]) + stat(s, a["card"], "defense") > atk]
    if safe:
        return max(safe, key=lambda a: (stat(s, a["card"], "defense") + policy._hp_left(s, a["card"]),
                                        -stat(s, a["card"], "willpower")))
    allies = [a for a in cands if s["inplay"][a["card"]]["zone"] == "allies"]
    if allies:
        return min(allies, key=lambda a: (stat(s, a["card"], "willpower") + stat(s, a["card"], "attack")))
    # undefended, the whole attack falls on one hero: a defender's defense at least takes some of it off
    return max(cands, key=lambda a: stat(s, a["card"], "defense") + policy._hp_left(s, a["card"]), default=None)


def play_round(s, variant, epsilon=0.15, max_steps=5000):
    """Play until the round ends (or the game): with `variant` not None, a seeded fraction `epsilon` of the
    decisions takes a random legal action instead, so that one of several variants of a round can be kept."""
    rnd = random.Random(variant)
    start, n = s["round"], 0
    while R.result(s) is None and s["round"] == start and n < max_steps:
        p = R.waiting_for(s)[0]
        acts = R.legal_actions(s, p)
        a = rnd.choice(acts) if variant is not None and rnd.random() < epsilon else choose_action(s)
        s, _ = R.apply(s, p, a)
        n += 1
    return s


def play_game(s, variants=(), max_rounds=60):
    """The whole game; round k (from 1) plays variant variants[k-1] when given, else the plain policy."""
    while R.result(s) is None and s["round"] <= max_rounds:
        k = s["round"]
        s = play_round(s, variants[k - 1] if 0 < k <= len(variants) else None)
    return s, s["round"]
