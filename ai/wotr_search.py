"""War of the Ring's hard player: determinized Monte Carlo search over hidden states drawn from its view.

`choose(view, legal, seed, budget_s)`. The only inputs are the seat's view and the actions it is offered
(and a seed): every state the search plays on is drawn by ai/wotr_sample.py from the view, so it
never reads a card it could not see.

1. **Candidates.** The normal player's rules of thumb (ai/wotr_heuristic.py) score every offered action
   (up to several hundred at one decision); the search weighs only the best CANDIDATES of them, plus the
   best of each action type the rules of thumb put below them (at most TYPES_KEPT types), so that a kind of
   move the rules of thumb undervalue can still be found.
2. **Samples.** Each round draws one hidden state consistent with the view (the opponent's hand, the
   decks' order, the random generator: the Hunt's draws and every die) and plays every candidate from
   that same state with the same playout seed (common random numbers: the candidates are compared on the
   same dice, which is what a handful of samples can afford).
3. **Playouts.** After the candidate, both sides play the normal player's rules of thumb (an action at
   random one time in EPSILON_INV, so that the samples spread), read from the state through the fields
   those rules read (`lite_view`), for DEPTH actions or to the end of the game.
4. **Evaluation** of where a playout stops, for the searching side: a won game 1, a lost one 0; else the
   chance that the Free Peoples win, `evaluate`: the Ring's race (corruption left against the steps left
   to the Crack of Doom, Mordor's steps costing more) against the Shadow's military race (its victory
   points, and its armies next to the Free Peoples' Cities and Strongholds they outnumber).

The answer is the rules of thumb's first candidate, unless another did better on the same samples by
more than two standard errors of the paired difference (and by MARGIN): a few samples are noisy, and the
search should overrule the rules of thumb only where it sees a difference. Rounds go on while the CPU time spent
(`time.process_time`) leaves room for another round within `budget_s`, or until the answer is settled
(after SETTLE_ROUNDS rounds: a challenger clearly no better than the first candidate is dropped from the
later rounds, and the search stops when none is left or one is STOP_Z standard errors ahead); with
`samples` instead, at most that many rounds (the tests: a choice that does not depend on the machine's
speed). A decision with one action, one candidate left, or of a kind outside SEARCHED (a battle's rounds
and casualties, discards, card upkeep, the Free Peoples' Hunt damage) is answered at once by the rules of
thumb.

**Per side.** The above is the Shadow's search. The Free Peoples' (`weighed`, and the FP_ constants
below) weighs only the Fellowship's decisions, the best action of each of FP_TYPES types, with playouts
of FP_DEPTH actions without random actions, within FP_BUDGET_S, and overrules the rules of thumb only
after FP_MIN_ROUNDS rounds and by FP_CONFIDENCE standard errors; all their other decisions get the rules
of thumb's answer at once.

Playouts run through `ai/wotr_playout.py` (the compiled copy of the rules when built, else the pure
engine); `playout=` chooses one for measuring (bench/bench_wotr_search.py).
"""
from __future__ import annotations

import math
import random
import time
from types import ModuleType
from typing import Any

from ai import wotr_heuristic as heuristic
from ai import wotr_playout
from ai.wotr_sample import sample
from engine.kernel import Rng
from engine.wotr.armies import besieged
from engine.wotr.seats import decider, hand
from engine.wotr.state import CRACK_OF_DOOM, DIST, FP, MORDOR_ENTRANCES, NATIONS, REGIONS, SH, controller

BUDGET_S = 0.1          # CPU seconds per decision: the budget its 200-game figures were measured at (docs/ai.md)
CANDIDATES = 4          # the rules of thumb's best actions weighed by the search
TYPES_KEPT = 2          # and the best action of up to this many other types
DEPTH = 40              # actions of a playout before the evaluation
EPSILON_INV = 8         # a playout action at random one time in this many
MIN_ROUNDS = 2
MARGIN = 0.01          # the least gain over the rules of thumb's first choice that overrules it
CONFIDENCE = 2.0       # and by this many standard errors of the paired difference
SETTLE_ROUNDS = 3      # rounds before the search may stop early or drop a challenger
STOP_Z = 3.0           # a challenger this many standard errors ahead ends the search

# The decisions the search weighs: those that set the plan (which die action, the Hunt, the Fellowship's
# walk and its losses, where armies and characters go). The others (a battle's rounds and casualties,
# discards, card upkeep: about a third of the decisions with several candidates) the rules of thumb
# answer at once: little is at stake in each, and searching them would cost half as much time again. (Also out: the White Rider's question, which closes onto the battle
# beneath it, a decision the view does not show and a sample therefore lacks: ai/wotr_sample.py.)
# Out too: how the Free Peoples take the Hunt's damage. The evaluation does not count the companions, so
# the search gave away the guide (Gandalf, early) to spare a corruption point, and those overrules lost
# games when played to the end (docs/ai.md, "Why the search did not help the Free Peoples").
SEARCHED = frozenset({"act", "allocate", "fellowship_phase", "reveal_move", "separate",
                      "army_move", "muster_second", "move_companions", "move_minions", "choose_guide",
                      "place_companion"})

