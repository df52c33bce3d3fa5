"""Combat cards (p.31): chosen in secret by each side holding cards at the start of every round, the
attacker first, revealed together, resolved in initiative order, discarded; one test per implemented
combat half, named after its card."""
from engine.wotr import combat_cards
from engine.wotr.state import FP, SH
from tests.wotr.helpers import R, legal, play, rolls, top
from tests.wotr.test_armies import board

SH_ARMY = {"north_ithilien": {"sauron": {"regular": 2}}}


def battle(fp_hand=(), sh_hand=(), units=None, chars=None, fellowship="rivendell",
           where=("north_ithilien", "south_ithilien")):
    """The Shadow attacks South Ithilien from North Ithilien (or `where`); the hands given; at the card step."""
    s = board(units or {**SH_ARMY, "south_ithilien": {"gondor": {"regular": 2}}}, chars, sh=["army"],
              fp=["event"], active=SH, war=["sauron"])
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


def test_a_card_whose_combat_condition_fails_or_whose_half_is_not_implemented_is_not_offered():
    s = battle(fp_hand=["fp_char_01", "fp_char_05"], fellowship="rivendell")     # Gift: not with the Fellowship
    assert "fp_char_05" not in combat_cards.COMBAT
    assert legal(s, FP) == [card()]


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
    _, ev = fight(s, "sh_char_01", None, (4, 3, 4, 1, 1))     # 4 hits, 3 misses; the Nazgûl re-rolls a 4
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
    _, ev = fight(s, "sh_str_12", None, (1, 4, 1, 1))
    assert roll_of(ev, SH)["rerolls"] == [4] and roll_of(ev, SH)["hits"] == 1
