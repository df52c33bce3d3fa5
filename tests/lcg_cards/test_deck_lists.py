"""Pasted deck lists (cards/lcg_decklist.py) and the rulebook's deck-building rules in a game."""
import pytest

from cards import lcg
from cards.lcg_decklist import fold, parse, read_deck
from engine.kernel import IllegalAction
from engine.lcg import RULES as R

# 3 heroes and 51 cards, written as players share them: English, French, ids, counts before or after.
PASTED = """Heroes (3)
Aragorn (Core Set)
1x glóin
THEODRED

== Allies (24) ==
3x Guard of the Citadel
3 Garde de la Citadelle
2x Faramir
3x Fils de l’Arnor
3x Snowbourn Scout
3x Silverlode Archer
2x Longbeard Orc Slayer
2x brok_ironfist
Gandalf x3

Attachments
3x Steward of Gondor
3x Celebrían's Stone
3x Blade of Gondolin
3x Citadel Plate

Événements :
3x Ever Vigilant
3 Sneak Attack
3x Valiant Sacrifice
3x Feint
3x Quick Strike
// a comment
# another one
Total: 51 cards
"""


def test_fold_ignores_case_accents_and_punctuation():
    assert fold("Fils de l’Arnor") == fold("FILS DE L'ARNOR") == "fils de larnor"
    assert fold("Éowyn") == fold("eowyn") and fold("Tueur d'Orques Longue-Barbe") == "tueur dorques longue barbe"


def test_a_pasted_list_in_mixed_languages_and_formats():
    copies, problems = parse(PASTED)
    assert problems == []
    assert list(copies)[:3] == ["aragorn", "gloin", "theodred"]
    assert copies["guard_of_the_citadel"] == 6  # the same card in English and in French adds up
    assert copies["gandalf"] == 3 and copies["son_of_arnor"] == 3 and copies["brok_ironfist"] == 2
    assert sum(copies.values()) == 54


def test_the_same_copies_limit_applies_to_a_pasted_list():
    with pytest.raises(lcg.DeckError) as err:
        read_deck(PASTED)
    assert [(p.code, p.params["card"]) for p in err.value.problems] == [("too_many_copies", "guard_of_the_citadel")]


def test_unknown_lines_are_named_with_their_number_in_both_languages():
    with pytest.raises(lcg.DeckError) as err:
        read_deck("Aragorn\n3x Gandalf\n2x The One Ring\nSideboard stuff\n")
    assert [p.params for p in err.value.problems] == [{"line": 3, "text": "2x The One Ring"},
                                                     {"line": 4, "text": "Sideboard stuff"}]
    assert "Line 3" in err.value.messages("en")[0] and "2x The One Ring" in err.value.messages("en")[0]
    assert "La ligne 3" in err.value.messages("fr")[0]


def test_an_encounter_card_is_not_a_player_card_line():
    assert [p.code for p in parse("3x Hill Troll")[1]] == ["unknown_line"]


def test_an_empty_list_is_refused():
    with pytest.raises(lcg.DeckError) as err:
        read_deck("  \n")
    assert err.value.messages("fr")[0].startswith("La liste de deck est vide")


def _legal_text() -> str:
    return PASTED.replace("3 Garde de la Citadelle\n", "3x Swift Strike\n")


def test_a_legal_pasted_deck_is_read():
    deck = read_deck(_legal_text())
    assert deck["heroes"] == ["aragorn", "gloin", "theodred"] and len(deck["cards"]) == 51
    assert deck["cards"].count("swift_strike") == 3


def test_a_deck_needs_50_cards_in_a_game():
    starter = lcg.starter_deck("leadership")
    with pytest.raises(IllegalAction) as err:
        R.new_game(["a"], {"decks": {"a": {"heroes": list(starter.heroes), "cards": list(starter.cards)}}}, 1)
    assert err.value.code == "bad_deck" and err.value.params["problem"] == "too_few_cards"


def test_cards_of_a_sphere_no_hero_has_may_be_in_the_deck():
    # Rulebook FAQ: nothing forbids it.
    off_sphere = [c for c in lcg.load_cards() if lcg.card(c).sphere in ("spirit", "lore")
                  and lcg.card(c).type != "hero"]
    deck = {"heroes": ["gimli"], "cards": [c for c in off_sphere for _ in range(3)][:50]}
    assert len(deck["cards"]) == 50
    s = R.new_game(["a"], {"decks": {"a": deck}}, 3)
    assert len(s["players"]["a"]["deck"]) + len(s["players"]["a"]["hand"]) == 50


def test_two_players_cannot_use_the_same_hero():
    deck = {"heroes": ["aragorn"], "cards": read_deck(_legal_text())["cards"]}
    with pytest.raises(IllegalAction) as err:
        R.new_game(["a", "b"], {"decks": {"a": deck, "b": deck}}, 1)
    assert err.value.params == {"problem": "duplicate_hero", "card": "aragorn"}


def test_a_player_without_a_deck_gets_a_starter_deck_whose_heroes_are_free():
    mine = {"heroes": ["legolas"], "cards": read_deck(_legal_text())["cards"]}
    s = R.new_game(["a", "b", "c"], {"decks": {"c": mine}}, 1)
    # a's seat deck (Leadership) is free; b's (Tactics) holds Legolas, so b gets the first free one.
    assert s["options"]["decks"] == {"a": "leadership", "b": "spirit", "c": mine}
    assert R.new_game(["a", "b"], {}, 1)["options"]["decks"] == {"a": "leadership", "b": "tactics"}
