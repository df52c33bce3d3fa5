"""Random play of The Lord of the Rings: The Card Game (starter decks), for each scenario the engine plays.

Run: python bench/bench_lcg.py [games]. Prints, per scenario, the median time of one full round with 4
players (every action of every player, legal_actions included, from the start of a resource phase to the
next) and complete random games per second for 1 to 4 players. The random player picks uniformly
among the legal actions, except that it passes in action windows half of the time so that games
last a realistic number of rounds.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import games


def choose(rnd, acts):
    if acts[0]["type"] == "pass" and rnd.random() < 0.5:
        return acts[0]
    return rnd.choice(acts)


def play(rules, scenario: str, players: int, seed: int, round_times: list | None = None) -> int:
    rnd = random.Random(seed)
    s = rules.new_game([f"p{i}" for i in range(players)], {"scenario": scenario}, seed)
    steps, start, rnd_no = 0, None, s["round"]
    while rules.result(s) is None:
        p = rules.waiting_for(s)[0]
        if s["round"] != rnd_no:
            now = time.perf_counter()
            if start is not None and round_times is not None and s["round"] == rnd_no + 1:
                round_times.append(now - start)
            start, rnd_no = now, s["round"]
        s, _ = rules.apply(s, p, choose(rnd, rules.legal_actions(s, p)))
        steps += 1
    return steps


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rules = games.rules("lcg")
    from engine.lcg.setup import SCENARIOS
    for scenario in SCENARIOS:
        print(scenario)
        rounds: list[float] = []
        for seed in range(count):
            play(rules, scenario, 4, seed, rounds)
        print(f"  full round, 4 players: median {statistics.median(rounds) * 1000:.1f} ms over {len(rounds)} rounds")
        for n in (1, 2, 3, 4):
            t = time.perf_counter()
            steps = sum(play(rules, scenario, n, 1000 + seed) for seed in range(count))
            el = time.perf_counter() - t
            print(f"  {n} player(s): {count / el:.1f} complete games/s, {steps / count:.0f} actions per game, "
                  f"{el / steps * 1e6:.0f} us per action")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
