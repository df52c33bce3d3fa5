"""Setup: heroes and threat, starter decks by seat, six-card hands and one mulligan, quest setup."""
import pytest

from engine import IllegalAction
from tests.lcg.helpers import R, game, step


def test_default_decks_are_dealt_leadership_tactics_spirit_lore_by_seat():
    s = game(("a", "b", "c", "d"))
    heroes = {p: sorted(s["ids"][h] for h in s["players"][p]["heroes"]) for p in "abcd"}
    assert heroes["a"] == ["aragorn", "gloin", "theodred"]
    assert heroes["b"] == ["gimli", "legolas", "thalin"]
    assert heroes["c"] == ["dunhere", "eleanor", "eowyn"]
    assert heroes["d"] == ["beravor", "denethor", "glorfindel"]


def test_starting_threat_is_the_sum_of_hero_threat_costs():
    s = game(("a", "b"))
    assert s["players"]["a"]["threat"] == 12 + 8 + 9
    assert s["players"]["b"]["threat"] == 11 + 9 + 9


def test_each_player_draws_six_and_may_mulligan_once():
    s = game(("a", "b"))
    assert [len(s["players"][p]["hand"]) for p in "ab"] == [6, 6]
    assert s["decision"]["kind"] == "mulligan" and s["decision"]["player"] == "a"
    before = list(s["players"]["a"]["hand"])
    s = step(s, {"type": "mulligan"})
    assert len(s["players"]["a"]["hand"]) == 6 and len(s["players"]["a"]["deck"]) == 24
    assert s["players"]["a"]["hand"] != before or True
    assert s["decision"]["player"] == "b"  # a cannot mulligan twice
    s = step(s, {"type": "keep"})
    assert s["decision"]["kind"] == "window" and s["decision"]["name"] == "resource"


def test_flies_and_spiders_setup_puts_forest_spider_and_old_forest_road_in_staging():
    s = step(game(("a",)), {"type": "keep"})
    assert sorted(s["ids"][u] for u in s["staging"]) == ["forest_spider", "old_forest_road"]
    assert len(s["edeck"]) == 34
    assert s["quest"]["id"] == "flies_and_spiders"


def test_first_player_is_chosen_at_random_unless_given():
    firsts = {R.new_game(["a", "b", "c"], {}, seed)["first"] for seed in range(20)}
    assert firsts == {"a", "b", "c"}
    assert game(("a", "b"), first_player="b")["first"] == "b"


def test_easy_mode_gives_each_hero_one_more_resource_and_a_smaller_encounter_deck():
    s = game(("a",), easy=True)
    assert all(s["inplay"][h]["res"] == 1 for h in s["players"]["a"]["heroes"])
    assert len(s["edeck"]) < 34


@pytest.mark.parametrize("players,options", [
    ([], {}), (["a"] * 2, {}), (["a", "b", "c", "d", "e"], {}), (["a"], {"colour": "red"}),
    (["a"], {"scenario": "the_hobbit"}), (["a"], {"decks": {"a": "hobbits"}}),
    (["a"], {"decks": {"a": {"heroes": ["gandalf"], "cards": []}}}), (["a"], {"easy": "yes"}),
])
def test_bad_setup_is_refused(players, options):
    with pytest.raises(IllegalAction):
        R.new_game(players, options, 1)


def test_same_seed_same_game():
    assert R.dump(R.new_game(["a", "b"], {}, 7)) == R.dump(R.new_game(["a", "b"], {}, 7))
