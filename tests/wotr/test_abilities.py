"""Every character's special and guide abilities (the character cards), one test or more each, named
after the character and the ability."""
from engine.wotr.cards import play as ec
from engine.wotr.dice import dice_count
from engine.wotr.state import DIST, FP, REGIONS, SH
from tests.wotr.helpers import at_action, forced, game, kinds, legal, play, rolls, top
from tests.wotr.test_armies import board
from tests.wotr.test_battle import attack, events
from tests.wotr.test_combat_cards import card

MOVE = {"type": "move_fellowship", "die": "character"}


def fellowship_of(s, *companions, guide):
    s["fellowship"]["companions"] = list(companions)
    s["fellowship"]["guide"] = guide
    return s


def hunted(s, tile, progress=0):
    """The Fellowship moves from Rivendell with one Shadow die in the box and `tile` the only one."""
    s = at_action(s, fp=["character", "character"], sh=["muster"], box_sh=1)
    s["hunt"]["pool"] = [tile]
    s["fellowship"]["pos"], s["fellowship"]["progress"] = "rivendell", progress
    s, _ = play(rolls(s, 6), FP, MOVE)
    return s


# --- Strider, Boromir, Legolas, Gimli ---------------------------------------------------------------------

def test_strider_as_guide_hides_the_fellowship_with_any_die():
    s = at_action(game(), fp=["event", "muster"])
    s["fellowship"]["hidden"] = False
    assert not legal(s, FP, "hide_fellowship")          # Gandalf guides: a Character die only
    fellowship_of(s, "strider", "boromir", guide="strider")
    assert {a["die"] for a in legal(s, FP, "hide_fellowship")} == {"event", "muster"}
    s, _ = play(s, FP, {"type": "hide_fellowship", "die": "muster"})
    assert s["fellowship"]["hidden"] and s["dice"][FP] == ["event"]


def test_boromir_high_warden_advances_gondor_with_any_die_from_an_unconquered_gondor_city():
    s = at_action(game(), fp=["event"])
    s["chars"] = {"boromir": "pelargir"}
    s["politics"]["gondor"] = {"step": 2, "active": True}
    assert legal(s, FP, "companion_diplomacy") == [
        {"type": "companion_diplomacy", "companion": "boromir", "nation": "gondor", "die": "event"}]
    s2, ev = play(s, FP, legal(s, FP, "companion_diplomacy")[0])
    assert s2["politics"]["gondor"]["step"] == 1 and "ability_used" in kinds(ev)
    s["captured"] = {"pelargir": SH}
    assert not legal(s, FP, "companion_diplomacy")      # conquered
    s["captured"] = {}
    s["chars"] = {"boromir": "lamedon"}                 # a Town is not enough
    assert not legal(s, FP, "companion_diplomacy")


def test_legolas_prince_of_mirkwood_advances_the_elves_only_from_an_elven_stronghold():
    s = at_action(game(), fp=["will_of_the_west"])
    s["chars"] = {"legolas": "woodland_realm"}
    s["politics"]["elves"] = {"step": 1, "active": True}
    s, _ = play(s, FP, {"type": "companion_diplomacy", "companion": "legolas", "nation": "elves",
                        "die": "will_of_the_west"})
    assert s["politics"]["elves"]["step"] == 0
    s = at_action(s, fp=["event"])
    s["politics"]["elves"] = {"step": 1, "active": True}
    s["chars"] = {"legolas": "dale"}
    assert not legal(s, FP, "companion_diplomacy")


def test_gimli_dwarf_of_erebor_advances_the_dwarves_but_a_passive_nation_stops_before_war():
    s = at_action(game(), fp=["character"])
    s["chars"] = {"gimli": "erebor"}
    s["politics"]["dwarves"] = {"step": 2, "active": True}
    assert [a["nation"] for a in legal(s, FP, "companion_diplomacy")] == ["dwarves"]
    s["politics"]["dwarves"] = {"step": 1, "active": False}
    assert not legal(s, FP, "companion_diplomacy")


def test_captain_of_the_west_adds_one_combat_die_per_such_companion_in_the_battle():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              {"boromir": "south_ithilien", "meriadoc": "south_ithilien"}, sh=["army"], fp=["event"],
              active=SH, war=["sauron"])
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    fp_roll = next(e for e in events(ev, "combat_roll") if e["side"] == FP)
    assert len(fp_roll["dice"]) == 2                     # 1 unit + Boromir (a Hobbit is no Captain)
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 4}}},
              {c: "south_ithilien" for c in ("boromir", "legolas", "gimli")}, sh=["army"], fp=["event"],
              active=SH, war=["sauron"])
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 6, 6, 6, 6, 6)
    fp_roll = next(e for e in events(ev, "combat_roll") if e["side"] == FP)
    assert len(fp_roll["dice"]) == 5                     # 4 + 3, still at most 5 dice


