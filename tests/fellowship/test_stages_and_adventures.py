"""Stage ends, Bree and Aragorn, Rivendell and the companions, the adventure spaces, the final score."""
from engine.fellowship.turns import _finish_game
from tests.fellowship.helpers import (
    R,
    at_move,
    find,
    game,
    place,
    play,
    refused,
    rolls,
    set_stage,
    top_event,
    waiting,
)


def arrive(s, pid, frm, dice=(1, 6), steps=None):
    """pid, on space `frm`, moves to the end of the stage with its smaller die (and points as needed)."""
    place(s, **{pid: frm})
    at_move(s, pid, list(dice))
    return play(s, pid, {"type": "move", "die": min(dice), "steps": steps or min(dice)})


# ---- stage ends

def test_finish_spaces_give_their_hero_points_best_first():
    s = place(game(4), p0=3, p1=2, p2=1)
    s2, ev = arrive(s, "p3", 22)  # p3 first to Bree
    assert find(ev, "arrived", player="p3", rank=1, value=4)
    assert s2["p"]["p3"]["hero"] == 5 and s2["p"]["p3"]["pos"] is None


def test_the_ring_bearer_gains_one_more_hero_point_at_the_end_of_a_stage():
    s = place(game(4), p1=3, p2=2, p3=1)
    s2, ev = arrive(s, "p0", 22)
    assert s2["p"]["p0"]["hero"] == 1 + 4 + 1


def test_bree_the_first_arrival_takes_aragorn():
    s = place(game(4), p0=3, p1=2, p2=1)
    s2, ev = arrive(s, "p3", 22)
    assert s2["p"]["p3"]["companions"] == ["aragorn"] and s2["aragorn"] is False
    s2["arrivals"]  # the second arrival gets nothing
    s3, ev = arrive(s2, "p2", 22)
    assert s3["p"]["p2"]["companions"] == []


def test_a_finished_hobbit_no_longer_moves_or_fights():
    s = place(game(4), p0=3, p1=2, p2=1)
    s2, _ = arrive(s, "p3", 22)
    assert "p3" not in (s2["turn"] or {}).get("order", []) or s2["turn"]["index"] > s2["turn"]["order"].index("p3")
    from engine.fellowship.state import leader as _leader
    assert _leader(s2) != "p3"


def test_when_all_but_one_have_arrived_the_last_is_placed_at_once():
    s = place(game(4), p0=None, p1=None, p2=5)
    s["arrivals"] = ["p0", "p1"]
    s["p"]["p0"]["rank"], s["p"]["p1"]["rank"] = 1, 2
    s2, ev = arrive(s, "p3", 22)
    assert find(ev, "last_hobbit_placed", player="p2")
    assert find(ev, "arrived", player="p2", rank=4, value=1)
    assert s2["stage"] == 2


def test_the_ring_bearer_last_to_finish_gives_the_ring_to_the_first_arrival():
    s = place(game(4), p0=5, p1=None, p2=None)
    s["arrivals"] = ["p1", "p2"]
    s["p"]["p1"]["rank"], s["p"]["p2"]["rank"] = 1, 2
    s2, ev = arrive(s, "p3", 22)
    assert find(ev, "ring_passed", to="p1", why="last_at_stage_end") and s2["ring"] == "p1"


def test_the_next_stage_uses_its_own_decks_and_starts_in_arrival_order_with_the_ring_bearer():
    s = place(game(4), p0=None, p1=None, p2=5)
    s["arrivals"] = ["p1", "p0"]
    s["p"]["p1"]["rank"], s["p"]["p0"]["rank"] = 1, 2
    s2, ev = arrive(s, "p3", 22)
    assert s2["stage"] == 2 and "asfaloth" in s2["decks"]["event"] + s2["discards"]["event"]
    assert len(s2["decks"]["enemy"]) + len(s2["discards"]["enemy"]) + bool(s2["fight"]) == 9
    order = find(ev, "stage_started", stage=2)[0]["positions"]
    assert order == {"p1": 4, "p0": 3, "p3": 2, "p2": 1}
    assert find(ev, "turn_started", stage=2, number=1, starter=s2["ring"])


# ---- Rivendell

def rivendell(n=4):
    s = set_stage(game(n), 2)
    s["aragorn"] = False
    return s


