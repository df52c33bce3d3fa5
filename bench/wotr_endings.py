"""How random War of the Ring games end: counts of each kind of result over a range of seeds.

Run: python bench/wotr_endings.py [games] [policy] [first seed]   (default: 100 games, "guided", seed 0)
Split a long run over processes by seed range (e.g. 500 from 0 and 500 from 500) and add the counts.

Policies, each drawing every choice at random with Python's random.Random(seed):
- "type": a random type of action, then a random action of that type;
- "weighted": the same, but a type is drawn with the weight WEIGHTS gives it (1 when not listed): the
  Fellowship's moves, hiding and entering Mordor, attacks, army moves and pressing on in a battle are
  favoured, so that random play also walks the Ring and fights for settlements;
- "guided": "weighted", and the Fellowship declares itself in a region nearest to a Mordor entrance (a
  random one among the nearest): the only choice not drawn at random, since a random declaration is a
  random walk over the map that practically never reaches Mordor.
It prints the endings (a military victory with its side) and the seeds of the endings other than
corruption, so that any of those games can be replayed.
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
    kinds = sorted({a["type"] for a in acts})
    kind = rnd.choices(kinds, [WEIGHTS.get(k, 1) if policy != "type" else 1 for k in kinds])[0]
    acts = [a for a in acts if a["type"] == kind]
    if policy == "guided" and kind == "declare":
        best = min(to_mordor(a["region"]) for a in acts)
        acts = [a for a in acts if to_mordor(a["region"]) == best]
    return rnd.choice(acts)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    policy = sys.argv[2] if len(sys.argv) > 2 else "guided"
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    endings: collections.Counter[str] = collections.Counter()
    seeds: collections.defaultdict[str, list[int]] = collections.defaultdict(list)
    turns, steps = [], []
    wall = time.perf_counter()
    for seed in range(first, first + games):
        rnd = random.Random(seed)
        s = R.new_game(["fp", "sh"], {}, seed)
        n = 0
        while R.result(s) is None:
            pid = R.waiting_for(s)[0]
            s, _ = R.apply(s, pid, pick(rnd, R.legal_actions(s, pid), policy))
            n += 1
        result = R.result(s)
        ending = result["reason"] + (f" ({result['side']})" if result["reason"] == "military" else "")
        endings[ending] += 1
        if ending != "corruption":
            seeds[ending].append(seed)
        turns.append(s["turn"])
        steps.append(n)
    print(f"policy {policy}, seeds {first}-{first + games - 1}: {dict(endings)}; median game "
          f"{statistics.median(steps):.0f} actions, {statistics.median(turns):.0f} turns; "
          f"{time.perf_counter() - wall:.0f} s")
    print(f"seeds of the endings other than corruption: {dict(seeds)}")


if __name__ == "__main__":
    main()
