"""The board's coastal regions (Círdan's Ships, Corsairs of Umbar): a fact of the printed map that the
shared map data (shared/data/wotr/map.json) does not carry.

No list was found in the sources we could search (rulebook summaries, FAQs, public implementations: the
one public engine we read calls its own list an approximation), so this is OUR reading of the printed
map, written down once here: a region is coastal when it touches the open sea (the Gulf of Lhûn, the
western sea, the Bay of Belfalas and the mouths of the Anduin), not when it only borders a river or a
lake. docs/wotr.md ("Rulings where the sources are open") says so.
"""
from __future__ import annotations

COASTAL = frozenset({
    "forlindon", "grey_havens", "harlindon",                 # Lindon and the Gulf of Lhûn
    "minhiriath", "enedwaith", "druwaith_iaur", "andrast",   # the western shore down to Cape Andrast
    "anfalas", "dol_amroth", "lamedon", "pelargir",          # Gondor's shore, round the Bay of Belfalas
    "west_harondor", "umbar",                                # the southern shore
})
