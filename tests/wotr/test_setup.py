"""Setup (p.14-17): armies, politics, the Fellowship, the Hunt pool, decks, dice; the data behind it."""
import json
import subprocess
import sys

import pytest

from cards.wotr import load
from engine.wotr.state import FP, SH, STANDARD_TILES
from tests.wotr.helpers import R, game, refused


def test_the_data_has_every_region_nation_character_tile_and_card_in_both_languages():
    d = load()
    assert (len(d.regions), len(d.nations), len(d.hunt_tiles), len(d.event_cards)) == (105, 8, 24, 96)
    edges = {frozenset((a, b)) for a, r in d.regions.items() for b in r.adjacent}
    assert len(edges) == 232
    assert all(a in d.regions[b].adjacent for a, r in d.regions.items() for b in r.adjacent)
    for group in (d.regions, d.nations, d.characters, d.event_cards):
        assert all(x.name.en and x.name.fr for x in group.values())


def test_cards_wotr_json_is_up_to_date_with_the_shared_facts():
    out = subprocess.run([sys.executable, "-m", "cards.tools.build_wotr", "--check"], check=False,
                         capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout


def test_setup_places_the_starting_armies_osgiliath_with_gondor_units():
    s = game()
    assert s["units"]["barad_dur"] == {"sauron": {"regular": 4, "elite": 1, "nazgul": 1}}
    assert s["units"]["osgiliath"] == {"gondor": {"regular": 2}}
    assert s["units"]["rivendell"] == {"elves": {"elite": 2, "leader": 1}}
    assert sum(u.get("nazgul", 0) for r in s["units"].values() for u in r.values()) == 4


def test_setup_politics_elves_and_the_shadow_nations_are_active():
    p = game()["politics"]
    assert {n for n, x in p.items() if x["active"]} == {"elves", "sauron", "isengard", "southrons"}
    assert p["gondor"]["step"] == 2 and p["sauron"]["step"] == 1 and p["southrons"]["step"] == 2


def test_setup_the_fellowship_of_seven_guided_by_gandalf_hidden_in_rivendell():
    f = game()["fellowship"]
    assert f["pos"] == "rivendell" and f["progress"] == 0 and f["hidden"] and f["corruption"] == 0
    assert f["guide"] == "gandalf_grey" and len(f["companions"]) == 7 and f["mordor"] is None


def test_setup_hunt_pool_of_16_standard_tiles_and_specials_aside():
    h = game()["hunt"]
    assert sorted(h["pool"]) == sorted(STANDARD_TILES) and len(h["pool"]) == 16
    assert h["specials"] == [] and h["drawn"] == []


def test_setup_four_decks_of_24_then_each_side_draws_one_character_and_one_strategy():
    s = game()
    for side in (FP, SH):
        assert len(s["hands"][side]) == 2
        assert {load().event_cards[c].deck for c in s["hands"][side]} == {"character", "strategy"}
        assert len(s["decks"][side]["character"]) == len(s["decks"][side]["strategy"]) == 23
    assert game(1)["decks"] != game(2)["decks"]      # shuffled by the seed


def test_setup_dice_four_free_peoples_seven_shadow_and_three_elven_rings():
    s = game()
    assert s["dice_count"] == {FP: 4, SH: 7} and s["rings"] == {FP: 3, SH: 0}


def test_the_first_decision_is_the_fellowship_phase():
    s = game()
    assert R.waiting_for(s) == ["fp"] and s["ask"][-1]["kind"] == "fellowship_phase"


@pytest.mark.parametrize("players", [["a"], ["a", "a"], ["a", "b", "a"], ["a", "b", "c", "d", "e"], "ab", ["a", 3]])
def test_new_game_refuses_anything_but_two_to_four_distinct_players(players):
    with pytest.raises(Exception) as err:
        R.new_game(players, {}, 1)
    assert getattr(err.value, "code", None) == "bad_players"


def test_new_game_refuses_unknown_options_and_bad_seeds():
    for opts, seed, code in (({"x": 1}, 1, "bad_option"), ({}, 1.5, "bad_seed"), ({}, True, "bad_seed")):
        with pytest.raises(Exception) as err:
            R.new_game(["a", "b"], opts, seed)
        assert err.value.code == code


def test_the_view_schema_is_json_safe():
    s = game()
    for v in (None, "fp", "sh"):
        json.dumps(R.view(s, v))
    assert refused(s, SH, {"type": "end_fellowship_phase"}) == "not_your_turn"
