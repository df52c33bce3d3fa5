"""The Shadow's event halves (engine/wotr/cards/shadow.py): one test or more per card, named after it,
each checking the effect and that the card is refused when its precondition does not hold."""
from engine.wotr.state import ADJ, FP, SH, deep_copy
from tests.wotr.helpers import at_action, forced, game, kinds, legal, play, refused, rolls
from tests.wotr.test_event_cards import event, holding


def shadow_with(card, die="event", fp=("muster",), **dice):
    """The Shadow to act with one die and the card in hand (the Free Peoples keep a die: the turn goes on)."""
    return holding(at_action(game(), fp=fp, sh=[die], active=SH, **dice), SH, card)


def offered(s, card):
    return [a for a in legal(s, SH, "play_event") if a["card"] == card]


def refused_play(s, card, die="event", **choice):
    """The play is refused: 'unexpected_action' when no card play at all is offered now."""
    return refused(s, SH, event(card, die, **choice)) in ("unexpected_action", "not_allowed_now")


def at_war(s, *nations):
    for n in nations:
        s["politics"][n]["step"] = 0
    return s


# --- special Hunt tiles -------------------------------------------------------------------------------

def test_sh_char_01_shelobs_lair_puts_its_tile_in_play_until_mordor_then_in_the_pool():
    s = shadow_with("sh_char_01", "character")
    s2, ev = play(s, SH, event("sh_char_01", "character"))
    assert s2["hunt"]["specials"] == ["shelobs_lair"] and "shelobs_lair" not in s2["hunt"]["pool"]
    assert "special_tile" in kinds(ev) and s2["discards"][SH] == ["sh_char_01"]


def test_sh_char_02_the_ring_is_mine_joins_the_pool_at_once_on_the_mordor_track():
    s = shadow_with("sh_char_02")
    s["fellowship"]["mordor"] = 1
    s2, _ = play(s, SH, event("sh_char_02", "event"))
    assert "the_ring_is_mine" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


def test_sh_char_03_and_04_put_on_on_they_went_and_give_it_to_uss_in_play():
    for card, tile in (("sh_char_03", "on_on_they_went"), ("sh_char_04", "give_it_to_uss")):
        s2, _ = play(shadow_with(card), SH, event(card, "event"))
        assert s2["hunt"]["specials"] == [tile]


def test_sh_char_01_a_special_tile_put_in_play_is_in_the_pool_after_entering_mordor():
    s = shadow_with("sh_char_01")
    s, _ = play(s, SH, event("sh_char_01", "event"))
    from tests.wotr.helpers import at_fellowship_phase
    at_fellowship_phase(s)
    s["fellowship"].update(pos="morannon", progress=0)
    s2, _ = play(s, FP, {"type": "enter_mordor"})
    assert "shelobs_lair" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


# --- the Fellowship --------------------------------------------------------------------------------------

def test_sh_char_08_candles_of_corpses_adds_one_corruption_per_four_or_more():
    s = shadow_with("sh_char_08")
    s["fellowship"].update(pos="fangorn", corruption=2)
    rolls(s, 4, 3, 6)
    s2, ev = play(s, SH, event("sh_char_08", "event"))
    assert s2["fellowship"]["corruption"] == 4 and "card_roll" in kinds(ev)


def test_sh_char_08_candles_of_corpses_counts_only_sixes_with_gollum_as_guide():
    s = shadow_with("sh_char_08")
    s["fellowship"].update(pos="fangorn", corruption=2, guide="gollum", companions=[])
    rolls(s, 4, 5, 6)
    assert play(s, SH, event("sh_char_08", "event"))[0]["fellowship"]["corruption"] == 3


def test_sh_char_08_candles_of_corpses_is_refused_in_a_free_peoples_settlement():
    s = shadow_with("sh_char_08")
    s["fellowship"]["pos"] = "rivendell"
    assert offered(s, "sh_char_08") == []
    assert refused_play(s, "sh_char_08")
    s["captured"]["rivendell"] = SH           # a settlement the Shadow took is no Free Peoples one any more
    assert offered(s, "sh_char_08")


def test_sh_char_12_morgul_wound_adds_two_up_to_three_corruption_else_one_and_needs_a_revealed_fellowship():
    s = shadow_with("sh_char_12")
    assert offered(s, "sh_char_12") == []
    s["fellowship"].update(hidden=False, corruption=3)
    assert play(s, SH, event("sh_char_12", "event"))[0]["fellowship"]["corruption"] == 5
    s["fellowship"]["corruption"] = 4
    assert play(s, SH, event("sh_char_12", "event"))[0]["fellowship"]["corruption"] == 5


def test_sh_char_10_cruel_weather_moves_the_fellowship_figure_to_a_neighbour_keeping_its_progress():
    s = shadow_with("sh_char_10")
    assert offered(s, "sh_char_10") == []             # progress 0: refused
    s["fellowship"].update(pos="rivendell", progress=2)
    assert {a["region"] for a in offered(s, "sh_char_10")} == set(ADJ["rivendell"])
    s2, ev = play(s, SH, event("sh_char_10", "event", region="trollshaws"))
    assert s2["fellowship"]["pos"] == "trollshaws" and s2["fellowship"]["progress"] == 2
    assert "fellowship_shifted" in kinds(ev)
    assert refused_play(s, "sh_char_10", region="minas_tirith")


# --- armies -----------------------------------------------------------------------------------------------

def test_sh_str_15_hill_trolls_turns_two_sauron_regulars_into_elites_and_needs_sauron_at_war():
    s = shadow_with("sh_str_15", "army")
    assert offered(s, "sh_str_15") == []
    at_war(s, "sauron")
    before = {r: dict(s["units"][r]["sauron"]) for r in ("barad_dur", "minas_morgul")}
    pool = dict(s["reinforcements"]["sauron"])
    s2, ev = play(s, SH, event("sh_str_15", "army", regions=["barad_dur", "minas_morgul"]))
    for r in before:
        after = s2["units"][r]["sauron"]
        assert after.get("regular", 0) == before[r]["regular"] - 1
        assert after.get("elite", 0) == before[r].get("elite", 0) + 1
    assert s2["reinforcements"]["sauron"]["regular"] == pool["regular"] + 2
    assert s2["reinforcements"]["sauron"].get("elite", 0) == pool["elite"] - 2
    assert kinds(ev).count("unit_promoted") == 2


def test_sh_str_15_hill_trolls_offers_one_region_twice_only_with_two_regulars_there():
    s = at_war(shadow_with("sh_str_15", "army"), "sauron")
    pairs = [tuple(a["regions"]) for a in offered(s, "sh_str_15")]
    for r, u in s["units"].items():
        n = u.get("sauron", {}).get("regular", 0)
        assert ((r, r) in pairs) == (n >= 2)


def test_sh_str_21_hordes_from_the_east_recruits_five_regulars_on_the_eastern_edge_when_at_war():
    s = shadow_with("sh_str_21", "muster")
    assert offered(s, "sh_str_21") == []
    at_war(s, "southrons")
    assert {a["region"] for a in offered(s, "sh_str_21")} == {"east_rhun", "far_harad", "khand", "south_rhun"}
    s2, _ = play(s, SH, event("sh_str_21", "muster", region="khand"))
    assert s2["units"]["khand"]["southrons"]["regular"] == 5


# --- tiles drawn by a card ------------------------------------------------------------------------------

def tile_next(s, tile, *more):
    """The next draw from the Hunt pool gives `tile` (then any more draws forced)."""
    return forced(s, tile, *more)


def in_fangorn(s):
    s["fellowship"]["pos"] = "fangorn"          # a region without a settlement
    return s


