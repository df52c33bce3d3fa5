"""War of the Ring (2nd edition): the whole game's rules, 2 to 4 players (docs/wotr.md). The computer
players' helpers (the in-place playout, random players, the sampler) are in ai/wotr_*.py, not here.

Where each rule lives:
- the kernel's entry: this file (`RULES`: check, copy, view, load);
- facts and shapes: state.py (the facts as plain dicts, copying, the dice, `log_event` for the log,
  small queries), types.py (the actions' and the view's shapes), coast.py (the coastal regions),
  seats.py (who plays what in the 2-, 3- and 4-player games);
- a game and its turn: setup.py (a new game), turn.py (the six phases, the Ring victories), dice.py
  (dice, Hunt allocation, the roll, the Elven Rings), die_payment.py (what the dice held pay for,
  spending one);
- the Ring: fellowship.py (moving, hiding, declaring, separating, the guide, entering Mordor), hunt.py
  (Hunt roll, tiles, damage, casualties, reveal), mordor.py (the Mordor track);
- characters and politics: characters.py (companions, minions, Nazgûl, Gandalf the White, Aragorn),
  abilities.py (the characters' special abilities but the Hunt's), politics.py (activation, diplomacy,
  automatic advances);
- war: armies.py (moves, recruiting, stacking, sieges, capture, victory points), battle.py (battles,
  sieges, sorties, relief);
- event cards, in cards/: cards/decks.py (the decks, drawing, the hand limit, the team exchange),
  cards/play.py (playing a card's event half: paying, discarding, what follows), cards/effects.py (what
  the cards share: the EventCard entry, recruiting, hits, cards on the table), cards/free_peoples.py and
  cards/shadow.py (each side's event halves), cards/combat.py (the combat halves), cards/who_plays.py
  (which player of a team may play a card);
- what players are offered and see: listing.py (the legal actions), actions.py (checking and applying
  them), view.py (views, whom the game waits for, the result), starts.py (where the die actions naming no
  region begin on the map, in the deciding player's view).

"Event" means an entry of the log (what `apply` returns); the game's event cards are "cards".
tests/wotr/test_package_map.py holds this map to the package's files.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.kernel import GameRules

from .actions import check
from .listing import legal_actions
from .seats import seat_of
from .setup import new_game
from .state import FP, GAME, SH, copy_state
from .types import WotrView
from .view import SAVE_KEYS, result, view, waiting_for


class WotrRules(GameRules):
    """The kernel's apply (engine/kernel.py) with this game's check and copy; a result that is a copy."""

    name = GAME
    SAVE_KEYS = SAVE_KEYS
    # Events that show nothing hidden (table/undo.py): armies, characters and politics moved in the open.
    # Dice, Hunt tiles and cards drawn or played are not (the first two also move the random state).
    QUIET_EVENTS = frozenset({"die_used", "passed", "dice_discarded", "dice_to_hunt", "die_changed", "elven_ring",
                              "army_moved", "army_advanced", "army_retreated", "recruited", "nation_activated",
                              "political_advance", "political_retreat", "at_war", "minion_moved", "nazgul_moved",
                              "character_enters", "minion_enters", "companions_moved", "companions_separated",
                              "guide", "hunt_allocation", "unit_promoted", "unit_replaced", "units_upgraded",
                              "unit_removed", "casualty", "battle_started", "battle_won", "battle_ceased",
                              "siege_started", "siege_pressed", "siege_retreat", "settlement_captured"})
    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)     # list[WotrAction]: listing.py builds the types.py shapes
    check = staticmethod(check)
    clone = staticmethod(copy_state)
    # The view as types.py says: view.py copies the state's own dicts (the decision is the ask as the rules
    # keep it), which mypy cannot check key by key; tests/conformance/test_typed_seams.py holds every
    # view of seeded games to WotrView.
    view = staticmethod(cast(Callable[[dict, Any], WotrView], view))
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
