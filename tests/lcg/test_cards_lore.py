"""Lore: Denethor, Glorfindel, Beravor and every Lore player card; Gandalf (neutral). Denethor's look,
Forest Snare and Gandalf leaving at the end of the round are also in test_cards.py."""
from engine.lcg.stats import staging_threat, stat
from tests.lcg.helpers import (
    R,
    activate,
    acts,
    at_window,
    choose,
    decision,
    deck_top,
    events,
    hero,
    on_top,
    place_ally,
    place_attachment,
    place_encounter,
    play,
    res,
    respond,
    step,
    table,
    to_discard,
    to_hand,
    until,
)

LORE = ["denethor", "glorfindel", "beravor"]


def test_denethor_may_move_the_top_encounter_card_to_the_bottom():
    s = table(LORE, encounter=True)
    de = hero(s, "a", "denethor")
    top = s["edeck"][-1]
    s = activate(s, de)
    assert R.view(s, "a")["seen"]["encounter"]["uid"] == top
    s = choose(s, "bottom")
    assert s["edeck"][0] == top and s["inplay"][de]["exhausted"] and "encounter" not in R.view(s, "a")["seen"]


def test_glorfindel_pays_a_resource_to_heal_one_damage_once_per_round():
    s = table(LORE)
    gl, be = hero(s, "a", "glorfindel"), hero(s, "a", "beravor")
    res(s, gl, 2)
    s["inplay"][be]["dmg"] = 2
    s = activate(s, gl)
    s = choose(s, be) if decision(s)[0] == "choose" else s
    assert s["inplay"][be]["dmg"] == 1 and s["inplay"][gl]["res"] == 1
    assert not any(a.get("card") == gl for a in acts(s))


def test_beravor_exhausts_to_make_a_player_draw_two_once_per_round():
    s = table({"a": LORE, "b": ["gimli", "legolas", "thalin"]})
    be = hero(s, "a", "beravor")
    s = activate(s, be)
    s = choose(s, "b")
    assert len(s["players"]["b"]["hand"]) == 2 and s["inplay"][be]["exhausted"]
    s["inplay"][be]["exhausted"] = False
    assert not any(a.get("card") == be for a in acts(s))


def test_daughter_of_the_nimrodel_heals_up_to_two_on_a_hero():
    s = table(LORE)
    d = place_ally(s, "a", "daughter_of_the_nimrodel")
    be = hero(s, "a", "beravor")
    s["inplay"][be]["dmg"] = 3
    s = activate(s, d)
    assert s["inplay"][be]["dmg"] == 1 and s["inplay"][d]["exhausted"]


def test_erebor_hammersmith_returns_the_topmost_attachment_of_a_discard_pile():
    s = table(LORE)
    to_discard(s, "a", "forest_snare")
    top = to_discard(s, "a", "dark_knowledge")
    to_discard(s, "a", "gandalf")
    de = res(s, hero(s, "a", "denethor"), 2)
    hs = to_hand(s, "a", "erebor_hammersmith")
    s = play(s, hs, {de: 2})
    s = respond(s, hs)
    s = choose(s, "a") if decision(s)[0] == "choose" else s
    assert top in s["players"]["a"]["hand"] and len(s["players"]["a"]["hand"]) == 1


def test_henamarth_riversong_looks_at_the_top_encounter_card():
    s = table(LORE, players=2, encounter=True)
    h = place_ally(s, "a", "henamarth_riversong")
    s = activate(s, h)
    assert R.view(s, "a")["seen"]["encounter"]["uid"] == s["edeck"][-1]
    assert "encounter" not in R.view(s, "b")["seen"] and s["inplay"][h]["exhausted"]


def test_miner_of_the_iron_hills_discards_a_condition_attachment():
    s = table(LORE)
    be = hero(s, "a", "beravor")
    web = place_attachment(s, None, "caught_in_a_web", be)
    de = res(s, hero(s, "a", "denethor"), 2)
    m = to_hand(s, "a", "miner_of_the_iron_hills")
    s = play(s, m, {de: 2})
    s = respond(s, m)
    assert web not in s["inplay"] and web in s["ediscard"] and not s["inplay"][be]["att"]


def test_gleowine_exhausts_to_make_a_player_draw_one():
    s = table(LORE)
    g = place_ally(s, "a", "gleowine")
    s = activate(s, g)
    assert len(s["players"]["a"]["hand"]) == 1 and s["inplay"][g]["exhausted"]


