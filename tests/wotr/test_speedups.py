"""The speed-ups change no rule: seeded random games give the fingerprints recorded before them."""
import json

import pytest

from tests.wotr.trace import CHECKPOINT, FILE, GAMES, fingerprint


@pytest.mark.parametrize("seed,policy", GAMES)
def test_random_games_replay_the_recorded_fingerprints_step_for_step(seed, policy):
    want = json.loads(FILE.read_text())[f"{seed}:{policy}"]
    got = fingerprint(seed, policy)
    first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
    assert first is None, f"differs within steps {first * CHECKPOINT}-{(first + 1) * CHECKPOINT}"
    assert got == want
