"""War of the Ring bots' strength: games between levels, sides swapped, with 95% Wilson intervals.

    python bench/bench_wotr_bots.py [games per pairing and side] [--pairs=normal:random,normal:easy]
                                    [--from=seed] [--log=file.jsonl] [--sides=fp|sh] [--frozen=commit]

Each pairing "a:b" plays `games` seeds with a as the Free Peoples and b as the Shadow, and the same seeds
with the sides swapped (--sides=fp: only a as the Free Peoples; --sides=sh: only a as the Shadow). Every bot decides from `RULES.view(state, its player)` and its offered actions
only, through ai/wotr_bot.decide with the seed table/bots.py would give it; "random" is the random
player's law (a random type of action, then a random action of it); "frozen" is the normal player before
issue 41 (bench/wotr_frozen.py; --frozen=commit: normal as committed there, e.g. main's, to pair a
change with it), with normal's decision seeds so that its games pair with normal's. Games are played by the playout
path (ai/wotr_playout_rules.py: the same lists and states as the kernel's), the game's log handed to the
bots in their view as the kernel's view has it. Prints the win rates, how games
end, their length, and CPU milliseconds per decision (`time.process_time`: the view's making excluded)
per level, with the load average. With --log each game is one JSON line and a rerun skips those logged.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wotr_frozen import FROZEN, frozen_choose  # noqa: E402  (a sibling script: bench/ is on sys.path when this runs)

from ai import wotr_bot, wotr_heuristic  # noqa: E402
from ai import wotr_playout_rules as playout  # noqa: E402
from ai.arena import wilson  # noqa: E402
from engine.wotr import RULES  # noqa: E402
from engine.wotr.view import view  # noqa: E402
from table.bots import decision_seed  # noqa: E402

MAX_ACTIONS = 6000   # a game longer than this is counted as unfinished (none was, so far)
PLAYERS = ("fp", "sh")


FROZEN_AT = [FROZEN]    # the commit whose normal plays "frozen" (--frozen)


def frozen(v: dict, legal: list, seed: int) -> dict:
    """The frozen normal player's action (bench/wotr_frozen.py)."""
    return legal[0] if len(legal) == 1 else frozen_choose(FROZEN_AT[0])(v, legal, random.Random(seed), "normal")


def play(fp: str, sh: str, seed: int, times: dict[str, list[float]]) -> dict:
    """One game: `fp` (a level or "random") as the Free Peoples, `sh` as the Shadow."""
    s = playout.start(RULES.new_game(list(PLAYERS), {}, seed))
    level = {"fp": fp, "sh": sh}
    rnd = random.Random(seed * 7 + 1)
    log: list[dict] = []    # the playout path empties the state's log at each step
    n = 0
    while s["result"] is None and n < MAX_ACTIONS:
        player = RULES.waiting_for(s)[0]
        legal = playout.legal(s)
        who = level[player]
        if who == "random":
            action = wotr_heuristic.random_by_type(legal, rnd)
        else:
            v = view(s, player)
            v["log"] = log
            t0 = time.process_time()
            action = frozen(v, legal, decision_seed(seed, n, "bot-normal-1")) if who == "frozen" else \
                wotr_bot.decide(who, v, legal, decision_seed(seed, n, f"bot-{who}-1"))
            if len(legal) > 1:
                times[who].append(time.process_time() - t0)
        log.extend(playout.step(s, action))
        n += 1
    r = s["result"]
    return {"fp": fp, "sh": sh, "seed": seed, "actions": n, "turn": s["turn"],
            "winner": r["side"] if r else None, "reason": r["reason"] if r else "unfinished"}


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 20
    opts = dict(a[2:].split("=", 1) for a in argv if a.startswith("--"))
    pairs = [tuple(p.split(":")) for p in opts.get("pairs", "normal:random,normal:easy").split(",")]
    first = int(opts.get("from", 0))
    log = Path(opts["log"]) if "log" in opts else None
    sides = opts.get("sides", "both")
    FROZEN_AT[0] = opts.get("frozen", FROZEN)
    done: dict[tuple, dict] = {}
    if log and log.exists():
        for line in log.read_text().splitlines():
            g = json.loads(line)
            done[(g["fp"], g["sh"], g["seed"])] = g
    times: dict[str, list[float]] = defaultdict(list)
    results: list[dict] = []
    for seed in range(first, first + games):
        for a, b in pairs:
            for fp, sh in ((a, b),) if a == b else ((a, b),) if sides == "fp" else ((b, a),) if sides == "sh" \
                    else ((a, b), (b, a)):
                g = done.get((fp, sh, seed))
                if g is None:
                    g = play(fp, sh, seed, times)
                    if log:
                        with log.open("a") as out:
                            out.write(json.dumps(g) + "\n")
                results.append(g)
    report(results, pairs, times)


def report(results: list[dict], pairs: list[tuple], times: dict[str, list[float]]) -> None:
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print("| player | side | opponent | games | wins | win rate | 95% interval |")
    print("|---|---|---|---|---|---|---|")
    for a, b in pairs:
        for side, fp, sh in (("free_peoples", a, b), ("shadow", b, a)):
            gs = [g for g in results if g["fp"] == fp and g["sh"] == sh]
            if not gs:
                continue
            k = sum(g["winner"] == side for g in gs)
            lo, hi = wilson(k, len(gs))
            rate = k / len(gs) if gs else 0
            print(f"| {a} | {side} | {b} | {len(gs)} | {k} | {rate:.1%} | [{lo:.1%}, {hi:.1%}] |")
    print()
    print("| Free Peoples | Shadow | games | endings | median actions | median turns |")
    print("|---|---|---|---|---|---|")
    for a, b in pairs:
        for fp, sh in ((a, b),) if a == b else ((a, b), (b, a)):
            gs = [g for g in results if g["fp"] == fp and g["sh"] == sh]
            if not gs:
                continue
            ends = Counter(f"{g['reason']} ({g['winner'] or '-'})" for g in gs)
            print(f"| {fp} | {sh} | {len(gs)} | {', '.join(f'{k}: {v}' for k, v in sorted(ends.items()))} | "
                  f"{statistics.median(g['actions'] for g in gs):.0f} | "
                  f"{statistics.median(g['turn'] for g in gs):.0f} |")
    print()
    print("| level | CPU per decision: median | p95 | max | decisions (this run) |")
    print("|---|---|---|---|---|")
    for level, ts in sorted(times.items()):
        ts = sorted(ts)
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        print(f"| {level} | {1000 * statistics.median(ts):.2f} ms | {1000 * p95:.2f} ms | "
              f"{1000 * ts[-1]:.1f} ms | {len(ts):,} |")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main(sys.argv[1:])
