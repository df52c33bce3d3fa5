"""Two defects the table found (issue 26): a shadow card dealt face down must not be named by the current
decision's public fields, even when its uid was seen face up before the encounter discard pile came back;
an eliminated player's face-down Orc Guard is discarded, the card under it going to its owner's discard."""
import json

from engine.lcg.board import eliminate, encounter_top
from tests.lcg.helpers import (
    R,
    at,
    at_window,
    hero,
    place_attachment,
    place_encounter,
    run_now,
    table,
    until,
)
from tests.lcg.test_cards_dolguldur import dolguldur, to_stage


def _public(view: dict) -> str:
    """A view without its log: the log keeps what was public when it happened (the card face up)."""
    return json.dumps({k: v for k, v in view.items() if k != "log"})


def test_a_shadow_card_seen_face_up_before_a_reshuffle_is_not_named_by_the_decision_it_is_dealt_in():
    s = table({"a": ["denethor", "glorfindel", "beravor"], "b": ["gimli", "legolas", "thalin"]}, players=2,
              shadows=True)
    dk = place_attachment(s, "a", "dark_knowledge", hero(s, "a", "denethor"))
    place_encounter(s, "forest_spider", "a")
    s = until(s, at_window("encounter"))
    # A card lies face up in the encounter discard pile, its uid public; the pile is the deck again.
    seen = next(u for u in s["test_stash"] if s["ids"][u] == "necromancers_pass")
    s["test_stash"].remove(seen)
    s["ediscard"] = [seen]
    assert {"uid": seen, "id": "necromancers_pass"} in R.view(s, "b")["encounter_discard"]
    s = run_now(s, lambda x: encounter_top(x, reshuffle=True))
    assert s["edeck"] == [seen]
    s = until(s, at("respond"))   # dealt face down to the Forest Spider: Dark Knowledge may look at it
    spider = s["players"]["a"]["engaged"][0]
    assert s["inplay"][spider]["shadow"] == [seen] and s["decision"]["ev"]["card"] == seen
    for viewer in ("b", None, "a"):   # nobody has looked yet, its owner included
        view = R.view(s, viewer)
        assert view["decision"]["kind"] == "respond" and view["decision"]["ev"]["card"] is None
        assert seen not in _public(view)
    assert dk in {a["card"] for a in R.legal_actions(s, "a") if a["type"] == "respond"}


def test_an_eliminated_players_face_down_orc_guard_is_discarded_with_their_card_in_their_discard():
    s = to_stage(dolguldur(players=2), "out_of_the_dungeons")
    under = s["players"]["a"]["deck"][-1]
    s = until(s, at("commit"))
    (guard,) = s["players"]["a"]["engaged"]
    assert s["face_down"][guard] == under
    s = run_now(s, lambda x: eliminate(x, "a", "threat"))
    assert guard not in s["staging"] and guard not in s["inplay"] and guard not in s["face_down"]
    assert under in s["players"]["a"]["discard"]
    assert guard not in json.dumps(R.view(s, None)["staging"])
