"""Random complete games of The Confrontation: games per second and the median time of `apply`.

Run: python bench/bench_confrontation.py [games]. The random player picks uniformly among the legal
actions of a player the game waits for (shuffles included), as an AI's playouts would.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import games


def play(rules, seed: int, options: dict, apply_times: list[float] | None = None) -> int:
    rnd = random.Random(seed)
    state = rules.new_game(["fp", "sp"], options, seed)
    steps = 0
    while rules.result(state) is None:
        player = rnd.choice(rules.waiting_for(state))
        action = rnd.choice(rules.legal_actions(state, player))
        t = time.perf_counter()
        state, _ = rules.apply(state, player, action)
        if apply_times is not None:
            apply_times.append(time.perf_counter() - t)
        steps += 1
    return steps


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rules = games.rules("confrontation")
    for options in ({}, {"mode": "variant"}, {"mode": "draft", "special_cards": "choose"}):
        play(rules, -1, options)  # warm the caches (placements are listed once per set of characters)
        t = time.perf_counter()
        steps = sum(play(rules, seed, options) for seed in range(count))
        elapsed = time.perf_counter() - t
        times: list[float] = []
        for seed in range(50):
            play(rules, seed, options, times)
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "classic"
        print(f"confrontation[{label}]: {count / elapsed:.0f} random games/s, {steps / count:.0f} actions/game, "
              f"median apply {statistics.median(times) * 1e6:.0f} us")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
