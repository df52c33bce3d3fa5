"""War of the Ring (2nd edition), part 1 of 3: the board, the turn, the action dice, the Fellowship, the
Hunt and Mordor (docs/wotr.md). Armies and battles come with part 2; event card play with part 3.

Where each rule lives: state.py (facts, copying, small queries), setup.py (a new game), turn.py (the six
phases and the Ring victories), dice.py (dice, Hunt allocation, Elven Rings), fellowship.py (moving,
hiding, declaring, separating, the guide, entering Mordor), hunt.py (Hunt roll, tiles, damage, reveal),
mordor.py (the Mordor track), characters.py (companions, minions, Nazgûl, Gandalf the White, Aragorn),
politics.py (activation, diplomacy), events.py (decks, drawing, hand limit), die_payment.py (what the
dice held pay for, spending one), listing.py (legal actions), actions.py (checking and applying them),
view.py (views, result, dump and load).
"""
from __future__ import annotations

from typing import Any

from engine.kernel import GameRules

from .actions import check
from .setup import new_game
from .listing import legal_actions
from .seats import seat_of
from .state import FP, GAME, SH, copy_state
from .view import SAVE_KEYS, result, view, waiting_for


class WotrRules(GameRules):
    """The kernel's apply (engine/kernel.py) with this game's check and copy; a result that is a copy."""

    name = GAME
    SAVE_KEYS = SAVE_KEYS
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    check = staticmethod(check)
    clone = staticmethod(copy_state)
    view = staticmethod(view)
    waiting_for = staticmethod(waiting_for)
    result = staticmethod(result)

    def load(self, text: str) -> dict:
        state = super().load(text)
        state.setdefault("table", {FP: [], SH: []})     # saves made before cards could stay on the table
        state.setdefault("abilities_used", [])         # and before once-a-turn abilities were counted
        return state

    def seat(self, state: dict, player: Any) -> str | None:
        return seat_of(state, player) if isinstance(player, str) else None


RULES = WotrRules()

__all__ = ["RULES", "WotrRules"]
