"""The Confrontation (Deluxe edition): Classic, Variant, Draft, special cards, two-game match.

Where each rule lives: board.py (the map), moves.py (who may go where), turns.py (turns, moves,
the end of the game), combat.py (fights: texts, cards, strengths), specials.py (special cards),
setup.py (specials, draft, placement), actions.py (each decision's actions), view.py (secrets).
"""
from __future__ import annotations

from engine.kernel import IllegalAction, dump_json, load_json

from . import actions, specials, turns
from .setup import new_state
from .state import clone, side_of_player
from .view import view as _view


class ConfrontationRules:
    name = "confrontation"

    def new_game(self, players, options, seed) -> dict:
        return new_state(players, options, seed)

    def waiting_for(self, state: dict) -> list[str]:
        return [state["sides"][x] for x in state["decision"]["sides"]]

    def legal_actions(self, state: dict, player) -> list[dict]:
        side = side_of_player(state, player)
        if side is None or state["phase"] == "over":
            return []
        out = actions.legal(state, side)
        if state["phase"] == "play":
            out = out + actions.shuffles(state, side) + specials.palantir(state, side)
        return out

    def apply(self, state: dict, player, action) -> tuple[dict, list[dict]]:
        side = side_of_player(state, player)
        if side is None:
            raise IllegalAction("not_a_player", player=player)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed_action", action=action)
        if state["phase"] == "over":
            raise IllegalAction("game_over")
        kind = state["decision"]["kind"]
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
        s = clone(state)
        start = len(s["log"])
        try:
            handler(s, side, action)
        except turns.GameOver:
            pass
        return s, s["log"][start:]

    def view(self, state: dict, viewer) -> dict:
        return _view(state, viewer)

    def result(self, state: dict) -> dict | None:
        return state["result"]

    def dump(self, state: dict) -> str:
        return dump_json(state)

    def load(self, text: str) -> dict:
        return load_json(text, "confrontation")


RULES = ConfrontationRules()
