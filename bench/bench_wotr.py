"""Benchmark of the War of the Ring engine (part 1): random complete games per second, median apply and
legal_actions, and the length of a random game.

Run: python bench/bench_wotr.py [games] [policy]
policy "type" (default): a random kind of action, then a random action of that kind;
policy "uniform": a random action among all legal ones (longer games: the many Nazgûl flights and
reveal steps dilute the Fellowship's moves);
policy "weighted": like "type", but a kind of action is drawn with the weight WEIGHTS gives it (1 when
not listed): the Fellowship's moves, hiding and entering Mordor, attacks, army moves and pressing on in
battle are favoured, so that random play also walks the Ring to Mount Doom and fights for settlements.
policy "guided": "weighted", and the Fellowship declares itself in a region nearest to a Mordor
entrance (a random one among the nearest): the only choice not drawn at random, so that the Ring can
reach Mount Doom at all (a random declaration is a random walk over the map).
Usage: python bench/bench_wotr.py [games] [policy] [first seed]; it also prints how the games ended.
"""
from __future__ import annotations

import collections
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_rules
from engine.wotr.state import DIST, MORDOR_ENTRANCES

R = get_rules("wotr")


WEIGHTS = {"move_fellowship": 8, "hide_fellowship": 8, "enter_mordor": 8, "attack": 6, "move_armies": 3,
           "army_to": 3, "continue_battle": 3, "advance": 3, "reduce_to_continue": 3}


def to_mordor(region: str) -> int:
    return min(DIST[region][gate] for gate in MORDOR_ENTRANCES)


def pick(rnd: random.Random, acts: list[dict], policy: str) -> dict:
    if policy in ("type", "weighted", "guided"):
        kinds = sorted({a["type"] for a in acts})
        weights = [WEIGHTS.get(k, 1) if policy != "type" else 1 for k in kinds]
        kind = rnd.choices(kinds, weights)[0]
        acts = [a for a in acts if a["type"] == kind]
        if policy == "guided" and kind == "declare":
            best = min(to_mordor(a["region"]) for a in acts)
            acts = [a for a in acts if to_mordor(a["region"]) == best]
    return rnd.choice(acts)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    policy = sys.argv[2] if len(sys.argv) > 2 else "type"
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    applies: list[float] = []
    legals: list[float] = []
    turns: list[int] = []
    steps: list[int] = []
    reasons: collections.Counter[str] = collections.Counter()
    seeds: collections.defaultdict[str, list[int]] = collections.defaultdict(list)
    t0 = time.perf_counter()
    for seed in range(first, first + games):
        rnd = random.Random(seed)
        s = R.new_game(["fp", "sh"], {}, seed)
        n = 0
        while R.result(s) is None:
            pid = R.waiting_for(s)[0]
            t = time.perf_counter()
            acts = R.legal_actions(s, pid)
            legals.append(time.perf_counter() - t)
            a = pick(rnd, acts, policy)
            t = time.perf_counter()
            s, _ = R.apply(s, pid, a)
            applies.append(time.perf_counter() - t)
            n += 1
        turns.append(s["turn"])
        steps.append(n)
        result = R.result(s)
        ending = result["reason"] + (f" ({result['side']})" if result["reason"] == "military" else "")
        reasons[ending] += 1
        if ending != "corruption":
            seeds[ending].append(seed)
    total = time.perf_counter() - t0
    t = time.perf_counter()
    for v in (None, "fp", "sh"):
        R.view(s, v)
    view_ms = (time.perf_counter() - t) / 3 * 1000
    print(f"policy {policy}: {games} games in {total:.2f} s = {games / total:.2f} games/s")
    print(f"median game: {statistics.median(steps):.0f} actions, {statistics.median(turns):.0f} turns; "
          f"endings {dict(reasons)}")
    print(f"apply median {statistics.median(applies) * 1e6:.0f} us, mean {statistics.mean(applies) * 1e6:.0f} us; "
          f"legal_actions median {statistics.median(legals) * 1e6:.0f} us, mean "
          f"{statistics.mean(legals) * 1e6:.0f} us; view {view_ms:.2f} ms")
    print(f"seeds of the endings other than corruption: {dict(seeds)}")


if __name__ == "__main__":
    main()