def test_sh_char_05_orc_patrol_draws_a_tile_that_hits_as_a_successful_hunt():
    s = in_fangorn(shadow_with("sh_char_05"))
    tile_next(s, "d2r_1")
    s2, ev = play(s, SH, event("sh_char_05", "event"))
    assert "hunt_roll" not in kinds(ev) and "d2r_1" in s2["hunt"]["drawn"]
    assert s2["ask"][-1] == {"kind": "hunt_damage", "side": FP, "damage": 2}
    assert not s2["fellowship"]["hidden"]              # the tile's reveal holds


def test_sh_char_05_orc_patrol_an_eye_tile_has_no_effect_and_a_settlement_refuses_the_card():
    s = in_fangorn(shadow_with("sh_char_05"))
    tile_next(s, "eye_2")
    s2, ev = play(s, SH, event("sh_char_05", "event"))
    assert "tile_void" in kinds(ev) and s2["fellowship"]["hidden"] and s2["fellowship"]["corruption"] == 0
    assert s2["ask"][-1]["kind"] == "act"
    s["fellowship"]["pos"] = "edoras"
    assert offered(s, "sh_char_05") == [] and refused_play(s, "sh_char_05")


def test_sh_char_06_isildurs_bane_marks_its_damage_as_not_to_be_reduced():
    s = tile_next(in_fangorn(shadow_with("sh_char_06")), "d3_1")
    s2, _ = play(s, SH, event("sh_char_06", "event"))
    assert s2["ask"][-1] == {"kind": "hunt_damage", "side": FP, "damage": 3, "unreduced": True}
    s["fellowship"]["pos"] = "rivendell"
    assert offered(s, "sh_char_06") == []


def test_sh_char_07_foul_thing_from_the_deep_a_random_companion_absorbs_the_damage_at_once():
    s = in_fangorn(shadow_with("sh_char_07"))
    s["fellowship"]["companions"] = ["gandalf_grey", "gimli"]      # not a Hobbit: those are taken alive
    tile_next(s, "d3_2", "gimli")                       # then the random companion: Gimli (level 2)
    s2, ev = play(s, SH, event("sh_char_07", "event"))
    assert "gimli" in s2["eliminated"] and s2["fellowship"]["companions"] == ["gandalf_grey"]
    assert s2["fellowship"]["corruption"] == 1         # 3 damage, 2 absorbed by his level
    assert not any(a["kind"] == "hunt_damage" for a in s2["ask"])
    s["fellowship"]["pos"] = "minas_tirith"
    assert offered(s, "sh_char_07") == []


# --- the Fellowship revealed ---------------------------------------------------------------------------

def revealed_with(card, *companions):
    s = shadow_with(card)
    s["fellowship"]["hidden"] = False
    if companions:
        s["fellowship"]["companions"] = list(companions)
        s["fellowship"]["guide"] = companions[0]
    return s


def test_sh_char_13_lure_of_the_ring_the_free_peoples_choose_corruption_or_the_drawn_companion():
    s = forced(revealed_with("sh_char_13", "strider", "gimli"), "strider")
    s2, ev = play(s, SH, event("sh_char_13", "event"))
    assert s2["ask"][-1] == {"kind": "lure_of_the_ring", "side": FP, "companion": "strider", "damage": 3}
    assert {a["type"] for a in legal(s2, FP)} == {"lure_corruption", "lure_lose"}
    s3, _ = play(s2, FP, {"type": "lure_corruption"})
    assert s3["fellowship"]["corruption"] == 3 and s3["fellowship"]["companions"] == ["strider", "gimli"]
    s3, _ = play(s2, FP, {"type": "lure_lose"})
    assert s3["fellowship"]["companions"] == ["gimli"] and "strider" in s3["eliminated"]
    assert s3["fellowship"]["guide"] == "gimli" and s3["fellowship"]["corruption"] == 0


def test_sh_char_13_lure_of_the_ring_with_gollum_as_guide_adds_one_corruption_and_needs_a_revealed_fellowship():
    s = shadow_with("sh_char_13")
    assert offered(s, "sh_char_13") == []
    s["fellowship"].update(hidden=False, companions=[], guide="gollum")
    assert play(s, SH, event("sh_char_13", "event"))[0]["fellowship"]["corruption"] == 1


def test_sh_char_14_the_breaking_of_the_fellowship_separates_the_tiles_number_of_companions_chosen_by_the_free_peoples():
    s = tile_next(revealed_with("sh_char_14", "strider", "gimli", "legolas"), "d2r_1")
    s["fellowship"]["pos"] = "fangorn"
    s2, _ = play(s, SH, event("sh_char_14", "event"))
    groups = [a["group"] for a in legal(s2, FP)]
    assert sorted(map(sorted, groups)) == [["gimli", "legolas"], ["gimli", "strider"], ["legolas", "strider"]]
    s3, ev = play(s2, FP, {"type": "break_off", "group": ["strider", "legolas"]})
    assert s3["fellowship"]["companions"] == ["gimli"] and s3["fellowship"]["guide"] == "gimli"
    assert s3["chars"]["strider"] == s3["chars"]["legolas"] == "fangorn"
    assert "reveal_move" not in [a["kind"] for a in s3["ask"]]   # the tile's reveal mark is ignored


def test_sh_char_14_the_breaking_of_the_fellowship_an_eye_does_nothing_and_gollum_adds_one_corruption():
    s = tile_next(revealed_with("sh_char_14", "strider", "gimli"), "eye_1")
    s2, ev = play(s, SH, event("sh_char_14", "event"))
    assert "tile_void" in kinds(ev) and s2["fellowship"]["companions"] == ["strider", "gimli"]
    s["fellowship"].update(companions=[], guide="gollum")
    assert play(s, SH, event("sh_char_14", "event"))[0]["fellowship"]["corruption"] == 1
    s["fellowship"]["hidden"] = True
    assert offered(s, "sh_char_14") == []


def test_sh_char_14_the_breaking_of_the_fellowship_takes_every_companion_when_the_tile_asks_as_many():
    s = tile_next(revealed_with("sh_char_14", "strider", "gimli"), "d3_1")
    s["fellowship"]["pos"] = "fangorn"
    s2, _ = play(s, SH, event("sh_char_14", "event"))
    assert s2["fellowship"]["companions"] == [] and s2["fellowship"]["guide"] == "gollum"
    assert s2["ask"][-1]["kind"] == "act"


# --- Nazgûl -----------------------------------------------------------------------------------------------

def test_sh_char_09_nazgul_search_moves_nazgul_then_reveals_the_fellowship_with_a_nazgul_there():
    s = shadow_with("sh_char_09")
    assert offered(s, "sh_char_09") == []              # progress 0
    s["fellowship"].update(pos="fangorn", progress=2)
    s2, _ = play(s, SH, event("sh_char_09", "event"))
    assert s2["ask"][-1]["kind"] == "move_minions"
    assert not any(a.get("minion") == "mouth_of_sauron" for a in legal(s2, SH))
    s3, _ = play(s2, SH, {"type": "move_nazgul", "from": "dol_guldur", "to": "fangorn"})
    s3, ev = play(s3, SH, {"type": "done"})
    assert "fellowship_revealed" in kinds(ev) and s3["ask"][-1]["kind"] == "reveal_move"
    s3, ev = play(s2, SH, {"type": "done"})            # no Nazgûl with the Fellowship: still hidden
    assert s3["fellowship"]["hidden"] and s3["ask"][-1]["kind"] == "act"


