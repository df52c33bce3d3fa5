"""Armies (p.26-28, p.32, p.34-35): Army die moves (two armies, splitting, leaders and characters with
them), recruiting with a Muster die, the Army/Muster face, the stacking limit, the political border rule,
activation on entry, capture and victory points."""
from engine.wotr.state import FP, REGIONS, SH
from tests.wotr.helpers import R, at_action, game, kinds, legal, play, refused, top


def board(units, chars=None, war=(), **fields):
    """A fresh game at the action phase with only these units (and characters) on the map; `war` lists
    the nations put at war. Hands are empty (no combat card to choose in a battle unless a test deals one)."""
    s = at_action(game(), **fields)
    s["hands"] = {FP: [], SH: []}
    s["units"] = units
    s["chars"] = dict(chars or {})
    for n in war:
        s["politics"] = {**s["politics"], n: {"step": 0, "active": True}}
    return s


def test_an_army_die_moves_two_different_armies_one_region_each():
    s = board({"minas_morgul": {"sauron": {"regular": 3}}, "barad_dur": {"sauron": {"regular": 2}}},
              sh=["army"], active=SH, war=["sauron"])
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "minas_morgul"})
    s, _ = play(s, SH, {"type": "army_to", "region": "south_ithilien"})
    # The army that arrived cannot move again with this die; the other one can.
    assert {"type": "army_from", "region": "south_ithilien"} not in legal(s, SH)
    s, ev = play(s, SH, {"type": "army_from", "region": "barad_dur"})
    s, ev = play(s, SH, {"type": "army_to", "region": "gorgoroth"})
    assert s["units"]["gorgoroth"] == {"sauron": {"regular": 2}}
    assert s["units"]["south_ithilien"] == {"sauron": {"regular": 3}} and "minas_morgul" not in s["units"]
    assert top(s)["side"] == FP or not s["dice"][SH]


def test_an_army_may_split_leaving_a_rearguard_and_leaders_never_stay_alone():
    s = board({"minas_tirith": {"gondor": {"regular": 2, "leader": 1}}}, fp=["muster_army"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "muster_army"})
    s, _ = play(s, FP, {"type": "army_from", "region": "minas_tirith"})
    # A leader stays only beside a unit already left behind.
    assert {"type": "army_stay", "nation": "gondor", "kind": "leader"} not in legal(s, FP)
    s, _ = play(s, FP, {"type": "army_stay", "nation": "gondor", "kind": "regular"})
    # The movers keep at least one army unit.
    assert {"type": "army_stay", "nation": "gondor", "kind": "regular"} not in legal(s, FP)
    s, _ = play(s, FP, {"type": "army_stay", "nation": "gondor", "kind": "leader"})
    s, _ = play(s, FP, {"type": "army_to", "region": "lossarnach"})
    assert s["units"]["minas_tirith"] == {"gondor": {"regular": 1, "leader": 1}}
    assert s["units"]["lossarnach"] == {"gondor": {"regular": 1}}


def test_characters_move_with_their_army_unless_left_behind():
    s = board({"minas_tirith": {"gondor": {"regular": 2}}}, {"boromir": "minas_tirith", "gimli": "minas_tirith"},
              fp=["muster_army"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "muster_army"})
    s, _ = play(s, FP, {"type": "army_from", "region": "minas_tirith"})
    s, _ = play(s, FP, {"type": "army_stay_char", "char": "gimli"})
    s, ev = play(s, FP, {"type": "army_to", "region": "lossarnach"})
    assert s["chars"]["boromir"] == "lossarnach" and s["chars"]["gimli"] == "minas_tirith"
    assert [e["characters"] for e in ev if e["type"] == "army_moved"] == [["boromir"]]


def test_an_army_may_not_enter_a_region_holding_an_enemy_army():
    s = board({"minas_morgul": {"sauron": {"regular": 3}}, "south_ithilien": {"gondor": {"regular": 1}}},
              sh=["army"], active=SH, war=["sauron"])
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "minas_morgul"})
    assert refused(s, SH, {"type": "army_to", "region": "south_ithilien"}) == "not_allowed_now"
    # A lone Nazgûl or a character is no army: they do not block.
    s2 = board({"minas_morgul": {"sauron": {"regular": 3}}, "north_ithilien": {"sauron": {"nazgul": 1}}},
               {"strider": "south_ithilien"}, fp=["muster_army"])
    s2["units"]["osgiliath"] = {"gondor": {"regular": 1}}
    s2, _ = play(s2, FP, {"type": "move_armies", "die": "muster_army"})
    s2, _ = play(s2, FP, {"type": "army_from", "region": "osgiliath"})
    assert {"type": "army_to", "region": "north_ithilien"} in legal(s2, FP)


