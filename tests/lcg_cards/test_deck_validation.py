"""Deck-building rules: problem codes with parameters, localised in both languages."""
import json
from pathlib import Path

import pytest

from cards import lcg

ROOT = Path(__file__).resolve().parents[2]


def _legal_deck():
    heroes = ["aragorn", "gimli", "eowyn"]
    pool = [c for c in lcg.load_cards().values() if c.type in ("ally", "event", "attachment")]
    cards = []
    for c in pool:
        cards += [c.id] * 3
        if len(cards) >= 51:
            break
    return heroes, cards


def codes(problems):
    return [p.code for p in problems]


def test_a_legal_deck_has_no_problem():
    heroes, cards = _legal_deck()
    assert lcg.validate_deck(heroes, cards) == []
    deck = lcg.check_deck(heroes, cards)
    assert deck.heroes == heroes


def test_too_few_cards():
    heroes, cards = _legal_deck()
    problems = lcg.validate_deck(heroes, cards[:49])
    assert codes(problems) == ["too_few_cards"] and problems[0].params == {"count": 49, "minimum": 50}


def test_too_many_copies():
    heroes, cards = _legal_deck()
    problems = lcg.validate_deck(heroes, cards + ["gandalf"] * 4)
    assert codes(problems) == ["too_many_copies"]
    assert problems[0].params == {"card": "gandalf", "count": 4, "maximum": 3}


@pytest.mark.parametrize("heroes", [[], ["aragorn", "gimli", "eowyn", "legolas"]])
def test_hero_count(heroes):
    _, cards = _legal_deck()
    assert codes(lcg.validate_deck(heroes, cards)) == ["hero_count"]


def test_heroes_must_be_different_heroes():
    _, cards = _legal_deck()
    assert codes(lcg.validate_deck(["aragorn", "aragorn"], cards)) == ["duplicate_hero"]
    assert codes(lcg.validate_deck(["aragorn", "gandalf"], cards)) == ["not_a_hero"]


def test_cards_must_exist_and_be_player_cards():
    heroes, cards = _legal_deck()
    problems = lcg.validate_deck(heroes, cards + ["the_one_ring", "hill_troll", "flies_and_spiders", "gimli"])
    assert codes(problems) == ["unknown_card", "not_a_player_card", "not_a_player_card", "hero_in_deck"]
    assert problems[0].params == {"card": "the_one_ring"}


def test_malformed_input():
    assert codes(lcg.validate_deck("aragorn", [])) == ["malformed_deck"]
    assert codes(lcg.validate_deck(["aragorn"], [None] * 50)) == ["unknown_card"]


def test_check_deck_raises_with_every_problem():
    with pytest.raises(lcg.DeckError) as err:
        lcg.check_deck([], ["gimli"])
    assert codes(err.value.problems) == ["hero_count", "too_few_cards", "hero_in_deck"]
    fr = err.value.messages("fr")
    assert "Gimli est un héros" in fr[2]
    assert isinstance(err.value, ValueError) and "at least 50" in str(err.value)


def test_every_problem_code_has_a_text_in_both_languages():
    en = json.loads((ROOT / "i18n/en/errors_lcg_deck.json").read_text("utf-8"))
    fr = json.loads((ROOT / "i18n/fr/errors_lcg_deck.json").read_text("utf-8"))
    assert set(en) == set(fr)
    import re

    from cards import lcg_decklist
    sources = Path(lcg.__file__).read_text("utf-8") + Path(lcg_decklist.__file__).read_text("utf-8")
    used = set(re.findall(r'code="([a-z_]+)"', sources))
    assert used == set(en)


def test_messages_name_cards_in_the_player_language():
    heroes, cards = _legal_deck()
    p = lcg.validate_deck(heroes, cards + ["hill_troll"])[0]
    assert "Hill Troll" in p.message("en") and "Troll des Collines" in p.message("fr")
