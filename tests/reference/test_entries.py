"""Shape of the reference data: both languages, Discord limits, links that resolve."""
import re

import pytest

import reference
from reference.search import card_lookup

ENTRIES = reference.all_entries()
IDS = [reference.key(e) for e in ENTRIES]
SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


def test_there_are_entries():
    assert len(ENTRIES) > 50


def test_keys_are_unique():
    assert len(IDS) == len(set(IDS))


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_entry_shape(entry):
    assert SNAKE.match(entry["id"]), entry["id"]
    assert entry["game"] in reference.GAMES
    assert entry["section"].strip()
    for fld in ("title", "short", "detail"):
        for lang in reference.LANGS:
            text = entry[fld][lang]
            assert isinstance(text, str) and text.strip(), (fld, lang)
    for lang in reference.LANGS:
        assert isinstance(entry["keywords"][lang], list)
        assert all(isinstance(k, str) and k.strip() for k in entry["keywords"][lang])
    assert len(f"{entry['game']}:{entry['id']}") <= reference.CHOICE_VALUE_MAX


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_entry_fits_discord(entry):
    for lang in reference.LANGS:
        assert len(entry["title"][lang]) <= reference.TITLE_MAX
        # The short answer stays short: it heads every first page.
        assert len(entry["short"][lang]) <= 600, lang
        pages = reference.detail_pages(entry, lang)
        assert all(len(p) <= reference.PAGE_MAX for p in pages)
        for page in range(len(pages)):
            emb = reference.embed(reference.key(entry), lang, page)
            assert len(emb["title"]) <= reference.TITLE_MAX
            assert len(emb["description"]) <= reference.DESCRIPTION_MAX
            assert len(emb["footer"]) <= reference.FOOTER_MAX
            assert len(emb["title"]) + len(emb["description"]) + len(emb["footer"]) <= reference.EMBED_TOTAL_MAX
            # Nothing of the detail is lost by the clipping.
            assert not emb["description"].endswith("…")


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_related_and_cards_exist(entry):
    for rel in entry["related"]:
        assert reference.lookup(rel, entry["game"]) is not None, rel
        assert rel != entry["id"]
    for card in entry["cards"]:
        if card.split(":", 1)[0] == "confrontation" or card_lookup(card) is not None:
            assert card_lookup(card) is not None, card


def test_lookup_forms():
    first = ENTRIES[0]
    assert reference.lookup(reference.key(first)) is first
    assert reference.lookup(first["id"], first["game"]) is first
    assert reference.lookup("nope:nothing") is None
    assert reference.lookup("") is None
    assert reference.lookup(None) is None  # type: ignore[arg-type]
    assert reference.embed("nope:nothing") is None


def test_split_pages_limits():
    text = "\n\n".join(" ".join(f"word{i}{j}." for j in range(150)) for i in range(20))
    pages = reference.split_pages(text, 4000)
    assert len(pages) > 1
    assert all(0 < len(p) <= 4000 for p in pages)
    assert " ".join(" ".join(pages).split()) == " ".join(text.split())
    assert reference.split_pages("x" * 9000, 4000) == ["x" * 4000, "x" * 4000, "x" * 1000]
    assert reference.split_pages("short") == ["short"]


def test_embed_pages_cover_the_detail():
    entry = max(ENTRIES, key=lambda e: len(e["detail"]["fr"]))
    emb = reference.embed(reference.key(entry), "fr", 0)
    assert emb["pages"] >= 1
    last = reference.embed(reference.key(entry), "fr", 999)
    assert last["page"] == emb["pages"] - 1


def test_confrontation_card_entries_follow_the_card_texts():
    # The character and special-card entries open with the card's own wording (cards/confrontation.json):
    # when a card text changes, its reference entry must change with it.
    for entry in reference.entries("confrontation"):
        for card_id in entry["cards"]:
            card = card_lookup(card_id)
            if card is None or card["id"] != entry["id"] or card["type"] == "combat_card":
                continue
            for lang in reference.LANGS:
                assert entry["short"][lang] == card["text"][lang], (entry["id"], lang)
