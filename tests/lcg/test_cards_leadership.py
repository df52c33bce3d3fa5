"""Leadership: Aragorn, Théodred, Glóin and every Leadership player card (Glóin's resources, Celebrían's
Stone, For Gondor! and Steward of Gondor also in test_cards.py)."""
from engine.lcg.board import deal_damage
from engine.lcg.stats import stat
from tests.lcg.helpers import (
    activate,
    acts,
    choose,
    decision,
    hero,
    place_ally,
    place_encounter,
    play,
    res,
    respond,
    run_now,
    step,
    table,
    to_hand,
    until,
)

LEAD = ["aragorn", "theodred", "gloin"]


def to_commit(s):
    s = step(s, {"type": "pass"})  # the planning window closes
    assert decision(s)[0] == "commit"
    return s


def test_aragorn_spends_a_resource_to_ready_after_committing():
    s = table(LEAD)
    ar = res(s, hero(s, "a", "aragorn"), 1)
    s = to_commit(s)
    s = step(s, {"type": "commit", "card": ar})
    s = step(s, {"type": "done"})
    assert decision(s)[0] == "respond" and {"type": "respond", "card": ar} in acts(s)
    s = respond(s, ar)
    assert ar in s["committed"] and not s["inplay"][ar]["exhausted"] and s["inplay"][ar]["res"] == 0


def test_aragorn_without_a_resource_has_no_response():
    s = table(LEAD)
    ar = hero(s, "a", "aragorn")
    s = to_commit(s)
    s = step(s, {"type": "commit", "card": ar})
    s = step(s, {"type": "done"})
    assert decision(s)[0] != "respond" and s["inplay"][ar]["exhausted"]


def test_theodred_adds_a_resource_to_a_committed_hero():
    s = table(LEAD)
    th, gl = hero(s, "a", "theodred"), hero(s, "a", "gloin")
    s = to_commit(s)
    s = step(s, {"type": "commit", "card": gl})
    s = step(s, {"type": "commit", "card": th})
    s = step(s, {"type": "done"})
    s = respond(s, th)
    assert decision(s) == ("choose", "theodred") and set(s["decision"]["options"]) == {gl, th}
    s = choose(s, gl)
    assert s["inplay"][gl]["res"] == 1 and s["inplay"][th]["res"] == 0


def test_guard_of_the_citadel_is_a_two_cost_ally_with_printed_stats():
    s = table(LEAD)
    gl = res(s, hero(s, "a", "gloin"), 2)
    g = to_hand(s, "a", "guard_of_the_citadel")
    s = play(s, g, {gl: 2})
    assert g in s["players"]["a"]["allies"] and s["inplay"][gl]["res"] == 0
    assert [stat(s, g, k) for k in ("willpower", "attack", "defense", "hit_points")] == [1, 1, 0, 2]


def test_faramir_gives_each_character_of_a_player_plus_one_willpower():
    s = table(players=2)
    f = place_ally(s, "a", "faramir")
    s = activate(s, f)
    s = choose(s, "b")
    assert s["inplay"][f]["exhausted"]
    gimli = hero(s, "b", "gimli")
    assert stat(s, gimli, "willpower") == 3 and stat(s, hero(s, "a", "aragorn"), "willpower") == 2
    s = step(s, {"type": "pass"}, "a")
    s = step(s, {"type": "pass"}, "b")  # the phase ends, and so does the bonus
    assert stat(s, gimli, "willpower") == 2


def test_son_of_arnor_engages_an_enemy_of_the_staging_area():
    s = table(LEAD)
    spider = place_encounter(s, "forest_spider")
    ar = res(s, hero(s, "a", "aragorn"), 3)
    son = to_hand(s, "a", "son_of_arnor")
    s = play(s, son, {ar: 3})
    s = respond(s, son)
    assert spider in s["players"]["a"]["engaged"] and spider not in s["staging"]


def test_son_of_arnor_takes_an_enemy_engaged_with_another_player():
    s = table(players=2)
    bats = place_encounter(s, "black_forest_bats", "b")
    ar = res(s, hero(s, "a", "aragorn"), 3)
    son = to_hand(s, "a", "son_of_arnor")
    s = play(s, son, {ar: 3})
    s = respond(s, son)
    assert bats in s["players"]["a"]["engaged"] and not s["players"]["b"]["engaged"]


def test_snowbourn_scout_places_one_progress_on_a_location():
    s = table(LEAD)
    road = place_encounter(s, "old_forest_road")
    gate = place_encounter(s, "forest_gate", "active")
    ar = res(s, hero(s, "a", "aragorn"), 1)
    sc = to_hand(s, "a", "snowbourn_scout")
    s = play(s, sc, {ar: 1})
    s = respond(s, sc)
    assert set(s["decision"]["options"]) == {road, gate}
    s = choose(s, gate)
    assert s["inplay"][gate]["prog"] == 1 and s["inplay"][road]["prog"] == 0


def test_silverlode_archer_is_ranged_and_attacks_an_enemy_engaged_with_another_player():
    s = table(players=2)
    arch = place_ally(s, "a", "silverlode_archer")
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["exhausted"] = True
    bats = place_encounter(s, "black_forest_bats", "b")
    s = until(s, lambda s: decision(s) and decision(s)[0] == "attack" and s["decision"]["player"] == "a")
    assert {"type": "attack", "enemy": bats} in acts(s)
    s = step(s, {"type": "attack", "enemy": bats})
    assert acts(s)[0] == {"type": "attacker", "card": arch}
    s = step(s, {"type": "attacker", "card": arch})
    s = step(s, {"type": "done"}, "b")   # b's Ranged Legolas could join; b declines
    assert bats not in s["inplay"]  # 2 attack against 0 defense, 2 hit points