# The Free Peoples search less and deeper. Their fate is the Ring's race, decided over turns (the Hunt's
# tiles, the companions spent, Mordor): a playout of DEPTH actions does not see it, and their overrules
# of the rules of thumb at DEPTH gained nothing (docs/ai.md, "Why the search did not help the Free
# Peoples"). So as the Free Peoples the search weighs only the Fellowship's decisions (its die actions,
# when a walk, a hide or a separation is among the candidates, and the Fellowship phase), with playouts
# of FP_DEPTH actions by normal's rules of thumb without random actions (normal is the opponent they
# model), and a budget of its own (FP_BUDGET_S: these decisions are a fifth of the Free Peoples'); every
# other decision of theirs gets the rules of thumb's answer at once.
# Their candidates are the best action of each of the rules of thumb's first FP_TYPES types (walk, hide,
# muster...: the die spent on the walk rather than another die is the rules of thumb's call), so that the
# budget buys rounds rather than near-copies; and a candidate overrules the rules of thumb's first only
# after FP_MIN_ROUNDS rounds and by FP_CONFIDENCE standard errors (a standard error over three rounds is
# itself a guess).
FP_BUDGET_S = 0.5
FP_DEPTH = 100
FP_TYPES = 3
FP_MIN_ROUNDS = 6
FP_CONFIDENCE = 2.5
FP_KINDS = frozenset({"act", "fellowship_phase"})
FELLOWSHIP_ACTS = frozenset({"move_fellowship", "hide_fellowship", "separate"})

VP_PLACES = tuple(r for r, d in REGIONS.items() if d["vp"])
SIDE_OF = {n: d["side"] for n, d in NATIONS.items()}
TO_MORDOR = {r: min(DIST[r][g] for g in MORDOR_ENTRANCES) for r in DIST}


def lite_view(s: dict, acts: list[Any]) -> dict:
    """The fields of a view the rules of thumb read, taken from a state for the side deciding now (a full
    `view` copies the whole log and every map: too slow at every step of a playout)."""
    ask = s["ask"][-1]
    side = ask["side"]
    f = s["fellowship"]
    places = dict(s["chars"])
    for c in s["eliminated"]:
        places[c] = "eliminated"
    for c in f["companions"]:
        places[c] = "fellowship"
    decision = dict(ask, actions=acts)
    return {"you": side, "armies": s["units"], "captured": s["captured"], "politics": s["politics"],
            "characters": places, "fellowship": f, "hunt": s["hunt"], "decision": decision,
            "sieges": {r: b for r in s["units"] if (b := besieged(s, r))},
            "cards": {"hand": hand(s, decider(s, ask))}, "dice": s["dice"],
            "log": s["log"]}      # the last step's events: where an army just came from


def _units(here: dict, side: str) -> int:
    return sum(u.get("regular", 0) + u.get("elite", 0) for n, u in here.items() if SIDE_OF[n] == side)


def evaluate(s: dict) -> float:
    """The chance that the Free Peoples win from `s` (a rough one: a won game is 1, a lost one 0)."""
    res = s["result"]
    if res is not None:
        return 1.0 if res["side"] == FP else 0.0
    f = s["fellowship"]
    # The Ring: corruption left against the steps left (a Mordor step costs about a corruption point).
    if f["mordor"] is not None:
        steps, outside = CRACK_OF_DOOM - f["mordor"], 0
    else:
        steps, outside = CRACK_OF_DOOM, max(0, TO_MORDOR[f["pos"]] - f["progress"])
    margin = (12 - f["corruption"]) - 1.1 * steps - 0.45 * outside - 0.6 * (not f["hidden"])
    ring = 1 / (1 + math.exp(-margin / 1.6))
    # The Shadow's war: its points, and the Free Peoples' places it stands next to with more units.
    units, captured = s["units"], s["captured"]
    vp_sh = sum(REGIONS[r]["vp"] for r, side in captured.items() if side == SH)
    vp_fp = sum(REGIONS[r]["vp"] for r, side in captured.items() if side == FP)
    threat = 0.0
    for r in VP_PLACES:
        if controller(s, r) != FP:
            continue
        defence = _units(units.get(r, {}), FP)
        near = _units(units.get(r, {}), SH) + sum(_units(units.get(n, {}), SH) for n in REGIONS[r]["adjacent"])
        if near > defence:
            threat += REGIONS[r]["vp"] * min(1.0, (near - defence) / 5)
    war = 1 / (1 + math.exp(-(vp_sh + 0.5 * threat - 8.5) / 1.2))
    fp_war = 1 / (1 + math.exp(-(vp_fp - 3.5) / 0.7))
    return max(0.0, min(1.0, ring * (1 - war) + (1 - ring * (1 - war)) * fp_war * 0.5))


