"""Mordor (p.43) and the Ring victories (p.44), ending with a scripted journey from Rivendell to the
Crack of Doom played through the protocol."""
from engine.wotr.state import FP, SH, STANDARD_TILES
from tests.wotr.helpers import R, at_action, at_fellowship_phase, forced, game, kinds, legal, play, rolls, top

MOVE = {"type": "move_fellowship", "die": "character"}


def in_mordor(step=0, pool=("d1_1",), box_sh=0, box_fp=0, dice=("character", "character")):
    s = at_action(game(), fp=list(dice), sh=["muster"], box_sh=box_sh, box_fp=box_fp)
    s["fellowship"].update({"mordor": step, "pos": "morannon", "progress": 0})
    s["hunt"]["pool"] = list(pool)
    return s


def test_entering_mordor_needs_the_fellowship_at_morannon_or_minas_morgul_with_no_progress():
    s = at_fellowship_phase(game())
    assert {"type": "enter_mordor"} not in legal(s, FP)
    s["fellowship"]["pos"] = "minas_morgul"
    assert {"type": "enter_mordor"} in legal(s, FP)
    s["fellowship"]["progress"] = 1
    assert {"type": "enter_mordor"} not in legal(s, FP)


def test_entering_mordor_pool_is_the_pool_plus_the_eye_tiles_drawn_plus_the_special_tiles_p43():
    """p.43 (rules specification section 11): the numbered tiles drawn stay out. The example of play's
    position: five numbered tiles and two Eyes drawn, two special tiles in play: 13 tiles (not 18)."""
    s = at_fellowship_phase(game())
    s["fellowship"]["pos"] = "morannon"
    drawn = ["d0r_1", "d1_1", "d2_1", "d3_1", "d3_2", "eye_1", "eye_2"]
    s["hunt"].update({"pool": [t for t in STANDARD_TILES if t not in drawn], "drawn": list(drawn),
                      "specials": ["shelobs_lair", "phial_of_galadriel"]})
    s, ev = play(s, FP, {"type": "enter_mordor"})
    h = s["hunt"]
    assert s["fellowship"]["mordor"] == 0 and h["specials"] == []
    assert sorted(h["pool"]) == sorted([t for t in STANDARD_TILES if t not in drawn[:5]]
                                       + ["phial_of_galadriel", "shelobs_lair"])
    assert len(h["pool"]) == 13 and h["drawn"] == drawn[:5]
    assert [e["pool"] for e in ev if e["type"] == "mordor_entered"] == [13]


def test_entering_mordor_leaves_out_the_eye_tiles_removed_from_the_game():
    """Challenge of the King removes Eyes from the game: they are not drawn tiles to put back."""
    s = at_fellowship_phase(game())
    s["fellowship"]["pos"] = "morannon"
    s["hunt"].update({"pool": ["d3_1", "eye_4"], "drawn": ["d1_1", "eye_1"], "removed": ["eye_2", "eye_3"]})
    s, _ev = play(s, FP, {"type": "enter_mordor"})
    assert s["hunt"]["pool"] == ["d3_1", "eye_1", "eye_4"] and s["hunt"]["drawn"] == ["d1_1"]


def test_moving_in_mordor_draws_a_tile_without_a_roll_and_advances_a_step():
    s, ev = play(in_mordor(pool=("d1_1",), box_sh=3), FP, MOVE)
    assert "hunt_roll" not in kinds(ev) and s["fellowship"]["mordor"] == 1
    assert top(s) == {"kind": "hunt_damage", "side": FP, "damage": 1}


def test_an_eye_in_mordor_counts_the_shadow_dice_and_earlier_free_peoples_dice_in_the_box():
    s, _ev = play(in_mordor(pool=("eye_1",), box_sh=6, box_fp=1), FP, MOVE)
    assert top(s)["damage"] == 7                          # no five-dice cap: nothing is rolled
    assert s["hunt"]["box"][FP] == 2                      # this move's die joins the box after the draw


def test_a_stop_tile_keeps_the_ring_bearers_on_their_step():
    s, ev = play(forced(in_mordor(step=2, pool=("shelobs_lair",)), "shelobs_lair", 4), FP, MOVE)
    assert s["fellowship"]["mordor"] == 2 and "mordor_stopped" in kinds(ev) and top(s)["damage"] == 4


def test_a_negative_special_tile_heals_corruption():
    s = in_mordor(pool=("phial_of_galadriel",))
    s["fellowship"]["corruption"] = 1
    s, _ = play(s, FP, MOVE)
    assert s["fellowship"]["corruption"] == 0 and s["fellowship"]["mordor"] == 1


def test_a_reveal_in_mordor_only_turns_the_counter_and_hiding_comes_first():
    s, _ = play(in_mordor(pool=("d0r_1",)), FP, MOVE)
    assert not s["fellowship"]["hidden"] and s["fellowship"]["mordor"] == 1
    s = at_action(s, fp=["character", "character"], sh=["muster"])
    assert not legal(s, FP, "move_fellowship")
    s, _ = play(s, FP, {"type": "hide_fellowship", "die": "character"})
    assert s["fellowship"]["hidden"]


