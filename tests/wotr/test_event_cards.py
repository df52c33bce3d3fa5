"""Event cards, the event half (p.22-23): the die that plays a card, preconditions, the card discarded
after, unimplemented cards refused, and one test per implemented card named after it."""
import collections

import pytest

from engine.wotr.cards.effects import EventCard, leave_table, no_choice, put_on_table
from engine.wotr.cards.play import IMPLEMENTED
from engine.wotr.state import CARDS, FP, SH
from tests.wotr.helpers import R, at_action, forced, game, kinds, legal, play, refused, rolls
from tests.wotr.test_properties import random_game


def holding(s, side, *cards):
    s["hands"][side] = list(cards)
    return s


def event(card, die, **choice):
    return {"type": "play_event", "card": card, **choice, "die": die}


# --- the framework ------------------------------------------------------------------------------------

def test_a_character_card_is_played_with_an_event_a_will_or_a_character_die_not_a_muster_die():
    s = holding(at_action(game(), fp=["character", "event", "muster", "will_of_the_west"]), FP, "fp_char_12")
    dice = sorted(a["die"] for a in legal(s, FP, "play_event"))
    assert dice == ["character", "event", "will_of_the_west"]
    assert refused(s, FP, event("fp_char_12", "muster")) == "not_allowed_now"


def test_a_card_that_stays_on_the_table_is_public_and_is_discarded_only_when_it_leaves(monkeypatch):
    """The mechanism, with a stand-in effect: the card is not discarded after play, both sides see it
    on the table, and leave_table moves it to its side's discard pile."""
    monkeypatch.setitem(IMPLEMENTED, "fp_char_05", EventCard(
        no_choice(), lambda s, ev, side, choice: put_on_table(s, ev, side, "fp_char_05")))
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_05")
    s, ev = play(s, FP, event("fp_char_05", "event"))
    assert "card_on_table" in kinds(ev) and s["table"][FP] == ["fp_char_05"]
    assert "fp_char_05" not in s["discards"][FP] + s["hands"][FP]
    for viewer in ("fp", "sh"):
        assert R.view(s, viewer)["cards"]["table"][FP] == ["fp_char_05"]
    ev = []
    leave_table(s, ev, FP, "fp_char_05")
    assert s["table"][FP] == [] and s["discards"][FP][-1] == "fp_char_05" and kinds(ev) == ["card_left_table"]


def test_an_army_card_is_played_with_an_army_or_muster_army_die():
    s = at_action(game(), sh=["army", "character", "muster_army"], active=SH)
    holding(s, SH, "sh_str_20")
    assert CARDS["sh_str_20"]["played_with"] == "muster"
    assert sorted(a["die"] for a in legal(s, SH, "play_event")) == ["muster_army"]


def test_a_played_card_leaves_the_hand_for_the_discard_pile_and_spends_the_die():
    s = holding(at_action(game(), fp=["event", "muster"], sh=["army"]), FP, "fp_char_12", "fp_char_05")
    s["fellowship"]["corruption"] = 3
    s2, ev = play(s, FP, event("fp_char_12", "event"))
    assert s2["hands"][FP] == ["fp_char_05"] and s2["discards"][FP] == ["fp_char_12"]
    assert s2["dice"][FP] == ["muster"] and "event_played" in kinds(ev)


def test_an_unimplemented_card_is_not_offered_and_is_refused_as_not_implemented(monkeypatch):
    """The mechanism, with a card taken out of the implemented ones (all FP cards are implemented)."""
    monkeypatch.delitem(IMPLEMENTED, "fp_char_12")
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_12")
    assert legal(s, FP, "play_event") == []
    assert refused(s, FP, event("fp_char_12", "event")) == "card_not_implemented"


def test_a_card_not_in_hand_cannot_be_played():
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_05")
    assert refused(s, FP, event("fp_char_12", "event")) in ("unexpected_action", "not_allowed_now")


def test_every_card_keeps_its_place_in_random_games_none_lost_or_duplicated():
    """The 96 cards' accounting: each card is in exactly one deck, hand, discard pile or on the table at every step."""
    played = collections.Counter()

    def count(s, steps):
        where = [c for side in (FP, SH) for c in (*s["hands"][side], *s["discards"][side], *s["table"][side],
                                                   *s["decks"][side]["character"], *s["decks"][side]["strategy"])]
        assert sorted(where) == sorted(CARDS)
        played.update(c for side in (FP, SH) for c in s["discards"][side] if c in IMPLEMENTED)

    for seed in range(4):
        random_game(seed, every=count)
    assert played, "random play never played an implemented card"


# --- the cards ----------------------------------------------------------------------------------------

def test_fp_char_12_bilbos_song_heals_one_or_two_with_gollum_guide():
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_12")
    s["fellowship"]["corruption"] = 3
    assert play(s, FP, event("fp_char_12", "event"))[0]["fellowship"]["corruption"] == 2
    s["fellowship"]["guide"] = "gollum"
    assert play(s, FP, event("fp_char_12", "event"))[0]["fellowship"]["corruption"] == 1


def test_fp_char_12_bilbos_song_never_heals_below_zero():
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_12")
    assert play(s, FP, event("fp_char_12", "event"))[0]["fellowship"]["corruption"] == 0


def test_fp_char_09_athelas_heals_one_per_five_or_more_and_three_or_more_with_strider_guide():
    s = holding(at_action(game(), fp=["event"]), FP, "fp_char_09")
    s["fellowship"]["corruption"] = 5
    rolls(s, 5, 3, 6)
    assert play(s, FP, event("fp_char_09", "event"))[0]["fellowship"]["corruption"] == 3
    s["fellowship"]["guide"] = "strider"
    assert play(s, FP, event("fp_char_09", "event"))[0]["fellowship"]["corruption"] == 2


def test_fp_str_08_wisdom_of_elrond_activates_a_nation_and_advances_it():
    s = holding(at_action(game(), fp=["event"]), FP, "fp_str_08")
    before = s["politics"]["dwarves"]
    assert not before["active"]
    s2, _ = play(s, FP, event("fp_str_08", "event", nation="dwarves"))
    assert s2["politics"]["dwarves"] == {**before, "active": True, "step": before["step"] - 1}


def test_fp_str_09_the_red_arrow_needs_gondor_active_then_advances_rohan_and_recruits_in_edoras():
    s = holding(at_action(game(), fp=["muster"]), FP, "fp_str_09")
    s["politics"]["gondor"]["active"] = False
    assert legal(s, FP, "play_event") == []
    s["politics"]["gondor"]["active"] = True
    s["politics"]["rohan"]["active"] = True
    step = s["politics"]["rohan"]["step"]
    edoras = dict(s["units"]["edoras"]["rohan"])
    s2, _ = play(s, FP, event("fp_str_09", "muster", kind="elite"))
    assert s2["politics"]["rohan"]["step"] == step - 1
    after = s2["units"]["edoras"]["rohan"]
    assert after.get("elite", 0) == edoras.get("elite", 0) + 1 and after.get("leader", 0) == edoras.get("leader", 0) + 1


