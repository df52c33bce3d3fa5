"""The games the conformance suite runs on: every declared game, plus the throwaway one of this folder.

Each declared game's test support is the module tests/<id>/conformance.py: SETUPS (players, options),
MAX_STEPS, choose(rnd, state, player, legal) (a random policy) and twin(state, viewer, rnd) (a state
differing only in what `viewer` cannot see, or None).
"""
from __future__ import annotations

import importlib
from types import ModuleType

import pytest

import games
from tests.conformance import hidden_number

GAME_IDS = [game.id for game in games.declared()] + [hidden_number.ID]


def support(game_id: str) -> ModuleType:
    if game_id == hidden_number.ID:
        return hidden_number
    return importlib.import_module(f"tests.{game_id}.conformance")


@pytest.fixture(params=GAME_IDS)
def game(request):
    """(declaration, test support) of each game in turn; the throwaway game is declared only meanwhile."""
    if request.param == hidden_number.ID:
        hidden_number.declare()
        yield games.get(hidden_number.ID), hidden_number
        hidden_number.withdraw()
    else:
        yield games.get(request.param), support(request.param)
