"""The round: resource phase, action windows, quest, travel, engagement, combat, refresh."""
import pytest

from engine.kernel import IllegalAction
from tests.lcg.helpers import (
    R,
    at,
    at_window,
    choose,
    events,
    game,
    hero,
    heroes_of,
    play,
    res,
    run_now,
    step,
    table,
    to_hand,
    uid_of,
    until,
)


def keep_all(s):
    return until(s, lambda s: s["decision"]["kind"] != "mulligan")


def test_resource_phase_gives_each_hero_one_resource_and_each_player_one_card():
    s = keep_all(game(("a", "b")))
    assert s["phase"] == "resource"
    assert all(s["inplay"][h]["res"] == 1 for p in "ab" for h in s["players"][p]["heroes"])
    assert [len(s["players"][p]["hand"]) for p in "ab"] == [7, 7]


def test_an_action_window_waits_for_every_player_at_once():
    s = keep_all(game(("a", "b", "c")))
    d = s["decision"]
    assert d["kind"] == "window" and d["name"] == "resource"
    assert R.waiting_for(s) == ["a", "b", "c"] == R.view(s, None)["decision"]["waiting_for"]
    for p in "abc":
        assert {"type": "pass"} in R.legal_actions(s, p)
    # any of them may answer first, not only the first player
    s = step(s, {"type": "pass"}, "c")
    assert R.waiting_for(s) == ["a", "b"] and s["decision"]["passed"] == ["c"]


def test_a_pass_closes_the_window_only_for_its_player_and_keeps_the_decision_id():
    s = keep_all(game(("a", "b")))
    did = R.view(s, None)["decision"]["id"]
    s = step(s, {"type": "pass"}, "b")
    assert s["phase"] == "resource" and s["decision"]["kind"] == "window"
    assert R.waiting_for(s) == ["a"] and R.legal_actions(s, "b") == []
    with pytest.raises(IllegalAction) as e:
        R.apply(s, "b", {"type": "pass"})
    assert e.value.code == "not_your_turn"
    assert R.view(s, None)["decision"]["id"] == did   # a's buttons are not stale
    assert [e["player"] for e in events(s, "passed")] == ["b"]


def test_the_window_closes_when_every_player_still_in_the_game_has_passed():
    s = keep_all(game(("a", "b", "c")))
    for p in ("b", "a", "c"):
        assert s["phase"] == "resource"
        s = step(s, {"type": "pass"}, p)
    assert s["phase"] == "planning" and R.waiting_for(s) == ["a", "b", "c"]


def test_an_action_resolves_then_reopens_the_window_for_those_who_passed():
    s = table(players=3)
    b_heroes = heroes_of(s, "b")
    res(s, b_heroes[0], 2)
    axe = to_hand(s, "b", "veteran_axehand")
    did = R.view(s, None)["decision"]["id"]
    s = step(s, {"type": "pass"}, "a")
    s = step(s, {"type": "pass"}, "c")
    assert R.waiting_for(s) == ["b"]
    s = play(s, axe, player="b")
    assert axe in s["players"]["b"]["allies"]
    d = s["decision"]
    assert d["kind"] == "window" and d["name"] == "planning" and d["passed"] == []
    assert R.waiting_for(s) == ["a", "b", "c"]                 # the table changed: everybody again
    assert R.view(s, None)["decision"]["id"] > did             # and the old buttons are stale
    for p in ("a", "b", "c"):
        s = step(s, {"type": "pass"}, p)
    assert s["phase"] == "quest"


def test_an_actions_follow_up_goes_only_to_the_player_it_concerns():
    s = table(players=2)
    res(s, heroes_of(s, "b")[0], 4)
    plate = to_hand(s, "b", "citadel_plate")
    s = play(s, plate, player="b")
    d = s["decision"]
    assert d["kind"] == "choose" and d["prompt"] == "attach_to" and R.waiting_for(s) == ["b"]
    assert R.legal_actions(s, "a") == []
    s = choose(s, d["options"][0], player="b")
    assert s["decision"]["kind"] == "window" and R.waiting_for(s) == ["a", "b"]


def test_a_player_with_nothing_to_play_still_gets_pass():
    s = table(players=2)   # empty hands, no resources
    assert R.waiting_for(s) == ["a", "b"]
    assert R.legal_actions(s, "a") == [{"type": "pass"}] == R.legal_actions(s, "b")


def test_an_eliminated_player_is_not_waited_for_in_a_window():
    from engine.lcg.board import eliminate
    s = table(players=3)
    s = run_now(s, lambda s: eliminate(s, "b", "test"))
    assert R.waiting_for(s) == ["a", "c"] and R.legal_actions(s, "b") == []
    s = step(s, {"type": "pass"}, "c")
    s = step(s, {"type": "pass"}, "a")
    assert s["phase"] == "quest"


def test_commit_exhausts_and_quest_success_puts_progress_on_the_quest():
    s = until(keep_all(game(("a",))), at("commit"))
    for h in list(s["players"]["a"]["heroes"]):
        s = step(s, {"type": "commit", "card": h})
        assert s["inplay"][h]["exhausted"] or s["decision"]["kind"] != "commit"
    assert len(s["committed"]) == 3
    s = until(s, lambda s: s["phase"] == "travel" or s["decision"]["kind"] == "choose")


def test_quest_resolution_compares_willpower_and_staging_threat():
    s = until(keep_all(game(("a",))), at_window("quest"))
    s["committed"] = []
    th = sum(s["inplay"][u]["id"] and __import__("engine.lcg.stats", fromlist=["x"]).stat(s, u, "threat")
             for u in s["staging"])
    before = s["players"]["a"]["threat"]
    s = step(s, {"type": "pass"})
    assert s["players"]["a"]["threat"] == min(50, before + th)


