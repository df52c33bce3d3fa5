"""Passage Through Mirkwood: its four quest cards and every encounter card of the sets Passage Through
Mirkwood, Spiders of Mirkwood and Dol Guldur Orcs (when revealed, forced, travel, shadow effects)."""
from engine.lcg.stats import staging_threat, stat
from tests.lcg.helpers import (
    R,
    at,
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
    res,
    run_now,
    shadow_attack,
    step,
    table,
    to_hand,
    until,
)

LEAD = ["aragorn", "theodred", "gloin"]


def commit(s, *uids):
    s = until(s, at("commit"))
    for u in uids:
        s = step(s, {"type": "commit", "card": u})
    while decision(s)[0] == "commit" or (decision(s)[0] == "respond" and s["decision"]["ev"]["name"] == "committed"):
        # the others commit nothing; Aragorn's and Théodred's responses to committing are declined
        s = step(s, {"type": "done" if decision(s)[0] == "commit" else "decline"})
    return s


def reveal(s, *cids, commit_=()):
    """Put cards on top of the encounter deck and go to staging, committing `commit_`."""
    on_top(s, *cids)
    return commit(s, *commit_)


def no_shadows():
    return table(LEAD, shadows=True)


# ---- Spiders of Mirkwood ----------------------------------------------------------------------------

def test_king_spider_when_revealed_each_player_exhausts_a_character():
    s = table(players=2)
    ar = hero(s, "a", "aragorn")
    s = reveal(s, "king_spider", commit_=[ar])
    assert decision(s) == ("choose", "exhaust_character") and ar not in s["decision"]["options"]
    s = choose(s, hero(s, "a", "gloin"))
    assert s["decision"]["player"] == "b"
    s = choose(s, hero(s, "b", "gimli"))
    assert s["inplay"][hero(s, "a", "gloin")]["exhausted"] and s["inplay"][hero(s, "b", "gimli")]["exhausted"]


def test_king_spider_shadow_exhausts_one_character_or_two_if_undefended():
    s = no_shadows()
    ar, th, gl = (hero(s, "a", x) for x in LEAD)
    s, _ = shadow_attack(s, "forest_spider", "king_spider", defender=ar)
    assert decision(s) == ("choose", "exhaust_character") and set(s["decision"]["options"]) == {th, gl}
    s = choose(s, th)
    assert s["inplay"][th]["exhausted"] and decision(s)[1] != "exhaust_character"
    s = no_shadows()
    s, _e = shadow_attack(s, "forest_spider", "king_spider")
    s = choose(s, hero(s, "a", "theodred"))
    assert decision(s) == ("choose", "exhaust_character")  # a second one: the attack is undefended
    s = choose(s, hero(s, "a", "gloin"))
    assert [s["inplay"][h]["exhausted"] for h in s["players"]["a"]["heroes"]] == [False, True, True]


def test_hummerhorns_deal_five_damage_to_a_hero_of_the_player_they_engage():
    s = table(LEAD)
    h = place_encounter(s, "hummerhorns")
    gl = hero(s, "a", "gloin")
    s = until(s, lambda s: decision(s) == ("choose", "optional_engage"))
    s = choose(s, h)
    assert decision(s) == ("choose", "damage_hero")
    s = choose(s, gl)
    assert gl not in s["inplay"]  # 4 hit points


def test_hummerhorns_shadow_damages_each_character_of_the_defending_player():
    s = no_shadows()
    g = place_ally(s, "a", "guard_of_the_citadel")
    ar = hero(s, "a", "aragorn")
    s, _ = shadow_attack(s, "forest_spider", "hummerhorns", defender=ar)
    assert [s["inplay"][u]["dmg"] for u in s["players"]["a"]["heroes"][1:]] == [1, 1]
    assert s["inplay"][g]["dmg"] == 1
    s = no_shadows()
    s, _e = shadow_attack(s, "forest_spider", "hummerhorns")
    assert all(s["inplay"][u]["dmg"] >= 2 for u in s["players"]["a"]["heroes"])


