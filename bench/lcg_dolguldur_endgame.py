"""Escape from Dol Guldur's end game, measured: how often the Card Game bot (ai/lcg.py) turns a position of the
late game into a win.

    nice python bench/lcg_dolguldur_endgame.py [games] [first_seed] [--mode easy|normal] [--at stage3|stage2 [--progress N]]
                                               [--plays K] [--save FILE | --load FILE] [--set NAME=VALUE]

1. Plays seeded games (two bots with ai/lcg_dolguldur.py's decks, as `bench/bench_lcg_bot.py --dolguldur-decks`)
   and keeps the TRUE state at the first decision where the game reaches the point studied: `stage3` the last
   stage begun, `stage2` the second stage holding 10 progress or more (--progress N: N or more; 0, as it begins).
   --save writes the kept states (JSON) so that later runs (--load) replay the same positions with another bot.
2. From each kept state plays on K times with the bot, after dealing again what nobody has seen: the encounter
   deck and each player's deck are shuffled (cards someone looked at on top stay there) and the state gets a
   fresh random generator. This is a bench tool, not the bot (which only ever reads its seat's view): it gives
   many endings of one position, so that a rule's effect shows in minutes.

Prints the conversion rate (won / played) with its 95% Wilson interval, by position too, and how the playouts
ended: the outcome, the round count from the position, the highest threat, the heroes left, the Nazgûl's damage,
the last stage's progress, what destroyed the heroes; with the CPU time (process time) and the load average.
--set NAME=VALUE plays with another value of one of ai/lcg_dolguldur.py's constants (RESCUE_AT=15: the rule before).
"""
from __future__ import annotations

import argparse
import ast
import collections
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this tree's code, not main's

from lcg_bot_losses import what_happens  # a sibling script: bench/ is on sys.path when this runs

from ai import lcg, lcg_dolguldur
from ai.arena import wilson
from engine.kernel import AnyRules, Rng
from engine.lcg import RULES
from engine.lcg.data import card as printed
from engine.lcg.state import clone

R: AnyRules = RULES  # as the platform holds it: the bot takes the legal actions as plain JSON
SEATS = ["a", "b"]
MAX_STEPS = 50000


def reached(s: dict, at: str, progress: int) -> bool:
    """Whether the game is at the point studied."""
    q = s["quest"] or {}
    if at == "stage3":
        return q.get("stage") == 3
    return q.get("stage") == 2 and q.get("prog", 0) >= progress


def collect(games: int, first: int, easy: bool, at: str, progress: int) -> list[dict]:
    """The true states at which seeded games reach the point studied (one per game at most)."""
    kept = []
    for seed in range(first, first + games):
        s = R.new_game(SEATS, {"scenario": "escape_from_dol_guldur", "easy": easy,
                               "decks": lcg_dolguldur.decks(SEATS)}, seed)
        for _ in range(MAX_STEPS):
            if R.result(s) is not None:
                break
            if reached(s, at, progress):
                kept.append({"seed": seed, "state": clone(s)})
                break
            p = R.waiting_for(s)[0]
            s, _ = R.apply(s, p, lcg.choose(R.view(s, p), R.legal_actions(s, p)))
    return kept


def redealt(s: dict, salt: int) -> dict:
    """The same position with what nobody has seen dealt again: the encounter deck and each deck shuffled (the
    top cards someone has looked at, Henamarth's or Gléowine's..., stay on top) and a fresh random generator."""
    t = clone(s)
    rng = Rng(Rng.from_seed(salt))
    seen = [v for per in t["seen"].values() for v in per.items()]
    keep_top = max([1 for k, _ in seen if k == "encounter"], default=0)
    _shuffle_under(rng, t["edeck"], keep_top)
    for p, pl in t["players"].items():
        top = max([len(v) for k, v in seen if k == "deck:" + p], default=0)
        _shuffle_under(rng, pl["deck"], top)
    t["rng"] = rng.next64()
    return t


def _shuffle_under(rng: Rng, deck: list, top: int) -> None:
    """Shuffle a deck (top card last) but for its `top` top cards."""
    cut = len(deck) - top
    rest = deck[:cut]
    rng.shuffle(rest)
    deck[:cut] = rest


def play_out(s: dict) -> tuple[dict, collections.Counter]:
    """Plays the game on with the bot; the final state and what happened (heroes destroyed, by what)."""
    counts: collections.Counter = collections.Counter()
    context = ""
    for _ in range(MAX_STEPS):
        if R.result(s) is not None:
            return s, counts
        p = R.waiting_for(s)[0]
        progress = (s["quest"] or {}).get("prog")
        s, events = R.apply(s, p, lcg.choose(R.view(s, p), R.legal_actions(s, p)))
        for e in events:
            kind = e["type"]
            context = what_happens(e, context)
            if kind == "destroyed" and printed(e["id"]).get("type") == "hero":
                counts["hero destroyed: " + context] += 1
            elif kind == "destroyed" and printed(e["id"]).get("type") == "enemy":
                counts["enemy destroyed: " + e["id"]] += 1
            elif kind == "engaged":
                counts["engaged: " + str(e.get("id")) + (" (optionally)" if e.get("optional") else "")] += 1
            elif kind == "rescued":
                counts[f"rescued at stage-2 progress {progress}"] += 1
            elif kind == "stage" and e["stage"] == 3:
                top = max(pl["threat"] for pl in s["players"].values() if not pl["out"])
                counts[f"reached stage 3: at threat {top // 5 * 5}-{top // 5 * 5 + 4}"] += 1
            elif kind == "eliminated":
                counts["player out: " + e["reason"]] += 1
    raise RuntimeError("no end")


