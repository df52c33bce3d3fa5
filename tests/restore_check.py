"""Cold restore: a game dumped mid-play and loaded in a new process must go on exactly as the live one.

`play(game, ...)` plays seeded random legal steps in this process and keeps, at every step, a
fingerprint of the state (its dump, keys in order) and of every player's legal actions, plus dumps at
some steps. `continue_elsewhere(...)` hands each dump and the actions that followed it to a fresh
Python process started with another PYTHONHASHSEED (`python -m tests.restore_check`), which loads the
dump, replays the same actions and returns its own fingerprints. Generic over `engine.get_rules`, so a
new game joins by being declared (games.playable()).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field

import engine


def fingerprint(rules, state: dict, players: list[str]) -> str:
    """The exact state (key order included) and what each player may do, as one digest."""
    legal = [list(rules.legal_actions(state, p)) for p in players]  # may be a lazy sequence
    text = rules.dump(state) + json.dumps([rules.waiting_for(state), legal], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Played:
    game: str
    players: list[str]
    moves: list = field(default_factory=list)          # (player, action) in order
    prints: list = field(default_factory=list)         # fingerprint before move i, and after the last
    dumps: dict = field(default_factory=dict)          # step -> rules.dump(state) before move `step`


def play(game: str, players: list[str], seed: int, steps: int, dump_at: list[int]) -> Played:
    rules = engine.get_rules(game)
    rng = random.Random(seed)
    state = rules.new_game(players, {}, seed)
    out = Played(game, list(players))
    for step in range(steps + 1):
        out.prints.append(fingerprint(rules, state, players))
        if step in dump_at:
            out.dumps[step] = rules.dump(state)
        if step == steps or rules.result(state) is not None:
            break
        player = rng.choice(rules.waiting_for(state))
        action = rng.choice(rules.legal_actions(state, player))
        out.moves.append((player, action))
        state, _ = rules.apply(state, player, action)
    return out


def other_hash_seed() -> str:
    """A PYTHONHASHSEED different from this process's (random when unset, so any fixed one differs)."""
    return "271828" if os.environ.get("PYTHONHASHSEED") != "271828" else "314159"


def continue_elsewhere(played: Played) -> dict[int, list[str]]:
    """For every dump: the fingerprints a fresh process computes while replaying the moves after it."""
    job = {"game": played.game, "players": played.players, "starts": [
        {"step": step, "dump": text, "moves": played.moves[step:]} for step, text in played.dumps.items()]}
    env = dict(os.environ, PYTHONHASHSEED=other_hash_seed())
    done = subprocess.run([sys.executable, "-m", "tests.restore_check"], input=json.dumps(job), check=False,
                          capture_output=True, text=True, env=env, timeout=600)
    if done.returncode != 0:
        raise AssertionError(f"the fresh process failed:\n{done.stderr[-3000:]}")
    return {int(k): v for k, v in json.loads(done.stdout).items()}


def _replay(job: dict) -> dict[int, list[str]]:
    rules = engine.get_rules(job["game"])
    out = {}
    for start in job["starts"]:
        state = rules.load(start["dump"])
        prints = [fingerprint(rules, state, job["players"])]
        for player, action in start["moves"]:
            state, _ = rules.apply(state, player, action)
            prints.append(fingerprint(rules, state, job["players"]))
        out[start["step"]] = prints
    return out


if __name__ == "__main__":
    json.dump(_replay(json.load(sys.stdin)), sys.stdout)
