"""/card for War of the Ring: every event card (both halves), character and special Hunt tile is in the
card index, in both languages, with our own wording, and its picture shows the card's facts."""
from __future__ import annotations

import json
import re

import pytest

from cards.tools import shared_data
from cards.wotr import load
from reference.cards.wotr import texts
from reference.search import autocomplete, card_autocomplete, card_lookup
from render.cards import card_layout, card_spec

DATA = load()
IDS = ([f"wotr:{c}" for c in DATA.event_cards] + [f"wotr:character_{c}" for c in DATA.characters]
       + [f"wotr:tile_{t}" for t, tile in DATA.hunt_tiles.items() if tile.special])


def test_every_event_card_character_and_special_tile_is_in_the_card_index():
    assert len(IDS) == 96 + 13 + 8
    for cid in IDS:
        card = card_lookup(cid)
        assert card is not None, cid
        assert card["text"]["en"] and card["text"]["fr"] and card["text"]["en"] != card["text"]["fr"], cid
        assert card["rules"], f"{cid} relates to no rules entry"


def test_an_event_card_reads_both_halves_with_initiative_and_die():
    card = card_lookup("wotr:sh_str_07")  # Shadows Gather: Mûmakil has two initiatives
    assert "Event (Army die or Event die)" in card["text"]["en"]
    assert "Combat — Mûmakil (initiative 3/5)" in card["text"]["en"]
    assert "Combat — " in card["text"]["fr"] and "dé Armée" in card["text"]["fr"]
    spec = card_spec("wotr:sh_str_07", "fr")
    assert [(s.label, s.value) for s in spec.stats] == [("Initiative", "3/5"), ("Joué avec", "Armée")]


def test_a_character_shows_level_leadership_and_dice():
    assert [s.value for s in card_spec("wotr:character_witch_king", "en").stats] == ["∞", "2", "+1"]
    assert [s.value for s in card_spec("wotr:character_gollum", "fr").stats] == ["0", "0", "+0"]


def test_a_special_tile_says_what_it_shows_and_which_card_brings_it():
    text = card_lookup("wotr:tile_shelobs_lair")["text"]
    assert text["en"].startswith("Damage: a die roll. Stops the Fellowship") and "Shelob's Lair" in text["en"]
    assert card_lookup("wotr:tile_phial_of_galadriel")["text"]["fr"].startswith("Soigne 2 point(s)")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_wotr_card_fits_its_picture(lang):
    for cid in IDS:
        assert card_layout(cid, lang).fits, (cid, card_layout(cid, lang).problems)


def test_autocomplete_finds_cards_by_name_and_combat_title_in_both_languages():
    assert "wotr:sh_char_17" in [v for v, _ in card_autocomplete("balrog", "en")]
    assert "wotr:fp_char_09" in [v for v, _ in card_autocomplete("anduril", "fr")]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def test_card_texts_are_our_own_words():
    """No run of 9 words of ours appears in the publisher's wording (place lists are facts: shorter)."""
    source = shared_data("wotr") / "reference" / "card_and_character_texts.json"
    if not source.exists():
        pytest.skip("the publisher's wording is not on this machine")
    theirs = json.dumps(json.loads(source.read_text(encoding="utf-8")), ensure_ascii=False)
    their_words = _words(theirs.replace("\\n", " "))
    grams = {tuple(their_words[i:i + 9]) for i in range(len(their_words) - 8)}
    ours = [v[lang] for section in ("events", "combat", "characters") for v in texts()[section].values()
            for lang in ("en",)]
    copied = [" ".join(w[i:i + 9]) for text in ours for w in [_words(text)] for i in range(len(w) - 8)
              if tuple(w[i:i + 9]) in grams]
    assert not copied, copied


@pytest.mark.parametrize(("query", "lang", "entry"), [
    ("victory points", "en", "wotr:settlements"), ("empilement", "fr", "wotr:muster_stacking"),
    ("will of the west", "en", "wotr:action_dice"), ("victoire militaire", "fr", "wotr:overview")])
def test_rules_cover_the_engine_s_army_dice_and_victory_rules(query, lang, entry):
    assert entry in [value for value, _ in autocomplete(query, lang, game="wotr")]