def test_sh_str_04_the_day_without_dawn_needs_all_shadow_at_war_and_discards_the_wills_of_the_west():
    s = holding(at_action(game(), fp=["will_of_the_west", "will_of_the_west", "muster"], sh=["event"],
                          active=SH), SH, "sh_str_04")
    assert legal(s, SH, "play_event") == []
    for n in ("sauron", "isengard", "southrons"):
        s["politics"][n]["step"] = 0
    s2, _ = play(s, SH, event("sh_str_04", "event"))
    assert s2["dice"][FP] == ["muster"]


def test_sh_str_20_orcs_multiplying_again_recruits_three_regulars_in_dol_guldur_and_mount_gundabad():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_20")
    dg, mg = (s["units"].get(r, {}).get("sauron", {}).get("regular", 0) for r in ("dol_guldur", "mount_gundabad"))
    pool = s["reinforcements"]["sauron"]["regular"]
    s2, _ = play(s, SH, event("sh_str_20", "event"))
    assert s2["units"]["dol_guldur"]["sauron"]["regular"] == dg + 3
    assert s2["units"]["mount_gundabad"]["sauron"]["regular"] == mg + 3
    assert s2["reinforcements"]["sauron"].get("regular", 0) == pool - 6


def test_sh_str_20_orcs_multiplying_again_recruits_only_what_the_reinforcements_hold():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_20")
    s["reinforcements"]["sauron"]["regular"] = 4
    dg = s["units"]["dol_guldur"]["sauron"]["regular"]
    s2, _ = play(s, SH, event("sh_str_20", "event"))
    assert s2["units"]["dol_guldur"]["sauron"]["regular"] == dg + 3
    assert "regular" not in s2["reinforcements"]["sauron"]


def test_sh_str_22_monsters_roused_recruits_in_the_north():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_22")
    s2, _ = play(s, SH, event("sh_str_22", "event"))
    for r in ("angmar", "ettenmoors", "weather_hills"):
        assert s2["units"][r]["sauron"].get("regular", 0) == s["units"].get(r, {}).get("sauron", {}).get("regular", 0) + 1
    assert s2["units"]["trollshaws"]["sauron"]["elite"] == 1


def test_sh_str_22_monsters_roused_does_not_recruit_where_a_free_peoples_army_stands():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_22")
    s["units"]["trollshaws"] = {"elves": {"regular": 1}}
    s2, _ = play(s, SH, event("sh_str_22", "event"))
    assert s2["units"]["trollshaws"] == {"elves": {"regular": 1}}


def test_sh_str_23_musterings_of_long_planned_war_needs_all_shadow_at_war():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_23")
    assert legal(s, SH, "play_event") == []
    for n in ("sauron", "isengard", "southrons"):
        s["politics"][n]["step"] = 0
    gor = s["units"].get("gorgoroth", {}).get("southrons", {}).get("regular", 0)
    s2, _ = play(s, SH, event("sh_str_23", "event"))
    assert s2["units"]["gorgoroth"]["southrons"]["regular"] == gor + 5
    assert s2["units"]["nurn"]["sauron"]["regular"] >= 5


def test_sh_str_18_the_king_is_revealed_needs_aragorn_and_recruits_in_minas_morgul():
    s = holding(at_action(game(), sh=["event"], active=SH), SH, "sh_str_18")
    assert legal(s, SH, "play_event") == []
    s["chars"] = {**s["chars"], "aragorn": "minas_tirith"}
    mm = dict(s["units"]["minas_morgul"]["sauron"])
    s2, _ = play(s, SH, event("sh_str_18", "event"))
    after = s2["units"]["minas_morgul"]["sauron"]
    assert after["regular"] == mm.get("regular", 0) + 5 and after["nazgul"] == mm.get("nazgul", 0) + 1


def test_sh_str_14_olog_hai_recruits_one_sauron_unit_with_a_shadow_army_when_sauron_is_at_war():
    s = holding(at_action(game(), sh=["army"], active=SH), SH, "sh_str_14")
    s["politics"]["sauron"]["step"] = 1
    assert legal(s, SH, "play_event") == []
    s["politics"]["sauron"]["step"] = 0
    offered = legal(s, SH, "play_event")
    assert {"type": "play_event", "card": "sh_str_14", "kind": "elite", "region": "barad_dur", "die": "army"} \
        in offered
    assert all(s["units"][a["region"]] for a in offered)
    s2, _ = play(s, SH, event("sh_str_14", "army", kind="elite", region="barad_dur"))
    assert s2["units"]["barad_dur"]["sauron"]["elite"] == s["units"]["barad_dur"]["sauron"].get("elite", 0) + 1


def test_sh_str_13_half_orcs_and_goblin_men_needs_isengard_at_war():
    s = holding(at_action(game(), sh=["army"], active=SH), SH, "sh_str_13")
    assert legal(s, SH, "play_event") == []
    s["politics"]["isengard"]["step"] = 0
    s2, _ = play(s, SH, event("sh_str_13", "army", kind="regular", region="orthanc"))
    assert s2["units"]["orthanc"]["isengard"]["regular"] == s["units"]["orthanc"]["isengard"]["regular"] + 1


def test_fp_char_13_mirror_of_galadriel_turns_a_character_die_into_a_will_and_heals_in_lorien():
    s = holding(at_action(game(), fp=["character", "event"], sh=["army"]), FP, "fp_char_13")
    s["fellowship"].update(pos="lorien", corruption=2)
    s2, _ = play(s, FP, event("fp_char_13", "event"))
    assert s2["dice"][FP] == ["will_of_the_west"] and s2["fellowship"]["corruption"] == 1
    s["fellowship"]["pos"] = "rivendell"
    s2, _ = play(s, FP, event("fp_char_13", "event"))
    assert s2["dice"][FP] == ["will_of_the_west"] and s2["fellowship"]["corruption"] == 2


def test_sh_char_18_the_lidless_eye_sends_up_to_three_unused_dice_to_the_hunt_box():
    s = holding(at_action(game(), fp=["muster"], sh=["army", "army", "event", "muster", "character"], active=SH),
                SH, "sh_char_18")
    offered = legal(s, SH, "play_event")
    assert all(1 <= len(a["dice"]) <= 3 for a in offered)
    s2, _ = play(s, SH, event("sh_char_18", "event", dice=["army", "army", "muster"]))
    assert s2["dice"][SH] == ["character"] and s2["hunt"]["box"][SH] == 3


def test_sh_str_12_return_of_the_witch_king_moves_him_to_angmar_and_recruits_there():
    s = holding(at_action(game(), sh=["muster"], active=SH), SH, "sh_str_12")
    assert legal(s, SH, "play_event") == []
    s["chars"] = {**s["chars"], "witch_king": "minas_morgul"}
    before = s["units"].get("angmar", {}).get("sauron", {})
    s2, _ = play(s, SH, event("sh_str_12", "muster"))
    assert s2["chars"]["witch_king"] == "angmar"
    after = s2["units"]["angmar"]["sauron"]
    assert after["regular"] == before.get("regular", 0) + 2 and after["elite"] == before.get("elite", 0) + 1


