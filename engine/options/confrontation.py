"""The Confrontation's options: the rules' mode, the special cards, one game or a two-game match."""
from __future__ import annotations

MODES = ("classic", "variant", "draft", "hidden_draft")
SPECIAL_CARDS = ("none", "choose", "announce")
# Every option the engine takes, with what it plays when the option is not given.
DEFAULTS = {"mode": "classic", "special_cards": "none", "match": False}
