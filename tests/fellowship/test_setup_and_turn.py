"""Setup, the turn, movement and the end of a turn."""
from engine.fellowship.movement import walk as _walk
from tests.fellowship.helpers import (
    R,
    at_move,
    find,
    game,
    place,
    play,
    refused,
    set_stage,
    top_event,
    waiting,
)


def test_four_players_play_the_four_hobbits():
    s = game(4)
    assert [s["p"][f"p{i}"]["hobbit"] for i in range(4)] == ["frodo", "sam", "merry", "pippin"]


def test_three_players_leave_pippin_out_by_default():
    s = game(3)
    assert [s["p"][f"p{i}"]["hobbit"] for i in range(3)] == ["frodo", "sam", "merry"]


def test_three_players_may_leave_merry_out_instead():
    s = game(3, left_out="merry")
    assert [s["p"][f"p{i}"]["hobbit"] for i in range(3)] == ["frodo", "sam", "pippin"]


def test_two_or_five_players_or_unknown_options_are_refused():
    import pytest

    from engine import IllegalAction
    for players in (["a", "b"], ["a", "b", "c", "d", "e"], ["a", "a", "b"], "abc"):
        with pytest.raises(IllegalAction):
            R.new_game(players, {}, 1)
    with pytest.raises(IllegalAction):
        R.new_game(["a", "b", "c"], {"colour": "red"}, 1)


def test_each_player_starts_with_three_movement_points_and_one_hero_point():
    s = game(4, seed=5)
    first = s["queue"][0]["player"]
    for pid, p in s["p"].items():
        bonus = 1 if pid == first and sum(s["turn"]["dice"]) < 6 else 0
        assert (p["mp"], p["hero"]) == (3 + bonus, 1)


def test_frodo_holds_the_ring_and_rolls_first_from_the_front_grey_space():
    s = game(4)
    assert s["ring"] == "p0"
    assert waiting(s) == ("move", "p0")
    assert [s["p"][f"p{i}"]["pos"] for i in range(4)] == [4, 3, 2, 1]
    assert s["turn"]["order"] == ["p0", "p1", "p2", "p3"]


def test_stage_one_uses_only_its_own_event_and_enemy_cards_shuffled():
    s = game(4)
    assert len(s["decks"]["event"]) == 8 and len(s["decks"]["enemy"]) == 9
    assert "hidden" in s["decks"]["event"] and "asfaloth" not in s["decks"]["event"]
    other = game(4, seed=2)
    assert s["decks"] != other["decks"]


def test_the_ring_bearer_secretly_sees_the_top_event_and_enemy_cards():
    s = game(4)
    v = R.view(s, "p0")
    assert v["peek"] == {"event": s["decks"]["event"][0], "enemy": s["decks"]["enemy"][0]}
    for viewer in ("p1", "p2", "p3", None):
        assert "peek" not in R.view(s, viewer)


def test_a_movement_point_when_the_two_dice_sum_to_less_than_six():
    for seed in range(200):
        s = game(4, seed=seed)
        if sum(s["turn"]["dice"]) < 6:
            assert s["p"]["p0"]["mp"] == 4
            assert find(s["log"], "points", player="p0", why="low_roll")
            return
    raise AssertionError("no low roll found")  # pragma: no cover


def test_no_movement_point_when_the_dice_sum_to_six_or_more():
    for seed in range(200):
        s = game(4, seed=seed)
        if sum(s["turn"]["dice"]) >= 6:
            assert s["p"]["p0"]["mp"] == 3
            return
    raise AssertionError  # pragma: no cover


def test_the_other_die_is_kept_as_strength():
    s = at_move(game(4), "p0", [2, 5])
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 2})
    assert find(ev, "dice_assigned", player="p0", movement=2, strength=5)


def test_movement_counts_only_empty_spaces():
    s = place(game(4), p0=4, p1=5, p2=2, p3=1)
    s = at_move(s, "p0", [2, 5])
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 2})
    assert s2["p"]["p0"]["pos"] == 7  # 5 is skipped


def test_passing_over_an_event_space_draws_nothing():
    s = place(game(4), p0=4, p1=5, p2=2, p3=1)
    s = at_move(s, "p0", [2, 5])
    _, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 2})  # passes space 6
    assert not find(ev, "event_drawn")


def test_landing_on_an_event_space_draws_the_top_event_card():
    s = top_event(place(game(4), p0=4, p1=3, p2=2, p3=1), "bilbos_stories")
    s = at_move(s, "p0", [2, 5])
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 2})  # 4 -> 6
    assert find(ev, "event_drawn", player="p0", card="bilbos_stories")
    assert "bilbos_stories" in s2["discards"]["event"]


def test_movement_points_lengthen_a_move_up_to_six_spaces():
    s = at_move(place(game(4), p0=4, p1=3, p2=2, p3=1), "p0", [2, 5])
    s2, _ = play(s, "p0", {"type": "move", "die": 2, "steps": 5})
    assert s2["p"]["p0"]["pos"] == 9 and s2["p"]["p0"]["mp"] == 0
    assert refused(s, "p0", {"type": "move", "die": 5, "steps": 7}) == "bad_steps"


def test_movement_points_shorten_a_move_down_to_zero_but_never_backwards():
    s = at_move(place(game(4), p0=4, p1=3, p2=2, p3=1), "p0", [2, 5])
    s2, _ = play(s, "p0", {"type": "move", "die": 2, "steps": 0})
    assert s2["p"]["p0"]["pos"] == 4 and s2["p"]["p0"]["mp"] == 1
    assert refused(s, "p0", {"type": "move", "die": 2, "steps": -1}) == "bad_steps"


