"""Computer opponents. Each player sees only what its seat may know: `choose(view)` gets the seat's
view (`rules.view(state, its_player)`, the public log included) and returns one legal action.

- players.RandomPlayer: uniform among the legal actions (any game).
- greedy.GreedyPlayer: a rule-based Confrontation baseline (attacks it expects to win, keeps the
  ring-bearer out of harm, runs him when the way is clear).
- ismcts.IsmctsPlayer: information-set Monte Carlo tree search for The Confrontation, over states
  drawn by the engine's sampler; levels easy / normal / hard by search budget.
See docs/ai.md.
"""
from __future__ import annotations

from .players import LEVELS, make_player

__all__ = ["LEVELS", "make_player"]
