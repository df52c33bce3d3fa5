"""Combat cards (p.31): chosen in secret by each side holding cards at the start of every round, the
attacker first, revealed together, resolved in initiative order, discarded; one test per implemented
combat half, named after its card."""
from engine.wotr.cards import combat as combat_cards
from engine.wotr.state import CARDS, FP, SH
from tests.wotr.helpers import R, kinds, legal, play, rolls, top
from tests.wotr.test_armies import board

SH_ARMY = {"north_ithilien": {"sauron": {"regular": 2}}}


def battle(fp_hand=(), sh_hand=(), units=None, chars=None, fellowship="rivendell",
           where=("north_ithilien", "south_ithilien"), war=("sauron",)):
    """The Shadow attacks South Ithilien from North Ithilien (or `where`); the hands given; at the card step."""
    s = board(units or {**SH_ARMY, "south_ithilien": {"gondor": {"regular": 2}}}, chars, sh=["army"],
              fp=["event"], active=SH, war=war)
    s["hands"] = {FP: list(fp_hand), SH: list(sh_hand)}
    s["fellowship"]["pos"] = fellowship
    s, _ = play(s, SH, {"type": "attack", "die": "army", "from": where[0], "to": where[1]})
    if top(s)["step"] == "rearguard":            # the whole army fights
        s, _ = play(s, SH, {"type": "engage"})
    return s


def card(c=None):
    return {"type": "combat_card", "card": c} if c else {"type": "no_combat_card"}


def fight(s, sh=None, fp=None, dice=()):
    """Both choices (each side asked only if it holds cards), the last one with the dice to roll."""
    ev: list = []
    for side, c in ((SH, sh), (FP, fp)):
        if top(s).get("step") == "cards" and top(s)["side"] == side:
            last = not (side == SH and s["hands"][FP])
            s, ev = play(rolls(s, *dice) if last else s, side, card(c))
    return s, ev


def roll_of(ev, side):
    return next(e for e in ev if e["type"] == "combat_roll" and e["side"] == side)


# --- the framework ------------------------------------------------------------------------------------

def test_the_attacker_chooses_first_then_the_defender_and_both_cards_are_revealed_together():
    s = battle(fp_hand=["fp_str_01"], sh_hand=["sh_str_22"])
    assert top(s)["side"] == SH and legal(s, SH) == [card("sh_str_22"), card()]
    s, ev = play(s, SH, card("sh_str_22"))
    assert top(s)["side"] == FP and not any(e["type"] == "combat_cards" for e in ev)
    s, ev = play(rolls(s, 1, 1, 1, 1), FP, card("fp_str_01"))
    assert next(e for e in ev if e["type"] == "combat_cards")["played"] == {FP: "fp_str_01", SH: "sh_str_22"}
    assert s["discards"][FP] == ["fp_str_01"] and s["discards"][SH] == ["sh_str_22"]
    assert s["hands"] == {FP: [], SH: []}


def test_the_defender_does_not_see_the_card_the_attacker_chose_twin_states():
    s = battle(fp_hand=["fp_str_01"], sh_hand=["sh_str_22", "sh_str_23"])
    chose_card, _ = play(s, SH, card("sh_str_22"))
    chose_none, _ = play(s, SH, card())
    assert chose_card["ask"] != chose_none["ask"]
    assert R.view(chose_card, "fp") == R.view(chose_none, "fp")
    assert R.view(chose_card, "fp")["decision"]["chosen"] == [SH]


def test_a_side_with_an_empty_hand_is_not_asked():
    s = battle(fp_hand=["fp_str_01"])
    assert top(s)["side"] == FP


def test_a_card_whose_combat_condition_fails_is_not_offered():
    s = battle(fp_hand=["fp_char_01", "fp_char_05"], fellowship="rivendell")     # Gift: not with the Fellowship
    assert legal(s, FP) == [card()]                                              # Blade: no Hobbit there


def test_every_combat_half_of_the_96_cards_is_implemented():
    assert set(combat_cards.COMBAT) == set(CARDS)


