"""Decks from where players keep them, read the same way whichever door they come through (a file, a
pasted text, the console's --deck): an OCTGN `.o8d` file, a RingsDB decklist's JSON or its link or number,
or a list (cards/lcg_decklist.py), into the table's `decks` option (`{"heroes", "cards"}`, or a Core
starter deck's sphere).

Pure: files come in as bytes or text, RingsDB's answers as text (fetching is table/deck_fetch.py's).
Cards are matched by their OCTGN id (`51223bd0-...`) and their RingsDB code (`01073`), both in
cards/lcg.json; a card outside the Core Set is refused by name (the .o8d file names its cards; a RingsDB
list only gives codes, whose names the caller may supply). Every size and quantity is bounded before
anything is built: a text of at most MAX_TEXT, at most MAX_QUANTITY copies on an entry, MAX_DECKS decks.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache

from i18n import t

from .lcg import load_cards, starter_deck
from .lcg_decklist import MAX_QUANTITY, build_deck, read_deck

# https://ringsdb.com/decklist/view/12345/a-name, .../decklist/12345, or the number alone.
_RINGSDB = re.compile(r"ringsdb\.com/(?:[a-z]{2}/)?(?:api/public/)?decklist/(?:view/)?(\d{1,9})|^\s*(\d{1,9})\s*$")
MAX_DECKS = 4  # a fellowship: 2 to 4 linked decks
MAX_TEXT = 100_000  # bytes of a file, characters of a text: a real deck is a few kB
MAX_NAMED = 10  # cards named in one refusal; the rest are counted
_PLAYER_SECTIONS = ("hero", "heroes", "ally", "attachment", "event", "side quest", "player side quest")


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


def decode(data: bytes) -> str:
    """A file's text as the tools that write decks save it: UTF-8 with or without a byte-order mark, UTF-16
    (with a mark, or without one when every other byte is a zero), or a Windows code page for a list saved
    by an old editor. DeckImportError("file_not_text") for anything else (a picture, an archive)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    elif len(data) > 1 and data[1::2].count(0) > len(data) // 4 and not data[::2].count(0):
        encodings = ["utf-16-le"]
    elif len(data) > 1 and data[::2].count(0) > len(data) // 4 and not data[1::2].count(0):
        encodings = ["utf-16-be"]
    else:
        encodings = ["utf-8-sig", "cp1252"]
    for encoding in encodings:
        try:
            text = data.decode(encoding).lstrip("\ufeff")
        except UnicodeDecodeError:
            continue
        if not re.search(r"[\x00-\x08\x0b\x0e-\x1f\x7f]", text):
            return text
    raise DeckImportError([("file_not_text", {})])


