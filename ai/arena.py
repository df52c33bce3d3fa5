"""Whole games between computer players, each seeing only its own view (for bench/ and tests)."""
from __future__ import annotations

import time

import engine

R = engine.get_rules("confrontation")
SEATS = ("fp", "sp")  # the Fellowship's player, then Sauron's


def play(fellowship, sauron, seed: int, options: dict | None = None, times: dict | None = None) -> dict:
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
