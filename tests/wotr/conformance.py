"""War of the Ring's test support for the conformance suite (tests/conformance/): the one setup (two
players, no option), random play by kind of action, and twin states (the hidden hands and deck order)."""
from __future__ import annotations

from engine.wotr.state import FP, SH, deep_copy

SETUPS = [(2, {})]
MAX_STEPS = 20_000


def choose(rnd, state: dict, player: str, legal: list[dict]) -> dict:
    """A random kind of action, then one of that kind: uniform play would mostly fly Nazgûl around."""
    kind = rnd.choice(sorted({a["type"] for a in legal}))
    return rnd.choice([a for a in legal if a["type"] == kind])


def twin(state: dict, viewer: str | None, rnd) -> dict | None:
    """Every deck reshuffled, and each hand the viewer does not hold dealt again from its side's cards
    (same deck kind for each card, so every size stays the same); None when nothing could differ."""
    t = deep_copy(state)
    mine = {FP: state["players"][0], SH: state["players"][1]}
    for side in (FP, SH):
        decks = t["decks"][side]
        if mine[side] != viewer:
            pool = {kind: list(decks[kind]) for kind in ("character", "strategy")}
            hand = t["hands"][side]
            kinds = ["character" if "_char_" in c else "strategy" for c in hand]
            for kind, card in zip(kinds, hand):
                pool[kind].append(card)
            for cards in pool.values():
                rnd.shuffle(cards)
            t["hands"][side] = [pool[kind].pop() for kind in kinds]
            decks["character"], decks["strategy"] = pool["character"], pool["strategy"]
        else:
            for cards in decks.values():
                rnd.shuffle(cards)
    return None if t == state else t
