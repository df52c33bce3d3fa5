"""The Confrontation (Deluxe edition): Classic, Variant, Draft, special cards, two-game match.

Where each rule lives: board.py (the map), moves.py (who may go where), turns.py (turns, moves,
the end of the game), combat.py (fights: texts, cards, strengths), specials.py (special cards),
setup.py (specials, draft, placement), actions.py (each decision's actions), view.py (secrets).
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial

from engine.kernel import GameRules, IllegalAction

from . import actions, specials, turns
from .action_types import ConfrontationAction
from .sampler import sample as _sample
from .setup import new_state
from .state import clone, side_of_player
from .view import view as _view
from .view_types import ConfrontationView


def _play(handler: Callable[[dict, str, dict], None], side: str, action: dict, s: dict) -> None:
    with contextlib.suppress(turns.GameOver):
        handler(s, side, action)


class ConfrontationRules(GameRules):
    name = "confrontation"
    # What an action may show without taking it back being unfair (table/undo.py): a move or a placement
    # names no hidden character, a card chosen stays face down until both are (then "cards_revealed").
    QUIET_EVENTS = frozenset({"moved", "placed", "game_started", "turn", "card_chosen"})

    def new_game(self, players, options, seed) -> dict:
        return new_state(players, options, seed)

    def waiting_for(self, state: dict) -> list[str]:
        return [state["sides"][x] for x in state["decision"]["sides"]]

    def legal_actions(self, state: dict, player) -> list[ConfrontationAction]:
        side = side_of_player(state, player)
        if side is None or state["phase"] == "over":
            return []
        out = actions.legal(state, side)
        if state["phase"] == "play":
            out = out + actions.shuffles(state, side) + specials.palantir(state, side)
        return out

    def seat(self, state: dict, player) -> str | None:
        return side_of_player(state, player)

    def over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def clone(self, state: dict) -> dict:
        return clone(state)

    def check(self, state: dict, side: str, action: dict) -> Callable[[dict], None]:
        kind = state["decision"]["kind"]
        handler: Callable[[dict, str, dict], None]
        if action["type"] == "shuffle" and state["phase"] == "play":
            if action not in actions.shuffles(state, side):
                raise IllegalAction("cannot_shuffle", region=action.get("region"))
            handler = actions.do_shuffle
        elif action in specials.palantir(state, side):
            handler = specials.play  # at any moment of Sauron's turn; the decision stays as it was
        elif side not in state["decision"]["sides"]:
            raise IllegalAction("not_your_decision", waiting=kind)
        elif kind in actions.SETUP_HANDLERS:
            if action["type"] != actions.legal_type(kind):
                raise IllegalAction("unexpected_action", expected=kind, got=action["type"])
            handler = actions.SETUP_HANDLERS[kind]
        else:
            allowed = actions.legal(state, side)
            if action not in allowed:
                raise actions.diagnose(state, side, action, allowed)
            handler = actions.HANDLERS[kind]
        return partial(_play, handler, side, action)

    def view(self, state: dict, viewer) -> ConfrontationView:
        return _view(state, viewer)

    def sample(self, view: dict, rng) -> dict:
        """Optional part of the protocol (docs/kernel.md): a full state the viewer cannot tell from the
        true one, secrets drawn from `rng` (an engine.Rng)."""
        return _sample(view, rng)


RULES = ConfrontationRules()