def test_sh_char_08b_the_nazgul_strike_rolls_for_the_hunt_with_a_nazgul_on_the_fellowship():
    s = shadow_with("sh_char_08b", box_sh=2)
    s["fellowship"].update(pos="fangorn", progress=1)
    s2, _ = play(s, SH, event("sh_char_08b", "event"))
    s2, _ = play(s2, SH, {"type": "move_nazgul", "from": "dol_guldur", "to": "fangorn"})
    s3, ev = play(s2, SH, {"type": "done"})
    assert "hunt_roll" in kinds(ev)
    s2["units"]["fangorn"]["sauron"] = {}
    del s2["units"]["fangorn"]
    assert "hunt_roll" not in kinds(play(s2, SH, {"type": "done"})[1])


def test_sh_char_08b_the_nazgul_strike_may_discard_a_free_peoples_character_card_from_the_table_instead():
    s = shadow_with("sh_char_08b", box_sh=2)
    s["fellowship"].update(pos="fangorn", progress=1)
    s["table"][FP] = ["fp_str_05", "fp_char_05"]
    s2, _ = play(s, SH, event("sh_char_08b", "event"))
    s2, _ = play(s2, SH, {"type": "move_nazgul", "from": "dol_guldur", "to": "fangorn"})
    s2, _ = play(s2, SH, {"type": "done"})
    assert legal(s2, SH) == [{"type": "strike_discard", "card": "fp_char_05"}, {"type": "strike_hunt"}]
    s3, ev = play(s2, SH, {"type": "strike_discard", "card": "fp_char_05"})
    assert s3["table"][FP] == ["fp_str_05"] and s3["discards"][FP][-1] == "fp_char_05"
    assert "hunt_roll" not in kinds(ev)


# --- politics ---------------------------------------------------------------------------------------------

def test_sh_str_06_stormcrow_steps_back_a_nation_not_at_war_where_the_fellowship_is_and_the_free_peoples_lose_a_figure():
    s = shadow_with("sh_str_06", "muster")
    s["fellowship"]["pos"] = "bree"
    s["politics"]["north"]["step"] = 2
    assert {a["nation"] for a in offered(s, "sh_str_06")} == {"north"}
    s2, ev = play(s, SH, event("sh_str_06", "muster", nation="north"))
    assert s2["politics"]["north"]["step"] == 3 and "political_retreat" in kinds(ev)
    losses = legal(s2, FP)
    assert {(a["region"], a["kind"]) for a in losses} == {
        ("bree", "regular"), ("carrock", "regular"), ("dale", "regular"), ("dale", "leader"),
        ("north_downs", "elite"), ("the_shire", "regular")}
    s3, ev = play(s2, FP, {"type": "remove_figure", "region": "dale", "kind": "regular"})
    assert "dale" not in s3["units"]                   # its leader does not stay alone
    assert s3["ask"][-1]["kind"] == "act"


def test_sh_str_06_stormcrow_is_refused_without_the_fellowship_or_a_companion_in_a_nation_not_at_war():
    s = in_fangorn(shadow_with("sh_str_06", "muster"))
    assert offered(s, "sh_str_06") == [] and refused_play(s, "sh_str_06", "muster", nation="north")
    s["chars"] = {**s["chars"], "gimli": "erebor"}
    assert {a["nation"] for a in offered(s, "sh_str_06")} == {"dwarves"}
    s["politics"]["dwarves"]["step"] = 0
    assert offered(s, "sh_str_06") == []


# --- cards that stay on the table ---------------------------------------------------------------------

def on_shadow_table(s, *cards):
    s["table"][SH] = list(cards)
    return s


def with_saruman(s):
    s["chars"] = {**s["chars"], "saruman": "orthanc"}
    return s


def test_sh_str_05_threats_and_promises_stays_on_the_table_and_bars_diplomacy_for_passive_nations():
    s = shadow_with("sh_str_05", "muster")
    s2, ev = play(s, SH, event("sh_str_05", "muster"))
    assert s2["table"][SH] == ["sh_str_05"] and "sh_str_05" not in s2["discards"][SH]
    fp = at_action(game(), fp=["muster"])
    assert {a["nation"] for a in legal(fp, FP, "diplomacy")} == {"dwarves", "elves", "gondor", "north", "rohan"}
    on_shadow_table(fp, "sh_str_05")
    assert {a["nation"] for a in legal(fp, FP, "diplomacy")} == {"elves"}     # the only active one
    assert refused(fp, FP, {"type": "diplomacy", "nation": "dwarves", "die": "muster"}) == "not_allowed_now"


def test_sh_char_21_the_palantir_of_orthanc_needs_saruman_and_draws_a_card_after_an_event_die_play():
    s = holding(at_action(game(), fp=["muster"], sh=["event", "event", "muster"], active=SH), SH,
                "sh_char_21", "sh_char_12", "sh_str_20")
    assert offered(s, "sh_char_21") == []
    with_saruman(s)
    s, ev = play(s, SH, event("sh_char_21", "event"))
    assert s["table"][SH] == ["sh_char_21"] and s["ask"][-1]["kind"] == "act"    # no draw for itself
    s, _ = play(s, FP, {"type": "skip", "die": "muster"})
    s["fellowship"]["hidden"] = False
    hand = len(s["hands"][SH])
    s2, _ = play(s, SH, event("sh_char_12", "event"))
    assert s2["ask"][-1]["kind"] == "palantir" and s2["fellowship"]["corruption"] == 2   # after the effect
    s3, ev = play(s2, SH, {"type": "palantir_draw", "deck": "strategy"})
    assert len(s3["hands"][SH]) == hand and "card_drawn" in kinds(ev)      # one played, one drawn
    s2, _ = play(s, SH, event("sh_str_20", "muster"))                      # not an Event die: no draw
    assert s2["ask"][-1]["kind"] != "palantir"


def test_sh_char_21_the_palantir_leaves_the_table_once_saruman_is_out_of_play():
    s = on_shadow_table(with_saruman(at_action(game(), fp=["muster", "muster"], sh=["army"])), "sh_char_21")
    s2, ev = play(s, FP, {"type": "skip", "die": "muster"})
    assert s2["table"][SH] == ["sh_char_21"]
    s["chars"] = {}
    s["eliminated"].append("saruman")
    s2, ev = play(s, FP, {"type": "skip", "die": "muster"})
    assert s2["table"][SH] == [] and s2["discards"][SH][-1] == "sh_char_21" and "card_left_table" in kinds(ev)


def test_sh_char_22_wormtongue_keeps_rohan_passive_but_for_a_companion_a_declaration_or_an_attack_on_edoras():
    from engine.wotr.politics import activate
    from engine.wotr.state import deep_copy
    s = shadow_with("sh_char_22")
    assert offered(s, "sh_char_22") == []
    with_saruman(s)
    s, _ = play(s, SH, event("sh_char_22", "event"))
    assert s["table"][SH] == ["sh_char_22"]
    for by, region, roused in ((None, None, False), ("attack", "westemnet", False), ("attack", "edoras", True),
                               ("declared", "helms_deep", True), ("companion", "edoras", True)):
        t = deep_copy(s)
        activate(t, [], "rohan", by, region)
        assert t["politics"]["rohan"]["active"] == roused, (by, region)
    t = deep_copy(s)
    activate(t, [], "gondor")
    assert t["politics"]["gondor"]["active"]            # other nations as before


def besieged_minas_tirith(s):
    s["units"] = {**s["units"], "minas_tirith": {**s["units"]["minas_tirith"], "sauron": {"regular": 4}}}
    return s


