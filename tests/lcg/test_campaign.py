"""The campaign (rulebook, "Jeu Expert"): scenarios in order with the same players, decks and heroes,
scores added up; at the nightmare level threat, damage and decks carry over."""
import pytest

from engine.kernel import IllegalAction
from engine.lcg.board import win
from engine.lcg.data import card
from tests.lcg.helpers import R, at_window, game, until
from tests.lcg.policy import play_game
from tests.restore_check import Played, continue_elsewhere, fingerprint

TWO = ["passage_through_mirkwood", "journey_down_the_anduin"]


def _campaign(level, players=("a", "b"), seed=39, **options):
    decks = {"a": "spirit", "b": "tactics", "c": "lore", "d": "leadership"}
    return game(players, seed, decks={p: decks[p] for p in players}, campaign=level, scenarios=TWO, **options)


def _planning(s):
    s = until(s, at_window("planning"))
    assert s["decision"]["name"] == "planning"
    return s


def _won(s):
    """The players win the scenario now (as if its last stage were defeated)."""
    s = R.clone(s)
    s["decision"] = None
    try:
        win(s, "quest_complete")
    except Exception as over:  # GameOver, carrying the next scenario
        from engine.lcg.flow import run, unwind
        unwind(s, over)
        run(s)
    return s


def _own_cards(s, p):
    return sorted(u for u, o in s["owner"].items() if o == p and card(s["ids"][u])["type"] != "hero")


def test_the_campaign_is_the_rulebooks_three_scenarios_in_order():
    from engine.lcg.setup import CAMPAIGN, SCENARIOS
    assert CAMPAIGN == ("passage_through_mirkwood", "journey_down_the_anduin", "escape_from_dol_guldur")
    if set(CAMPAIGN) <= set(SCENARIOS):  # once Escape from Dol Guldur is played, the default holds it
        assert R.new_game(["a"], {"campaign": "standard"}, 1)["campaign"]["scenarios"] == list(CAMPAIGN)
    else:
        with pytest.raises(IllegalAction) as err:
            R.new_game(["a"], {"campaign": "standard"}, 1)
        assert err.value.code == "scenario_not_implemented" and err.value.params["scenario"] == CAMPAIGN[2]


@pytest.mark.parametrize("options, code", [
    ({"campaign": "standard", "scenarios": TWO[::-1]}, "bad_option"),
    ({"campaign": "standard", "scenarios": []}, "bad_option"),
    ({"campaign": "hard", "scenarios": TWO}, "bad_option"),
    ({"campaign": "standard", "scenarios": TWO, "scenario": TWO[0]}, "bad_option"),
    ({"scenarios": TWO}, "bad_option"),
])
def test_campaign_options_are_checked(options, code):
    with pytest.raises(IllegalAction) as err:
        R.new_game(["a"], options, 1)
    assert err.value.code == code


def test_campaign_starts_with_the_first_scenario_of_the_rulebook_order():
    s = _campaign("standard")
    assert s["options"]["scenario"] == TWO[0] and s["options"]["campaign"] == "standard"
    assert R.view(s, None)["campaign"] == {"level": "standard", "scenarios": TWO, "played": []}


def test_standard_campaign_next_scenario_starts_afresh_with_the_same_decks_and_heroes():
    s = _planning(_campaign("standard"))
    heroes = {p: list(s["players"][p]["heroes"]) for p in s["order"]}
    start_threat = {p: sum(card(s["ids"][h])["threat"] for h in heroes[p]) for p in s["order"]}
    h = heroes["a"][0]
    s["inplay"][h]["dmg"] = 2
    s["players"]["a"]["threat"] = 40
    s = _won(s)
    assert R.result(s) is None and s["options"]["scenario"] == TWO[1]
    assert s["campaign"]["played"][0]["scenario"] == TWO[0] and s["campaign"]["played"][0]["outcome"] == "won"
    assert [e for e in s["log"] if e["type"] == "scenario_won"][0]["scenario"] == TWO[0]
    assert s["decision"]["kind"] == "mulligan"  # new hands, new mulligans
    for p in s["order"]:
        pl = s["players"][p]
        assert pl["heroes"] == heroes[p] and pl["threat"] == start_threat[p]
        assert all(s["inplay"][x]["dmg"] == 0 for x in pl["heroes"])
        assert len(pl["hand"]) == 6 and sorted(pl["hand"] + pl["deck"]) == _own_cards(s, p)
    from cards.lcg import scenario
    assert [s["ids"][q] for q in s["qdeck"]] == list(scenario(TWO[1]).quest)  # quest set up after mulligans
    encounter = sorted(s["ids"][u] for u, o in s["owner"].items() if o is None and u.startswith("e"))
    assert encounter == sorted(c for c, n in scenario(TWO[1]).encounter.items() for _ in range(n))


