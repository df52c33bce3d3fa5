"""The rules-of-thumb bots of La Communauté and the Card Game (ai/fellowship.py, ai/lcg.py) against
random players, with 95% Wilson intervals.

Run: python bench/bench_bots.py [games]. La Communauté: one bot among random players (3 and 4 seats),
the share of games it wins or shares, against the share a random seat gets. The Card Game (two-handed,
Passage Through Mirkwood): two bot decks against two random decks, the scenario won and the rounds
played. Seeds are fixed (from 1000: the rules of thumb were chosen on seeds below 200), so a rerun
plays the same games.
"""
from __future__ import annotations

import random
import sys

import games
from ai import fellowship, lcg
from ai.arena import wilson


def play(game: str, players: list[str], bots: set[str], seed: int, choose) -> dict:
    rules = games.rules(game)
    rnd = random.Random(seed)
    s = rules.new_game(players, {}, seed)
    for _ in range(20000):
        if rules.result(s) is not None:
            return s
        p = rules.waiting_for(s)[0]
        legal = rules.legal_actions(s, p)
        action = choose(rules.view(s, p), legal) if p in bots else legal[rnd.randrange(len(legal))]
        s, _ = rules.apply(s, p, action)
    raise RuntimeError("no end")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for n in (3, 4):
        players = [f"p{i}" for i in range(n)]
        for label, bots in (("bot", {"p0"}), ("random", set())):
            wins = sum("p0" in play("fellowship", players, bots, seed, fellowship.choose)["result"]["winners"]
                       for seed in range(1000, 1000 + games))
            lo, hi = wilson(wins, games)
            print(f"La Communauté, {n} seats, seat p0 {label:6s}: wins or shares {wins / games:6.1%} "
                  f"[{lo:.1%}, {hi:.1%}] of {games}")
    for label, bots in (("two bot decks", {"a", "b"}), ("two random decks", set())):
        results = [play("lcg", ["a", "b"], bots, seed, lcg.choose) for seed in range(1000, 1000 + games // 4)]
        won = sum(s["result"]["outcome"] == "won" for s in results)
        rounds = sum(s.get("round", 0) for s in results) / len(results)
        lo, hi = wilson(won, len(results))
        print(f"Card Game, {label:16s}: won {won / len(results):6.1%} [{lo:.1%}, {hi:.1%}] of {len(results)}, "
              f"{rounds:.1f} rounds on average")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