def test_cards_resolve_in_initiative_order_free_peoples_first_on_a_tie():
    s = battle(fp_hand=["fp_str_01"], sh_hand=["sh_str_22"])
    order = []
    original = dict(combat_cards.COMBAT)
    try:
        for c in ("fp_str_01", "sh_str_22"):
            combat_cards.COMBAT[c] = combat_cards.CombatCard(
                original[c].condition, lambda s, f, side, mods, c=c: order.append(c))
        fight(s, "sh_str_22", "fp_str_01", (1, 1, 1, 1))
    finally:
        combat_cards.COMBAT.update(original)
    assert order == ["fp_str_01", "sh_str_22"]


IN_GONDOR = {"units": {"erech": {"sauron": {"regular": 2}}, "anfalas": {"gondor": {"regular": 2}}},
             "where": ("erech", "anfalas")}


def test_a_natural_one_always_misses_and_a_natural_six_always_hits():
    s = battle(fp_hand=["fp_str_03"], sh_hand=["sh_str_01"], **IN_GONDOR)      # Shadow +2 (Deadly Strife), -1 (Position)
    _, ev = fight(s, "sh_str_01", "fp_str_03", (1, 6, 1, 1))
    assert roll_of(ev, SH)["hits"] == 1


def test_the_cards_hold_for_one_round_only():
    s = battle(sh_hand=["sh_str_22"], units={**SH_ARMY, "south_ithilien": {"gondor": {"regular": 4}}})
    s, ev = fight(s, "sh_str_22", None, (4, 4, 1, 1, 1, 1))
    assert roll_of(ev, SH)["hits"] == 2
    s, _ = play(s, SH, {"type": "continue_battle"})
    s, ev = play(rolls(s, 4, 4, 1, 1), FP, {"type": "hold"})
    assert roll_of(ev, SH)["hits"] == 0


# --- the combat halves --------------------------------------------------------------------------------

def test_fp_char_01_it_is_a_gift_adds_one_to_the_roll_when_the_fellowship_is_with_the_defender():
    s = battle(fp_hand=["fp_char_01"], fellowship="south_ithilien")
    _, ev = fight(s, None, "fp_char_01", (1, 1, 4, 4))
    assert roll_of(ev, FP)["hits"] == 2


def test_sh_char_01_one_for_the_dark_lord_adds_one_to_the_shadow_roll_and_reroll():
    s = battle(sh_hand=["sh_char_01"], fellowship="south_ithilien",
               units={"north_ithilien": {"sauron": {"regular": 2, "nazgul": 1}},
                      "south_ithilien": {"gondor": {"regular": 2}}})
    _, ev = fight(s, "sh_char_01", None, (4, 3, 1, 1, 4))     # 4 hits, 3 misses; the Nazgûl re-rolls a 4
    assert roll_of(ev, SH)["hits"] == 2


def test_fp_char_08_servant_of_the_secret_fire_needs_gandalf_and_adds_one():
    s = battle(fp_hand=["fp_char_08"])
    assert legal(s, FP) == [card()]
    s = battle(fp_hand=["fp_char_08"], chars={"gandalf_grey": "south_ithilien"})
    # Gandalf, a Captain of the West, adds a third die; his leadership re-rolls the miss (a 1 again).
    _, ev = fight(s, None, "fp_char_08", (1, 1, 4, 4, 1, 1))
    assert roll_of(ev, FP)["hits"] == 2 and len(roll_of(ev, FP)["dice"]) == 3


def test_fp_char_17_brave_stand_takes_a_shadow_die_per_companion():
    s = battle(fp_hand=["fp_char_17"], chars={"gimli": "south_ithilien", "legolas": "south_ithilien"},
               units={"north_ithilien": {"sauron": {"regular": 4}}, "south_ithilien": {"gondor": {"regular": 2}}})
    _, ev = fight(s, None, "fp_char_17", (1, 1, 1, 1, 1, 1))
    assert len(roll_of(ev, SH)["dice"]) == 2