def test_a_move_costing_more_points_than_held_is_refused():
    s = at_move(game(4), "p0", [1, 2])
    assert refused(s, "p0", {"type": "move", "die": 1, "steps": 5}) == "not_enough_movement"
    assert {"type": "move", "die": 1, "steps": 4} in R.legal_actions(s, "p0")
    assert {"type": "move", "die": 1, "steps": 5} not in R.legal_actions(s, "p0")


def test_a_die_not_rolled_cannot_be_used():
    s = at_move(game(4), "p0", [1, 2])
    assert refused(s, "p0", {"type": "move", "die": 6, "steps": 6}) == "bad_die"


def test_only_the_player_asked_may_act():
    s = at_move(game(4), "p0", [1, 2])
    assert refused(s, "p1", {"type": "move", "die": 1, "steps": 1}) == "not_your_turn"
    assert R.legal_actions(s, "p1") == []
    assert R.waiting_for(s) == ["p0"]


def test_players_move_clockwise_from_the_leading_hobbit():
    s = place(game(4), p0=1, p1=2, p2=9, p3=3)
    s = at_move(s, "p0", [1, 2])
    s2, _ = play(s, "p0", {"type": "move", "die": 1, "steps": 0})  # ends the turn (no enemy cards)
    assert s2["turn"]["order"] == ["p2", "p3", "p0", "p1"]
    assert waiting(s2) == ("move", "p2")


def test_the_ring_passes_to_the_leader_when_the_ring_bearer_is_last_at_the_end_of_a_turn():
    s = place(game(4), p0=1, p1=5, p2=9, p3=3)
    s = at_move(s, "p0", [1, 2])
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 0})
    assert s2["ring"] == "p2"
    assert find(ev, "ring_passed", to="p2")


def test_the_ring_bearer_keeps_the_ring_when_not_last():
    s = place(game(4), p0=4, p1=5, p2=9, p3=3)
    s = at_move(s, "p0", [1, 2])
    s2, _ = play(s, "p0", {"type": "move", "die": 1, "steps": 0})
    assert s2["ring"] == "p0"


def test_reaching_the_end_of_a_stage_needs_the_smaller_die():
    s = place(game(4), p0=20, p1=3, p2=2, p3=1)  # finish is 23: three steps away
    s = at_move(s, "p0", [3, 5])
    assert refused(s, "p0", {"type": "move", "die": 5, "steps": 5}) == "finish_needs_lower_die"
    assert refused(s, "p0", {"type": "move", "die": 5, "steps": 3}) == "finish_needs_lower_die"
    s2, _ = play(s, "p0", {"type": "move", "die": 5, "steps": 2})  # stopping short is fine
    assert s2["p"]["p0"]["pos"] == 22
    s3, ev = play(s, "p0", {"type": "move", "die": 3, "steps": 3})
    assert find(ev, "arrived", player="p0", rank=1)


def test_movement_points_help_reach_the_end_with_the_smaller_die():
    s = place(game(4), p0=18, p1=3, p2=2, p3=1)
    s = at_move(s, "p0", [2, 6])
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 5})
    assert find(ev, "arrived", player="p0") and s2["p"]["p0"]["mp"] == 0


def test_equal_dice_may_reach_the_end():
    s = at_move(place(game(4), p0=20, p1=3, p2=2, p3=1), "p0", [4, 4])
    _, ev = play(s, "p0", {"type": "move", "die": 4, "steps": 4})
    assert find(ev, "arrived", player="p0")


def test_the_walk_counts_the_finish_as_reached_beyond_the_last_space():
    s = place(game(4), p0=21, p1=22, p2=2, p3=1)
    assert _walk(s, "p0", 1) == 23


def test_view_shows_the_dice_and_the_legal_moves_to_the_mover():
    s = at_move(game(4), "p0", [1, 2])
    v = R.view(s, "p0")
    assert v["turn"]["dice"] == [1, 2] and v["decision"]["kind"] == "move"
    assert v["legal_actions"] == R.legal_actions(s, "p0")
    assert "legal_actions" not in R.view(s, "p1")


def test_the_peeked_cards_leave_the_ring_bearers_view_once_drawn_or_revealed():
    s = top_event(place(game(4), p0=5, p1=3, p2=2, p3=1), "slipped")
    card, enemy = "slipped", s["decks"]["enemy"][0]
    s["peek"] = {"player": "p0", "event": card, "enemy": enemy}
    at_move(s, "p0", [1, 4], fights=True)
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "event_drawn", card=card)
    assert R.view(s2, "p0")["peek"]["event"] is None
    assert find(ev, "enemy_revealed", card=enemy) and R.view(s2, "p0")["peek"]["enemy"] is None


def test_the_move_decision_names_each_destination_and_what_stops_there():
    s = set_stage(game(4), 2)
    place(s, p0=10, p1=13, p2=3, p3=4)
    s["ring"] = "p0"
    at_move(s, "p0", [1, 3], mp=1)
    d = R.view(s, None)["decision"]
    got = {(o["die"], o["steps"]): (o["to"], o["stop"], o["cost"]) for o in d["options"]}
    # die 1: stay (1 point), 11, Weathertop (1 point); die 3: 2, 3 and 4 steps all stop on Weathertop,
    # so only the free 3 is offered.
    assert got == {(1, 0): (10, None, 1), (1, 1): (11, None, 0), (1, 2): (12, "weathertop", 1),
                   (3, 3): (12, "weathertop", 0)}
    assert d["finish_needs_lower_die"] is False


def test_the_move_decision_says_when_the_bigger_die_may_not_reach_the_end():
    s = place(game(4), p0=20, p1=3, p2=2, p3=1)
    at_move(s, "p0", [1, 3], mp=0)
    d = R.view(s, None)["decision"]
    assert d["finish_needs_lower_die"] is True
    assert all(o["to"] != 23 for o in d["options"] if o["die"] == 3)
