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

from collections.abc import Callable
from functools import partial

from engine.kernel import GameRules, IllegalAction

from . import actions, campaign, combat, encounter, quest, round  # noqa: F401  (tasks register on import)
from .action_types import LcgAction
from .auto import settle
from .effects import load_all
from .flow import GameOver, run, unwind, waiting
from .setup import new_state
from .state import clone
from .view import view as _view
from .view_types import LcgView


def _answer(player: str, action: dict, s: dict) -> None:
    """Answer the decision, then run the task stack until the next decision (or the end)."""
    d, s["decision"] = s["decision"], None
    try:
        actions.HANDLERS[d["kind"]](s, player, d, action)
    except GameOver as over:
        unwind(s, over)
    run(s)


def _play(player: str, action: dict, s: dict) -> None:
    """The player's action, then whatever asks nothing of the players who chose to be spared it."""
    _answer(player, action, s)
    settle(s, _answer)


class LcgRules(GameRules):
    name = "lcg"
    SAVE_KEYS = ("players", "decision", "tasks", "inplay", "ids", "order")
    # Events that show nothing hidden (table/undo.py): choices made with cards in play, in the open.
    # A card drawn, played from a hand, revealed from the encounter deck or dealt as a shadow is not one.
    QUIET_EVENTS = frozenset({"passed", "committed", "exhausted", "readied", "traveled", "engaged", "attacker",
                              "defender", "progress", "threat", "damaged", "healed", "resources", "phase",
                              "first_player", "quest_resolved", "explored", "destroyed", "undefended",
                              "player_attack"})

    def new_game(self, players: list[str], options: dict | None, seed: int | str) -> dict:
        s = new_state(players, options, seed)
        settle(s, _answer)
        return s

    def waiting_for(self, state: dict) -> list[str]:
        return waiting(state["decision"]) if state["result"] is None else []

    def legal_actions(self, state: dict, player: str) -> list[LcgAction]:
        return actions.legal(state, player)

    def seat(self, state: dict, player: str) -> str | None:
        return player if player in state["players"] else None

    def clone(self, state: dict) -> dict:
        return clone(state)

    def check(self, state: dict, player: str, action: dict) -> Callable[[dict], None]:
        if player not in waiting(state["decision"]):
            raise IllegalAction("not_your_turn", waiting_for=", ".join(self.waiting_for(state)))
        if action not in actions.legal(state, player):
            raise actions.refuse(state, player, action)
        return partial(_play, player, action)

    def view(self, state: dict, viewer: str | None) -> LcgView:
        return _view(state, viewer)

    def load(self, text: str) -> dict:
        state = super().load(text)
        for r in state["inplay"].values():   # saves made before the key was spelled out
            if "exh" in r:
                r["exhausted"] = r.pop("exh")
        return state


# Every card effect registers now, not on the first new_game: a game loaded from a dump in a fresh
# process must find the same registry as the process that started it.
load_all()
RULES = LcgRules()
