"""The sampler of hidden states (engine/confrontation/sampler.py): every sample looks exactly like the
true state to the player it was drawn for, behaves like a real state, and does not simply give back
the truth."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine.confrontation.sampler import sample
from engine.kernel import Rng

R = engine.get_rules("confrontation")
PLAYERS = ["fp", "sp"]
OPTIONS = [{"mode": m, "special_cards": sp} for m, sp in
           [("classic", "none"), ("variant", "choose"), ("draft", "announce"), ("hidden_draft", "choose"),
            ("classic", "choose")]]


def canon(actions):
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def play_positions(seed, options, every=3):
    """Positions met along a seeded random game, once the pieces are on the board."""
    rnd = random.Random(seed)
    state = R.new_game(PLAYERS, options, seed)
    step = 0
    while R.result(state) is None:
        if state["phase"] == "play" and step % every == 0:
            yield state
        player = rnd.choice(sorted(R.waiting_for(state)))
        acts = R.legal_actions(state, player)
        state, _ = R.apply(state, player, acts[rnd.randrange(len(acts))])
        step += 1


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['mode']}-{o['special_cards']}")
def test_every_sample_gives_its_player_the_same_view(options):
    checked = 0
    for seed in range(6):
        for state in play_positions(seed, options):
            for player in PLAYERS:
                v = R.view(state, player)
                rng = Rng(seed * 1000 + checked)
                for _ in range(2):
                    s = sample(v, rng)
                    assert R.view(s, player) == v
                    assert canon(R.legal_actions(s, player)) == canon(R.legal_actions(state, player))
                    checked += 1
    assert checked > 200


def test_a_sample_plays_on_to_the_end_like_a_real_game():
    rnd = random.Random(5)
    for seed in range(4):
        for n, state in enumerate(play_positions(seed, {"mode": "variant", "special_cards": "choose"}, every=7)):
            s = sample(R.view(state, PLAYERS[n % 2]), Rng(n))
            for _ in range(2000):
                if R.result(s) is not None:
                    break
                player = rnd.choice(R.waiting_for(s))
                s, _ = R.apply(s, player, rnd.choice(R.legal_actions(s, player)))
            assert R.result(s) is not None


def test_samples_draw_the_opponents_secrets_rather_than_copy_them():
    state = next(iter(play_positions(1, {"mode": "classic", "special_cards": "none"})))
    v = R.view(state, "sp")
    lineups = {tuple(p["char"] for p in sample(v, Rng(i))["pieces"] if p["side"] == "fellowship")
               for i in range(30)}
    hands = {tuple(sorted(sample(R.view(state, "fp"), Rng(i))["hands"]["sauron"])) for i in range(30)}
    assert len(lineups) > 10
    assert len(hands) == 1  # a full hand at the start: nothing to guess
