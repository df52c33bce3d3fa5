"""Where the die actions naming no region begin (engine/wotr/starts.py, the view's `decision.starts`): each
is one of the seat's legal actions, and moving armies begins exactly at the regions the move then offers."""
from __future__ import annotations

import random

from tests.wotr.helpers import R

STEPS = 400


def test_moving_armies_begins_exactly_where_the_move_then_offers_an_army_and_every_start_is_legal():
    s, rnd, checked = R.new_game(["fp", "sh"], {}, 3), random.Random(3), 0
    for _ in range(STEPS):
        if R.result(s) is not None:
            break
        player = R.waiting_for(s)[0]
        legal = R.legal_actions(s, player)
        decision = R.view(s, player)["decision"]
        if decision["kind"] == "act":
            assert R.view(s, None)["decision"].get("starts") is None  # the decider's alone
            for start in decision["starts"]:
                assert start["action"] in legal
            for move in (a for a in legal if a["type"] == "move_armies"):
                after, _ = R.apply(s, player, move)
                offered = {a["region"] for a in R.legal_actions(after, player) if a["type"] == "army_from"}
                begun = [x for x in decision["starts"] if x["action"] == move]
                assert {x["region"] for x in begun} == offered
                assert all(x["then"] == {"type": "army_from", "region": x["region"]} for x in begun)
                checked += 1
        s, _ = R.apply(s, player, rnd.choice(legal))
    assert checked > 5