def test_rivendell_each_arrival_chooses_a_companion():
    s = place(rivendell(), p0=3, p1=2, p2=1)
    s["p"]["p3"]["kept"] = ["asfaloth"]
    s2, ev = arrive(s, "p3", 22)
    assert waiting(s2) == ("choose_companion", "p3")
    assert len(R.legal_actions(s2, "p3")) == 5  # four companions or none
    s3, _ = play(s2, "p3", {"type": "choose_companion", "companion": "legolas"})
    assert s3["p"]["p3"]["companions"] == ["legolas"] and "legolas" not in s3["pool"]
    assert refused(s3, "p3", {"type": "choose_companion", "companion": "gimli"}) in ("not_your_turn",
                                                                                   "unexpected_action")


def test_rivendell_with_three_players_the_first_arrival_picks_a_second_companion_last():
    s = place(rivendell(3), p0=None, p1=5)
    s["arrivals"] = ["p0"]
    s["p"]["p0"]["rank"] = 1
    s["p"]["p0"]["companions"] = ["gandalf"]
    s["pool"] = ["legolas", "boromir", "gimli"]
    s2, ev = arrive(s, "p2", 22)  # p2 second, p1 placed at once third
    rolls(s2, 6)
    assert waiting(s2) == ("choose_companion", "p2")
    s3, _ = play(s2, "p2", {"type": "choose_companion", "companion": "legolas"})
    assert waiting(s3) == ("choose_companion", "p1")
    s4, _ = play(s3, "p1", {"type": "choose_companion", "companion": "gimli"})
    assert waiting(s4) == ("choose_companion", "p0")
    s5, _ = play(s4, "p0", {"type": "choose_companion", "companion": "boromir"})
    assert s5["p"]["p0"]["companions"] == ["gandalf", "boromir"] and s5["stage"] == 3


# ---- Weathertop (stage 2, space 12)

def weathertop(pid="p0", ring="p0", die=None, frm=10, steps=4):
    s = place(rivendell(), p0=1, p1=2, p2=3, p3=4)
    s["ring"] = ring
    place(s, **{pid: frm})
    at_move(s, pid, [steps, 6])
    if die:
        rolls(s, die)
    return play(s, pid, {"type": "move", "die": steps, "steps": steps})


def test_weathertop_stops_the_ring_bearer_moving_past_it():
    s, ev = weathertop(die=6)
    assert s["p"]["p0"]["pos"] == 12 and find(ev, "sauron_die", what="weathertop", rolled_for="p0")


def test_weathertop_one_or_two_costs_the_ring_bearer_a_hero_point():
    s, ev = weathertop(die=2)
    assert s["p"]["p0"]["hero"] == 0


def test_weathertop_three_or_four_costs_the_ring_bearer_a_movement_point():
    s, ev = weathertop(die=3)
    assert s["p"]["p0"]["mp"] == 2


def test_weathertop_five_or_six_nothing_happens():
    s, ev = weathertop(die=5)
    assert (s["p"]["p0"]["hero"], s["p"]["p0"]["mp"]) == (1, 3)


def test_weathertop_another_hobbit_ending_exactly_there_stops_just_before():
    s, ev = weathertop(pid="p1", ring="p0", steps=2)
    assert s["p"]["p1"]["pos"] == 11 and not find(ev, "sauron_die")


def test_weathertop_does_not_stop_another_hobbit_passing_it():
    s, ev = weathertop(pid="p1", ring="p0", steps=4)
    assert s["p"]["p1"]["pos"] == 14


# ---- the Ford of Rivendell (stage 2, space 23, the last before Rivendell)

def ford(die, mp=3, kept=()):
    s = place(rivendell(), p0=1, p1=2, p2=3, p3=20)
    s["p"]["p3"]["kept"] = list(kept)
    at_move(s, "p3", [5, 6], mp=mp)
    if die:
        rolls(s, die)
    return play(s, "p3", {"type": "move", "die": 5, "steps": 5})


def test_ford_every_hobbit_reaching_or_passing_it_stops_and_faces_sauron_die():
    s, ev = ford(6)
    assert find(ev, "sauron_die", what="ford_of_rivendell", rolled_for="p3")


def test_ford_one_or_two_goes_back_to_the_nearest_free_space():
    s, ev = ford(1)
    assert s["p"]["p3"]["pos"] == 22


