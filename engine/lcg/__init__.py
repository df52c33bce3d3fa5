"""The Lord of the Rings: The Card Game (Core Set): Passage Through Mirkwood, 1-4 players.

Where each rule lives: setup.py (setup and mulligans), round.py (the seven phases and the action
windows), quest.py (commitment, staging, quest resolution, stages, travel), encounter.py
(engagement), combat.py (shadow cards, enemy and player attacks), board.py (cards entering and
leaving play, damage, threat, elimination, the end of the game), payment.py (paying costs),
play.py (playing cards and Action abilities), triggers.py (responses and forced effects),
stats.py (current stat values, lasting effects), effects/ (every card's text), actions.py (each
decision's actions), view.py (secrets), flow.py (the task stack that runs it all).
"""
from __future__ import annotations

from engine.kernel import BadSave, IllegalAction, dump_json, load_json

from . import actions, combat, encounter, quest, round  # noqa: F401  (tasks register on import)
from .effects import load_all
from .flow import GameOver, run, waiting
from .setup import new_state
from .state import clone
from .view import view as _view


class LcgRules:
    name = "lcg"

    def new_game(self, players, options, seed) -> dict:
        return new_state(players, options, seed)

    def waiting_for(self, state: dict) -> list[str]:
        return waiting(state["decision"]) if state["result"] is None else []

    def legal_actions(self, state: dict, player) -> list[dict]:
        return actions.legal(state, player)

    def apply(self, state: dict, player, action) -> tuple[dict, list[dict]]:
        if player not in state["players"]:
            raise IllegalAction("not_a_player", player=str(player)[:60])
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed_action", action=str(action)[:80])
        if state["result"] is not None:
            raise IllegalAction("game_over")
        d = state["decision"]
        if player not in waiting(d):
            raise IllegalAction("not_your_turn", waiting_for=", ".join(self.waiting_for(state)))
        if action not in actions.legal(state, player):
            raise actions.refuse(state, player, action)
        s = clone(state)
        start = len(s["log"])
        d = s["decision"]
        s["decision"] = None
        try:
            actions.HANDLERS[d["kind"]](s, player, d, action)
        except GameOver:
            s["tasks"] = []
        run(s)
        return s, s["log"][start:]

    def view(self, state: dict, viewer) -> dict:
        return _view(state, viewer)

    def result(self, state: dict) -> dict | None:
        return state["result"]

    def dump(self, state: dict) -> str:
        return dump_json(state)

    def load(self, text: str) -> dict:
        s = load_json(text, "lcg")
        for k in ("players", "decision", "tasks", "inplay", "ids", "order"):
            if k not in s:
                raise BadSave(f"missing {k}")
        return s


# Every card effect registers now, not on the first new_game: a game loaded from a dump in a fresh
# process must find the same registry as the process that started it.
load_all()
RULES = LcgRules()
