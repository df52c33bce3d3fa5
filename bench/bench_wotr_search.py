"""War of the Ring's hard player (ai/wotr_search.py) against the other levels, sides swapped.

    python bench/bench_wotr_search.py [games per side] [--budget=CPU seconds per decision]
                                      [--against=normal] [--from=seed] [--sides=fp,sh] [--log=file.jsonl]
                                      [--player=normal] [--search=off]
    python bench/bench_wotr_search.py --playouts [decisions]
    python bench/bench_wotr_search.py --timing [decisions]
    python bench/bench_wotr_search.py --calibration [games]
    python bench/bench_wotr_search.py --paired=hard.jsonl[,more.jsonl] --baseline=normal.jsonl
    python bench/bench_wotr_search.py --rules [games] [--from=seed] [--levels=normal,hard]

The first form plays `games` seeds with hard as the Free Peoples against `against` as the Shadow, and
the same seeds the other way round (`--sides=fp` or `sh`: one way only). Games go through the kernel (`RULES.apply`), so that every view
carries the whole public log, which the sampler reads (a playout's state keeps no log). Every player
decides from its own view and offered actions only, with the seed table/bots.py would give it. Prints
the win rates with 95% Wilson intervals, how games end, their length and the CPU time per decision
(`time.process_time`, decisions with one action left out) per level, with the load average. With --log
each game is one JSON line (its hard decisions' CPU times included, and each searched decision: the action
number, turn, kind, the rules of thumb's first candidate's type and, where the search overruled it, the
chosen action's type) and a rerun skips those logged. `--player=normal` puts normal in hard's seat (the
baseline on the same seeds, through the same path). `--search=off` plays hard with its search off: the
rules of thumb's first candidate at every decision (`samples=0`), the same decision seeds, so that a
seed's games pair with the search's and any difference is the search's doing.

`--playouts` measures what the compiled copy of the rules (ai/wotr_playout.py) gives the search: the
same searches (fixed rounds, same seeds) over positions of normal-against-normal games, through the
pure engine and through the compiled copy, in CPU seconds. `--timing` measures the CPU time of hard's
searched decisions at its default budget, the rounds that fit and how often the search overrules the rules
of thumb's first candidate. `--calibration` checks the evaluation against the winners of normal games.
"""
from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_wotr_bots import report, wilson  # noqa: E402  (a sibling script: bench/ is on sys.path when this runs)

from ai import wotr_bot, wotr_heuristic, wotr_playout, wotr_search  # noqa: E402
from ai import wotr_playout_rules as pure  # noqa: E402
from ai.wotr_sample import sample  # noqa: E402
from engine.kernel import (
    AnyRules,  # noqa: E402
    Rng,  # noqa: E402
)
from engine.wotr import RULES as _RULES  # noqa: E402
from engine.wotr.state import FP  # noqa: E402
from table.bots import decision_seed  # noqa: E402

RULES: AnyRules = _RULES  # as the platform holds it: the bots take views and actions as plain JSON

MAX_ACTIONS = 6000
PLAYERS = ("fp", "sh")


def play(fp: str, sh: str, seed: int, budget: float, times: dict[str, list[float]],
         fp_budget: float = wotr_search.FP_BUDGET_S, search: bool = True) -> dict:
    """One game through the kernel: `fp` as the Free Peoples, `sh` as the Shadow ("hard", a level of
    ai/wotr_bot or "random"); hard searches `budget` CPU seconds a decision as the Shadow, `fp_budget` as
    the Free Peoples (not at all without `search`: its rules of thumb's first candidate)."""
    s = RULES.new_game(list(PLAYERS), {}, seed)
    level = {"fp": fp, "sh": sh}
    rnd = random.Random(seed * 7 + 1)
    n = 0
    mine: list[float] = []
    searched: list[list] = []
    while s["result"] is None and n < MAX_ACTIONS:
        player = RULES.waiting_for(s)[0]
        v = RULES.view(s, player)
        legal = v["decision"]["actions"]
        who = level[player]
        t0 = time.process_time()
        dseed = decision_seed(seed, n, f"bot-{who}-{player}")
        if who == "random":
            action = wotr_heuristic.random_by_type(legal, rnd)
        elif who == "hard":
            action, first = wotr_search.traced(v, legal, dseed, budget, None if search else 0, fp_budget_s=fp_budget)
            if first is not None:     # a searched decision: its kind, and whether the search overruled
                searched.append([n, s["turn"], v["decision"]["kind"], first["type"],
                                 action["type"] if action != first else None])
        else:
            action = wotr_bot.decide(who, v, legal, dseed)
        if len(legal) > 1 and who != "random":
            times[who].append(time.process_time() - t0)
            if who == "hard":
                mine.append(round(time.process_time() - t0, 4))
        s, _ = RULES.apply(s, player, action)
        n += 1
    r = s["result"]
    return {"fp": fp, "sh": sh, "seed": seed, "actions": n, "turn": s["turn"], "budget": budget,
            "fp_budget": fp_budget, "search": search,
            "winner": r["side"] if r else None, "reason": r["reason"] if r else "unfinished", "hard_cpu": mine,
            "searched": searched}


