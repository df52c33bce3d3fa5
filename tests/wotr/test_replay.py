"""Forced draws (tests/wotr/helpers.py `forced`): any number of die faces and picks inside one apply,
queued for several actions in a row, so that a game recorded at a table replays step by step."""
import pytest

from engine.wotr.state import FP, SH, deep_copy, pick_index
from engine.wotr.state import rolls as rolls_
from tests.wotr.helpers import forced, game, play, rolls, top
from tests.wotr.test_armies import board
from tests.wotr.test_battle import attack, events
from tests.wotr.test_turn import to_allocation


def test_a_recorded_action_roll_a_hunt_and_its_tile_replay_across_actions_from_one_queue():
    s = to_allocation(game(5))
    forced(s,
           1, 5, 6, 3,                      # the Free Peoples' 4 dice: character, event, will, muster
           6, 2, 2, 1, 4, 5,                # the Shadow's 6 (one die in the Hunt box): eye, army x2, ...
           6, 3,                            # the Hunt: two dice (the allocated one and the Eye), one 6
           "d2_1")                          # the tile: 2 damage
    s, ev = play(s, SH, {"type": "allocate", "dice": 1})
    rolled = {e["side"]: e["faces"] for e in ev if e["type"] == "action_roll"}
    assert rolled == {FP: ["character", "event", "muster", "will_of_the_west"],
                      SH: ["army", "army", "character", "event", "eye", "muster_army"]}
    assert s["hunt"]["box"][SH] == 2 and s["forced"] == [6, 3, "d2_1"]       # left for the next action
    s, ev = play(s, FP, {"type": "move_fellowship", "die": "character"})
    hunt = next(e for e in ev if e["type"] == "hunt_roll")
    assert hunt["dice"] == [6, 3] and hunt["successes"] == 1
    assert [e["tile"] for e in ev if e["type"] == "hunt_tile"] == ["d2_1"]
    assert top(s) == {**top(s), "kind": "hunt_damage", "damage": 2} and "forced" not in s


def test_a_battle_s_seventeen_dice_and_re_rolls_replay_inside_one_apply():
    s = board({"north_ithilien": {"sauron": {"regular": 8, "nazgul": 4}},
               "south_ithilien": {"gondor": {"regular": 5, "leader": 2}}},
              {"witch_king": "north_ithilien"}, sh=["army"], fp=["event"], active=SH, war=["sauron", "gondor"])
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army",
                   1, 1, 1, 1, 6,                    # the Shadow's five combat dice: one hit
                   2, 2, 2, 2, 5,                    # the Free Peoples' five: one hit
                   5, 6, 1, 1,                       # the Shadow re-rolls its four misses (leadership 6)
                   6, 1)                             # the Free Peoples re-roll two (two leaders)
    sh_roll, fp_roll = events(ev, "combat_roll")
    assert sh_roll == {**sh_roll, "dice": [1, 1, 1, 1, 6], "rerolls": [5, 6, 1, 1], "hits": 3}
    assert fp_roll == {**fp_roll, "dice": [2, 2, 2, 2, 5], "rerolls": [6, 1], "hits": 2}
    assert "forced" not in s


def test_a_forced_draw_that_does_not_fit_the_random_call_is_refused():
    s = to_allocation(game())
    forced(s, "eye_1")                                  # a tile where the action roll rolls dice
    with pytest.raises(ValueError, match="not a die face"):
        play(s, SH, {"type": "allocate", "dice": 1})
    s = rolls(to_allocation(game()), *[1] * 10, 6, 6)  # then a die where a tile is drawn
    s, _ = play(forced(s, 6), SH, {"type": "allocate", "dice": 1})
    assert s["forced"] == [6, 6, 6]
    with pytest.raises(ValueError, match="is not one of"):
        play(s, FP, {"type": "move_fellowship", "die": "character"})


def test_once_the_forced_draws_are_used_up_the_game_s_own_generator_goes_on_where_it_stood():
    s = game(3)
    t = deep_copy(s)
    forced(s, 4, "strider", 4)
    assert rolls_(s, 1) == [4] and s["fellowship"]["companions"][pick_index(s, s["fellowship"]["companions"])] == "strider"
    assert rolls_(s, 4) == [4] + rolls_(t, 3) and s["rng"] == t["rng"] and "forced" not in s