def test_ford_three_or_four_reaches_rivendell_for_a_movement_point():
    s, ev = ford(3)
    assert waiting(s) == ("ford", "p3")
    s2, ev = play(s, "p3", {"type": "ford", "pay": True})
    assert find(ev, "arrived", player="p3") and s2["p"]["p3"]["mp"] == 2


def test_ford_three_or_four_declined_goes_back():
    s, ev = ford(4)
    s2, _ = play(s, "p3", {"type": "ford", "pay": False})
    assert s2["p"]["p3"]["pos"] == 22


def test_ford_three_or_four_without_movement_points_goes_back():
    s, ev = ford(3, mp=1)  # the move costs 0; 1 point would do: use none
    s, ev = ford(3, mp=0)
    assert s["p"]["p3"]["pos"] == 22 and waiting(s)[0] != "ford"


def test_ford_five_or_six_goes_straight_to_rivendell():
    s, ev = ford(5)
    assert find(ev, "arrived", player="p3", place="rivendell")


def test_ford_asfaloth_crosses_without_a_roll_and_gives_two_movement_points():
    s, ev = ford(None, kept=("asfaloth",))
    assert not find(ev, "sauron_die") and find(ev, "asfaloth_rides", player="p3")
    assert s["p"]["p3"]["mp"] == 5 and s["p"]["p3"]["kept"] == []


# ---- the Watcher in the Water (stage 3, spaces 5, 6, 7)

def watcher(die, frm=3, steps=2, backwards=False):
    s = place(set_stage(game(4), 3), p0=1, p1=2, p2=10, p3=11)
    place(s, p0=frm)
    at_move(s, "p0", [steps, 6])
    rolls(s, die)
    return play(s, "p0", {"type": "move", "die": steps, "steps": steps})


def test_watcher_one_or_two_loses_two_movement_points():
    s, ev = watcher(1)
    assert s["p"]["p0"]["pos"] == 5 and s["p"]["p0"]["mp"] == 1


def test_watcher_three_or_four_loses_one_movement_point():
    s, ev = watcher(4)
    assert s["p"]["p0"]["mp"] == 2


def test_watcher_five_or_six_nothing_happens():
    s, ev = watcher(6)
    assert s["p"]["p0"]["mp"] == 3 and find(ev, "sauron_die", what="watcher_in_the_water")


def test_watcher_also_strikes_a_hobbit_moving_back_onto_its_spaces():
    s = place(set_stage(game(4), 3), p0=9, p1=8, p2=2, p3=3)
    top_event(s, "curse_of_khazad_dum")
    at_move(s, "p0", [1, 6])
    rolls(s, 1)
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})  # 10, back over 8: 9 then 7
    assert s2["p"]["p0"]["pos"] == 7 and find(ev, "sauron_die", what="watcher_in_the_water")
    assert s2["p"]["p0"]["mp"] == 1


def test_watcher_does_not_strike_a_hobbit_passing_over_its_spaces():
    s = place(set_stage(game(4), 3), p0=3, p1=1, p2=2, p3=11)
    at_move(s, "p0", [5, 6])
    _, ev = play(s, "p0", {"type": "move", "die": 5, "steps": 5})
    assert not find(ev, "sauron_die", what="watcher_in_the_water")


# ---- the Bridge of Khazad-dûm (stage 3, space 19)

def bridge(die, pid="p0", gandalf=True, frm=16, steps=4):
    s = place(set_stage(game(4), 3), p0=1, p1=2, p2=3, p3=4)
    place(s, **{pid: frm})
    if gandalf:
        s["p"][pid]["companions"] = ["gandalf", "legolas"]
    at_move(s, pid, [steps, 6])
    if die:
        rolls(s, die)
    return play(s, pid, {"type": "move", "die": steps, "steps": steps})


def test_bridge_stops_gandalfs_holder_and_gandalf_leaves_the_game():
    s, ev = bridge(6)
    assert s["p"]["p0"]["pos"] == 19 and s["p"]["p0"]["companions"] == ["legolas"]
    assert "gandalf" in s["removed"] and find(ev, "gandalf_falls", player="p0")


def test_bridge_one_or_two_loses_a_hero_point():
    s, ev = bridge(2)
    assert s["p"]["p0"]["hero"] == 0


def test_bridge_three_or_four_loses_a_movement_point():
    s, ev = bridge(3)
    assert s["p"]["p0"]["mp"] == 2


def test_bridge_five_or_six_gains_three_hero_points():
    s, ev = bridge(5)
    assert s["p"]["p0"]["hero"] == 4


