"""The Free Peoples' last event halves (Dead Men of Dunharrow, Help Unlooked For, Through a Day and a
Night, Círdan's Ships), each test named after its card, and the board's coastal regions."""
from engine.wotr.coast import COASTAL
from engine.wotr.state import FP, REGIONS, SH
from tests.wotr.helpers import R, at_action, game, kinds, legal, play, refused, rolls

FP_DICE = ["army", "character", "event", "muster"]


def event(card, die, **choice):
    return {"type": "play_event", "card": card, **choice, "die": die}


def fp_turn(*cards, dice=FP_DICE):
    s = at_action(game(), fp=dice, sh=["army"])
    s["hands"][FP] = list(cards)
    return s


def test_coastal_regions_are_map_regions_and_gondor_holds_four_of_them():
    assert set(REGIONS) >= COASTAL
    assert sorted(r for r in COASTAL if REGIONS[r]["nation"] == "gondor") == [
        "anfalas", "dol_amroth", "lamedon", "pelargir"]
    assert not {"osgiliath", "lossarnach", "minas_tirith", "the_shire"} & COASTAL      # rivers are no coast


# --- Círdan's Ships (fp_str_13) -------------------------------------------------------------------------

def test_fp_str_13_cirdans_ships_needs_the_elves_at_war():
    s = fp_turn("fp_str_13")
    s["politics"]["elves"]["step"] = 1
    assert legal(s, FP, "play_event") == []
    assert refused(s, FP, event("fp_str_13", "muster", region="grey_havens", kinds=["regular", "regular"])) \
        == "unexpected_action"


def test_fp_str_13_cirdans_ships_recruits_two_elves_in_a_coastal_region_with_a_free_peoples_army():
    s = fp_turn("fp_str_13")
    s["politics"]["elves"]["step"] = 0
    s["units"]["pelargir"] = {}                      # no army there: not offered
    offers = legal(s, FP, "play_event")
    assert {a["region"] for a in offers} == {r for r in COASTAL if any(
        u.get("regular") or u.get("elite") for n, u in s["units"].get(r, {}).items() if n in (
            "dwarves", "elves", "gondor", "north", "rohan"))}
    assert "grey_havens" in {a["region"] for a in offers} and "pelargir" not in {a["region"] for a in offers}
    assert sorted(tuple(a["kinds"]) for a in offers if a["region"] == "dol_amroth" and a["die"] == "muster") == [
        ("elite", "elite"), ("elite", "regular"), ("regular", "regular")]
    before = dict(s["units"]["dol_amroth"])
    s2, ev = play(s, FP, event("fp_str_13", "muster", region="dol_amroth", kinds=["elite", "regular"]))
    assert s2["units"]["dol_amroth"]["elves"] == {"elite": 1, "regular": 1}
    assert s2["units"]["dol_amroth"]["gondor"] == before["gondor"]
    assert kinds(ev).count("card_recruited") == 2 and s2["discards"][FP] == ["fp_str_13"]


def test_fp_str_13_cirdans_ships_recruits_in_the_garrison_of_a_besieged_coastal_stronghold_p27():
    """A card recruits in its side's besieged Stronghold (p.27; issue 38's ruling, docs/wotr.md)."""
    s = fp_turn("fp_str_13")
    s["politics"]["elves"]["step"] = 0
    s["units"]["grey_havens"] = {**s["units"]["grey_havens"], "sauron": {"regular": 3}}
    assert "grey_havens" in {a["region"] for a in legal(s, FP, "play_event")}


# --- Help Unlooked For (fp_str_10) ------------------------------------------------------------------------

def _minas_tirith_besieged(s, garrison=3, besiegers=5):
    s["units"]["minas_tirith"] = {"gondor": {"regular": garrison}, "sauron": {"regular": besiegers}}
    s["units"]["lossarnach"] = {"gondor": {"regular": 2, "leader": 1}}
    s["politics"]["gondor"]["step"] = 0
    s["hands"][SH] = []
    return s


def test_fp_str_10_help_unlooked_for_needs_a_shadow_army_besieging_a_stronghold_next_to_a_free_peoples_army():
    s = fp_turn("fp_str_10")
    s["units"]["lossarnach"] = {"gondor": {"regular": 2}}
    s["politics"]["gondor"]["step"] = 0
    s["units"]["osgiliath"] = {"sauron": {"regular": 4}}       # an attack target, but no siege
    assert legal(s, FP, "play_event") == []
    _minas_tirith_besieged(s)
    offers = {(a["from"], a["to"]) for a in legal(s, FP, "play_event")}
    assert ("lossarnach", "minas_tirith") in offers and all(to == "minas_tirith" for _, to in offers)


PREFERRED = ("engage", "no_combat_card", "casualty_unit", "continue_battle", "hold")


