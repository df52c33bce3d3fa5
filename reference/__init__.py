"""Rules reference of every game, in our own words, in French and English.

Data: one JSON file per game under reference/data/ (``confrontation``, ``fellowship``, ``lcg``,
``wotr``), each ``{"game": ..., "title": {en, fr}, "rulebook": ..., "entries": [entry, ...]}``.
An entry is one topic:

    id        snake_case, unique within its game (the global key is "<game>:<id>")
    game      the game id
    section   the rulebook section (or page) it explains, as the rulebook names it; a sub-topic is
              written "<section> — <sub-topic>"
    title     {en, fr}                       the topic, as shown in autocomplete and embed titles
    short     {en, fr}                       one or two sentences, the answer first
    detail    {en, fr}                       the full explanation (paged by split_pages when long)
    keywords  {en: [...], fr: [...]}         words people type to find it (synonyms, card terms)
    related   [id, ...]                      other entries of the same game
    cards     [card id, ...]                 card index ids ("confrontation:gandalf_v") it concerns
    page      (optional) the rulebook page number

reference/data/sections.json lists, per game, the rulebook's sections; the coverage test checks that
each one is explained by at least one entry (an entry covers a section when its ``section`` is that
section or starts with it followed by " — ").

Search and autocomplete live in reference.search.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import games
from i18n import t

DATA = Path(__file__).parent / "data"
# The games with rules entries: the declared games (games/) with a data file each (sections.json orders
# every game's sections).
GAMES = tuple(game.id for game in games.declared() if (DATA / f"{game.id}.json").exists())
LANGS = ("en", "fr")

# Discord limits (embeds and autocomplete).
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000
PAGE_MAX = 4000
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100


@cache
def load_game(game: str) -> dict:
    """The reference file of one game ({} entries if the file does not exist yet)."""
    path = DATA / f"{game}.json"
    if not path.exists():
        return {"game": game, "entries": []}
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["entries"]:
        entry.setdefault("game", game)
        entry.setdefault("related", [])
        entry.setdefault("cards", [])
        entry.setdefault("keywords", {"en": [], "fr": []})
    return data


@cache
def sections() -> dict[str, list[str]]:
    """game -> the rulebook's section titles."""
    return json.loads((DATA / "sections.json").read_text(encoding="utf-8"))


@cache
def game_titles() -> dict[str, dict[str, str]]:
    return {g: load_game(g).get("title", {"en": g, "fr": g}) for g in GAMES}


@cache
def all_entries() -> tuple[dict, ...]:
    """Every entry of every game, in file order."""
    out: list[dict] = []
    for game in GAMES:
        out.extend(load_game(game)["entries"])
    return tuple(out)


@cache
def _by_key() -> dict[str, dict]:
    return {f"{e['game']}:{e['id']}": e for e in all_entries()}


def key(entry: dict) -> str:
    """The global id of an entry, "<game>:<id>" (what autocomplete returns as the choice value)."""
    return f"{entry['game']}:{entry['id']}"


def entries(game: str | None = None) -> list[dict]:
    return [e for e in all_entries() if game is None or e["game"] == game]


def lookup(entry_id: str, game: str | None = None) -> dict | None:
    """An entry by "<game>:<id>", or by bare id (with `game`, or when the id is unique). None if unknown."""
    if not isinstance(entry_id, str):
        return None
    entry_id = entry_id.strip()
    found = _by_key().get(entry_id)
    if found is not None:
        return found
    if game is not None:
        return _by_key().get(f"{game}:{entry_id}")
    matches = [e for e in all_entries() if e["id"] == entry_id]
    return matches[0] if len(matches) == 1 else None


def covers(entry_section: str, section: str) -> bool:
    return entry_section == section or entry_section.startswith(section + " — ")


def _atoms(block: str, limit: int, level: int = 0) -> list[str]:
    """Cut `block` into pieces of at most `limit` characters, trying paragraph, line, sentence and
    word boundaries in turn; each piece keeps its trailing separator so joining them restores the text."""
    if len(block) <= limit:
        return [block]
    patterns = (r"(?<=\n\n)", r"(?<=\n)", r"(?<=[.!?;:])(?= )", r"(?<= )")
    if level >= len(patterns):
        return [block[i:i + limit] for i in range(0, len(block), limit)]
    parts = [p for p in re.split(patterns[level], block) if p]
    if len(parts) == 1:
        return _atoms(block, limit, level + 1)
    out: list[str] = []
    for part in parts:
        out.extend(_atoms(part, limit, level + 1))
    return out


def split_pages(text: str, limit: int = PAGE_MAX) -> list[str]:
    """Cut `text` into pages of at most `limit` characters, at paragraph, then line, then sentence,
    then word boundaries (a single word longer than `limit` is cut hard). Always at least one page."""
    text = text.strip()
    if len(text) <= limit:
        return [text]
    pages: list[str] = []
    current = ""
    for atom in _atoms(text, limit):
        if len(current) + len(atom) <= limit:
            current += atom
            continue
        if current.strip():
            pages.append(current.strip())
        current = atom
    if current.strip():
        pages.append(current.strip())
    return pages


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def embed(entry_id: str, lang: str = "en", page: int = 0) -> dict | None:
    """A Discord-ready embed (plain dict) of one entry page: title, description (short answer on the
    first page, then the detail page), footer (game, rulebook section, page n/m), related ids.
    None if the entry is unknown; `page` is clamped to the existing pages."""
    entry = lookup(entry_id)
    if entry is None:
        return None
    lang = lang if lang in LANGS else "en"
    pages = detail_pages(entry, lang)
    page = max(0, min(int(page), len(pages) - 1))
    short = entry["short"][lang]
    body = pages[page]
    description = f"**{short}**\n\n{body}" if page == 0 and body else (short if page == 0 else body)
    game_title = game_titles()[entry["game"]][lang]
    where = entry["section"] + (f" (p. {entry['page']})" if entry.get("page") else "")
    footer = t("reference.footer", lang, game=game_title, where=where)
    if len(pages) > 1:
        footer += f" · {page + 1}/{len(pages)}"
    out = {
        "title": _clip(entry["title"][lang], TITLE_MAX),
        "description": _clip(description, DESCRIPTION_MAX),
        "footer": _clip(footer, FOOTER_MAX),
        "page": page,
        "pages": len(pages),
        "related": [f"{entry['game']}:{r}" for r in entry["related"]],
        "cards": list(entry["cards"]),
    }
    return out


def detail_pages(entry: dict, lang: str) -> list[str]:
    """The detail of an entry cut into pages that fit an embed together with the short answer."""
    short = entry["short"][lang]
    budget = min(PAGE_MAX, DESCRIPTION_MAX - len(short) - 8)
    return split_pages(entry["detail"][lang], budget)


__all__ = [
    "GAMES", "LANGS", "all_entries", "covers", "detail_pages", "embed", "entries", "key", "load_game",
    "lookup", "sections", "split_pages",
]
