"""A La Communauté bot that plays sensibly: it races, fights with help, and keeps what scores.

Its input is its seat's view and its own legal actions (what a person at that seat is shown). Rules of
thumb, by decision: move as far as possible without spending movement points (each point spent counts
1.5 spaces; the die left for strength breaks ties); fight alone, keeping companions, and reroll with a
Gandalf card when it has one; pay to repeat a lost round and to cross the Ford; take the companions
that score (Aragorn, Legolas, Gimli) and refuse Boromir; pass Boromir on first; accept Arwen and
Galadriel. Each choice was kept because it raised the bot's win share against random players
(bench/bench_bots.py; figures in docs/ai.md).
"""
from __future__ import annotations

SCORING = ("aragorn", "legolas", "gimli")


def _score(view: dict, a: dict) -> float:
    t = a["type"]
    if t == "move":
        other = [d for d in view["turn"]["dice"] if d != a["die"]] or [a["die"]]
        return a["steps"] - 1.5 * abs(a["steps"] - a["die"]) + 0.1 * other[0]
    if t == "fight":
        return 0.0 if a.get("companion") else 1.0
    if t == "reroll":
        return 2.0
    if t in ("repeat", "ford"):
        return 1.0 if a["pay"] else 0.0
    if t in ("arwen", "galadriel"):
        return 1.0 if a["accept"] else 0.0
    if t == "saruman":
        return 1.0 if a["choice"] == "movement" else 0.0
    if t == "choose_companion":
        c = a["companion"]
        return 2.0 if c in SCORING else -1.0 if c == "boromir" else 0.5 if c else 0.0
    if t == "give_companion":
        return 1.0 if a["companion"] == "boromir" else -1.0 if a["companion"] in SCORING else 0.0
    return 0.0


def choose(view: dict, legal: list[dict]) -> dict:
    """The best action by the rules of thumb above (the first of equals, so the choice is stable)."""
    return max(legal, key=lambda a: _score(view, a))
