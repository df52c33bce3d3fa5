"""Random legal play ends with every kind of result (issue 11): seeds found by bench/wotr_endings.py,
replayed here through the kernel (RULES.legal_actions, then RULES.apply) with the same policy
(ai/wotr_random_players.py), each asserting its ending."""
import random

import pytest

from ai.wotr_random_players import pick
from engine.wotr.armies import victory_points
from engine.wotr.state import FP, SH
from tests.wotr.helpers import R


def _replay(seed: int, policy: str) -> dict:
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        s, _ = R.apply(s, pid, pick(rnd, s, R.legal_actions(s, pid), policy))
    return s


def test_a_random_shadow_playing_for_war_wins_by_ten_victory_points():
    s = _replay(6, "war")
    assert R.result(s)["reason"] == "military" and R.result(s)["side"] == SH
    assert victory_points(s)[SH] >= 10


def test_a_random_free_peoples_player_wins_by_four_victory_points():
    s = _replay(489, "war")         # rare: 2 games in 600 (docs/wotr.md)
    assert R.result(s)["reason"] == "military" and R.result(s)["side"] == FP
    assert victory_points(s)[FP] >= 4 and victory_points(s)[SH] < 10


@pytest.mark.parametrize("seed,policy,reason,side", [(7, "war", "ring_destroyed", FP), (0, "war", "corruption", SH)])
def test_random_play_ends_by_the_ring_destroyed_and_by_corruption(seed, policy, reason, side):
    s = _replay(seed, policy)
    assert R.result(s)["reason"] == reason and R.result(s)["side"] == side
    if reason == "corruption":
        assert s["fellowship"]["corruption"] >= 12
    else:
        assert s["fellowship"]["mordor"] is not None and s["fellowship"]["corruption"] < 12