def test_fp_char_19_ents_rage_adds_two_in_rohan_fangorn_or_orthanc():
    s = battle(fp_hand=["fp_char_19"])                   # South Ithilien is Gondor's
    assert legal(s, FP) == [card()]
    assert combat_cards.COMBAT["fp_char_19"].condition({}, {"to": "westemnet"}, FP)
    assert combat_cards.COMBAT["fp_char_19"].condition({}, {"to": "fangorn"}, FP)


def test_fp_char_20_huorn_dark_lets_the_shadow_roll_two_dice_at_most():
    mods = {FP: {}, SH: {}}
    combat_cards.COMBAT["fp_char_20"].effect({}, {}, FP, mods)
    assert mods[SH] == {"max_dice": 2}


def test_fp_char_21_nameless_wood_scores_two_more_hits_after_a_hit():
    mods = {FP: {}, SH: {}}
    combat_cards.COMBAT["fp_char_21"].effect({}, {}, FP, mods)
    assert mods[FP] == {"bonus_hits": 2}


def test_fp_str_01_daylight_lets_the_shadow_roll_three_dice_at_most():
    s = battle(fp_hand=["fp_str_01"], units={"north_ithilien": {"sauron": {"regular": 5}},
                                            "south_ithilien": {"gondor": {"regular": 2}}})
    _, ev = fight(s, None, "fp_str_01", (1, 1, 1, 1, 1))
    assert len(roll_of(ev, SH)["dice"]) == 3


def test_fp_str_02_no_quarter_adds_a_hit_only_after_a_hit():
    s = battle(fp_hand=["fp_str_02"])
    _, ev = fight(s, None, "fp_str_02", (1, 1, 5, 1))
    assert roll_of(ev, FP)["hits"] == 2
    s = battle(fp_hand=["fp_str_02"])
    _, ev = fight(s, None, "fp_str_02", (1, 1, 4, 1))
    assert roll_of(ev, FP)["hits"] == 0


def test_fp_str_03_advantageous_position_takes_one_from_shadow_dice_in_free_peoples_land():
    s = battle(fp_hand=["fp_str_03"], **IN_GONDOR)
    _, ev = fight(s, None, "fp_str_03", (5, 6, 1, 1))
    assert roll_of(ev, SH)["hits"] == 1 and roll_of(ev, SH)["dice"] == [5, 6]   # the 5 misses, the 6 hits


def test_fp_str_22_valour_needs_a_free_peoples_elite_and_adds_one():
    s = battle(fp_hand=["fp_str_22"])
    assert legal(s, FP) == [card()]
    s = battle(fp_hand=["fp_str_22"], units={**SH_ARMY, "south_ithilien": {"gondor": {"elite": 1, "regular": 1}}})
    _, ev = fight(s, None, "fp_str_22", (1, 1, 4, 4))
    assert roll_of(ev, FP)["hits"] == 2


def test_sh_char_19_devilry_of_orthanc_needs_isengard_units_and_a_stronghold():
    cond = combat_cards.COMBAT["sh_char_19"].condition
    isengard = {SH: {"units": {"isengard": {"regular": 1}}, "chars": []}}
    assert cond({}, {"to": "helms_deep", **isengard}, SH)
    assert not cond({}, {"to": "westemnet", **isengard}, SH)
    assert not cond({}, {"to": "helms_deep", SH: {"units": {"sauron": {"regular": 1}}, "chars": []}}, SH)


def test_sh_str_01_deadly_strife_adds_two_to_both_armies():
    s = battle(sh_hand=["sh_str_01"])
    _, ev = fight(s, "sh_str_01", None, (3, 2, 3, 2))
    assert roll_of(ev, SH)["hits"] == 1 and roll_of(ev, FP)["hits"] == 1


def test_sh_str_22_desperate_battle_adds_one_to_both_armies():
    s = battle(sh_hand=["sh_str_22"])
    _, ev = fight(s, "sh_str_22", None, (4, 3, 4, 3))
    assert roll_of(ev, SH)["hits"] == 1 and roll_of(ev, FP)["hits"] == 1