def test_a_turn_in_mordor_without_moving_or_hiding_adds_one_corruption():
    s = in_mordor(dice=("event",))
    s, ev = play(s, FP, {"type": "skip", "die": "event"})
    s, ev = play(s, SH, {"type": "skip", "die": "muster"})
    assert "mordor_idle" in kinds(ev) and s["fellowship"]["corruption"] == 1


def test_a_turn_in_mordor_with_a_move_adds_no_idle_corruption():
    s = in_mordor(dice=("character",), pool=("d0r_1",))
    s, _ = play(s, FP, MOVE)
    s, ev = play(s, SH, {"type": "skip", "die": "muster"})
    assert "mordor_idle" not in kinds(ev) and s["fellowship"]["corruption"] == 0


def test_twelve_corruption_wins_for_the_shadow_at_once():
    s = in_mordor(pool=("d3_1",))
    s["fellowship"]["corruption"] = 10
    s, _ = play(s, FP, MOVE)
    s, _ev = play(s, FP, {"type": "take_corruption"})
    assert R.result(s)["side"] == SH and R.result(s)["reason"] == "corruption" and R.waiting_for(s) == []
    assert all(not R.legal_actions(s, p) for p in ("fp", "sh"))


def test_reaching_the_crack_of_doom_destroys_the_ring():
    s, _ev = play(in_mordor(step=4, pool=("d0r_1",)), FP, MOVE)
    assert R.result(s) == {"winner": "fp", "side": FP, "reason": "ring_destroyed", "turn": 1}


def test_a_twelfth_corruption_on_the_last_step_still_wins_for_the_shadow():
    s = in_mordor(step=4, pool=("d2_1",))
    s["fellowship"]["corruption"] = 10
    s, _ = play(s, FP, MOVE)
    assert R.result(s) is None and s["fellowship"]["mordor"] == 5      # the damage is decided first
    s, _ = play(s, FP, {"type": "take_corruption"})
    assert R.result(s)["side"] == SH


PATH = ["rivendell", "fords_of_bruinen", "hollin", "moria", "dimrill_dale", "north_anduin_vale", "dol_guldur",
        "eastern_brown_lands", "eastern_emyn_muil", "dagorlad", "morannon"]


def test_a_scripted_journey_from_rivendell_to_the_crack_of_doom():
    """Four Character dice a turn move the Fellowship; each Fellowship phase declares it further along the
    road; the Shadow hunts with the fewest dice allowed and rolls only 1s (the roll is fixed for the script,
    the tiles in Mordor are not)."""
    s = game(7)
    declared = ["rivendell"]
    while R.result(s) is None:
        f = s["fellowship"]
        assert top(s)["kind"] in ("fellowship_phase", "discard")
        while top(s)["kind"] == "discard":
            side = top(s)["side"]
            s, _ = play(s, side, legal(s, side)[0])
        if f["mordor"] is None and f["progress"]:
            where = PATH[min(PATH.index(f["pos"]) + f["progress"], len(PATH) - 1)]
            s, _ = play(s, FP, {"type": "declare", "region": where})
            declared.append(where)
        if s["fellowship"]["pos"] == "morannon" and s["fellowship"]["mordor"] is None:
            s, _ = play(s, FP, {"type": "enter_mordor"})
        s, _ = play(s, FP, {"type": "end_fellowship_phase"})
        allocated = legal(s, SH)[0]["dice"]
        s, _ = play(s, SH, {"type": "allocate", "dice": allocated})
        s["dice"] = {FP: ["character"] * 4, SH: []}       # the action roll, fixed for the script
        s["hunt"]["box"][SH] = allocated
        while R.result(s) is None and top(s)["kind"] != "fellowship_phase":
            kind = top(s)["kind"]
            if kind == "hunt_damage":
                s, _ = play(s, FP, {"type": "take_corruption"})
            elif kind == "discard":
                s, _ = play(s, top(s)["side"], legal(s, top(s)["side"])[0])
            elif not s["fellowship"]["hidden"]:
                s, _ = play(s, FP, {"type": "hide_fellowship", "die": "character"})
            else:
                hunting = s["fellowship"]["mordor"] is None and s["hunt"]["box"][SH]
                s, _ = play(rolls(s, *[1] * s["hunt"]["box"][SH]) if hunting else s, FP, MOVE)
        assert s["turn"] < 10
    assert declared == ["rivendell", "dimrill_dale", "eastern_emyn_muil", "morannon"]
    assert R.result(s)["side"] == FP and R.result(s)["reason"] == "ring_destroyed"
    assert s["fellowship"]["mordor"] == 5 and s["fellowship"]["corruption"] < 12