def test_sh_str_16_a_new_power_is_rising_needs_saruman_and_recruits_in_dunland_and_orthanc():
    s = holding(at_action(game(), sh=["muster"], active=SH), SH, "sh_str_16")
    assert legal(s, SH, "play_event") == []
    s["chars"] = {**s["chars"], "saruman": "orthanc"}
    orthanc = dict(s["units"]["orthanc"]["isengard"])
    nd = s["units"].get("north_dunland", {}).get("isengard", {}).get("regular", 0)
    s2, _ = play(s, SH, event("sh_str_16", "muster", kinds=["elite", "regular"]))
    assert s2["units"]["north_dunland"]["isengard"]["regular"] == nd + 2
    after = s2["units"]["orthanc"]["isengard"]
    assert after["elite"] == orthanc.get("elite", 0) + 1 and after["regular"] == orthanc.get("regular", 0) + 1


def test_sh_str_17_many_kings_to_the_service_of_mordor_recruits_in_three_different_settlements():
    s = holding(at_action(game(), sh=["muster"], active=SH), SH, "sh_str_17")
    offered = legal(s, SH, "play_event")
    assert offered and all(len(set(a["regions"])) == 3 for a in offered)
    regions = ["far_harad", "near_harad", "umbar"]
    before = [s["units"].get(r, {}).get("southrons", {}).get("regular", 0) for r in regions]
    s2, _ = play(s, SH, event("sh_str_17", "muster", regions=regions))
    assert [s2["units"][r]["southrons"]["regular"] for r in regions] == [b + 2 for b in before]


def test_sh_str_19_shadows_on_the_misty_mountains_recruits_two_units_and_a_nazgul():
    s = holding(at_action(game(), sh=["muster"], active=SH), SH, "sh_str_19")
    s2, _ = play(s, SH, event("sh_str_19", "muster", region="mount_gram", kinds=["regular", "regular"]))
    assert s2["units"]["mount_gram"]["sauron"] == {**s["units"].get("mount_gram", {}).get("sauron", {}),
                                                   "regular": s["units"].get("mount_gram", {}).get("sauron", {})
                                                   .get("regular", 0) + 2, "nazgul": 1}


def test_sh_str_24_pits_of_mordor_needs_sauron_at_war_and_recruits_in_three_strongholds():
    s = holding(at_action(game(), sh=["muster"], active=SH), SH, "sh_str_24")
    s["politics"]["sauron"]["step"] = 1
    assert legal(s, SH, "play_event") == []
    s["politics"]["sauron"]["step"] = 0
    regions = ["barad_dur", "dol_guldur", "morannon"]
    before = [s["units"][r]["sauron"]["regular"] for r in regions]
    s2, _ = play(s, SH, event("sh_str_24", "muster", regions=regions))
    assert [s2["units"][r]["sauron"]["regular"] for r in regions] == [b + 2 for b in before]


# --- the Free Peoples' recruiting cards ------------------------------------------------------------------

def _count(s, region, nation, kind):
    return s["units"].get(region, {}).get(nation, {}).get(kind, 0)


def _recruited(s, s2, region, nation) -> dict[str, int]:
    """How many more units of each kind (regular, elite, leader) `nation` has in `region` in s2 than in s."""
    kinds = ("regular", "elite", "leader")
    return {k: n for k in kinds if (n := _count(s2, region, nation, k) - _count(s, region, nation, k))}


def _other_cards(n):
    return [c for c in sorted(CARDS) if c.startswith("sh_")][:n]


def _strategy_drawn(s, s2):
    return len(s["decks"][FP]["strategy"]) - len(s2["decks"][FP]["strategy"])


def test_fp_str_14_guards_of_the_citadel_recruits_a_unit_and_a_leader_in_minas_tirith():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_14")
    assert sorted(a["kind"] for a in legal(s, FP, "play_event")) == ["elite", "regular"]
    s2, _ = play(s, FP, event("fp_str_14", "muster", kind="elite"))
    assert _recruited(s, s2, "minas_tirith", "gondor") == {"elite": 1, "leader": 1}
    assert s2["reinforcements"]["gondor"]["elite"] == s["reinforcements"]["gondor"]["elite"] - 1


def test_fp_str_14_guards_of_the_citadel_offers_only_the_kinds_the_reinforcements_hold():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_14")
    s["reinforcements"]["gondor"]["elite"] = 0
    assert [a["kind"] for a in legal(s, FP, "play_event")] == ["regular"]


def test_fp_str_14_guards_of_the_citadel_recruits_nothing_in_a_minas_tirith_the_shadow_holds():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_14")
    s["units"]["minas_tirith"] = {"sauron": {"regular": 2}}
    s["captured"]["minas_tirith"] = SH
    s2, ev = play(s, FP, event("fp_str_14", "muster", kind="regular"))
    assert "card_recruited" not in kinds(ev) and s2["units"]["minas_tirith"] == {"sauron": {"regular": 2}}


def test_fp_str_15_celeborns_galadhrim_recruits_in_lorien_then_draws_a_strategy_card():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_15")
    s2, _ = play(s, FP, event("fp_str_15", "muster", kind="regular"))
    assert _recruited(s, s2, "lorien", "elves") == {"regular": 1}
    assert _strategy_drawn(s, s2) == 1 and s2["hands"][FP] == [s["decks"][FP]["strategy"][-1]]


def test_fp_str_15_celeborns_galadhrim_draw_can_open_the_hand_limit_discard():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_15", *_other_cards(6))
    s2, _ = play(s, FP, event("fp_str_15", "muster", kind="regular"))
    assert len(s2["hands"][FP]) == 7 and s2["ask"][-1]["kind"] == "discard"


def test_fp_str_16_riders_of_theoden_recruits_in_edoras_or_a_rohan_region_with_a_companion():
    s = holding(at_action(game(), fp=["muster"], sh=["army"]), FP, "fp_str_16")
    assert {a["region"] for a in legal(s, FP, "play_event")} == {"edoras"}
    s["chars"]["legolas"] = "westemnet"
    assert {a["region"] for a in legal(s, FP, "play_event")} == {"edoras", "westemnet"}
    s2, _ = play(s, FP, event("fp_str_16", "muster", region="westemnet", kind="elite"))
    assert s2["units"]["westemnet"]["rohan"] == {"elite": 1, "leader": 1}


@pytest.mark.parametrize("card, kind, region, nation", [
    pytest.param("fp_str_17", "regular", "carrock", "north", id="fp_str_17_grimbeorn_in_carrock"),
    pytest.param("fp_str_18", "elite", "dol_amroth", "gondor", id="fp_str_18_imrahil_in_dol_amroth"),
    pytest.param("fp_str_22", "regular", "erebor", "dwarves", id="fp_str_22_dain_ironfoots_guard_in_erebor"),
])
def test_a_card_recruits_a_unit_of_the_kind_chosen_and_a_leader_in_its_region(card, kind, region, nation):
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, card)
    s2, _ = play(s, FP, event(card, "event", kind=kind))
    assert _recruited(s, s2, region, nation) == {kind: 1, "leader": 1}