def test_ungoliants_spawn_gives_committed_characters_minus_one_willpower():
    s = table(LEAD)
    ar, gl = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    s = reveal(s, "ungoliants_spawn", commit_=[ar, gl])
    assert stat(s, ar, "willpower") == 1 and stat(s, gl, "willpower") == 1
    assert stat(s, hero(s, "a", "theodred"), "willpower") == 1
    s = until(s, lambda s: events(s, "quest_resolved"))
    assert events(s, "quest_resolved")[-1]["willpower"] == 2
    s = until(s, lambda s: s["phase"] != "quest")
    assert stat(s, ar, "willpower") == 2


def test_ungoliants_spawn_shadow_raises_threat_by_four_or_eight():
    s = no_shadows()
    t0 = s["players"]["a"]["threat"]
    s, _ = shadow_attack(s, "forest_spider", "ungoliants_spawn", defender=hero(s, "a", "aragorn"))
    assert s["players"]["a"]["threat"] == t0 + 4
    s = no_shadows()
    s, _e = shadow_attack(s, "forest_spider", "ungoliants_spawn")
    assert s["players"]["a"]["threat"] == t0 + 8


def _travel(s, loc):
    s = until(s, lambda s: decision(s) == ("choose", "travel"))
    return choose(s, loc)


def test_great_forest_web_travel_exhausts_a_hero_of_each_player():
    s = table(players=2)
    web = place_encounter(s, "great_forest_web")
    s = _travel(s, web)
    s = choose(s, hero(s, "a", "aragorn"))
    s = choose(s, hero(s, "b", "legolas"))
    assert s["active"] == web
    assert s["inplay"][hero(s, "a", "aragorn")]["exhausted"] and s["inplay"][hero(s, "b", "legolas")]["exhausted"]


def test_great_forest_web_cannot_be_travelled_to_without_a_ready_hero():
    s = table(LEAD)
    place_encounter(s, "great_forest_web")
    s = until(s, lambda s: s["phase"] == "travel")
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["exhausted"] = True
    from engine.lcg.quest import travel_options
    assert travel_options(s) == []


def test_mountains_of_mirkwood_travel_reveals_a_card_and_exploring_it_searches_five():
    s = table(LEAD)
    m = place_encounter(s, "mountains_of_mirkwood")
    on_top(s, "forest_gate", "old_forest_road")   # the Gate is revealed in the quest phase, the Road by travel
    s = until(s, lambda s: decision(s) == ("choose", "travel"))
    s = choose(s, m)
    assert s["active"] == m and [s["ids"][u] for u in s["staging"]] == ["forest_gate", "old_forest_road"]
    top = deck_top(s, "a", "gandalf", "beorn", "feint", "faramir", "gleowine")
    from engine.lcg.board import progress_location
    s = run_now(s, lambda s: progress_location(s, m, 3))
    assert decision(s) == ("choose", "card_to_hand") and s["decision"]["options"] == top
    assert R.view(s, "a")["decision"]["cards"] == dict(zip(top, ["gandalf", "beorn", "feint", "faramir", "gleowine"]))
    s = choose(s, top[1])
    deck = s["players"]["a"]["deck"]
    assert top[1] in s["players"]["a"]["hand"] and top[1] not in deck and len(deck) == 61 - 1
    # the other searched cards are shuffled back into the deck, not left on top
    assert set(top) - {top[1]} <= set(deck) and set(deck[-4:]) != set(top) - {top[1]}


def test_eyes_of_the_forest_discards_every_event_in_hand():
    s = table(LEAD)
    ev, al = to_hand(s, "a", "for_gondor"), to_hand(s, "a", "faramir")
    s = reveal(s, "eyes_of_the_forest", commit_=[hero(s, "a", "aragorn")])
    assert s["players"]["a"]["hand"] == [al] and ev in s["players"]["a"]["discard"]