def test_bridge_another_hobbit_ending_exactly_there_stops_just_before():
    s, ev = bridge(None, gandalf=False, steps=3)
    assert s["p"]["p0"]["pos"] == 18


def test_bridge_another_hobbit_may_pass_it():
    s, ev = bridge(None, gandalf=False, steps=4)
    assert s["p"]["p0"]["pos"] == 20


# ---- the end of the game

def test_final_score_counts_hero_points_aragorn_legolas_gimli_plus_two_boromir_minus_one():
    s = game(4)
    for q, h, c in (("p0", 10, ["aragorn"]), ("p1", 11, ["boromir"]), ("p2", 9, ["legolas", "gimli"]),
                    ("p3", 12, ["gandalf"])):
        s["p"][q]["hero"], s["p"][q]["companions"] = h, c
    _finish_game(s, [])
    r = R.result(s)
    assert r["scores"] == {"p0": 12, "p1": 10, "p2": 13, "p3": 12}
    assert r["winners"] == ["p2"] and r["reason"] == "most_hero_points"


def test_a_tie_is_broken_by_movement_points():
    s = game(4)
    for q, h, m in (("p0", 10, 2), ("p1", 10, 5), ("p2", 3, 9), ("p3", 10, 1)):
        s["p"][q]["hero"], s["p"][q]["mp"] = h, m
    _finish_game(s, [])
    assert R.result(s)["winners"] == ["p1"] and R.result(s)["reason"] == "tie_break_movement"


def test_a_full_tie_is_a_shared_victory():
    s = game(3)
    for q in s["players"]:
        s["p"][q]["hero"], s["p"][q]["mp"] = 7, 2
    _finish_game(s, [])
    assert R.result(s)["winners"] == ["p0", "p1", "p2"] and R.waiting_for(s) == []
    assert refused(s, "p0", {"type": "move", "die": 1, "steps": 1}) == "game_over"


def test_the_game_ends_when_all_reach_amon_hen():
    s = place(set_stage(game(4), 4), p0=None, p1=None, p2=5)
    s["arrivals"] = ["p0", "p1"]
    s["p"]["p0"]["rank"], s["p"]["p1"]["rank"] = 1, 2
    s2, ev = arrive(s, "p3", 25)
    assert find(ev, "game_over") and R.result(s2) is not None and s2["phase"] == "over"


def test_weathertop_points_spent_to_go_further_would_be_lost_so_only_the_cheapest_move_is_offered():
    """Rulebook, Weathertop: extra movement points spent to go past it are lost. The engine offers
    only the cheapest way to each space, so the ring-bearer pays 1 point (not 3) to stop there."""
    s = place(rivendell(), p0=10, p1=2, p2=3, p3=4)
    at_move(s, "p0", [1, 6], mp=3)
    moves = [a["steps"] for a in R.legal_actions(s, "p0") if a["die"] == 1]
    assert moves == [0, 1, 2]  # space 10, 11, Weathertop
    assert refused(s, "p0", {"type": "move", "die": 1, "steps": 4}) == "same_space_for_less"
    rolls(s, 6)
    s2, _ = play(s, "p0", {"type": "move", "die": 1, "steps": 2})
    assert s2["p"]["p0"]["pos"] == 12 and s2["p"]["p0"]["mp"] == 2


def test_a_card_move_may_reach_the_end_of_the_stage():
    s = place(game(4), p0=20, p1=3, p2=2, p3=1)
    s["decks"]["event"] = ["clear_view_1"]
    import engine.fellowship.data as data
    from tests.fellowship.helpers import R as _R  # noqa: F401
    st = data.DATA["stages"][1]
    assert 21 in st["event_set"]
    at_move(s, "p0", [1, 6])
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})  # 21, then 22 and Bree
    assert find(ev, "arrived", player="p0", rank=1)


def test_the_stage_turn_order_skips_hobbits_that_have_arrived():
    s = place(game(4), p0=None, p1=9, p2=8, p3=7)
    s["arrivals"] = ["p0"]
    s["p"]["p0"]["rank"] = 1
    at_move(s, "p1", [1, 2])
    s2, _ = play(s, "p1", {"type": "move", "die": 1, "steps": 0})
    assert "p0" not in s2["turn"]["order"] and s2["turn"]["order"][0] == "p1"


# ---- the rulebook's wording, read closely

