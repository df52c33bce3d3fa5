"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012)
for The Confrontation.

The player is given only its seat's view. Each iteration draws one hidden state consistent with that
view (engine/confrontation/sampler.py), walks the shared tree down the actions legal in that state
(UCB1 with availability counts, since what the opponent may do depends on what it holds), adds one
node, plays the rest of the game at random, and credits the winner's choices along the path. The answer
is the most visited action at the root. Nothing of the true state is ever read.

Two choices keep the search from cheating against itself: the player never shuffles, and an opponent's
combat card chosen at the same time as ours is drawn at random rather than from the tree (a tree
node would pick it knowing our card).
"""
from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from engine.confrontation import sampler, search
from engine.kernel import Rng

from . import confrontation_twin
from .choices import confrontation_legal
from .greedy import placement
from .twin import SIDE_NAMES, Prepared, Twin, Unsupported, Xorshift32, as_action

# Iterations per decision. "normal" answers in under 2 s on one core (docs/ai.md has the figures).
BUDGETS = {"easy": 40, "normal": 250, "hard": 1000}
# And CPU seconds per decision at most, so no level keeps a table waiting: in Classic mode (the rules twin)
# every budget ends well within it; in the other modes playouts go through the engine, where hard's
# 1000 iterations took 2.6 s median, and the cap is what ends the search.
SECONDS = {"easy": 0.5, "normal": 1.0, "hard": 1.5}
EXPLORE = 0.7
SOONER = 0.002


class Edge:
    """An action tried from a node: visits, wins of the side that chose it, times it was available."""

    __slots__ = ("action", "avail", "child", "n", "w")

    def __init__(self, action: dict):
        self.action = action
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.child: dict = {}


class _Engine:
    """A sample played through the rules engine's in-place path (any mode)."""

    def __init__(self, s: dict, me: str, games_before: int):
        s["log"] = []  # the rules never read it; a short log keeps copies cheap
        self.s, self.me, self.games_before = s, me, games_before

    def actor(self) -> tuple[str, bool]:
        """Who acts now and whether that choice is made blind to ours (a simultaneous combat card)."""
        s, me = self.s, self.me
        sides = search.to_play(s)
        if len(sides) == 2:
            return (me, False) if me in sides else (sides[0], False)
        side = sides[0]
        c = s["combat"]
        blind = (side != me and s["decision"]["kind"] == "cards" and c is not None
                 and c["chosen"][me] and not c["shown"])
        return side, blind

    def winner(self):
        """The side that won the game being played (a match goes on after its first game)."""
        games = self.s["games"]
        return games[self.games_before]["side"] if len(games) > self.games_before else None

    def legal(self, side) -> list:
        return search.legal(self.s, side)

    def step(self, side, action) -> None:
        search.step(self.s, side, action)

    def playout(self, rng: Rng) -> int:
        """Play on to the end at random (each action drawn from the legal list by the playouts' own
        generator, as the twin's playout does); returns the actions played."""
        g = Xorshift32(rng.next64())
        n = 0
        while self.winner() is None:
            side, _ = self.actor()
            acts = self.legal(side)
            self.step(side, acts[g.below(len(acts))])
            n += 1
        return n

    def key(self, action: dict) -> tuple:
        return tuple(sorted(action.items()))

    def action(self, action: dict) -> dict:
        return action


class _Twin:
    """A sample played through the lean rules twin (Classic mode without special cards, one game)."""

    def __init__(self, t: confrontation_twin.Twin, me: int):  # compiled or not, the same class
        self.t, self.me = t, me

    def actor(self) -> tuple[int, bool]:
        t, me = self.t, self.me
        w = t.waiting
        if len(w) == 2:
            return me, False
        return w[0], t.blind(w[0], me)

    def winner(self):
        return self.t.result and SIDE_NAMES.index(self.t.result["side"])

    def legal(self, side) -> list:
        return self.t.legal(side)

    def step(self, side, action) -> None:
        self.t.step(side, action)

    def playout(self, rng: Rng) -> int:
        # The same draws as _Engine.playout, in the twin's own loop (compiled when ai/twin.py says so).
        return self.t.playout(Xorshift32(rng.next64()), self.me)

    def key(self, action: tuple) -> tuple:
        # Pieces by token: a piece's index may differ from one sample to the next.
        return (action[0], self.t.tokens[action[1]], *action[2:]) if action[0] in ("move", "attack") else action

    def action(self, action: tuple) -> dict:
        return as_action(self.t, action)


