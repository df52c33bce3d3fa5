"""The Card Game bot (ai/lcg.py) playing whole games alone and as a pair, on every scenario, easy and normal.

    nice python bench/bench_lcg_bot.py [games] [first_seed] [--only passage_through_mirkwood] [--mode easy|normal] [--seats 1|2] [--built | --anduin | --dolguldur-decks]

Each line: the scenario, the mode, the seats, the share of games won with its 95% Wilson interval, the rounds
played on average, the bot's CPU milliseconds per decision (median and 95th percentile, thread time) and the
load average when the line was printed (the machine is shared). Seats play the starter decks the table gives
them (seat a: Leadership, seat b: Tactics), or with --built the decks of the scripted wins (tests/lcg/planner.py),
with --anduin the decks the bot plays Journey Down the Anduin with (ai/lcg_anduin.py `DECKS`), or with
--dolguldur-decks (two seats) the pair built for the bot on Escape from Dol Guldur (ai/lcg_dolguldur.py).
Game k is played with seed first_seed + k, so a rerun plays the same games.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this tree's code, not main's

from ai import lcg, lcg_anduin, lcg_dolguldur
from ai.arena import wilson
from engine.kernel import AnyRules
from engine.lcg import RULES
from engine.lcg.setup import SCENARIOS

R: AnyRules = RULES  # as the platform holds it: the bot takes the legal actions as plain JSON


def built_decks(seats: list[str]) -> dict:
    """The built decks of the scripted wins (tests/lcg/planner.py): the Anduin deck alone, the two Dol Guldur
    decks as a pair."""
    from tests.lcg.planner import DECKS
    chosen = DECKS["anduin"] if len(seats) == 1 else DECKS["dolguldur"]
    return dict(zip(seats, chosen))


def seat_decks(seats: list[str], decks: str) -> dict:
    """The game's `decks` option: none for "starter" (the table's, by seat), else "built" (`built_decks`),
    "anduin" (the bot's Anduin decks) or "dolguldur" (the bot's Dol Guldur pair)."""
    chosen = {"starter": None, "built": lambda: built_decks(seats), "anduin": lambda: dict(zip(seats, lcg_anduin.DECKS)),
              "dolguldur": lambda: lcg_dolguldur.decks(seats)}[decks]
    return {"decks": chosen()} if chosen else {}


def deck_choice(a: argparse.Namespace) -> str:
    return "built" if a.built else "anduin" if a.anduin else "dolguldur" if a.dolguldur_decks else "starter"


def add_deck_options(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--built", action="store_true", help="the built decks of tests/lcg/planner.py, not starters")
    ap.add_argument("--anduin", action="store_true", help="the bot's Anduin decks (ai/lcg_anduin.py), not starters")
    ap.add_argument("--dolguldur-decks", action="store_true", help="two seats: the Dol Guldur pair of ai/lcg_dolguldur.py")


def play(scenario: str, seats: list[str], easy: bool, seed: int, times: list[float], decks: str = "starter") -> dict:
    options = {"scenario": scenario, "easy": easy, **seat_decks(seats, decks)}
    s = R.new_game(seats, options, seed)
    for _ in range(50000):
        if R.result(s) is not None:
            return s
        p = R.waiting_for(s)[0]
        legal = R.legal_actions(s, p)
        view = R.view(s, p)
        t = time.thread_time()
        action = lcg.choose(view, legal)
        times.append(time.thread_time() - t)
        s, _ = R.apply(s, p, action)
    raise RuntimeError(f"no end: {scenario} seed {seed}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=200)
    ap.add_argument("first", type=int, nargs="?", default=1000)
    ap.add_argument("--only", choices=SCENARIOS)
    ap.add_argument("--mode", choices=("easy", "normal"), help="only this mode (default: both)")
    ap.add_argument("--seats", type=int, choices=(1, 2), help="only alone (1) or only as a pair (2)")
    add_deck_options(ap)
    a = ap.parse_args()
    decks = deck_choice(a)
    for scenario in [a.only] if a.only else SCENARIOS:
        for easy in [a.mode == "easy"] if a.mode else (True, False):
            for seats in [["a", "b"][:a.seats]] if a.seats else (["a"], ["a", "b"]):
                times: list[float] = []
                ends = [play(scenario, seats, easy, seed, times, decks) for seed in range(a.first, a.first + a.games)]
                won = sum(s["result"]["outcome"] == "won" for s in ends)
                lo, hi = wilson(won, len(ends))
                rounds = sum(s["round"] for s in ends) / len(ends)
                ms = sorted(t * 1000 for t in times)
                p95 = ms[int(0.95 * (len(ms) - 1))]
                print(f"{scenario:24s} {'easy' if easy else 'normal':6s} {len(seats)} bot(s) {decks}: won {won:3d}/{len(ends)} "
                      f"= {won / len(ends):6.1%} [{lo:.1%}, {hi:.1%}], {rounds:4.1f} rounds, "
                      f"{statistics.median(ms):.2f} ms median / {p95:.2f} ms p95 per decision "
                      f"({len(ms)} decisions), seeds {a.first}-{a.first + a.games - 1}, "
                      f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
