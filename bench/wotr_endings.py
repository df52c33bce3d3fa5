"""How random War of the Ring games end: counts of each kind of result over a range of seeds.

Run: python bench/wotr_endings.py [games] [policy] [first seed]   (default: 100 games, "guided", seed 0)
Split a long run over processes by seed range (e.g. 500 from 0 and 500 from 500) and add the counts.

The policies are ai/wotr_random_players.py's ("type", "weighted", "guided", "war"), every choice drawn
with Python's random.Random(seed). Games are played by the playout path (ai/wotr_playout_rules.py: the
same lists, states and draws as RULES.legal_actions/apply, tests/wotr/test_playout.py), so a seed
replays through the kernel as listed. It prints the endings (a military victory with its side), the
seeds of the endings other than corruption, and the most victory points the Shadow held in each game.
"""
from __future__ import annotations

import collections
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai import wotr_playout_rules as playout
from ai.wotr_random_players import pick
from engine import get_rules
from engine.wotr.armies import victory_points
from engine.wotr.state import SH

R = get_rules("wotr")


def play(seed: int, policy: str) -> tuple[dict, int, int]:
    """The finished game, its number of actions and the most points the Shadow held at any moment."""
    rnd = random.Random(seed)
    s = playout.start(R.new_game(["fp", "sh"], {}, seed))
    n = most = 0
    while playout.to_play(s):
        playout.step(s, pick(rnd, s, playout.legal(s), policy))
        n += 1
        most = max(most, victory_points(s)[SH])
    return s, n, most


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    policy = sys.argv[2] if len(sys.argv) > 2 else "guided"
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    endings: collections.Counter[str] = collections.Counter()
    seeds: collections.defaultdict[str, list[int]] = collections.defaultdict(list)
    most_vp: collections.Counter[int] = collections.Counter()
    turns, steps = [], []
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first, first + games):
        s, n, most = play(seed, policy)
        result = s["result"]
        ending = result["reason"] + (f" ({result['side']})" if result["reason"] == "military" else "")
        endings[ending] += 1
        if ending != "corruption":
            seeds[ending].append(seed)
        most_vp[most] += 1
        turns.append(s["turn"])
        steps.append(n)
    print(f"policy {policy}, seeds {first}-{first + games - 1}: {dict(endings)}; median game "
          f"{statistics.median(steps):.0f} actions, {statistics.median(turns):.0f} turns; "
          f"{time.perf_counter() - wall:.0f} s, {time.process_time() - cpu:.0f} CPU-s")
    print(f"seeds of the endings other than corruption: {dict(seeds)}")
    print(f"games by the most points the Shadow held: {dict(sorted(most_vp.items()))}")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
