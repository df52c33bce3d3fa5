"""Our wording of every card: present in both languages, and never a copy of the printed texts.

The copy check: lowercase, accents stripped, words = runs of [a-z0-9]; no 9-word run of any of our
texts may appear in the printed card texts (TSV text and shadow columns, OCTGN texts) or in the
rulebooks (shared/seeds/*.txt).
"""
import csv
import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cards import lcg

SHARED = Path("/work/shared")
for _base in Path(__file__).resolve().parents:
    if (_base / "shared" / "data" / "lcg").is_dir():
        SHARED = _base / "shared"
        break
DATA = SHARED / "data" / "lcg"
N = 9


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.findall(r"[a-z0-9]+", text)


def shingles(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + N]) for i in range(len(w) - N + 1)}


def _printed_texts() -> dict[str, str]:
    """database_id -> printed text (TSV and OCTGN, text and shadow), for the no-text check."""
    out: dict[str, str] = {}
    with (DATA / "dragncards_core_cardDb.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            out[row["databaseId"]] = out.get(row["databaseId"], "") + " " + row["text"] + " " + row["shadow"]
    for el in ET.parse(DATA / "octgn_core_set.xml").getroot().iter("card"):
        for p in el.iter("property"):
            if p.get("name") in ("Text", "Shadow"):
                out[el.get("id")] = out.get(el.get("id"), "") + " " + (p.get("value") or "")
    return out


def our_texts():
    for c in lcg.load_cards().values():
        for field in ("text", "shadow_text"):
            t = getattr(c, field)
            if t is not None:
                yield f"{c.id}.{field}", t
        for side, s in (c.sides or {}).items():
            if s.text is not None:
                yield f"{c.id}.side_{side}", s.text


def test_every_card_with_printed_text_has_our_wording_in_both_languages():
    printed = _printed_texts() if DATA.is_dir() else {}
    for c in lcg.load_cards().values():
        if c.type == "quest":
            assert c.text is None
            for side in ("A", "B"):
                t = c.sides[side].text
                assert t is not None and t.en.strip() and t.fr.strip(), f"{c.id} side {side}"
            continue
        if c.text is None:
            # only cards whose printed text is empty (keywords and stats only, or a shadow only)
            assert not words(printed.get(c.database_id, "").replace("Shadow:", "")) or c.shadow, c.id
            if c.shadow and printed:
                tsv_text = printed[c.database_id].split("Shadow:")[0]
                assert not words(tsv_text), c.id
        else:
            assert c.text.en.strip() and c.text.fr.strip(), c.id
        assert (c.shadow_text is not None) == c.shadow, c.id
        if c.shadow_text is not None:
            assert c.shadow_text.en.strip() and c.shadow_text.fr.strip(), c.id


def test_cards_without_any_wording_are_the_known_ones():
    blank = {c.id for c in lcg.load_cards().values()
             if c.type != "quest" and c.text is None}
    assert blank == {"guard_of_the_citadel", "silverlode_archer", "veteran_axehand", "horseback_archer",
                     "wolf_rider", "east_bight_patrol", "cavern_guardian", "endless_caverns"}


def test_texts_are_short_and_tidy():
    for key, t in our_texts():
        for lang in ("en", "fr"):
            s = t.get(lang)
            assert s == s.strip() and "  " not in s, (key, lang)
            assert len(s) <= 420, (key, lang, len(s))
            assert s[-1] in ".)!»", (key, lang)


def test_french_and_english_are_different_texts():
    for key, t in our_texts():
        assert t.en != t.fr, key


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared data not available")
def test_no_wording_copies_nine_words_of_the_printed_cards_or_rulebooks():
    printed: set[tuple[str, ...]] = set()
    for text in _printed_texts().values():
        printed |= shingles(text)
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        printed |= shingles(path.read_text(encoding="utf-8", errors="ignore"))
    copied = []
    for key, t in our_texts():
        for lang in ("en", "fr"):
            hits = shingles(t.get(lang)) & printed
            if hits:
                copied.append((key, lang, " ".join(min(hits))))
    assert not copied, copied