def candidates(view: dict, legal: list[dict]) -> list[dict]:
    """The actions the search weighs: the rules of thumb's best, and the best of a few other types (as the
    Free Peoples: the best of each of their first FP_TYPES types)."""
    ctx = _Ctx(view, legal, level(view["you"]))
    ranked = sorted(range(len(legal)), key=lambda i: -heuristic.score(ctx, legal[i]))
    if view["you"] == FP:
        best: dict[str, dict] = {}
        for i in ranked:
            if len(best) == FP_TYPES:
                break
            best.setdefault(legal[i]["type"], legal[i])
        return list(best.values())
    out = [legal[i] for i in ranked[:CANDIDATES]]
    types = {a["type"] for a in out}
    for i in ranked[CANDIDATES:]:
        if len(types) >= len(out) + TYPES_KEPT or len(out) >= CANDIDATES + TYPES_KEPT:
            break
        if legal[i]["type"] not in types:
            types.add(legal[i]["type"])
            out.append(legal[i])
    return out


class _Ctx(heuristic.Ctx):
    """The rules of thumb's context with its distance queries kept per region and the enemy's armies
    found once: the same values as `heuristic.Ctx` (they scan every army or target, and a decision asks
    them for each of hundreds of actions)."""

    def __init__(self, view: dict, legal: list[dict], level: str):
        super().__init__(view, legal, level)
        self._threat: dict[str, int] = {}
        self._front: dict[str, int] = {}
        self._enemy_armies: list[str] | None = None

    def threat(self, region: str) -> int:
        v = self._threat.get(region)
        if v is None:
            if self._enemy_armies is None:
                self._enemy_armies = [r for r in self.view["armies"]
                                      if heuristic.strength(self.view, r, self.enemy)[0] > 0]
            v = self._threat[region] = min((DIST[region][r] for r in self._enemy_armies), default=9)
        return v

    def front(self, region: str) -> int:
        v = self._front.get(region)
        if v is None:
            v = self._front[region] = super().front(region)
        return v


def level(side: str) -> str:
    """The rules of thumb the search plays by when `side` searches: as the Free Peoples hard's own (normal's
    but a bolder walk, heuristic.WALK_RISK: for its own moves, and in its playouts, where they change only
    the Free Peoples' play), else normal's."""
    return "hard" if side == FP else "normal"


def rules_of_thumb(view: dict, legal: list[Any], rnd: random.Random, lvl: str = "normal") -> dict:
    """`heuristic.choose(view, legal, rnd, lvl)`, the same choice and draws, with `_Ctx`."""
    if len(legal) == 1:
        return legal[0]
    ctx = _Ctx(view, legal, lvl)
    best, top = -1e9, []
    for a in legal:
        v = heuristic.score(ctx, a)
        if v > best:
            best, top = v, [a]
        elif v == best:
            top.append(a)
    return top[rnd.randrange(len(top))]


def playout_pick(P: ModuleType, s: dict, rnd: random.Random, explore: bool = True, lvl: str = "normal") -> dict:
    """The playout's action: the rules of thumb's (of `lvl`), or (`explore`) one at random one time in
    EPSILON_INV."""
    acts = P.legal(s)
    if len(acts) == 1:
        return acts[0]
    if explore and rnd.randrange(EPSILON_INV) == 0:
        return heuristic.random_by_type(acts, rnd)
    return rules_of_thumb(lite_view(s, acts), acts, rnd, lvl)


def rollout(P: ModuleType, s: dict, rnd: random.Random, depth: int = DEPTH, explore: bool = True,
            lvl: str = "normal") -> float:
    """Play on from `s` (in place) by the playout policy for `depth` actions; the Free Peoples' value."""
    for _ in range(depth):
        if P.to_play(s) is None:
            break
        P.step(s, playout_pick(P, s, rnd, explore, lvl))
    return evaluate(s)


def choose(view: dict, legal: list[dict], seed: int, budget_s: float | None = BUDGET_S,
           samples: int | None = None, playout: ModuleType | None = None,
           fp_budget_s: float | None = FP_BUDGET_S) -> dict:
    """The action the search plays from `view` among `legal`: `samples` rounds if given, else as many
    as `budget_s` CPU seconds allow (`fp_budget_s` as the Free Peoples; at least MIN_ROUNDS)."""
    return traced(view, legal, seed, budget_s, samples, playout, fp_budget_s)[0]


