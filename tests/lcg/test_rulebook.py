"""The rulebook's worked examples (quest resolution, progress, engagement checks, defending, attacking,
scoring; the payment example is in test_cards.py) and turn-sequence rules not tested elsewhere."""
import random

import pytest

from engine import IllegalAction
from engine.lcg.board import deal_damage, progress_quest, raise_threat
from engine.lcg.quest import advance, place_progress
from engine.lcg.stats import stat
from tests.lcg.helpers import (
    R,
    activate,
    acts,
    all_player_cards,
    at,
    at_window,
    choose,
    decision,
    deck,
    events,
    hero,
    on_top,
    past,
    place_ally,
    place_attachment,
    place_encounter,
    random_play,
    res,
    run_now,
    step,
    table,
    to_hand,
    until,
)

LEAD = ["aragorn", "theodred", "gloin"]
SPI = ["eowyn", "eleanor", "dunhere"]


def test_rulebook_quest_resolution_example_eowyn_breaks_a_seven_to_seven_tie():
    # Olivier commits Éowyn (4); Tiphanie Aragorn (2) and a Guard of the Citadel (1). A 3-threat location
    # is in the staging area (Necromancer's Pass for the rulebook's Champs d'Iris); staging reveals an
    # East Bight Patrol (3) and Hummerhorns (1): 7 against 7, until Éowyn discards a card for +1.
    s = table({"o": SPI, "t": LEAD})
    ew, ar = hero(s, "o", "eowyn"), hero(s, "t", "aragorn")
    guard = place_ally(s, "t", "guard_of_the_citadel")
    place_encounter(s, "necromancers_pass")
    on_top(s, "east_bight_patrol", "hummerhorns")
    to_hand(s, "o", "faramir")
    s = until(s, at("commit"))
    s = step(s, {"type": "commit", "card": ew})
    s = step(s, {"type": "done"})
    s = step(s, {"type": "commit", "card": ar})
    s = step(s, {"type": "commit", "card": guard})
    s = step(s, {"type": "done"})
    s = until(s, at_window("quest"))
    assert sorted(s["ids"][u] for u in s["staging"]) == ["east_bight_patrol", "hummerhorns", "necromancers_pass"]
    s = activate(s, ew, "o")  # discards the only card in hand
    s = step(s, {"type": "pass"}, "o")
    s = step(s, {"type": "pass"}, "t")
    assert events(s, "quest_resolved")[-1] == {**events(s, "quest_resolved")[-1], "willpower": 8, "threat": 7}
    assert s["quest"]["prog"] == 1


def test_rulebook_progress_example_enchanted_stream_explored_then_the_quest():
    s = table(LEAD)
    stream = place_encounter(s, "enchanted_stream", "active")
    s = run_now(s, lambda s: place_progress(s, 3))
    assert stream not in s["inplay"] and s["active"] is None and s["quest"]["prog"] == 1
    assert events(s, "explored")[-1]["card"] == stream


def test_rulebook_engagement_checks_example():
    s = table({"o": LEAD, "t": SPI})
    ks, fs, us, hh = (place_encounter(s, c) for c in ("king_spider", "forest_spider", "ungoliants_spawn",
                                                          "hummerhorns"))
    s = until(s, lambda s: decision(s) == ("choose", "optional_engage"))  # both decline
    s["players"]["o"]["threat"], s["players"]["t"]["threat"] = 24, 35
    s = until(s, at_window("encounter"))
    assert s["players"]["o"]["engaged"] == [ks]
    assert s["players"]["t"]["engaged"] == [us, fs]
    assert s["staging"] == [hh]


def test_rulebook_defense_example_silverlode_archer_and_an_undefended_forest_spider():
    s = table({"t": LEAD}, shadows=True)
    ar = hero(s, "t", "aragorn")
    archer = place_ally(s, "t", "silverlode_archer")
    spider = place_encounter(s, "forest_spider", "t")
    spawn = place_encounter(s, "ungoliants_spawn", "t")
    s = until(s, at_window("encounter"))
    patrol, stream = on_top(s, "east_bight_patrol", "enchanted_stream")
    s = step(s, {"type": "pass"})
    # shadow cards are dealt highest engagement cost first: the Spawn (32) then the Spider (25)
    assert s["inplay"][spawn]["shadow"] == [patrol] and s["inplay"][spider]["shadow"] == [stream]
    s = until(s, lambda s: decision(s) == ("choose", "next_attack"))
    s = choose(s, spawn)
    s = step(s, {"type": "defend", "card": archer})
    s = until(s, lambda s: events(s, "attack"))
    assert events(s, "attack")[-1]["strength"] == 6 and archer not in s["inplay"]
    assert archer in s["players"]["t"]["discard"]
    s = until(s, at("defend"))
    s = past(step(s, {"type": "no_defender"}), "defense")
    assert decision(s) == ("choose", "undefended_damage")
    assert set(s["decision"]["options"]) == set(s["players"]["t"]["heroes"])  # never an ally
    s = choose(s, ar)
    assert stat(s, ar, "hit_points") - s["inplay"][ar]["dmg"] == 3


