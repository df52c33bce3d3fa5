"""Keystrokes a lone player of The Card Game spends per round, before and after automatic passes.

Run from the project's root: PYTHONPATH=. python bench/lcg_keystrokes.py [games] [rounds]. One player, each Core Set starter deck in turn,
against each scenario; the player's moves are the Card Game bot's (ai/lcg.py), the same in both runs and
seeded alike. "Before": every decision is asked (option auto_pass off). "After": the engine passes an
action window in which the player could only pass and takes any decision with a single legal action
(option auto_pass_alone, the table's default for a player alone). Counted per round (rounds 1 to
`rounds`, games cut there): decisions asked of the player, and keys in the terminal (a decision plus one
more for a card with several ways to pay, chosen apart). Prints the load average beside the figures.
"""
from __future__ import annotations

import os
import sys
from collections import Counter

import games
from ai import lcg as bot
from engine.lcg.setup import SCENARIOS
from present import lcg as p

SPHERES = ("leadership", "tactics", "spirit", "lore")


def one_game(rules, scenario: str, sphere: str, seed: int, auto: bool, rounds: int) -> tuple[Counter, int, int, int]:
    """(decisions asked by kind, decisions, keys, rounds played) over the first `rounds` rounds of one game."""
    options = {"scenario": scenario, "decks": {"you": sphere}, **({"auto_pass_alone": True} if auto else {})}
    s = rules.new_game(["you"], options, seed)
    kinds: Counter = Counter()
    decisions = keys = 0
    previous = None
    while rules.result(s) is None and s["round"] <= rounds:
        legal = rules.legal_actions(s, "you")
        view = rules.view(s, "you")
        action = bot.choose(view, legal)
        d = s["decision"]
        kinds[d.get("name") or d.get("prompt") or d["kind"]] += 1
        decisions += 1
        groups = p.choices(view, legal)
        # The player picks the line that shows the bot's action (two copies of a card are one line).
        same = lambda a: p._same_as(a, p.uid_map(view), p._places(view))
        group = next(g for g in groups if any(same(a) == same(action) for a in g))
        # In the terminal, after: a commitment or an attack's attackers is one line ("1 3", then Done).
        typed_with_the_last = auto and d["kind"] in ("commit", "attackers") and previous == d["kind"]
        keys += 0 if typed_with_the_last else 1 + (len(group) > 1)
        previous = d["kind"] if d["kind"] in ("commit", "attackers") else None
        s, _ = rules.apply(s, "you", action)
    return kinds, decisions, keys, min(s["round"], rounds)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    rules = games.rules("lcg")
    for auto in (False, True):
        decided = keyed = played = 0
        kinds: Counter = Counter()
        for scenario in SCENARIOS:
            for sphere in SPHERES:
                for seed in range(count):
                    k, decisions, keys, n = one_game(rules, scenario, sphere, seed, auto, rounds)
                    kinds += k
                    decided, keyed, played = decided + decisions, keyed + keys, played + n
        label = "after (auto_pass)" if auto else "before"
        print(f"{label:>18}: {decided / played:5.1f} decisions a round, {keyed / played:5.1f} keys"
              f" ({played} rounds of {count * len(SCENARIOS) * len(SPHERES)} games; load {os.getloadavg()[0]:.2f})")
        print("    most asked a round:", ", ".join(f"{k} {n / played:.1f}" for k, n in kinds.most_common(8)))


if __name__ == "__main__":
    main()
