"""The Hunt for the Ring (p.40-43), with the seed's cases: the roll, the re-roll conditions, the tiles,
damage as corruption or a casualty (excess to corruption), the reveal and the Shadow Strongholds."""
from engine.wotr.state import FP
from tests.wotr.helpers import at_action, forced, game, kinds, legal, play, refused, rolls, top

MOVE = {"type": "move_fellowship", "die": "character"}


def hunting(box_sh=2, box_fp=0, pool=("d1_1",), pos="rivendell", progress=0, **kw):
    s = at_action(game(), fp=["character", "character"], sh=["muster"], box_sh=box_sh, box_fp=box_fp, **kw)
    s["hunt"]["pool"] = list(pool)
    s["fellowship"]["pos"], s["fellowship"]["progress"] = pos, progress
    return s


def hunt_event(ev):
    return next(e for e in ev if e["type"] == "hunt_roll")


def test_moving_adds_one_progress_and_the_die_goes_to_the_hunt_box():
    s, ev = play(rolls(hunting(box_sh=1), 2), FP, MOVE)
    assert s["fellowship"]["progress"] == 1 and s["hunt"]["box"][FP] == 1 and s["fellowship"]["hidden"]
    assert kinds(ev)[:3] == ["die_used", "fellowship_moved", "hunt_roll"]


def test_the_hunt_rolls_one_die_per_shadow_die_in_the_box_at_most_five():
    _s, ev = play(rolls(hunting(box_sh=7), 2, 2, 2, 2, 2), FP, MOVE)
    assert len(hunt_event(ev)["dice"]) == 5


def test_without_shadow_dice_in_the_box_there_is_no_hunt():
    s, ev = play(hunting(box_sh=0), FP, MOVE)
    assert hunt_event(ev)["dice"] == [] and s["hunt"]["drawn"] == []


def test_a_six_hits_and_the_tile_is_drawn():
    s, ev = play(rolls(hunting(box_sh=2), 6, 3), FP, MOVE)
    assert hunt_event(ev)["successes"] == 1 and s["hunt"]["drawn"] == ["d1_1"]
    assert top(s)["kind"] == "hunt_damage" and top(s)["damage"] == 1


def test_each_free_peoples_die_already_in_the_box_adds_one_to_the_hunt_dice():
    _s, ev = play(rolls(hunting(box_sh=2, box_fp=1), 5, 4), FP, MOVE)
    assert hunt_event(ev)["bonus"] == 1 and hunt_event(ev)["successes"] == 1


def test_a_one_always_misses_even_with_the_bonus():
    _s, ev = play(rolls(hunting(box_sh=1, box_fp=5), 1), FP, MOVE)
    assert hunt_event(ev)["successes"] == 0


def test_no_reroll_in_a_region_without_shadow_presence():
    _s, ev = play(rolls(hunting(box_sh=2), 2, 3), FP, MOVE)
    assert hunt_event(ev)["conditions"] == [] and hunt_event(ev)["rerolls"] == []


def test_reroll_for_a_shadow_stronghold_an_army_unit_and_a_nazgul_each():
    # Minas Morgul: a Shadow Stronghold holding Sauron regulars and a Nazgûl: three re-rolls.
    _s, ev = play(rolls(hunting(box_sh=3, pos="minas_morgul"), 2, 3, 4, 6, 2, 2), FP, MOVE)
    h = hunt_event(ev)
    assert h["conditions"] == ["stronghold", "army", "nazgul"] and h["rerolls"] == [6, 2, 2]
    assert h["successes"] == 1


def test_one_reroll_for_a_lone_nazgul_and_never_more_rerolls_than_misses():
    s = hunting(box_sh=2, pos="fangorn")
    s["units"]["fangorn"] = {"sauron": {"nazgul": 1}}
    _s2, ev = play(rolls(s, 6, 2, 6), FP, MOVE)
    assert hunt_event(ev)["conditions"] == ["nazgul"] and hunt_event(ev)["rerolls"] == [6]
    assert hunt_event(ev)["successes"] == 2


def test_the_witch_king_counts_as_a_nazgul_for_the_reroll():
    s = hunting(box_sh=1, pos="fangorn")
    s["chars"]["witch_king"] = "fangorn"
    _s2, ev = play(rolls(s, 3, 6), FP, MOVE)
    assert hunt_event(ev)["conditions"] == ["nazgul"] and hunt_event(ev)["successes"] == 1


def test_an_eye_tile_deals_as_much_damage_as_the_hunt_successes():
    s, _ev = play(rolls(hunting(box_sh=3, pool=("eye_1",)), 6, 6, 2), FP, MOVE)
    assert top(s)["damage"] == 2


def test_damage_taken_as_corruption():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d3_1",)), 6), FP, MOVE)
    s, _ev = play(s, FP, {"type": "take_corruption"})
    assert s["fellowship"]["corruption"] == 3 and len(s["fellowship"]["companions"]) == 7


def test_excess_damage_beyond_the_casualtys_level_goes_to_corruption():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d3_1",)), 6), FP, MOVE)
    s["fellowship"]["guide"] = "legolas"      # level 2
    s, _ev = play(s, FP, {"type": "casualty", "who": "guide"})
    assert "legolas" in s["eliminated"] and s["fellowship"]["corruption"] == 1


def test_a_casualty_above_the_damage_is_still_eliminated_and_only_one_per_hunt():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d1_1",)), 6), FP, MOVE)
    s, _ev = play(s, FP, {"type": "casualty", "who": "guide"})
    assert "gandalf_grey" in s["eliminated"] and s["fellowship"]["corruption"] == 0
    assert not any(a["kind"] == "hunt_damage" for a in s["ask"])
    assert refused(s, FP, {"type": "casualty", "who": "guide"}) != ""


