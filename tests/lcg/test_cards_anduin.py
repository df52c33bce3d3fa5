"""Journey Down the Anduin: each quest stage and each encounter card of the scenario that Passage Through
Mirkwood does not already have (when revealed, forced, travel, shadow, keywords)."""
from engine.lcg.board import deal_damage, destroy, leave_play
from engine.lcg.flow import push
from engine.lcg.quest import advance
from engine.lcg.stats import stat
from tests.lcg.helpers import (
    R,
    at,
    at_window,
    choose,
    decision,
    events,
    hero,
    on_top,
    past,
    place_ally,
    place_encounter,
    run_now,
    shadow_attack,
    step,
    table,
    to_hand,
    until,
)
from tests.lcg.test_cards_mirkwood import commit, reveal

LEAD = ["aragorn", "theodred", "gloin"]   # threat 29
SCEN = {"scenario": "journey_down_the_anduin"}


def anduin(players=1, shadows=False):
    heroes = LEAD if players == 1 else None
    return table(heroes, players=players, shadows=shadows, **SCEN)


def to_stage(s, qid):
    """Go straight to the quest stage `qid` (its When Revealed runs)."""
    s["qdeck"] = [u for u in s["qdeck"] if s["ids"][u] == qid]
    return run_now(s, lambda x: advance(x))


# ---- quest stages ----------------------------------------------------------------------------------

def test_to_the_river_setup_each_player_reveals_a_card_and_a_hill_troll_comes_out():
    s = R.new_game(["a", "b"], {**SCEN, "first_player": "a"}, 3)
    s = until(s, at_window("planning"))
    assert len(events(s, "revealed")) >= 2                      # one per player (more with surge)
    assert [s["ids"][u] for u in s["staging"]].count("hill_troll") == 1
    assert s["quest"]["id"] == "to_the_river"


def test_to_the_river_cannot_be_defeated_while_a_hill_troll_is_in_play():
    s = anduin()
    troll = place_encounter(s, "hill_troll")
    s["quest"]["prog"] = 9
    s = run_now(s, lambda x: push(x, "check_quest"))
    assert s["quest"]["id"] == "to_the_river"
    s = run_now(s, lambda x: destroy(x, troll))
    s = run_now(s, lambda x: push(x, "check_quest"))
    assert s["quest"]["id"] == "anduin_passage"


def test_anduin_passage_reveals_one_more_card_and_skips_engagement_checks():
    s = to_stage(anduin(), "anduin_passage")
    wolf = place_encounter(s, "wolf_rider")               # engagement 10: an engagement check would take it
    a, b = on_top(s, "the_brown_lands", "gladden_fields")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert a in s["staging"] and b in s["staging"]        # 1 player, 2 cards
    s = until(s, lambda x: x["phase"] == "combat")
    assert wolf in s["staging"] and not events(s, "engaged")


def test_ambush_on_the_shore_reveals_two_per_player_skips_staging_and_is_won_with_no_enemy_left():
    s = anduin()
    on_top(s, "goblin_sniper", "marsh_adder", "the_brown_lands")
    s = to_stage(s, "ambush_on_the_shore")
    ids = sorted(s["ids"][u] for u in s["staging"])
    assert ids == ["goblin_sniper", "marsh_adder"] and R.result(s) is None
    s = commit(s)
    s = until(s, at_window("quest"))
    assert not events(s, "revealed", since=len(s["log"]) - 30) or len(s["staging"]) == 2
    sniper, adder = s["staging"]
    s = run_now(s, lambda x: destroy(x, sniper))
    assert R.result(s) is None
    s = run_now(s, lambda x: destroy(x, adder))
    assert R.result(s)["outcome"] == "won" and R.result(s)["reason"] == "no_enemies_left"


# ---- locations -------------------------------------------------------------------------------------

def test_banks_of_the_anduin_goes_back_on_top_of_the_encounter_deck_when_it_leaves_play():
    s = anduin()
    banks = place_encounter(s, "banks_of_the_anduin", "active")
    leave_play(s, banks)
    assert s["edeck"][-1] == banks and banks not in s["ediscard"]


