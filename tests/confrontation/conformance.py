"""The Confrontation's test support for the conformance suite (tests/conformance/): setups to play,
and twin states (two hidden characters of one side swapping places)."""
from __future__ import annotations

from engine.confrontation.state import clone, knows

SETUPS = [(2, {"mode": "classic", "special_cards": "none"}), (2, {"mode": "variant", "special_cards": "choose"}),
          (2, {"mode": "hidden_draft", "special_cards": "announce"})]
MAX_STEPS = 3000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    return rnd.choice(legal)


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """The same state with two pieces of one side, both unknown to the viewer, swapping characters."""
    viewer_side = next((side for side, pid in state["sides"].items() if pid == viewer), None)
    t = clone(state)
    sides = sorted({p["side"] for p in t["pieces"]})
    rnd.shuffle(sides)
    for side in sides:
        hidden = [p for p in t["pieces"] if p["side"] == side and not knows(viewer_side, p)]
        if len(hidden) >= 2:
            a, b = rnd.sample(hidden, 2)
            if a["char"] != b["char"]:
                a["char"], b["char"] = b["char"], a["char"]
                return t
    return None
