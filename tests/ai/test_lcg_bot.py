"""The Card Game bot (ai/lcg.py): it picks only legal actions, the same ones for the same game, from its view
alone (hidden cards shuffled differently change nothing it does), and it wins a seeded Passage Through
Mirkwood game in normal mode."""
from __future__ import annotations

import random

import pytest

from ai import lcg
from engine.lcg import RULES as R

# A Passage Through Mirkwood game, normal mode, one bot with the Leadership starter deck, that the bot wins
# (the first short win of seeds 0-29; a change to the bot that loses it should be looked at).
WON_SEED = 5


def _game(seats, seed, scenario="passage_through_mirkwood", easy=False, each=None):
    """Play a whole game with the bot at every seat; `each(state, player, view, legal)` sees every decision."""
    s = R.new_game(seats, {"scenario": scenario, "easy": easy}, seed)
    actions = []
    while R.result(s) is None:
        p = R.waiting_for(s)[0]
        legal, view = R.legal_actions(s, p), R.view(s, p)
        if each:
            each(s, p, view, legal)
        a = lcg.choose(view, legal)
        actions.append(a)
        s, _ = R.apply(s, p, a)
    return s, actions


@pytest.mark.parametrize("seats,scenario,seed", [(["a"], "passage_through_mirkwood", 1),
                                                 (["a", "b"], "journey_down_the_anduin", 2),
                                                 (["a", "b"], "escape_from_dol_guldur", 3)])
def test_bot_rules_of_thumb_pick_only_legal_actions(seats, scenario, seed):
    kinds = set()

    def check(s, p, view, legal):
        kinds.add(view["decision"]["kind"])
        assert lcg.decide(view, legal) in legal, (view["decision"], legal)

    _game(seats, seed, scenario, each=check)
    assert {"window", "commit", "defend"} <= kinds


def test_bot_plays_the_same_game_twice_for_the_same_seed():
    _, first = _game(["a", "b"], 5)
    _, again = _game(["a", "b"], 5)
    assert first == again


def _hidden_reshuffled(s, p, seed):
    """The same game as seen by `p`, with every card `p` cannot see dealt differently: the encounter deck's
    and every deck's order, and the partner's hand swapped with cards of its deck."""
    t = R.clone(s)
    rnd = random.Random(seed)
    rnd.shuffle(t["edeck"])
    for q, pl in t["players"].items():
        rnd.shuffle(pl["deck"])
        if q != p and pl["hand"] and len(pl["deck"]) >= len(pl["hand"]):
            n = len(pl["hand"])
            pl["hand"], pl["deck"] = pl["deck"][:n], pl["hand"] + pl["deck"][n:]
    return t


def test_bot_choices_depend_only_on_what_its_seat_sees():
    compared = []

    def check(s, p, view, legal):
        if len(compared) >= 300:
            return
        t = _hidden_reshuffled(s, p, len(compared))
        if t["players"] == s["players"] and t["edeck"] == s["edeck"]:
            return
        assert R.view(t, p)["hand"] == view["hand"]
        compared.append(lcg.choose(R.view(t, p), R.legal_actions(t, p)) == lcg.choose(view, legal))

    _game(["a", "b"], 11, each=check)
    assert len(compared) >= 100 and all(compared)


def test_bot_wins_a_seeded_passage_through_mirkwood_game_in_normal_mode():
    s, _ = _game(["a"], WON_SEED)
    assert s["result"]["outcome"] == "won"


# ---- the round's plan and its rules of thumb, on built positions (tests/lcg/helpers.py) ----------------------

def _at_commit(engaged=(), aragorn_resources=0):
    """Aragorn, Théodred and Glóin at their first quest commitment, nothing in the staging area, these enemies
    engaged with the player."""
    from tests.lcg import helpers as H
    s = H.table()
    for cid in engaged:
        H.place_encounter(s, cid, "a")
    H.res(s, H.hero(s, "a", "aragorn"), aragorn_resources)
    return H.until(s, H.at("commit"))


def _commits(s):
    """The characters the bot commits, answering commit decisions until it says done."""
    out = []
    while s["decision"] and s["decision"]["kind"] == "commit":
        a = lcg.choose(R.view(s, "a"), R.legal_actions(s, "a"))
        if a["type"] != "commit":
            break
        out.append(s["ids"][a["card"]])
        s, _ = R.apply(s, "a", a)
    return out


def test_bot_quests_with_everyone_when_no_enemy_will_attack():
    assert sorted(_commits(_at_commit())) == ["aragorn", "gloin", "theodred"]


def test_bot_keeps_a_defender_back_for_an_engaged_enemy():
    assert len(_commits(_at_commit(engaged=("dol_guldur_orcs",)))) < 3


def test_bot_commits_aragorn_first_when_a_resource_readies_him():
    s = _at_commit(engaged=("dol_guldur_orcs",), aragorn_resources=1)
    assert _commits(s)[0] == "aragorn"


def test_bot_never_engages_hummerhorns_by_choice():
    from ai.lcg_board import Board
    from tests.lcg import helpers as H
    s = H.table()
    hummerhorns = H.place_encounter(s, "hummerhorns")
    spider = H.place_encounter(s, "forest_spider")
    b = Board(R.view(s, "a"))
    assert lcg._optional_engage(b, [hummerhorns]) == {"type": "decline"}
    assert lcg._optional_engage(b, [spider]) == {"type": "choose", "choice": spider}


def test_bot_puts_damage_on_a_hero_that_survives_it_else_on_the_one_that_matters_least():
    from ai.lcg_board import Board
    from tests.lcg import helpers as H
    s = H.table()
    heroes = H.heroes_of(s, "a")
    b = Board(R.view(s, "a"))
    assert s["ids"][lcg._takes_damage(b, heroes, 3)] == "aragorn"        # 5 hit points: lives
    assert s["ids"][lcg._takes_damage(b, heroes, 5)] in ("theodred", "gloin")  # nobody lives: not Aragorn


def _answer(s, prompt, options):
    """The bot's answer to a `choose` prompt with these options, asked in the position `s`."""
    view = R.view(s, "a")
    view["decision"] = {"id": 0, "kind": "choose", "player": "a", "prompt": prompt, "options": options}
    return lcg.decide(view, [{"type": "choose", "choice": o} for o in options])["choice"]


def test_bot_fetches_ungoliants_spawn_when_dont_leave_the_path_asks_for_a_spider():
    from tests.lcg import helpers as H
    assert _answer(H.table(), "spider_search", ["forest_spider", "king_spider", "ungoliants_spawn"]) \
        == "ungoliants_spawn"


def test_bot_travels_where_the_travel_costs_least_between_locations_of_equal_threat():
    from tests.lcg import helpers as H
    s = H.table()
    mountains = H.place_encounter(s, "mountains_of_mirkwood")  # travel reveals an encounter card
    gate = H.place_encounter(s, "forest_gate")                 # travel draws two cards
    assert _answer(s, "travel", [mountains, gate]) == gate


def test_bot_counts_no_quest_progress_on_a_stage_won_by_destroying_ungoliants_spawn():
    from ai.lcg_board import Board
    from tests.lcg import helpers as H
    view = R.view(H.table(), "a")
    view["quest"] = {"uid": "q1", "id": "flies_and_spiders", "stage": 1, "progress": 3, "quest_points": 8}
    assert lcg._progress_wanted(Board(view)) == 5
    view["quest"] = {"uid": "q3", "id": "a_chosen_path_dont_leave_the_path", "stage": 3, "progress": 0,
                     "quest_points": 0}
    assert lcg._progress_wanted(Board(view)) == 0

