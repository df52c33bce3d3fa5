"""Search for scripted WON games of The Card Game's harder scenarios (tests/lcg/test_games.py replays them).

A beam search over rounds: from each kept position, each round is played several times by the planner of
tests/lcg/planner.py with different seeded variants (`Params`: quest margin, optional engagements, a few
random answers); the best positions by a player's judgement (stage, progress, Hill Troll or Nazgûl hurt,
threat, heroes' health, enemies around, objectives held) are kept. Each seed prints its best line of play,
one row per round (None: the planner's defaults), won or not: `planner.line(rows)` replays it in a test, or
to see why it is lost. Everything goes through the real rules (R.apply); nothing here changes the game.

    nice python bench/lcg_wins.py anduin 0 20 [--beam 6] [--tries 10] [--players 1] [--normal]
    nice python bench/lcg_wins.py dolguldur 0 1500 --players 2 --best 24 --beam 8 --tries 12

`--best K` first plays every seed of the range once with the plain planner and searches only the K that went
furthest (stage, then progress): the prisoner and the encounter deck's order are the seed's, and most seeds take
the key hero or deal a hopeless start.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ importable

from engine.lcg.state import info
from engine.lcg.stats import stat
from tests.lcg.helpers import R
from tests.lcg.planner import DECKS, Params, play_game, play_round

SCENARIOS = {"anduin": "journey_down_the_anduin", "dolguldur": "escape_from_dol_guldur"}
BOSSES = ("hill_troll", "nazgul_of_dol_guldur")


def start(scenario, players, seed, easy=True, decks_of=None):
    names = "abcd"[:players]
    decks = {p: DECKS[decks_of or scenario][i] for i, p in enumerate(names)}
    return R.new_game(list(names), {"decks": decks, "first_player": "a", "scenario": SCENARIOS[scenario],
                                    "easy": easy}, seed)


def judge(s):
    """A player's view of how well the game goes (higher is better)."""
    r = R.result(s)
    if r is not None:
        return 1e9 if r["outcome"] == "won" else -1e9
    q = s["quest"] or {"stage": 0, "prog": 0}
    score = 1000.0 * q["stage"] + 12 * q["prog"]
    score += 60 * len([u for u in s["victory"] if s["ids"][u] in BOSSES])
    if s["options"]["scenario"] == "escape_from_dol_guldur":  # objectives held, prisoner free
        score += 80 * sum(1 for u, r in s["inplay"].items() if info(s, u)["type"] == "objective"
                          and r["zone"] == "attached")
        score += 150 * (not s["prisoners"])
    for p in s["order"]:
        pl = s["players"][p]
        if pl["out"]:
            score -= 800
            continue
        score -= 4 * max(pl["threat"] - 25, 0) + 10 * max(pl["threat"] - 40, 0)
        for h in pl["heroes"]:
            score += 60 + 8 * (stat(s, h, "hit_points") - s["inplay"][h]["dmg"])
        score += 12 * len(pl["allies"]) + 3 * min(len(pl["hand"]), 6)
        for e in pl["engaged"]:
            score -= 6 * stat(s, e, "attack") + 3 * (stat(s, e, "hit_points") - s["inplay"][e]["dmg"])
    for u in s["staging"]:
        if info(s, u)["type"] == "enemy":
            score -= 4 * stat(s, u, "attack") + 3 * (stat(s, u, "hit_points") - s["inplay"][u]["dmg"])
        score -= 5 * stat(s, u, "threat") if info(s, u)["type"] != "objective" else 0
    if q["stage"] == 1:  # the first stage needs its boss hurt
        for u in s["inplay"]:
            if s["ids"][u] in BOSSES:
                score += 15 * s["inplay"][u]["dmg"]
    return score


def variants(k, rnd_base):
    out = [Params()]
    margins, i = (2, 0, 4, 1, 3, -1), 0
    while len(out) < k:
        m = margins[i % len(margins)]
        out.append(Params(margin=m, engage=bool(i % 2), epsilon=0.0 if i < 4 else round(0.1 + 0.05 * (i % 3), 2),
                          low_threat=27 if i % 3 == 1 else 36, guard=(3, 1, 0, 2)[i % 4], seed=rnd_base + i))
        i += 1
    return out


def search(scenario, players, seed, beam=6, tries=10, max_rounds=30, easy=True, decks_of=None):
    """Returns (won, the best line of play (its Params, round by round), the state it reaches)."""
    frontier = [(judge(s := start(scenario, players, seed, easy, decks_of)), [], s)]
    for rnd in range(1, max_rounds + 1):
        nxt = []
        for j, (_sc, path, s) in enumerate(frontier):
            for v in variants(tries, rnd * 1000 + j * 37):
                s2 = play_round(s, v)
                r = R.result(s2)
                if r is not None and r["outcome"] == "won":
                    return True, path + [v], s2
                nxt.append((judge(s2), path + [v], s2))
        nxt.sort(key=lambda x: -x[0])
        frontier, seen = [], set()
        for item in nxt:
            key = (item[2]["quest"] and (item[2]["quest"]["stage"], item[2]["quest"]["prog"]),
                   tuple(item[2]["players"][p]["threat"] for p in item[2]["order"]), round(item[0]))
            if key in seen or item[0] <= -1e9:
                continue
            seen.add(key)
            frontier.append(item)
            if len(frontier) == beam:
                break
        if not frontier:
            return False, nxt[0][1], nxt[0][2]
    return False, frontier[0][1], frontier[0][2]


def furthest(scenario, players, seeds, k, easy=True, decks_of=None):
    """The k seeds whose plain game (no variants) got furthest: stage, then progress, then rounds lasted."""
    reach = {}
    for seed in seeds:
        s, _n = play_game(start(scenario, players, seed, easy, decks_of))
        q = s["quest"] or {"stage": 0, "prog": 0}
        reach[seed] = (q["stage"], q["prog"], s["round"])
    return sorted(sorted(reach, key=lambda x: reach[x], reverse=True)[:k])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", choices=list(SCENARIOS))
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--beam", type=int, default=6)
    ap.add_argument("--tries", type=int, default=10)
    ap.add_argument("--normal", action="store_true", help="the normal encounter deck, not easy mode")
    ap.add_argument("--decks", choices=list(DECKS), help="the decks of planner.DECKS (default: the scenario's)")
    ap.add_argument("--best", type=int, help="search only the K seeds whose plain game went furthest")
    a = ap.parse_args()
    seeds = list(range(a.first, a.last))
    if a.best:
        seeds = furthest(a.scenario, a.players, seeds, a.best, not a.normal, a.decks)
        print(json.dumps({"searched_seeds": seeds}), flush=True)
    for seed in seeds:
        t = time.time()
        won, path, s = search(a.scenario, a.players, seed, a.beam, a.tries, easy=not a.normal,
                               decks_of=a.decks)
        print(json.dumps({"seed": seed, "won": won, "stage": (s["quest"] or {}).get("stage"), "round": s["round"],
                          "secs": round(time.time() - t, 1),
                          "variants": [None if v == Params() else [v.margin, v.engage, v.epsilon, v.low_threat, v.guard, v.seed]
                                       for v in path]}),
              flush=True)


if __name__ == "__main__":
    main()
