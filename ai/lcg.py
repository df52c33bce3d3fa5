"""A bot for The Lord of the Rings: The Card Game that plays a second deck beside a lone player
("two-handed" play). Its input is its seat's view and its own legal actions.

Rules of thumb: keep the opening hand; in an action window play the first card it can pay for, and
otherwise pass (it never uses repeatable card abilities, so a window always ends); commit every
character to the quest but one, kept back to defend; defend with the first character that may, attack
the first enemy it can with the first characters that may; answer a choice with its first option and
take any response the game offers.
"""
from __future__ import annotations

PREFERENCE = {
    "keep": 5, "play": 4, "commit": 3, "defend": 3, "attack": 3, "attacker": 3, "choose": 2,
    "respond": 2, "resolve": 1, "pass": 0, "done": 0, "no_defender": 0, "decline": -1, "mulligan": -5, "activate": -5,
}


def choose(view: dict, legal: list[dict]) -> dict:
    commits = [a for a in legal if a["type"] == "commit"]
    if commits and len(commits) == 1:
        return next(a for a in legal if a["type"] == "done")  # the last character stays home
    return max(legal, key=lambda a: PREFERENCE.get(a["type"], 0))
