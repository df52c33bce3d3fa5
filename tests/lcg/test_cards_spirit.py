"""Spirit: Éowyn, Eleanor, Dunhere and every Spirit player card (Éowyn, The Galadhrim's Greeting on one
player and A Test of Will also in test_cards.py)."""
from engine.lcg.board import deal_damage
from engine.lcg.stats import staging_threat, stat
from tests.lcg.helpers import (
    activate,
    acts,
    at,
    at_window,
    choose,
    decision,
    events,
    hero,
    on_top,
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
    to_discard,
    to_hand,
    until,
)

SPI = ["eowyn", "eleanor", "dunhere"]


def commit(s, *uids):
    s = until(s, at("commit"))
    for u in uids:
        s = step(s, {"type": "commit", "card": u})
    return step(s, {"type": "done"}) if decision(s)[0] == "commit" else s


def test_eleanor_cancels_a_treachery_and_replaces_it_with_the_next_card():
    s = table(SPI)
    ew, el = hero(s, "a", "eowyn"), hero(s, "a", "eleanor")
    ev = to_hand(s, "a", "will_of_the_west")
    eyes, road = on_top(s, "eyes_of_the_forest", "old_forest_road")
    s = commit(s, ew)
    assert decision(s)[0] == "respond" and {"type": "respond", "card": el} in acts(s)
    s = respond(s, el)
    assert s["inplay"][el]["exhausted"] and ev in s["players"]["a"]["hand"]
    assert eyes in s["ediscard"] and road in s["staging"]


def test_eleanor_does_not_answer_an_enemy():
    s = table(SPI)
    ew = hero(s, "a", "eowyn")
    on_top(s, "king_spider")
    s = commit(s, ew)
    assert not (decision(s)[0] == "respond" and {"type": "respond", "card": hero(s, "a", "eleanor")} in acts(s))


def test_dunhere_attacks_an_enemy_in_the_staging_area_alone_with_plus_one_attack():
    s = table(SPI)
    du = hero(s, "a", "dunhere")
    for h in ("eowyn", "eleanor"):
        s["inplay"][hero(s, "a", h)]["exhausted"] = True
    bats = place_encounter(s, "hummerhorns")  # engagement cost 40: it stays in the staging area
    s = until(s, at("attack"))
    assert {"type": "attack", "enemy": bats} in acts(s)
    s = step(s, {"type": "attack", "enemy": bats})
    s = step(s, {"type": "attacker", "card": du})
    assert events(s, "player_attack")[-1]["strength"] == 3 and bats not in s["inplay"]


def test_only_dunhere_may_attack_the_staging_area():
    s = table(SPI)
    place_encounter(s, "forest_spider")
    du = hero(s, "a", "dunhere")
    s["inplay"][du]["exhausted"] = True
    s = until(s, lambda s: s["phase"] == "refresh")
    assert not events(s, "player_attack")


def test_wandering_took_moves_to_another_player_trading_three_threat():
    s = table(players=2)
    took = place_ally(s, "a", "wandering_took")
    ta, tb = s["players"]["a"]["threat"], s["players"]["b"]["threat"]
    s = activate(s, took)
    s = choose(s, "b") if decision(s)[0] == "choose" else s
    assert took in s["players"]["b"]["allies"] and s["inplay"][took]["ctrl"] == "b"
    assert (s["players"]["a"]["threat"], s["players"]["b"]["threat"]) == (ta - 3, tb + 3)


def test_lorien_guide_places_progress_on_the_active_location_when_committed():
    s = table(SPI)
    g = place_ally(s, "a", "lorien_guide")
    loc = place_encounter(s, "mountains_of_mirkwood", "active")
    s = commit(s, g)
    s = respond(s, g)
    assert s["inplay"][loc]["prog"] == 1


def test_northern_tracker_places_progress_on_each_location_in_staging():
    s = table(SPI)
    t = place_ally(s, "a", "northern_tracker")
    l1, l2 = place_encounter(s, "mountains_of_mirkwood"), place_encounter(s, "forest_gate")
    act = place_encounter(s, "great_forest_web", "active")
    s = commit(s, t)
    s = respond(s, t)
    assert (s["inplay"][l1]["prog"], s["inplay"][l2]["prog"], s["inplay"][act]["prog"]) == (1, 1, 0)


def test_the_galadhrims_greeting_may_reduce_each_players_threat_by_two():
    s = table(players=3)
    _el, _du = res(s, hero(s, "c", "eleanor"), 2), res(s, hero(s, "c", "dunhere"), 1)
    before = {p: s["players"][p]["threat"] for p in "abc"}
    s = step(s, {"type": "pass"}, "a")
    s = step(s, {"type": "pass"}, "b")
    s = play(s, to_hand(s, "c", "the_galadhrims_greeting"))
    s = choose(s, "each")
    assert all(s["players"][p]["threat"] == before[p] - 2 for p in "abc")