def nazgul_damage(s: dict) -> int | None:
    """The damage on the Nazgûl if it is in play (None: set aside or gone)."""
    return next((r["dmg"] for r in s["inplay"].values() if r["id"] == lcg_dolguldur.NAZGUL), None)


def describe(s: dict) -> str:
    q = s["quest"] or {}
    threats = "/".join(str(s["players"][p]["threat"]) for p in SEATS)
    heroes = "/".join(str(len(s["players"][p]["heroes"])) for p in SEATS)
    return f"stage {q.get('stage')} prog {q.get('prog')}, round {s['round']}, threat {threats}, heroes {heroes}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=1000)
    ap.add_argument("first", type=int, nargs="?", default=0)
    ap.add_argument("--mode", choices=("easy", "normal"), default="normal")
    ap.add_argument("--at", choices=("stage3", "stage2"), default="stage3")
    ap.add_argument("--progress", type=int, default=10, help="with --at stage2: the stage's progress (0: as it begins)")
    ap.add_argument("--plays", type=int, default=10, help="playouts from each kept position")
    ap.add_argument("--save", help="write the kept positions to this JSON file")
    ap.add_argument("--load", help="read the kept positions from this JSON file instead of playing games")
    ap.add_argument("--quiet", action="store_true", help="no line per position")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="try another value of one of ai/lcg_dolguldur.py's constants (RESCUE_AT=10)")
    a = ap.parse_args()
    for pair in a.set:
        name, value = pair.split("=", 1)
        if not hasattr(lcg_dolguldur, name):
            raise SystemExit(f"ai/lcg_dolguldur.py has no {name}")
        setattr(lcg_dolguldur, name, ast.literal_eval(value))
    t0 = time.process_time()
    if a.load:
        with open(a.load) as f:
            kept = json.load(f)
        print(f"{len(kept)} positions from {a.load}")
    else:
        kept = collect(a.games, a.first, a.mode == "easy", a.at, a.progress)
        print(f"{len(kept)} of {a.games} games reach {a.at} ({a.mode}, seeds {a.first}-{a.first + a.games - 1}), "
              f"{time.process_time() - t0:.0f} s CPU, load {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
        if a.save:
            with open(a.save, "w") as f:
                json.dump(kept, f)
    t1 = time.process_time()
    won = played = 0
    total: collections.Counter = collections.Counter()
    rounds, top, heroes, naz, prog = [], [], [], [], []
    for _i, k in enumerate(kept):
        w = 0
        for j in range(a.plays):
            s, counts = play_out(redealt(k["state"], k["seed"] * 1000 + j))
            ok = s["result"]["outcome"] == "won"
            w += ok
            total.update(counts)
            total["won" if ok else "lost: " + str(s["result"].get("reason"))] += 1
            rounds.append(s["round"] - k["state"]["round"])
            top.append(max(pl["threat"] for pl in s["players"].values()))
            heroes.append(sum(len(pl["heroes"]) for pl in s["players"].values()))
            naz.append(nazgul_damage(s))
            for u in s["staging"] + [e for pl in s["players"].values() for e in pl["engaged"]]:
                if printed(s["ids"][u]).get("type") == "enemy":
                    total["enemy in play at the end: " + s["ids"][u]] += 1
            if (s["quest"] or {}).get("stage") == 3:
                prog.append(s["quest"]["prog"])
        won += w
        played += a.plays
        if not a.quiet:
            print(f"  seed {k['seed']:4d} ({describe(k['state'])}): won {w}/{a.plays}", flush=True)
    lo, hi = wilson(won, played)
    print(f"converted {won}/{played} = {won / max(1, played):.1%} [{lo:.1%}, {hi:.1%}] from {len(kept)} positions "
          f"({a.load or a.at}, {a.plays} playouts each), {time.process_time() - t1:.0f} s CPU, "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if played:
        on = [x for x in naz if x is not None]
        print(f"playouts: {statistics.mean(rounds):.1f} rounds on, threat at the end {statistics.mean(top):.1f}, "
              f"heroes left {statistics.mean(heroes):.1f}, Nazgûl in play at the end {len(on)} "
              f"(damage {statistics.mean(on) if on else 0:.1f}), last-stage progress {statistics.mean(prog) if prog else 0:.1f}")
    for group in ("won", "lost", "player out", "reached stage 3", "rescued", "engaged", "hero destroyed", "enemy destroyed",
                  "enemy in play"):
        rows = sorted(((n, key) for key, n in total.items() if key.startswith(group)), reverse=True)
        if rows:
            print(f"{group}:")
            for n, key in rows[:10]:
                print(f"  {n:5d}  {key}")


if __name__ == "__main__":
    main()