def test_rulebook_attack_example_glorfindel_then_legolas_and_the_spearman():
    s = table({"o": ["glorfindel", "legolas", "denethor"]})
    gl, le = hero(s, "o", "glorfindel"), hero(s, "o", "legolas")
    sp = place_ally(s, "o", "gondorian_spearman")
    orcs = place_encounter(s, "dol_guldur_orcs", "o")
    beast = place_encounter(s, "dol_guldur_beastmaster", "o")
    s = until(s, at_window("combat"))
    s["lasting"].append({"until": "phase", "flag": "no_attacks", "player": "o"})  # the example starts at
    s = until(s, at("attack"))                                                    # the players' attacks
    s = step(s, {"type": "attack", "enemy": orcs})
    s = step(s, {"type": "attacker", "card": gl})
    s = step(s, {"type": "resolve"}) if decision(s)[0] == "attackers" else s
    assert orcs not in s["inplay"] and orcs in s["ediscard"]  # no victory points: the encounter discard
    while decision(s)[0] == "respond":
        s = step(s, {"type": "decline"})
    assert {"type": "attack", "enemy": orcs} not in acts(s)
    s = step(s, {"type": "attack", "enemy": beast})
    s = step(s, {"type": "attacker", "card": le})
    s = step(s, {"type": "attacker", "card": sp})
    s = step(s, {"type": "resolve"}) if decision(s)[0] == "attackers" else s
    a = events(s, "player_attack")[-1]
    assert (a["strength"], a["damage"]) == (4, 3) and stat(s, beast, "hit_points") - s["inplay"][beast]["dmg"] == 2


def test_rulebook_score_example_is_fifty_two():
    s = table(LEAD)
    th, ar, gl = hero(s, "a", "theodred"), hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    s = run_now(s, lambda s: deal_damage(s, th, 4))  # a dead hero of threat cost 8
    s["inplay"][ar]["dmg"], s["inplay"][gl]["dmg"] = 4, 2
    hh = place_encounter(s, "hummerhorns")
    s = run_now(s, lambda s: deal_damage(s, hh, 3))  # 5 victory points
    s["players"]["a"]["threat"] = 43
    s["qdeck"] = [u for u in s["qdeck"] if s["ids"][u] in ("a_fork_in_the_road", "a_chosen_path_beorns_path")]
    s = run_now(s, lambda s: (advance(s), advance(s), progress_quest(s, 10)))
    r = R.result(s)
    assert r["outcome"] == "won" and r["score"] == 52 and r["victory_points"] == 5


# ---- turn sequence and rules ------------------------------------------------------------------------

def test_allies_and_attachments_are_played_only_in_the_planning_phase():
    s = table(LEAD)
    res(s, hero(s, "a", "aragorn"), 5)
    f = to_hand(s, "a", "faramir")
    s = until(s, at_window("quest"))
    with pytest.raises(IllegalAction) as e:
        R.apply(s, "a", {"type": "play", "card": f, "pay": {hero(s, "a", "aragorn"): 4}})
    assert e.value.code == "not_now"


def test_a_unique_card_cannot_enter_play_while_a_copy_is_in_play():
    s = table(players=2)
    place_ally(s, "b", "faramir")
    f = to_hand(s, "a", "faramir")
    res(s, hero(s, "a", "aragorn"), 4)
    assert not any(a.get("card") == f for a in acts(s))


def test_players_travel_only_when_there_is_no_active_location():
    s = table(LEAD)
    place_encounter(s, "forest_gate", "active")
    place_encounter(s, "old_forest_road")
    s = until(s, lambda s: s["phase"] in ("encounter", "combat") or decision(s) == ("choose", "travel"))
    assert decision(s) != ("choose", "travel") and not events(s, "traveled")