def test_sh_str_03_denethors_folly_needs_a_siege_of_minas_tirith_eliminates_a_leader_and_bars_fp_combat_cards():
    from engine.wotr.battle import playable_combat_cards
    s = shadow_with("sh_str_03", "army")
    assert offered(s, "sh_str_03") == []
    besieged_minas_tirith(s)
    assert offered(s, "sh_str_03") == [event("sh_str_03", "army", nation="gondor")]
    s2, ev = play(s, SH, event("sh_str_03", "army", nation="gondor"))
    assert "leader" not in s2["units"]["minas_tirith"]["gondor"] and s2["table"][SH] == ["sh_str_03"]
    s2["hands"][FP] = ["fp_str_22"]                    # Valour: a combat card with no condition of its own
    battle = {"to": "minas_tirith", "from": "minas_tirith", "attacker": SH, "defender": FP, "mode": "siege"}
    assert playable_combat_cards(s2, battle, FP) == []


def test_sh_str_03_denethors_folly_leaves_the_table_when_the_siege_ends():
    s = on_shadow_table(at_action(game(), fp=["muster"], sh=["army"]), "sh_str_03")
    s2, ev = play(s, FP, {"type": "skip", "die": "muster"})
    assert s2["table"][SH] == [] and "card_left_table" in kinds(ev)
    besieged_minas_tirith(s)
    assert play(s, FP, {"type": "skip", "die": "muster"})[0]["table"][SH] == ["sh_str_03"]


def moving_with_shadow_box(s, n=2):
    s = at_action(s, fp=["character", "muster"], sh=["army"], box_sh=n)
    s["fellowship"]["pos"] = "fangorn"
    return s


def test_sh_char_16_flocks_of_crebain_is_discarded_before_a_hunt_roll_to_add_one_to_every_die():
    s2, _ = play(shadow_with("sh_char_16"), SH, event("sh_char_16", "event"))
    assert s2["table"][SH] == ["sh_char_16"]
    s = on_shadow_table(moving_with_shadow_box(game()), "sh_char_16")
    s, ev = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s["ask"][-1] == {"kind": "crebain", "side": SH, "bonus": 0} and "hunt_roll" not in kinds(ev)
    rolls(s, 5, 2)
    s2, ev = play(s, SH, {"type": "crebain_discard"})
    roll_ev = next(e for e in ev if e["type"] == "hunt_roll")
    assert roll_ev["bonus"] == 1 and roll_ev["successes"] == 1       # the 5 hits with +1
    assert s2["table"][SH] == [] and s2["discards"][SH][-1] == "sh_char_16"
    rolls(s, 5, 2)
    s2, ev = play(s, SH, {"type": "crebain_keep"})
    assert next(e for e in ev if e["type"] == "hunt_roll")["successes"] == 0 and s2["table"][SH] == ["sh_char_16"]


def test_sh_char_15_worn_with_sorrow_and_toil_a_companion_casualty_lets_the_shadow_discard_a_fp_character_card():
    s2, _ = play(shadow_with("sh_char_15"), SH, event("sh_char_15", "event"))
    assert s2["table"][SH] == ["sh_char_15"]
    s = on_shadow_table(at_action(game(), fp=["muster"], sh=["army"]), "sh_char_15")
    s["hands"][FP] = ["fp_str_21", "fp_char_09"]
    s["ask"].append({"kind": "hunt_damage", "side": FP, "damage": 1})
    s2, ev = play(s, FP, {"type": "casualty", "who": "guide"})
    assert legal(s2, SH) == [{"type": "sorrow_hand"}, {"type": "sorrow_none"}]
    s3, ev = play(s2, SH, {"type": "sorrow_hand"})
    assert s3["hands"][FP] == ["fp_str_21"] and s3["discards"][FP] == ["fp_char_09"]
    s2["hands"][FP] = ["fp_str_21"]                    # no Character card in hand: nothing is discarded
    s3, ev = play(s2, SH, {"type": "sorrow_hand"})
    assert s3["hands"][FP] == ["fp_str_21"] and "no_card_discarded" in kinds(ev)


# --- armies moved and hit by a card -----------------------------------------------------------------

def test_sh_str_09_the_shadow_is_moving_needs_every_shadow_nation_at_war_and_moves_up_to_four_armies():
    s = shadow_with("sh_str_09", "army")
    assert offered(s, "sh_str_09") == []
    at_war(s, "sauron", "isengard", "southrons")
    s2, _ = play(s, SH, event("sh_str_09", "army"))
    assert s2["ask"][-1]["kind"] == "army_move" and s2["ask"][-1]["moves"] == 4
    for src, to in (("morannon", "dagorlad"), ("minas_morgul", "north_ithilien"), ("orthanc", "gap_of_rohan"),
                    ("umbar", "near_harad")):
        assert s2["ask"][-1]["kind"] == "army_move", (src, to)
        s2, _ = play(s2, SH, {"type": "army_from", "region": src})
        s2, _ = play(s2, SH, {"type": "army_to", "region": to})
    assert s2["ask"][-1]["kind"] == "act"              # four moves: over
    assert all(has_army(s2, r) for r in ("dagorlad", "north_ithilien", "gap_of_rohan", "near_harad"))


def has_army(s, region):
    from engine.wotr.state import has_army_unit
    return has_army_unit(s, region, SH)


def test_sh_char_19_dreadful_spells_rolls_a_die_per_nazgul_and_the_free_peoples_take_the_hits_of_five_or_more():
    s = shadow_with("sh_char_19")
    assert offered(s, "sh_char_19") == []            # no Shadow army with Nazgûl next to a Free Peoples army
    s["units"] = {**s["units"], "osgiliath": {"sauron": {"regular": 2, "nazgul": 3}}}
    assert {(a["from"], a["region"]) for a in offered(s, "sh_char_19")} == {("osgiliath", "minas_tirith"), ("osgiliath", "pelargir")}
    rolls(s, 5, 6, 2)
    s2, ev = play(s, SH, event("sh_char_19", "event", **{"from": "osgiliath"}, region="minas_tirith"))
    assert next(e for e in ev if e["type"] == "card_roll")["dice"] == [5, 6, 2]
    assert s2["ask"][-1] == {"kind": "card_casualties", "side": FP, "region": "minas_tirith", "hits": 2}
    assert {(a["kind"]) for a in legal(s2, FP)} == {"regular", "reduce", "elite"}
    s3, _ = play(s2, FP, {"type": "card_casualty", "nation": "gondor", "kind": "elite"})
    assert s3["units"]["minas_tirith"]["gondor"] == {"regular": 3, "leader": 1} and s3["ask"][-1]["kind"] == "act"
    s3, _ = play(s2, FP, {"type": "card_casualty", "nation": "gondor", "kind": "regular"})
    assert s3["ask"][-1]["hits"] == 1 and s3["units"]["minas_tirith"]["gondor"]["regular"] == 2
    assert {(a["kind"]) for a in legal(s3, FP)} == {"regular", "reduce"}     # one hit left: a choice again


def test_sh_char_19_dreadful_spells_hits_beyond_the_army_wipe_it_out_with_its_leaders_without_a_choice():
    s = shadow_with("sh_char_19")
    s["units"] = {**s["units"], "osgiliath": {"sauron": {"regular": 2, "nazgul": 2}},
                  "minas_tirith": {"gondor": {"regular": 1, "leader": 1}}}
    rolls(s, 5, 6)
    s2, ev = play(s, SH, event("sh_char_19", "event", **{"from": "osgiliath"}, region="minas_tirith"))
    assert "minas_tirith" not in s2["units"] and s2["ask"][-1]["kind"] == "act"