def test_the_ring_bearer_stops_before_an_occupied_weathertop_and_faces_sauron_die():
    """Rulebook, Weathertop: a ring-bearer whose move reaches or passes it must stop there and roll;
    with another hobbit on it, the occupied-space rule puts the ring-bearer on the free space before."""
    s = place(rivendell(), p0=10, p1=12, p2=3, p3=4)
    s["ring"] = "p0"
    at_move(s, "p0", [4, 6])
    rolls(s, 3)
    s2, ev = play(s, "p0", {"type": "move", "die": 4, "steps": 4})
    assert s2["p"]["p0"]["pos"] == 11
    assert find(ev, "sauron_die", what="weathertop", rolled_for="p0") and s2["p"]["p0"]["mp"] == 2


def test_gandalfs_holder_stops_before_an_occupied_bridge_and_gandalf_falls():
    """Rulebook, the Bridge: Gandalf's holder whose move ends on or beyond it stops there and rolls; the
    occupied-space rule puts the holder on the free space before when another hobbit stands on it."""
    s = place(set_stage(game(4), 3), p0=16, p1=19, p2=3, p3=4)
    s["p"]["p0"]["companions"] = ["gandalf"]
    at_move(s, "p0", [4, 6])
    rolls(s, 5)
    s2, ev = play(s, "p0", {"type": "move", "die": 4, "steps": 4})
    assert s2["p"]["p0"]["pos"] == 18 and find(ev, "gandalf_falls", player="p0")
    assert s2["p"]["p0"]["hero"] == 4 and "gandalf" in s2["removed"]


def test_gandalf_falls_even_when_his_holder_is_placed_at_lorien_as_the_last_hobbit():
    """Rulebook, the Bridge: Gandalf fights the Balrog and goes back in the box; Gandalf's counsel in
    stage 4 says he is no longer with the hobbits. A holder placed at Lórien without crossing the
    Bridge rolls Sauron's die for it all the same."""
    s = place(set_stage(game(4), 3), p0=5, p1=None, p2=None)
    s["arrivals"] = ["p1", "p2"]
    s["p"]["p1"]["rank"], s["p"]["p2"]["rank"] = 1, 2
    s["p"]["p0"]["companions"] = ["gandalf"]
    rolls(s, 2)
    s2, ev = arrive(s, "p3", 24)
    assert find(ev, "last_hobbit_placed", player="p0") and find(ev, "gandalf_falls", player="p0")
    assert find(ev, "sauron_die", what="bridge_of_khazad_dum", rolled_for="p0")
    assert s2["stage"] == 4 and "gandalf" in s2["removed"] and s2["p"]["p0"]["companions"] == []


def test_gandalf_handed_to_a_hobbit_already_past_the_bridge_falls_at_once():
    """Rulebook, the Bridge: Gandalf falls there whoever holds him, so a hobbit receiving him beyond
    the Bridge rolls for it at once."""
    s = place(set_stage(game(4), 3), p0=9, p1=21, p2=1, p3=2)
    s["p"]["p0"]["companions"] = ["gandalf"]
    top_event(s, "saurons_power_3b")
    at_move(s, "p0", [1, 4])
    s2, _ = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert waiting(s2) == ("give_companion", "p0")
    rolls(s2, 6)
    s3, ev = play(s2, "p0", {"type": "give_companion", "companion": "gandalf", "to": "p1"})
    assert find(ev, "gandalf_falls", player="p1") and s3["p"]["p1"]["hero"] == 4
    assert s3["p"]["p1"]["pos"] == 21 and "gandalf" in s3["removed"]


def test_stopping_short_of_an_occupied_weathertop_is_not_the_same_move_as_being_stopped_by_it():
    """Both end on the space before Weathertop, but only a move reaching Weathertop makes the
    ring-bearer roll: each stays on offer, at its own cost."""
    s = place(rivendell(), p0=10, p1=12, p2=3, p3=4)
    s["ring"] = "p0"
    at_move(s, "p0", [2, 6], mp=1)
    moves = R.view(s, "p0")["decision"]["options"]
    options = {o["steps"]: (o["to"], o["stop"]) for o in moves if o["die"] == 2}
    assert options[1] == (11, None) and options[2] == (11, "weathertop")
    s2, ev = play(s, "p0", {"type": "move", "die": 2, "steps": 1})
    assert s2["p"]["p0"]["pos"] == 11 and not find(ev, "sauron_die")
