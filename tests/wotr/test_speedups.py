"""The speed-ups change no rule: seeded random games give the fingerprints recorded before them."""
import json

import pytest

from engine.wotr.state import FP, SH, army_map, has_army_unit
from tests.wotr.helpers import game
from tests.wotr.trace import CHECKPOINT, FILE, GAMES, fingerprint


@pytest.mark.parametrize("seed,policy", GAMES)
def test_random_games_replay_the_recorded_fingerprints_step_for_step(seed, policy):
    want = json.loads(FILE.read_text())[f"{seed}:{policy}"]
    got = fingerprint(seed, policy)
    first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
    assert first is None, f"differs within steps {first * CHECKPOINT}-{(first + 1) * CHECKPOINT}"
    assert got == want


def test_the_army_map_holds_each_sides_regions_with_a_regular_or_an_elite_not_leaders_or_nazgul_alone():
    s = game()
    s["units"] = {"rivendell": {"elves": {"elite": 1, "leader": 1}}, "fangorn": {"sauron": {"nazgul": 2}},
                  "dol_amroth": {"gondor": {"leader": 1}}, "osgiliath": {"gondor": {"regular": 1},
                                                                          "sauron": {"regular": 2}}}
    assert army_map(s) == {FP: {"rivendell", "osgiliath"}, SH: {"osgiliath"}}
    assert all(has_army_unit(s, r, side) == (r in army_map(s)[side]) for r in s["units"] for side in (FP, SH))
