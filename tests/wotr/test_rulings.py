"""Issue 29's rulings and the places found sharing each slip: a settlement captured when an event card
eliminates its last defenders (p.32), settlement checks that a Fortification does not pass (p.10), and a
Will of the West used as an Event result (p.21)."""
from engine.wotr.armies import card_reach, new_move
from engine.wotr.state import FP, SH
from tests.wotr.helpers import at_action, game, kinds, legal, play, rolls
from tests.wotr.test_armies import board
from tests.wotr.test_event_cards import event, holding
from tests.wotr.test_events_fp import _strider_in_rohan, fp_turn

# --- capturing a settlement when its defenders are eliminated outside a battle (p.32) -----------------

def test_a_besieged_stronghold_whose_last_defenders_an_event_card_eliminates_is_captured_by_the_besiegers():
    s = board({"minas_tirith": {"gondor": {"regular": 1, "leader": 1}, "sauron": {"regular": 3, "nazgul": 2}}},
              sh=["event"], fp=["muster"], active=SH, war=["gondor", "sauron"])
    s = holding(s, SH, "sh_char_19")                        # Dreadful Spells
    rolls(s, 5, 2)
    s2, ev = play(s, SH, event("sh_char_19", "event", **{"from": "minas_tirith"}, region="minas_tirith"))
    assert s2["units"]["minas_tirith"] == {"sauron": {"regular": 3, "nazgul": 2}}
    assert s2["captured"] == {"minas_tirith": SH} and "settlement_captured" in kinds(ev)
    assert next(e for e in ev if e["type"] == "settlement_captured")["vp"] == {FP: 0, SH: 2}


def test_a_garrison_an_event_card_leaves_standing_keeps_its_stronghold():
    s = board({"minas_tirith": {"gondor": {"elite": 1}, "sauron": {"regular": 3, "nazgul": 2}}},
              sh=["event"], fp=["muster"], active=SH, war=["gondor", "sauron"])
    s = holding(s, SH, "sh_char_19")
    rolls(s, 5, 2)                                          # one hit: the Elite is reduced
    s2, ev = play(s, SH, event("sh_char_19", "event", **{"from": "minas_tirith"}, region="minas_tirith"))
    assert s2["units"]["minas_tirith"]["gondor"] == {"regular": 1}
    assert s2["captured"] == {} and "settlement_captured" not in kinds(ev)


def test_an_army_an_event_card_wipes_out_in_the_open_gives_no_settlement_to_anyone():
    s = board({"osgiliath": {"sauron": {"regular": 2, "nazgul": 2}}, "lossarnach": {"gondor": {"regular": 1}}},
              sh=["event"], fp=["muster"], active=SH, war=["gondor", "sauron"])
    s = holding(s, SH, "sh_char_19")
    rolls(s, 6, 6)
    s2, ev = play(s, SH, event("sh_char_19", "event", **{"from": "osgiliath"}, region="lossarnach"))
    assert "lossarnach" not in s2["units"] and s2["captured"] == {} and "settlement_captured" not in kinds(ev)


def test_the_ents_awake_wiping_out_orthanc_s_garrison_gives_orthanc_to_the_free_peoples_army_besieging_it():
    s = board({"orthanc": {"isengard": {"regular": 1}, "rohan": {"regular": 2}}},
              fp=["event"], sh=["muster"], war=["isengard", "rohan"])
    s = holding(s, FP, "fp_char_19")                        # Treebeard (The Ents Awake)
    s["chars"] = {"gandalf_white": "fangorn"}
    offers = [a for a in legal(s, FP, "play_event") if a["die"] == "event"]
    assert offers, "Treebeard not playable here"
    rolls(s, 4, 1, 1)
    s2, ev = play(s, FP, offers[0])
    assert "isengard" not in s2["units"]["orthanc"]
    assert s2["captured"] == {"orthanc": FP} and "settlement_captured" in kinds(ev)


