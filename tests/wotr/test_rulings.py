"""Issue 29's rulings and the places found sharing each slip: a settlement captured when an event card
eliminates its last defenders (p.32), settlement checks that a Fortification does not pass (p.10), and a
Will of the West used as an Event result (p.21). Issue 38's, from the published example of play: a
Guide's reduction after a casualty (p.42) and card recruits in a besieged region (p.27, p.31-32); the
Mordor pool (p.43) is in test_mordor.py."""
from engine.wotr.armies import card_reach, new_move
from engine.wotr.cards.play import IMPLEMENTED
from engine.wotr.state import FP, SH, copy_state
from tests.wotr.helpers import at_action, game, kinds, legal, play, rolls, top
from tests.wotr.test_abilities import fellowship_of, hunted
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


# --- a Guide's reduction after a casualty (p.42; rules specification section 10) --------------------------

def test_a_new_guide_may_use_a_reduction_ability_at_once_after_a_casualty_gollum_reveals_p42():
    """The example of play: Legolas, the guide and last companion, is the casualty of a 3 tile; Gollum
    becomes the guide and reveals the Fellowship to cancel the last point: no corruption."""
    s = hunted(fellowship_of(game(), "legolas", guide="legolas"), "d3_1")
    s, ev = play(s, FP, {"type": "casualty", "who": "guide"})
    f = s["fellowship"]
    assert "legolas" in s["eliminated"] and f["guide"] == "gollum" and f["corruption"] == 0
    assert top(s) == {"kind": "hunt_damage", "side": FP, "damage": 1, "casualty": True}
    assert legal(s, FP) == [{"type": "take_corruption"}, {"type": "gollum_reveals"}]       # no second casualty
    assert kinds(ev)[-1] == "hunt_damage_left"
    s, _ = play(s, FP, {"type": "gollum_reveals"})
    assert s["fellowship"]["corruption"] == 0 and not s["fellowship"]["hidden"]
    assert top(s)["kind"] == "reveal_move"
    while top(s)["kind"] == "reveal_move":
        s, _ = play(s, FP, legal(s, FP)[0])
    assert IMPLEMENTED["sh_char_14"].options(s, SH)       # The Breaking of the Fellowship: a revealed Fellowship


def test_after_a_casualty_only_the_guide_lowers_the_damage_left_not_a_card_on_the_table_p42():
    """Gimli, the guide, falls to a 3 tile: Meriadoc guides and may separate for the last point; Axe and
    Bow on the table was to be used before the damage was taken (p.41-42: cards, guide, then a casualty)."""
    s = fellowship_of(game(), "gimli", "meriadoc", guide="gimli")
    s["table"][FP] = ["fp_char_06"]
    s = hunted(s, "d3_1")
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    assert s["fellowship"]["guide"] == "meriadoc"
    assert {a["type"] for a in legal(s, FP)} == {"take_corruption", "guide_separates"}
    s, _ = play(s, FP, {"type": "guide_separates", "region": "rivendell"})
    assert s["fellowship"]["corruption"] == 0 and s["fellowship"]["guide"] == "gollum"
    assert not any(a["kind"] == "hunt_damage" for a in s["ask"])


def test_a_guide_chosen_after_a_casualty_may_lower_the_damage_left_p42():
    s = hunted(fellowship_of(game(), "legolas", "meriadoc", "peregrin", guide="legolas"), "d3_1")
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    assert [a["kind"] for a in s["ask"][-2:]] == ["hunt_damage", "choose_guide"]         # a tie: the guide first
    s, _ = play(s, FP, {"type": "choose_guide", "companion": "peregrin"})
    assert {a["type"] for a in legal(s, FP)} == {"take_corruption", "guide_separates"}
    s, _ = play(s, FP, {"type": "take_corruption"})
    assert s["fellowship"]["corruption"] == 1


def test_damage_left_after_a_casualty_that_no_guide_can_lower_is_corruption_at_once():
    s = hunted(fellowship_of(game(), "legolas", "gimli", "boromir", guide="legolas"), "d3_1")
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    s, ev = play(s, FP, {"type": "choose_guide", "companion": "gimli"})
    assert s["fellowship"]["corruption"] == 1 and not any(a["kind"] == "hunt_damage" for a in s["ask"])
    assert "hunt_damage_left" not in kinds(ev)


# --- card recruits in a besieged region (p.27, p.31-32) ----------------------------------------------------

def _siege(**fields):
    """Minas Tirith's Gondor garrison besieged by a Sauron army; Helm's Deep free."""
    return board({"minas_tirith": {"gondor": {"regular": 2, "leader": 1}, "sauron": {"regular": 4}}},
                 war=["gondor", "rohan", "sauron", "isengard"], **fields)


def test_olog_hai_recruits_where_a_shadow_army_besieges_a_stronghold_p31():
    """The besiegers hold the region around the Stronghold: a Shadow army is present there (the example)."""
    s = holding(_siege(sh=["event"], fp=["muster"], active=SH), SH, "sh_str_14")
    assert {"minas_tirith"} == {a["region"] for a in legal(s, SH, "play_event")}
    s, ev = play(s, SH, event("sh_str_14", "event", kind="elite", region="minas_tirith"))
    assert s["units"]["minas_tirith"]["sauron"] == {"regular": 4, "elite": 1} and "card_recruited" in kinds(ev)


def test_a_card_recruits_in_its_side_s_besieged_stronghold_up_to_the_siege_limit_p27():
    """Guards of the Citadel into besieged Minas Tirith: the garrison grows, then keeps 5 units (p.31)."""
    s = _siege(fp=["event"], sh=["muster"])
    s["units"]["minas_tirith"]["gondor"]["regular"] = 5
    s = holding(s, FP, "fp_str_14")
    s, _ = play(s, FP, event("fp_str_14", "event", kind="regular"))
    assert s["units"]["minas_tirith"]["gondor"] == {"regular": 6, "leader": 2}
    assert top(s) == {"kind": "remove_excess", "side": FP, "region": "minas_tirith"}


def test_a_card_asking_for_a_free_region_recruits_among_besiegers_never_in_its_side_s_besieged_stronghold():
    """Éomer, Son of Éomund and Rage of the Dunlendings name a free region: besieged Helm's Deep (or Moria)
    is not free for its garrison, but it is for the besiegers, who may move into it (p.32)."""
    s = board({"helms_deep": {"rohan": {"regular": 2}, "isengard": {"regular": 3}},
               "moria": {"sauron": {"regular": 1}, "elves": {"regular": 2}}},
              war=["rohan", "isengard", "elves", "sauron"], fp=["event"], sh=["event"])
    assert "helms_deep" not in {a["region"] for a in legal(holding(s, FP, "fp_str_23"), FP, "play_event")}
    shadow = holding(at_action(copy_state(s), sh=["event"], active=SH), SH, "sh_str_11")
    assert "moria" not in {a["region"] for a in legal(shadow, SH, "play_event")}
    s["captured"] = {"helms_deep": SH}
    s["units"]["helms_deep"] = {"isengard": {"regular": 2}, "rohan": {"regular": 3}}      # now Rohan besieges
    assert "helms_deep" in {a["region"] for a in legal(holding(s, FP, "fp_str_23"), FP, "play_event")}
