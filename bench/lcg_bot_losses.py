"""Why the Card Game bot (ai/lcg.py) loses: plays seeded games as bench/bench_lcg_bot.py does and counts, over
the lost ones, how the players went out (threat 50 or every hero destroyed: both end with threat 50, as
elimination sets it), where the threat came from (failed quests, the refresh phase's +1, other cards), and
what destroyed the heroes (an enemy's attack, defended or not, or the encounter card revealed), which enemies
the players destroyed, and where the players went out: the quest stage, the round and their threat just before
(elimination sets it to 50), with the highest threat at which the group entered each stage. Over all the
games, won ones too, its first line of figures says how fast the group gets through the quest: games reaching
the second and third stages, the group's threat (its highest) as it entered them, median, and the threat
failed quests raise in a game.

    nice python bench/lcg_bot_losses.py [games] [first_seed] [--only SCENARIO] [--mode easy|normal] [--seats 1|2] [--built | --anduin | --dolguldur-decks]

With a deck option the seats play the decks bench/bench_lcg_bot.py gives them with that option.

Read from the public events of each applied action (R.apply); nothing here changes the game.
"""
from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this tree's code, not main's

from bench_lcg_bot import (  # a sibling script: bench/ is on sys.path when this runs
    add_deck_options,
    deck_choice,
    seat_decks,
)

from ai import lcg
from engine.kernel import AnyRules
from engine.lcg import RULES
from engine.lcg.data import card as printed
from engine.lcg.setup import SCENARIOS

R: AnyRules = RULES  # as the platform holds it: the bot takes the legal actions as plain JSON


def play(scenario: str, seats: list[str], easy: bool, seed: int, decks: str = "starter") -> tuple[dict, collections.Counter, dict]:
    """A whole game; the counts of its threat raised, heroes destroyed and eliminations, by cause; and its tempo:
    the group's threat as it entered each quest stage ({stage: threat}) and the threat its failed quests raised."""
    s = R.new_game(seats, {"scenario": scenario, "easy": easy, **seat_decks(seats, decks)}, seed)
    counts: collections.Counter = collections.Counter()
    entered: dict[int, int] = {}
    last: dict = {}
    context = "setup"
    while R.result(s) is None:
        p = R.waiting_for(s)[0]
        before = {q: pl["threat"] for q, pl in s["players"].items()}
        s, events = R.apply(s, p, lcg.choose(R.view(s, p), R.legal_actions(s, p)))
        for e in events:
            if e["type"] == "stage":
                top = max(pl["threat"] for pl in s["players"].values() if not pl["out"])
                counts[f"stage entered: {e['stage']} at threat {_band(top)}"] += 1
                entered[e["stage"]] = top
            elif e["type"] == "eliminated":
                counts[f"out at: stage {s['quest']['stage']}, threat {_band(before[e['player']])}, "
                       f"round {_band(s['round'], 3)}"] += 1
            kind = e["type"]
            if kind == "threat":
                source = ("failed quest" if last.get("type") == "quest_resolved" else
                          "refresh +1" if s["phase"] in ("refresh", "resource") and e["amount"] == 1 else
                          f"after {last.get('id') or last.get('type')}")
                counts["threat: " + source] += e["amount"]
                continue
            context = what_happens(e, context)
            if kind == "destroyed" and printed(e["id"]).get("type") == "hero":
                counts["hero destroyed: " + context] += 1
            elif kind == "destroyed" and printed(e["id"]).get("type") == "enemy":
                counts[f"enemy destroyed: {e['id']}"] += 1
            elif kind == "eliminated":
                counts["player out: " + e["reason"]] += 1
            last = e
    return s, counts, {"entered": entered, "failed": counts["threat: failed quest"]}


def tempo_line(tempos: list[dict]) -> str:
    """How fast the games got through the quest: games reaching stages 2 and 3, the group's median threat as it
    entered them, failed-quest threat per game."""
    parts = []
    for stage in (2, 3):
        at = sorted(t["entered"][stage] for t in tempos if stage in t["entered"])
        parts.append(f"stage {stage} reached {len(at)}/{len(tempos)} (threat entering, median "
                     f"{statistics.median(at) if at else '-'})")
    failed = sum(t["failed"] for t in tempos) / max(1, len(tempos))
    return "tempo (all games): " + ", ".join(parts) + f", failed-quest threat per game {failed:.1f}"


def what_happens(e: dict, context: str) -> str:
    """What is going on after event `e` (an enemy's attack, defended or not, a card revealed, an engagement, a
    phase), given what was before: what a hero destroyed next is put down to."""
    kind = e["type"]
    if kind == "enemy_attacks":
        return f"attack of {e.get('id')}"
    if kind in ("defender", "undefended"):
        return context.split(",")[0] + (", defended" if kind == "defender" else ", undefended")
    if kind == "revealed":
        return f"revealed {e.get('id')}"
    if kind == "engaged":
        return f"engaged {e.get('id')}" + (" (optionally)" if e.get("optional") else "")
    if kind == "phase":
        return f"{e.get('phase')} phase"
    return context


def _band(n: int, width: int = 5) -> str:
    lo = n // width * width
    return f"{lo}-{lo + width - 1}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=100)
    ap.add_argument("first", type=int, nargs="?", default=0)
    ap.add_argument("--only", choices=SCENARIOS, default=SCENARIOS[0])
    ap.add_argument("--mode", choices=("easy", "normal"), default="normal")
    ap.add_argument("--seats", type=int, choices=(1, 2), default=1)
    add_deck_options(ap)
    a = ap.parse_args()
    total: collections.Counter = collections.Counter()
    stages: collections.Counter = collections.Counter()
    won = 0
    tempos = []
    for seed in range(a.first, a.first + a.games):
        s, counts, tempo = play(a.only, ["a", "b"][:a.seats], a.mode == "easy", seed, deck_choice(a))
        tempos.append(tempo)
        if s["result"]["outcome"] == "won":
            won += 1
            continue
        total.update(counts)
        stages[(s["quest"] or {}).get("stage")] += 1
    print(f"{a.only} {a.mode} {a.seats} bot(s): won {won}/{a.games}, seeds {a.first}-{a.first + a.games - 1}; "
          f"lost games by quest stage reached: {dict(sorted(stages.items()))}; "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(tempo_line(tempos))
    for group in ("player out", "out at", "stage entered", "threat", "hero destroyed", "enemy destroyed"):
        rows = sorted(((n, k) for k, n in total.items() if k.startswith(group)), reverse=True)
        print(f"{group} (over the lost games):")
        for n, k in (sorted(rows, key=lambda r: r[1]) if group in ("out at", "stage entered") else rows[:12]):
            print(f"  {n:5d}  {k[len(group) + 2:]}")


if __name__ == "__main__":
    main()
