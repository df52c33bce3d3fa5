"""Balancing figures for La Communauté's reconstructed data (cards/fellowship.json).

Plays complete games with a plain "sensible player" policy (and, for comparison, random legal play)
and prints, per stage: turns, estimated minutes at the table, fights, how often the enemy is beaten,
first-round win rate, how often a deck runs out; then the final scores. The figures are copied into
docs/fellowship.md. Run: python bench/balance_fellowship.py [games]
"""
from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from engine.fellowship.movement import walk  # noqa: E402
from engine.fellowship.state import COMPANIONS, ENEMIES, STAGES  # noqa: E402

R = games.rules("fellowship")

# Seconds at the table, a guess from play: one hobbit's roll/choice/move, reading an event card,
# one round of fight (rolls, sums, reward or stepping back), one adventure roll.
SECONDS = {"move": 25, "event": 15, "round": 30, "adventure": 15}


def sensible(state: dict, pid: str, acts: list[dict], rnd: random.Random) -> dict:
    d = state["queue"][0]
    k = d["kind"]
    p = state["p"][pid]
    if k == "move":
        dice = state["turn"]["dice"]
        lo = min(dice)
        finish = STAGES[state["stage"]]["finish"]
        reach = [a for a in acts if a["die"] == lo and walk(state, pid, a["steps"]) == finish]
        if reach:
            return min(reach, key=lambda a: abs(a["steps"] - a["die"]))
        free = [a for a in acts if a["die"] == lo and a["steps"] == lo]
        return free[0] if free else acts[0]
    if k == "fight":
        f = state["fight"]
        rr = [a for a in acts if a["type"] == "reroll"]
        s_die = state["turn"]["strength"][pid]
        if rr and min(s_die, f["fight_die"]) <= 2:
            which = "strength" if s_die <= f["fight_die"] else "fight"
            return [a for a in rr if a["die"] == which][0]
        comp = [a for a in acts if a["type"] == "fight" and "companion" in a]
        if comp:
            return max(comp, key=lambda a: COMPANIONS[a["companion"]]["strength"])
        return {"type": "fight"}
    if k == "repeat":
        return {"type": "repeat", "pay": p["mp"] >= 2}
    if k == "ford":
        return {"type": "ford", "pay": True}
    if k == "saruman":
        return {"type": "saruman", "choice": "movement" if p["mp"] >= 2 else "back"}
    if k == "arwen":
        return {"type": "arwen", "accept": True}
    if k == "galadriel":
        return {"type": "galadriel", "accept": ENEMIES[p["weapon"]]["reward"]["amount"] <= 2}
    if k == "choose_companion":
        pref = ["legolas", "gimli", "gandalf", "boromir"]
        opts = [a for a in acts if a["companion"]]
        return min(opts, key=lambda a: pref.index(a["companion"])) if opts else acts[-1]
    if k == "weapon":
        w0, w1 = d["weapons"]
        give = min((w0, w1), key=lambda w: ENEMIES[w]["reward"]["amount"])
        same = [a for a in acts if a["weapon"] == give]
        unarmed = [a for a in same if a.get("to") and state["p"][a["to"]]["weapon"] is None]
        return (unarmed or same)[0]
    return rnd.choice(acts)


def random_policy(state, pid, acts, rnd):
    return rnd.choice(acts)


def play(n_players: int, seed: int, policy) -> dict:
    rnd = random.Random(seed * 7919 + n_players)
    players = [f"p{i}" for i in range(n_players)]
    s = R.new_game(players, {}, seed)
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        acts = R.legal_actions(s, pid)
        s, _ = R.apply(s, pid, policy(s, pid, acts, rnd))
    return s