def test_nightmare_campaign_carries_threat_damage_and_decks_over():
    s = _planning(_campaign("nightmare"))
    a = s["players"]["a"]
    h = a["heroes"][0]
    s["inplay"][h]["dmg"] = 2
    a["threat"] = 41
    ally = a["deck"].pop()
    from engine.lcg.state import new_record
    new_record(s, ally, "a", "a", "allies")
    a["allies"].append(ally)
    event = a["deck"].pop()
    s["limbo"].append(event)  # a card being played when the scenario is won
    hand, deck, discard = list(a["hand"]), list(a["deck"]), list(a["discard"])
    s = _won(s)
    assert s["options"]["scenario"] == TWO[1]
    a = s["players"]["a"]
    assert a["threat"] == 41 and s["inplay"][h]["dmg"] == 2 and not s["inplay"][h]["exhausted"]
    assert a["allies"] == [] and a["discard"] == discard + sorted([ally, event])  # in play or being played
    # No new hand, no shuffle: the same hand, and the first round's draws come off the same deck.
    drawn = len(a["hand"]) - len(hand)
    assert drawn >= 1 and a["hand"] == hand + deck[::-1][:drawn] and a["deck"] == deck[:len(deck) - drawn]
    assert s["decision"]["kind"] != "mulligan"


def test_a_won_campaign_adds_up_the_scores():
    s = _won(_planning(_campaign("standard", players=("a",))))
    first = s["campaign"]["played"][0]["score"]
    s = _planning(s)
    s = _won(s)
    r = R.result(s)
    assert r["outcome"] == "won" and [x["scenario"] for x in r["campaign"]["scenarios"]] == TWO
    assert r["score"] == first + r["campaign"]["scenarios"][1]["score"]
    assert [e["type"] for e in s["log"]].count("game_over") == 1


def test_a_lost_scenario_ends_the_campaign():
    s, _ = play_game(_campaign("standard", seed=208))
    r = R.result(s)
    assert r["outcome"] == "lost"
    played = r["campaign"]["scenarios"]
    assert [x["scenario"] for x in played] == TWO and [x["outcome"] for x in played] == ["won", "lost"]
    assert played[0]["score"] > 0


def test_a_campaign_restores_cold_across_scenarios():
    """Dumped in the first scenario and in the second, loaded in a fresh process: the same game."""
    from tests.lcg.policy import choose_action
    s = _campaign("standard", seed=208)
    players = list(s["order"])
    out = Played("lcg", players)
    while R.result(s) is None:
        step = len(out.moves)
        out.prints.append(fingerprint(R, s, players))
        if step == 10 or (s["options"]["scenario"] == TWO[1] and len(out.dumps) == 1):
            out.dumps[step] = R.dump(s)
        p = R.waiting_for(s)[0]
        a = choose_action(s)
        out.moves.append((p, a))
        s, _ = R.apply(s, p, a)
    out.prints.append(fingerprint(R, s, players))
    assert len(out.dumps) == 2
    for step, prints in continue_elsewhere(out).items():
        assert prints == out.prints[step:]


def test_nightmare_an_eliminated_player_stays_out_of_the_next_scenario():
    from engine.lcg.board import eliminate
    s = _planning(_campaign("nightmare"))
    eliminate(s, "b", "threat")
    s = _won(s)
    assert s["options"]["scenario"] == TWO[1]
    assert s["players"]["b"]["out"] and s["players"]["b"]["heroes"] == []
    assert R.view(s, None)["active_players"] == ["a"]
    assert s["campaign"]["played"][0]["score"] >= 50  # the rulebook counts an eliminated player as 50


def test_standard_an_eliminated_player_is_back_for_the_next_scenario():
    from engine.lcg.board import eliminate
    s = _planning(_campaign("standard"))
    eliminate(s, "b", "threat")
    s = _won(s)
    assert not s["players"]["b"]["out"] and len(s["players"]["b"]["heroes"]) == 3


@pytest.mark.parametrize("players", [1, 4])
@pytest.mark.parametrize("level", ["standard", "nightmare"])
def test_random_play_through_a_campaign_always_ends(players, level):
    import random

    from tests.lcg.helpers import random_play
    names = ("a", "b", "c", "d")[:players]
    s = _won(_planning(_campaign(level, players=names, seed=players)))
    s, steps = random_play(s, random.Random(players), max_steps=6000, pass_bias=0.5)
    r = R.result(s)
    assert r is not None, steps
    assert [x["scenario"] for x in r["campaign"]["scenarios"]] == TWO


@pytest.mark.parametrize("level", ["standard", "nightmare"])
def test_the_three_scenarios_chain_into_one_campaign(level):
    from engine.lcg.setup import CAMPAIGN
    s = game(("a", "b"), 5, decks={"a": "spirit", "b": "tactics"}, campaign=level)
    for scenario in CAMPAIGN:
        s = _planning(s)
        assert s["options"]["scenario"] == scenario and R.result(s) is None
        s = _won(s)
    r = R.result(s)
    assert r["outcome"] == "won" and [x["scenario"] for x in r["campaign"]["scenarios"]] == list(CAMPAIGN)
    assert r["score"] == sum(x["score"] for x in r["campaign"]["scenarios"])
    assert [e["type"] for e in s["log"]].count("scenario_won") == 2
