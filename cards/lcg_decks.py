"""Decks from where players keep them: a RingsDB decklist (its link or number, read through the public
JSON API) and an OCTGN `.o8d` file, into `{"heroes": [ids], "cards": [ids]}` like a pasted list.

Pure: the JSON and XML come in as text (fetching is table/deck_fetch.py's). Cards are matched by their
RingsDB code (`01073`) and their OCTGN id (`51223bd0-...`), both in cards/lcg.json; a card outside the
Core Set is refused by name (the .o8d file names its cards; a RingsDB list only gives codes, whose names
`names` may supply). The deck is then checked like any other (`cards.lcg.validate_deck`).
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

from i18n import t

from .lcg import DeckError, load_cards, validate_deck

# https://ringsdb.com/decklist/view/12345/a-name, .../decklist/12345, or the number alone.
_RINGSDB = re.compile(r"ringsdb\.com/(?:[a-z]{2}/)?(?:api/public/)?decklist/(?:view/)?(\d{1,9})|^\s*(\d{1,9})\s*$")
MAX_DECKS = 4  # a fellowship: 2 to 4 linked decks


class DeckImportError(ValueError):
    """A deck that cannot be brought: problems as (text key in i18n lcg_table, its parameters)."""

    def __init__(self, problems: list[tuple[str, dict]]):
        self.problems = problems
        super().__init__("; ".join(self.messages("en")))

    def messages(self, lang: str = "en") -> list[str]:
        return [t(f"lcg_table.deck.{code}", lang, **params) for code, params in self.problems]


@cache
def _by_code() -> dict[str, str]:
    return {c.code: c.id for c in load_cards().values() if c.is_player_card}


@cache
def _by_octgn() -> dict[str, str]:
    return {c.database_id.lower(): c.id for c in load_cards().values() if c.is_player_card}


def ringsdb_ids(text: str) -> list[int]:
    """The RingsDB decklist numbers a text gives (links or numbers, one per line or separated by spaces or
    commas); [] when it gives none, or anything else besides."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    found = [_RINGSDB.search(p) for p in parts]
    if not parts or not all(found):
        return []
    return [int(m.group(1) or m.group(2)) for m in found if m]


def _deck(named: list[tuple[str | None, str, int]]) -> dict:
    """(our id or None, the name or code the source gives, copies) -> the deck, or every problem."""
    unknown = [name for cid, name, _ in named if cid is None]
    if unknown:
        raise DeckImportError([("not_core", {"cards": ", ".join(dict.fromkeys(unknown))})])
    heroes: list[str] = []
    cards: list[str] = []
    for cid, _, copies in named:
        assert cid is not None
        (heroes if load_cards()[cid].type == "hero" else cards).extend([cid] * copies)
    problems = validate_deck(heroes, cards)
    if problems:
        raise DeckError(problems)
    return {"heroes": heroes, "cards": cards}


def read_ringsdb(text: str, names: Callable[[list[str]], dict[str, str]] | None = None) -> dict:
    """A decklist of RingsDB's public API (`slots`: code -> copies, heroes included). `names(codes)` gives
    the names of codes outside the Core Set, for the refusal (else they are named by their code)."""
    try:
        data = json.loads(text)
        slots = {str(code): int(n) for code, n in data["slots"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise DeckImportError([("bad_ringsdb", {})]) from None
    outside = [code for code in slots if code not in _by_code()]
    known = names(outside) if names and outside else {}
    return _deck([(_by_code().get(code), known.get(code, code), n) for code, n in slots.items() if n > 0])


def read_o8d(text: str) -> dict:
    """An OCTGN deck file: `<deck game=...><section name="Hero"><card qty="1" id="...">Aragorn</card>`...
    Sections other than the player's (the quest, encounter sections, a sideboard) are skipped."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        raise DeckImportError([("bad_o8d", {})]) from None
    if root.tag != "deck":
        raise DeckImportError([("bad_o8d", {})])
    named: list[tuple[str | None, str, int]] = []
    for section in root.iter("section"):
        if (section.get("name") or "").strip().lower() not in ("hero", "heroes", "ally", "attachment", "event",
                                                               "side quest", "player side quest"):
            continue
        for c in section.iter("card"):
            try:
                copies = int(c.get("qty") or 1)
            except ValueError:
                raise DeckImportError([("bad_o8d", {})]) from None
            named.append((_by_octgn().get((c.get("id") or "").lower()), (c.text or "").strip() or c.get("id", "?"),
                          copies))
    if not named:
        raise DeckImportError([("bad_o8d", {})])
    return _deck(named)