def test_sh_str_09_swarm_of_bats_cancels_the_free_peoples_card():
    s = battle(fp_hand=["fp_str_01"], sh_hand=["sh_str_09"], units={"north_ithilien": {"sauron": {"regular": 5}},
                                                                  "south_ithilien": {"gondor": {"regular": 2}}})
    _, ev = fight(s, "sh_str_09", "fp_str_01", (1, 1, 1, 1, 1, 1, 1))
    assert len(roll_of(ev, SH)["dice"]) == 5                        # Daylight cancelled
    assert {"type": "combat_card_cancelled", "card": "fp_str_01"} in [{k: e[k] for k in ("type", "card")}
                                                                      for e in ev if "card" in e]


def test_sh_str_12_swarm_of_bats_adds_one_to_the_shadow_reroll_when_no_free_peoples_card():
    s = battle(fp_hand=["fp_char_05"], sh_hand=["sh_str_12"],
               units={"north_ithilien": {"sauron": {"regular": 1, "nazgul": 1}},
                      "south_ithilien": {"gondor": {"regular": 2}}})
    _, ev = fight(s, "sh_str_12", None, (1, 1, 1, 4))        # Shadow 1, Free Peoples 1 1, the re-roll 4
    assert roll_of(ev, SH)["rerolls"] == [4] and roll_of(ev, SH)["hits"] == 1


# --- the combat halves with a cost, a choice, an attack of their own or a later timing ----------------

def units_at(s, region):
    return s["units"].get(region, {})


def choice(c, **fields):
    return {"type": "combat_choice", "card": c, **fields}


def effects(ev, effect):
    return [e for e in ev if e["type"] == "combat_effect" and e["effect"] == effect]


def army(sh=None, fp=None):
    """The Shadow's army in North Ithilien, the Free Peoples' in South Ithilien."""
    return {"north_ithilien": sh or {"sauron": {"regular": 2}}, "south_ithilien": fp or {"gondor": {"regular": 2}}}


def test_fp_char_05_blade_of_westernesse_spends_a_reroll_hit_on_a_minion():
    s = battle(fp_hand=["fp_char_05"], units=army(sh={"sauron": {"regular": 1}}),
               chars={"meriadoc": "south_ithilien", "witch_king": "north_ithilien"})
    # Shadow 1, Free Peoples 1 1; the Witch-king re-rolls 1, Merry's leadership 5: one hit.
    s, ev = fight(s, None, "fp_char_05", (1, 1, 1, 1, 5))
    assert "witch_king" in s["eliminated"] and "witch_king" not in s["chars"]
    assert units_at(s, "north_ithilien") == {"sauron": {"regular": 1}}      # the hit went to the Witch-king


def test_fp_char_06_mighty_attack_forfeits_a_chosen_companions_leadership_to_turn_a_miss_into_a_hit():
    s = battle(fp_hand=["fp_char_06"], chars={"gimli": "south_ithilien", "legolas": "south_ithilien"})
    # Gimli and Legolas, Captains of the West, add a die each: the Free Peoples roll 1 4 6 6.
    s, _ = fight(s, None, "fp_char_06", (1, 1, 1, 4, 6, 6))
    assert top(s)["step"] == "card" and legal(s, FP) == [choice("fp_char_06", char="gimli"),
                                                          choice("fp_char_06", char="legolas")]
    s, ev = play(rolls(s, 5), FP, choice("fp_char_06", char="gimli"))
    fp = roll_of(ev, FP)
    assert fp["rerolls"] == [5] and fp["hits"] == 4         # one miss turned, one re-roll left (Legolas)


def test_fp_char_06_mighty_attack_is_not_offered_without_a_companion():
    s = battle(fp_hand=["fp_char_06"])
    assert legal(s, FP) == [card()]


def test_fp_char_09_anduril_turns_one_miss_for_strider_and_two_for_aragorn():
    s = battle(fp_hand=["fp_char_09"], chars={"aragorn": "south_ithilien"})
    _, ev = fight(s, None, "fp_char_09", (1, 1, 1, 1))
    assert roll_of(ev, FP)["hits"] == 2 and roll_of(ev, FP)["rerolls"] == []     # his leadership forfeited
    s = battle(fp_hand=["fp_char_09"], chars={"strider": "south_ithilien"})
    _, ev = fight(s, None, "fp_char_09", (1, 1, 1, 1))
    assert roll_of(ev, FP)["hits"] == 1 and roll_of(ev, FP)["rerolls"] == []