def ringsdb_ids(text: str) -> list[int]:
    """The RingsDB decklist numbers a text gives (links or numbers, one per line or separated by spaces or
    commas); [] when it gives none, or anything else besides."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    found = [_RINGSDB.search(p) for p in parts]
    if not parts or not all(found):
        return []
    return [int(m.group(1) or m.group(2)) for m in found if m]


def _deck(entries: list[tuple[str | None, str, str]]) -> dict | str:
    """(our id or None, the name or code the source gives, its quantity as written) -> the deck, or every
    problem: quantities out of bounds, then cards outside the Core Set, then the deck-building rules."""
    copies: dict[str, int] = {}
    unknown: list[str] = []
    bad: list[tuple[str, dict]] = []
    for cid, name, qty in entries:
        n = int(qty) if re.fullmatch(r"\s*\d{1,9}\s*", qty) else -1
        if not 0 <= n <= MAX_QUANTITY:
            bad.append(("bad_quantity", {"card": name[:60], "count": qty.strip()[:12], "maximum": MAX_QUANTITY}))
        elif cid is None and n:
            unknown.append(name[:60])
        elif cid is not None and n:
            copies[cid] = copies.get(cid, 0) + n
    if bad:
        raise DeckImportError(bad[:MAX_NAMED])
    if unknown:
        names = list(dict.fromkeys(unknown))
        more = [("more_cards", {"count": len(names) - MAX_NAMED})] if len(names) > MAX_NAMED else []
        raise DeckImportError([("not_core", {"cards": ", ".join(names[:MAX_NAMED])}), *more])
    return build_deck(copies)


def ringsdb_slots(text: str) -> dict[str, str]:
    """A RingsDB decklist's JSON (`slots`: code -> copies, heroes included) as code -> quantity as written."""
    try:
        slots = json.loads(text)["slots"]
        return {str(code)[:12]: str(n) for code, n in slots.items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise DeckImportError([("bad_ringsdb", {})]) from None


def ringsdb_outside(slots: dict[str, str]) -> list[str]:
    """The codes of a decklist that are no Core Set player card (their names are looked up for the refusal)."""
    return [code for code in slots if code not in _by_code()]


def ringsdb_deck(slots: dict[str, str], names: dict[str, str] | None = None) -> dict | str:
    """The deck of a RingsDB decklist's slots; `names` gives the names of codes outside the Core Set (else
    they are named by their code)."""
    names = names or {}
    ids = {code: _by_code().get(code) for code in slots}
    return _deck([(cid, names.get(code) or (load_cards()[cid].name.en if cid else code), slots[code])
                  for code, cid in ids.items()])


def read_o8d(text: str) -> dict | str:
    """An OCTGN deck file: `<deck game=...><section name="Hero"><card qty="1" id="...">Aragorn</card>`...
    Sections other than the player's (the quest, encounter sections, a sideboard) are skipped. A web page
    is said to be one; entity declarations are refused unread (no expansion to parse)."""
    head = text.lstrip()[:300].lower()
    if head.startswith(("<!doctype html", "<html")) or "<html" in head:
        raise DeckImportError([("html_page", {})])
    if "<!doctype" in text.lower() or "<!entity" in text.lower():
        raise DeckImportError([("bad_o8d", {})])
    try:
        root = ET.fromstring(re.sub(r"^\s*<\?xml[^>]*\?>", "", text))
    except ET.ParseError:
        raise DeckImportError([("bad_o8d", {})]) from None
    if root.tag.lower() == "html":
        raise DeckImportError([("html_page", {})])
    if root.tag != "deck":
        raise DeckImportError([("bad_o8d", {})])
    entries = [(_by_octgn().get((c.get("id") or "").lower()), (c.text or "").strip() or c.get("id") or "?",
                c.get("qty") or "1")
               for section in root.iter("section")
               if (section.get("name") or "").strip().lower() in _PLAYER_SECTIONS for c in section.iter("card")]
    if not entries:
        raise DeckImportError([("no_player_cards", {})])
    return _deck(entries)


def read_here(text: str) -> dict | str | list[int]:
    """What a text holds, read without the network: a deck (an .o8d file, a RingsDB decklist's JSON, a
    list), or the RingsDB decklist numbers it gives, to fetch. DeckImportError or DeckError otherwise."""
    text = text.lstrip("\ufeff")
    if len(text) > MAX_TEXT:
        raise DeckImportError([("text_too_big", {"kb": MAX_TEXT // 1000})])
    if text.lstrip().startswith("<"):
        return read_o8d(text)
    if text.lstrip().startswith("{"):
        try:
            return ringsdb_deck(ringsdb_slots(text))
        except DeckImportError as exc:
            raise DeckImportError([("bad_json", {})]) if exc.problems[0][0] == "bad_ringsdb" else exc from None
    return ringsdb_ids(text) or read_deck(text)


def heroes_of(deck: dict | str) -> list[str]:
    """The heroes of a deck as the `decks` option holds it (a starter deck by its sphere)."""
    return list(starter_deck(deck).heroes) if isinstance(deck, str) else list(deck["heroes"])


def size_of(deck: dict | str) -> int:
    return len(starter_deck(deck).cards) if isinstance(deck, str) else len(deck["cards"])