def test_stormcrow_removing_the_last_unit_of_a_besieged_garrison_loses_its_stronghold():
    s = at_action(game(), sh=["event"], fp=["muster"], active=SH)
    s["units"] = {**s["units"], "erebor": {"dwarves": {"regular": 1}, "sauron": {"regular": 2}}}
    for region in ("ered_luin", "iron_hills", "dale"):          # the Dwarves' only figure left: Erebor's
        s["units"] = {**s["units"], region: {n: u for n, u in s["units"].get(region, {}).items() if n != "dwarves"}}
    s["chars"] = {**s["chars"], "gimli": "erebor"}
    s["fellowship"]["companions"].remove("gimli")
    s = holding(s, SH, "sh_str_06")                         # Stormcrow
    offers = [a for a in legal(s, SH, "play_event") if a.get("nation") == "dwarves"]
    assert offers, "Stormcrow not playable on the Dwarves"
    s2, ev = play(s, SH, offers[0])
    assert "dwarves" not in s2["units"]["erebor"]
    assert s2["captured"] == {"erebor": SH} and "settlement_captured" in kinds(ev)


# --- a Fortification is not a Settlement (p.10) ----------------------------------------------------------

def test_eomer_son_of_eomund_recruits_in_a_rohan_settlement_never_at_the_fords_of_isen_a_fortification():
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_str_23")
    regions = {a["region"] for a in legal(s, FP, "play_event")}
    assert regions == {"edoras", "folde", "helms_deep", "westemnet"}


def test_dead_men_s_shadow_army_may_retreat_into_osgiliath_a_fortification_no_one_holds():
    s = _strider_in_rohan(fp_turn("fp_char_22"))
    s["units"]["pelargir"] = {"southrons": {"regular": 5}}
    s["units"].pop("osgiliath", None)                       # the Fortification emptied of its Gondor army
    rolls(s, 1)
    s, _ = play(s, FP, event("fp_char_22", "character", region="pelargir", companions=["strider", "gimli"]))
    assert sorted(a["region"] for a in legal(s, SH)) == ["osgiliath", "west_harondor"]


def test_a_shadow_card_recruits_with_a_shadow_army_in_a_free_peoples_region_without_a_settlement():
    s = holding(at_action(game(), sh=["army"], active=SH), SH, "sh_str_14")    # Olog-hai
    s["politics"]["sauron"]["step"] = 0
    s["units"] = {**s["units"], "eastemnet": {"sauron": {"regular": 1}}, "fords_of_isen": {"sauron": {"regular": 1}}}
    regions = {a["region"] for a in legal(s, SH, "play_event")}
    assert {"eastemnet", "fords_of_isen"} <= regions


# --- a Will of the West used as an Event result (p.21) ----------------------------------------------------

def test_a_will_of_the_west_used_as_an_event_result_lets_gandalf_the_grey_guiding_draw_a_card():
    s = at_action(game(), fp=["will_of_the_west"], sh=["muster"])
    s["hands"][FP] = ["fp_char_09"]                         # Athelas
    s2, _ = play(s, FP, event("fp_char_09", "will_of_the_west"))
    assert s2["ask"][-1] == {"kind": "ability_draw", "side": FP, "deck": "character", "by": "gandalf_grey"}


def test_a_card_s_long_army_move_passes_through_a_region_without_a_settlement_and_a_fortification():
    """Shadows Gather: the traversed regions need only be free for an army's move (no enemy army unit,
    no settlement the enemy controls): Eastemnet (a Rohan region without one) and the Fords of Isen."""
    s = board({"druadan_forest": {"sauron": {"regular": 2}}, "fangorn": {"sauron": {"regular": 1}},
               "druwaith_iaur": {"isengard": {"regular": 2}}},
              sh=["event"], fp=["muster"], active=SH, war=["sauron", "isengard"])
    move = new_move(SH, 1, reach=3, join=True)                  # Shadows Gather's move
    assert card_reach(s, move, "druadan_forest", {"sauron": {"regular": 2}}) == ["fangorn"]       # by Eastemnet
    assert card_reach(s, move, "druwaith_iaur", {"isengard": {"regular": 2}}) == ["fangorn"]      # by the Fords
    s["units"] = {**s["units"], "eastemnet": {"rohan": {"regular": 1}}}
    assert card_reach(s, move, "druadan_forest", {"sauron": {"regular": 2}}) == []        # an enemy army bars it