def test_progress_goes_to_the_active_location_first():
    from engine.lcg.quest import place_progress
    s = until(keep_all(game(("a",))), at_window("quest"))
    road = uid_of(s, "old_forest_road", s["staging"])
    s["staging"].remove(road)
    s["inplay"][road]["zone"] = "active"
    s["active"] = road
    place_progress(s, 5)
    assert road not in s["inplay"] and road in s["ediscard"]  # 3 quest points: explored
    assert s["quest"]["prog"] == 2


def test_engagement_check_engages_the_highest_cost_enemy_not_above_threat():
    s = until(keep_all(game(("a",))), lambda s: s["phase"] == "encounter")
    s = until(s, lambda s: s["phase"] != "encounter")
    threat = s["players"]["a"]["threat"]
    from engine.lcg.stats import stat
    for e in s["staging"]:
        if s["ids"][e] in ("forest_spider",):
            assert stat(s, e, "engagement") > threat


def test_refresh_readies_raises_threat_and_passes_the_first_player_token():
    s = keep_all(game(("a", "b"), shadows=False))
    s = until(s, at_window("combat"))
    ta, tb = s["players"]["a"]["threat"], s["players"]["b"]["threat"]
    s = until(s, lambda s: s["phase"] == "resource")
    assert s["first"] == "b" and s["round"] == 2
    for p, t in (("a", ta), ("b", tb)):
        if not s["players"][p]["out"]:
            assert s["players"][p]["threat"] == t + 1
            assert not any(s["inplay"][u]["exhausted"] for u in s["players"][p]["heroes"])


def test_undefended_attack_damages_a_hero_and_defense_reduces_defended_damage():
    s = until(keep_all(game(("a",), shadows=False)), lambda s: s["phase"] == "encounter")
    spider = uid_of(s, "forest_spider")
    if spider in s["staging"]:
        from engine.lcg.board import engage
        engage(s, spider, "a")
    s = until(s, at("defend"))
    assert s["attack"]["enemy"] in s["players"]["a"]["engaged"]
    g = hero(s, "a", "gloin")
    s = step(s, {"type": "defend", "card": g})
    s = until(s, lambda s: s["phase"] == "refresh" or (s["decision"]["kind"] == "respond"))
    # Forest Spider attacks 2 (+1 after engaging this round) against Glóin's defense 1
    assert s["inplay"][g]["dmg"] == 2


def test_beginner_game_deals_no_shadow_cards():
    s = until(keep_all(game(("a",), shadows=False)), at_window("combat"))
    assert all(not r["shadow"] for r in s["inplay"].values())


def test_shadow_cards_are_dealt_to_engaged_enemies():
    s = until(keep_all(game(("a",))), at_window("combat"))
    for e in s["players"]["a"]["engaged"]:
        assert len(s["inplay"][e]["shadow"]) == 1


# ---- the action windows of the turn sequence --------------------------------------------------------

def test_every_action_window_of_the_turn_sequence_opens_in_order():
    """Rulebook turn sequence: after the quest is resolved, in the travel phase, between optional
    engagement and engagement checks, after a defender is declared and after the players' attacks too."""
    from tests.lcg.helpers import default_action, place_encounter
    s = table(["aragorn", "theodred", "gloin"])
    place_encounter(s, "forest_spider", "a")
    names = []
    while s["phase"] != "resource":
        d = s["decision"]
        if d["kind"] == "window" and (not names or names[-1] != d["name"]):
            names.append(d["name"])
        s = step(s, {"type": "defend", "card": hero(s, "a", "gloin")} if d["kind"] == "defend" else default_action(s))
    assert names == ["planning", "quest", "quest_resolved", "travel", "engagement", "encounter", "combat",
                     "defense", "combat_end", "attacks_done", "refresh"]


def test_a_player_may_lower_their_threat_after_a_failed_quest_before_engagement_checks():
    from tests.lcg.helpers import place_encounter
    s = table(["eowyn", "eleanor", "dunhere"])
    assert s["players"]["a"]["threat"] == 24
    res(s, hero(s, "a", "eowyn"), 3)
    greeting = to_hand(s, "a", "the_galadhrims_greeting")
    spider = place_encounter(s, "forest_spider", "staging")   # threat 2, engagement 25
    s = until(s, at_window("quest_resolved"))
    assert s["players"]["a"]["threat"] == 26                   # the quest failed by 2
    s = play(s, greeting)
    s = choose(s, "a")
    assert s["players"]["a"]["threat"] == 20
    s = until(s, lambda x: x["phase"] == "combat")
    assert spider in s["staging"]                              # 25 is above 20 now: no engagement


def test_a_combat_event_may_be_played_after_declaring_a_defender():
    from tests.lcg.helpers import place_ally, place_encounter
    s = table(["aragorn", "theodred", "gloin"])
    guard = place_ally(s, "a", "guard_of_the_citadel")        # Gondor, defense 0
    res(s, hero(s, "a", "aragorn"), 2)
    fg = to_hand(s, "a", "for_gondor")
    place_encounter(s, "forest_spider", "a")
    s = until(s, at("defend"))
    s = step(s, {"type": "defend", "card": guard})
    assert at_window("defense")(s)
    s = play(s, fg)
    s = until(s, lambda x: events(x, "attack"))
    assert events(s, "attack")[-1]["defense"] == 1            # For Gondor!: +1 defense to Gondor characters
