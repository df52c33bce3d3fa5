"""The Fellowship (p.36-39): the Fellowship phase (declare, heal, activate, change guide), separating
companions (range = progress + level) and moving companions on the map."""
from engine.wotr.state import FP
from tests.wotr.helpers import at_action, at_fellowship_phase, game, kinds, legal, play, refused, top


def fellowship_phase(pos="rivendell", progress=0, corruption=0):
    s = at_fellowship_phase(game())
    f = s["fellowship"]
    f["pos"], f["progress"], f["corruption"] = pos, progress, corruption
    return s


def test_declaring_moves_the_figure_up_to_the_progress_and_resets_it():
    s = fellowship_phase("rivendell", progress=2)
    targets = {a["region"] for a in legal(s, FP, "declare")}
    assert {"rivendell", "trollshaws", "fords_of_bruinen", "high_pass"} <= targets
    assert "moria" not in targets and "lorien" not in targets
    s, _ = play(s, FP, {"type": "declare", "region": "high_pass"})
    f = s["fellowship"]
    assert f["pos"] == "high_pass" and f["progress"] == 0 and f["hidden"]


def test_declaring_is_once_per_turn_and_only_when_hidden():
    s = fellowship_phase("rivendell", progress=1)
    s, _ = play(s, FP, {"type": "declare", "region": "rivendell"})
    assert not legal(s, FP, "declare")
    s = fellowship_phase("rivendell", progress=1)
    s["fellowship"]["hidden"] = False
    assert not legal(s, FP, "declare")


def test_declaring_in_a_free_peoples_city_or_stronghold_heals_one_and_activates_its_nation():
    s = fellowship_phase("edoras", progress=0, corruption=3)
    s, ev = play(s, FP, {"type": "declare", "region": "edoras"})
    assert s["fellowship"]["corruption"] == 2 and s["politics"]["rohan"]["active"]
    assert "nation_activated" in kinds(ev)


def test_declaring_in_a_town_heals_nothing():
    s = fellowship_phase("bree", progress=0, corruption=3)
    s, _ = play(s, FP, {"type": "declare", "region": "bree"})
    assert s["fellowship"]["corruption"] == 3 and not s["politics"]["north"]["active"]


def test_the_guide_may_change_only_to_another_companion_of_the_highest_level_once():
    s = fellowship_phase()
    assert legal(s, FP, "change_guide") == [{"type": "change_guide", "companion": "strider"}]
    assert refused(s, FP, {"type": "change_guide", "companion": "gimli"}) == "not_allowed_now"
    s, _ = play(s, FP, {"type": "change_guide", "companion": "strider"})
    assert s["fellowship"]["guide"] == "strider" and not legal(s, FP, "change_guide")


def test_separation_range_is_progress_plus_the_companions_level():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["progress"] = 1
    s, _ = play(s, FP, {"type": "separate", "companion": "meriadoc", "die": "character"})
    targets = {a["region"] for a in legal(s, FP, "separate_to")}
    assert targets == {"rivendell", "trollshaws", "fords_of_bruinen", "high_pass", "hollin", "ettenmoors",
                       "south_downs", "weather_hills"}         # within 1 + 1 of Rivendell


def test_a_group_separates_with_its_highest_level():
    s = at_action(game(), fp=["character"])
    s, _ = play(s, FP, {"type": "separate", "companion": "meriadoc", "die": "character"})
    s, _ = play(s, FP, {"type": "separate_add", "companion": "boromir"})
    targets = {a["region"] for a in legal(s, FP, "separate_to")}
    assert "hollin" in targets and "moria" not in targets        # Boromir's level 2, Moria is 3 away


def test_separating_the_guide_appoints_a_new_guide_and_the_companion_activates_its_nation():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["guide"] = "boromir"
    s["fellowship"]["companions"] = ["boromir", "legolas", "gimli"]
    s["fellowship"]["pos"], s["fellowship"]["progress"] = "osgiliath", 0
    s, _ = play(s, FP, {"type": "separate", "companion": "boromir", "die": "character"})
    s, _ev = play(s, FP, {"type": "separate_to", "region": "minas_tirith"})
    assert s["chars"]["boromir"] == "minas_tirith" and s["politics"]["gondor"]["active"]
    assert top(s) == {"kind": "choose_guide", "side": FP}            # Legolas and Gimli tie at level 2
    s, _ = play(s, FP, {"type": "choose_guide", "companion": "gimli"})
    assert s["fellowship"]["guide"] == "gimli"


