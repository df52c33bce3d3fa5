"""Legal actions come in the same order in every process: the hash seed of Python's sets and str hashes
must not leak into them, or buttons move after a restart and benchmark games differ between runs.

Each game plays the same seeded random games in two fresh processes with different PYTHONHASHSEED
values; a digest of every legal-action list met on the way must be the same in both."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import engine

SCRIPT = r"""
import hashlib, json, random, sys
import engine

game = sys.argv[1]
rules = engine.get_rules(game)
digest = hashlib.sha256()
setups = {"confrontation": [(["a", "b"], o) for o in ({}, {"mode": "variant"},
                            {"mode": "draft", "special_cards": "choose"}, {"special_cards": "announce"})],
          "fellowship": [(["a", "b", "c"], {}), (["a", "b", "c", "d"], {})],
          "lcg": [(["a"], {}), (["a", "b"], {})]}.get(game, [(["a", "b"], {})])
for seed in range(4):
    for players, options in setups:
        rnd = random.Random(seed)
        state = rules.new_game(players, options, seed)
        for _ in range(400):
            if rules.result(state) is not None:
                break
            player = rnd.choice(sorted(rules.waiting_for(state)))
            acts = rules.legal_actions(state, player)
            # A setup placement list is a lazy sequence of 15,120: its ends stand for it.
            shown = list(acts) if len(acts) < 500 else [len(acts), acts[0], acts[len(acts) // 2], acts[-1]]
            digest.update(json.dumps(shown, sort_keys=True).encode())
            state, _ = rules.apply(state, player, acts[rnd.randrange(len(acts))])
print(digest.hexdigest())
"""


def _digest(game: str, hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run([sys.executable, "-c", SCRIPT, game], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("game", engine.available_games())
def test_legal_actions_in_the_same_order_under_any_hash_seed(game):
    assert _digest(game, "1") == _digest(game, "2")
