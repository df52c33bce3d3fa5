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


# ---- a position builder ----------------------------------------------------------------------------
#
# `table(...)` starts a real game (new_game) whose decks hold one copy of every player card, plays to the
# first planning window, and clears the board: empty hands (back into the deck), no resources, the
# staging area emptied (its cards back into the encounter deck). Tests then place exactly what they need
# with the helpers below, which move real cards (real uids) between the state's zones without triggering
# anything. Actions are then taken through R.apply, so every effect runs as in a game.

def all_player_cards():
    from engine.lcg.data import catalogue
    return [c for c, d in catalogue().items() if d["type"] in ("ally", "attachment", "event")]


def table(heroes=None, players=1, seed=1, shadows=False, keep_staging=False, encounter=False, **options):
    """heroes: {player: [hero ids]} or a list of hero ids for a one-player game. With encounter=False the
    encounter deck is set aside (in `s["test_stash"]`, where the placing helpers still find its cards), so
    staging reveals nothing unless a test puts cards on top with `on_top`."""
    if heroes is None or isinstance(heroes, (list, tuple)):
        default = [["aragorn", "theodred", "gloin"], ["gimli", "legolas", "thalin"],
                   ["eowyn", "eleanor", "dunhere"], ["denethor", "glorfindel", "beravor"]]
        if heroes is not None:
            default[0] = list(heroes)
        names = "abcd"[:players]
        heroes = {p: default[i] for i, p in enumerate(names)}
    names = list(heroes)
    decks = {p: deck(heroes[p], all_player_cards()) for p in names}
    s = game(tuple(names), seed=seed, decks=decks, shadows=shadows, **options)
    s = until(s, at_window("planning"))
    for p in names:
        pl = s["players"][p]
        pl["deck"] += pl["hand"]
        pl["hand"] = []
        for h in pl["heroes"]:
            s["inplay"][h]["res"] = 0
    if not keep_staging:
        for u in list(s["staging"]):
            s["staging"].remove(u)
            del s["inplay"][u]
            s["edeck"].insert(0, u)
    s["test_stash"] = []
    if not encounter:
        s["test_stash"], s["edeck"] = s["edeck"], []
    return s


def _take(s, cid, *piles):
    for pile in piles + (s.get("test_stash", []), s.get("set_aside", [])):
        for u in reversed(pile):
            if s["ids"][u] == cid:
                pile.remove(u)
                return u
    raise KeyError(cid)


def res(s, h, n):
    s["inplay"][h]["res"] = n
    return h


def heroes_of(s, player):
    return list(s["players"][player]["heroes"])


def place_ally(s, player, cid):
    """An ally from the player's deck (or hand) straight into play, ready."""
    from engine.lcg.state import new_record
    p = s["players"][player]
    u = _take(s, cid, p["deck"], p["hand"], p["discard"])
    new_record(s, u, player, player, "allies")
    p["allies"].append(u)
    return u


def place_attachment(s, player, cid, host):
    """A player attachment (from `player`'s deck) or an encounter one (player None) onto `host`."""
    from engine.lcg.board import attach
    from engine.lcg.state import new_record
    if player is None:
        u = _take(s, cid, s["edeck"], s["ediscard"])
        new_record(s, u, None, None, "attached")
    else:
        p = s["players"][player]
        u = _take(s, cid, p["deck"], p["hand"])
        new_record(s, u, player, player, "attached")
    attach(s, u, host, player)
    return u


def place_encounter(s, cid, where="staging"):
    """An encounter card from the encounter deck (or discard) into play: `staging`, `active`, or a player
    id (an enemy engaged with that player)."""
    from engine.lcg.state import new_record
    u = _take(s, cid, s["edeck"], s["ediscard"])
    r = new_record(s, u, None, None, "staging")
    if where == "staging":
        s["staging"].append(u)
    elif where == "active":
        r["zone"] = "active"
        s["active"] = u
    else:
        r["zone"], r["ctrl_eng"] = "engaged", where
        s["players"][where]["engaged"].append(u)
    return u


def on_top(s, *cids):
    """Put copies of these encounter cards on top of the encounter deck, the first one on top."""
    out = []
    for cid in reversed(cids):
        u = _take(s, cid, s["edeck"], s["ediscard"])
        s["edeck"].append(u)
        out.append(u)
    return out[::-1]


def deck_top(s, player, *cids):
    """Put these cards on top of a player's deck, the first one on top."""
    p = s["players"][player]
    out = []
    for cid in reversed(cids):
        u = _take(s, cid, p["deck"], p["hand"], p["discard"])
        p["deck"].append(u)
        out.append(u)
    return out[::-1]


def to_discard(s, player, cid):
    p = s["players"][player]
    u = _take(s, cid, p["deck"], p["hand"])
    p["discard"].append(u)
    return u


def acts(s, player=None):
    return R.legal_actions(s, player or waiting(s))


def play(s, uid, pay=None, x=None, player=None):
    """Play a card from hand with the given payment (default: the first legal one)."""
    player = player or waiting(s)
    opts = [a for a in R.legal_actions(s, player) if a.get("card") == uid and a["type"] in ("play", "respond")
            and (x is None or a.get("x") == x)]
    assert opts, f"{s['ids'][uid]} cannot be played: {s['decision']}"
    a = next((o for o in opts if o.get("pay") == pay), None) if pay is not None else opts[0]
    assert a is not None, (pay, opts)
    return step(s, a, player)


def activate(s, uid, player=None, ability="main"):
    return step(s, {"type": "activate", "card": uid, "ability": ability}, player)


def choose(s, choice, player=None):
    return step(s, {"type": "choose", "choice": choice}, player)


def respond(s, uid, player=None):
    return play(s, uid, player=player) if uid in s["players"][player or waiting(s)]["hand"] else \
        step(s, {"type": "respond", "card": uid}, player)


def decision(s):
    return s["decision"] and (s["decision"]["kind"], s["decision"].get("prompt") or s["decision"].get("name"))


def run_now(s, fn):
    """Run engine code (deal_damage, engage, ...) as if it happened in the current window: its triggers and
    follow-up tasks run and the game stops at the next decision (the same window afterwards)."""
    from engine.lcg.flow import push, run
    d = s["decision"]
    s["decision"] = None
    if d and d["kind"] == "window":
        push(s, "window_resume", name=d["name"])
    fn(s)
    run(s)
    return s


def goto(s, pred, act=None, limit=2000):
    """Like `until`, with `act(s)` able to pick an action (None: the passive default)."""
    for _ in range(limit):
        if pred(s) or R.result(s) is not None:
            return s
        a = (act(s) if act else None) or default_action(s)
        s = step(s, a)
    raise AssertionError("never reached")


def events(s, typ, since=0):
    return [e for e in s["log"][since:] if e["type"] == typ]


def past(s, name):
    """Every player passes the action window `name` if it is open (e.g. the one after defenders)."""
    while at_window(name)(s):
        s = step(s, {"type": "pass"})
    return s


def shadow_attack(s, enemy_cid, shadow_cid, defender=None):
    """`enemy_cid` engaged with a, `shadow_cid` dealt to it as its shadow card; resolve up to the attack.
    Returns the state and the enemy's uid."""
    e = place_encounter(s, enemy_cid, "a")
    s = until(s, at_window("encounter"))
    on_top(s, shadow_cid)
    s = until(s, at("defend"))
    s = step(s, {"type": "defend", "card": defender} if defender else {"type": "no_defender"})
    return past(s, "defense"), e