def test_fp_char_10_heroic_death_sacrifices_a_companion_to_cancel_hits_up_to_its_level():
    s = battle(fp_hand=["fp_char_10"], units=army(fp={"gondor": {"regular": 2, "leader": 1}}),
               chars={"boromir": "south_ithilien"})
    s, _ = fight(s, None, "fp_char_10", (5, 5, 1, 1, 1, 1))               # two Shadow hits
    assert legal(s, FP) == [choice("fp_char_10", nation="gondor", kind="leader"),
                            choice("fp_char_10", char="boromir"), {"type": "combat_decline", "card": "fp_char_10"}]
    s, ev = play(s, FP, choice("fp_char_10", char="boromir"))
    assert "boromir" in s["eliminated"] and units_at(s, "south_ithilien") == {"gondor": {"regular": 2, "leader": 1}}
    assert effects(ev, "hits_cancelled")[0]["count"] == 2


def test_fp_char_13_heroic_death_a_leader_cancels_one_hit():
    s = battle(fp_hand=["fp_char_13"], units=army(fp={"gondor": {"regular": 2, "leader": 1}}))
    s, _ = fight(s, None, "fp_char_13", (5, 5, 1, 1, 1))
    s, ev = play(s, FP, choice("fp_char_13", nation="gondor", kind="leader"))
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 1}}      # the leader, then one regular


def test_fp_char_11_daring_defiance_forfeits_every_companions_leadership_to_cancel_the_shadow_card():
    s = battle(fp_hand=["fp_char_11"], sh_hand=["sh_str_01"], chars={"gimli": "south_ithilien"})
    _, ev = fight(s, "sh_str_01", "fp_char_11", (3, 3, 3, 1))               # Deadly Strife's +2 cancelled
    assert roll_of(ev, SH)["hits"] == 0 and roll_of(ev, FP)["hits"] == 0
    assert roll_of(ev, FP)["rerolls"] == []                                 # Gimli's leadership forfeited
    assert [e["card"] for e in ev if e["type"] == "combat_card_cancelled"] == ["sh_str_01"]


def test_daring_defiance_comes_before_swarm_of_bats_both_at_initiative_zero():
    s = battle(fp_hand=["fp_char_15"], sh_hand=["sh_str_09"], chars={"gimli": "south_ithilien"})
    _, ev = fight(s, "sh_str_09", "fp_char_15", (1, 1, 1, 1))
    assert [e["card"] for e in ev if e["type"] == "combat_card_cancelled"] == ["sh_str_09"]


def test_fp_char_12_fateful_strike_one_reroll_hit_kills_a_nazgul_two_may_kill_a_minion():
    s = battle(fp_hand=["fp_char_12"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}},
                                                 fp={"gondor": {"regular": 2, "leader": 1}}))
    pool = s["reinforcements"]["sauron"]["nazgul"]
    s, ev = fight(s, None, "fp_char_12", (1, 1, 1, 1, 1, 5))
    assert units_at(s, "north_ithilien") == {"sauron": {"regular": 1}}     # the Nazgûl, and one regular hit
    assert s["reinforcements"]["sauron"]["nazgul"] == pool + 1
    lone_witch_king = army(sh={"sauron": {"elite": 1}}, fp={"gondor": {"regular": 2, "leader": 1}})
    s = battle(fp_hand=["fp_char_12"], units=lone_witch_king, chars={"witch_king": "north_ithilien"})
    s, ev = fight(s, None, "fp_char_12", (1, 1, 1, 1, 5))                   # one re-roll hit: no Nazgûl there
    assert "witch_king" in s["chars"]
    s = battle(fp_hand=["fp_char_12"], units=lone_witch_king,
               chars={"witch_king": "north_ithilien", "gimli": "south_ithilien"})
    # Gimli adds a die (Captain of the West): 1 1 6, the two misses re-rolled 5 5: two, the Witch-king.
    s, ev = fight(s, None, "fp_char_12", (1, 1, 1, 6, 1, 5, 5))
    assert "witch_king" in s["eliminated"]