def test_fp_str_19_king_brands_men_recruits_two_regulars_in_dale_then_draws():
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_str_19")
    assert legal(s, FP, "play_event")[0] == event("fp_str_19", "event")
    s2, _ = play(s, FP, event("fp_str_19", "event"))
    assert _recruited(s, s2, "dale", "north") == {"regular": 2}
    assert _strategy_drawn(s, s2) == 1


def test_fp_str_20_swords_in_eriador_recruits_in_the_shire_and_ered_luin_each_its_own_kind():
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_str_20")
    assert sorted(tuple(a["kinds"]) for a in legal(s, FP, "play_event")) == [
        ("elite", "elite"), ("elite", "regular"), ("regular", "elite"), ("regular", "regular")]
    s2, _ = play(s, FP, event("fp_str_20", "event", kinds=["elite", "regular"]))
    assert _recruited(s, s2, "the_shire", "north") == {"elite": 1}
    assert _recruited(s, s2, "ered_luin", "dwarves") == {"regular": 1}
    assert _strategy_drawn(s, s2) == 1


@pytest.mark.parametrize("card, kind, region", [
    pytest.param("fp_str_21", "elite", "rivendell", id="fp_str_21_kindred_of_glorfindel_in_rivendell"),
    pytest.param("fp_str_24", "regular", "woodland_realm",
                 id="fp_str_24_thranduils_archers_in_the_woodland_realm"),
])
def test_a_card_recruits_an_elven_unit_in_its_region_then_draws(card, kind, region):
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, card)
    s2, _ = play(s, FP, event(card, "event", kind=kind))
    assert _recruited(s, s2, region, "elves") == {kind: 1}
    assert _strategy_drawn(s, s2) == 1


def test_fp_str_23_eomer_recruits_in_a_free_rohan_settlement_only():
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_str_23")
    assert {a["region"] for a in legal(s, FP, "play_event")} == {
        "edoras", "folde", "helms_deep", "westemnet"}                   # not the Fords of Isen: a Fortification
    s["units"]["folde"] = {"isengard": {"regular": 1}}
    assert "folde" not in {a["region"] for a in legal(s, FP, "play_event")}
    s2, _ = play(s, FP, event("fp_str_23", "event", region="helms_deep", kind="regular"))
    assert _recruited(s, s2, "helms_deep", "rohan") == {"regular": 1, "leader": 1}


def test_fp_char_23_house_of_the_stewards_needs_boromir_in_gondor_recruits_there_and_draws_two():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_23")
    assert legal(s, FP, "play_event") == []                        # Boromir is in the Fellowship
    s["chars"]["boromir"] = "eastemnet"
    assert legal(s, FP, "play_event") == []                        # a Rohan region
    s["chars"]["boromir"] = "lossarnach"
    s2, _ = play(s, FP, event("fp_char_23", "character", kind="elite"))
    assert _recruited(s, s2, "lossarnach", "gondor") == {"elite": 1}
    assert _strategy_drawn(s, s2) == 2


def test_fp_char_24_the_grey_company_needs_strider_with_an_army_and_swaps_a_regular_for_an_elite():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_24")
    s["chars"]["strider"] = "fangorn"
    assert legal(s, FP, "play_event") == []                        # no Free Peoples army there
    s["chars"]["strider"] = "minas_tirith"
    assert [a.get("nation") for a in legal(s, FP, "play_event")] == ["gondor"]
    before = s["units"]["minas_tirith"]["gondor"]
    s2, ev = play(s, FP, event("fp_char_24", "character", nation="gondor"))
    after = s2["units"]["minas_tirith"]["gondor"]
    assert after["regular"] == before["regular"] - 1 and after["elite"] == before.get("elite", 0) + 1
    assert s2["reinforcements"]["gondor"]["regular"] == s["reinforcements"]["gondor"]["regular"]   # out for good
    assert "unit_replaced" in kinds(ev) and _strategy_drawn(s, s2) == 2


def test_fp_char_24_the_grey_company_without_an_elite_left_only_draws():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_24")
    s["chars"]["aragorn"] = "minas_tirith"
    s["reinforcements"]["gondor"]["elite"] = 0
    assert legal(s, FP, "play_event") == [event("fp_char_24", "character")]
    s2, _ = play(s, FP, event("fp_char_24", "character"))
    assert s2["units"]["minas_tirith"] == s["units"]["minas_tirith"] and _strategy_drawn(s, s2) == 2


# --- special Hunt tiles and The Last Battle --------------------------------------------------------------

def test_fp_char_01_elven_cloaks_puts_its_tile_in_play_until_the_fellowship_enters_mordor():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_01")
    s2, ev = play(s, FP, event("fp_char_01", "character"))
    assert s2["hunt"]["specials"] == ["elven_cloaks"] and "elven_cloaks" not in s2["hunt"]["pool"]
    assert "special_tile_in_play" in kinds(ev) and s2["discards"][FP] == ["fp_char_01"]


def test_fp_char_02_elven_rope_joins_the_pool_at_once_when_the_fellowship_is_in_mordor():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_02")
    s["fellowship"]["mordor"] = 1
    s2, _ = play(s, FP, event("fp_char_02", "character"))
    assert "elven_rope" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


def test_fp_char_03_phial_of_galadriel_tile_heals_two_when_drawn_in_mordor():
    from engine.wotr.hunt import resolve_tile
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_03")
    s2, _ = play(s, FP, event("fp_char_03", "character"))
    assert s2["hunt"]["specials"] == ["phial_of_galadriel"]
    s2["fellowship"]["corruption"] = 5
    resolve_tile(s2, [], "phial_of_galadriel", eye=0)
    assert s2["fellowship"]["corruption"] == 3


def test_fp_char_04_smeagol_helps_nice_master_tile_enters_the_mordor_pool():
    from engine.wotr.fellowship import enter_mordor
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_char_04")
    s2, _ = play(s, FP, event("fp_char_04", "event"))
    enter_mordor(s2, [])
    assert "smeagol_helps_nice_master" in s2["hunt"]["pool"] and s2["hunt"]["specials"] == []


def test_fp_str_01_the_last_battle_needs_aragorn_with_an_army_outside_the_free_peoples_nations():
    s = holding(at_action(game(), fp=["event"], sh=["army"]), FP, "fp_str_01")
    s["chars"]["aragorn"] = "minas_tirith"
    assert legal(s, FP, "play_event") == []                        # a Gondor region
    s["chars"]["aragorn"] = "osgiliath"
    s["units"]["osgiliath"] = {"gondor": {"regular": 1}}
    s2, ev = play(s, FP, event("fp_str_01", "event"))
    assert s2["table"][FP] == ["fp_str_01"] and "fp_str_01" not in s2["discards"][FP]