def test_the_east_bight_must_be_travelled_to():
    s = anduin()
    bight = place_encounter(s, "the_east_bight")
    place_encounter(s, "gladden_fields")
    s = until(s, lambda x: decision(x) == ("choose", "travel"))
    assert s["decision"]["options"] == [bight] and not s["decision"]["optional"]


def test_gladden_fields_active_raises_each_threat_by_one_more_in_refresh():
    s = anduin()
    place_encounter(s, "gladden_fields", "active")
    t0 = s["players"]["a"]["threat"]
    s = until(s, at_window("refresh"))
    assert s["players"]["a"]["threat"] == t0 + 2          # the usual 1, and 1 more


def test_the_brown_lands_gets_one_progress_when_travelled_to():
    s = anduin()
    lands = place_encounter(s, "the_brown_lands")
    s = until(s, lambda x: decision(x) == ("choose", "travel"))
    s = choose(s, lands)
    assert lands not in s["inplay"] and events(s, "explored")[-1]["card"] == lands   # 1 quest point


# ---- enemies ---------------------------------------------------------------------------------------

def test_eastern_crows_are_shuffled_back_into_the_encounter_deck_when_defeated():
    s = anduin()
    crows = place_encounter(s, "eastern_crows", "a")
    s = run_now(s, lambda x: deal_damage(x, crows, 1))
    assert crows in s["edeck"] and crows not in s["ediscard"] and crows not in s["victory"]


def test_eastern_crows_shadow_adds_one_attack_or_two_at_high_threat():
    s = anduin(shadows=True)
    s, _ = shadow_attack(s, "misty_mountain_goblins", "eastern_crows")
    assert events(s, "attack_bonus")[-1]["amount"] == 1
    s = anduin(shadows=True)
    s["players"]["a"]["threat"] = 36
    s, _ = shadow_attack(s, "misty_mountain_goblins", "eastern_crows")
    assert events(s, "attack_bonus")[-1]["amount"] == 2


def test_goblin_sniper_cannot_be_engaged_optionally_beside_another_enemy_and_hurts_from_the_staging_area():
    s = anduin()
    sniper = place_encounter(s, "goblin_sniper")
    other = place_encounter(s, "misty_mountain_goblins")
    s["players"]["a"]["threat"] = 10                      # no engagement check takes them
    s = until(s, lambda x: decision(x) == ("choose", "optional_engage"))
    assert s["decision"]["options"] == [other]
    s = step(s, {"type": "decline"})
    s = until(s, lambda x: decision(x) == ("choose", "damage_character") or x["phase"] == "refresh")
    assert decision(s) == ("choose", "damage_character") and sniper in s["staging"]
    gl = hero(s, "a", "gloin")
    s = choose(s, gl)
    assert s["inplay"][gl]["dmg"] == 1


def test_hill_troll_excess_combat_damage_raises_the_defending_players_threat():
    s = anduin()
    place_encounter(s, "hill_troll", "a")
    gl = hero(s, "a", "gloin")                             # 1 defense, 4 hit points: 5 damage, 1 too many
    t0 = s["players"]["a"]["threat"]
    s = until(s, at("defend"))
    s = past(step(s, {"type": "defend", "card": gl}), "defense")
    s = until(s, lambda x: events(x, "attack"))
    assert gl not in s["inplay"] and s["players"]["a"]["threat"] == t0 + 1


def test_marsh_adder_raises_the_threat_of_the_player_it_attacks():
    s = anduin()
    place_encounter(s, "marsh_adder", "a")
    s = until(s, at_window("combat"))
    t0 = s["players"]["a"]["threat"]
    s = until(s, at("defend"))
    assert s["players"]["a"]["threat"] == t0 + 1