def test_fp_char_14_sudden_strike_attacks_with_its_leadership_before_the_combat_roll():
    s = battle(fp_hand=["fp_char_14"], units=army(fp={"gondor": {"regular": 2, "leader": 1}}),
               chars={"gimli": "south_ithilien"})
    s, ev = fight(s, None, "fp_char_14", (5, 5, 1, 1, 1, 1))
    attack = effects(ev, "attack")[0]
    assert attack["dice"] == [5, 5] and attack["hits"] == 2                # leadership 2: two dice
    assert kinds(ev).index("casualty") < kinds(ev).index("combat_roll")    # taken before the combat roll
    assert roll_of(ev, SH)["dice"] == [] and "north_ithilien" not in s["units"]


def test_fp_str_05_scouts_retreats_the_defender_before_the_combat_roll():
    s = battle(fp_hand=["fp_str_05"])
    s, ev = fight(s, None, "fp_str_05")
    assert legal(s, FP) == [{"type": "retreat", "region": r} for r in ("east_harondor", "osgiliath", "west_harondor")]
    s, ev = play(s, FP, {"type": "retreat", "region": "osgiliath"})
    assert "combat_roll" not in kinds(ev) and units_at(s, "osgiliath") == {"gondor": {"regular": 2}}
    assert top(s)["step"] == "advance" and top(s)["side"] == SH
    cond = combat_cards.COMBAT["fp_str_05"].condition
    assert not cond({}, {"defender": SH, "mode": "field"}, FP) and not cond({}, {"defender": FP, "mode": "siege"}, FP)


def test_fp_str_06_shield_wall_cancels_one_hit_of_two_or_more():
    s = battle(fp_hand=["fp_str_06"])
    s, ev = fight(s, None, "fp_str_06", (5, 5, 1, 1))
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 1}}
    s = battle(fp_hand=["fp_str_06"])
    s, ev = fight(s, None, "fp_str_06", (5, 1, 1, 1))                      # a single hit stands
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 1}} and not effects(ev, "hits_cancelled")


def test_fp_str_08_confusion_turns_each_shadow_one_into_a_hit_on_the_shadow_never_rerolled():
    s = battle(fp_hand=["fp_str_08"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}}))
    s, ev = fight(s, None, "fp_str_08", (1, 1, 1, 1))
    assert roll_of(ev, SH)["rerolls"] == [] and effects(ev, "confusion")[0]["count"] == 2
    assert "north_ithilien" not in s["units"]


def test_fp_str_13_charge_attacks_with_the_elites_before_the_combat_roll():
    s = battle(fp_hand=["fp_str_13"], units=army(fp={"gondor": {"regular": 1, "elite": 1}}))
    s, ev = fight(s, None, "fp_str_13", (6, 1, 1, 1))
    assert effects(ev, "attack")[0]["dice"] == [6]
    assert len(roll_of(ev, SH)["dice"]) == 1 and units_at(s, "north_ithilien") == {"sauron": {"regular": 1}}


NAZGUL_2 = army(sh={"sauron": {"regular": 2, "nazgul": 2}})


def test_sh_char_05_cruel_as_death_forfeits_two_nazgul_leadership_for_one_on_the_combat_roll():
    s = battle(sh_hand=["sh_char_05"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}}))
    assert legal(s, SH) == [card()]                                         # one Nazgûl: not enough
    s = battle(sh_hand=["sh_char_05"], units=NAZGUL_2)
    _, ev = fight(s, "sh_char_05", None, (4, 4, 1, 1))
    assert roll_of(ev, SH)["hits"] == 2 and roll_of(ev, SH)["rerolls"] == []


def test_sh_char_07_they_are_terrible_forfeits_one_nazgul_leadership_for_one_on_the_reroll():
    s = battle(sh_hand=["sh_char_07"], units=NAZGUL_2)
    _, ev = fight(s, "sh_char_07", None, (1, 1, 1, 1, 4))
    assert roll_of(ev, SH)["rerolls"] == [4] and roll_of(ev, SH)["hits"] == 1


