"""Deck lists as players paste or export them: text in, the table's `decks` option out.

One card per line: `2x Card Name`, `2 Card Name`, `x2 Card Name`, `Card Name x2`, `Card Name (x2)`,
`Card Name` (one copy), in English or French or as card ids, ignoring case, accents and punctuation; a
bullet before it (`• Denethor`). Heroes are recognised by their card type, wherever they stand.

A note after a name (in parentheses or brackets, or CardGameDB's bare `Core Set 10`) is read, never
dropped: the Core Set (`Core`, `Core Set`, `Boîte de base`, the card's number or RingsDB code), the
card's sphere or type, a count, a hero's threat. Any other note (a pack, `Glorfindel (FoS)`, or a note not
understood) refuses the line by name: a card of another pack is not the Core card of the same name.

Skipped: blank lines, `#` / `//` comments, section headers with or without a note (`Heroes (3)`,
`Hero (starting threat: 26)`, `Alliés :`, `== Events ==`), the cards of a sideboard, information lines
(`Packs: Core Set`, `Total: 50 cards`, `Starting threat: 26`), and a title on the first line when a
blank line or a header follows it (RingsDB's text export). `Heroes: Aragorn, Éowyn, Eleanor` lists
cards after a header. Every other line is refused with its number and text (`unknown_line`).

`build_deck` is the last step of every reader (lists, .o8d files, RingsDB): bounded quantities and
size, the Core starter decks recognised, then the rulebook's deck-building check.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from .lcg import (
    MAX_COPIES,
    MIN_DECK,
    SPHERES,
    DeckError,
    DeckProblem,
    load_cards,
    starter_deck,
    validate_deck,
    vocabulary,
)

MAX_QUANTITY = 99  # copies on one line or entry: a larger count is refused before anything is built
STARTER_CARDS = 30  # the Core starter decks' size, the only decks under MIN_DECK the table seats

_HEADERS = {"hero", "heroes", "heros", "ally", "allies", "allie", "attachment", "attachments",
            "attachement", "attachements", "event", "events", "evenement", "evenements",
            "side quest", "side quests", "player side quest", "player side quests", "quete annexe",
            "quetes annexes", "player objective", "contract", "campaign",
            "deck", "main deck", "player cards", "cartes joueur", "cartes de joueur", "player deck",
            "deck de joueur", "cards", "cartes", "characters", "personnages"}
_SIDEBOARD = {"sideboard", "side board", "side deck", "reserve", "sideboard cards"}
# "Label: ..." lines that say something about the deck, not a card.
_INFO = re.compile(r"^(packs?|sets?|extensions?|total( cards)?|cards|cartes|deck size|taille|starting threat|"
                   r"threat|menace( de depart)?|author|auteur|created|made|built|deck built|date|"
                   r"derived from|inspired by|description)\b")
_COUNT_BEFORE = re.compile(r"^(?:[x×]\s*)?(\d{1,12})\s*[x×]?\s+(.+)$")
_COUNT_AFTER = re.compile(r"^(.+?)\s*[x×]\s*(\d{1,12})$")
_NOTE = re.compile(r"^(.*?)\s*[(\[]([^()\[\]]*)[)\]]$")
_BARE_CORE = re.compile(r"^(.+?) ((?:core set|core|boite de base)(?: \d{1,3})?)$")  # on the folded text
_CORE = {"core", "core set", "coreset", "cs", "core set 1", "boite de base", "jeu de base", "set de base", "base"}


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


@cache
def _words(kind: str) -> dict[str, str]:
    """Folded English and French names of the spheres or the card types -> their id."""
    return {fold(name): key for key, text in getattr(vocabulary(), kind).items() for name in (text.en, text.fr)}


def _section(line: str) -> str | None:
    """"cards", "sideboard" or "info" when the line is a section header or an information line."""
    bare = fold(re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", line))
    words = " ".join(w for w in bare.split() if not w.isdigit())
    if words in _HEADERS:
        return "cards"
    if words in _SIDEBOARD:
        return "sideboard"
    if (":" in line and _INFO.match(bare)) or words.startswith("total"):
        return "info"
    return None


def _note(part: str, cid: str) -> tuple[bool, int | None]:
    """What one folded part of a note says of card `cid`: (whether it fits this Core card, the count it
    gives or None)."""
    c = load_cards()[cid]
    if m := re.fullmatch(r"x ?(\d{1,12})|(\d{1,12}) ?x|(\d{1,12}) (?:copies|copy|cards|exemplaires?)", part):
        return True, int(next(g for g in m.groups() if g))
    number = re.fullmatch(r"(?:(?:core set|core|boite de base|cs) )?#? ?(\d{1,5})", part)
    if part in _CORE or (number and number.group(1).lstrip("0") in (str(c.number), c.code.lstrip("0"))):
        return True, None
    if number and c.type == "hero":
        return number.group(1) == str(c.threat_cost), None
    threat = re.fullmatch(r"(?:starting )?(?:threat|menace) (\d{1,3})|(\d{1,3}) (?:threat|menace)", part)
    if threat and c.type == "hero":
        return (threat.group(1) or threat.group(2)) == str(c.threat_cost), None
    return _words("spheres").get(part) == c.sphere or _words("types").get(part) == c.type, None


def _entry(line: str) -> tuple[str | None, int, str]:
    """(card id or None, copies, the note not understood or "") of one card line."""
    count: int | None = None
    notes: list[str] = []
    rest = line
    if m := _COUNT_BEFORE.match(rest):
        count, rest = int(m.group(1)), m.group(2)
    while True:  # notes and a count after the name, in any order: "Gandalf (Core Set) x2"
        if m := _NOTE.match(rest):
            rest, notes = m.group(1), [m.group(2), *notes]
        elif count is None and (m := _COUNT_AFTER.match(rest)):
            rest, count = m.group(1), int(m.group(2))
        else:
            break
    if m := _BARE_CORE.match(fold(rest)):  # CardGameDB: "Denethor Core Set 10"
        rest, notes = m.group(1), [m.group(2), *notes]
    cid = _names().get(fold(rest))
    if cid is None:
        return None, count or 1, " · ".join(notes)
    for note in notes:
        for part in (fold(p) for p in re.split(r"[,;/|]", note)):
            fits, said = _note(part, cid) if part else (True, None)
            if not fits or (said is not None and count not in (None, said)):
                return None, count or 1, note
            count = count if said is None else said
    return cid, 1 if count is None else count, ""


def parse(text: str) -> tuple[dict[str, int], list[DeckProblem]]:
    """(copies of each card id in the order met, heroes included; problems of the lines that are no card)."""
    raws = text.splitlines()
    lines = [_bare(raw) for raw in raws]
    copies: Counter[str] = Counter()
    problems: list[DeckProblem] = []
    sideboard = False
    first = next((i for i, line in enumerate(lines) if line), None)
    for i, line in enumerate(lines):
        if not line:
            continue
        kind, listed = _section(line), ""
        label, colon, after = line.partition(":")
        if kind is None and colon and after.strip() and _section(label) == "cards":  # "Heroes: Aragorn, Éowyn"
            kind, listed = "cards", after
        if kind is not None:
            sideboard = kind == "sideboard" or (sideboard and kind == "info")
            if not listed:
                continue
        if sideboard:
            continue
        raw = raws[i].strip()[:80]
        for item in [s.strip() for s in re.split(r"[,;]", listed) if s.strip()] if listed else [line]:
            cid, count, note = _entry(item)
            if cid is not None and 0 < count <= MAX_QUANTITY:
                copies[cid] += count
            elif cid is not None:
                problems.append(DeckProblem(code="bad_quantity", params={
                    "line": i + 1, "count": count, "maximum": MAX_QUANTITY, "text": raw}))
            elif i == first and not listed and _titled(lines[i + 1:]):
                continue
            elif note:
                problems.append(DeckProblem(code="other_pack", params={"line": i + 1, "text": raw}))
            else:
                problems.append(DeckProblem(code="unknown_line", params={"line": i + 1, "text": raw}))
    return dict(copies), problems


def _bare(raw: str) -> str:
    """A line without its bullets, markdown marks and spaces; "" for a blank line or a comment."""
    line = raw.strip()
    return "" if line.startswith(("#", "//")) else line.strip("*-•·=>~_").strip()


def _titled(after: list[str]) -> bool:
    """Whether the first line is a deck's title: a blank line, a header or an information line follows."""
    return bool(after) and (not after[0] or _section(after[0]) is not None)