def test_a_failed_quest_raises_each_players_threat_by_the_difference():
    s = table(players=2)
    place_encounter(s, "necromancers_pass")
    t0 = {p: s["players"][p]["threat"] for p in "ab"}
    s = until(s, lambda s: events(s, "quest_resolved"))
    assert all(s["players"][p]["threat"] == t0[p] + 3 for p in "ab")


def test_each_enemy_may_be_attacked_once_per_player_per_combat_phase():
    s = table(LEAD)
    sp = place_encounter(s, "chieftain_ufthak", "a")  # 3 defense: Glóin's attack leaves it in play
    s = until(s, at("defend"))
    s = step(s, {"type": "defend", "card": hero(s, "a", "aragorn")})
    s = until(s, at("attack"))
    s = step(s, {"type": "attack", "enemy": sp})
    s = step(s, {"type": "attacker", "card": hero(s, "a", "gloin")})
    s = step(s, {"type": "resolve"}) if decision(s)[0] == "attackers" else s
    assert decision(s)[0] != "attack"  # Théodred is still ready, but Ufthak was attacked


def test_shadow_cards_are_discarded_at_the_end_of_the_combat_phase():
    s = table(LEAD, shadows=True)
    sp = place_encounter(s, "forest_spider", "a")
    s = until(s, at_window("encounter"))
    shadow = on_top(s, "forest_gate")[0]
    s = until(s, at_window("combat_end"))
    assert s["inplay"][sp]["shadow"] == [shadow]
    s = until(s, lambda s: s["phase"] == "refresh")
    assert s["inplay"][sp]["shadow"] == [] and shadow in s["ediscard"]


def test_an_empty_encounter_deck_is_reshuffled_from_its_discard_pile_during_staging():
    s = table(LEAD)
    on_top(s, "forest_gate")
    s["ediscard"] = [s["edeck"].pop()]
    s = until(s, lambda s: events(s, "revealed"))
    assert events(s, "encounter_reshuffled") and [s["ids"][u] for u in s["staging"]] == ["forest_gate"]


def test_a_character_whose_hit_points_drop_below_its_damage_is_destroyed():
    s = table(LEAD, shadows=True)
    ar = hero(s, "a", "aragorn")
    place_attachment(s, "a", "citadel_plate", ar)
    s["inplay"][ar]["dmg"] = 6
    place_encounter(s, "forest_spider", "a")
    s = until(s, at_window("encounter"))
    on_top(s, "driven_by_shadow")  # shadow: discard all attachments of an undefended player
    s = until(s, at("defend"))
    s = past(step(s, {"type": "no_defender"}), "defense")
    assert ar not in s["inplay"] and ar in s["players"]["a"]["dead"]


def test_an_eliminated_first_player_passes_the_token_to_the_next_player():
    s = table(players=3)
    assert s["first"] == "a"
    s = run_now(s, lambda s: raise_threat(s, "a", 50))
    assert s["players"]["a"]["out"] and s["first"] == "b" and s["decision"]["player"] == "b"


def test_responses_are_offered_in_turn_order_from_the_first_player():
    s = table({"a": LEAD, "b": SPI})
    va = to_hand(s, "a", "valiant_sacrifice")
    res(s, hero(s, "a", "aragorn"), 1)
    tw = place_ally(s, "b", "wandering_took")
    s["first"] = "b"
    s = run_now(s, lambda s: deal_damage(s, tw, 2))
    assert decision(s)[0] == "respond" and s["decision"]["player"] == "a"  # b holds no response
    s = step(s, {"type": "respond", "card": va, "pay": {hero(s, "a", "aragorn"): 1}})
    assert len(s["players"]["b"]["hand"]) == 2  # the ally's controller draws


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_play_with_every_player_card_in_every_deck_always_ends(n):
    heroes = [LEAD, ["gimli", "legolas", "thalin"], SPI, ["denethor", "glorfindel", "beravor"]]
    players = [f"p{i}" for i in range(n)]
    decks = {p: deck(heroes[i], all_player_cards()) for i, p in enumerate(players)}
    for seed in range(2):
        s = R.new_game(players, {"decks": decks}, 100 * n + seed)
        s, steps = random_play(s, random.Random(seed), max_steps=6000, pass_bias=0.5)
        assert R.result(s) is not None, steps