def traced(view: dict, legal: list[dict], seed: int, budget_s: float | None = BUDGET_S,
           samples: int | None = None, playout: ModuleType | None = None,
           fp_budget_s: float | None = FP_BUDGET_S) -> tuple[dict, dict | None]:
    """`choose`'s action, and the rules of thumb's first candidate when the search weighed it (None when
    the decision was answered at once): the bench counts where the search overrules them."""
    if len(legal) == 1:
        return legal[0], None
    cands = candidates(view, legal)
    if not weighed(view, cands):
        return cands[0], None
    budget = fp_budget_s if view["you"] == FP else budget_s
    return search(view, cands, seed, budget, samples, playout)[0], cands[0]


def weighed(view: dict, cands: list[dict]) -> bool:
    """Whether the search weighs this decision: several candidates, of a kind the deciding side searches
    (SEARCHED for the Shadow; FP_KINDS for the Free Peoples, their die actions only when the Fellowship's
    walk, hide or separation is a candidate)."""
    kind = view["decision"]["kind"]
    if len(cands) < 2:
        return False
    if view["you"] != FP:
        return kind in SEARCHED
    return kind in FP_KINDS and (kind != "act" or any(a["type"] in FELLOWSHIP_ACTS for a in cands))


def search(view: dict, cands: list[dict], seed: int, budget_s: float | None = BUDGET_S,
           samples: int | None = None, playout: ModuleType | None = None) -> tuple[dict, list[float], int]:
    """(the candidate chosen, each candidate's mean value for the searching side, the rounds played).

    Rounds stop early once the answer is settled (`_settled`): every challenger of the rules of thumb's
    first candidate clearly no better, or one clearly better; a challenger clearly no better is dropped
    from the later rounds (its mean is then over the rounds it played)."""
    P = playout or wotr_playout.playout
    me = view["you"]
    depth, explore, settle = (FP_DEPTH, False, FP_MIN_ROUNDS) if me == FP else (DEPTH, True, SETTLE_ROUNDS)
    rng = Rng(Rng.from_seed(seed))
    start = time.process_time()
    values: list[dict[int, float]] = []     # per round, each live candidate's value for the searching side
    alive = list(range(len(cands)))
    while True:
        rounds = len(values)
        if samples is not None:
            if rounds >= samples:
                break
        elif rounds >= MIN_ROUNDS:
            spent = time.process_time() - start
            if budget_s is None or spent + spent / rounds > budget_s:
                break
        if rounds >= settle and _settled(values, alive):
            break
        base = sample(view, rng)
        base["history"] = []             # the rules never read the log; copies stay small
        seed_round = rng.next64()
        row = {}
        for i in alive:
            s = P.start(base)
            P.step(s, cands[i])
            v = rollout(P, s, random.Random(seed_round), depth, explore, level(me))
            row[i] = v if me == FP else 1.0 - v
        values.append(row)
    means = [_mean([row[i] for row in values if i in row]) for i in range(len(cands))]
    if me == FP and len(values) < FP_MIN_ROUNDS:
        return cands[0], means, len(values)
    return cands[_pick(values, alive, FP_CONFIDENCE if me == FP else CONFIDENCE)], means, len(values)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _gain(values: list[dict[int, float]], i: int) -> tuple[float, float]:
    """(mean, standard error) of candidate i's gain over candidate 0 on the rounds both played."""
    diffs = [row[i] - row[0] for row in values if i in row]
    n = len(diffs)
    mean = _mean(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n) if n else 0.0


def _settled(values: list[dict[int, float]], alive: list[int]) -> bool:
    """Drop from `alive` the challengers clearly no better than candidate 0 (their gain's upper bound at
    CONFIDENCE standard errors under MARGIN: with common random numbers a move that changes nothing
    gains exactly 0 every round); True when none is left, or when one is ahead by STOP_Z standard
    errors (the answer would not change with more rounds)."""
    for i in list(alive[1:]):
        mean, se = _gain(values, i)
        if mean + CONFIDENCE * se < MARGIN:
            alive.remove(i)
        elif mean > max(MARGIN, STOP_Z * se):
            return True
    return len(alive) == 1


def _pick(values: list[dict[int, float]], alive: list[int], confidence: float = CONFIDENCE) -> int:
    """The candidate to play: the rules of thumb's first unless another (still alive) did better on the
    same samples by more than CONFIDENCE standard errors of the paired difference (and by MARGIN at
    least), so that the noise of a few samples does not overrule the rules of thumb."""
    best, best_gain = 0, 0.0
    for i in alive[1:]:
        mean, se = _gain(values, i)
        if mean > max(MARGIN, confidence * se) and mean > best_gain:
            best, best_gain = i, mean
    return best