def test_sh_str_01_return_to_valinor_needs_a_shadow_held_elven_stronghold_and_hits_elven_armies_on_sixes():
    s = shadow_with("sh_str_01", "army")
    assert offered(s, "sh_str_01") == []
    s["captured"]["lorien"] = SH
    s["units"] = {**s["units"], "lorien": {"sauron": {"regular": 3}}}
    s["units"] = {**s["units"], "rivendell": {"elves": {"regular": 2}}, "grey_havens": {"elves": {"elite": 1}},
                  "woodland_realm": {"elves": {"regular": 1}, "sauron": {"regular": 1}}}    # besieged: no roll
    rolls(s, 6, 6, 3)
    s2, ev = play(s, SH, event("sh_str_01", "army"))
    assert [(e["dice"]) for e in ev if e["type"] == "card_roll"] == [[6], [6, 3]]     # Grey Havens, Rivendell
    assert s2["ask"][-1] == {"kind": "card_casualties", "side": FP, "region": "rivendell", "hits": 1} or \
        "rivendell" in s2["units"]
    assert s2["units"]["rivendell"]["elves"] == {"regular": 1}      # one Regular: no choice
    assert s2["units"]["grey_havens"]["elves"] == {"regular": 1}    # the Elite reduced (its only choice)
    assert s2["units"]["woodland_realm"]["elves"] == {"regular": 1}


def test_sh_str_11_rage_of_the_dunlendings_recruits_two_regulars_next_to_dunland_and_brings_up_to_four_units():
    s = shadow_with("sh_str_11", "muster")
    assert offered(s, "sh_str_11") == []
    at_war(s, "isengard")
    assert {a["region"] for a in offered(s, "sh_str_11")} >= {"tharbad", "gap_of_rohan", "south_dunland"}
    s["units"] = {**s["units"], "north_dunland": {"isengard": {"regular": 3, "elite": 2}}}
    s2, _ = play(s, SH, event("sh_str_11", "muster", region="tharbad"))
    assert s2["units"]["tharbad"]["isengard"] == {"regular": 2}
    for src, kind in (("north_dunland", "elite"), ("north_dunland", "elite"), ("south_dunland", "regular")):
        s2, _ = play(s2, SH, {"type": "dunland_move", "from": src, "kind": kind})
    assert {a["type"] for a in legal(s2, SH)} == {"dunland_move", "dunland_done"}
    s2, ev = play(s2, SH, {"type": "dunland_move", "from": "north_dunland", "kind": "regular"})
    assert s2["units"]["tharbad"]["isengard"] == {"regular": 4, "elite": 2}     # four brought: over
    assert s2["units"]["north_dunland"]["isengard"] == {"regular": 2} and s2["ask"][-1]["kind"] == "act"


def witch_king_at_druadan_forest(s):
    s["chars"] = {**s["chars"], "witch_king": "druadan_forest"}
    s["units"] = {**s["units"], "druadan_forest": {"sauron": {"regular": 2}}}
    return s


def test_sh_char_24_the_black_captain_commands_recruits_two_nazgul_with_the_witch_king_then_his_army_attacks():
    s = shadow_with("sh_char_24")
    assert offered(s, "sh_char_24") == []            # the Witch-king not in play
    at_war(witch_king_at_druadan_forest(s), "sauron")
    s2, _ = play(s, SH, event("sh_char_24", "event", first="recruit"))
    assert s2["units"]["druadan_forest"]["sauron"] == {"regular": 2, "nazgul": 2}
    acts = legal(s2, SH)
    assert {"type": "captain_move"} in acts and {"type": "captain_attack", "to": "minas_tirith"} in acts
    assert acts[-1] == {"type": "captain_none"}
    s3, ev = play(s2, SH, {"type": "captain_attack", "to": "minas_tirith"})
    assert "battle_started" in kinds(ev) and s3["ask"][-1]["kind"] == "battle"
    s3, _ = play(s2, SH, {"type": "captain_move"})
    assert s3["ask"][-1]["kind"] == "army_move" and s3["ask"][-1]["from"] == "druadan_forest"
    s3, _ = play(s2, SH, {"type": "captain_none"})
    assert s3["ask"][-1]["kind"] == "act"


def test_sh_char_24_the_black_captain_commands_may_move_the_nazgul_first():
    s = at_war(witch_king_at_druadan_forest(shadow_with("sh_char_24")), "sauron")
    s2, _ = play(s, SH, event("sh_char_24", "event", first="move_nazgul"))
    assert s2["ask"][-1]["kind"] == "move_minions"
    s2, _ = play(s2, SH, {"type": "done"})
    assert s2["ask"][-1]["kind"] == "black_captain"


# --- armies: sieges of three rounds, moves along paths, the Nazgûl's armies -----------------------------

def minas_tirith_besieged(s, *, witch_king=True, isengard=False):
    """Minas Tirith's garrison (Gondor, no companion) besieged by a Sauron army (with the Witch-king)."""
    besiegers = {"sauron": {"regular": 8 - isengard, "elite": 2}, **({"isengard": {"regular": 1}} if isengard else {})}
    s["units"] = {**s["units"], "minas_tirith": {"gondor": {"regular": 2, "elite": 3}, **besiegers}}
    if witch_king:
        s["chars"] = {**s["chars"], "witch_king": "minas_tirith"}
    return at_war(s, "sauron", "isengard", "gondor")


def test_sh_char_20_grond_needs_the_witch_king_with_an_army_besieging_a_stronghold():
    s = shadow_with("sh_char_20")
    assert offered(s, "sh_char_20") == []
    minas_tirith_besieged(s, witch_king=False)
    assert offered(s, "sh_char_20") == []                 # a siege, but no Witch-king there
    s["chars"] = {**s["chars"], "witch_king": "osgiliath"}
    assert offered(s, "sh_char_20") == []                 # the Witch-king elsewhere
    s["chars"] = {**s["chars"], "witch_king": "minas_tirith"}
    assert offered(s, "sh_char_20") == [event("sh_char_20", "event", region="minas_tirith")]


def engaged(s):
    """Past the attacker's rearguard step, when there is one."""
    return play(s, SH, {"type": "engage"})[0] if s["ask"][-1].get("step") == "rearguard" else s


def _fight_round(s):
    """The round fought to the attacker's cease step: no combat card, each casualty the first offered."""
    while s["ask"][-1]["kind"] != "battle" or s["ask"][-1]["step"] != "cease":
        ask = s["ask"][-1]
        options = legal(s, ask["side"])
        s, _ = play(s, ask["side"], {"type": "no_combat_card"} if {"type": "no_combat_card"} in options else options[0])
    return s


def test_sh_char_20_grond_siege_lasts_three_rounds_and_locks_the_free_peoples_cards_without_a_companion():
    s = holding(minas_tirith_besieged(shadow_with("sh_char_20")), FP, "fp_str_14")
    s2, ev = play(s, SH, event("sh_char_20", "event", region="minas_tirith"))
    s2 = engaged(s2)
    b = s2["ask"][-1]
    assert b["kind"] == "battle" and b["mode"] == "siege" and b["rounds"] == 3
    assert legal(s2, FP) == [{"type": "no_combat_card"}]        # first round: no companion, no card
    s3 = _fight_round(s2)
    assert legal(s3, SH) == [{"type": "continue_battle"}, {"type": "cease_battle"}]     # round 2 is free
    s3, ev = play(s3, SH, {"type": "continue_battle"})
    assert s3["ask"][-1]["round"] == 2 and "siege_pressed" not in kinds(ev)       # no Elite reduced for it
    assert {"type": "combat_card", "card": "fp_str_14"} in legal(s3, FP)      # the lock was the first round only
    s3, _ = play(_fight_round(s3), SH, {"type": "continue_battle"})
    s3 = _fight_round(s3)
    assert s3["ask"][-1]["round"] == 3
    assert legal(s3, SH) == [{"type": "cease_battle"}, {"type": "reduce_to_continue", "nation": "sauron"}]


