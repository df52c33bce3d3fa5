"""Build a position in the middle of a game: for tests, puzzles and rules look-ups."""
from __future__ import annotations

import contextlib

from . import turns
from .board import FELLOWSHIP, SAURON, SIDES
from .setup import deploy, new_state
from .state import SIDE_OF


def build(pieces, *, options=None, turn=SAURON, hands=None, discards=None, known=(), specials=None,
          seed=0, players=("fp", "sp")) -> dict:
    """A state in play where `turn` is to move. `pieces` are (character, region) pairs of both sides;
    `hands`/`discards` override {side: [cards]}; `known` lists characters the enemy already knows;
    `specials` gives {side: [special cards held]}."""
    s = new_state(list(players), options or {}, seed)
    s["draft"] = {x: [c for c, _ in pieces if SIDE_OF[c] == x] for x in SIDES}
    s["placed"] = {x: {} for x in SIDES}
    deploy(s, list(pieces))
    for side in SIDES:
        if hands and side in hands:
            s["hands"][side] = list(hands[side])
        if discards and side in discards:
            s["discards"][side] = list(discards[side])
        if specials and side in specials:
            s["specials"][side]["held"] = sorted(specials[side])
    for p in s["pieces"]:
        p["known"] = p["char"] in known
    with contextlib.suppress(turns.GameOver):
        turns.start_turn(s, turn)
    return s


__all__ = ["build", "FELLOWSHIP", "SAURON"]