def test_a_nation_not_at_war_may_not_move_into_another_nations_region():
    s = board({"fords_of_isen": {"rohan": {"regular": 2}}}, fp=["muster_army"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "muster_army"})
    s, _ = play(s, FP, {"type": "army_from", "region": "fords_of_isen"})
    targets = {a["region"] for a in legal(s, FP, "army_to")}
    assert "orthanc" not in targets                                         # Isengard's region
    assert {"helms_deep", "westemnet", "druwaith_iaur"} <= targets          # its own or no nation's
    s = board({"fords_of_isen": {"rohan": {"regular": 2}}}, fp=["muster_army"], war=["rohan"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "muster_army"})
    s, _ = play(s, FP, {"type": "army_from", "region": "fords_of_isen"})
    assert "orthanc" in {a["region"] for a in legal(s, FP, "army_to")}


def test_a_shadow_army_entering_a_free_peoples_region_activates_the_nation():
    s = board({"gap_of_rohan": {"isengard": {"regular": 1}}}, sh=["army"], active=SH, war=["isengard"])
    assert not s["politics"]["rohan"]["active"]
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "gap_of_rohan"})
    s, ev = play(s, SH, {"type": "army_to", "region": "fords_of_isen"})
    assert s["politics"]["rohan"]["active"] and "nation_activated" in kinds(ev)


def test_entering_an_undefended_enemy_city_captures_it_gives_points_and_advances_its_nation():
    s = board({"westemnet": {"isengard": {"regular": 1}}}, sh=["army"], active=SH, war=["isengard"])
    step = s["politics"]["rohan"]["step"]
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "westemnet"})
    s, ev = play(s, SH, {"type": "army_to", "region": "edoras"})
    assert s["captured"] == {"edoras": SH} and R.view(s, None)["vp"] == {FP: 0, SH: 1}
    assert s["politics"]["rohan"]["step"] == step - 1 and "settlement_captured" in kinds(ev)
    # Taken back by its owner: the marker and the point go.
    s["units"] = {"westemnet": {"rohan": {"regular": 1}}}
    s = at_action(s, fp=["muster_army"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "muster_army"})
    s, _ = play(s, FP, {"type": "army_from", "region": "westemnet"})
    s, _ = play(s, FP, {"type": "army_to", "region": "edoras"})
    assert s["captured"] == {} and R.view(s, None)["vp"] == {FP: 0, SH: 0}


def test_more_than_ten_units_in_a_region_the_owner_removes_the_excess():
    s = board({"gorgoroth": {"sauron": {"regular": 8, "elite": 1}}, "barad_dur": {"sauron": {"regular": 2}}},
              sh=["army"], fp=["event"], active=SH, war=["sauron"])
    pool = s["reinforcements"]["sauron"]["regular"]
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "barad_dur"})
    s, _ = play(s, SH, {"type": "army_to", "region": "gorgoroth"})     # no other army left: the move ends
    assert top(s) == {"kind": "remove_excess", "side": SH, "region": "gorgoroth"}
    assert legal(s, SH) == [{"type": "remove_unit", "nation": "sauron", "kind": k} for k in ("regular", "elite")]
    s, _ = play(s, SH, {"type": "remove_unit", "nation": "sauron", "kind": "regular"})
    assert s["units"]["gorgoroth"] == {"sauron": {"regular": 9, "elite": 1}}
    assert s["reinforcements"]["sauron"]["regular"] == pool + 1 and top(s)["kind"] == "act"


def test_muster_two_regulars_go_to_two_different_settlements():
    s = board({"dol_amroth": {"gondor": {"regular": 1}}}, fp=["muster"], sh=["event"], war=["gondor"])
    pool = s["reinforcements"]["gondor"]["regular"]
    s, _ = play(s, FP, {"type": "muster", "nation": "gondor", "kind": "regular", "region": "pelargir",
                        "die": "muster"})
    assert top(s)["kind"] == "muster_second"
    assert "pelargir" not in {a.get("region") for a in legal(s, FP)}
    assert not [a for a in legal(s, FP) if a.get("kind") == "elite"]
    s, _ = play(s, FP, {"type": "muster_second", "nation": "gondor", "kind": "leader", "region": "dol_amroth"})
    assert s["units"] == {"pelargir": {"gondor": {"regular": 1}}, "dol_amroth": {"gondor": {"regular": 1, "leader": 1}}}
    assert s["reinforcements"]["gondor"]["regular"] == pool - 1 and top(s)["side"] == SH