def test_a_random_casualty_is_drawn_among_the_companions():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d2_1",)), 6), FP, MOVE)
    s, _ev = play(forced(s, "boromir"), FP, {"type": "casualty", "who": "random"})
    lost = s["fellowship"]["companions"]
    assert "boromir" in s["eliminated"] and "boromir" not in lost and s["fellowship"]["corruption"] == 0


def test_losing_the_guide_appoints_the_next_highest_level_companion():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d1_1",)), 6), FP, MOVE)
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    assert s["fellowship"]["guide"] == "strider"       # the only other level 3


def test_gollum_guides_when_the_ring_bearers_are_alone_and_damage_to_a_revealed_fellowship_is_corruption():
    s = hunting(box_sh=1, pool=("d2_1",))
    s["fellowship"]["companions"] = ["meriadoc"]
    s["fellowship"]["guide"] = "meriadoc"
    s, _ = play(rolls(s, 6), FP, MOVE)
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    s, _ = play(s, FP, legal(s, FP, "place_companion")[0])      # Take Them Alive! (test_characters)
    assert s["fellowship"]["guide"] == "gollum" and {"type": "gollum_reveals"} in legal(s, FP)   # p.42
    s, _ = play(s, FP, {"type": "take_corruption"})
    assert s["fellowship"]["corruption"] == 1
    s = at_action(s, fp=["character"], box_sh=1)
    s["hunt"]["pool"] = ["eye_1"]                      # an Eye reveals: Gollum has nothing to offer
    s, _ = play(rolls(s, 6), FP, MOVE)
    assert s["fellowship"]["corruption"] == 2 and not any(a["kind"] == "hunt_damage" for a in s["ask"])


def test_a_reveal_tile_resolves_damage_then_the_fellowship_moves_up_to_its_progress():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d1r_1",), pos="fangorn", progress=1), 6), FP, MOVE)
    assert [a["kind"] for a in s["ask"]] == ["reveal_move", "hunt_damage"]
    s, _ = play(s, FP, {"type": "take_corruption"})
    assert not s["fellowship"]["hidden"] and top(s) == {"kind": "reveal_move", "side": FP, "at": "fangorn",
                                                        "left": 2, "hunted": []}
    s, _ = play(s, FP, {"type": "reveal_step", "region": "eastemnet"})
    s, ev = play(s, FP, {"type": "reveal_stop"})
    assert s["fellowship"]["pos"] == "eastemnet" and s["fellowship"]["progress"] == 0
    assert "fellowship_placed" in kinds(ev)


def test_a_revealed_fellowship_may_not_end_in_a_free_peoples_city_or_stronghold():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d0r_1",), pos="rivendell", progress=0), 6), FP, MOVE)
    assert top(s)["at"] == "rivendell" and {"type": "reveal_stop"} not in legal(s, FP)
    s, _ = play(s, FP, {"type": "reveal_step", "region": "trollshaws"})
    assert s["fellowship"]["pos"] == "trollshaws" and not s["fellowship"]["hidden"]   # no step left: placed


def test_a_revealed_fellowship_entering_a_shadow_stronghold_draws_a_tile():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d0r_1",), pos="dimrill_dale", progress=1), 6), FP, MOVE)
    s["hunt"]["pool"] = ["d2_1"]
    s, ev = play(s, FP, {"type": "reveal_step", "region": "moria"})
    assert "hunt_tile" in kinds(ev) and top(s)["kind"] == "hunt_damage" and top(s)["damage"] == 2


def test_a_revealed_fellowship_cannot_move_until_hidden():
    s = hunting()
    s["fellowship"]["hidden"] = False
    assert not legal(s, FP, "move_fellowship") and legal(s, FP, "hide_fellowship")
    assert refused(s, FP, MOVE) == "unexpected_action"
    s, _ev = play(s, FP, {"type": "hide_fellowship", "die": "character"})
    assert s["fellowship"]["hidden"] and s["hunt"]["box"][FP] == 0      # hiding puts no die in the box


def test_an_empty_pool_takes_back_the_standard_tiles_drawn():
    s = hunting(box_sh=1, pool=())
    s["hunt"]["drawn"] = ["d1_1", "d2_1", "shelobs_lair"]
    s, _ = play(rolls(s, 6), FP, MOVE)
    assert "shelobs_lair" in s["hunt"]["drawn"] and len(s["hunt"]["pool"]) == 1


def test_an_eye_drawn_for_a_shadow_stronghold_is_worth_nothing():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d0r_1",), pos="dimrill_dale", progress=1), 6), FP, MOVE)
    s["hunt"]["pool"] = ["eye_2"]
    s, ev = play(s, FP, {"type": "reveal_step", "region": "moria"})
    assert [e["damage"] for e in ev if e["type"] == "hunt_damage"] == [0]
    assert top(s)["kind"] == "reveal_move" and top(s)["at"] == "moria"       # no damage to decide


def test_a_revealed_fellowship_leaving_a_shadow_stronghold_draws_a_tile_once():
    s, _ = play(rolls(hunting(box_sh=1, pool=("d0r_1",), pos="moria", progress=2), 6), FP, MOVE)
    s["hunt"]["pool"] = ["d1_1", "d2_1"]
    s, ev = play(forced(s, "d1_1"), FP, {"type": "reveal_step", "region": "dimrill_dale"})
    assert kinds(ev).count("hunt_tile") == 1 and top(s)["kind"] == "hunt_damage"
    s, _ = play(s, FP, {"type": "take_corruption"})
    s, ev = play(s, FP, {"type": "reveal_step", "region": "moria"})     # back into Moria: already hunted
    assert "hunt_tile" not in kinds(ev)
