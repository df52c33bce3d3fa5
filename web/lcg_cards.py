"""The Card Game's cards read in full on the web table's pages (a game's `web_cards`): every card in play
anyone may read (the quest, the active location, the staging area, each player's engaged enemies, heroes and
allies with their attachments), and in a seat's own page the cards in its hand. The presenter's words
(present/lcg.py), from the view alone: a public view holds no hand."""
from __future__ import annotations

from typing import TYPE_CHECKING

from i18n import t
from present import lcg as words

if TYPE_CHECKING:
    from engine.lcg.view_types import LcgView


def card_texts(view: LcgView, lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    in_play = [(words.card_name(card, lang), words.reading(card, lang)) for _, card in words.readable(view)]
    hand = [(words.card_name(entry.get("id"), lang), words.reading(entry.get("id"), lang))
            for entry in view.get("hand") or [] if isinstance(entry, dict)]
    return [(t(key, lang), cards) for key, cards in (("web.cards.in_play", in_play), ("web.cards.hand", hand))
            if cards]
