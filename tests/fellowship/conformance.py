"""La Communauté's test support for the conformance suite (tests/conformance/): setups to play, and
twin states (the hidden order of the event and enemy decks)."""
from __future__ import annotations

from engine.fellowship.state import copy_state

SETUPS = [(3, {}), (4, {}), (3, {"left_out": "merry"})]
MAX_STEPS = 5000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    return rnd.choice(legal)


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """The same state with other cards on top of the decks; None for a viewer who has seen the tops
    (the Ring-bearer's peek, a player shown the event cards)."""
    knows = {state["peek"]["player"]} if state["peek"] else set()
    if viewer in knows | set(state["seen"]):
        return None
    t = copy_state(state)
    changed = False
    for kind in ("event", "enemy"):
        deck = t["decks"][kind]
        if len(deck) >= 2:
            j = rnd.randrange(1, len(deck))
            if deck[0] != deck[j]:
                deck[0], deck[j] = deck[j], deck[0]
                changed = True
            if t["peek"]:
                t["peek"][kind] = deck[0]
    for seen in t["seen"].values():
        seen[:] = list(t["decks"]["event"][: len(seen)])
    return t if changed else None
