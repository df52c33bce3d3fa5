"""La Communauté (Kosmos 2001), the 3-4 player hobbits' race, on the kernel protocol (docs/fellowship.md).

The rules are pure functions over a JSON-safe state. Where each rule lives: state.py (constants, copying,
small helpers: the die, the log, points, decisions), setup.py (a new game, the start of a stage),
turns.py (the machine that runs the automatic steps, a turn's start and end, passing the Ring, the end of
a stage, the final scores), movement.py (moving, stopping, stepping back, arriving), adventures.py
(Weathertop, the Ford, the Bridge, the Watcher), events.py (event cards), fight.py (fights, companions'
help, rewards, weapons), actions.py (legal actions, checking and resolving an action), view.py (what each
player sees, waiting_for, result, dump and load). data.py loads the cards.
"""
from __future__ import annotations

from typing import Any

from engine.kernel import GameRules

from .actions import check, legal_actions
from .setup import new_game
from .state import GAME, copy_state
from .view import load, result, view, waiting_for


class FellowshipRules(GameRules):
    """The kernel's apply (engine/kernel.py) with this game's check; its own result (a copy) and load
    (a save of this version, every part present)."""

    name = GAME
    new_game = staticmethod(new_game)
    # Events that show nothing hidden (table/undo.py): the only secrets are the cards the Ring-bearer
    # peeks at, and dice and draws move the random state, which forbids an undo anyway.
    QUIET_EVENTS = frozenset({"moved", "arrived", "movement_given", "declined", "card_kept", "companion_stays",
                              "companion_declined", "companion_given", "companion_joined", "weapon_given",
                              "weapon_taken", "ring_passed", "turn_started", "turn_ended"})
    legal_actions = staticmethod(legal_actions)
    check = staticmethod(check)
    clone = staticmethod(copy_state)
    view = staticmethod(view)
    waiting_for = staticmethod(waiting_for)
    result = staticmethod(result)
    load = staticmethod(load)

    def seat(self, state: dict, player: Any) -> str | None:
        return player if isinstance(player, str) and player in state["p"] else None

    def over(self, state: dict) -> bool:
        return state.get("phase") != "play"


RULES = FellowshipRules()

__all__ = ["RULES", "FellowshipRules"]
