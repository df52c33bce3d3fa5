"""The round: resource phase, action windows, quest, travel, engagement, combat, refresh."""
from tests.lcg.helpers import R, at, at_window, game, hero, step, uid_of, until


def keep_all(s):
    return until(s, lambda s: s["decision"]["kind"] != "mulligan")


def test_resource_phase_gives_each_hero_one_resource_and_each_player_one_card():
    s = keep_all(game(("a", "b")))
    assert s["phase"] == "resource"
    assert all(s["inplay"][h]["res"] == 1 for p in "ab" for h in s["players"][p]["heroes"])
    assert [len(s["players"][p]["hand"]) for p in "ab"] == [7, 7]


def test_an_action_window_closes_when_every_player_has_passed_in_a_row():
    s = keep_all(game(("a", "b")))
    assert s["decision"]["player"] == "a"
    s = step(s, {"type": "pass"})
    assert s["decision"]["kind"] == "window" and s["decision"]["player"] == "b"
    s = step(s, {"type": "pass"})
    assert s["phase"] == "planning"


def test_acting_in_a_window_resets_the_passes():
    s = keep_all(game(("a", "b")))
    s = step(s, {"type": "pass"})
    acts = [a for a in R.legal_actions(s, "b") if a["type"] == "activate"]
    if acts:  # any action keeps b in the window, and a must pass again
        s = step(s, acts[0])
        assert s["decision"]["passes"] == 0


def test_commit_exhausts_and_quest_success_puts_progress_on_the_quest():
    s = until(keep_all(game(("a",))), at("commit"))
    for h in list(s["players"]["a"]["heroes"]):
        s = step(s, {"type": "commit", "card": h})
        assert s["inplay"][h]["exh"] or s["decision"]["kind"] != "commit"
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
            assert not any(s["inplay"][u]["exh"] for u in s["players"][p]["heroes"])


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