def test_a_companion_activates_only_its_own_nation():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["pos"] = "osgiliath"
    s, _ = play(s, FP, {"type": "separate", "companion": "gimli", "die": "character"})
    s, _ = play(s, FP, {"type": "separate_to", "region": "minas_tirith"})
    assert not s["politics"]["gondor"]["active"]


def test_separation_is_forbidden_on_the_mordor_track():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["mordor"] = 1
    assert not legal(s, FP, "separate")


def test_the_last_companion_leaving_makes_gollum_the_guide():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["companions"], s["fellowship"]["guide"] = ["peregrin"], "peregrin"
    s, _ = play(s, FP, {"type": "separate", "companion": "peregrin", "die": "character"})
    s, _ = play(s, FP, {"type": "separate_to", "region": "trollshaws"})
    assert s["fellowship"]["guide"] == "gollum" and s["fellowship"]["companions"] == []


def test_companions_move_up_to_their_level_each_once_per_die():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["companions"].remove("gimli")
    s["fellowship"]["companions"].remove("meriadoc")
    s["chars"].update({"gimli": "rivendell", "meriadoc": "bree"})
    s, _ = play(s, FP, {"type": "move_companions", "die": "character"})
    moves = legal(s, FP, "move_companions_to")
    from engine.wotr.state import DIST
    assert {a["to"] for a in moves if a["group"] == ["meriadoc"]} == {
        r for r, d in DIST["bree"].items() if d == 1}
    assert {a["to"] for a in moves if a["group"] == ["gimli"]} == {
        r for r, d in DIST["rivendell"].items() if 1 <= d <= 2}
    s, _ = play(s, FP, {"type": "move_companions_to", "group": ["gimli"], "to": "high_pass"})
    assert s["chars"]["gimli"] == "high_pass" and not any("gimli" in a["group"] for a in legal(
        s, FP, "move_companions_to"))
    s, _ = play(s, FP, {"type": "move_companions_to", "group": ["meriadoc"], "to": "buckland"})
    assert s["chars"]["meriadoc"] == "buckland" and top(s)["kind"] != "move_companions"   # all moved


def test_companions_in_one_region_may_move_together_at_the_highest_level():
    s = at_action(game(), fp=["character"])
    s["chars"].update({"strider": "bree", "peregrin": "bree"})
    s, _ = play(s, FP, {"type": "move_companions", "die": "character"})
    together = {a["to"] for a in legal(s, FP, "move_companions_to") if a["group"] == ["peregrin", "strider"]}
    from engine.wotr.state import DIST
    assert together == {r for r, d in DIST["bree"].items() if 1 <= d <= 3}


def test_companions_stop_on_entering_a_shadow_stronghold():
    s = at_action(game(), fp=["character"])
    s["chars"]["gimli"] = "dimrill_dale"
    s, _ = play(s, FP, {"type": "move_companions", "die": "character"})
    targets = {a["to"] for a in legal(s, FP, "move_companions_to")}
    assert "moria" in targets                                   # may end there...
    assert not {"hollin", "north_dunland"} & targets            # ...but not pass through (2 steps via Moria)


def test_a_companion_ending_its_move_in_its_nations_city_activates_it():
    s = at_action(game(), fp=["character"])
    s["fellowship"]["companions"].remove("gimli")
    s["chars"]["gimli"] = "dale"
    s, _ = play(s, FP, {"type": "move_companions", "die": "character"})
    s, ev = play(s, FP, {"type": "move_companions_to", "group": ["gimli"], "to": "erebor"})
    assert s["politics"]["dwarves"]["active"] and "nation_activated" in kinds(ev)


def test_an_activated_nation_may_then_be_brought_to_war_by_diplomacy():
    s = at_action(game(), fp=["muster"], sh=["muster"])
    s["politics"]["gondor"].update(step=1, active=True)
    s, ev = play(s, FP, {"type": "diplomacy", "nation": "gondor", "die": "muster"})
    assert s["politics"]["gondor"]["step"] == 0 and "at_war" in kinds(ev)