def test_sh_char_08_dread_and_despair_the_shadow_chooses_how_many_points_each_a_free_peoples_die_fewer():
    s = battle(sh_hand=["sh_char_08"], units=army(sh={"sauron": {"regular": 2, "nazgul": 2}},
                                                 fp={"gondor": {"regular": 4}}))
    s, _ = fight(s, "sh_char_08", None)
    assert legal(s, SH) == [choice("sh_char_08", count=1), choice("sh_char_08", count=2)]
    _, ev = play(rolls(s, 1, 1, 1, 1), SH, choice("sh_char_08", count=2))
    assert len(roll_of(ev, FP)["dice"]) == 2 and roll_of(ev, SH)["rerolls"] == []


def test_sh_char_08b_black_breath_a_reroll_hit_may_kill_a_leader_or_a_companion_of_low_enough_level():
    s = battle(sh_hand=["sh_char_08b"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}},
                                                  fp={"gondor": {"regular": 2, "leader": 1}}),
               chars={"gimli": "south_ithilien"})
    # Shadow 1 1, the Nazgûl re-rolls 5; the Free Peoples (Gimli adds a die) 6 6 6, nothing to re-roll.
    s, _ = fight(s, "sh_char_08b", None, (1, 1, 6, 6, 6, 5))
    assert legal(s, SH) == [choice("sh_char_08b", nation="gondor", kind="leader"),   # Gimli is level 2
                            {"type": "combat_decline", "card": "sh_char_08b"}]
    s, _ = play(s, SH, choice("sh_char_08b", nation="gondor", kind="leader"))
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 1}}


def test_sh_char_09_foul_stench_cancels_the_free_peoples_reroll_when_the_nazgul_lead_as_much():
    s = battle(sh_hand=["sh_char_09"], units=army(sh={"sauron": {"regular": 2, "nazgul": 2}},
                                                 fp={"gondor": {"regular": 2, "leader": 2}}))
    _, ev = fight(s, "sh_char_09", None, (1, 1, 1, 1, 1, 1))
    assert roll_of(ev, FP)["rerolls"] == [] and len(roll_of(ev, SH)["rerolls"]) == 2
    s = battle(sh_hand=["sh_char_09"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}},
                                                 fp={"gondor": {"regular": 2, "leader": 2}}))
    _, ev = fight(s, "sh_char_09", None, (1, 1, 1, 1, 1, 1, 1))
    assert len(roll_of(ev, FP)["rerolls"]) == 2                            # 1 against 2: no effect


def test_sh_char_15_words_of_power_cancels_a_chosen_companions_leadership():
    s = battle(sh_hand=["sh_char_15"], units=army(sh={"sauron": {"regular": 2, "nazgul": 1}}),
               chars={"gimli": "south_ithilien", "legolas": "south_ithilien"})
    s, _ = fight(s, "sh_char_15", None)
    assert legal(s, SH) == [choice("sh_char_15", char="gimli"), choice("sh_char_15", char="legolas")]
    _, ev = play(rolls(s, 1, 1, 1, 1, 1, 1), SH, choice("sh_char_15", char="gimli"))
    assert len(roll_of(ev, FP)["rerolls"]) == 1


def test_sh_char_17_durins_bane_attacks_with_three_dice_on_four_near_moria():
    s = battle(sh_hand=["sh_char_17"])
    assert legal(s, SH) == [card()]                                         # South Ithilien is far away
    s = battle(sh_hand=["sh_char_17"], units={"moria": {"sauron": {"regular": 2}},
                                              "dimrill_dale": {"gondor": {"regular": 2}}},
               where=("moria", "dimrill_dale"))
    s, ev = fight(s, "sh_char_17", None, (4, 4, 1, 1, 1))
    assert effects(ev, "attack")[0]["hits"] == 2 and roll_of(ev, FP)["dice"] == []
    assert "dimrill_dale" not in s["units"]


