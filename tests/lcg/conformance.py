"""The Card Game's test support for the conformance suite (tests/conformance/): setups to play, a
random policy that passes often enough for games to end, and twin states (other players' hands and
decks, the encounter deck's order)."""
from __future__ import annotations

import random

from tests.lcg.helpers import R

SETUPS = [(1, {}), (2, {}), (3, {"easy": True}), (4, {"shadows": False}),
          (2, {"scenario": "escape_from_dol_guldur"}), (3, {"scenario": "escape_from_dol_guldur", "easy": True})]
MAX_STEPS = 4000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    if legal[0]["type"] == "pass" and rnd.random() < 0.6:
        return legal[0]
    return rnd.choice(legal)


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """Another state differing only in what `viewer` cannot see: others' hands and decks, the order of
    its own deck and of the encounter deck, which cards lie face down as Orc Guards, what others alone
    looked at, another player's pending options."""
    t = R.load(R.dump(state))
    seed = rnd.randrange(1 << 30)
    for p, pl in t["players"].items():
        if p != viewer and pl["hand"] and pl["deck"]:
            pool = pl["hand"] + pl["deck"]
            random.Random(seed).shuffle(pool)
            pl["hand"], pl["deck"] = pool[:len(pl["hand"])], pool[len(pl["hand"]):]
        elif p == viewer and len(pl["deck"]) > 1:
            random.Random(seed + 1).shuffle(pl["deck"])
    random.Random(seed + 2).shuffle(t["edeck"])
    for alias, real in t.get("face_down", {}).items():   # a face-down card (Orc Guard): any card of that deck
        deck = t["players"][t["owner"][real]]["deck"]
        if deck:
            k = random.Random(seed + 3).randrange(len(deck))
            t["face_down"][alias], deck[k] = deck[k], real
    for k in list(t["seen"]):
        if k != viewer:
            t["seen"][k] = {"encounter": {"uid": "?", "id": "?"}}
    if t["decision"] and t["decision"]["player"] != viewer and "options" in t["decision"]:
        t["decision"] = dict(t["decision"], options=["hidden"])
    return t
