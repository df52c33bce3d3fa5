"""Benchmark of the La Communauté engine: random complete games per second and median apply time.

Run: python bench/bench_fellowship.py [games]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402

R = games.rules("fellowship")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    applies: list[float] = []
    actions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        rnd = random.Random(seed)
        n = 3 + seed % 2
        s = R.new_game([f"p{i}" for i in range(n)], {}, seed)
        while R.result(s) is None:
            pid = R.waiting_for(s)[0]
            a = rnd.choice(R.legal_actions(s, pid))
            t = time.perf_counter()
            s, _ = R.apply(s, pid, a)
            applies.append(time.perf_counter() - t)
            actions += 1
    total = time.perf_counter() - t0
    view_t = time.perf_counter()
    for v in [None] + s["players"]:
        R.view(s, v)
    view_t = (time.perf_counter() - view_t) / (len(s["players"]) + 1)
    print(f"fellowship: {games / total:.1f} random complete games/s (3 and 4 players alternating, "
          f"{actions / games:.0f} actions per game); median apply {1e6 * statistics.median(applies):.0f} us, "
          f"p99 {1e6 * sorted(applies)[int(0.99 * len(applies))]:.0f} us; view of a finished game "
          f"{1e3 * view_t:.2f} ms")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
