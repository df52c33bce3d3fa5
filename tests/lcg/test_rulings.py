"""Issue 29's Card Game ruling: progress that a card effect places on "the current quest" goes to the
active location first, as questing's does (rulebook phase 4, p.15: the active location is a buffer)."""
from tests.lcg.helpers import place_encounter
from tests.lcg.test_cards_tactics import TAC, attack_with, hero, respond, table


def _legolas_kills_bats_with(location):
    s = table(TAC)
    le = hero(s, "a", "legolas")
    loc = place_encounter(s, location, "active")
    bats = place_encounter(s, "black_forest_bats", "a")
    s = attack_with(s, bats, le)
    return s, le, loc


def test_progress_a_card_places_on_the_current_quest_goes_to_the_active_location_first():
    s, le, gate = _legolas_kills_bats_with("forest_gate")          # 4 quest points
    p0 = s["quest"]["prog"]
    s = respond(s, le)
    assert s["inplay"][gate]["prog"] == 2 and s["quest"]["prog"] == p0


def test_progress_a_card_places_beyond_what_explores_the_active_location_goes_on_the_quest_card():
    s, le, road = _legolas_kills_bats_with("old_forest_road")       # 3 quest points
    s["inplay"][road]["prog"] = 2
    p0 = s["quest"]["prog"]
    s = respond(s, le)
    assert road not in s["inplay"] and s["active"] is None and s["quest"]["prog"] == p0 + 1