def test_longbeard_orc_slayer_damages_each_orc_in_play():
    s = table(LEAD)
    orcs = place_encounter(s, "dol_guldur_orcs")
    beast = place_encounter(s, "dol_guldur_beastmaster", "a")
    spider = place_encounter(s, "forest_spider")
    ar, gl = res(s, hero(s, "a", "aragorn"), 2), res(s, hero(s, "a", "gloin"), 2)
    los = to_hand(s, "a", "longbeard_orc_slayer")
    s = play(s, los, {ar: 2, gl: 2})
    s = respond(s, los)
    assert s["inplay"][orcs]["dmg"] == 1 and s["inplay"][beast]["dmg"] == 1 and s["inplay"][spider]["dmg"] == 0


def test_brok_ironfist_enters_play_free_after_a_dwarf_hero_leaves_play():
    s = table(LEAD)
    brok = to_hand(s, "a", "brok_ironfist")
    gl = hero(s, "a", "gloin")
    s = run_now(s, lambda s: deal_damage(s, gl, 4))
    # first Glóin's own response (he suffered damage), then Brok
    while decision(s)[0] == "respond" and {"type": "respond", "card": brok} not in acts(s):
        s = step(s, {"type": "decline"})
    s = step(s, {"type": "respond", "card": brok})
    assert brok in s["players"]["a"]["allies"] and gl not in s["inplay"]


def test_brok_ironfist_does_not_answer_a_non_dwarf_hero():
    s = table(LEAD)
    to_hand(s, "a", "brok_ironfist")
    ar = hero(s, "a", "aragorn")
    s = run_now(s, lambda s: deal_damage(s, ar, 5))
    assert decision(s) == ("window", "planning")


def test_ever_vigilant_readies_an_ally():
    s = table(LEAD)
    g = place_ally(s, "a", "guard_of_the_citadel")
    s["inplay"][g]["exhausted"] = True
    ar = res(s, hero(s, "a", "aragorn"), 1)
    s = play(s, to_hand(s, "a", "ever_vigilant"), {ar: 1})
    assert not s["inplay"][g]["exhausted"]


def test_common_cause_exhausts_a_hero_to_ready_another():
    s = table(LEAD)
    ar, th = hero(s, "a", "aragorn"), hero(s, "a", "theodred")
    s["inplay"][ar]["exhausted"] = True
    cc = to_hand(s, "a", "common_cause")
    s = play(s, cc, {})
    assert decision(s) == ("choose", "exhaust_hero") and ar not in s["decision"]["options"]
    s = choose(s, th)
    assert s["inplay"][th]["exhausted"] and not s["inplay"][ar]["exhausted"]


def test_sneak_attack_puts_an_ally_into_play_until_the_end_of_the_phase():
    s = table(LEAD)
    ar = res(s, hero(s, "a", "aragorn"), 1)
    faramir = to_hand(s, "a", "faramir")
    s = play(s, to_hand(s, "a", "sneak_attack"), {ar: 1})
    assert faramir in s["players"]["a"]["allies"]
    s = activate(s, faramir)
    s = choose(s, "a") if decision(s)[0] == "choose" else s
    s = step(s, {"type": "pass"})  # the planning phase ends: Faramir goes back to the hand
    assert faramir in s["players"]["a"]["hand"] and faramir not in s["inplay"]


def test_valiant_sacrifice_draws_two_after_an_ally_leaves_play():
    s = table(LEAD)
    g = place_ally(s, "a", "guard_of_the_citadel")
    vs = to_hand(s, "a", "valiant_sacrifice")
    res(s, hero(s, "a", "aragorn"), 1)
    s = run_now(s, lambda s: deal_damage(s, g, 2))
    assert decision(s)[0] == "respond"
    s = respond(s, vs)
    assert len(s["players"]["a"]["hand"]) == 2 and vs in s["players"]["a"]["discard"]


def test_grim_resolve_readies_every_character_in_play():
    s = table(players=2)
    for u in list(s["inplay"]):
        if s["inplay"][u]["zone"] in ("heroes", "allies"):
            s["inplay"][u]["exhausted"] = True
    ar, th, gl = (hero(s, "a", x) for x in LEAD)
    res(s, ar, 2), res(s, th, 2), res(s, gl, 1)
    s = play(s, to_hand(s, "a", "grim_resolve"))
    assert not any(s["inplay"][u]["exhausted"] for p in "ab" for u in s["players"][p]["heroes"])


def test_steward_of_gondor_gives_its_hero_the_gondor_trait():
    from engine.lcg.state import has_trait
    s = table(LEAD)
    gl = res(s, hero(s, "a", "gloin"), 2)
    assert not has_trait(s, gl, "gondor")
    s = play(s, to_hand(s, "a", "steward_of_gondor"), {gl: 2})
    s = choose(s, gl)
    assert has_trait(s, gl, "gondor")


def test_celebrians_stone_is_restricted_a_third_one_makes_its_controller_discard_one():
    s = table(LEAD)
    ar = hero(s, "a", "aragorn")
    from tests.lcg.helpers import place_attachment
    plate = place_attachment(s, "a", "citadel_plate", ar)
    axe = place_attachment(s, "a", "dwarven_axe", ar)
    res(s, ar, 2)
    stone = to_hand(s, "a", "celebrians_stone")
    s = play(s, stone, {ar: 2})
    assert decision(s) == ("choose", "attach_to") and ar in s["decision"]["options"]
    s = choose(s, ar)
    assert decision(s) == ("choose", "discard_attachment")
    assert sorted(s["decision"]["options"]) == sorted([plate, axe, stone])
    s = choose(s, axe)
    assert s["inplay"][ar]["att"] == [plate, stone] and axe in s["players"]["a"]["discard"]
