"""Fingerprints of seeded random games, to show that a speed-up changed no rule.

A game is played through the kernel protocol with a seeded random policy; at every step the state (all
but the log, whose events are hashed as `apply` returns them), the list of legal actions and the action
chosen are folded into a running SHA-256. The hash is kept every CHECKPOINT steps and at the end, so a
difference is found within a few steps without storing the states.

    python -m tests.wotr.trace     rewrite tests/wotr/traces.json (only when a rule changes on purpose)
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from ai.wotr_playout_rules import random_action
from tests.wotr.helpers import R

FILE = Path(__file__).with_name("traces.json")
CHECKPOINT = 50
# (seed, policy of ai.wotr_playout_rules.random_action)
GAMES = ((0, "type"), (1, "type"), (2, "uniform"), (3, "quest"), (4, "quest"))


def _canon(o) -> bytes:
    return json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def fingerprint(seed: int, policy: str) -> list[str]:
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    h = hashlib.sha256()
    marks, step = [], 0
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        acts = R.legal_actions(s, pid)
        a = random_action(rnd, acts, policy)
        h.update(_canon([{k: v for k, v in s.items() if k not in ("log", "history")}, acts, a]))
        s, events = R.apply(s, pid, a)
        h.update(_canon(events))
        step += 1
        if step % CHECKPOINT == 0:
            marks.append(h.hexdigest()[:16])
    h.update(_canon(s))
    return marks + [h.hexdigest()[:16]]


def record() -> dict:
    return {f"{seed}:{policy}": fingerprint(seed, policy) for seed, policy in GAMES}


if __name__ == "__main__":
    FILE.write_text("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in record().items()) + "\n}\n")
    print(f"wrote {FILE}")