# --- the Hobbits and Gollum in the Hunt ---------------------------------------------------------------

def test_meriadoc_and_peregrin_as_guides_each_separate_to_cut_the_hunt_damage_by_one():
    s = fellowship_of(game(), "meriadoc", "peregrin", guide="meriadoc")
    s = hunted(s, "d2_1")
    moves = legal(s, FP, "guide_separates")
    assert moves and {a["region"] for a in moves} == {r for r, d in DIST["rivendell"].items() if d <= 2}
    s, ev = play(s, FP, {"type": "guide_separates", "region": "rivendell"})
    assert s["chars"]["meriadoc"] == "rivendell" and top(s) == {**top(s), "kind": "hunt_damage", "damage": 1}
    assert s["fellowship"]["guide"] == "peregrin"
    s, _ = play(s, FP, {"type": "guide_separates", "region": "rivendell"})
    assert s["fellowship"]["companions"] == [] and s["fellowship"]["guide"] == "gollum"
    assert s["fellowship"]["corruption"] == 0 and not any(a["kind"] == "hunt_damage" for a in s["ask"])


def test_peregrin_as_guide_does_not_separate_on_the_mordor_track():
    s = fellowship_of(game(), "peregrin", guide="peregrin")
    s["fellowship"]["mordor"] = 1
    s["ask"] = [{"kind": "hunt_damage", "side": FP, "damage": 2}]
    assert not legal(s, FP, "guide_separates")


def test_meriadoc_take_them_alive_comes_back_as_if_separated_off_the_mordor_track():
    s = fellowship_of(game(), "strider", "meriadoc", guide="strider")
    s = hunted(s, "d3_1")
    s, _ = play(forced(s, "meriadoc"), FP, {"type": "casualty", "who": "random"})
    assert "meriadoc" not in s["eliminated"] and s["fellowship"]["corruption"] == 2
    assert top(s) == {"kind": "place_companion", "side": FP, "companion": "meriadoc"}
    s, _ = play(s, FP, {"type": "place_companion", "region": "rivendell"})
    assert s["chars"]["meriadoc"] == "rivendell" and s["fellowship"]["companions"] == ["strider"]


def test_peregrin_take_them_alive_does_not_work_on_the_mordor_track():
    s = fellowship_of(game(), "peregrin", "strider", guide="peregrin")
    s["fellowship"]["mordor"] = 1
    s["ask"] = [{"kind": "hunt_damage", "side": FP, "damage": 1}]
    s, _ = play(s, FP, {"type": "casualty", "who": "guide"})
    assert "peregrin" in s["eliminated"] and "peregrin" not in s["chars"]


def test_gollum_as_guide_numbered_reveal_tiles_do_not_reveal_but_an_eye_does():
    s = hunted(fellowship_of(game(), guide="gollum"), "d1r_1")
    assert s["fellowship"]["hidden"] and top(s)["kind"] == "hunt_damage"
    s = hunted(fellowship_of(game(), guide="gollum"), "eye_1")
    assert not s["fellowship"]["hidden"]


def test_gollum_as_guide_reveals_the_fellowship_to_cut_the_hunt_damage_by_one():
    s = hunted(fellowship_of(game(), guide="gollum"), "d2_1")
    assert legal(s, FP) == [{"type": "take_corruption"}, {"type": "gollum_reveals"}]
    s, ev = play(s, FP, {"type": "gollum_reveals"})
    assert s["fellowship"]["corruption"] == 1 and not s["fellowship"]["hidden"]
    assert top(s)["kind"] == "reveal_move"               # a real reveal: the figure moves up to its progress


# --- Gandalf the Grey, Gandalf the White ---------------------------------------------------------------

def _event_play(s):
    """An implemented Free Peoples event card played with an Event die, leaving no decision of its own."""
    for c in sorted(c for c in ec.IMPLEMENTED if c.startswith("fp_")):
        s["hands"][FP] = [c]
        for a in legal(s, FP, "play_event"):
            if a["die"] == "event":
                s2, _ = play(s, FP, a)
                if [x["kind"] for x in s2["ask"]] == ["ability_draw"]:
                    return c, s2
    raise AssertionError("no such card")


