"""Every game restores cold: dumped mid-play, loaded in a fresh process with another hash seed, it goes
on with the same states and the same legal actions as the game that never stopped."""
from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from tests.restore_check import continue_elsewhere, play

STEPS = 240
DUMP_AT = [0, 7, 60, 150, 239]


def _most_players(rules) -> int:
    """The largest table the engine accepts (engines are tested here, declared or not)."""
    accepted = []
    for n in range(1, 9):
        try:
            rules.new_game([f"p{i}" for i in range(n)], {}, 0)
        except IllegalAction:
            continue
        accepted.append(n)
    return max(accepted)


@pytest.mark.parametrize("game", engine.available_games())
def test_a_dumped_game_goes_on_identically_in_a_fresh_process(game):
    most = _most_players(engine.get_rules(game))
    for seed in (1, 2):
        played = play(game, [f"p{i}" for i in range(most)], seed, STEPS, DUMP_AT)
        assert played.dumps, "the game ended before the first dump"
        elsewhere = continue_elsewhere(played)
        for step, prints in elsewhere.items():
            live = played.prints[step:]
            assert len(prints) == len(live)
            first = next((i for i, (a, b) in enumerate(zip(prints, live)) if a != b), None)
            assert first is None, f"{game} seed {seed}: dumped at {step}, diverged {first} steps later"