def _games(view: dict, me: str, games_before: int):
    """A function drawing the game one iteration plays, consistent with `view`: a twin reset in place
    when the twin covers the position, else a sampled engine state."""
    try:
        prepared = Prepared(view)
    except Unsupported:
        return lambda rng: _Engine(sampler.sample(view, rng), me, games_before)
    t, side = Twin(), SIDE_NAMES.index(me)
    return lambda rng: _Twin(prepared.draw(rng, t), side)


def choose(view: dict, iterations: int, rng: Rng, seconds: float | None = None) -> tuple[dict, dict]:
    """The action to play from `view`, and the root statistics {key: (visits, wins)} for inspection.
    With `seconds`, the search also stops once it has spent that much CPU time (at least one iteration):
    a level's cap, or a budget in time rather than iterations to compare searches at equal cost. The time
    is the searching thread's (`time.thread_time`): in the bot, other tables' work does not count."""
    me = view["you"]
    root: dict = {}
    games_before = len(view["match"]["games"]) if view["match"] else 0
    draw = _games(view, me, games_before)
    deadline = None if seconds is None else time.thread_time() + seconds
    for i in range(iterations):
        if i and deadline is not None and time.thread_time() >= deadline:
            break
        g = draw(rng)
        node: dict | None = root
        path: list[tuple[Edge, object]] = []
        steps = 0
        while (won := g.winner()) is None:
            if node is None:  # off the tree: the rest at random
                steps += g.playout(rng)
                continue
            steps += 1
            side, blind = g.actor()
            acts = g.legal(side)
            if blind or len(acts) == 1:
                action = acts[rng.below(len(acts))]
            else:
                edge, action = _select(g, node, acts, rng)
                path.append((edge, side))
                node = edge.child if edge.n else None  # a new edge: the rest is played at random
            g.step(side, action)
        # A win found sooner counts a little more (and a loss later a little less), so that among
        # moves that all win the quickest is played.
        value = max(0.5, 1.0 - SOONER * steps)
        for edge, side in path:
            edge.n += 1
            edge.w += value if won == side else 1.0 - value
    best = max(root.values(), key=lambda e: e.n)
    return best.action, {k: (e.n, e.w) for k, e in root.items()}


def _select(g, node: dict, acts: list, rng: Rng) -> tuple[Edge, object]:
    """The edge to follow and the sample's action for it: an untried action if any (at random), else
    the best by UCB1 with availability counts among the actions legal in this sample."""
    edges, untried = [], []
    for a in acts:
        k = g.key(a)
        e = node.get(k)
        if e is None:
            untried.append((k, a))
        else:
            e.avail += 1
            edges.append((e, a))
    if untried:
        k, a = untried[rng.below(len(untried))]
        node[k] = Edge(g.action(a))
        return node[k], a
    return max(edges, key=lambda ea: ea[0].w / ea[0].n + EXPLORE * math.sqrt(math.log(ea[0].avail) / ea[0].n))


class IsmctsPlayer:
    def __init__(self, iterations: int, seed: int = 0, seconds: float | None = None):
        self.iterations = iterations
        self.seconds = seconds
        self.rng = Rng(Rng.from_seed(seed))

    def choose(self, view: dict) -> Mapping[str, Any]:  # the search's own encoding gives a plain dict
        if view["decision"]["kind"] == "setup":
            return placement(view, self.rng)  # the search starts once the pieces are placed
        acts = confrontation_legal(view)
        if len(acts) == 1:
            return acts[0]
        if view["phase"] != "play":
            return acts[self.rng.below(len(acts))]  # special cards and draft: at random (docs/ai.md)
        return choose(view, self.iterations, self.rng, self.seconds)[0]