def test_lore_of_imladris_heals_all_damage_from_a_character():
    s = table(LORE)
    gl = res(s, hero(s, "a", "glorfindel"), 2)
    s["inplay"][gl]["dmg"] = 4
    s = play(s, to_hand(s, "a", "lore_of_imladris"))
    assert s["inplay"][gl]["dmg"] == 0


def test_loriens_wealth_makes_a_player_draw_three():
    s = table(LORE)
    res(s, hero(s, "a", "glorfindel"), 3)
    s = play(s, to_hand(s, "a", "loriens_wealth"))
    assert len(s["players"]["a"]["hand"]) == 3


def _quest_window(s, *cards):
    for c in cards:
        place_encounter(s, c)
    return until(s, at_window("quest"))


def test_radagasts_cunning_removes_an_enemys_threat_during_the_quest_phase_only():
    s = table(LORE)
    res(s, hero(s, "a", "glorfindel"), 1)
    rc = to_hand(s, "a", "radagasts_cunning")
    assert not any(a.get("card") == rc for a in acts(s))
    s = _quest_window(s, "hummerhorns", "king_spider")
    assert staging_threat(s) == 3
    s = play(s, rc)
    s = choose(s, next(u for u in s["staging"] if s["ids"][u] == "king_spider"))
    assert staging_threat(s) == 1
    s = step(s, {"type": "pass"})
    assert events(s, "quest_resolved")[-1]["threat"] == 1


def test_secret_paths_removes_a_locations_threat_during_the_quest_phase():
    s = table(LORE)
    res(s, hero(s, "a", "glorfindel"), 1)
    sp = to_hand(s, "a", "secret_paths")
    s = _quest_window(s, "necromancers_pass", "hummerhorns")
    s = play(s, sp)
    assert staging_threat(s) == 1


def test_gandalfs_search_takes_one_of_the_top_x_cards_of_any_deck():
    s = table({"a": LORE, "b": ["gimli", "legolas", "thalin"]})
    top = deck_top(s, "b", "beorn", "feint", "citadel_plate")
    gl = res(s, hero(s, "a", "glorfindel"), 3)
    s = step(s, {"type": "pass"}, "a") if s["decision"]["player"] != "a" else s
    gs = to_hand(s, "a", "gandalfs_search")
    s = play(s, gs, x=3)
    s = choose(s, "b")
    assert s["decision"]["options"] == top
    s = choose(s, top[1])
    assert top[1] in s["players"]["b"]["hand"]
    assert decision(s) == ("choose", "deck_order") and s["decision"]["options"] == [top[0], top[2]]
    s = choose(s, top[0])   # the player keeps the order: the first one chosen goes on top
    assert s["players"]["b"]["deck"][-2:] == [top[2], top[0]]  # the others back on top, in that order
    assert s["seen"]["a"]["deck:b"] == ["beorn", "citadel_plate"]
    assert s["inplay"][gl]["res"] == 0


def test_gandalfs_search_returns_the_rest_in_the_order_its_player_chooses():
    """The cards not taken go back on top in the order the player picks: here, a new top card."""
    s = table({"a": LORE, "b": ["gimli", "legolas", "thalin"]})
    top = deck_top(s, "b", "beorn", "feint", "citadel_plate", "blade_mastery")
    res(s, hero(s, "a", "glorfindel"), 4)
    gs = to_hand(s, "a", "gandalfs_search")
    s = play(s, gs, x=4)
    s = choose(s, "b")
    view = R.view(s, "a")
    assert view["decision"]["cards"] == {top[0]: "beorn", top[1]: "feint", top[2]: "citadel_plate",
                                         top[3]: "blade_mastery"}
    assert "cards" not in R.view(s, "b")["decision"] and "options" not in R.view(s, "b")["decision"]
    from present import lcg as text
    labels = [text.describe_action(a, view, "en") for a in R.legal_actions(s, "a")]
    assert labels == ["Beorn", "Feint", "Citadel Plate", "Blade Mastery"]
    other = [text.uid_label(u, R.view(s, "b"), "en") for u in top]
    assert not any(name in label for label in other for name in ("Beorn", "Feint", "Citadel", "Blade"))
    s = choose(s, top[0])
    assert s["decision"]["options"] == [top[1], top[2], top[3]]
    assert R.view(s, "a")["decision"]["cards"] == {top[1]: "feint", top[2]: "citadel_plate",
                                                   top[3]: "blade_mastery"}
    s = choose(s, top[3])
    s = choose(s, top[1])
    assert s["decision"]["kind"] != "choose" or s["decision"].get("prompt") != "deck_order"
    assert s["players"]["b"]["deck"][-3:] == [top[2], top[1], top[3]]   # blade mastery on top now
    assert s["seen"]["a"]["deck:b"] == ["blade_mastery", "feint", "citadel_plate"]
    assert "deck:b" not in s["seen"]["b"]


