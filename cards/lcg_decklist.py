"""Deck lists as players paste them: text in, `{"heroes": [ids], "cards": [ids]}` out.

Accepted, one card per line: `2x Card Name`, `2 Card Name`, `Card Name x2`, `Card Name` (one copy), with
an optional set or note in parentheses or brackets after the name (`3x Gandalf (Core Set)`). Names in
English or French, or card ids, ignoring case, accents and punctuation. Heroes are recognised by their
card type, wherever they stand. Section headers (`Heroes (3)`, `Alliés :`, `== Events ==`), blank lines,
`#` / `//` comments and totals (`Total: 50 cards`) are skipped. Every line that is none of these is
reported (`unknown_line`, with its number and text); the deck itself is then checked by
`cards.lcg.validate_deck`.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache

from .lcg import MIN_DECK, DeckError, DeckProblem, load_cards, validate_deck

MAX_COPIES_ON_A_LINE = 99
_HEADERS = {"hero", "heroes", "heros", "ally", "allies", "allie", "attachment", "attachments",
            "attachement", "attachements", "event", "events", "evenement", "evenements",
            "deck", "main deck", "player cards", "cartes joueur", "cartes de joueur", "player deck",
            "deck de joueur", "cards", "cartes", "characters", "personnages"}
_COUNT_BEFORE = re.compile(r"^(\d{1,2})\s*[x×]?\s+(.+)$")
_COUNT_AFTER = re.compile(r"^(.+?)\s+[x×](\d{1,2})$")
_NOTE = re.compile(r"\s*[(\[][^)\]]*[)\]]\s*$")


def fold(text: str) -> str:
    """Lower case, no accents, no apostrophes, other punctuation as single spaces."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    plain = re.sub(r"['’`´]", "", plain.casefold())
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


@cache
def _names() -> dict[str, str]:
    """Folded English name, French name and id of every player card -> its id."""
    out: dict[str, str] = {}
    for c in load_cards().values():
        if c.is_player_card:
            for name in (c.name.en, c.name.fr, c.id):
                out[fold(name)] = c.id
    return out


def _header(line: str) -> bool:
    words = fold(re.sub(r"\(\s*\d+\s*\)|\d+", "", line))
    return words in _HEADERS or words.startswith("total")


def parse(text: str) -> tuple[list[str], list[str], list[DeckProblem]]:
    """(heroes, cards with one entry per copy, problems of lines that name no player card)."""
    heroes: list[str] = []
    cards: list[str] = []
    problems: list[DeckProblem] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().strip("*-•·=").strip()
        if not line or line.startswith(("#", "//")):
            continue
        count, name = 1, line
        if m := _COUNT_BEFORE.match(line):
            count, name = int(m.group(1)), m.group(2)
        elif m := _COUNT_AFTER.match(line):
            name, count = m.group(1), int(m.group(2))
        name = _NOTE.sub("", name).strip()
        cid = _names().get(fold(name))
        if cid is None or count < 1:
            if count == 1 and _header(line):
                continue
            problems.append(DeckProblem(code="unknown_line", params={"line": number, "text": raw.strip()[:80]}))
            continue
        if load_cards()[cid].type == "hero":
            heroes += [cid] * count
        else:
            cards += [cid] * count
    return heroes, cards, problems


def read_deck(text: str, *, min_cards: int = MIN_DECK) -> dict:
    """The deck a pasted list describes, as the engine's `decks` option takes it; DeckError listing the
    lines it could not read, or else every construction rule the deck breaks."""
    if not text.strip():
        raise DeckError([DeckProblem(code="empty_list")])
    heroes, cards, problems = parse(text)
    if problems:
        raise DeckError(problems)
    problems = validate_deck(heroes, cards, min_cards=min_cards)
    if problems:
        raise DeckError(problems)
    return {"heroes": heroes, "cards": cards}