def test_fp_str_01_the_last_battle_keeps_fellowship_dice_out_of_the_hunt_box():
    s = at_action(game(), fp=["character", "character"])
    s2, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s2["hunt"]["box"][FP] == 1
    s["table"][FP] = ["fp_str_01"]
    s2, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s2["hunt"]["box"][FP] == 0


# --- cards on the table that act inside the Hunt --------------------------------------------------------

def _hunted(table, *tiles):
    """The Fellowship moves with one Shadow die in the Hunt box: the roll hits (a 6) and the tiles
    drawn are `tiles`, in order (each taken from the pool as it stands then)."""
    s = at_action(game(), fp=["character", "character"], sh=["army"], box_sh=1)
    s["table"][FP] = list(table)
    return forced(s, 6, *tiles)


def test_fp_char_05_mithril_coat_and_sting_stays_on_the_table_and_may_replace_a_drawn_tile():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_05")
    assert play(s, FP, event("fp_char_05", "character"))[0]["table"][FP] == ["fp_char_05"]
    s = _hunted(["fp_char_05"], "eye_1", "d1_1")
    s, ev = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s["ask"][-1]["kind"] == "hunt_tile_drawn" and s["ask"][-1]["tile"] == "eye_1"
    assert "hunt_damage" not in kinds(ev)                                # nothing applied before the choice
    assert sorted(a["type"] for a in legal(s, FP)) == ["keep_tile", "use_table_card"]
    s, ev = play(s, FP, {"type": "use_table_card", "card": "fp_char_05"})
    assert [e["tile"] for e in ev if e["type"] == "hunt_damage"] == ["d1_1"]
    assert "eye_1" in s["hunt"]["pool"] and "eye_1" not in s["hunt"]["drawn"]
    assert s["table"][FP] == [] and "fp_char_05" in s["discards"][FP] and s["ask"][-1]["damage"] == 1


def test_fp_char_05_mithril_coat_and_sting_replaces_the_last_tile_of_the_pool_from_the_refilled_pool():
    s = _hunted(["fp_char_05"])
    h = s["hunt"]
    h["drawn"], h["pool"] = [t for t in h["pool"] if t != "d3_1"], ["d3_1"]      # one tile left
    forced(s, "d3_1")                                     # (after the 6 _hunted forced) the second tile: the game's own
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s["ask"][-1]["tile"] == "d3_1" and s["hunt"]["pool"] == []
    s, ev = play(s, FP, {"type": "use_table_card", "card": "fp_char_05"})
    second = next(e["tile"] for e in ev if e["type"] == "hunt_tile")
    assert second != "d3_1" and "d3_1" in s["hunt"]["pool"] and s["hunt"]["drawn"] == [second]


def test_fp_char_05_mithril_coat_and_sting_kept_tile_applies_and_the_card_stays():
    s = _hunted(["fp_char_05"], "d1_1")
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    s, ev = play(s, FP, {"type": "keep_tile"})
    assert [e["tile"] for e in ev if e["type"] == "hunt_damage"] == ["d1_1"] and s["table"][FP] == ["fp_char_05"]


def test_fp_char_06_axe_and_bow_needs_gimli_or_legolas_and_lowers_the_hunt_damage_by_one():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_06")
    s["fellowship"]["companions"] = [c for c in s["fellowship"]["companions"] if c not in ("gimli", "legolas")]
    assert legal(s, FP, "play_event") == []
    s["fellowship"]["companions"].append("legolas")
    assert play(s, FP, event("fp_char_06", "character"))[0]["table"][FP] == ["fp_char_06"]
    s = _hunted(["fp_char_06"], "d2_1")
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert {"type": "use_table_card", "card": "fp_char_06"} in legal(s, FP)
    s, ev = play(s, FP, {"type": "use_table_card", "card": "fp_char_06"})
    assert s["ask"][-1] == {"kind": "hunt_damage", "side": FP, "damage": 1} and "hunt_damage_lowered" in kinds(ev)
    assert s["table"][FP] == [] and "fp_char_06" in s["discards"][FP]


def test_fp_char_07_horn_of_gondor_needs_boromir_and_lowered_to_zero_ends_the_damage():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_07")
    s["fellowship"]["companions"].remove("boromir")
    assert legal(s, FP, "play_event") == []
    s = _hunted(["fp_char_07"], "d1_1")
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    corruption = s["fellowship"]["corruption"]
    s, _ = play(s, FP, {"type": "use_table_card", "card": "fp_char_07"})
    assert not any(a["kind"] == "hunt_damage" for a in s["ask"]) and s["fellowship"]["corruption"] == corruption


def test_fp_char_07_horn_of_gondor_is_offered_even_without_companions_left():
    s = _hunted(["fp_char_07"], "d2_1")
    s["fellowship"].update(companions=[], guide="gollum")
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    # (Gollum guiding a hidden Fellowship may also reveal it: tests/wotr/test_abilities.py)
    assert sorted(a["type"] for a in legal(s, FP)) == ["gollum_reveals", "take_corruption", "use_table_card"]


def test_fp_char_08_wizards_staff_needs_gandalf_the_grey_and_may_stop_the_tile_being_drawn():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_08")
    s["fellowship"]["companions"].remove("gandalf_grey")
    assert legal(s, FP, "play_event") == []
    s = _hunted(["fp_char_08"], "d2_1")
    s, ev = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s["ask"][-1]["kind"] == "hunt_draw" and "hunt_tile" not in kinds(ev)
    s2, ev = play(s, FP, {"type": "use_table_card", "card": "fp_char_08"})
    assert "hunt_tile" not in kinds(ev) and "hunt_draw_prevented" in kinds(ev)
    assert s2["table"][FP] == [] and "fp_char_08" in s2["discards"][FP] and s2["ask"][-1]["kind"] == "act"
    s3, ev = play(s, FP, {"type": "draw_tile"})
    assert [e["tile"] for e in ev if e["type"] == "hunt_tile"] == ["d2_1"] and s3["table"][FP] == ["fp_char_08"]


def test_fp_char_08_wizards_staff_on_the_mordor_track_lets_the_fellowship_step_on_without_a_tile():
    s = _hunted(["fp_char_08"])
    s["fellowship"]["mordor"] = 1
    s, _ = play(s, FP, {"type": "move_fellowship", "die": "character"})
    assert s["fellowship"]["mordor"] == 1 and s["ask"][-1]["kind"] == "hunt_draw"
    s, ev = play(s, FP, {"type": "use_table_card", "card": "fp_char_08"})
    assert s["fellowship"]["mordor"] == 2 and "hunt_tile" not in kinds(ev)


# --- There is Another Way, Challenge of the King ----------------------------------------------------------

def test_fp_char_10_there_is_another_way_heals_one_and_without_gollum_offers_no_move():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_10")
    s["fellowship"]["corruption"] = 2
    s2, _ = play(s, FP, event("fp_char_10", "character"))
    assert s2["fellowship"]["corruption"] == 1 and s2["ask"][-1] == {"kind": "act", "side": SH}