def _fight_rounds(s, ev, rounds):
    """Plays the battle on top (no rearguard, no card, the first casualty offered, on and hold) until
    `rounds` Shadow combat rolls are made or the battle is over."""
    while s["ask"] and s["ask"][-1]["kind"] == "battle" and sum(
            e["type"] == "combat_roll" and e["side"] == SH for e in ev) < rounds:
        b = s["ask"][-1]
        options = legal(s, b["side"])
        s, more = play(s, b["side"], next(a for t in PREFERRED for a in options if a["type"] == t))
        ev = ev + more
    return s, ev


def test_fp_str_10_help_unlooked_for_takes_a_shadow_die_per_garrison_unit_in_every_round():
    s = _minas_tirith_besieged(fp_turn("fp_str_10"))
    s["units"]["lossarnach"] = {"gondor": {"regular": 4, "leader": 1}}
    s, ev = play(s, FP, event("fp_str_10", "army", **{"from": "lossarnach", "to": "minas_tirith"}))
    assert "battle_started" in kinds(ev) and s["ask"][-1]["fewer"] == {SH: 3}
    s, ev = _fight_rounds(s, ev, 1)
    rolls = {e["side"]: len(e["dice"]) for e in ev if e["type"] == "combat_roll"}
    assert rolls == {SH: 2, FP: 4}                         # 5 besiegers less the 3 units of the garrison
    besiegers = s["units"]["minas_tirith"]["sauron"].get("regular", 0)
    assert s["ask"][-1]["step"] == "cease"
    s, ev = _fight_rounds(s, [], 1)
    assert [len(e["dice"]) for e in ev if e["type"] == "combat_roll" and e["side"] == SH] == [
        max(1, besiegers - 3)]                             # the second round too


# --- Through a Day and a Night (fp_str_12) ---------------------------------------------------------------

def _army_with_companion(s, region="edoras", companion="gimli"):
    s["chars"][companion] = region
    s["fellowship"]["companions"].remove(companion)
    return s


def test_fp_str_12_through_a_day_and_a_night_needs_a_free_peoples_army_with_a_companion():
    s = fp_turn("fp_str_12")
    assert legal(s, FP, "play_event") == []
    _army_with_companion(s)
    assert {a["from"] for a in legal(s, FP, "play_event")} == {"edoras"}


def _day_and_night_from_edoras(s):
    s, _ = play(s, FP, event("fp_str_12", "army", **{"from": "edoras"}))
    assert s["ask"][-1]["kind"] == "army_move" and s["ask"][-1]["from"] == "edoras"
    return s


def test_fp_str_12_through_a_day_and_a_night_moves_the_army_two_regions_through_free_ones():
    s = _army_with_companion(fp_turn("fp_str_12"))
    s["politics"]["rohan"]["step"] = 0
    s = _day_and_night_from_edoras(s)
    ends = {a["region"] for a in legal(s, FP, "army_to")}
    assert {"folde", "westemnet", "eastemnet", "helms_deep", "druadan_forest", "fangorn"} <= ends
    assert "edoras" not in ends and "minas_tirith" not in ends                  # three regions away
    blocked = R.load(R.dump(s))
    blocked["units"] = {**blocked["units"], "folde": {"sauron": {"regular": 1}},
                        "westemnet": {"sauron": {"regular": 1}}}               # nothing passes through them
    ends = {a["region"] for a in legal(blocked, FP, "army_to")}
    assert "druadan_forest" not in ends and "helms_deep" not in ends and "eastemnet" not in ends
    army = s["units"]["edoras"]["rohan"]
    s2, ev = play(s, FP, {"type": "army_to", "region": "druadan_forest"})
    assert s2["units"]["druadan_forest"]["rohan"] == army and not any(s2["units"].get("edoras", {}).values())
    assert s2["chars"]["gimli"] == "druadan_forest" and "army_moved" in kinds(ev)
    assert s2["ask"][-1]["kind"] == "act" and s2["discards"][FP] == ["fp_str_12"]


def test_fp_str_12_through_a_day_and_a_night_may_split_first_but_keeps_a_companion_moving():
    s = _army_with_companion(fp_turn("fp_str_12"))
    s = _day_and_night_from_edoras(s)
    stays = legal(s, FP, "army_stay")
    assert stays and legal(s, FP, "army_stay_char") == []                     # Gimli, the only companion, goes
    s, _ = play(s, FP, stays[0])
    s, _ = play(s, FP, {"type": "army_to", "region": "folde"})
    assert s["chars"]["gimli"] == "folde" and any(s["units"]["edoras"]["rohan"].values())


def test_fp_str_12_through_a_day_and_a_night_keeps_nations_not_at_war_out_of_other_nations():
    s = _army_with_companion(fp_turn("fp_str_12"))
    s["politics"]["rohan"]["step"] = 1
    s = _day_and_night_from_edoras(s)
    ends = {a["region"] for a in legal(s, FP, "army_to")}
    assert ends and all(REGIONS[r]["nation"] in (None, "rohan") for r in ends)