def test_beorns_hospitality_heals_every_hero_of_a_player():
    s = table(LORE)
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["dmg"] = 2
        res(s, h, 2)
    s = play(s, to_hand(s, "a", "beorns_hospitality"))
    assert all(s["inplay"][h]["dmg"] == 0 for h in s["players"]["a"]["heroes"])


def test_forest_snare_can_only_go_on_an_engaged_enemy():
    s = table(LORE)
    res(s, hero(s, "a", "denethor"), 3)
    fs = to_hand(s, "a", "forest_snare")
    place_encounter(s, "king_spider")
    assert not any(a.get("card") == fs for a in acts(s))
    e = place_encounter(s, "forest_spider", "a")
    s = play(s, fs)
    assert fs in s["inplay"][e]["att"]


def test_protector_of_lorien_discards_cards_for_defense_or_willpower_three_times_a_phase():
    s = table(LORE)
    de = hero(s, "a", "denethor")
    p = place_attachment(s, "a", "protector_of_lorien", de)
    cards = [to_hand(s, "a", c) for c in ("gandalf", "feint", "beorn", "gleowine")]
    for i, boost in enumerate(("defense", "willpower", "defense")):
        s = activate(s, p)
        s = choose(s, cards[i])
        s = choose(s, boost)
    assert (stat(s, de, "defense"), stat(s, de, "willpower")) == (5, 2)
    assert not any(a.get("card") == p for a in acts(s))


def test_dark_knowledge_costs_a_willpower_and_looks_at_a_shadow_card_dealt():
    s = table(LORE, shadows=True)
    de = hero(s, "a", "denethor")
    dk = place_attachment(s, "a", "dark_knowledge", de)
    assert stat(s, de, "willpower") == 0
    place_encounter(s, "forest_spider", "a")
    s = until(s, at_window("encounter"))
    shadow = on_top(s, "necromancers_pass")[0]
    s = step(s, {"type": "pass"})
    assert decision(s)[0] == "respond"
    s = respond(s, dk)
    assert R.view(s, "a")["seen"]["shadow:" + shadow] == "necromancers_pass" and s["inplay"][dk]["exhausted"]


def test_self_preservation_heals_two_damage_from_its_character():
    s = table(LORE)
    be = hero(s, "a", "beravor")
    sp = place_attachment(s, "a", "self_preservation", be)
    s["inplay"][be]["dmg"] = 3
    s = activate(s, sp)
    assert s["inplay"][be]["dmg"] == 1 and s["inplay"][sp]["exhausted"]


# ---- neutral ----------------------------------------------------------------------------------------

def _gandalf(s, choice):
    for h in s["players"]["a"]["heroes"]:
        res(s, h, 2)
    g = to_hand(s, "a", "gandalf")
    s = play(s, g)
    s = respond(s, g)
    return choose(s, choice), g


def test_gandalf_draws_three_cards():
    s, _g = _gandalf(table(LORE), "draw")
    assert len(s["players"]["a"]["hand"]) == 3


def test_gandalf_reduces_threat_by_five():
    s = table(LORE)
    t0 = s["players"]["a"]["threat"]
    s, _g = _gandalf(s, "threat")
    assert s["players"]["a"]["threat"] == t0 - 5


def test_gandalf_deals_four_damage_to_an_enemy_in_play():
    s = table(LORE)
    e = place_encounter(s, "chieftain_ufthak")
    s, g = _gandalf(s, "damage")
    s = choose(s, e) if decision(s)[0] == "choose" else s
    assert s["inplay"][e]["dmg"] == 4
    assert stat(s, g, "willpower") == 4 and stat(s, g, "hit_points") == 4