def test_fp_char_10_there_is_another_way_with_gollum_guiding_offers_a_move_without_a_die():
    s = holding(at_action(game(), fp=["character"], sh=["army"], box_sh=1), FP, "fp_char_10")
    s["fellowship"].update(companions=[], guide="gollum")
    s, _ = play(s, FP, event("fp_char_10", "character"))
    assert s["ask"][-1]["kind"] == "card_fellowship"
    assert sorted(a["type"] for a in legal(s, FP)) == ["done", "move_fellowship"]    # hidden: no hide
    rolls(s, 2)
    s2, ev = play(s, FP, {"type": "move_fellowship"})
    assert s2["fellowship"]["progress"] == 1 and "hunt_roll" in kinds(ev)
    assert s2["hunt"]["box"][FP] == 0 and s2["ask"][-1] == {"kind": "act", "side": SH}
    s3, _ = play(s, FP, {"type": "done"})
    assert s3["fellowship"]["progress"] == 0


def test_fp_char_10_there_is_another_way_lets_a_revealed_fellowship_hide():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_10")
    s["fellowship"].update(companions=[], guide="gollum", hidden=False)
    s, _ = play(s, FP, event("fp_char_10", "character"))
    s, _ = play(s, FP, {"type": "hide_fellowship"})
    assert s["fellowship"]["hidden"]


def _challenge(*tiles):
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_14")
    s["chars"]["strider"] = "minas_tirith"
    return forced(s, *tiles)


def test_fp_char_14_challenge_of_the_king_needs_strider_with_an_army_in_gondor_or_rohan():
    s = holding(at_action(game(), fp=["character"], sh=["army"]), FP, "fp_char_14")
    s["chars"]["strider"] = "fangorn"
    assert legal(s, FP, "play_event") == []
    s["chars"]["strider"] = "lossarnach"                 # Gondor, but no army there
    s["units"].pop("lossarnach", None)
    assert legal(s, FP, "play_event") == []
    s["chars"]["strider"] = "edoras"
    assert len(legal(s, FP, "play_event")) == 1


def test_fp_char_14_challenge_of_the_king_removes_the_eyes_drawn_and_returns_the_rest():
    s = _challenge("eye_1", "d2_1", "eye_2")
    pool = len(s["hunt"]["pool"])
    s2, ev = play(s, FP, event("fp_char_14", "character"))
    assert s2["hunt"]["removed"] == ["eye_1", "eye_2"] and "d2_1" in s2["hunt"]["pool"]
    assert len(s2["hunt"]["pool"]) == pool - 2 and s2["hunt"]["drawn"] == []
    assert "hunt_damage" not in kinds(ev) and s2["chars"]["strider"] == "minas_tirith"


def test_fp_char_14_challenge_of_the_king_three_eyes_cost_strider_and_go_back():
    s = _challenge("eye_1", "eye_3", "eye_2")
    s2, ev = play(s, FP, event("fp_char_14", "character"))
    assert "strider" not in s2["chars"] and "strider" in s2["eliminated"]
    assert s2["hunt"]["removed"] == [] and sorted(s2["hunt"]["pool"]) == sorted(s["hunt"]["pool"])


# --- cards moving companions -------------------------------------------------------------------------------

def _fp_turn(card, die="character"):
    return holding(at_action(game(), fp=[die], sh=["army"]), FP, card)


def test_fp_char_11_i_will_go_alone_separates_a_group_one_region_further_then_heals():
    s = _fp_turn("fp_char_11")
    s["fellowship"]["corruption"] = 2
    s, _ = play(s, FP, event("fp_char_11", "character"))
    assert s["ask"][-1]["kind"] == "separate" and not any(a["type"] == "separate_to" for a in legal(s, FP))
    s, _ = play(s, FP, {"type": "separate_add", "companion": "meriadoc"})
    targets = {a["region"] for a in legal(s, FP) if a["type"] == "separate_to"}
    from engine.wotr.state import DIST
    pos = s["fellowship"]["pos"]
    assert max(DIST[pos][r] for r in targets) == 2                    # Meriadoc's level 1, plus one
    assert s["fellowship"]["corruption"] == 2                          # healed only once it is over
    far = next(r for r in sorted(targets) if DIST[pos][r] == 2)
    s, ev = play(s, FP, {"type": "separate_to", "region": far})
    assert s["chars"]["meriadoc"] == far and s["fellowship"]["corruption"] == 1
    assert kinds(ev).index("companions_separated") < kinds(ev).index("corruption_healed")


def test_fp_char_11_i_will_go_alone_needs_a_companion_in_the_fellowship():
    s = _fp_turn("fp_char_11")
    s["fellowship"].update(companions=[], guide="gollum")
    assert legal(s, FP, "play_event") == []


def test_fp_char_15_gwaihir_moves_a_companion_as_level_four_even_into_a_besieged_stronghold():
    s = _fp_turn("fp_char_15")
    assert [a["mode"] for a in legal(s, FP, "play_event")] == ["separate"]     # nobody on the map yet
    s["fellowship"]["companions"].remove("peregrin")
    s["chars"]["peregrin"] = "lossarnach"
    s["units"]["minas_tirith"] = {**s["units"]["minas_tirith"], "sauron": {"regular": 3}}     # besieged
    s, _ = play(s, FP, event("fp_char_15", "character", mode="move"))
    moves = {a["to"] for a in legal(s, FP) if a["type"] == "move_companions_to"}
    from engine.wotr.state import DIST
    assert max(DIST["lossarnach"][r] for r in moves) == 4 and "minas_tirith" in moves
    s2, _ = play(s, FP, {"type": "move_companions_to", "group": ["peregrin"], "to": next(iter(sorted(moves)))})
    assert s2["ask"][-1]["kind"] == "act"                               # one group only


def test_fp_char_16_we_prove_the_swifter_adds_two_regions_to_a_separation():
    s = _fp_turn("fp_char_16")
    s, _ = play(s, FP, event("fp_char_16", "character", mode="separate"))
    s, _ = play(s, FP, {"type": "separate_add", "companion": "peregrin"})
    from engine.wotr.state import DIST
    pos = s["fellowship"]["pos"]
    assert max(DIST[pos][r] for r in (a["region"] for a in legal(s, FP) if a["type"] == "separate_to")) == 3


def test_fp_char_17_there_and_back_again_rouses_the_north_and_dwarves_when_gimli_reaches_erebor():
    s = _fp_turn("fp_char_17")
    s["fellowship"]["pos"] = "dale"
    before = {n: s["politics"][n] for n in ("dwarves", "elves", "north")}
    s, _ = play(s, FP, event("fp_char_17", "character"))
    s, _ = play(s, FP, {"type": "separate_add", "companion": "gimli"})
    s, _ = play(s, FP, {"type": "separate_to", "region": "erebor"})
    assert s["politics"]["dwarves"]["active"] and s["politics"]["north"]["active"]
    for n in ("dwarves", "elves", "north"):
        assert s["politics"][n]["step"] == before[n]["step"] - 1