def test_muster_an_elite_is_the_whole_action():
    s = board({}, sh=["muster_army"], fp=["event"], active=SH, war=["sauron"])
    s, _ = play(s, SH, {"type": "muster", "nation": "sauron", "kind": "elite", "region": "barad_dur",
                        "die": "muster_army"})
    assert s["units"] == {"barad_dur": {"sauron": {"elite": 1}}} and top(s)["side"] == FP


def test_muster_only_in_free_settlements_of_nations_at_war_with_figures_left():
    s = board({"lossarnach": {"sauron": {"regular": 1}}}, fp=["muster"], war=["gondor"])
    s["captured"] = {"pelargir": SH}
    places = {a["region"] for a in legal(s, FP, "muster")}
    assert places == {"minas_tirith", "dol_amroth", "lamedon"}   # Pelargir captured, Lossarnach occupied
    assert not [a for a in legal(s, FP, "muster") if a["nation"] != "gondor"]   # nobody else at war
    s["reinforcements"] = {**s["reinforcements"], "gondor": {"leader": 1}}
    assert not legal(s, FP, "muster")                            # a leader is never recruited alone
    s["units"]["dol_amroth"] = {"gondor": {"regular": 1}}
    assert legal(s, FP, "muster") == [{"type": "muster", "nation": "gondor", "kind": "leader",
                                       "region": "dol_amroth", "die": "muster"}]


def test_nazgul_are_recruited_only_in_sauron_strongholds():
    s = board({}, sh=["muster"], active=SH, war=["sauron"])
    places = {a["region"] for a in legal(s, SH, "muster") if a["kind"] == "nazgul"}
    assert places == {r for r, d in REGIONS.items() if d["nation"] == "sauron" and d["settlement"] == "stronghold"}
    assert {a["region"] for a in legal(s, SH, "muster") if a["kind"] == "regular"} > places


def test_the_army_muster_face_pays_for_either_and_the_army_face_does_not_muster():
    s = board({"minas_morgul": {"sauron": {"regular": 1}}}, sh=["army"], active=SH, war=["sauron"])
    assert legal(s, SH, "move_armies") and not legal(s, SH, "muster")
    s["dice"][SH] = ["muster_army"]
    assert legal(s, SH, "move_armies") and legal(s, SH, "muster")


def test_a_character_die_moves_one_army_led_by_a_leader_or_character():
    s = board({"minas_tirith": {"gondor": {"regular": 2, "leader": 1}}, "pelargir": {"gondor": {"regular": 1}}},
              fp=["character"], sh=["event"])
    s, _ = play(s, FP, {"type": "move_armies", "die": "character"})
    assert legal(s, FP, "army_from") == [{"type": "army_from", "region": "minas_tirith"}]   # Pelargir: no leader
    s, _ = play(s, FP, {"type": "army_from", "region": "minas_tirith"})
    # The leader may not stay behind: the movers keep one.
    assert {"type": "army_stay", "nation": "gondor", "kind": "leader"} not in legal(s, FP)
    s, _ = play(s, FP, {"type": "army_to", "region": "lossarnach"})
    assert top(s)["side"] == SH                                      # a single army moved
    s = board({"pelargir": {"gondor": {"regular": 1}}}, fp=["character"], sh=["event"])
    assert not legal(s, FP, "move_armies")
    s["chars"] = {"strider": "pelargir"}
    assert legal(s, FP, "move_armies") == [{"type": "move_armies", "die": "character"}]


def test_a_character_die_attack_needs_a_leader_among_the_attackers():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              sh=["character"], fp=["event"], active=SH, war=["sauron"])
    assert not legal(s, SH, "attack")
    s["units"]["north_ithilien"] = {"sauron": {"regular": 2, "nazgul": 1}}
    assert legal(s, SH, "attack") == [{"type": "attack", "from": "north_ithilien", "to": "south_ithilien",
                                       "die": "character"}]
