"""Benchmark of the War of the Ring engine: random complete games per second, median apply and
legal_actions, and the length of a random game, for two games:

- the full game (policy "type": a random type of action, then a random action of that type);
- the Ring-quest game (policy "quest": the same but never an army action, so the armies stay
  where they start: the Fellowship against the Hunt, ending by corruption or the Ring's destruction).

Each is played through the kernel protocol (`RULES.legal_actions` and `RULES.apply`, a copy and a check
at every action, policy playout.random_action) and through the playout path (ai/wotr_playout_rules.py:
one copy, then in place, as a search plays; policy playout.random_pick, the same law listing only the
types it tries, hence other games on the same seeds); when built, the compiled copy of the rules plays the
same playouts again (ai/wotr_playout.py, docs/wotr.md). Games per second are given per wall-clock second and per CPU second of this process
(time.process_time: other processes on a loaded machine do not count); the load average is printed.

Run: python bench/bench_wotr.py [games] [policy ...]   (default: 10 games, policies type and quest;
"uniform", any legal action, may be asked too)
"""
from __future__ import annotations

import collections
import os
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai import wotr_playout
from ai import wotr_playout_rules as playout
from ai.wotr_playout_rules import random_action
from engine import get_rules

R = get_rules("wotr")
NAMES = {"type": "full game", "quest": "Ring-quest game (armies idle)", "uniform": "full game"}


def kernel_games(games: int, policy: str) -> None:
    applies: list[float] = []
    legals: list[float] = []
    turns: list[int] = []
    steps: list[int] = []
    reasons: collections.Counter[str] = collections.Counter()
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        rnd = random.Random(seed)
        s = R.new_game(["fp", "sh"], {}, seed)
        n = 0
        while R.result(s) is None:
            pid = R.waiting_for(s)[0]
            t = time.perf_counter()
            acts = R.legal_actions(s, pid)
            legals.append(time.perf_counter() - t)
            a = random_action(rnd, acts, policy)
            t = time.perf_counter()
            s, _ = R.apply(s, pid, a)
            applies.append(time.perf_counter() - t)
            n += 1
        turns.append(s["turn"])
        steps.append(n)
        reasons[R.result(s)["reason"]] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  apply/legal_actions: {games / wall:.2f} games/s, {games / cpu:.2f} games per CPU-s; "
          f"median game {statistics.median(steps):.0f} actions, {statistics.median(turns):.0f} turns; "
          f"endings {dict(reasons)}")
    print(f"    apply median {statistics.median(applies) * 1e6:.0f} us (mean {statistics.mean(applies) * 1e6:.0f}); "
          f"legal_actions median {statistics.median(legals) * 1e6:.0f} us "
          f"(mean {statistics.mean(legals) * 1e6:.0f})")


def playout_games(games: int, policy: str, impl: ModuleType = playout,
                  label: str = "playout (in place, random_pick)") -> None:
    # playout.random_pick draws the action random_action draws from the full list (the same games) but
    # lists only the type drawn: for "quest", not the army actions it never picks either.
    steps: list[int] = []
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        rnd = random.Random(seed)
        s = impl.start(R.new_game(["fp", "sh"], {}, seed))
        steps.append(0)
        while impl.to_play(s):
            impl.step(s, impl.random_pick(rnd, s, policy))
            steps[-1] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  {label}: {games / wall:.2f} games/s, {games / cpu:.2f} games per CPU-s, "
          f"{cpu / sum(steps) * 1e6:.0f} CPU-us an action (choosing included); median game "
          f"{statistics.median(steps):.0f} actions")


def loop_ms() -> tuple[float, float]:
    """A bare million-iteration loop in CPU and wall milliseconds: this machine's speed right now."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(1_000_000):
        pass
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    policies = sys.argv[2:] or ["type", "quest"]
    cpu, wall = loop_ms()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; a bare 1M-iteration loop "
          f"{cpu:.0f} CPU-ms, {wall:.0f} ms; {games} games (seeds 0-{games - 1})")
    # Issue 10's aim (50 Ring-quest games per CPU second) is measured on the playout a search plays:
    # ai/wotr_playout.py's, the compiled copy of the rules when built, else the pure one.
    print("the aim is measured on the " + ("COMPILED playout (built from the current source)" if wotr_playout.native
                                          else "pure playout (the compiled copy is not built: python -m ai.twin_build)"))
    for policy in policies:
        print(f"{NAMES[policy]}, policy {policy}:")
        kernel_games(games, policy)
        playout_games(games, policy)
        if wotr_playout.native:
            playout_games(games, policy, wotr_playout.native, "COMPILED playout (the same, mypyc: ai/wotr_playout.py)")
    s = R.new_game(["fp", "sh"], {}, 0)
    t = time.perf_counter()
    for v in (None, "fp", "sh"):
        R.view(s, v)
    print(f"a view {(time.perf_counter() - t) / 3 * 1000:.2f} ms")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
