"""The Card Game's options: the scenario or the campaign, easy mode, shadow cards, the players' decks and
auto-pass, the first player."""
from __future__ import annotations

# The scenarios the engine plays.
SCENARIOS = ("passage_through_mirkwood", "journey_down_the_anduin", "escape_from_dol_guldur")
# The campaign (rulebook, "Jeu Expert"): the Core Set's scenarios in the rulebook's order with the same
# players, decks and heroes; "nightmare" carries threat, damage and decks over from one to the next.
CAMPAIGN = ("passage_through_mirkwood", "journey_down_the_anduin", "escape_from_dol_guldur")
CAMPAIGN_LEVELS = ("standard", "nightmare")
# Every option the engine takes, with what it plays when the option is not given (None: nothing, or what
# the table decides: the starter decks, a random first player, every scenario of the campaign).
DEFAULTS = {"scenario": SCENARIOS[0], "campaign": None, "scenarios": None, "easy": False, "shadows": True,
            "decks": None, "auto_pass": None, "first_player": None, "auto_pass_alone": False}