# --- Dead Men of Dunharrow (fp_char_22) -------------------------------------------------------------------

def _strider_in_rohan(s, region="helms_deep", with_=("gimli",)):
    for c in ("strider", *with_):
        s["chars"][c] = region
        s["fellowship"]["companions"].remove(c)
    s["fellowship"]["guide"] = "gandalf_grey"
    return s


def test_fp_char_22_dead_men_of_dunharrow_needs_strider_or_aragorn_in_a_rohan_region():
    s = fp_turn("fp_char_22")
    assert legal(s, FP, "play_event") == []
    s = _strider_in_rohan(s, "fangorn")                   # no Rohan region
    assert legal(s, FP, "play_event") == []
    s = _strider_in_rohan(fp_turn("fp_char_22"))
    offers = {(a["region"], tuple(a["companions"])) for a in legal(s, FP, "play_event") if a["die"] == "character"}
    assert offers == {(r, g) for r in ("erech", "lamedon", "pelargir") for g in (("strider",), ("strider", "gimli"))}


def test_fp_char_22_dead_men_of_dunharrow_hits_the_shadow_army_which_retreats_then_gondor_recruits_back():
    s = _strider_in_rohan(fp_turn("fp_char_22"))
    s["units"]["pelargir"] = {"southrons": {"regular": 5}, "sauron": {"nazgul": 1}}
    s["captured"]["pelargir"] = SH
    rolls(s, 3)
    s, ev = play(s, FP, event("fp_char_22", "character", region="pelargir", companions=["strider", "gimli"]))
    assert s["chars"]["strider"] == s["chars"]["gimli"] == "pelargir"
    assert {"type": "card_die", "card": "fp_char_22", "value": 3} in [
        {k: v for k, v in e.items() if k != "n"} for e in ev]
    assert s["units"]["pelargir"]["southrons"] == {"regular": 2}          # three hits, three Regulars
    assert s["ask"][-1]["kind"] == "dead_men_retreat" and s["ask"][-1]["side"] == SH
    # Lamedon and Lossarnach are Gondor towns, Osgiliath holds a Gondor army: only West Harondor is open.
    assert [a["region"] for a in legal(s, SH)] == ["west_harondor"]
    s, ev = play(s, SH, {"type": "dead_men_retreat", "region": "west_harondor"})
    assert s["units"]["west_harondor"] == {"southrons": {"regular": 2}, "sauron": {"nazgul": 1}}
    assert s["ask"][-1]["kind"] == "dead_men_recruit" and [a.get("count") for a in legal(s, FP)] == [1, 2, 3, None]
    s, ev = play(s, FP, {"type": "dead_men_recruit", "nation": "gondor", "count": 3})
    assert s["units"]["pelargir"]["gondor"] == {"regular": 3}
    assert "pelargir" not in s["captured"] and "settlement_captured" in kinds(ev)     # taken back
    assert s["ask"][-1]["kind"] == "act"


def test_fp_char_22_dead_men_of_dunharrow_destroys_an_army_that_cannot_retreat_with_its_nazgul():
    s = _strider_in_rohan(fp_turn("fp_char_22"), with_=())
    s["units"]["pelargir"] = {"sauron": {"regular": 3, "elite": 1, "nazgul": 2}}
    for r in ("lamedon", "lossarnach", "osgiliath", "west_harondor"):
        s["units"][r] = {"gondor": {"regular": 1}}
    nazgul = s["reinforcements"]["sauron"]["nazgul"]
    rolls(s, 1)
    s, ev = play(s, FP, event("fp_char_22", "character", region="pelargir", companions=["strider"]))
    assert s["ask"][-1]["kind"] == "card_casualties"                   # the Shadow chooses its loss
    s, ev = play(s, SH, {"type": "card_casualty", "nation": "sauron", "kind": "regular"})
    assert not any(s["units"].get("pelargir", {}).get("sauron", {}).values())
    assert s["reinforcements"]["sauron"]["nazgul"] == nazgul + 2
    assert s["ask"][-1]["kind"] == "dead_men_recruit"
    s, ev = play(s, FP, {"type": "dead_men_none"})
    assert not s["units"].get("pelargir", {}).get("gondor") and s["ask"][-1]["kind"] == "act"


def test_fp_char_22_dead_men_of_dunharrow_with_no_shadow_army_there_only_offers_the_recruit():
    s = _strider_in_rohan(fp_turn("fp_char_22"), with_=())
    s, ev = play(s, FP, event("fp_char_22", "character", region="erech", companions=["strider"]))
    assert "card_die" not in kinds(ev) and s["ask"][-1]["kind"] == "dead_men_recruit"
