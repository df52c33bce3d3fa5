"""The sampler of hidden War of the Ring states (ai/wotr_sample.py): a state drawn from a player's
view shows that player the same view, whatever side or seat, and the draw is seeded."""
from __future__ import annotations

import json
import random

import pytest

from ai import wotr_playout_rules as P
from ai.wotr_random_players import pick
from ai.wotr_sample import sample
from engine.kernel import Rng
from engine.wotr import RULES
from engine.wotr.seats import SEAT_SIDE
from engine.wotr.state import deep_copy

# (players, policy, seed): 2-player games of both random players (the "war" one fights), 3 and 4 players.
GAMES = [(2, "guided", 1), (2, "war", 2), (2, "war", 5), (3, "war", 3), (4, "war", 4), (4, "guided", 7)]


def positions(n_players: int, policy: str, seed: int, every: int = 7, limit: int = 1500):
    """(true state with its whole log, players) at every `every`-th decision of a seeded random game."""
    players = [f"p{i}" for i in range(n_players)]
    s = RULES.new_game(players, {}, seed)
    log = s["history"] + s["log"]
    s = P.start(s)
    rnd = random.Random(seed)
    for k in range(limit):
        if P.to_play(s) is None:
            return
        if k % every == 0:
            truth = deep_copy(s)
            truth["history"], truth["log"] = list(log), []
            yield truth, players
        log += P.step(s, pick(rnd, s, P.legal(s), policy))


@pytest.mark.parametrize(("n_players", "policy", "seed"), GAMES)
def test_wotr_sample_shows_each_player_the_view_it_was_drawn_from(n_players, policy, seed):
    checked = 0
    for truth, players in positions(n_players, policy, seed):
        for i, p in enumerate(players):
            v = RULES.view(truth, p)
            drawn = sample(v, Rng(Rng.from_seed(f"{seed}-{i}-{checked}")))
            assert RULES.view(drawn, p) == v
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("n_players", "policy", "seed"), GAMES[:4])
def test_wotr_sample_rebuilds_the_public_facts_the_view_leaves_to_the_log(n_players, policy, seed):
    """The guide changed this turn, a move on the Mordor track this turn, a die that moved the Fellowship
    last turn (the allocation's minimum) and, in a team game, the dice each side used this turn."""
    for truth, players in positions(n_players, policy, seed, every=3):
        drawn = sample(RULES.view(truth, players[0]), Rng(7))
        for key in ("guide_changed", "mordor_moved"):
            assert drawn["fellowship"][key] == truth["fellowship"][key]
        assert bool(drawn["hunt"]["fp_box_last_turn"]) == bool(truth["hunt"]["fp_box_last_turn"])
        assert drawn.get("acts") == truth.get("acts")


def test_wotr_sample_is_seeded_and_redraws_only_what_the_viewer_cannot_see():
    truth, players = [x for x in positions(2, "war", 2, every=40)][3]
    for viewer, foe in ((players[0], "shadow"), (players[1], "free_peoples")):
        v = RULES.view(truth, viewer)
        a, b = sample(v, Rng(11)), sample(v, Rng(11))
        assert a == b
        mine = SEAT_SIDE.get(RULES.seat(truth, viewer), RULES.seat(truth, viewer))
        hands = [sample(v, Rng(k)) for k in range(30)]
        assert all(h["hands"][mine] == sorted(truth["hands"][mine]) for h in hands)
        assert len({tuple(h["hands"][foe]) for h in hands}) > 1          # the opponent's hand is redrawn
        assert len({tuple(h["decks"][foe]["strategy"]) for h in hands}) > 1   # and its decks' order
        assert len({h["rng"] for h in hands}) == 30
        for h in hands:          # every card the opponent may hold is one the viewer has not seen
            seen = set(v["cards"]["discards"][foe]) | set(v["cards"]["table"][foe])
            assert not seen & set(h["hands"][foe])
            assert sorted(h["hands"][foe] + h["decks"][foe]["character"] + h["decks"][foe]["strategy"]) == sorted(
                truth["hands"][foe] + truth["decks"][foe]["character"] + truth["decks"][foe]["strategy"])


@pytest.mark.parametrize(("n_players", "policy", "seed"), GAMES[1:4])
def test_wotr_sample_plays_on_to_the_end_of_the_game(n_players, policy, seed):
    """A sample is a whole state: the rules play it on (through apply) until the game ends."""
    truth, players = [x for x in positions(n_players, policy, seed, every=60)][4]
    s = sample(RULES.view(truth, players[-1]), Rng(3))
    rnd = random.Random(seed)
    for _ in range(5000):
        if s["result"] is not None:
            break
        player = RULES.waiting_for(s)[0]
        s, _ = RULES.apply(s, player, pick(rnd, s, RULES.legal_actions(s, player), policy))
    assert s["result"] is not None


@pytest.mark.parametrize(("n_players", "policy", "seed"), GAMES)
def test_wotr_view_log_names_no_card_of_a_hand_the_viewer_cannot_see(n_players, policy, seed):
    """The leak check the sampler relies on: no event of the public log names a card that is in a hand
    the viewer does not hold, nor the card at the top of a deck."""
    for truth, players in positions(n_players, policy, seed, every=25):
        text = json.dumps(truth["history"])
        for p in players:
            mine = RULES.seat(truth, p)
            hidden = [c for seat, cards in truth["hands"].items() if seat != mine for c in cards]
            hidden += [cards[-1] for decks in truth["decks"].values() for cards in decks.values() if cards]
            assert not [c for c in hidden if f'"{c}"' in text]
