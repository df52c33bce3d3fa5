"""Decisions that ask nothing, taken for the players who chose so (option `auto_pass`, docs/lcg.md).

An action window in which such a player could only pass is passed for them (event `passed` with
`auto`), and any other decision of theirs that the rules leave with a single legal action is answered
with it. What "could only" means is `legal`: the same list the player would be offered. Others may read
an instant pass as "nothing could be played": the setting is each player's own (on for a player alone).
"""
from __future__ import annotations

from collections.abc import Callable

from .actions import legal
from .flow import run
from .play import window_actions
from .round import window_pass

PASS = {"type": "pass"}


def settle(s: dict, answer: Callable[[str, dict, dict], None]) -> None:
    """Take every decision that asks nothing of an auto-passing player, until one asks something.
    `answer(player, action, s)` applies a legal action as the player would."""
    auto = s["options"].get("auto_pass") or {}
    if not any(auto.values()):
        return
    while s["result"] is None and (d := s["decision"]) is not None:
        if d["kind"] == "window":
            idle = next((p for p in d["waiting"] if auto.get(p) and window_actions(s, p) == [PASS]), None)
            if idle is None:
                return
            window_pass(s, d, idle, auto=True)
            run(s)
            continue
        player = d["player"]
        only = legal(s, player) if auto.get(player) else []
        if len(only) != 1:
            return
        answer(player, dict(only[0]), s)  # as apply would pass it: a plain dict
