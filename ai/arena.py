"""Whole games between computer players, each seeing only its own view (for bench/ and tests)."""
from __future__ import annotations

import math
import time

import engine
from engine.kernel import Result

R = engine.get_rules("confrontation")
SEATS = ("fp", "sp")  # the Fellowship's player, then Sauron's


def play(fellowship, sauron, seed: int, options: dict | None = None, times: dict | None = None) -> Result:
    """Play one game; return its result. `times`, if given, collects seconds per decision by seat."""
    state = R.new_game(list(SEATS), options or {}, seed)
    players = dict(zip(SEATS, (fellowship, sauron)))
    while R.result(state) is None:
        for seat in sorted(R.waiting_for(state)):
            t = time.perf_counter()
            action = players[seat].choose(R.view(state, seat))
            if times is not None and state["phase"] == "play":
                times.setdefault(seat, []).append(time.perf_counter() - t)
            state, _ = R.apply(state, seat, action)
            break
    return R.result(state)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound even near 0% or 100%)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
