"""Helpers for the Card Game tests: random play, stepping, building positions."""
from __future__ import annotations

import random

from engine import get_rules

R = get_rules("lcg")


def waiting(s):
    w = R.waiting_for(s)
    return w[0] if w else None


def step(s, action, player=None):
    player = player or waiting(s)
    s2, _ = R.apply(s, player, action)
    return s2


def random_play(s, rnd: random.Random, max_steps=5000, pass_bias=0.0, on_step=None):
    """Play random legal actions until the game ends or max_steps; returns (state, steps)."""
    n = 0
    while R.result(s) is None and n < max_steps:
        p = waiting(s)
        acts = R.legal_actions(s, p)
        assert acts, (p, s["decision"])
        a = acts[0] if pass_bias and acts[0]["type"] == "pass" and rnd.random() < pass_bias else rnd.choice(acts)
        s, _ = R.apply(s, p, a)
        if on_step:
            on_step(s, p, a)
        n += 1
    return s, n


DEFAULT = {"mulligan": {"type": "keep"}, "window": {"type": "pass"}, "commit": {"type": "done"},
           "respond": {"type": "decline"}, "attack": {"type": "done"}}


def default_action(s):
    d = s["decision"]
    p = d["player"]
    acts = R.legal_actions(s, p)
    if d["kind"] in DEFAULT and DEFAULT[d["kind"]] in acts:
        return DEFAULT[d["kind"]]
    for t in ("decline", "no_defender", "done", "resolve"):
        if {"type": t} in acts:
            return {"type": t}
    return acts[0]


def until(s, pred, limit=2000):
    """Play default (passive) actions until pred(s) holds."""
    for _ in range(limit):
        if pred(s) or R.result(s) is not None:
            return s
        s = step(s, default_action(s))
    raise AssertionError("never reached")


def at_window(name):
    return lambda s: s["decision"] and s["decision"]["kind"] == "window" and s["decision"]["name"] == name


def at(kind):
    return lambda s: s["decision"] and s["decision"]["kind"] == kind


def game(players=("a",), seed=1, **options):
    options.setdefault("first_player", players[0])
    return R.new_game(list(players), options, seed)


def deck(heroes, cards):
    return {"heroes": list(heroes), "cards": list(cards)}


def uid_of(s, cid, zone=None):
    for u, c in s["ids"].items():
        if c == cid and (zone is None or u in zone):
            return u
    raise KeyError(cid)


def to_hand(s, player, cid):
    """Test set-up: move one copy of `cid` from the player's deck to their hand."""
    p = s["players"][player]
    held = [u for u in p["hand"] if s["ids"][u] == cid]
    if held:
        return held[0]
    u = next(u for u in p["deck"] if s["ids"][u] == cid)
    p["deck"].remove(u)
    p["hand"].append(u)
    return u


def hero(s, player, cid):
    return next(u for u in s["players"][player]["heroes"] if s["ids"][u] == cid)
