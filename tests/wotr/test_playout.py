"""The playout path (engine/wotr/playout.py: one copy, then in place, no check) plays exactly the rules
of `RULES.apply`: same lists (less the army actions when asked), same states, same events, and the
state it started from is untouched."""
import random

import pytest

from engine import Rng
from engine.wotr import playout
from engine.wotr.playout import ARMY_TYPES
from engine.wotr.playout import random_action as pick
from engine.wotr.state import FP
from tests.wotr.helpers import R

PLAYER = {FP: "fp", "shadow": "sh"}


def _rules_part(s):
    return {k: v for k, v in s.items() if k not in ("log", "history")}


def _unnumbered(events):
    return [{k: v for k, v in e.items() if k != "n"} for e in events]


@pytest.mark.parametrize("seed,policy", [(10, "type"), (11, "quest"), (12, "uniform")])
def test_a_playout_plays_the_same_game_as_apply_step_for_step(seed, policy):
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    p = playout.start(s)
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        assert PLAYER[playout.to_play(p)] == pid
        acts = R.legal_actions(s, pid)
        assert playout.legal(p) == acts
        assert playout.legal(p, ARMY_TYPES) == [a for a in acts if a["type"] not in ARMY_TYPES]
        a = pick(rnd, acts, policy)
        s, events = R.apply(s, pid, a)
        assert _unnumbered(playout.step(p, a)) == _unnumbered(events)
        assert _rules_part(p) == _rules_part(s)
    assert playout.to_play(p) is None and p["result"] == R.result(s)


def test_a_playout_leaves_the_state_it_started_from_untouched():
    rnd = random.Random(5)
    s = R.new_game(["fp", "sh"], {}, 5)
    for _ in range(300):                      # a position well into the game, armies moved
        pid = R.waiting_for(s)[0]
        s, _ = R.apply(s, pid, pick(rnd, R.legal_actions(s, pid), "type"))
    before = R.dump(s)
    for seed in range(3):
        p = playout.start(s)
        p["rng"] = Rng.from_seed(seed)        # other draws than the game's own
        while playout.to_play(p):
            playout.step(p, pick(rnd, playout.legal(p), "type"))
        assert p["result"]
    assert R.dump(s) == before
