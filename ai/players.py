"""The players and how to make one by level."""
from __future__ import annotations

from engine.confrontation.action_types import ConfrontationAction
from engine.kernel import Rng

from .choices import confrontation_legal

LEVELS = ("random", "greedy", "easy", "normal", "hard")


class RandomPlayer:
    """Uniform among the legal actions: the floor every other player is measured against."""

    def __init__(self, seed: int = 0):
        self.rng = Rng(Rng.from_seed(seed))

    def choose(self, view: dict) -> ConfrontationAction:
        acts = confrontation_legal(view)
        return acts[self.rng.below(len(acts))]


def make_player(level: str, seed: int = 0):
    """A Confrontation player: "random", "greedy", or an ISMCTS level "easy" / "normal" / "hard" (its
    iterations and its cap in CPU seconds: ai.ismcts.BUDGETS, SECONDS)."""
    from .greedy import GreedyPlayer
    from .ismcts import BUDGETS, SECONDS, IsmctsPlayer

    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level in BUDGETS:
        return IsmctsPlayer(BUDGETS[level], seed, SECONDS[level])
    raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