def test_misty_mountain_goblins_remove_progress_from_the_quest_card_only():
    s = anduin()
    place_encounter(s, "misty_mountain_goblins", "a")
    loc = place_encounter(s, "the_east_bight", "active")
    s = until(s, at_window("combat"))
    s["quest"]["prog"], s["inplay"][loc]["prog"] = 2, 2
    s = until(s, lambda x: x["phase"] == "refresh")
    assert s["quest"]["prog"] == 1 and s["inplay"][loc]["prog"] == 2


def test_misty_mountain_goblins_shadow_removes_one_progress_or_three_if_undefended():
    s = anduin(shadows=True)
    s["quest"]["prog"] = 5
    s, _ = shadow_attack(s, "wargs", "misty_mountain_goblins", defender=None)
    assert s["quest"]["prog"] == 2


def test_wargs_return_to_the_staging_area_after_attacking_with_a_blank_shadow_card():
    s = anduin(shadows=True)
    s, wargs = shadow_attack(s, "wargs", "the_brown_lands", defender=hero(anduin(), "a", "aragorn"))
    s = until(s, lambda x: events(x, "to_staging"))
    assert wargs in s["staging"]


def test_wargs_shadow_adds_one_attack_or_two_if_undefended():
    s = anduin(shadows=True)
    s, _ = shadow_attack(s, "misty_mountain_goblins", "wargs")
    assert events(s, "attack_bonus")[-1]["amount"] == 2


def test_wolf_rider_shadow_attacks_the_defending_player_then_goes_back_on_top():
    s = anduin(shadows=True)
    place_encounter(s, "misty_mountain_goblins", "a")
    s = until(s, at_window("encounter"))
    on_top(s, "wolf_rider", "the_brown_lands")          # the Brown Lands: the Wolf Rider's own shadow card
    s = past(step(until(s, at("defend")), {"type": "no_defender"}), "defense")
    wolf = next(u for u in s["players"]["a"]["engaged"] if s["ids"][u] == "wolf_rider")
    assert s["inplay"][wolf]["shadow"]                     # its own shadow card
    s = until(s, lambda x: events(x, "enemy_attacks") and events(x, "enemy_attacks")[-1]["enemy"] == wolf)
    s = until(s, lambda x: x["phase"] == "refresh")
    assert s["edeck"][-1] == wolf and wolf not in s["inplay"]


# ---- treacheries -----------------------------------------------------------------------------------

def test_despair_removes_four_progress_from_the_quest():
    s = anduin()
    s["quest"]["prog"] = 6
    s = reveal(s, "despair")
    s = until(s, lambda x: events(x, "revealed"))
    assert s["quest"]["prog"] == 2


def test_despair_shadow_the_defense_does_not_count():
    s = anduin(shadows=True)
    ar = hero(s, "a", "aragorn")
    s, _ = shadow_attack(s, "misty_mountain_goblins", "despair", defender=ar)
    s = until(s, lambda x: events(x, "attack"))
    assert events(s, "attack")[-1]["defense"] == 0 and s["inplay"][ar]["dmg"] == 2


def test_evil_storm_damages_every_character_of_players_at_35_threat_or_more():
    s = anduin(players=2)
    s["players"]["a"]["threat"] = 35
    s = reveal(s, "evil_storm")
    s = until(s, lambda x: events(x, "revealed"))
    assert all(s["inplay"][u]["dmg"] == 1 for u in s["players"]["a"]["heroes"])
    assert all(s["inplay"][u]["dmg"] == 0 for u in s["players"]["b"]["heroes"])


def test_massing_at_night_reveals_one_more_card_per_player():
    s = anduin(players=2)
    on_top(s, "massing_at_night", "the_brown_lands", "gladden_fields", "the_east_bight", "banks_of_the_anduin")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert len(s["staging"]) == 3                          # 2 players: Massing + 1, then 2 more


def test_massing_at_night_shadow_deals_one_more_shadow_card_per_player():
    s = anduin(players=2, shadows=True)
    place_encounter(s, "misty_mountain_goblins", "a")
    s = until(s, at_window("encounter"))
    on_top(s, "massing_at_night", "the_brown_lands", "gladden_fields")
    s = past(step(until(s, at("defend")), {"type": "no_defender"}), "defense")
    assert len(events(s, "shadow_dealt")) == 3           # its own, then one per player


