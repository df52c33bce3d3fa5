"""Whether War of the Ring bots play with purpose (issue 41): marching in circles and gifts, counted over
seeded games.

    python bench/wotr_purpose.py [games] [--from=71000] [--fp=normal] [--sh=normal] [--seeds]

Each seed is one game, `--fp` as the Free Peoples and `--sh` as the Shadow (a level of ai/wotr_bot.py,
"frozen" for the normal player before issue 41, bench/wotr_frozen.py, or "random"). Games are played by
the playout path, with the game's log handed to the bots in their view as the kernel's view has it.
Counted for each side:
- army moves that undo the same army's previous move (it goes back where its last move came from), and
  the army dice (a Muster or Character die moving armies) whose every move was such an undo;
- the Nazgûl flights that undo the previous flight into their region;
- gifts: a City or Stronghold of the side emptied by its own move, advance or retreat while an enemy
  army stands next to it; a defender outnumbered in its Stronghold's field battle that does not
  withdraw into it when it may; a companion sent (separated or moved) into a region the enemy holds
  (an enemy army, or a settlement the enemy controls).
With --seeds the seeds of each gift are listed. Prints the counts and the Free Peoples' wins.
"""
from __future__ import annotations

import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_wotr_bots import frozen  # noqa: E402  (a sibling script: bench/ is on sys.path when this runs)

from ai import wotr_bot, wotr_heuristic  # noqa: E402
from ai import wotr_playout_rules as playout  # noqa: E402
from ai.arena import wilson  # noqa: E402
from engine.wotr import RULES  # noqa: E402
from engine.wotr.armies import besieged  # noqa: E402
from engine.wotr.state import ADJ, FP, NATIONS, REGIONS, SH, controller  # noqa: E402
from engine.wotr.view import view  # noqa: E402
from table.bots import decision_seed  # noqa: E402

MAX_ACTIONS = 6000
VP_PLACES = tuple(r for r, d in REGIONS.items() if d["settlement"] in ("city", "stronghold"))
SETTLEMENTS = ("town", "city", "stronghold")
EMPTYING = frozenset({"army_to", "advance", "retreat"})


def units(s: dict, region: str, side: str) -> int:
    return sum(u.get("regular", 0) + u.get("elite", 0) for n, u in s["units"].get(region, {}).items()
               if NATIONS[n]["side"] == side)


def decide(who: str, s: dict, player: str, legal: list, log: list, seed: int, n: int) -> dict:
    v = view(s, player)
    v["log"] = log           # the kernel's view carries the whole log; the playout path empties its own
    if who == "frozen":
        return frozen(v, legal, decision_seed(seed, n, "bot-normal-1"))
    return wotr_bot.decide(who, v, legal, decision_seed(seed, n, f"bot-{who}-1"))


def play(fp: str, sh: str, seed: int, c: dict[str, Counter], gifts: dict[str, list]) -> str | None:
    s = playout.start(RULES.new_game(["fp", "sh"], {}, seed))
    level = {"fp": fp, "sh": sh}
    rnd = random.Random(seed * 7 + 1)
    log: list[dict] = []
    came_from: dict[str, dict[str, str]] = {FP: {}, SH: {}}      # region -> where its last army came from
    flew_from: dict[str, str] = {}
    die: dict | None = None            # the army die being spent: its moves and undos
    n = 0
    while s["result"] is None and n < MAX_ACTIONS:
        player = RULES.waiting_for(s)[0]
        side = s["ask"][-1]["side"]
        legal = playout.legal(s)
        who = level[player]
        action = wotr_heuristic.random_by_type(legal, rnd) if who == "random" else \
            decide(who, s, player, legal, log, seed, n)
        t = action["type"]
        if "die" in action and die is not None:
            _close(die, c)
            die = None
        if t == "move_armies":
            die = {"side": side, "moves": 0, "undos": 0}
        _siege_gift(s, side, legal, action, c, gifts, seed)
        if t in ("separate_to", "move_companions_to"):
            to = action.get("region", action.get("to"))
            c[FP]["companion moves"] += 1
            if units(s, to, SH) or REGIONS[to]["settlement"] in SETTLEMENTS and controller(s, to) == SH:
                c[FP]["gift: companion into enemy-held region"] += 1
                gifts["companion"].append(seed)
        held = {r for r in VP_PLACES if controller(s, r) == side and units(s, r, side)} if t in EMPTYING else ()
        events = playout.step(s, action)
        log.extend(events)
        for r in held:
            if not units(s, r, side) and any(units(s, a, _other(side)) and besieged(s, a) != _other(side)
                                             for a in ADJ[r]):
                c[side]["gift: settlement emptied beside an enemy army"] += 1
                gifts[f"emptied by {t}"].append((seed, n, r))
        for e in events:
            _count_event(e, came_from, flew_from, die, c)
        n += 1
    if die is not None:
        _close(die, c)
    r = s["result"]
    return r["side"] if r else None