def test_sh_char_20_grond_lets_the_free_peoples_play_a_card_in_the_first_round_with_a_companion():
    s = holding(minas_tirith_besieged(shadow_with("sh_char_20")), FP, "fp_str_14")
    s["chars"] = {**s["chars"], "boromir": "minas_tirith"}
    s2 = engaged(play(s, SH, event("sh_char_20", "event", region="minas_tirith"))[0])
    assert {"type": "combat_card", "card": "fp_str_14"} in legal(s2, FP)


def test_a_siege_battle_without_a_card_lasts_one_round():
    s = holding(minas_tirith_besieged(at_action(game(), fp=["muster"], sh=["army"], active=SH)), FP, "fp_str_14")
    holding(s, SH)
    s2 = engaged(play(s, SH, {"type": "attack", "from": "minas_tirith", "to": "minas_tirith", "die": "army"})[0])
    assert "rounds" not in s2["ask"][-1] and {"type": "combat_card", "card": "fp_str_14"} in legal(s2, FP)
    assert legal(_fight_round(s2), SH) == [{"type": "cease_battle"}, {"type": "reduce_to_continue", "nation": "sauron"}]


def test_sh_str_02_the_fighting_uruk_hai_needs_saruman_and_an_isengard_unit_besieging_then_fights_three_rounds():
    s = shadow_with("sh_str_02", "army")
    minas_tirith_besieged(s, witch_king=False)
    s["chars"] = {**s["chars"], "saruman": "orthanc"}
    assert offered(s, "sh_str_02") == []                      # no Isengard unit among the besiegers
    minas_tirith_besieged(s, witch_king=False, isengard=True)
    s["chars"] = {k: v for k, v in s["chars"].items() if k != "saruman"}
    assert offered(s, "sh_str_02") == []                      # Saruman not in play
    s["chars"] = {**s["chars"], "saruman": "orthanc"}
    assert offered(s, "sh_str_02") == [event("sh_str_02", "army", region="minas_tirith")]
    s2 = engaged(play(holding(s, FP, "fp_str_14"), SH, event("sh_str_02", "army", region="minas_tirith"))[0])
    assert s2["ask"][-1]["rounds"] == 3 and legal(s2, FP) == [{"type": "no_combat_card"}]


def gather_position(s):
    """Sauron armies: 3 Regulars in Dol Guldur, 1 in the Gladden Fields (2 regions away), 2 in Moria (3)."""
    s["units"] = {r: u for r, u in s["units"].items() if "sauron" not in u}
    s["units"] = {**s["units"], "dol_guldur": {"sauron": {"regular": 3}}, "moria": {"sauron": {"regular": 2}},
                  "gladden_fields": {"sauron": {"regular": 1}}}
    return s


def test_sh_str_07_shadows_gather_moves_one_army_up_to_three_regions_to_join_another_shadow_army():
    s = gather_position(shadow_with("sh_str_07", "army"))
    s2, _ = play(s, SH, event("sh_str_07", "army"))
    ask = s2["ask"][-1]
    assert ask["kind"] == "army_move" and ask["reach"] == 3 and ask["join"] and ask["moves"] == 1
    s3, _ = play(s2, SH, {"type": "army_from", "region": "dol_guldur"})
    ends = {a["region"] for a in legal(s3, SH, "army_to")}
    assert {"moria", "gladden_fields"} <= ends
    assert all(has_army(s, r) and _distance("dol_guldur", r) <= 3 for r in ends)   # only where armies stand
    s3, _ = play(s3, SH, {"type": "army_stay", "nation": "sauron", "kind": "regular"})   # it may split first
    s4, ev = play(s3, SH, {"type": "army_to", "region": "moria"})
    assert s4["units"]["dol_guldur"]["sauron"] == {"regular": 1} and s4["units"]["moria"]["sauron"] == {"regular": 4}
    assert s4["ask"][-1]["kind"] == "act"                 # one army only


def _distance(a, b):
    seen, frontier, d = {a}, {a}, 0
    while b not in frontier:
        frontier = {t for r in frontier for t in ADJ[r]} - seen
        seen |= frontier
        d += 1
    return d


def test_sh_str_07_shadows_gather_ends_only_beside_another_army_and_passes_no_enemy_army_nor_settlement():
    from engine.wotr.armies import card_reach, new_move
    s = shadow_with("sh_str_07", "army")
    s["units"] = {"far_harad": {"southrons": {"regular": 2}}}          # alone on the map
    assert offered(s, "sh_str_07") == []
    s["units"] = {**s["units"], "east_harondor": {"southrons": {"regular": 1}}}    # Far Harad, Near Harad, there
    ask, group = new_move(SH, 1, reach=3, join=True), {"southrons": {"regular": 2}}
    assert card_reach(s, ask, "far_harad", group) == ["east_harondor"]
    assert offered(s, "sh_str_07") == [event("sh_str_07", "army")]
    assert card_reach(s, new_move(SH, 1, reach=1, join=True), "far_harad", group) == []       # too far
    s2 = deep_copy(s)
    s2["units"] = {**s2["units"], "near_harad": {"gondor": {"regular": 1}}}     # a Free Peoples army in the way
    assert card_reach(s2, ask, "far_harad", group) == []
    s["captured"]["near_harad"] = FP                                            # a settlement the enemy holds
    assert card_reach(s, ask, "far_harad", group) == []


def test_sh_str_08_the_shadow_lengthens_moves_two_armies_two_regions_each_to_join_others():
    s = gather_position(shadow_with("sh_str_08", "army"))
    s2, _ = play(s, SH, event("sh_str_08", "army"))
    ask = s2["ask"][-1]
    assert ask["moves"] == 2 and ask["reach"] == 2 and ask["join"]
    s3, _ = play(s2, SH, {"type": "army_from", "region": "dol_guldur"})
    ends = {a["region"] for a in legal(s3, SH, "army_to")}
    assert "gladden_fields" in ends and "moria" not in ends          # Moria is three regions away
    s4, _ = play(s3, SH, {"type": "army_to", "region": "gladden_fields"})
    assert s4["ask"][-1]["kind"] == "army_move"                        # a second army may move
    origins = {a["region"] for a in legal(s4, SH, "army_from")}
    assert "gladden_fields" not in origins and "moria" in origins     # an army that arrived moves no more
    s5, _ = play(play(s4, SH, {"type": "army_from", "region": "moria"})[0], SH,
                 {"type": "army_to", "region": "gladden_fields"})
    assert s5["units"]["gladden_fields"]["sauron"] == {"regular": 6} and s5["ask"][-1]["kind"] == "act"


def wraiths_position(s):
    """A Sauron army with a Nazgûl in Osgiliath, next to Minas Tirith's Gondor army; another without one
    in Morannon; the Witch-king not in play."""
    s["units"] = {**s["units"], "osgiliath": {"sauron": {"regular": 2, "nazgul": 1}},
                  "morannon": {"sauron": {"regular": 5}}}
    return at_war(s, "sauron")