def test_fp_char_17_there_and_back_again_elsewhere_changes_no_politics():
    s = _fp_turn("fp_char_17")
    politics = s["politics"]
    s, _ = play(s, FP, event("fp_char_17", "character"))
    s, _ = play(s, FP, {"type": "separate_add", "companion": "gimli"})
    s, _ = play(s, FP, {"type": "separate_to", "region": s["fellowship"]["pos"]})
    assert s["politics"] == politics


def test_fp_str_04_book_of_mazarbul_moves_companions_then_a_companion_in_erebor_brings_the_dwarves_to_war():
    s = _fp_turn("fp_str_04", "muster")
    s["fellowship"]["companions"].remove("gimli")
    s["chars"]["gimli"] = "dale"
    s, _ = play(s, FP, event("fp_str_04", "muster"))
    assert s["ask"][-1]["kind"] == "move_companions"
    s, ev = play(s, FP, {"type": "move_companions_to", "group": ["gimli"], "to": "erebor"})
    assert s["politics"]["dwarves"] == {**s["politics"]["dwarves"], "active": True, "step": 0}
    assert "at_war" in kinds(ev)


def test_fp_str_04_book_of_mazarbul_without_a_companion_there_changes_nothing():
    s = _fp_turn("fp_str_04", "muster")
    s["fellowship"]["companions"].remove("gimli")
    s["chars"]["gimli"] = "dale"
    s, _ = play(s, FP, event("fp_str_04", "muster"))
    s, _ = play(s, FP, {"type": "done"})
    assert s["politics"]["dwarves"]["step"] > 0


def test_fp_str_07_fear_fire_foes_with_no_companion_to_move_checks_the_shire_at_once():
    s = _fp_turn("fp_str_07", "muster")
    s, ev = play(s, FP, event("fp_str_07", "muster"))
    assert s["politics"]["north"]["step"] > 0 and s["ask"][-1]["kind"] == "act"
    s = _fp_turn("fp_str_07", "muster")
    s["fellowship"]["companions"].remove("peregrin")
    s["chars"]["peregrin"] = "bree"
    s, ev = play(s, FP, event("fp_str_07", "muster"))
    s, ev = play(s, FP, {"type": "done"})
    assert s["politics"]["north"]["step"] == 0 and s["politics"]["north"]["active"]


# --- cards scoring hits on a Shadow army ---------------------------------------------------------------------

def test_fp_str_05_the_spirit_of_mordor_needs_a_mixed_shadow_army_and_rolls_five_dice_at_five():
    s = _fp_turn("fp_str_05", "event")
    s["units"]["dagorlad"] = {"sauron": {"regular": 3}}
    assert legal(s, FP, "play_event") == []
    s["units"]["dagorlad"] = {"sauron": {"regular": 3}, "southrons": {"regular": 1}}
    assert [a["region"] for a in legal(s, FP, "play_event")] == ["dagorlad"]
    rolls(s, 5, 6, 1, 2, 3)
    s2, ev = play(s, FP, event("fp_str_05", "event", region="dagorlad"))
    assert s2["ask"][-1] == {"kind": "card_casualties", "side": SH, "region": "dagorlad", "hits": 2}
    assert {(a["nation"], a["kind"]) for a in legal(s2, SH)} == {("sauron", "regular"), ("southrons", "regular")}
    s2, _ = play(s2, SH, {"type": "card_casualty", "nation": "southrons", "kind": "regular"})
    # the card is done: next comes the draw it earns Gandalf the Grey as guide (tests/wotr/test_abilities.py)
    assert s2["units"]["dagorlad"] == {"sauron": {"regular": 2}} and s2["ask"][-1]["kind"] == "ability_draw"
    assert s2["reinforcements"]["southrons"]["regular"] == s["reinforcements"]["southrons"]["regular"] + 1


def test_fp_str_05_the_spirit_of_mordor_wiping_out_an_army_takes_its_nazgul_and_minions():
    s = _fp_turn("fp_str_05", "event")
    s["units"]["dagorlad"] = {"sauron": {"regular": 1, "nazgul": 1}, "southrons": {"regular": 1}}
    s["chars"]["witch_king"] = "dagorlad"
    rolls(s, 5, 6, 1, 1, 1)
    s2, ev = play(s, FP, event("fp_str_05", "event", region="dagorlad"))
    assert not any(u for u in s2["units"].get("dagorlad", {}).values())
    assert "witch_king" in s2["eliminated"] and s2["ask"][-1]["kind"] == "ability_draw"    # Gandalf's draw


def test_fp_str_06_faramirs_rangers_hit_an_army_in_ithilien_and_recruit_in_a_held_osgiliath():
    s = _fp_turn("fp_str_06", "event")
    assert legal(s, FP, "play_event") == []
    s["units"]["north_ithilien"] = {"sauron": {"elite": 1, "regular": 1}}
    s["units"]["osgiliath"] = {"gondor": {"regular": 1}}
    assert {(a["region"], a["kind"]) for a in legal(s, FP, "play_event")} == {
        ("north_ithilien", "regular"), ("north_ithilien", "elite")}
    rolls(s, 5, 4, 4)
    s2, _ = play(s, FP, event("fp_str_06", "event", region="north_ithilien", kind="elite"))
    assert s2["units"]["osgiliath"]["gondor"] == {"regular": 1, "elite": 1, "leader": 1}
    assert sorted(a["kind"] for a in legal(s2, SH)) == ["reduce", "regular"]      # one hit: no Elite lost
    s2, _ = play(s2, SH, {"type": "card_casualty", "nation": "sauron", "kind": "reduce"})
    assert s2["units"]["north_ithilien"]["sauron"] == {"regular": 2}


def _ents(card):
    s = _fp_turn(card)
    s["fellowship"]["companions"].remove("gandalf_grey")
    s["chars"]["gandalf_white"] = "fangorn"
    return s


def test_fp_char_19_the_ents_awake_treebeard_needs_gandalf_the_white_and_a_companion_in_fangorn():
    s = _fp_turn("fp_char_19")
    s["chars"]["gandalf_white"] = "edoras"
    assert legal(s, FP, "play_event") == []
    s["chars"]["gandalf_white"] = "fangorn"
    assert len(legal(s, FP, "play_event")) == 1


