"""Search for a line of play of tests/lcg/strong_policy.py that keeps the assertions of test_games.py's
Escape from Dol Guldur game (objectives claimed, the prisoner rescued, a fall Through the Caverns).

Each try replays the seed with a short random line: for each of the first 1 to `--rounds` rounds, either the
plain player (None) or a seeded variant (a share of its answers at random, `strong_policy.play_round`). Lines
that keep every assertion are printed; everything goes through the real rules (R.apply).

    nice python bench/lcg_strong_lines.py 41 [--tries 2000] [--rounds 4] [--rng 2]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ importable

from tests.lcg.test_games import claim_rescue_and_fall_through_the_caverns


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("--tries", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--rng", type=int, default=2, help="the seed of the lines tried")
    a = ap.parse_args()
    rng = random.Random(a.rng)
    t0 = time.process_time()
    for k in range(a.tries):
        line = [rng.choice([None, rng.randrange(10**6)]) for _ in range(rng.randint(1, a.rounds))]
        try:
            claim_rescue_and_fall_through_the_caverns(a.seed, line)
        except AssertionError:
            continue
        print(json.dumps({"seed": a.seed, "try": k, "line": line, "cpu_s": round(time.process_time() - t0, 1),
                          "load": os.getloadavg()[0]}), flush=True)


if __name__ == "__main__":
    main()