def test_sh_str_02_onslaught_takes_chosen_hits_on_its_own_units_and_rolls_a_die_for_each():
    s = battle(sh_hand=["sh_str_02"], units=army(sh={"sauron": {"regular": 4}}))
    s, _ = fight(s, "sh_str_02", None, (1, 1, 1, 1, 1, 1))
    assert legal(s, SH) == [choice("sh_str_02", count=n) for n in range(5)]
    s, ev = play(rolls(s, 4, 4), SH, choice("sh_str_02", count=2))
    assert units_at(s, "north_ithilien") == {"sauron": {"regular": 2}} and "south_ithilien" not in s["units"]


def test_sh_str_04_relentless_assault_each_hit_on_its_own_units_adds_one_to_the_combat_roll():
    s = battle(sh_hand=["sh_str_04"], units=army(sh={"sauron": {"regular": 4}}))
    s, _ = fight(s, "sh_str_04", None)
    assert legal(s, SH) == [choice("sh_str_04", count=n) for n in range(3)]
    s, ev = play(rolls(s, 3, 3, 1, 1), SH, choice("sh_str_04", count=2))
    assert roll_of(ev, SH)["hits"] == 2 and len(roll_of(ev, SH)["dice"]) == 2


def test_sh_str_06_great_host_scores_a_hit_when_twice_as_many_after_casualties():
    s = battle(sh_hand=["sh_str_06"], units=army(sh={"sauron": {"regular": 4}}))
    s, ev = fight(s, "sh_str_06", None, (1, 1, 1, 1, 1, 1))
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 1}}
    s = battle(sh_hand=["sh_str_06"], units=army(sh={"sauron": {"regular": 3}}))
    s, ev = fight(s, "sh_str_06", None, (1, 1, 1, 1, 1))
    assert units_at(s, "south_ithilien") == {"gondor": {"regular": 2}}


def test_sh_str_07_mumakil_adds_one_then_a_hit_when_ahead_one_initiative_each():
    assert [item[:2] for item in combat_cards.queue({SH: "sh_str_07"})] == [[1, 3], [3, 5]]
    s = battle(sh_hand=["sh_str_07"], units=army(sh={"southrons": {"regular": 1, "elite": 1}}),
               where=("north_ithilien", "south_ithilien"), war=("southrons",))
    _, ev = fight(s, "sh_str_07", None, (4, 1, 1, 1))
    assert roll_of(ev, SH)["hits"] == 1 and effects(ev, "extra_hit")[0]["count"] == 1


def test_sh_str_13_we_come_to_kill_attacks_with_the_elites_after_casualties():
    s = battle(sh_hand=["sh_str_13"], units=army(sh={"sauron": {"regular": 1, "elite": 1}}))
    s, ev = fight(s, "sh_str_13", None, (1, 1, 1, 1, 5))
    assert effects(ev, "attack")[0]["dice"] == [5] and units_at(s, "south_ithilien") == {"gondor": {"regular": 1}}


def test_fp_str_09_scouts_retreat_comes_before_durins_bane_attack_the_rulebook_example():
    s = battle(fp_hand=["fp_str_09"], sh_hand=["sh_char_17"], units={"moria": {"sauron": {"regular": 2}},
                                                                     "dimrill_dale": {"gondor": {"regular": 2}}},
               where=("moria", "dimrill_dale"))
    s, _ = fight(s, "sh_char_17", "fp_str_09")
    assert top(s)["step"] == "card" and top(s)["side"] == FP           # Scouts (1) before Durin's Bane (2)
    s, ev = play(s, FP, {"type": "retreat", "region": "lorien"})
    assert not effects(ev, "attack") and units_at(s, "lorien") == {"gondor": {"regular": 2}}


def test_sh_str_19_onslaught_asks_nothing_once_the_enemy_army_is_gone():
    s = battle(sh_hand=["sh_str_19"], units=army(sh={"sauron": {"regular": 4}}))
    s, ev = fight(s, "sh_str_19", None, (5, 5, 1, 1, 1, 1))                 # both Free Peoples regulars fall
    assert "south_ithilien" not in s["units"] and top(s)["step"] == "advance"