def test_caught_in_a_web_attaches_to_a_hero_of_the_highest_threat_player():
    s = table({"a": LEAD, "b": ["gimli", "legolas", "beravor"]})
    assert s["players"]["b"]["threat"] > s["players"]["a"]["threat"]
    s = reveal(s, "caught_in_a_web", commit_=[hero(s, "a", "aragorn")])
    s = until(s, lambda s: decision(s)[0] != "commit")
    assert decision(s) == ("choose", "attach_to") and s["decision"]["player"] == "b"
    gi = hero(s, "b", "gimli")
    s = choose(s, gi)
    web = next(u for u in s["inplay"] if s["ids"][u] == "caught_in_a_web")
    assert s["inplay"][gi]["att"] == [web]


def test_caught_in_a_web_hero_readies_if_two_resources_are_paid():
    s = table(LEAD)
    ar = hero(s, "a", "aragorn")
    place_attachment(s, None, "caught_in_a_web", ar)
    res(s, ar, 3)
    s["inplay"][ar]["exhausted"] = True
    s = until(s, lambda s: decision(s) == ("choose", "caught_in_a_web"))
    s = choose(s, ar)
    assert not s["inplay"][ar]["exhausted"] and s["inplay"][ar]["res"] == 1  # refresh comes before the next resources


# ---- Dol Guldur Orcs --------------------------------------------------------------------------------

def test_dol_guldur_orcs_deal_two_damage_to_a_committed_character():
    s = table(LEAD)
    ar, gl = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    s = reveal(s, "dol_guldur_orcs", commit_=[ar, gl])
    assert decision(s) == ("choose", "damage_character") and set(s["decision"]["options"]) == {ar, gl}
    s = choose(s, ar)
    assert s["inplay"][ar]["dmg"] == 2


def test_dol_guldur_orcs_shadow_adds_one_attack_or_three_if_undefended():
    s = no_shadows()
    ar = hero(s, "a", "aragorn")
    s, _ = shadow_attack(s, "forest_spider", "dol_guldur_orcs", defender=ar)
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 2 + 1  # printed 2 (placed engaged: no engagement bonus), +1
    s = no_shadows()
    s, _e = shadow_attack(s, "forest_spider", "dol_guldur_orcs")
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 2 + 3


def test_chieftain_ufthak_gains_a_resource_when_chosen_to_attack_and_two_attack_per_resource():
    """Rulebook FAQ: his forced effect resolves as soon as he is chosen to attack, so it counts at once."""
    s = table(LEAD)
    u = place_encounter(s, "chieftain_ufthak", "a")
    assert stat(s, u, "attack") == 3
    s = until(s, at("defend"))
    assert s["inplay"][u]["res"] == 1 and stat(s, u, "attack") == 5
    s = step(s, {"type": "defend", "card": hero(s, "a", "gloin")})
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 5


def test_dol_guldur_beastmaster_gets_one_more_shadow_card_when_it_attacks():
    s = table(LEAD, shadows=True)
    b = place_encounter(s, "dol_guldur_beastmaster", "a")
    s = until(s, at_window("encounter"))
    on_top(s, "old_forest_road", "forest_gate")
    s = until(s, at("defend"))
    assert len(s["inplay"][b]["shadow"]) == 2 and len(events(s, "shadow_dealt")) == 2


def test_driven_by_shadow_gives_the_staging_area_plus_one_threat_this_phase():
    s = table(LEAD)
    place_encounter(s, "forest_gate")
    place_encounter(s, "king_spider")
    s = reveal(s, "driven_by_shadow", commit_=[hero(s, "a", "aragorn")])
    s = until(s, at_window("quest"))
    assert staging_threat(s) == 2 + 2 + 2
    s = until(s, lambda s: s["phase"] == "travel")
    assert staging_threat(s) == 4


def test_driven_by_shadow_surges_when_the_staging_area_is_empty():
    s = table(LEAD)
    s = reveal(s, "driven_by_shadow", "forest_gate", commit_=[hero(s, "a", "aragorn")])
    assert events(s, "surge") and [s["ids"][u] for u in s["staging"]] == ["forest_gate"]


