"""Elimination, losing, winning and the score."""
import contextlib

from engine.lcg.board import raise_threat
from engine.lcg.flow import GameOver
from tests.lcg.helpers import R, at_window, game, until


def test_threat_fifty_eliminates_a_player_and_enemies_return_to_staging():
    s = until(game(("a", "b"), first_player="a"), at_window("planning"))
    from engine.lcg.board import engage
    spider = next(u for u in s["staging"] if s["ids"][u] == "forest_spider")
    engage(s, spider, "a")
    raise_threat(s, "a", 50)
    assert s["players"]["a"]["out"] and s["players"]["a"]["threat"] == 50
    assert spider in s["staging"] and not s["players"]["a"]["heroes"] and not s["players"]["a"]["hand"]
    assert s["first"] == "b"
    assert R.result(s) is None


def test_all_players_eliminated_lose():
    s = until(game(("a",)), at_window("planning"))
    with contextlib.suppress(GameOver):
        raise_threat(s, "a", 50)
    assert R.result(s)["outcome"] == "lost" and R.result(s)["reason"] == "all_eliminated"


def test_phases_follow_the_rulebook_order():
    s = until(game(("a",), shadows=False), at_window("resource"))
    s = until(s, lambda s: s["round"] == 2)
    phases = [e["phase"] for e in s["log"] if e["type"] == "phase"]
    assert phases[:7] == ["resource", "planning", "quest", "travel", "encounter", "combat", "refresh"]


def test_beorns_path_defeated_wins_with_the_rulebook_score():
    from engine.lcg.quest import advance
    s = until(game(("a",)), at_window("planning"))
    s["qdeck"] = [u for u in s["qdeck"] if s["ids"][u] == "a_chosen_path_beorns_path"]
    advance(s)
    for u in list(s["inplay"]):
        if s["ids"][u] == "ungoliants_spawn":
            del s["inplay"][u]
    s["quest"]["prog"] = 10
    h = s["players"]["a"]["heroes"][0]
    s["inplay"][h]["dmg"] = 2
    s["players"]["a"]["threat"] = 40
    from engine.lcg.flow import push, run
    s["decision"] = None
    push(s, "check_quest")
    run(s)
    r = R.result(s)
    assert r["outcome"] == "won" and r["reason"] == "quest_complete"
    assert r["score"] == 40 + 2 - sum((s["ids"][u] and 0) for u in s["victory"]) - r["victory_points"]


def test_surge_reveals_one_more_card():
    s = until(game(("a",), shadows=False), at_window("planning"))
    from engine.lcg.quest import _after_reveal
    s["surge"].append(s["staging"][0])
    n = len(s["tasks"])
    _after_reveal(s, {"card": s["staging"][0]})
    assert s["tasks"][-1] == {"do": "reveal"} and len(s["tasks"]) == n + 1
