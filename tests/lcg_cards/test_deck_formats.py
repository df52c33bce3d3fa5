"""Decks as players' tools save them (issue 39): each sample below is written here in the shape of a real
export (RingsDB's text export and JSON, OCTGN's .o8d, forum and blog lists, CardGameDB), and is read card
for card; a card tagged with another pack is refused by name, never read as the Core card of that name;
the Core starter decks are recognised; the bytes of a file are decoded as its tool wrote them."""
from __future__ import annotations

import json

import pytest

from cards import lcg
from cards.lcg_decklist import read_deck
from cards.lcg_decks import DeckImportError, decode, read_here, read_o8d

# RingsDB's text export: a title, "Packs:", plural headers with counts, the pack after every card, a
# sideboard, CRLF line ends.
RINGSDB_TEXT = """Anduin by the riverbank (Core only)

Packs: Core Set


Heroes (3)

1x Théodred (Core Set)
1x Legolas (Core Set)
1x Éowyn (Core Set)

Allies (18)

3x Guard of the Citadel (Core Set)
2x Faramir (Core Set)
2x Son of Arnor (Core Set)
3x Snowbourn Scout (Core Set)
3x Lórien Guide (Core Set)
2x Northern Tracker (Core Set)
3x Gandalf (Core Set)

Attachments (9)

3x Steward of Gondor (Core Set)
3x Blade of Gondolin (Core Set)
3x The Favor of the Lady (Core Set)

Events (24)

3x Ever Vigilant (Core Set)
3x Sneak Attack (Core Set)
3x Feint (Core Set)
3x Quick Strike (Core Set)
3x Swift Strike (Core Set)
3x A Test of Will (Core Set)
3x Hasty Stroke (Core Set)
3x The Galadhrim's Greeting (Core Set)

Sideboard

2x Gandalf (Core Set)
1x Glorfindel (Foundations of Stone)

""".replace("\n", "\r\n")