def build_deck(copies: dict[str, int]) -> dict | str:
    """The deck `copies` (card id -> copies, heroes included) make: `{"heroes", "cards"}`, or the sphere of
    a Core starter deck brought card for card; DeckError with every problem. A deck over the largest
    legal size is refused before its cards are listed one by one."""
    known = load_cards()
    largest = MAX_COPIES * len({c.name.en for c in known.values() if c.is_player_card and c.type != "hero"})
    heroes = {cid: n for cid, n in copies.items() if known[cid].type == "hero"}
    total = sum(n for cid, n in copies.items() if cid not in heroes)
    if total > largest:
        raise DeckError([DeckProblem(code="deck_too_big", params={"count": total, "maximum": largest})])
    if total < MIN_DECK and (starter := _starter(heroes, copies)) is not None:
        return starter
    hero_list = [cid for cid, n in heroes.items() for _ in range(n)]
    cards = [cid for cid, n in copies.items() if cid not in heroes for _ in range(n)]
    problems = validate_deck(hero_list, cards)
    if total < MIN_DECK and any(p.code == "too_few_cards" for p in problems):
        problems.append(DeckProblem(code="starters_built_in", params={"count": STARTER_CARDS}))
    if problems:
        raise DeckError(problems)
    return {"heroes": hero_list, "cards": cards}


def _starter(heroes: dict[str, int], copies: dict[str, int]) -> str | None:
    """The sphere of the Core starter deck whose heroes these are, if the cards are the rulebook's list
    (None when no starter deck has these heroes); DeckError naming each card that differs otherwise."""
    for sphere in SPHERES:
        deck = starter_deck(sphere)
        if set(heroes) != set(deck.heroes):
            continue
        want = Counter(deck.cards) + Counter(deck.heroes)
        diff = [(cid, copies.get(cid, 0), want[cid]) for cid in dict.fromkeys([*want, *copies])
                if copies.get(cid, 0) != want[cid]]
        if not diff:
            return sphere
        raise DeckError([DeckProblem(code="starter_differs", params={"sphere": sphere})]
                        + [DeckProblem(code="starter_card", params={"card": cid, "count": have, "rulebook": n})
                           for cid, have, n in diff])
    return None


def read_deck(text: str) -> dict | str:
    """The deck a pasted list describes, as the engine's `decks` option takes it; DeckError listing the
    lines it could not read, or else every construction rule the deck breaks."""
    if not text.strip():
        raise DeckError([DeckProblem(code="empty_list")])
    copies, problems = parse(text)
    if problems:
        raise DeckError(problems)
    return build_deck(copies)