def stats(games: list[dict]) -> dict:
    per: dict[int, dict[str, Any]] = {n: {"turns": [], "secs": [], "fights": 0, "beaten": 0, "retreats": 0, "called_off": 0,
               "r1": 0, "r1_won": 0, "rounds": 0, "rounds_won": 0, "enemy_empty": 0, "event_empty": 0,
               "events": 0, "stages": 0} for n in STAGES}
    winners_seat, margins, scores = [], [], []
    for s in games:
        stage, secs, turns = 0, 0, 0
        enemy_empty = event_empty = False
        for e in s["log"]:
            t = e["type"]
            if t == "stage_started":
                stage, secs, turns, enemy_empty, event_empty = e["stage"], 0, 0, False, False
            elif t == "stage_ended":
                d = per[stage]
                d["turns"].append(turns)
                d["secs"].append(secs)
                d["stages"] += 1
                d["enemy_empty"] += enemy_empty
                d["event_empty"] += event_empty
            elif t == "turn_started":
                turns += 1
            elif t == "dice_assigned":
                secs += SECONDS["move"]
            elif t == "event_drawn":
                secs += SECONDS["event"]
                per[stage]["events"] += 1
            elif t == "sauron_die" and e["what"] != "fight":
                secs += SECONDS["adventure"]
            elif t == "enemy_revealed":
                per[stage]["fights"] += 1
            elif t == "round_result":
                secs += SECONDS["round"]
                d = per[stage]
                d["rounds"] += 1
                d["rounds_won"] += e["won"]
                if e["round"] == 1:
                    d["r1"] += 1
                    d["r1_won"] += e["won"]
            elif t == "enemy_defeated":
                per[stage]["beaten"] += 1
            elif t == "enemy_retreats":
                per[stage]["retreats"] += 1
            elif t == "fight_called_off":
                per[stage]["called_off"] += 1
            elif t == "enemy_deck_empty":
                enemy_empty = True
            elif t == "event_deck_empty":
                event_empty = True
        res = s["result"]
        sc = sorted(res["scores"].values(), reverse=True)
        margins.append(sc[0] - sc[1])
        scores.extend(res["scores"].values())
        for w in res["winners"]:
            winners_seat.append(s["players"].index(w))
    return {"per": per, "margins": margins, "scores": scores, "winners_seat": winners_seat}


def report(label: str, games: list[dict]) -> None:
    st = stats(games)
    print(f"\n## {label}: {len(games)} games")
    print("| stage | turns (mean, 10-90%) | minutes (est.) | fights | enemy beaten | retreats | 1st-round win | round win | enemy deck ran out | event deck ran out |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    total_min = 0.0
    for n, d in st["per"].items():
        turns = sorted(d["turns"])
        q = lambda x, turns=turns: turns[min(len(turns) - 1, int(x * len(turns)))]
        mins = statistics.mean(d["secs"]) / 60
        total_min += mins
        f = max(1, d["fights"])
        print(f"| {n} {STAGES[n]['id']} | {statistics.mean(turns):.1f} ({q(0.1)}-{q(0.9)}) | {mins:.0f} "
              f"| {d['fights'] / d['stages']:.1f} | {100 * d['beaten'] / f:.0f}% | {100 * d['retreats'] / f:.0f}% "
              f"| {100 * d['r1_won'] / max(1, d['r1']):.0f}% | {100 * d['rounds_won'] / max(1, d['rounds']):.0f}% "
              f"| {100 * d['enemy_empty'] / d['stages']:.0f}% | {100 * d['event_empty'] / d['stages']:.0f}% |")
    print(f"\nwhole game: about {total_min:.0f} minutes at the table; final score mean "
          f"{statistics.mean(st['scores']):.1f} (min {min(st['scores'])}, max {max(st['scores'])}); "
          f"winner's margin mean {statistics.mean(st['margins']):.1f}, ties for first "
          f"{100 * sum(1 for m in st['margins'] if m == 0) / len(st['margins']):.0f}%")
    seats = st["winners_seat"]
    share = ", ".join(f"seat {i} {100 * seats.count(i) / len(seats):.0f}%" for i in range(max(seats) + 1))
    print(f"wins by seat (seat 0 starts as Frodo, the ring-bearer): {share}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    for players in (3, 4):
        report(f"{players} players, sensible policy", [play(players, seed, sensible) for seed in range(n)])
    for players in (3, 4):
        report(f"{players} players, random legal play", [play(players, seed, random_policy) for seed in range(n // 2)])


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
