"""War of the Ring's test support for the conformance suite (tests/conformance/): setups to play, a
random policy, and twin states (the hands a viewer cannot see, every deck's order)."""
from __future__ import annotations

from engine.wotr.state import FP, SH, deep_copy

SETUPS: list[tuple[int, dict]] = [(2, {})]
MAX_STEPS = 20_000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    return rnd.choice(legal)


def _reshuffle_side(t: dict, side: str, rnd, hand_hidden: bool) -> None:
    """Deal the side's unseen cards again: the same number per deck (and per hand type if hidden)."""
    decks = t["decks"][side]
    pool = decks["character"] + decks["strategy"] + (t["hands"][side] if hand_hidden else [])
    rnd.shuffle(pool)
    chars = [c for c in pool if c.split("_")[1] == "char"]
    strats = [c for c in pool if c.split("_")[1] == "str"]
    if hand_hidden:
        t["hands"][side] = [(chars if c.split("_")[1] == "char" else strats).pop() for c in t["hands"][side]]
    t["decks"] = {**t["decks"], side: {"character": chars, "strategy": strats}}


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """The same state with the other side's hand (and, for the public, both hands) dealt again from the
    cards that viewer has not seen, and every deck in another order."""
    side = {state["players"][0]: FP, state["players"][1]: SH}.get(viewer)
    t = deep_copy(state)
    for s in (FP, SH):
        _reshuffle_side(t, s, rnd, hand_hidden=s != side)
    return t if t != state else None