def test_sh_char_23_the_ringwraiths_are_abroad_moves_the_nazgul_then_two_armies_holding_one():
    s = wraiths_position(shadow_with("sh_char_23"))
    s2, _ = play(s, SH, event("sh_char_23", "event"))
    assert s2["ask"][-1]["kind"] == "move_minions"
    s2, _ = play(s2, SH, {"type": "done"})
    acts = legal(s2, SH)
    assert s2["ask"][-1]["kind"] == "ringwraiths" and acts[0] == {"type": "wraiths_move"}
    assert {"type": "wraiths_attack", "from": "osgiliath", "to": "minas_tirith"} in acts
    assert not [a for a in acts if a.get("from") == "morannon"]        # no Nazgûl there
    s3, _ = play(s2, SH, {"type": "wraiths_move"})
    assert s3["ask"][-1]["kind"] == "army_move" and s3["ask"][-1]["nazgul"]
    origins = {a["region"] for a in legal(s3, SH, "army_from")}
    assert "osgiliath" in origins and "morannon" not in origins
    s4, _ = play(s3, SH, {"type": "army_from", "region": "osgiliath"})
    assert {"type": "army_stay", "nation": "sauron", "kind": "nazgul"} not in legal(s4, SH)   # the movers keep it
    s4, _ = play(s2, SH, {"type": "wraiths_attack", "from": "osgiliath", "to": "minas_tirith"})
    assert s4["ask"][-1]["kind"] == "battle" and s4["ask"][-1]["from"] == "osgiliath"


def test_sh_char_23_the_ringwraiths_are_abroads_attack_keeps_its_nazgul_out_of_the_rearguard():
    """The army that attacks is the one with the Nazgûl, so the Nazgûl fights (our reading); an attack
    with an Army die may leave it behind."""
    s = wraiths_position(shadow_with("sh_char_23"))
    s["units"] = {**s["units"], "osgiliath": {"sauron": {"regular": 2, "nazgul": 2}}}
    s2, _ = play(play(s, SH, event("sh_char_23", "event"))[0], SH, {"type": "done"})
    s3, _ = play(s2, SH, {"type": "wraiths_attack", "from": "osgiliath", "to": "minas_tirith"})
    nazgul_back = {"type": "rearguard", "nation": "sauron", "kind": "nazgul"}
    assert s3["ask"][-1]["step"] == "rearguard" and nazgul_back in legal(s3, SH)      # one of two may stay
    s4, _ = play(s3, SH, nazgul_back)
    assert nazgul_back not in legal(s4, SH)                                             # not the last one
    assert {"type": "rearguard", "nation": "sauron", "kind": "regular"} in legal(s4, SH)
    army = at_action(wraiths_position(game()), fp=["muster"], sh=["army"], active=SH)
    a, _ = play(army, SH, {"type": "attack", "from": "osgiliath", "to": "minas_tirith", "die": "army"})
    assert a["ask"][-1]["step"] == "rearguard" and nazgul_back in legal(a, SH)        # the Army die's attack


def test_sh_char_23_the_ringwraiths_are_abroad_needs_a_nazgul_and_asks_nothing_when_no_army_holds_one():
    s = shadow_with("sh_char_23")
    s["units"] = {r: {n: {k: v for k, v in u.items() if k != "nazgul"} for n, u in us.items()}
                  for r, us in s["units"].items()}
    s["chars"] = {k: v for k, v in s["chars"].items() if k != "witch_king"}
    assert offered(s, "sh_char_23") == []
    s["units"] = {**s["units"], "gorgoroth": {"sauron": {"nazgul": 1}}}        # a Nazgûl with no army
    s2, _ = play(s, SH, event("sh_char_23", "event"))
    s2, _ = play(s2, SH, {"type": "done"})
    assert s2["ask"][-1]["kind"] == "act"


# --- Balrog of Moria -----------------------------------------------------------------------------------

def balrog_on_table(s):
    s["table"][SH] = ["sh_char_17"]
    return s


def declaring(s, pos, progress):
    """The Free Peoples' Fellowship phase, the hidden Fellowship `progress` regions from `pos`."""
    from tests.wotr.helpers import at_fellowship_phase
    at_fellowship_phase(s)
    s["fellowship"].update(pos=pos, progress=progress, hidden=True, declared=False)
    return s


def test_sh_char_17_balrog_of_moria_stays_on_the_table():
    s2, ev = play(shadow_with("sh_char_17"), SH, event("sh_char_17", "event"))
    assert s2["table"][SH] == ["sh_char_17"] and "sh_char_17" not in s2["discards"][SH]


def test_sh_char_17_balrog_of_moria_draws_a_tile_when_the_fellowship_is_declared_into_moria():
    s = balrog_on_table(declaring(game(), "hollin", 1))
    s2, _ = play(s, FP, {"type": "declare", "region": "moria"})
    assert s2["ask"][-1] == {"kind": "balrog", "side": SH, "can_reveal": True}
    assert legal(s2, SH) == [{"type": "balrog_draw"}, {"type": "balrog_keep"}]
    s3, ev = play(forced(deep_copy(s2), "d2r_1"), SH, {"type": "balrog_draw"})     # 2 damage, reveal
    assert "sh_char_17" in s3["discards"][SH] and s3["table"][SH] == []
    assert {"hunt_tile", "fellowship_revealed"} <= set(kinds(ev))
    assert s3["ask"][-1]["kind"] == "hunt_damage" and s3["ask"][-1]["damage"] == 2
    s4, _ = play(s2, SH, {"type": "balrog_keep"})
    assert s4["table"][SH] == ["sh_char_17"] and s4["ask"][-1]["kind"] == "fellowship_phase"


def test_sh_char_17_balrog_of_moria_an_eye_does_nothing_and_a_declaration_in_a_free_city_does_not_reveal():
    s = balrog_on_table(declaring(game(), "moria", 2))
    s2, _ = play(s, FP, {"type": "declare", "region": "lorien"})        # out of Moria, into Lórien
    assert s2["ask"][-1] == {"kind": "balrog", "side": SH, "can_reveal": False}
    s3, ev = play(forced(deep_copy(s2), "d1r_1"), SH, {"type": "balrog_draw"})
    assert "fellowship_revealed" not in kinds(ev) and s3["fellowship"]["hidden"]
    s3, ev = play(forced(deep_copy(s2), "eye_1"), SH, {"type": "balrog_draw"})
    assert "tile_void" in kinds(ev) and s3["fellowship"]["corruption"] == s2["fellowship"]["corruption"]
    assert s3["ask"][-1]["kind"] == "fellowship_phase"


def test_sh_char_17_balrog_of_moria_counts_a_declaration_through_moria_only_when_no_path_avoids_it():
    from engine.wotr.hunt import passes_moria
    assert passes_moria("hollin", "dimrill_dale", 2)           # the only two-region way is through Moria
    assert not passes_moria("hollin", "dimrill_dale", 6)       # a longer way round exists
    s = balrog_on_table(declaring(game(), "hollin", 6))
    assert play(s, FP, {"type": "declare", "region": "dimrill_dale"})[0]["ask"][-1]["kind"] == "fellowship_phase"
    s = balrog_on_table(declaring(game(), "hollin", 2))
    assert play(s, FP, {"type": "declare", "region": "dimrill_dale"})[0]["ask"][-1]["kind"] == "balrog"


def test_sh_char_17_balrog_of_moria_is_offered_only_from_the_table_and_when_the_fellowship_moves():
    s = declaring(game(), "hollin", 1)
    assert play(s, FP, {"type": "declare", "region": "moria"})[0]["ask"][-1]["kind"] == "fellowship_phase"
    s = balrog_on_table(declaring(game(), "moria", 1))
    assert play(s, FP, {"type": "declare", "region": "moria"})[0]["ask"][-1]["kind"] == "fellowship_phase"