def stone_and_axe():
    """No shadow cards dealt; Aragorn wears Celebrían's Stone, Glóin a Dwarven Axe: (state, Aragorn, the
    stone, the axe)."""
    s = no_shadows()
    ar, gl = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    stone = place_attachment(s, "a", "celebrians_stone", ar)
    return s, ar, stone, place_attachment(s, "a", "dwarven_axe", gl)


def test_driven_by_shadow_shadow_discards_an_attachment_from_the_defender_or_all_if_undefended():
    s, ar, stone, axe = stone_and_axe()
    s, _ = shadow_attack(s, "forest_spider", "driven_by_shadow", defender=ar)
    assert stone not in s["inplay"] and axe in s["inplay"]
    s, ar, stone, axe = stone_and_axe()
    s, _e = shadow_attack(s, "forest_spider", "driven_by_shadow")
    assert stone not in s["inplay"] and axe not in s["inplay"]


def test_the_necromancers_reach_damages_each_exhausted_character():
    s = table(LEAD)
    ar, th, gl = (hero(s, "a", x) for x in LEAD)
    s = reveal(s, "the_necromancers_reach", commit_=[ar, th])
    assert (s["inplay"][ar]["dmg"], s["inplay"][th]["dmg"], s["inplay"][gl]["dmg"]) == (1, 1, 0)


def test_necromancers_pass_travel_discards_two_random_cards_of_the_first_player():
    s = table(LEAD)
    p = place_encounter(s, "necromancers_pass")
    s = until(s, lambda s: events(s, "phase") and events(s, "phase")[-1]["phase"] == "encounter")
    assert s["active"] is None and p in s["staging"]  # an empty hand cannot pay: no travel offered
    s = table(LEAD)
    p = place_encounter(s, "necromancers_pass")
    cards = [to_hand(s, "a", c) for c in ("faramir", "feint", "gandalf")]
    s = _travel(s, p)
    assert s["active"] == p and len(s["players"]["a"]["hand"]) == 1
    assert len([u for u in s["players"]["a"]["discard"] if u in cards]) == 2


# ---- Passage Through Mirkwood -----------------------------------------------------------------------

def test_enchanted_stream_stops_card_draw_while_active():
    s = table(LEAD)
    place_encounter(s, "enchanted_stream", "active")
    s = until(s, lambda s: s["round"] == 2 and s["phase"] == "planning")
    assert s["players"]["a"]["hand"] == [] and events(s, "no_draw")


def test_forest_spider_gets_plus_one_attack_after_engaging_until_the_end_of_the_round():
    s = table(LEAD)
    sp = place_encounter(s, "forest_spider")
    s = until(s, lambda s: decision(s) == ("choose", "optional_engage"))
    s = choose(s, sp)
    assert stat(s, sp, "attack") == 3
    s = until(s, lambda s: s["round"] == 2)
    assert stat(s, sp, "attack") == 2


def test_forest_spider_shadow_discards_an_attachment_the_defending_player_controls():
    s, ar, stone, axe = stone_and_axe()
    s, _e = shadow_attack(s, "king_spider", "forest_spider", defender=ar)
    assert decision(s) == ("choose", "discard_attachment") and set(s["decision"]["options"]) == {stone, axe}
    s = choose(s, axe)
    assert axe not in s["inplay"] and stone in s["inplay"]


def test_east_bight_patrol_shadow_adds_one_attack_and_three_threat_if_undefended():
    s = no_shadows()
    t0 = s["players"]["a"]["threat"]
    s, _ = shadow_attack(s, "king_spider", "east_bight_patrol", defender=hero(s, "a", "aragorn"))
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 4 and s["players"]["a"]["threat"] == t0
    s = no_shadows()
    s, _e = shadow_attack(s, "king_spider", "east_bight_patrol")
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 4 and s["players"]["a"]["threat"] == t0 + 3


def test_black_forest_bats_remove_a_committed_character_from_the_quest():
    s = table(LEAD)
    ar, gl = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    s = reveal(s, "black_forest_bats", commit_=[ar, gl])
    s = choose(s, gl)
    assert s["committed"] == [ar] and s["inplay"][gl]["exhausted"]
    s = until(s, lambda s: events(s, "quest_resolved"))
    assert events(s, "quest_resolved")[-1]["willpower"] == 2