def test_pursued_by_shadow_raises_threat_for_each_character_not_committed():
    s = anduin()
    ar = hero(s, "a", "aragorn")
    t0 = s["players"]["a"]["threat"]
    s = reveal(s, "pursued_by_shadow", commit_=[ar])
    s = until(s, lambda x: events(x, "revealed"))
    assert s["players"]["a"]["threat"] == t0 + 2           # Théodred and Glóin stayed back


def test_pursued_by_shadow_shadow_returns_an_exhausted_ally_or_raises_threat_by_three():
    s = anduin(shadows=True)
    t0 = s["players"]["a"]["threat"]
    s, _ = shadow_attack(s, "misty_mountain_goblins", "pursued_by_shadow")
    assert s["players"]["a"]["threat"] == t0 + 3
    s = anduin(shadows=True)
    ally = place_ally(s, "a", "guard_of_the_citadel")
    s["inplay"][ally]["exhausted"] = True
    s, _ = shadow_attack(s, "misty_mountain_goblins", "pursued_by_shadow")
    assert ally in s["players"]["a"]["hand"]


def test_treacherous_fog_gives_locations_one_threat_and_makes_threatened_players_discard():
    s = anduin(players=2)
    loc = place_encounter(s, "the_east_bight")
    s["players"]["b"]["threat"] = 40
    s = until(s, at_window("planning"))
    a_hand = list(s["players"]["a"]["hand"])
    s["players"]["b"]["hand"] = []
    kept = to_hand(s, "b", "gandalf")
    on_top(s, "treacherous_fog", "the_brown_lands")
    s = commit(s)
    s = until(s, lambda x: events(x, "discarded"))
    assert stat(s, loc, "threat") == 2
    assert [e["card"] for e in events(s, "discarded")] == [kept] and s["players"]["a"]["hand"] == a_hand


def test_random_games_of_journey_down_the_anduin_end():
    """1 to 4 players, normal and easy: random play always reaches the end (this caught an enemy put
    twice into the staging area, engaged forever)."""
    import random

    from tests.lcg.helpers import random_play
    for players in (1, 2, 3, 4):
        for easy in (False, True):
            s = R.new_game(list("abcd"[:players]), {**SCEN, "easy": easy}, players * 10 + easy)
            s, _ = random_play(s, random.Random(players), max_steps=6000)
            assert R.result(s) is not None


def test_a_card_shuffled_back_as_it_is_revealed_is_not_revealed_again_in_the_same_phase():
    """Thalin destroys Eastern Crows as they are revealed; they are shuffled back and their surge reveals
    another card: with the Crows alone in the deck, the engine does not loop (docs/lcg.md ruling)."""
    s = table(["thalin", "gimli", "legolas"], **SCEN)
    crows = on_top(s, "eastern_crows")[0]
    thalin = hero(s, "a", "thalin")
    n = len(s["log"])
    s = commit(s, thalin)
    s = until(s, at_window("quest"))
    assert [e["card"] for e in events(s, "revealed", n)] == [crows] and events(s, "encounter_empty", n)
    assert s["edeck"] == [crows] and crows not in s["inplay"]
    s = until(s, lambda x: x["round"] == 2 and at_window("quest")(x))
    assert [e["card"] for e in events(s, "revealed", n)] == [crows, crows]   # a new phase: revealed again


def test_a_card_leaving_play_for_the_encounter_deck_says_so_in_its_left_play_event():
    """The left_play event names where the card went: Banks of the Anduin goes on top of the encounter deck, not to
    a discard pile (its `to_encounter_deck` event and its left_play agree)."""
    s = anduin()
    banks = place_encounter(s, "banks_of_the_anduin", "active")
    n = len(s["log"])
    run_now(s, lambda x: leave_play(x, banks, explored=True))
    left = [e for e in s["log"][n:] if e["type"] == "left_play" and e["card"] == banks]
    assert [e["to"] for e in left] == ["encounter_deck"] and s["edeck"][-1] == banks