def test_sh_char_17_balrog_of_moria_is_offered_when_the_revealed_fellowship_steps_out_of_moria():
    s = balrog_on_table(game())
    s["fellowship"].update(pos="moria", hidden=False)
    s["ask"] = [{"kind": "act", "side": FP}, {"kind": "reveal_move", "side": FP, "at": "moria", "left": 2,
                                              "hunted": ["moria"]}]
    s2, _ = play(s, FP, {"type": "reveal_step", "region": "hollin"})
    assert s2["ask"][-1]["kind"] == "balrog" and s2["ask"][-2]["kind"] == "reveal_move"
    s3, _ = play(s2, SH, {"type": "balrog_keep"})
    assert s3["ask"][-1]["kind"] == "reveal_move"
    s["ask"][-1]["hunted"] = []                       # Moria's own Stronghold tile: drawn and resolved first
    s["table"][FP] = ["fp_char_05"]
    s2, _ = play(s, FP, {"type": "reveal_step", "region": "hollin"})
    assert [a["kind"] for a in s2["ask"][-2:]] == ["balrog", "hunt_tile_drawn"]


def test_sh_char_17_balrog_of_moria_plays_its_combat_half_from_the_table():
    from tests.wotr.test_armies import board
    s = board({"moria": {"sauron": {"regular": 2}}, "dimrill_dale": {"gondor": {"regular": 2}}}, None,
              sh=["army"], fp=["event"], active=SH, war=("sauron",))
    s["hands"] = {FP: [], SH: []}
    balrog_on_table(s)
    s, _ = play(s, SH, {"type": "attack", "die": "army", "from": "moria", "to": "dimrill_dale"})
    s = engaged(s)
    assert s["ask"][-1]["step"] == "cards" and s["ask"][-1]["side"] == SH      # asked though the hand is empty
    assert {"type": "combat_card", "card": "sh_char_17"} in legal(s, SH)
    rolls(s, 4, 4, 1, 1, 1)
    s2, ev = play(s, SH, {"type": "combat_card", "card": "sh_char_17"})
    assert s2["table"][SH] == [] and "sh_char_17" in s2["discards"][SH]
    assert any(e["type"] == "combat_effect" and e["card"] == "sh_char_17" for e in ev)


# --- Corsairs of Umbar -----------------------------------------------------------------------------------

def corsairs(units=None, war=True):
    s = shadow_with("sh_str_10", "army")
    holding(s, FP)
    s["units"] = {**s["units"], "umbar": {"southrons": {"regular": 3}}, **(units or {})}
    return at_war(s, "southrons") if war else s


def test_sh_str_10_corsairs_of_umbar_needs_the_southrons_at_war_and_an_army_in_umbar():
    assert offered(corsairs(war=False), "sh_str_10") == []
    s = corsairs()
    assert [a["region"] for a in offered(s, "sh_str_10")] == ["anfalas", "dol_amroth", "lamedon", "pelargir"]
    s["units"] = {r: u for r, u in s["units"].items() if r != "umbar"}
    assert offered(s, "sh_str_10") == []


def test_sh_str_10_corsairs_of_umbar_sails_to_a_gondor_coastal_region_and_may_leave_units_behind():
    s2, _ = play(corsairs(), SH, event("sh_str_10", "army", region="anfalas"))
    ask = s2["ask"][-1]
    assert ask["kind"] == "army_move" and ask["from"] == "umbar"
    assert [a["region"] for a in legal(s2, SH, "army_to")] == ["anfalas"]         # not a neighbour: the ships
    s3, _ = play(s2, SH, {"type": "army_stay", "nation": "southrons", "kind": "regular"})
    s4, ev = play(s3, SH, {"type": "army_to", "region": "anfalas"})
    assert s4["units"]["anfalas"]["southrons"] == {"regular": 2} and s4["units"]["umbar"]["southrons"] == {"regular": 1}
    assert s4["ask"][-1]["kind"] == "act"


def test_sh_str_10_corsairs_of_umbar_checks_the_stacking_limit_on_landing():
    s = corsairs({"anfalas": {"southrons": {"regular": 9}}})
    s2, _ = play(s, SH, event("sh_str_10", "army", region="anfalas"))
    s3, _ = play(s2, SH, {"type": "army_to", "region": "anfalas"})
    assert s3["ask"][-1] == {"kind": "remove_excess", "side": SH, "region": "anfalas"}


def test_sh_str_10_corsairs_of_umbar_attack_cannot_be_ceased_and_the_winners_land():
    s = corsairs({"pelargir": {"gondor": {"regular": 2}}})
    s2, ev = play(s, SH, event("sh_str_10", "army", region="pelargir"))
    b = s2["ask"][-1]
    assert b["kind"] == "battle" and (b["from"], b["to"], b["mode"]) == ("umbar", "pelargir", "field")
    assert b["no_cease"] and b["committed"]
    seen = set()
    while s2["ask"][-1]["kind"] == "battle":
        ask = s2["ask"][-1]
        options = legal(s2, ask["side"])
        seen |= {a["type"] for a in options}
        pick = next((a for a in options if a["type"] in ("no_combat_card", "hold", "engage")), options[0])
        s2, ev = play(s2, ask["side"], pick)
    assert not seen & {"cease_battle", "continue_battle", "advance", "stay"}
    assert "pelargir" not in s2["units"] or "gondor" not in s2["units"]["pelargir"] or "umbar" not in s2["units"]
    if "southrons" in s2["units"].get("pelargir", {}):          # the Shadow won: every survivor landed
        assert "umbar" not in s2["units"] and s2["captured"].get("pelargir") == SH


def test_sh_str_10_corsairs_of_umbar_joins_a_siege_and_attacks_the_garrison_which_may_be_ceased():
    s = corsairs({"dol_amroth": {"gondor": {"regular": 1, "elite": 2}, "southrons": {"regular": 2}}})
    s2, _ = play(s, SH, event("sh_str_10", "army", region="dol_amroth"))
    assert s2["ask"][-1]["kind"] == "army_move" and s2["ask"][-2]["kind"] == "card_then"
    s3, ev = play(s2, SH, {"type": "army_to", "region": "dol_amroth"})
    b = s3["ask"][-1]
    assert b["kind"] == "battle" and b["mode"] == "siege" and "no_cease" not in b
    assert s3["units"]["dol_amroth"]["southrons"] == {"regular": 5}


def test_sh_str_10_corsairs_of_umbar_land_at_once_when_the_defender_retreats():
    s = corsairs({"pelargir": {"gondor": {"regular": 2}}})
    s["units"] = {**s["units"], "umbar": {"southrons": {"regular": 5}}}
    s2, _ = play(s, SH, event("sh_str_10", "army", region="pelargir"))
    s2, _ = play(s2, SH, {"type": "rearguard", "nation": "southrons", "kind": "regular"})   # one stays home
    s2, _ = play(s2, SH, {"type": "engage"})
    while s2["ask"][-1].get("step") not in ("retreat", None):
        ask = s2["ask"][-1]
        s2, _ = play(s2, ask["side"], legal(s2, ask["side"])[0])
    assert s2["ask"][-1]["kind"] == "battle", "the first round ended the battle: the test needs another seed"
    fleet = s2["units"]["umbar"]["southrons"]["regular"] - 1
    s3, ev = play(s2, FP, {"type": "retreat", "region": "lossarnach"})
    assert "army_advanced" in kinds(ev) and s3["ask"][-1]["kind"] == "act"       # no choice to stay
    assert s3["units"]["pelargir"]["southrons"] == {"regular": fleet} and s3["units"]["umbar"]["southrons"] == {"regular": 1}
    assert s3["captured"]["pelargir"] == SH