def test_gandalf_the_grey_as_guide_draws_after_an_event_die_plays_a_card():
    s = at_action(game(), fp=["event"], sh=["muster"])
    c, s = _event_play(s)
    deck = ec.CARDS[c]["deck"]
    assert top(s) == {"kind": "ability_draw", "side": FP, "deck": deck, "by": "gandalf_grey"}
    top_card = s["decks"][FP][deck][-1]
    s2, _ = play(s, FP, {"type": "ability_draw"})
    assert s2["hands"][FP] == [top_card]
    s2, _ = play(s, FP, {"type": "decline_draw"})
    assert s2["hands"][FP] == [] and top(s2) == {"kind": "act", "side": SH}


def test_gandalf_the_grey_draws_nothing_when_not_guiding():
    s = at_action(game(), fp=["event"], sh=["muster"])
    fellowship_of(s, "gandalf_grey", "strider", guide="strider")
    s["hands"][FP] = sorted(c for c in ec.IMPLEMENTED if c.startswith("fp_"))
    for a in legal(s, FP, "play_event"):
        s2, _ = play(s, FP, a)
        assert not any(x["kind"] == "ability_draw" for x in s2["ask"])


def test_gandalf_the_white_shadowfax_moves_four_alone_or_with_one_hobbit():
    s = at_action(game(), fp=["character"])
    s["chars"] = {"gandalf_white": "fangorn", "legolas": "fangorn", "meriadoc": "fangorn"}
    s, _ = play(s, FP, {"type": "move_companions", "die": "character"})
    reach = {}
    for a in legal(s, FP, "move_companions_to"):
        reach.setdefault(tuple(a["group"]), set()).add(a["to"])
    far = {r for r in reach[("gandalf_white",)] if DIST["fangorn"][r] == 4}
    assert far and far <= reach[("gandalf_white", "meriadoc")]
    assert max(DIST["fangorn"][r] for r in reach[("gandalf_white", "legolas")]) == 3
    assert max(DIST["fangorn"][r] for r in reach[("gandalf_white", "legolas", "meriadoc")]) == 3