def _other(side: str) -> str:
    return SH if side == FP else FP


def _siege_gift(s: dict, side: str, legal: list, action: dict, c: dict, gifts: dict, seed: int) -> None:
    """A defender outnumbered in its Stronghold's field battle that does not withdraw into it."""
    if not any(a["type"] == "retreat_into_siege" for a in legal):
        return
    b = s["ask"][-1]
    if units(s, b["from"], b["attacker"]) > units(s, b["to"], side):
        c[side]["withdrawals open to an outnumbered defender"] += 1
        if action["type"] != "retreat_into_siege":
            c[side]["gift: outnumbered, no withdrawal into the Stronghold"] += 1
            gifts["siege"].append(seed)


def _count_event(e: dict, came_from: dict, flew_from: dict, die: dict | None, c: dict) -> None:
    t = e["type"]
    if t == "army_moved":
        side, src, to = e["side"], e["from"], e["to"]
        undo = came_from[side].get(src) == to
        c[side]["army moves"] += 1
        c[side]["army moves undoing the last"] += undo
        came_from[side][to] = src
        if die is not None and die["side"] == side:
            die["moves"] += 1
            die["undos"] += undo
    elif t in ("army_advanced", "army_retreated", "battle_won"):     # a battle: the old moves are void
        for region in (e.get("region"), e.get("from"), e.get("to")):
            for side in (FP, SH):
                came_from[side].pop(region, None)
    elif t == "nazgul_moved":
        c[SH]["Nazgul flights"] += 1
        c[SH]["Nazgul flights undoing the last"] += flew_from.get(e["from"]) == e["to"]
        flew_from[e["to"]] = e["from"]


def _close(die: dict, c: dict) -> None:
    side = die["side"]
    c[side]["army dice"] += 1
    c[side]["army dice moving nothing"] += die["moves"] == 0
    c[side]["army dice spent only on undos"] += die["moves"] > 0 and die["undos"] == die["moves"]


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 50
    opts = dict((a[2:].split("=", 1) + [""])[:2] for a in argv if a.startswith("--"))
    first = int(opts.get("from", 71000))
    fp, sh = opts.get("fp", "normal"), opts.get("sh", "normal")
    c: dict[str, Counter] = {FP: Counter(), SH: Counter()}
    gifts: dict[str, list] = defaultdict(list)
    wins = sum(play(fp, sh, seed, c, gifts) == FP for seed in range(first, first + games))
    load = os.getloadavg()
    print(f"{fp} (Free Peoples) against {sh} (Shadow), seeds {first}-{first + games - 1}, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    lo, hi = wilson(wins, games)
    print(f"Free Peoples wins: {wins}/{games} = {wins / games:.1%} [{lo:.1%}, {hi:.1%}]")
    print("| side | count | of | share |")
    print("|---|---|---|---|")
    for side in (FP, SH):
        k = c[side]
        for part, whole in (("army moves undoing the last", "army moves"),
                            ("army dice spent only on undos", "army dice"),
                            ("army dice moving nothing", "army dice"),
                            ("Nazgul flights undoing the last", "Nazgul flights"),
                            ("gift: settlement emptied beside an enemy army", None),
                            ("gift: outnumbered, no withdrawal into the Stronghold",
                             "withdrawals open to an outnumbered defender"),
                            ("gift: companion into enemy-held region", "companion moves")):
            if whole is not None and not k[whole]:
                continue
            of = f"{k[whole]:,}" if whole else "-"
            share = f"{k[part] / k[whole]:.1%}" if whole else "-"
            print(f"| {side} | {part}: {k[part]:,} | {of} | {share} |")
    if "seeds" in opts:
        for kind, seeds in sorted(gifts.items()):
            print(f"{kind}: {sorted(set(seeds), key=str)}")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main(sys.argv[1:])
