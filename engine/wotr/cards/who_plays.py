"""Team games (3 and 4 players): which player of a side may play an event card, by what it acts with
(docs/wotr.md, "3 and 4 players": our reading, the rules we have say nothing of it).

A play that recruits units of a nation, promotes or replaces them, or chooses a nation to rouse acts
with that nation: it is made only by a player holding one of the nations it acts with
(seats.SEAT_NATIONS; a card naming nations of both teammates, as Musterings of Long-planned War, may
be played by either). A play that moves or attacks with an army is made only by the player controlling
that army (seats.army_controller). A card acting with nothing of a nation (the Hunt, corruption,
companions, hits on enemy armies, the Nazgûl, who fly for either Shadow player) may be played by
either. Decisions a card opens are filtered in the same way where they carry a `nation` (actions.py).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.wotr.seats import SEAT_NATIONS, army_controller

# card -> (s, choice) -> (nations it acts with, regions of the armies it moves or attacks with)
Acts = Callable[[dict, Mapping[str, Any]], tuple[tuple[str, ...], tuple[str, ...]]]


def _nations(*nations: str) -> Acts:
    return lambda s, choice: (nations, ())


def _chosen_nation(s: dict, choice: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return ((choice["nation"],) if "nation" in choice else ()), ()


def _army_from(s: dict, choice: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (), (choice["from"],)


def _army_in_region(s: dict, choice: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (), (choice["region"],)


def _gondor_if_recruiting(s: dict, choice: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Faramir's Rangers recruits in Osgiliath only with a Free Peoples army there (`kind` chosen)."""
    return (("gondor",) if "kind" in choice else ()), ()


ACTS_WITH: dict[str, Acts] = {
    "fp_char_23": _nations("gondor"),                 # House of the Stewards
    "fp_char_24": _chosen_nation,                     # The Grey Company
    "fp_str_06": _gondor_if_recruiting,               # Faramir's Rangers
    "fp_str_08": _chosen_nation,                      # Wisdom of Elrond
    "fp_str_09": _nations("rohan"),                   # The Red Arrow
    "fp_str_10": _army_from,                          # Help Unlooked For
    "fp_str_11": _army_from,                          # Paths of the Woses
    "fp_str_12": _army_from,                          # Through a Day and a Night
    "fp_str_13": _nations("elves"),                   # Círdan's Ships
    "fp_str_14": _nations("gondor"),                  # Guards of the Citadel
    "fp_str_15": _nations("elves"),                   # Celeborn's Galadhrim
    "fp_str_16": _nations("rohan"),                   # Riders of Theoden
    "fp_str_17": _nations("north"),                   # Grimbeorn the Old
    "fp_str_18": _nations("gondor"),                  # Imrahil of Dol Amroth
    "fp_str_19": _nations("north"),                   # King Brand's Men
    "fp_str_20": _nations("north", "dwarves"),        # Swords in Eriador
    "fp_str_21": _nations("elves"),                   # Kindred of Glorfindel
    "fp_str_22": _nations("dwarves"),                 # Dáin Ironfoot's Guard
    "fp_str_23": _nations("rohan"),                   # Éomer, Son of Éomund
    "fp_str_24": _nations("elves"),                   # Thranduil's Archers
    "sh_char_20": _army_in_region,                    # Grond, Hammer of the Underworld (the besiegers)
    "sh_char_24": _nations("sauron"),                 # The Black Captain Commands (the Witch-king's army)
    "sh_str_02": _army_in_region,                     # The Fighting Uruk-hai (the besiegers)
    "sh_str_10": lambda s, choice: ((), ("umbar",)),  # Corsairs of Umbar (the army of Umbar)
    "sh_str_11": _nations("isengard"),                # Rage of the Dunlendings
    "sh_str_12": _nations("sauron"),                  # Return of the Witch-king
    "sh_str_13": _nations("isengard"),                # Half-orcs and Goblin-men
    "sh_str_14": _nations("sauron"),                  # Olog-hai
    "sh_str_15": _nations("sauron"),                  # Hill-Trolls
    "sh_str_16": _nations("isengard"),                # A New Power is Rising
    "sh_str_17": _nations("southrons"),               # Many Kings to the Service of Mordor
    "sh_str_18": _nations("sauron"),                  # The King is Revealed
    "sh_str_19": _nations("sauron"),                  # Shadows on the Misty Mountains
    "sh_str_20": _nations("sauron"),                  # Orcs Multiplying Again
    "sh_str_21": _nations("southrons"),               # Hordes From the East
    "sh_str_22": _nations("sauron"),                  # Monsters Roused
    "sh_str_23": _nations("southrons", "sauron"),     # Musterings of Long-planned War
    "sh_str_24": _nations("sauron"),                  # Pits of Mordor
}


def may_play(s: dict, seat: str, side: str, action: Mapping[str, Any]) -> bool:
    """Whether the player at `seat` may make this play of an event card (a play_event action)."""
    acts = ACTS_WITH.get(action["card"])
    if acts is None:
        return True
    nations, armies = acts(s, action)
    return ((not nations or any(n in SEAT_NATIONS[seat] for n in nations))
            and all(army_controller(s, r, side) == seat for r in armies))