def _white_rider_battle():
    s = board({"north_ithilien": {"sauron": {"regular": 2, "nazgul": 2}},
               "south_ithilien": {"gondor": {"regular": 1}}}, {"gandalf_white": "south_ithilien"},
              sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien")
    return s


def test_gandalf_the_white_rider_forfeits_his_leadership_to_cancel_every_nazgul_leadership():
    s = _white_rider_battle()
    assert top(s) == {"kind": "white_rider", "side": FP}
    s2, ev = play(rolls(s, 2, 3, 1, 1), FP, {"type": "white_rider", "forfeit": True})
    sh_roll, fp_roll = events(ev, "combat_roll")
    assert sh_roll["rerolls"] == [] and fp_roll["rerolls"] == [] and len(fp_roll["dice"]) == 2
    s2, ev = play(rolls(s, 2, 3, 1, 1, 1, 1, 1), FP, {"type": "white_rider", "forfeit": False})
    sh_roll, fp_roll = events(ev, "combat_roll")
    assert len(sh_roll["rerolls"]) == 2 and len(fp_roll["rerolls"]) == 1


def test_gandalf_the_white_rider_is_not_asked_without_nazgul_leadership():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              {"gandalf_white": "south_ithilien"}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    assert "combat_roll" in kinds(ev)


# --- the minions ------------------------------------------------------------------------------------

def test_witch_king_sorcerer_draws_after_a_combat_card_in_the_first_round():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              {"witch_king": "north_ithilien"}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s["hands"][SH] = ["sh_str_22"]
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien")
    s, ev = play(s, SH, card("sh_str_22"))
    assert top(s) == {"kind": "ability_draw", "side": SH, "deck": "strategy", "by": "witch_king"}
    drawn = s["decks"][SH]["strategy"][-1]
    s, ev = play(rolls(s, 6, 6, 1), SH, {"type": "ability_draw"})
    assert s["hands"][SH] == [drawn] and "combat_roll" in kinds(ev)      # the battle went on


def test_witch_king_sorcerer_needs_him_in_the_battle():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              {"witch_king": "barad_dur"}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s["hands"][SH] = ["sh_str_22"]
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien")
    s, ev = play(rolls(s, 6, 6, 1), SH, card("sh_str_22"))
    assert "combat_roll" in kinds(ev) and not any(a["kind"] == "ability_draw" for a in s["ask"])


def test_mouth_of_sauron_messenger_spends_a_muster_die_as_an_army_die_once_a_turn():
    s = board({"barad_dur": {"sauron": {"regular": 2}}, "minas_morgul": {"sauron": {"regular": 1}}},
              {"mouth_of_sauron": "barad_dur"}, sh=["muster", "muster"], fp=["event"], active=SH, war=["sauron"])
    assert {"type": "move_armies", "die": "muster"} in legal(s, SH)
    s, ev = play(s, SH, {"type": "move_armies", "die": "muster"})
    assert s["abilities_used"] == ["messenger"] and "ability_used" in kinds(ev)
    s, _ = play(s, SH, {"type": "done"})
    s, _ = play(s, FP, {"type": "skip", "die": "event"})
    assert top(s) == {"kind": "act", "side": SH} and not legal(s, SH, "move_armies")
    del s["chars"]["mouth_of_sauron"]
    s["abilities_used"] = []
    assert not legal(s, SH, "move_armies")


def _saruman(units):
    s = board(units, {"saruman": "orthanc"}, sh=["muster"], fp=["event"], active=SH, war=["isengard"])
    return s


def test_saruman_voice_recruits_a_regular_in_every_free_isengard_settlement():
    s = _saruman({"orthanc": {"isengard": {"regular": 1}}})
    s, _ = play(s, SH, {"type": "voice_of_saruman", "choice": "recruit", "die": "muster"})
    towns = sorted(r for r, d in REGIONS.items() if d["nation"] == "isengard" and d["settlement"])
    assert towns == ["north_dunland", "orthanc", "south_dunland"]
    assert {r: s["units"][r]["isengard"]["regular"] for r in towns} == {
        "north_dunland": 1, "orthanc": 2, "south_dunland": 1}


def test_saruman_voice_turns_two_regulars_in_orthanc_into_elites():
    s = _saruman({"orthanc": {"isengard": {"regular": 3}}})
    elites = s["reinforcements"]["isengard"]["elite"]
    s, ev = play(s, SH, {"type": "voice_of_saruman", "choice": "elites", "die": "muster"})
    assert s["units"]["orthanc"]["isengard"] == {"regular": 1, "elite": 2}
    assert s["reinforcements"]["isengard"]["elite"] == elites - 2


def test_saruman_voice_is_silent_while_orthanc_is_besieged_or_without_saruman():
    s = _saruman({"orthanc": {"isengard": {"regular": 3}, "rohan": {"regular": 1}}})
    assert not legal(s, SH, "voice_of_saruman")
    s = _saruman({"orthanc": {"isengard": {"regular": 3}}})
    assert len(legal(s, SH, "voice_of_saruman")) == 2
    s["chars"] = {}
    assert not legal(s, SH, "voice_of_saruman")


def test_saruman_servants_of_the_white_hand_isengard_elites_lead_and_reroll():
    units = {"gap_of_rohan": {"isengard": {"elite": 2}}, "fords_of_isen": {"rohan": {"regular": 1}}}
    s = board(units, {"saruman": "orthanc"}, sh=["character"], fp=["event"], active=SH, war=["isengard"])
    assert {"type": "attack", "from": "gap_of_rohan", "to": "fords_of_isen", "die": "character"} in legal(s, SH)
    s2, ev = attack(s, SH, "gap_of_rohan", "fords_of_isen", "character", 2, 2, 2, 2, 1)
    assert len(events(ev, "combat_roll")[0]["rerolls"]) == 2
    s["chars"] = {}
    assert not legal(s, SH, "attack")


def test_each_minion_and_upgrade_brings_its_extra_action_die():
    s = game()
    for who in ("saruman", "witch_king", "mouth_of_sauron"):
        s["chars"] = {**s["chars"], who: "barad_dur"}
    assert dice_count(s, SH) == 10
    s["chars"] = {**s["chars"], "aragorn": "minas_tirith", "gandalf_white": "fangorn"}
    assert dice_count(s, FP) == 6


def test_witch_king_sorcerer_draw_past_the_hand_limit_asks_a_discard_then_the_battle_goes_on():
    s = board({"north_ithilien": {"sauron": {"regular": 2}}, "south_ithilien": {"gondor": {"regular": 1}}},
              {"witch_king": "north_ithilien"}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    others = [c for c in s["decks"][SH]["character"][:6]]
    s["decks"][SH]["character"] = s["decks"][SH]["character"][6:]
    s["hands"][SH] = ["sh_str_22"] + others
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien")
    s, _ = play(s, SH, {"type": "combat_card", "card": "sh_str_22"})
    s, ev = play(s, SH, {"type": "ability_draw"})
    assert top(s) == {"kind": "discard", "side": SH} and "combat_roll" not in kinds(ev)
    s, ev = play(rolls(s, 6, 6, 1), SH, {"type": "discard", "card": others[0]})
    assert len(s["hands"][SH]) == 6 and "combat_roll" in kinds(ev)
