"""Fights: the enemy card, its three rounds, the leader's strength against the enemy's, repeating a round,
falling back, companions lent and passed on, rewards and weapons."""
from __future__ import annotations

from . import actions, movement
from .state import (
    COMPANIONS,
    ENEMIES,
    _emit,
    ask,
    drop_kept,
    gain,
    kept_uses,
    leader,
    left_of,
    occupied,
    on_path,
    recipients,
    roll,
)
from .view_types import Odds


def fight_start(s: dict, ev: list) -> None:
    t = s["turn"]
    if t["no_fight"]:
        s["step"] = "turn_end"
        return
    if not s["decks"]["enemy"]:
        _emit(s, ev, "enemy_deck_empty")
        s["step"] = "turn_end"
        return
    lead = leader(s)
    if lead is None:  # pragma: no cover - the stage would be over
        s["step"] = "turn_end"
        return
    card = s["decks"]["enemy"].pop(0)
    if s["peek"] and s["peek"]["enemy"] == card:
        s["peek"]["enemy"] = None  # revealed to everyone now
    s["fight"] = {"enemy": card, "round": 0, "fighter": None, "fight_die": None, "companion": None,
                  "used": [], "fought": [], "weak": False}
    _emit(s, ev, "enemy_revealed", card=card, by=lead, strengths=list(ENEMIES[card]["strengths"]))
    s["step"] = "round"


def round_start(s: dict, ev: list) -> None:
    f = s["fight"]
    if f["round"] >= 3:
        s["discards"]["enemy"].append(f["enemy"])
        _emit(s, ev, "enemy_retreats", card=f["enemy"])
        s["fight"] = None
        s["step"] = "turn_end"
        return
    pid = leader(s)
    p = s["p"][pid]
    if "cloak" in kept_uses(p):
        drop_kept(s, pid, "cloak")
        s["discards"]["enemy"].append(f["enemy"])
        _emit(s, ev, "fight_called_off", player=pid, card=f["enemy"])
        s["fight"] = None
        s["step"] = "turn_end"
        return
    f["fighter"] = pid
    f["companion"] = None
    f["weak"] = "weak_enemy" in kept_uses(p)
    f["fight_die"] = roll(s)
    _emit(s, ev, "fighter_rolled", player=pid, round=f["round"] + 1,
          strength_die=s["turn"]["strength"][pid], fight_die=f["fight_die"])
    ask(s, "fight", pid)
    s["step"] = "round_wait"


def _weapon(p: dict) -> int:
    return ENEMIES[p["weapon"]]["reward"]["amount"] if p["weapon"] and not p["weapon_off"] else 0


def _enemy_strength(f: dict) -> int:
    return 0 if f["weak"] else ENEMIES[f["enemy"]]["strengths"][f["round"]]


def fight_odds(s: dict, pid: str) -> Odds:
    """Before the fighter chooses: their total so far, the enemy's strength to which Sauron's die is
    added, and on how many of the die's six faces the hobbit wins (a tie wins) without a companion
    (key "") and with each companion it may call (legal_actions says which)."""
    f = s["fight"]
    hobbit = s["turn"]["strength"][pid] + f["fight_die"] + _weapon(s["p"][pid])
    enemy = _enemy_strength(f)
    helpers = [""] + [a["companion"] for a in actions.legal_actions(s, pid) if a["type"] == "fight" and "companion" in a]
    if f["companion"]:
        helpers = [f["companion"]]  # a repeat: the same companion keeps fighting
    wins = {}
    for c in helpers:
        total = hobbit + (COMPANIONS[c]["strength"] if c else 0)
        wins[c] = max(0, min(6, total - enemy))
    return {"hobbit": hobbit, "enemy": enemy, "wins_on": wins}


def fight_round(s: dict, ev: list, pid: str, companion: str | None) -> None:
    f = s["fight"]
    p = s["p"][pid]
    if companion:
        f["companion"] = companion
        f["used"].append(pid)
        f.setdefault("fought", []).append(companion)
        _emit(s, ev, "companion_helps", player=pid, companion=companion)
    weapon = _weapon(p)
    comp = COMPANIONS[f["companion"]]["strength"] if f["companion"] else 0
    sdie = s["turn"]["strength"][pid]
    hobbit = sdie + f["fight_die"] + weapon + comp
    enemy_strength = _enemy_strength(f)
    left = left_of(s, pid)
    v = roll(s)
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
        ask(s, "repeat", pid)
        return
    lose_round(s, ev, pid)


def _can_repeat(s: dict, pid: str) -> bool:
    p = s["p"][pid]
    behind = p["pos"] - 1
    return p["mp"] >= 1 and behind >= 1 and behind not in occupied(s, pid)


def lose_round(s: dict, ev: list, pid: str) -> None:
    f = s["fight"]
    pos = s["p"][pid]["pos"]
    behind = [s["p"][q]["pos"] for q in on_path(s) if q != pid and s["p"][q]["pos"] < pos]
    target = movement.free_behind(s, pid, max(behind) if behind else pos)
    _emit(s, ev, "fell_back", player=pid)
    movement.place(s, ev, pid, target, "fight_lost")
    _end_part(s, ev, pid)
    f["round"] += 1
    s["step"] = "round"


def _end_part(s: dict, ev: list, pid: str) -> None:
    """The fighter's part in this fight is over: one-fight effects expire, a companion used moves on."""
    f = s["fight"]
    p = s["p"][pid]
    p["weapon_off"] = False
    p["companions_off"] = False
    drop_kept(s, pid, "reroll_next_fight", ev, "used_up")
    if f["weak"]:
        drop_kept(s, pid, "weak_enemy", ev, "used_up")
        f["weak"] = False
    c = f["companion"]
    f["companion"] = None
    if c and c in p["companions"]:
        if recipients(s, pid):
            ask(s, "pass_companion", pid, companion=c)
        else:
            _emit(s, ev, "companion_stays", player=pid, companion=c)


def _reward(s: dict, ev: list, pid: str, card: str) -> None:
    r = ENEMIES[card]["reward"]
    _emit(s, ev, "enemy_defeated", player=pid, card=card, reward=r["kind"], amount=r["amount"])
    if r["kind"] == "weapon":
        _gain_weapon(s, ev, pid, card)
        return
    s["discards"]["enemy"].append(card)
    gain(s, ev, pid, r["kind"], r["amount"], "enemy_defeated")


def _gain_weapon(s: dict, ev: list, pid: str, card: str) -> None:
    p = s["p"][pid]
    if p["weapon"] is None:
        p["weapon"] = card
        _emit(s, ev, "weapon_taken", player=pid, weapon=card)
        return
    ask(s, "weapon", pid, weapons=[p["weapon"], card], chain=[pid])
