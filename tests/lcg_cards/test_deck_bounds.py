"""Bounded quantities and sizes wherever a deck enters (issue 37, item 6): a count too large for any deck is
refused by its line or card before a card is listed, a deck over the largest legal size likewise, and a
text over the cap before it is read."""
from __future__ import annotations

import json

import pytest

from cards import lcg
from cards.lcg_decklist import read_deck
from cards.lcg_decks import MAX_TEXT, DeckImportError, read_here


def test_a_list_line_with_too_many_copies_is_refused_by_its_line():
    with pytest.raises(lcg.DeckError) as err:
        read_deck("Aragorn\n20000000x Gandalf\nFaramir (x2000000000)\n")
    assert [(p.code, p.params["line"], p.params["count"]) for p in err.value.problems] == [
        ("bad_quantity", 2, 20000000), ("bad_quantity", 3, 2000000000)]
    assert err.value.messages("en")[0] == (
        "Line 2: 20000000 copies of one card is no count a deck holds (at most 99 are read on a line): "
        "“20000000x Gandalf”.")


def test_a_deck_over_the_largest_legal_size_is_refused_before_its_cards_are_listed():
    every = [c.name.en for c in lcg.load_cards().values() if c.is_player_card and c.type != "hero"]
    with pytest.raises(lcg.DeckError) as err:
        read_deck("Aragorn\n" + "".join(f"99x {name}\n" for name in every))
    assert [p.code for p in err.value.problems] == ["deck_too_big"]
    assert err.value.problems[0].params == {"count": 99 * len(every), "maximum": 3 * len(set(every))}


@pytest.mark.parametrize("qty", ["20000000", "-3", "1e9", "2000000000", "9" * 5000])
def test_an_o8d_quantity_out_of_bounds_is_refused_by_card(qty):
    o8d = (f'<deck><section name="Hero"><card qty="1" id="51223bd0-ffd1-11df-a976-0801200c9001">Aragorn</card>'
           f'</section><section name="Ally"><card qty="{qty}" id="51223bd0-ffd1-11df-a976-0801200c9073">Gandalf</card>'
           f'</section></deck>')
    with pytest.raises(DeckImportError) as err:
        read_here(o8d)
    assert err.value.problems == [("bad_quantity", {"card": "Gandalf", "count": qty[:12], "maximum": 99})]


def test_a_ringsdb_decklists_quantity_out_of_bounds_is_refused_by_card():
    with pytest.raises(DeckImportError) as err:
        read_here(json.dumps({"slots": {"01001": 1, "01073": 20000000}}))
    assert err.value.messages("en") == ["Gandalf: 20000000 copies is no count a deck holds (at most 99 are read)."]


def test_a_text_over_the_cap_is_refused_unread():
    with pytest.raises(DeckImportError) as err:
        read_here("Aragorn\n" + "3x Gandalf\n" * (MAX_TEXT // 10))
    assert err.value.messages("en") == ["This text is too large to be a deck (more than 100 kB)."]
