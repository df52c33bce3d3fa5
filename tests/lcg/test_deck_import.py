"""Decks from RingsDB (a decklist's JSON, fetched through a recorded fetcher) and OCTGN .o8d files: cards
matched by RingsDB code and OCTGN id, cards outside the Core Set refused by name, the deck-building check,
fellowships, and a bot without network saying so."""
import pytest

from cards.lcg import DeckError, validate_deck
from cards.lcg_decks import DeckImportError, read_o8d, ringsdb_ids
from table import deck_fetch
from table.deck_fetch import DecksRefused, Offline, bring_decks
from tests.lcg.planner import DECKS
from tests.lcg.recorded import FIXTURES, Recorded


def test_ringsdb_links_and_numbers_are_read_and_anything_else_is_not():
    assert ringsdb_ids("https://ringsdb.com/decklist/view/23517/anduin-by-the-riverbank-1.0") == [23517]
    assert ringsdb_ids("ringsdb.com/api/public/decklist/23517\n 31004, https://ringsdb.com/fr/decklist/view/7") == [
        23517, 31004, 7]
    assert ringsdb_ids("23517") == [23517]
    assert ringsdb_ids("3x Gandalf") == [] and ringsdb_ids("23517 Gandalf") == []


async def read_decks(text: str, fetcher=None) -> list:
    return await bring_decks([(None, text)], fetcher)


async def test_a_ringsdb_decklist_is_matched_by_code_and_checked():
    fetcher = Recorded()
    (deck,) = await read_decks("https://ringsdb.com/decklist/view/23517/anduin", fetcher)
    assert fetcher.asked == ["https://ringsdb.com/api/public/decklist/23517"]
    solo = DECKS["anduin"][0]
    assert sorted(deck["heroes"]) == sorted(solo["heroes"])
    assert sorted(deck["cards"]) == sorted(solo["cards"]) and validate_deck(deck["heroes"], deck["cards"]) == []


async def test_cards_outside_the_core_set_are_refused_by_their_names():
    with pytest.raises(DecksRefused) as err:
        await read_decks("31004", Recorded())
    assert err.value.messages("en") == [
        "Only Core Set cards can be played here; this deck also holds Bilbo Baggins, Dúnedain Watcher."]
    assert "Bilbo Baggins" in err.value.messages("fr")[0]


def test_an_o8d_file_is_matched_by_octgn_id():
    deck = read_o8d((FIXTURES / "dol_guldur_lead_spirit.o8d").read_text("utf-8"))
    lead = DECKS["dolguldur"][0]
    assert sorted(deck["heroes"]) == sorted(lead["heroes"]) and sorted(deck["cards"]) == sorted(lead["cards"])


async def test_an_o8d_file_with_a_card_outside_the_core_set_or_too_few_cards_is_refused():
    text = (FIXTURES / "dol_guldur_lead_spirit.o8d").read_text("utf-8")
    foreign = text.replace('<section name="Side Quest" shared="False">',
                           '<section name="Side Quest" shared="False">\n    <card qty="1" '
                           'id="e4f5a8b2-0000-4000-8000-000000000001">Double Back</card>')
    with pytest.raises(DeckImportError, match="Double Back"):
        read_o8d(foreign)
    short = text.replace('qty="3" id="51223bd0-ffd1-11df-a976-0801200c9073"', 'qty="0" id="x"')
    with pytest.raises((DeckError, DeckImportError)):
        read_o8d(short)
    with pytest.raises(DeckImportError):
        read_o8d("<deck><notes/></deck>")
    with pytest.raises(DecksRefused):
        await read_decks("<deck><section name='Hero'>")


async def test_a_fellowship_brings_each_of_its_decks_and_at_most_four():
    decks = await read_decks("https://ringsdb.com/decklist/view/23517 23517", Recorded())
    assert len(decks) == 2 and decks[0] == decks[1]
    with pytest.raises(DecksRefused, match="2 to 4"):
        await read_decks("1 2 3 4 5", Recorded())


async def test_without_network_the_refusal_says_so(monkeypatch):
    monkeypatch.setattr(deck_fetch, "FETCHER", Offline())
    with pytest.raises(DecksRefused) as err:
        await read_decks("23517")
    assert "no network access" in err.value.messages("en")[0]
    with pytest.raises(DecksRefused, match="no public decklist 99"):
        await read_decks("99", Recorded())