def test_strength_of_will_places_two_progress_on_the_location_travelled_to():
    s = table(SPI)
    el = hero(s, "a", "eleanor")
    sow = to_hand(s, "a", "strength_of_will")
    loc = place_encounter(s, "mountains_of_mirkwood")
    on_top(s, "forest_gate", "old_forest_road")   # one to reveal in the quest phase, one for its travel cost
    s = until(s, lambda s: decision(s) == ("choose", "travel"))
    s = choose(s, loc)
    s = respond(s, sow)
    s = choose(s, el)
    assert s["inplay"][loc]["prog"] == 2 and s["inplay"][el]["exhausted"]


def test_hasty_stroke_cancels_a_shadow_effect():
    s = table(SPI, shadows=True)
    res(s, hero(s, "a", "eowyn"), 1)
    hs = to_hand(s, "a", "hasty_stroke")
    spider = place_encounter(s, "forest_spider", "a")
    s = until(s, at_window("encounter"))
    on_top(s, "dol_guldur_orcs")  # its shadow: +1 attack, +3 if undefended
    s = until(s, at("defend"))
    s = past(step(s, {"type": "no_defender"}), "defense")
    assert decision(s)[0] == "respond"
    s = respond(s, hs)
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == stat(s, spider, "attack") and events(s, "cancelled")


def test_will_of_the_west_shuffles_a_discard_pile_into_its_deck():
    s = table(SPI)
    d = to_discard(s, "a", "gandalf")
    res(s, hero(s, "a", "eowyn"), 1)
    w = to_hand(s, "a", "will_of_the_west")
    n = len(s["players"]["a"]["deck"])
    s = play(s, w)
    assert d in s["players"]["a"]["deck"] and s["players"]["a"]["discard"] == [
        u for u in s["players"]["a"]["discard"] if s["ids"][u] == "will_of_the_west"]
    assert len(s["players"]["a"]["deck"]) == n + 1


def test_stand_and_fight_puts_an_ally_of_cost_x_from_any_discard_into_play():
    s = table(players=3)
    beorn = to_discard(s, "b", "beorn")
    to_discard(s, "a", "faramir")
    _ew, _el, _du = (res(s, hero(s, "c", x), 2) for x in SPI)
    s = step(s, {"type": "pass"}, "a")
    s = step(s, {"type": "pass"}, "b")
    saf = to_hand(s, "c", "stand_and_fight")
    xs = sorted({a["x"] for a in acts(s) if a.get("card") == saf})
    assert xs == [4, 6]
    s = play(s, saf, x=6)
    assert beorn in s["players"]["c"]["allies"] and s["inplay"][beorn]["ctrl"] == "c"


def test_a_light_in_the_dark_returns_an_engaged_enemy_to_the_staging_area():
    s = table(SPI)
    res(s, hero(s, "a", "eowyn"), 2)
    spider = place_encounter(s, "forest_spider", "a")
    s = play(s, to_hand(s, "a", "a_light_in_the_dark"))
    assert spider in s["staging"] and not s["players"]["a"]["engaged"]


def test_dwarven_tomb_returns_a_spirit_card_from_the_discard_pile_to_the_hand():
    s = table(SPI)
    sow = to_discard(s, "a", "strength_of_will")
    to_discard(s, "a", "gandalf")
    res(s, hero(s, "a", "eowyn"), 1)
    s = play(s, to_hand(s, "a", "dwarven_tomb"))
    s = choose(s, sow) if decision(s)[0] == "choose" else s
    assert sow in s["players"]["a"]["hand"]


def test_fortune_or_fate_brings_a_dead_hero_back_into_play():
    s = table(SPI)
    ew, el, du = (hero(s, "a", x) for x in SPI)
    s = run_now(s, lambda s: deal_damage(s, ew, 3))
    assert ew in s["players"]["a"]["discard"]
    res(s, el, 3), res(s, du, 2)
    s = play(s, to_hand(s, "a", "fortune_or_fate"))
    s = choose(s, ew) if decision(s)[0] == "choose" else s
    assert ew in s["players"]["a"]["heroes"] and s["inplay"][ew]["dmg"] == 0
    assert ew not in s["players"]["a"]["dead"] and ew not in s["players"]["a"]["discard"]


def test_the_favor_of_the_lady_gives_plus_one_willpower():
    s = table(SPI)
    el = res(s, hero(s, "a", "eleanor"), 2)
    s = play(s, to_hand(s, "a", "the_favor_of_the_lady"))
    s = choose(s, el)
    assert stat(s, el, "willpower") == 2


def test_power_in_the_earth_gives_a_location_minus_one_threat():
    s = table(SPI)
    loc = place_encounter(s, "necromancers_pass")
    res(s, hero(s, "a", "eowyn"), 1)
    assert staging_threat(s) == 3
    s = play(s, to_hand(s, "a", "power_in_the_earth"))
    assert s["inplay"][loc]["att"] and staging_threat(s) == 2


def test_unexpected_courage_readies_its_exhausted_hero():
    s = table(SPI)
    ew = hero(s, "a", "eowyn")
    uc = place_attachment(s, "a", "unexpected_courage", ew)
    assert not any(a.get("card") == uc for a in acts(s))  # Éowyn is ready
    s["inplay"][ew]["exhausted"] = True
    s = activate(s, uc)
    assert not s["inplay"][ew]["exhausted"] and s["inplay"][uc]["exhausted"]
