"""Strength and speed of the Confrontation players (ai/), measured: win rates with 95% Wilson
intervals for each pairing from both sides, and CPU milliseconds per decision for each player.

Run: python bench/bench_ai.py [games per pairing and side] [level ...] [--against=random,greedy]
[--log=results.jsonl] [--from=first round], e.g. `python bench/bench_ai.py 200 greedy easy`. Each level plays the random player and the greedy
baseline (or the opponents named), as the Fellowship and as Sauron (Classic, no special cards). Games
are interleaved across the pairings and the table is printed after every round, so a long run stopped
early still reports every pairing. Seeds are fixed: a rerun plays the same games. With --log each game
is appended to the file as one JSON line and games already in it are not played again, so a long run
can be stopped and resumed, or split in chunks of rounds (--from) run one after another.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time

import engine
from ai import make_player
from ai.arena import wilson

R = engine.get_rules("confrontation")
SEATS = ("fp", "sp")
OPPONENTS = ("random", "greedy")


def play(fellowship: str, sauron: str, seed: int, cpu: dict) -> str:
    """One game; returns the winning side. CPU seconds per decision in play go to cpu[level]."""
    state = R.new_game(list(SEATS), {}, seed)
    levels = dict(zip(SEATS, (fellowship, sauron)))
    players = {seat: make_player(levels[seat], seed * 2 + i) for i, seat in enumerate(SEATS)}
    while R.result(state) is None:
        seat = min(R.waiting_for(state))
        t = time.process_time()
        action = players[seat].choose(R.view(state, seat))
        if state["phase"] == "play":
            cpu.setdefault(levels[seat], []).append(time.process_time() - t)
        state, _ = R.apply(state, seat, action)
    return R.result(state)["side"]


def report(wins: dict, played: dict, cpu: dict) -> None:
    print(f"{'pairing':34s} {'games':>5s} {'win rate':>8s}  95% interval")
    for (level, opp, side), n in played.items():
        w = wins[(level, opp, side)]
        lo, hi = wilson(w, n)
        print(f"{level:>7s} as {side:10s} vs {opp:7s} {n:5d} {w / n:8.1%}  [{lo:.1%}, {hi:.1%}]")
    for level, xs in cpu.items():
        print(f"{level:>7s}: {statistics.median(xs) * 1000:7.1f} ms median CPU per decision, "
              f"p95 {sorted(xs)[int(0.95 * (len(xs) - 1))] * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms "
              f"({len(xs)} decisions)")
    sys.stdout.flush()


def main() -> None:
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opponents = opts["against"].split(",") if "against" in opts else OPPONENTS
    log = opts.get("log")
    done = {}
    if log and os.path.exists(log):
        with open(log) as f:
            done = {(r["level"], r["opp"], r["side"], r["seed"]): r["won"] for r in map(json.loads, f)}
    games = int(args[0]) if args else 200
    levels = args[1:] or ["greedy", "easy", "normal"]
    wins: dict = {}
    played: dict = {}
    cpu: dict = {}
    for g in range(int(opts.get("from", 0)), games):
        for level in levels:
            for opp in opponents:
                if opp == level:
                    continue
                for side in ("fellowship", "sauron"):
                    pair = (level, opp) if side == "fellowship" else (opp, level)
                    key = (level, opp, side)
                    won = done.get((*key, g))
                    if won is None:
                        won = play(*pair, seed=g, cpu=cpu) == side
                        if log:
                            with open(log, "a") as f:
                                f.write(json.dumps({"level": level, "opp": opp, "side": side, "seed": g,
                                                    "won": won}) + "\n")
                    wins[key] = wins.get(key, 0) + won
                    played[key] = played.get(key, 0) + 1
        print(f"--- after {g + 1} rounds")
        report(wins, played, cpu)


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
