"""A rule-based Confrontation player, the baseline the search must beat.

It looks one move ahead with simple estimates: a piece's strength is its printed value (or the mean
over what an unknown enemy may be), a fight is won when that strength is higher. Moves score as:
the ring-bearer steps forward when no enemy could reach him there and never walks into enemies; other pieces
attack where they expect to win; everyone else advances. Combat cards: the cheapest card expected to
win, else the cheapest card. Placement: the five strongest in front, Frodo at home. Ties are broken by
a seeded random draw.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.confrontation.action_types import ConfrontationAction, Place
from engine.confrontation.board import ENEMY, FELLOWSHIP, FORWARD, FRONT, HOME
from engine.confrontation.state import FRODO, STRENGTH
from engine.kernel import Rng

from .choices import confrontation_legal
from .knowledge import TO_GOAL, card_value, enemy_card_mean, enemy_pool, strength

RING_BEARER_HOME = 1000  # the move that wins the game outright
RUN = 20
ATTACK = 10
SUICIDE = -50


class GreedyPlayer:
    def __init__(self, seed: int = 0):
        self.rng = Rng(Rng.from_seed(seed))

    def choose(self, view: dict) -> ConfrontationAction:
        if view["decision"]["kind"] == "setup":
            return placement(view, self.rng)
        acts = list(confrontation_legal(view))
        if view["phase"] != "play":
            return acts[self.rng.below(len(acts))]
        kind = view["decision"]["kind"]
        score = {"move": _move_score, "move_after_special": _move_score, "target": _target_score,
                 "cards": _card_score, "magic": _magic_score}.get(kind, _default_score)
        scores = [score(view, a) for a in acts]
        best = max(scores)
        top = [a for a, x in zip(acts, scores) if x == best]
        return top[self.rng.below(len(top))]


def placement(view: dict, rng: Rng) -> Place:
    """The five strongest characters in front (in a random order), Frodo and the rest at home."""
    me = view["you"]
    chars = list(view["to_place"])
    rng.shuffle(chars)
    chars.sort(key=lambda c: -1 if c in FRODO else STRENGTH[c])
    front, home = chars[-len(FRONT[me]):], chars[:-len(FRONT[me])]
    rng.shuffle(front)
    return {"type": "place", "placement": {**{c: HOME[me] for c in home}, **dict(zip(front, FRONT[me]))}}


def _threatened(view: dict, region: str) -> bool:
    """Whether an enemy piece could step into `region` on its next move."""
    me = view["you"]
    return any(region in FORWARD[ENEMY[me]][q["region"]] or q["region"] == region
               for q in view["pieces"] if q["side"] != me)


def _pieces(view: dict) -> dict[str, dict]:
    return {p["token"]: p for p in view["pieces"]}


def _move_score(view: dict, a: Mapping[str, Any]) -> float:
    if a["type"] != "move":
        return -1.0  # special cards are kept
    me = view["you"]
    pieces = _pieces(view)
    p = pieces[a["piece"]]
    foes = [q for q in view["pieces"] if q["side"] != me and q["region"] == a["to"]]
    pool = enemy_pool(view)
    ring = me == FELLOWSHIP and p["character"] == view["ring_bearer"]
    progress = TO_GOAL[me].get(p["region"], 9) - TO_GOAL[me].get(a["to"], 9)
    if ring:
        if a["to"] == HOME[ENEMY[me]] and not foes:
            return RING_BEARER_HOME
        if foes:
            return SUICIDE
        return RUN + progress if not _threatened(view, a["to"]) else progress - ATTACK
    if not foes:
        return progress + (5 if a["to"] == HOME[ENEMY[me]] else 0)
    mine, theirs = strength(view, p, pool), max(strength(view, q, pool) for q in foes)
    known_ring = any(q["character"] in ("frodo", "frodo_v") for q in foes)
    if mine > theirs:
        return ATTACK + (RUN if known_ring else 0) + progress
    return -ATTACK + progress


def _target_score(view: dict, a: Mapping[str, Any]) -> float:
    if a["type"] != "attack":
        return -100.0
    pool = enemy_pool(view)
    return -strength(view, _pieces(view)[a["piece"]], pool)


def _fight(view: dict) -> tuple[float, float]:
    """(my fighter's strength, the enemy fighter's strength + the mean card it may play)."""
    me = view["you"]
    c = view["combat"]
    pieces, pool = _pieces(view), enemy_pool(view)
    mine = strength(view, pieces[c["fighters"][me]], pool)
    foe_card = c["cards"][ENEMY[me]]
    theirs = strength(view, pieces[c["fighters"][ENEMY[me]]], pool)
    theirs += card_value(ENEMY[me], foe_card) if foe_card else enemy_card_mean(view)
    return mine, theirs


def _card_score(view: dict, a: Mapping[str, Any]) -> float:
    mine, theirs = _fight(view)
    value = card_value(view["you"], a["card"])
    if mine + value > theirs:
        return 100 - value  # the cheapest card that should win
    return -value  # a lost cause: give the least


def _magic_score(view: dict, a: Mapping[str, Any]) -> float:
    return card_value(view["you"], a["card"])


def _default_score(view: dict, a: Mapping[str, Any]) -> float:
    # Abilities that only help their owner are used; otherwise go on with the fight.
    if "use" in a:
        return 1.0 if a["use"] else 0.0
    return {"proceed": 1.0, "reveal_frodo": 2.0}.get(a["type"], 0.0)