def test_fp_char_20_the_ents_awake_huorns_hit_orthanc_at_four_and_offer_another_character_card():
    s = _ents("fp_char_20")
    s["hands"][FP] = ["fp_char_20", "fp_char_12", "fp_str_14"]
    s["fellowship"]["corruption"] = 3
    orthanc = s["units"]["orthanc"]["isengard"]
    rolls(s, 4, 4, 3)
    s2, ev = play(s, FP, event("fp_char_20", "character"))
    assert s2["ask"][-1]["kind"] == "card_casualties" and s2["ask"][-1]["hits"] == 2
    while s2["ask"][-1]["kind"] == "card_casualties":
        s2, _ = play(s2, SH, legal(s2, SH)[0])
    assert sum(s2["units"]["orthanc"]["isengard"].get(k, 0) for k in ("regular", "elite")) < sum(
        orthanc.get(k, 0) for k in ("regular", "elite"))
    assert s2["ask"][-1]["kind"] == "card_extra_play"
    assert legal(s2, FP) == [{"type": "play_event", "card": "fp_char_12"}, {"type": "done"}]    # no Strategy card
    s3, _ = play(s2, FP, {"type": "play_event", "card": "fp_char_12"})
    assert s3["fellowship"]["corruption"] == 2 and s3["dice"][FP] == [] and s3["ask"][-1]["side"] == SH


def test_fp_char_21_the_ents_awake_entmoot_eliminates_saruman_alone_in_orthanc():
    s = _ents("fp_char_21")
    s["chars"]["gandalf_white"] = "dol_amroth"                  # no extra play from there
    s["fellowship"]["companions"].remove("peregrin")
    s["chars"]["peregrin"] = "fangorn"
    s["units"]["orthanc"] = {}
    s["chars"]["saruman"] = "orthanc"
    rolls(s, 1, 1, 1)
    s2, ev = play(s, FP, event("fp_char_21", "character"))
    assert "saruman" in s2["eliminated"] and "saruman" not in s2["chars"] and s2["ask"][-1]["kind"] == "act"


def test_fp_char_18_the_eagles_are_coming_needs_a_companion_army_next_to_nazgul_and_kills_on_five():
    s = _fp_turn("fp_char_18")
    s["units"]["osgiliath"] = {"sauron": {"regular": 2, "nazgul": 3}}
    assert legal(s, FP, "play_event") == []                       # no companion with an army nearby
    s["fellowship"]["companions"].remove("boromir")
    s["chars"]["boromir"] = "minas_tirith"
    assert [a["region"] for a in legal(s, FP, "play_event")] == ["osgiliath"]
    pool = s["reinforcements"]["sauron"].get("nazgul", 0)
    rolls(s, 5, 2, 6)
    s2, _ = play(s, FP, event("fp_char_18", "character", region="osgiliath"))
    assert s2["units"]["osgiliath"]["sauron"]["nazgul"] == 1
    assert s2["reinforcements"]["sauron"]["nazgul"] == pool + 2
    assert s2["ask"][-1]["kind"] == "nazgul_flee" and s2["ask"][-1]["side"] == SH
    assert {a["region"] for a in legal(s2, SH)} == {"barad_dur", "dol_guldur", "minas_morgul", "morannon", "moria",
                                                   "mount_gundabad"}
    s2, _ = play(s2, SH, {"type": "nazgul_flee", "region": "morannon"})
    assert "nazgul" not in s2["units"]["osgiliath"]["sauron"]
    assert s2["units"]["morannon"]["sauron"]["nazgul"] == s["units"]["morannon"]["sauron"].get("nazgul", 0) + 1


# --- A Power too Great, The Power of Tom Bombadil ------------------------------------------------------------

def test_fp_str_02_a_power_too_great_advances_the_elves_and_stays_on_the_table():
    s = _fp_turn("fp_str_02", "army")
    step = s["politics"]["elves"]["step"]
    s2, ev = play(s, FP, event("fp_str_02", "army"))
    assert s2["table"][FP] == ["fp_str_02"] and s2["politics"]["elves"]["step"] == step - 1


def test_fp_str_02_a_power_too_great_keeps_shadow_armies_from_entering_or_attacking_rivendell():
    s = at_action(game(), sh=["army", "army"], active=SH)
    s["units"]["trollshaws"] = {"sauron": {"regular": 3}}
    s["politics"]["sauron"]["step"] = 0
    attacks = {a["to"] for a in legal(s, SH, "attack")}
    assert "rivendell" in attacks
    s["table"][FP] = ["fp_str_02"]
    assert "rivendell" not in {a["to"] for a in legal(s, SH, "attack")}
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "trollshaws"})
    assert "rivendell" not in {a.get("to") for a in legal(s, SH) if a["type"] == "army_to"}


def test_fp_str_03_the_power_of_tom_bombadil_is_discarded_by_the_shadow_with_a_die_and_two_cards():
    s = _fp_turn("fp_str_03", "army")
    step = s["politics"]["north"]["step"]
    s, _ = play(s, FP, event("fp_str_03", "army"))
    assert s["politics"]["north"]["step"] == step - 1 and s["table"][FP] == ["fp_str_03"]
    s["hands"][SH] = ["sh_str_20", "sh_char_18", "sh_char_05"]
    s["dice"][FP] = ["muster"]                                           # the turn goes on after
    offers = legal(s, SH, "discard_table_card")
    assert {(a["strategy"], a["character"]) for a in offers} == {("sh_str_20", "sh_char_05"), ("sh_str_20", "sh_char_18")}
    s2, ev = play(s, SH, {"type": "discard_table_card", "card": "fp_str_03", "strategy": "sh_str_20",
                          "character": "sh_char_05", "die": "army"})
    assert s2["table"][FP] == [] and "fp_str_03" in s2["discards"][FP]
    assert s2["hands"][SH] == ["sh_char_18"] and {"sh_str_20", "sh_char_05"} <= set(s2["discards"][SH])
    s["hands"][SH] = ["sh_char_18", "sh_char_05"]                        # no Strategy card: no way
    assert legal(s, SH, "discard_table_card") == []


def test_fp_str_11_paths_of_the_woses_needs_rohan_at_war_and_moves_a_rohan_army_to_minas_tirith():
    s = _fp_turn("fp_str_11", "army")
    s["politics"]["rohan"]["step"] = 1
    assert legal(s, FP, "play_event") == []
    s["politics"]["rohan"]["step"] = 0
    s["politics"]["gondor"]["step"] = 0
    s["chars"]["gimli"] = "edoras"
    s["fellowship"]["companions"].remove("gimli")
    assert {(a["from"], a["to"]) for a in legal(s, FP, "play_event")} >= {("edoras", "minas_tirith")}
    edoras = s["units"]["edoras"]["rohan"]
    s2, ev = play(s, FP, event("fp_str_11", "army", **{"from": "edoras", "to": "minas_tirith"}))
    assert not any(s2["units"].get("edoras", {}).values()) and s2["units"]["minas_tirith"]["rohan"] == edoras
    assert s2["chars"]["gimli"] == "minas_tirith" and "army_moved" in kinds(ev)


def test_fp_str_11_paths_of_the_woses_goes_next_to_a_besieged_minas_tirith():
    s = _fp_turn("fp_str_11", "army")
    s["politics"]["rohan"]["step"] = 0
    s["units"]["minas_tirith"] = {**s["units"]["minas_tirith"], "sauron": {"regular": 2}}
    s["units"]["osgiliath"] = {"sauron": {"regular": 1}}
    assert {a["to"] for a in legal(s, FP, "play_event")} == {"druadan_forest", "lossarnach"}   # not Osgiliath