def _copies(deck: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for cid in deck["heroes"] + deck["cards"]:
        out[cid] = out.get(cid, 0) + 1
    return out


def test_ringsdb_text_export_is_read_card_for_card_and_its_sideboard_left_out():
    deck = read_deck(RINGSDB_TEXT)
    assert deck["heroes"] == ["theodred", "legolas", "eowyn"]
    copies = _copies(deck)
    assert len(deck["cards"]) == 51 and copies["gandalf"] == 3 and copies["lorien_guide"] == 3
    assert "glorfindel" not in copies


def test_ringsdb_json_as_a_file_is_read_by_card_code():
    data = {"id": 7, "name": "Two heroes", "heroes": {"01001": 1, "01012": 1},
            "slots": {"01001": 1, "01012": 1, "01073": 3, **{f"010{n}": 3 for n in range(13, 29)}},
            "sideslots": {"01073": 1}}
    deck = read_here(json.dumps(data))
    assert isinstance(deck, dict) and deck["heroes"] == ["aragorn", "beravor"] and len(deck["cards"]) == 51
    with pytest.raises(DeckImportError, match="not a RingsDB decklist"):
        read_here('{"name": "no slots"}')


# A forum post: a title, a header whose note is the starting threat, "Heroes:" listing them, counts
# written three ways.
FORUM = """Rohan and Gondor for Mirkwood
Hero (starting threat: 28)
Heroes: Aragorn, Eowyn, Eleanor
Allies (23):
Guard of the Citadel x3
Faramir (x2)
Snowbourn Scout (x3)
3x Lórien Guide
Northern Tracker x2
Wandering Took (x3)
Gandalf x3
Son of Arnor (x2)
Silverlode Archer x2
Attachments (6):
Steward of Gondor (x3)
Celebrían's Stone x3
Events (22):
3x A Test of Will
3x Hasty Stroke
Ever Vigilant x3
Sneak Attack (x3)
Stand and Fight (x3)
The Galadhrim's Greeting x3
Will of the West x2
Common Cause (x2)
"""


def test_a_forum_list_with_threat_note_heroes_line_and_three_ways_of_counting():
    deck = read_deck(FORUM)
    assert deck["heroes"] == ["aragorn", "eowyn", "eleanor"]
    copies = _copies(deck)
    assert len(deck["cards"]) == 51
    assert copies["faramir"] == 2 and copies["snowbourn_scout"] == 3 and copies["gandalf"] == 3
    assert copies["steward_of_gondor"] == 3 and copies["common_cause"] == 2


def test_cardgamedb_bullets_name_the_core_set_and_the_cards_number():
    text = "\n".join(["Heroes", "• Denethor Core Set 10", "• Glorfindel Core Set 11", "• Beravor Core Set 12"]
                     + [f"• {n}x {name} Core Set {number}" for n, name, number in (
                         (3, "Daughter of the Nimrodel", 58), (2, "Erebor Hammersmith", 59), (1, "Henamarth Riversong", 60),
                         (3, "Miner of the Iron Hills", 61), (3, "Gléowine", 62), (3, "Lore of Imladris", 63),
                         (3, "Lórien's Wealth", 64), (3, "Radagast's Cunning", 65), (3, "Secret Paths", 66),
                         (3, "Gandalf's Search", 67), (3, "Beorn's Hospitality", 68), (3, "Forest Snare", 69),
                         (3, "Protector of Lórien", 70), (3, "Dark Knowledge", 71), (3, "Self Preservation", 72),
                         (3, "Gandalf", 73), (3, "Guard of the Citadel", 13), (3, "Faramir", 14))])
    deck = read_deck(text)
    assert deck["heroes"] == ["denethor", "glorfindel", "beravor"] and len(deck["cards"]) == 51


def _refusals(text: str) -> list[lcg.DeckProblem]:
    with pytest.raises(lcg.DeckError) as err:
        read_deck(text)
    return err.value.problems


@pytest.mark.parametrize("line", ["Glorfindel (FoS)", "Faramir (AoO)", "Gandalf (THOHaUH) x2",
                                  "1x Glorfindel (Foundations of Stone)", "Aragorn (Lore)", "Gandalf (my favourite)",
                                  "Faramir [Heirs of Númenor]", "2x Gandalf (Core Set) (The Hobbit)"])
def test_a_card_tagged_with_another_pack_is_refused_by_name_not_read_as_the_core_card(line):
    problems = _refusals(f"Aragorn\nLegolas\n{line}\n")
    assert [(p.code, p.params["line"], p.params["text"]) for p in problems] == [("other_pack", 3, line)]
    assert f"“{line}” is not a Core Set card" in problems[0].message("en")
    assert "boîte de base" in problems[0].message("fr")


@pytest.mark.parametrize("line, card, copies", [
    ("Gandalf (Core)", "gandalf", 1), ("Gandalf (Core Set 73)", "gandalf", 1), ("Gandalf (01073)", "gandalf", 1),
    ("2x Faramir (Leadership)", "faramir", 2), ("Faramir (Commandement, Boîte de base)", "faramir", 1),
    ("Faramir (x2)", "faramir", 2), ("Faramir (Core Set) x2", "faramir", 2), ("Gandalf [Neutral]", "gandalf", 1),
    ("Aragorn (12)", "aragorn", 1), ("Aragorn (threat 12)", "aragorn", 1), ("Aragorn (Hero)", "aragorn", 1)])
def test_a_note_naming_the_core_set_its_sphere_a_count_or_a_threat_is_read(line, card, copies):
    from cards.lcg_decklist import parse

    assert parse(line) == ({card: copies}, [])


def test_lines_that_are_no_card_are_still_named_with_what_they_are():
    problems = _refusals("Aragorn\nThe One Ring\n3x Glorfindel (FoS)\n")
    assert [p.code for p in problems] == ["unknown_line", "other_pack"]
    assert "names no Core Set player card" in problems[0].message("en")


# OCTGN's Core starter decks differ from the rulebook's: a second Gandalf instead of a card of the sphere.
LEADERSHIP_RULEBOOK = """Aragorn
Théodred
Glóin
3x Guard of the Citadel
2x Faramir
2x Son of Arnor
3x Snowbourn Scout
2x Silverlode Archer
2x Longbeard Orc Slayer
1x Brok Ironfist
2x Ever Vigilant
2x Common Cause
2x For Gondor!
2x Sneak Attack
2x Valiant Sacrifice
1x Grim Resolve
2x Steward of Gondor
1x Celebrían's Stone
1x Gandalf
"""


def test_the_rulebooks_starter_deck_is_brought_as_that_starter():
    assert read_deck(LEADERSHIP_RULEBOOK) == "leadership"


def test_a_starter_deck_that_differs_from_the_rulebooks_names_each_card_that_differs():
    octgn = LEADERSHIP_RULEBOOK.replace("1x Gandalf", "2x Gandalf").replace("2x Common Cause", "1x Common Cause")
    problems = _refusals(octgn)
    assert [p.code for p in problems] == ["starter_differs", "starter_card", "starter_card"]
    said = [p.message("en") for p in problems]
    assert "Leadership starter deck" in said[0] and "Bring no deck" in said[0]
    assert said[1:] == ["Common Cause: 1 in this deck, 2 in the rulebook's list.",
                        "Gandalf: 2 in this deck, 1 in the rulebook's list."]
    assert "deck de départ Commandement" in problems[0].message("fr")


def test_another_deck_under_fifty_cards_points_to_the_built_in_starters():
    short = LEADERSHIP_RULEBOOK.replace("Glóin\n", "Gimli\n")
    problems = _refusals(short)
    assert [p.code for p in problems] == ["too_few_cards", "starters_built_in"]
    assert "bring no deck and the table deals you one" in problems[1].message("en")


O8D_HEAD = '\ufeff<?xml version="1.0" encoding="utf-8" standalone="yes"?>\r\n<deck game="a21af4e8-be4b-4cda-a6b6-534f9717391f">\r\n'


def test_a_quest_deck_o8d_holds_no_player_cards_and_a_web_page_is_said_to_be_one():
    quest = O8D_HEAD + ('  <section name="Quest" shared="True">\r\n    <card qty="1" id="51223bd0-ffd1-11df-a976-0801200c9119">'
                        'Flies and Spiders</card>\r\n  </section>\r\n  <section name="Encounter" shared="True" />\r\n'
                        '  <section name="Hero" shared="False" />\r\n</deck>')
    with pytest.raises(DeckImportError) as err:
        read_o8d(quest)
    assert err.value.messages("en") == [
        "This OCTGN file holds no player cards (only quest or encounter sections, or none): choose your player deck's file."]
    with pytest.raises(DeckImportError) as err:
        read_here("<!DOCTYPE html>\n<html><head><title>RingsDB</title></head><body>…</body></html>")
    assert "web page" in err.value.messages("en")[0] and "page web" in err.value.messages("fr")[0]


def test_an_o8d_declaring_entities_is_refused_unread():
    bomb = ('<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
            '<deck><section name="Hero"><card qty="1" id="x">&b;</card></section></deck>')
    with pytest.raises(DeckImportError, match="not an OCTGN deck file"):
        read_o8d(bomb)


LIST = "Aragorn\r\n3x Gandalf\r\n"


@pytest.mark.parametrize("data", [
    LIST.encode("utf-8"), b"\xef\xbb\xbf" + LIST.encode("utf-8"), LIST.encode("utf-16"),  # with its mark
    LIST.encode("utf-16-le"), LIST.encode("utf-16-be"), b"\xff\xfe" + LIST.encode("utf-16-le")])
def test_utf8_and_utf16_files_are_decoded_whole_with_or_without_a_byte_order_mark(data):
    assert decode(data) == LIST


def test_a_list_saved_by_an_old_windows_editor_is_decoded_and_a_picture_is_not_text():
    assert decode("Éowyn\r\n3x Lórien Guide\r\n".encode("cp1252")) == "Éowyn\r\n3x Lórien Guide\r\n"
    with pytest.raises(DeckImportError):
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