def test_old_forest_road_lets_the_first_player_ready_a_character_after_travelling():
    s = table(LEAD)
    road = place_encounter(s, "old_forest_road")
    ar = hero(s, "a", "aragorn")
    s = commit(s, ar)
    s = _travel(s, road)
    assert decision(s) == ("choose", "ready_character") and s["decision"]["optional"]
    s = choose(s, ar)
    assert not s["inplay"][ar]["exhausted"]


def test_forest_gate_lets_the_first_player_draw_two_after_travelling():
    s = table(LEAD)
    gate = place_encounter(s, "forest_gate")
    s = _travel(s, gate)
    s = choose(s, "draw")
    assert len(s["players"]["a"]["hand"]) == 2


# ---- quest cards ------------------------------------------------------------------------------------

def test_flies_and_spiders_needs_eight_progress_then_a_fork_in_the_road():
    s = table(LEAD)
    assert s["quest"]["id"] == "flies_and_spiders"
    from engine.lcg.board import progress_quest
    s = run_now(s, lambda s: progress_quest(s, 7))
    assert s["quest"]["stage"] == 1
    s = run_now(s, lambda s: progress_quest(s, 1))
    assert s["quest"]["id"] == "a_fork_in_the_road" and s["quest"]["prog"] == 0


def test_a_fork_in_the_road_leads_to_either_chosen_path_at_random():
    from engine.lcg.board import progress_quest
    seen = set()
    for seed in range(1, 12):
        s = table(LEAD, seed=seed)
        s = run_now(s, lambda s: progress_quest(s, 8))
        s = run_now(s, lambda s: progress_quest(s, 2))
        s = until(s, lambda s: decision(s)[0] == "window")
        assert s["quest"]["stage"] == 3 and s["qdeck"] == [] and len(s["qdiscard"]) == 1
        seen.add(s["quest"]["id"])
    assert seen == {"a_chosen_path_dont_leave_the_path", "a_chosen_path_beorns_path"}


def _to_stage_3(s, which):
    from engine.lcg.quest import advance
    s["qdeck"] = [u for u in s["qdeck"] if s["ids"][u] in (which, "a_fork_in_the_road")]
    return run_now(s, lambda s: (advance(s), advance(s)))


def test_dont_leave_the_path_each_player_adds_a_spider_to_the_staging_area():
    s = table(players=2, encounter=True)
    s = _to_stage_3(s, "a_chosen_path_dont_leave_the_path")
    assert decision(s) == ("choose", "spider_search") and s["decision"]["player"] == "a"
    assert set(s["decision"]["options"]) == {"king_spider", "forest_spider", "ungoliants_spawn"}
    s = choose(s, "ungoliants_spawn")
    s = choose(s, "king_spider")
    assert sorted(s["ids"][u] for u in s["staging"]) == ["king_spider", "ungoliants_spawn"]


def test_dont_leave_the_path_cannot_be_won_by_progress():
    from engine.lcg.board import progress_quest
    s = table(LEAD)
    s = _to_stage_3(s, "a_chosen_path_dont_leave_the_path")
    s = until(s, lambda s: decision(s)[0] == "window")
    s = run_now(s, lambda s: progress_quest(s, 20))
    assert R.result(s) is None


def test_beorns_path_cannot_be_defeated_while_ungoliants_spawn_is_in_play():
    from engine.lcg.board import progress_quest
    s = table(LEAD)
    s = _to_stage_3(s, "a_chosen_path_beorns_path")
    spawn = place_encounter(s, "ungoliants_spawn", "a")
    s = run_now(s, lambda s: progress_quest(s, 10))
    assert R.result(s) is None and s["quest"]["prog"] == 10
    from engine.lcg.board import deal_damage
    s = run_now(s, lambda s: deal_damage(s, spawn, 9))
    assert R.result(s) and R.result(s)["reason"] == "quest_complete"
