"""Tactics: Gimli, Legolas, Thalin and every Tactics player card (Gimli and Thalin also in test_cards.py)."""
from engine.lcg.board import deal_damage
from engine.lcg.state import keyword
from engine.lcg.stats import stat
from tests.lcg.helpers import (
    activate,
    acts,
    at,
    at_window,
    choose,
    decision,
    events,
    hero,
    past,
    place_ally,
    place_attachment,
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

TAC = ["gimli", "legolas", "thalin"]


def attack_with(s, enemy, *attackers):
    s = until(s, at("attack"))
    s = step(s, {"type": "attack", "enemy": enemy})
    for u in attackers:
        s = step(s, {"type": "attacker", "card": u})
    if decision(s) and decision(s)[0] == "attackers":
        s = step(s, {"type": "resolve"})
    return s


def spider_damage(s, defender, response) -> int:
    """A Forest Spider engaged with player a attacks, `defender` defends, `response` answers: its damage."""
    spider = place_encounter(s, "forest_spider", "a")
    s = until(s, at("defend"))
    s = step(s, {"type": "defend", "card": defender})
    return respond(s, response)["inplay"][spider]["dmg"]


def test_legolas_places_two_progress_after_an_attack_that_destroys_an_enemy():
    s = table(TAC)
    le = hero(s, "a", "legolas")
    bats = place_encounter(s, "black_forest_bats", "a")
    s = attack_with(s, bats, le)
    assert bats not in s["inplay"] and {"type": "respond", "card": le} in acts(s)
    p0 = s["quest"]["prog"]
    s = respond(s, le)
    assert s["quest"]["prog"] == p0 + 2


def test_legolas_has_no_response_when_the_enemy_survives():
    s = table(TAC)
    le = hero(s, "a", "legolas")
    spider = place_encounter(s, "forest_spider", "a")
    s = attack_with(s, spider, le)
    assert s["inplay"][spider]["dmg"] == 2 and decision(s)[0] != "respond"


def test_veteran_axehand_is_a_two_cost_ally_with_printed_stats():
    s = table(TAC)
    gi = res(s, hero(s, "a", "gimli"), 2)
    ax = to_hand(s, "a", "veteran_axehand")
    s = play(s, ax, {gi: 2})
    assert [stat(s, ax, k) for k in ("willpower", "attack", "defense", "hit_points")] == [0, 2, 1, 2]


def test_gondorian_spearman_deals_one_damage_to_the_enemy_it_defends_against():
    s = table(TAC)
    sp = place_ally(s, "a", "gondorian_spearman")
    assert spider_damage(s, defender=sp, response=sp) == 1


def test_gondorian_spearman_is_a_sentinel_and_defends_for_another_player():
    s = table(players=2)
    sp = place_ally(s, "b", "gondorian_spearman")
    assert keyword(s, sp, "sentinel")
    place_encounter(s, "forest_spider", "a")
    s = until(s, at("defend"))
    assert s["decision"]["player"] == "a" and {"type": "defend", "card": sp} not in acts(s)
    s = step(s, {"type": "no_defender"})
    assert s["decision"]["player"] == "b" and {"type": "defend", "card": sp} in acts(s)
    s = step(s, {"type": "defend", "card": sp})
    assert s["attack"]["defenders"] == [sp] and s["attack"]["player"] == "a"


def test_horseback_archer_is_ranged():
    s = table(players=2)
    arch = place_ally(s, "b", "horseback_archer")
    assert keyword(s, arch, "ranged") and stat(s, arch, "attack") == 2
    for h in s["players"]["b"]["heroes"]:
        s["inplay"][h]["exhausted"] = True
    bats = place_encounter(s, "black_forest_bats", "a")
    s = until(s, lambda s: decision(s) and decision(s)[0] == "attack" and s["decision"]["player"] == "b")
    s = step(s, {"type": "attack", "enemy": bats})
    assert acts(s) == [{"type": "attacker", "card": arch}]


def test_beorn_gets_plus_five_attack_once_per_round_then_shuffles_into_the_deck():
    s = table(TAC)
    b = place_ally(s, "a", "beorn")
    s = activate(s, b)
    assert stat(s, b, "attack") == 8
    assert {"type": "activate", "card": b, "ability": "main"} not in acts(s)
    n = len(s["players"]["a"]["deck"])
    s = step(s, {"type": "pass"})  # end of the planning phase
    assert b not in s["inplay"] and b in s["players"]["a"]["deck"] and len(s["players"]["a"]["deck"]) == n + 1


def test_blade_mastery_gives_plus_one_attack_and_defense_until_the_end_of_the_phase():
    s = table(TAC)
    gi = res(s, hero(s, "a", "gimli"), 1)
    s = play(s, to_hand(s, "a", "blade_mastery"), {gi: 1})
    s = choose(s, gi)
    assert (stat(s, gi, "attack"), stat(s, gi, "defense")) == (3, 3)
    s = step(s, {"type": "pass"})
    assert (stat(s, gi, "attack"), stat(s, gi, "defense")) == (2, 2)


def test_rain_of_arrows_exhausts_a_ranged_character_to_damage_each_enemy_engaged_with_a_player():
    s = table(players=2)
    le = res(s, hero(s, "b", "legolas"), 1)
    e1, e2 = place_encounter(s, "forest_spider", "a"), place_encounter(s, "dol_guldur_orcs", "a")
    e3 = place_encounter(s, "king_spider", "b")
    s = step(s, {"type": "pass"}, "a")
    s = play(s, to_hand(s, "b", "rain_of_arrows"), {le: 1})
    assert s["inplay"][le]["exhausted"]
    s = choose(s, "a")
    assert (s["inplay"][e1]["dmg"], s["inplay"][e2]["dmg"], s["inplay"][e3]["dmg"]) == (1, 1, 0)


def test_feint_stops_one_enemy_attacking_this_phase():
    s = table(TAC)
    spider = place_encounter(s, "forest_spider", "a")
    gi = res(s, hero(s, "a", "gimli"), 1)
    f = to_hand(s, "a", "feint")
    assert not any(a.get("card") == f for a in acts(s))  # a Combat Action
    s = until(s, at_window("combat"))
    s = play(s, f, {gi: 1})
    s = step(s, {"type": "pass"})
    assert events(s, "attack_prevented")[-1]["enemy"] == spider and not events(s, "enemy_attacks")


def test_quick_strike_attacks_at_once_with_a_character():
    s = table(TAC)
    gi = res(s, hero(s, "a", "gimli"), 1)
    bats = place_encounter(s, "black_forest_bats", "a")
    s = play(s, to_hand(s, "a", "quick_strike"), {gi: 1})
    s = choose(s, gi)
    assert bats not in s["inplay"] and s["inplay"][gi]["exhausted"] and s["phase"] == "planning"


def test_thicket_of_spears_needs_three_heroes_and_stops_a_players_enemies_attacking():
    s = table(TAC)
    gi, le, th = (res(s, hero(s, "a", x), 2) for x in TAC)
    place_encounter(s, "forest_spider", "a")
    place_encounter(s, "king_spider", "a")
    t = to_hand(s, "a", "thicket_of_spears")
    s = until(s, at_window("combat"))
    pays = [a["pay"] for a in acts(s) if a.get("card") == t]
    assert pays and all(len(p) == 3 for p in pays)
    s = play(s, t, {gi: 1, le: 1, th: 1})
    s = choose(s, "a") if decision(s)[0] == "choose" else s
    s = until(s, at_window("combat_end"))
    assert len(events(s, "attack_prevented")) == 2 and not events(s, "enemy_attacks")


def test_swift_strike_deals_two_damage_after_a_defender_is_declared():
    s = table(TAC)
    gi = res(s, hero(s, "a", "gimli"), 2)
    assert spider_damage(s, defender=gi, response=to_hand(s, "a", "swift_strike")) == 2


def test_stand_together_lets_several_characters_defend_one_attack():
    s = table(TAC)
    gi, le = hero(s, "a", "gimli"), hero(s, "a", "legolas")
    s = play(s, to_hand(s, "a", "stand_together"), {})
    s = choose(s, "a") if decision(s)[0] == "choose" else s
    place_encounter(s, "hummerhorns", "a")
    s = until(s, at("defend"))
    assert not events(s, "defender")
    # a lasting effect "until the end of the phase" played in planning is gone by combat: replay in combat
    s = table(TAC)
    gi, le = hero(s, "a", "gimli"), hero(s, "a", "legolas")
    place_encounter(s, "forest_spider", "a")
    st = to_hand(s, "a", "stand_together")
    s = until(s, at_window("combat"))
    s = play(s, st, {})
    s = choose(s, "a") if decision(s)[0] == "choose" else s
    s = step(s, {"type": "pass"})
    s = step(s, {"type": "defend", "card": gi})
    assert decision(s)[0] == "defend"
    s = step(s, {"type": "defend", "card": le})
    s = step(s, {"type": "done"}) if decision(s)[0] == "defend" else s
    s = past(s, "defense")
    a = events(s, "attack")[-1]
    assert a["defense"] == 3 and a["damage"] == 0


def test_blade_of_gondolin_adds_attack_against_orcs_and_progress_after_a_kill():
    s = table(TAC)
    le = hero(s, "a", "legolas")
    place_attachment(s, "a", "blade_of_gondolin", le)
    orcs = place_encounter(s, "dol_guldur_orcs", "a")  # 3 hit points, 0 defense: Legolas 3 + 1
    s = attack_with(s, orcs, le)
    assert events(s, "player_attack")[-1]["strength"] == 4
    blade = next(u for u in s["inplay"] if s["ids"][u] == "blade_of_gondolin")
    p0 = s["quest"]["prog"]
    while decision(s)[0] == "respond":
        s = respond(s, blade) if {"type": "respond", "card": blade} in acts(s) else respond(s, le)
    assert s["quest"]["prog"] == p0 + 3  # 1 from the Blade, 2 from Legolas


def test_blade_of_gondolin_gives_no_bonus_against_a_spider():
    s = table(TAC)
    le = hero(s, "a", "legolas")
    place_attachment(s, "a", "blade_of_gondolin", le)
    spider = place_encounter(s, "forest_spider", "a")
    s = attack_with(s, spider, le)
    assert events(s, "player_attack")[-1]["strength"] == 3


def test_citadel_plate_gives_plus_four_hit_points():
    s = table(TAC)
    th = res(s, hero(s, "a", "thalin"), 4)
    s = play(s, to_hand(s, "a", "citadel_plate"), {th: 4})
    s = choose(s, th)
    assert stat(s, th, "hit_points") == 8


def test_dwarven_axe_gives_two_attack_to_a_dwarf_and_one_to_others():
    s = table(TAC)
    gi, le = hero(s, "a", "gimli"), hero(s, "a", "legolas")
    place_attachment(s, "a", "dwarven_axe", gi)
    assert stat(s, gi, "attack") == 4
    s2 = table(TAC)
    le = hero(s2, "a", "legolas")
    place_attachment(s2, "a", "dwarven_axe", le)
    assert stat(s2, le, "attack") == 4


def test_horn_of_gondor_adds_a_resource_after_a_character_is_destroyed():
    s = table(TAC)
    gi = hero(s, "a", "gimli")
    horn = place_attachment(s, "a", "horn_of_gondor", gi)
    ax = place_ally(s, "a", "veteran_axehand")
    s = run_now(s, lambda s: deal_damage(s, ax, 2))
    s = respond(s, horn)
    assert s["inplay"][gi]["res"] == 1
