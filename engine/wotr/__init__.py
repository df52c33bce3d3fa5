"""War of the Ring (2nd edition), part 1 of 3: the board, the turn, the action dice, the Fellowship, the
Hunt and Mordor (docs/wotr.md). Armies and battles come with part 2; event card play with part 3.

Where each rule lives: state.py (facts, copying, small queries), setup.py (a new game), turn.py (the six
phases and the Ring victories), dice.py (dice, Hunt allocation, Elven Rings), fellowship.py (moving,
hiding, declaring, separating, the guide, entering Mordor), hunt.py (Hunt roll, tiles, damage, reveal),
mordor.py (the Mordor track), characters.py (companions, minions, Nazgûl, Gandalf the White, Aragorn),
politics.py (activation, diplomacy), events.py (decks, drawing, hand limit), actions.py (legal actions
and apply), view.py (views, result, dump and load).
"""
from __future__ import annotations

from .actions import apply, legal_actions
from .setup import new_game
from .state import GAME
from .view import dump, load, result, view, waiting_for


class WotrRules:
    name = GAME
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    waiting_for = staticmethod(waiting_for)
    result = staticmethod(result)
    dump = staticmethod(dump)
    load = staticmethod(load)


RULES = WotrRules()

__all__ = ["RULES", "WotrRules"]
