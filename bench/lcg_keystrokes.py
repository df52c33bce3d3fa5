"""Keystrokes a lone player of The Card Game spends per round, before and after automatic passes.

Run from the project's root: PYTHONPATH=. python bench/lcg_keystrokes.py [games] [rounds] [bot|spend].
One player, each Core Set starter deck in turn, against each scenario; the player's moves are the Card
Game bot's (ai/lcg.py: it keeps resources and abilities for later, so windows where it could play stay
asked), or with `spend` those of a player who spends at once; the same in both runs and seeded alike.
"Before": every decision is asked (option auto_pass off). "After": the engine passes an action window in
which the player could only pass and takes any decision with a single legal action (option
auto_pass_alone, the table's default for a player alone). Counted per round (rounds 1 to `rounds`, games
cut there): decisions asked of the player (after: committing characters, or declaring an attack's
attackers, is one ask, Discord's multi-select), and lines typed in the terminal (a decision, plus one for
a card with several ways to pay, chosen apart; after: several characters on one line). Prints the load
average beside the figures.
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


def spends_at_once(view: dict, legal: list[dict]) -> dict:
    """A player who plays the first card they can pay for, commits every character, defends and attacks
    with the first offered and keeps their hand (the Card Game bot before issue 26's planning)."""
    first = {"keep": 0, "play": 1, "commit": 2, "defend": 2, "attack": 2, "attacker": 2, "choose": 3, "respond": 3}
    return min(legal, key=lambda a: first.get(a["type"], 9))


PLAYERS = {"bot": bot.choose, "spend": spends_at_once}


def one_game(rules, scenario: str, sphere: str, seed: int, auto: bool, rounds: int,
             player=bot.choose) -> tuple[Counter, int, int, int]:
    """(decisions asked by kind, decisions, keys, rounds played) over the first `rounds` rounds of one game."""
    options = {"scenario": scenario, "decks": {"you": sphere}, **({"auto_pass_alone": True} if auto else {})}
    s = rules.new_game(["you"], options, seed)
    kinds: Counter = Counter()
    decisions = keys = picks = 0
    previous = None
    while rules.result(s) is None and s["round"] <= rounds:
        legal = rules.legal_actions(s, "you")
        view = rules.view(s, "you")
        action = player(view, legal)
        d = s["decision"]
        groups = p.choices(view, legal)
        # The player picks the line that shows the bot's action (two copies of a card are one line).
        same = lambda a, view=view: p._same_as(a, p.uid_map(view), p._places(view))
        group = next(g for g in groups if any(same(a) == same(action) for a in g))
        # After: a commitment or an attack's attackers is one ask (Discord's multi-select, then Done with
        # them); in the terminal one line ("1 3", Done with them), or two for a single pick ("1", then Done).
        batch = auto and d["kind"] in ("commit", "attackers")
        if not batch or previous != d["kind"]:
            kinds[d.get("name") or d.get("prompt") or d["kind"]] += 1
            decisions += 1
            picks = 0
        if not batch:
            keys += 1 + (len(group) > 1)
        elif previous != d["kind"]:
            keys += 1  # the line of numbers, or Done alone
        if batch and action["type"] in ("done", "resolve"):
            keys += picks == 1  # a single number is a pick: Done is typed after it (when not taken by itself)
        elif batch:
            picks += 1
        previous = d["kind"] if batch else None
        s, _ = rules.apply(s, "you", action)
    return kinds, decisions, keys, min(s["round"], rounds)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    player = PLAYERS[sys.argv[3] if len(sys.argv) > 3 else "bot"]
    rules = games.rules("lcg")
    for auto in (False, True):
        decided = keyed = played = 0
        kinds: Counter = Counter()
        for scenario in SCENARIOS:
            for sphere in SPHERES:
                for seed in range(count):
                    k, decisions, keys, n = one_game(rules, scenario, sphere, seed, auto, rounds, player)
                    kinds += k
                    decided, keyed, played = decided + decisions, keyed + keys, played + n
        label = "after (auto_pass)" if auto else "before"
        print(f"{label:>18}: {decided / played:5.1f} decisions a round, {keyed / played:5.1f} keys"
              f" ({played} rounds of {count * len(SCENARIOS) * len(SPHERES)} games; load {os.getloadavg()[0]:.2f})")
        print("    most asked a round:", ", ".join(f"{k} {n / played:.1f}" for k, n in kinds.most_common(8)))


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
