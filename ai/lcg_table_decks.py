"""The decks the Card Game bot brings to a table: on Journey Down the Anduin and Escape from Dol Guldur, the decks
it was tuned and measured with that also did better beside a starter deck than a starter deck (ai/lcg_anduin.py,
ai/lcg_dolguldur.py, docs/lcg.md); elsewhere the starter deck its seat is dealt (on Passage Through Mirkwood the Leadership starter beat every deck tried alone).

A bot seat gets such a deck only when none of its heroes is held by a deck a player brought, by the starter
deck a seat without a deck is dealt (the engine's default: the seat's sphere, engine/lcg/setup.py), or by a
deck given to an earlier bot: the people at the table keep the decks they would have had without it. A campaign
keeps the starter decks (one deck plays every scenario).
"""
from __future__ import annotations

from cards.lcg import starter_deck
from engine.kernel import IllegalAction
from engine.lcg import RULES
from engine.lcg.data import SPHERES

from . import lcg_anduin, lcg_dolguldur


def scenario_decks(scenario: str) -> list[dict]:
    """The bot's decks for a scenario, best first (none: the starter decks)."""
    if scenario == "journey_down_the_anduin":
        # Only its deck for one player: the pair's second deck did worse beside a player's Leadership starter
        # than the Tactics starter (seeds 5000-5399, a bot in the player's seat: 36 games of 400 past the first
        # stage against 77), the first better beside the Tactics starter than the Leadership one (145 against 77).
        return [lcg_anduin.DECKS[0]]
    if scenario == "escape_from_dol_guldur":
        return list(lcg_dolguldur.decks(["a", "b"]).values())
    return []


def with_bot_decks(options: dict, order: list[str], bots: list[str]) -> dict:
    """The table's options with a deck for each bot seat that brought none (see the module's docstring)."""
    if "campaign" in options:
        return options
    decks = dict(options.get("decks") or {})
    held = {h for d in decks.values() for h in _heroes(d)}
    held |= {h for i, p in enumerate(order) if p not in decks and p not in bots
             for h in _heroes(SPHERES[i % len(SPHERES)])}
    pool = scenario_decks(options.get("scenario", ""))
    for p in order:
        if p not in bots or p in decks:
            continue
        deck = next((d for d in pool if not held & set(d["heroes"]) and _deals(options, order, {**decks, p: d})), None)
        if deck is not None:
            decks[p] = deck
            held |= set(deck["heroes"])
    return {**options, "decks": decks} if decks else options


def _deals(options: dict, order: list[str], decks: dict) -> bool:
    """Whether the game deals every seat a deck with these (the engine judges: a seat left without one has no
    starter deck free of the heroes taken). A dry deal, at the table's start only (about a millisecond)."""
    try:
        RULES.new_game(order, {**options, "decks": decks}, 0)
    except IllegalAction:
        return False
    return True


def _heroes(deck: object) -> list[str]:
    """A deck's heroes: a sphere names its starter deck; a malformed deck (the engine refuses it) holds none."""
    if isinstance(deck, str):
        return list(starter_deck(deck).heroes) if deck in SPHERES else []
    heroes = deck.get("heroes") if isinstance(deck, dict) else None
    return [h for h in heroes if isinstance(h, str)] if isinstance(heroes, list) else []