def strength(argv: list[str]) -> None:
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 4
    opts = dict(a[2:].split("=", 1) for a in argv if a.startswith("--"))
    budget = float(opts.get("budget", wotr_search.BUDGET_S))
    fp_budget = float(opts.get("fp_budget", wotr_search.FP_BUDGET_S))
    against = opts.get("against", "normal")
    me = opts.get("player", "hard")      # --player=normal: the baseline, normal in hard's seat, same path
    first = int(opts.get("from", 0))
    sides = opts.get("sides", "fp,sh").split(",")
    log = Path(opts["log"]) if "log" in opts else None
    search = opts.get("search", "on") != "off"
    done: dict[tuple, dict] = {}
    if log and log.exists():
        for line in log.read_text().splitlines():
            g = json.loads(line)
            done[(g["fp"], g["sh"], g["seed"], g["budget"], g.get("fp_budget"), g.get("search", True))] = g
    print(f"hard: {budget} CPU-s per decision as the Shadow, {fp_budget} as the Free Peoples, search {'on' if search else 'off'}; playouts: {'compiled' if wotr_playout.native else 'pure'}", flush=True)
    times: dict[str, list[float]] = defaultdict(list)
    results = []
    for seed in range(first, first + games):
        for fp, sh in [p for p, side in (((me, against), "fp"), ((against, me), "sh")) if side in sides]:
            g = done.get((fp, sh, seed, budget, fp_budget, search))
            if g is None:
                g = play(fp, sh, seed, budget, times, fp_budget, search)
                if log:
                    with log.open("a") as out:
                        out.write(json.dumps(g) + "\n")
                print(f"seed {seed}: {fp} (FP) vs {sh} (SH): {g['reason']} {g['winner']} turn {g['turn']}, "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
            else:
                times["hard"] += g["hard_cpu"]
            results.append(g)
    report(results, [(me, against)], times)


def positions(want: int) -> list[dict]:
    """Views of searched decisions (`wotr_search.weighed`) from normal-against-normal games, both sides."""
    found = []
    for seed in range(100):
        s = RULES.new_game(list(PLAYERS), {}, seed)
        rnd = random.Random(seed)
        for n in range(400):
            if s["result"] is not None:
                break
            player = RULES.waiting_for(s)[0]
            v = RULES.view(s, player)
            legal = v["decision"]["actions"]
            if n % 37 == 5 and wotr_search.weighed(v, wotr_search.candidates(v, legal)):
                found.append(v)
            s, _ = RULES.apply(s, player, wotr_heuristic.choose(v, legal, rnd, "normal"))
        if len(found) >= want:
            break
    return found[:want]


def playouts(argv: list[str]) -> None:
    """The search's CPU time through the pure engine and the compiled copy, on the same positions."""
    if wotr_playout.native is None:
        raise SystemExit("the compiled copy is not built (python -m ai.twin_build): nothing to compare")
    views = positions(int(argv[0]) if argv else 30)
    load = os.getloadavg()
    for v in views[:3]:               # warm up (imports, caches) before timing
        wotr_search.search(v, wotr_search.candidates(v, v["decision"]["actions"]), 0, samples=1, playout=pure)
    first = None
    for name, impl in (("compiled", wotr_playout.native), ("pure", pure)) * 2:
        t0 = time.process_time()
        chosen = [wotr_search.search(v, wotr_search.candidates(v, v["decision"]["actions"]), i, samples=3,
                                     playout=impl)[0] for i, v in enumerate(views)]
        dt = time.process_time() - t0
        first = first or chosen
        print(f"{name}: {len(views)} searches of 3 rounds, {dt:.2f} CPU-s ({1000 * dt / len(views):.0f} ms "
              f"a search); the same choices as the first run: {chosen == first}", flush=True)
    print(f"load average {load[0]:.1f} -> {os.getloadavg()[0]:.1f}")


def timing(argv: list[str]) -> None:
    """CPU time per searched decision at each side's default budget, and the rounds it fits."""
    views = positions(int(argv[0]) if argv else 30)
    load = os.getloadavg()
    for side, budget in ((FP, wotr_search.FP_BUDGET_S), ("shadow", wotr_search.BUDGET_S)):
        times, rounds, overruled = [], [], 0
        for i, v in enumerate(views):
            if v["you"] != side:
                continue
            t0 = time.process_time()          # what choose does at a searched decision, with its rounds
            cands = wotr_search.candidates(v, v["decision"]["actions"])
            chosen, _, n = wotr_search.search(v, cands, i, budget)
            times.append(time.process_time() - t0)
            rounds.append(n)
            overruled += chosen != cands[0]
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{side}: budget {budget} s, {len(times)} decisions ({'compiled' if wotr_playout.native else 'pure'} "
              f"playouts): CPU median {statistics.median(times):.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s; "
              f"rounds median {statistics.median(rounds):.0f}, min {min(rounds)}; the rules of thumb's first "
              f"candidate overruled {overruled} times")
    print(f"load average {load[0]:.1f} -> {os.getloadavg()[0]:.1f}")


def to_end(s: dict, rnd: random.Random) -> float:
    """Play `s` on to the end of the game (in place) by the rules of thumb on both sides, as normal plays
    (no random actions): 1 if the Free Peoples win."""
    P = wotr_playout.playout
    for _ in range(MAX_ACTIONS):
        if P.to_play(s) is None:
            break
        acts = P.legal(s)
        P.step(s, acts[0] if len(acts) == 1 else wotr_search.rules_of_thumb(wotr_search.lite_view(s, acts), acts, rnd))
    r = s["result"]
    return float(bool(r) and r["side"] == FP)


def overrules(argv: list[str]) -> None:
    """Where the search overrules the rules of thumb, is it right? Normal-against-normal games through the
    kernel (seeds --from=, default 200: not the strength bench's); at every 3rd searched decision of
    --side (fp or sh) the search runs at --budget; where it overrules, the rules of thumb's first candidate
    and the search's choice are each played to the end of the game by normal on both sides, from the
    same --samples hidden states drawn from the view, with the same playout seeds. Per decision kind: how
    often the search overrules, and the overrules' mean gain in the searching side's wins (standard error
    over the overrules). One JSON line a searched decision in --log."""
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 10
    opts = dict(a[2:].split("=", 1) for a in argv if a.startswith("--"))
    first, side = int(opts.get("from", 200)), opts.get("side", "fp")
    budget, k = float(opts.get("budget", wotr_search.BUDGET_S)), int(opts.get("samples", 16))
    log = Path(opts["log"]) if "log" in opts else None
    P = wotr_playout.playout
    load = os.getloadavg()
    rows = []
    for seed in range(first, first + games):
        s = RULES.new_game(list(PLAYERS), {}, seed)
        n = searched = 0
        while s["result"] is None and n < MAX_ACTIONS:
            player = RULES.waiting_for(s)[0]
            v = RULES.view(s, player)
            legal = v["decision"]["actions"]
            dseed = decision_seed(seed, n, f"bot-normal-{player}")
            if player == side and len(legal) > 1:
                cands = wotr_search.candidates(v, legal)
                weighed = wotr_search.weighed(v, cands)
                searched += weighed
                if weighed and searched % 3 == 0:
                    chosen = wotr_search.search(v, cands, dseed, budget)[0]
                    row = {"seed": seed, "n": n, "kind": v["decision"]["kind"], "first": cands[0],
                           "chosen": chosen, "gain": None}
                    if chosen != cands[0]:
                        rng = Rng(Rng.from_seed(dseed ^ 0x5EED))
                        wins = [0.0, 0.0]
                        for _ in range(k):
                            base = sample(v, rng)
                            base["history"] = []
                            seed_round = rng.next64()
                            for i, a in enumerate((cands[0], chosen)):
                                st = P.start(base)
                                P.step(st, a)
                                wins[i] += to_end(st, random.Random(seed_round))
                        row["gain"] = (wins[1] - wins[0]) / k * (1 if side == FP else -1)
                    rows.append(row)
                    if log:
                        with log.open("a") as out:
                            out.write(json.dumps(row) + "\n")
            s, _ = RULES.apply(s, player, wotr_bot.decide("normal", v, legal, dseed))
            n += 1
        print(f"seed {seed} done, load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"{side}: {len(rows)} searched decisions probed (every 3rd) at {budget} s, {k} samples played to the end an overrule; "
          f"load average {load[0]:.1f} -> {os.getloadavg()[0]:.1f}")
    print("| kind | probed | overruled | mean gain of an overrule | standard error |")
    print("|---|---|---|---|---|")
    for kind in sorted({r["kind"] for r in rows}) + ["all"]:
        mine = [r for r in rows if kind in ("all", r["kind"])]
        gains = [r["gain"] for r in mine if r["gain"] is not None]
        mean = statistics.mean(gains) if gains else 0.0
        se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        print(f"| {kind} | {len(mine)} | {len(gains)} | {mean:+.3f} | {se:.3f} |")


def searched(path: str) -> None:
    """From a strength log: hard's searched decisions by kind and how often it overruled the rules of
    thumb, and the win rate of its games by how often they had overrules."""
    games = [json.loads(line) for line in Path(path).read_text().splitlines()]
    games = [g for g in games if "searched" in g]
    kinds: Counter = Counter()
    over: Counter = Counter()
    for g in games:
        for _, _, kind, _, chosen in g["searched"]:
            kinds[kind] += 1
            over[kind] += chosen is not None
    print(f"{len(games)} games")
    print("| kind | searched | overruled |")
    print("|---|---|---|")
    for kind, n in kinds.most_common():
        print(f"| {kind} | {n} | {over[kind]} ({over[kind] / n:.0%}) |")
    # (by the share of its searched decisions overruled: a longer game has more of everything)
    rate = {id(g): sum(x[4] is not None for x in g["searched"]) / max(1, len(g["searched"])) for g in games}
    mid = statistics.median(rate.values())
    for label, part in (("at most", [g for g in games if rate[id(g)] <= mid]),
                        ("more than", [g for g in games if rate[id(g)] > mid])):
        wins = sum(g["winner"] == ("free_peoples" if g["fp"] == "hard" else "shadow") for g in part)
        if part:
            print(f"games where hard overruled {label} the median share ({mid:.1%}) of its searched decisions: "
                  f"{len(part)}, hard won {wins / len(part):.1%}")


def rules(argv: list[str]) -> None:
    """The rules of thumb of each level in --levels (default normal,hard) as the Free Peoples against
    normal's as the Shadow, on the same seeds (from --from=, default 2000: not the strength bench's), fast
    games through the compiled playout (no search, no kernel: the rules of thumb read `lite_view`, which
    gives the view's choices), no random actions. How hard's own rules of thumb (heuristic.WALK_RISK;
    Strider kept with the Fellowship, normal's too since issue 41) were chosen: the win rates, the endings, and each level paired with the first."""
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 200
    opts = dict(a[2:].split("=", 1) for a in argv if a.startswith("--"))
    first, levels = int(opts.get("from", 2000)), opts.get("levels", "normal,hard").split(",")
    P = wotr_playout.playout
    load = os.getloadavg()
    won: dict[str, list[bool]] = {}
    for lvl in levels:
        ends: Counter = Counter()
        won[lvl] = []
        for seed in range(first, first + games):
            s = P.start(RULES.new_game(list(PLAYERS), {}, seed))
            rnd = random.Random(seed)
            for _ in range(MAX_ACTIONS):
                if P.to_play(s) is None:
                    break
                acts = P.legal(s)
                me = lvl if s["ask"][-1]["side"] == FP else "normal"
                P.step(s, acts[0] if len(acts) == 1 else
                       wotr_search.rules_of_thumb(wotr_search.lite_view(s, acts), acts, rnd, me))
            r = s["result"]
            won[lvl].append(bool(r) and r["side"] == FP)
            ends[r["reason"] if r else "unfinished"] += 1
        k = sum(won[lvl])
        lo, hi = wilson(k, games)
        line = f"{lvl} (Free Peoples) vs normal, seeds {first}-{first + games - 1}: {k}/{games} {k / games:.1%} [{lo:.1%}, {hi:.1%}], {dict(ends)}"
        if lvl != levels[0]:
            a = sum(x and not y for x, y in zip(won[lvl], won[levels[0]]))
            b = sum(y and not x for x, y in zip(won[lvl], won[levels[0]]))
            line += f"; against {levels[0]} on the same seeds: won alone {a}, lost alone {b}"
        print(line, flush=True)
    print(f"load average {load[0]:.1f} -> {os.getloadavg()[0]:.1f}")


def paired(paths: str, baseline: str) -> None:
    """Hard's games from strength logs (comma-separated, e.g. the two halves of a run) beside a baseline's
    log on the same seeds and seat (normal in hard's seat, `--player=normal`): each one's report, hard's
    CPU per searched decision, and McNemar's exact test over the seeds both played (the games only one of
    them won, split by who)."""
    def load(files: str) -> dict[int, dict]:
        return {g["seed"]: g for f in files.split(",") for g in map(json.loads, Path(f).read_text().splitlines())}
    mine, base = load(paths), load(baseline)
    for games in (mine, base):
        gs = list(games.values())
        me = gs[0]["fp"] if gs[0]["sh"] == "normal" and gs[0]["fp"] != "normal" else gs[0]["sh"]
        times = {me: [t for g in gs for t in g["hard_cpu"]]} if gs[0]["hard_cpu"] else {}
        report(gs, [(me, "normal")] if me != "normal" else [("normal", "normal")], times)
        print()
    cpu = sorted(t for g in mine.values() for t in g["hard_cpu"] if t >= 0.005)
    if cpu:
        print(f"hard's searched decisions (5 ms and more): {len(cpu):,}, median {1000 * statistics.median(cpu):.0f} ms, "
              f"p95 {1000 * cpu[int(0.95 * (len(cpu) - 1))]:.0f} ms, max {1000 * cpu[-1]:.0f} ms")
    seeds = sorted(set(mine) & set(base))
    side = "free_peoples" if next(iter(mine.values()))["sh"] == "normal" else "shadow"
    won = [(mine[s]["winner"] == side, base[s]["winner"] == side) for s in seeds]
    only_mine = sum(a and not b for a, b in won)
    only_base = sum(b and not a for a, b in won)
    n = only_mine + only_base
    tail = sum(math.comb(n, k) for k in range(min(only_mine, only_base) + 1)) / 2 ** n if n else 1.0
    print(f"paired over {len(seeds)} seeds: both won {sum(a and b for a, b in won)}, both lost "
          f"{sum(not a and not b for a, b in won)}, hard alone won {only_mine}, the baseline alone {only_base} "
          f"(McNemar exact, two-sided p = {min(1.0, 2 * tail):.3f})")


def calibration(argv: list[str]) -> None:
    """How well `evaluate` foretells the winner: normal-against-normal games (the search's playout policy,
    without its random actions), each state at the start of a turn's action phase evaluated, then the
    Free Peoples' share of wins among the states of each band of the evaluation, and the Brier score
    against always saying the overall share."""
    games = int(argv[0]) if argv else 20
    rows: list[tuple[float, int]] = []
    endings: Counter = Counter()
    for seed in range(games):
        s = pure.start(RULES.new_game(list(PLAYERS), {}, seed))
        rnd = random.Random(seed)
        mine: list[float] = []
        seen = 0
        for _ in range(MAX_ACTIONS):
            if pure.to_play(s) is None:
                break
            if s["phase"] == "action" and s["turn"] > seen:
                seen = s["turn"]
                mine.append(wotr_search.evaluate(s))
            acts = pure.legal(s)
            pure.step(s, wotr_search.rules_of_thumb(wotr_search.lite_view(s, acts), acts, rnd))
        r = s["result"]
        endings[(r["reason"], r["side"]) if r else ("unfinished", None)] += 1
        rows += [(e, int(bool(r) and r["side"] == FP)) for e in mine]
    share = sum(w for _, w in rows) / len(rows)
    brier = sum((e - w) ** 2 for e, w in rows) / len(rows)
    base = sum((share - w) ** 2 for _, w in rows) / len(rows)
    print(f"{games} games, endings {dict(endings)}; {len(rows)} states, Free Peoples' share {share:.2f}; "
          f"Brier score {brier:.3f} (the share alone: {base:.3f})")
    for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
        band = [w for e, w in rows if lo <= e < lo + 0.2 or (lo == 0.8 and e == 1.0)]
        if band:
            print(f"evaluation [{lo:.1f}, {lo + 0.2:.1f}): {len(band)} states, Free Peoples won {sum(band) / len(band):.2f}")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    if "--overrules" in sys.argv:
        overrules([a for a in sys.argv[1:] if a != "--overrules"])
    elif any(a.startswith("--searched=") for a in sys.argv):
        searched(next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--searched=")))
    elif any(a.startswith("--paired=") for a in sys.argv):
        opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
        paired(opts["paired"], opts["baseline"])
    elif "--rules" in sys.argv:
        rules([a for a in sys.argv[1:] if a != "--rules"])
    elif "--playouts" in sys.argv:
        playouts([a for a in sys.argv[1:] if a != "--playouts"])
    elif "--calibration" in sys.argv:
        calibration([a for a in sys.argv[1:] if a != "--calibration"])
    elif "--timing" in sys.argv:
        timing([a for a in sys.argv[1:] if a != "--timing"])
    else:
        strength(sys.argv[1:])
