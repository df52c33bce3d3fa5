"""/lotr deck with files attached (issue 26): an OCTGN .o8d file seats its deck, several files a fellowship;
a card outside the Core Set is refused by name; a file over the size cap is refused before it is fetched,
a file that is not text by name; Discord's own upload limit is the harness's refusal."""
from __future__ import annotations

import pytest

from bot.controls import lcg as controls
from table import deck_fetch
from tests.bot.harness import Harness, UploadRefused
from tests.bot.helpers import table
from tests.lcg.recorded import FIXTURES, Recorded

O8D = (FIXTURES / "dol_guldur_lead_spirit.o8d").read_bytes()


@pytest.fixture(autouse=True)
def recorded(monkeypatch):
    fetcher = Recorded()
    monkeypatch.setattr(deck_fetch, "FETCHER", fetcher)
    return fetcher


async def _lobby(h: Harness, *players: str) -> list[int]:
    uids = [h.user(name) for name in players]
    await h.slash(uids[0], "create", game="lcg")
    for uid in uids[1:]:
        await h.slash(uid, "join")
    return uids


async def _deck(h: Harness, uid: int, locale: str = "en-US", **files: tuple[str, bytes]) -> str:
    posts = await h.slash(uid, "deck", files=files, locale=locale)
    return "\n".join(p.text() for p in posts if p.where == "ephemeral")


def _heroes(h: Harness, uid: int) -> list[str]:
    return table(h).options["decks"][str(uid)]["heroes"]


def _downloads(h: Harness, monkeypatch) -> list[str]:
    """The attachments' urls the bot downloads from here on."""
    fetched: list[str] = []
    cdn = type(h.client.http).get_from_cdn

    async def watched(http, url: str) -> bytes:
        fetched.append(url)
        return await cdn(http, url)

    monkeypatch.setattr(type(h.client.http), "get_from_cdn", watched)
    return fetched


async def test_an_o8d_file_attached_seats_its_deck(harness: Harness):
    h = harness
    alice, = await _lobby(h, "alice")
    said = await _deck(h, alice, locale="fr", file=("aragorn.o8d", O8D))
    assert "Votre deck est pris : Aragorn, Éowyn, Théodred et 50 cartes" in said
    assert _heroes(h, alice) == ["aragorn", "eowyn", "theodred"]
    await h.slash(alice, "start")
    state = table(h).state
    assert sorted(state["ids"][u] for u in state["players"][str(alice)]["heroes"]) == ["aragorn", "eowyn", "theodred"]


async def test_several_files_seat_a_fellowship_the_bringers_deck_first(harness: Harness, recorded):
    h = harness
    alice, bob = await _lobby(h, "alice", "bob")
    link = b"https://ringsdb.com/decklist/view/23580\n"  # a text file may hold a RingsDB link too
    said = await _deck(h, bob, file=("mine.o8d", O8D), file2=("friend.txt", link))
    assert "The fellowship is in" in said
    assert _heroes(h, bob) == ["aragorn", "eowyn", "theodred"] and _heroes(h, alice) == ["gimli", "legolas", "beravor"]
    assert recorded.asked == ["https://ringsdb.com/api/public/decklist/23580"]


async def test_a_card_outside_the_core_set_in_a_file_is_refused_by_name(harness: Harness):
    h = harness
    alice, = await _lobby(h, "alice")
    foreign = O8D.replace(b'<card qty="3" id="51223bd0-ffd1-11df-a976-0801200c9073">Gandalf</card>',
                          b'<card qty="1" id="00000000-0000-0000-0000-000000000001">Bilbo Baggins</card>')
    assert foreign != O8D
    said = await _deck(h, alice, file=("bilbo.o8d", foreign))
    assert "Bilbo Baggins" in said and "bilbo.o8d" in said
    assert "decks" not in table(h).options


async def test_a_file_too_big_or_not_text_is_refused_by_name_and_nothing_is_seated(harness: Harness, monkeypatch):
    h = harness
    alice, = await _lobby(h, "alice")
    fetched = _downloads(h, monkeypatch)
    big = O8D + b"<!--" + b" " * controls.FILE_MAX + b"-->"
    said = await _deck(h, alice, file=("huge.o8d", big))
    assert "huge.o8d is too large" in said and fetched == []  # refused on its size, never downloaded
    said = await _deck(h, alice, file=("deck.o8d", O8D), file2=("picture.png", b"\x89PNG\r\n\x1a\n\xff\xfe\x00"))
    assert "picture.png is not a text file" in said and len(fetched) == 2
    assert "decks" not in table(h).options
    with pytest.raises(UploadRefused):  # over the member's upload limit, Discord's client never sends it
        await h.slash(alice, "deck", files={"file": ("giant.o8d", b" " * ((10 << 20) + 1))})


async def test_deck_files_outside_a_lobby_are_refused(harness: Harness):
    h = harness
    alice = h.user("alice")
    said = await _deck(h, alice, file=("aragorn.o8d", O8D))
    assert "lobby" in said  # told, nothing else happens
    await h.slash(alice, "create", game="lcg")
    await h.slash(alice, "start")
    said = await _deck(h, alice, file=("aragorn.o8d", O8D))
    assert "lobby" in said and table(h).status == "active" and "decks" not in table(h).options


async def test_a_file_discord_cannot_hand_over_is_said_and_nothing_is_seated(harness: Harness, monkeypatch):
    h = harness
    alice, = await _lobby(h, "alice")

    async def gone(http, url: str) -> bytes:  # the attachment expired or was deleted meanwhile
        h.world.uploads.pop(url)
        return await cdn(http, url)

    cdn = type(h.client.http).get_from_cdn
    monkeypatch.setattr(type(h.client.http), "get_from_cdn", gone)
    said = await _deck(h, alice, file=("aragorn.o8d", O8D))
    assert "aragorn.o8d could not be fetched" in said and "decks" not in table(h).options


# Issue 37 (items 6 and 7) and 39: bounds, the seat checked first, requests only as the refusal needs them,
# files as OCTGN and Windows editors save them.

async def _form(h: Harness, uid: int, lobby, text: str) -> str:
    button = f"lotr:form:{table(h).id}:lcg"
    modal = next(p for p in await h.click(uid, lobby, button) if p.where == "modal")
    got = await h.submit(uid, modal, {"text": text})
    return "\n".join(p.text() for p in got if p.where == "ephemeral" and p.recipient == uid)


async def test_a_member_not_seated_is_refused_before_anything_is_read_or_fetched(harness: Harness, recorded,
                                                                                  monkeypatch):
    h = harness
    alice, carol = h.user("alice"), h.user("carol")
    lobby = next(p for p in await h.slash(alice, "create", game="lcg") if p.where == "channel")
    said = await _form(h, carol, lobby, "https://ringsdb.com/decklist/view/23580")
    assert "You are not playing in this game." in said and recorded.asked == []
    fetched = _downloads(h, monkeypatch)
    said = await _deck(h, carol, file=("aragorn.o8d", O8D))
    assert "You are not playing in this game." in said and fetched == []  # never downloaded
    assert "decks" not in table(h).options


async def test_files_saved_with_a_byte_order_mark_or_in_utf16_are_read(harness: Harness):
    h = harness
    alice, bob = await _lobby(h, "alice", "bob")
    octgn = b"\xef\xbb\xbf" + O8D.replace(b"\n", b"\r\n")  # as OCTGN writes it
    friend = "Gimli\r\nLegolas\r\nBeravor\r\n" + "".join(f"3x {name}\r\n" for name in (
        "Guard of the Citadel", "Faramir", "Son of Arnor", "Snowbourn Scout", "Silverlode Archer", "Gléowine",
        "Horseback Archer", "Longbeard Orc Slayer", "Erebor Hammersmith", "Blade Mastery", "Feint", "Quick Strike",
        "Swift Strike", "Lore of Imladris", "Lórien's Wealth", "Secret Paths", "Gandalf"))
    said = await _deck(h, alice, file=("aragorn.o8d", octgn), file2=("friend.txt", friend.encode("utf-16")))
    assert "The fellowship is in" in said, said
    assert _heroes(h, alice) == ["aragorn", "eowyn", "theodred"] and _heroes(h, bob) == ["gimli", "legolas", "beravor"]


async def test_four_files_of_four_ringsdb_numbers_send_no_request(harness: Harness, recorded):
    h = harness
    alice, = await _lobby(h, "alice")
    said = await _deck(h, alice, **{name: (f"{name}.txt", b"1 2 3 4") for name in ("file", "file2", "file3", "file4")})
    assert "A fellowship links 2 to 4 decks; this gives 16." in said and recorded.asked == []


async def test_twenty_million_copies_are_refused_by_their_count_from_a_file_or_the_form(harness: Harness):
    h = harness
    alice = h.user("alice")
    lobby = next(p for p in await h.slash(alice, "create", game="lcg") if p.where == "channel")
    huge = O8D.replace(b'<card qty="3" id="51223bd0-ffd1-11df-a976-0801200c9073">',
                       b'<card qty="20000000" id="51223bd0-ffd1-11df-a976-0801200c9073">')
    assert huge != O8D
    said = await _deck(h, alice, file=("huge.o8d", huge))
    assert "huge.o8d: Gandalf: 20000000 copies is no count a deck holds (at most 99 are read)." in said
    said = await _form(h, alice, lobby, huge.decode("utf-8"))
    assert said == "Gandalf: 20000000 copies is no count a deck holds (at most 99 are read)."
    assert "decks" not in table(h).options


async def test_four_hundred_cards_outside_the_core_set_are_named_ten_and_counted(harness: Harness):
    h = harness
    alice, = await _lobby(h, "alice")
    foreign = "".join(f'<card qty="1" id="00000000-0000-0000-0000-{i:012d}">Card {i}</card>' for i in range(400))
    o8d = O8D.replace(b'<section name="Ally" shared="False">', b'<section name="Ally" shared="False">' + foreign.encode())
    said = await _deck(h, alice, file=("many.o8d", o8d))
    assert said.startswith("many.o8d: Only Core Set cards can be played here; this deck also holds Card 0, Card 1, ")
    assert "Card 9." in said and "Card 10" not in said
    assert "many.o8d: …and 390 more cards from other packs." in said


async def test_a_core_starter_deck_file_is_seated_as_that_starter_and_octgns_own_is_refused_by_card(harness: Harness):
    from tests.lcg_cards.test_deck_formats import LEADERSHIP_RULEBOOK

    h = harness
    alice, bob = await _lobby(h, "alice", "bob")
    octgn = LEADERSHIP_RULEBOOK.replace("1x Gandalf", "2x Gandalf").replace("2x Common Cause", "1x Common Cause")
    said = await _deck(h, bob, file=("Player-Core-Leadership.txt", octgn.encode("utf-8-sig")))
    assert "Gandalf: 2 in this deck, 1 in the rulebook's list." in said and "decks" not in table(h).options
    said = await _deck(h, bob, file=("leadership.txt", LEADERSHIP_RULEBOOK.encode()))
    assert "Your deck is in: Aragorn, Théodred, Glóin and 30 cards." in said
    assert table(h).options["decks"] == {str(bob): "leadership"}
    await h.slash(alice, "start")
    state = table(h).state
    assert sorted(state["ids"][u] for u in state["players"][str(bob)]["heroes"]) == ["aragorn", "gloin", "theodred"]
    assert sorted(state["ids"][u] for u in state["players"][str(alice)]["heroes"]) == ["gimli", "legolas", "thalin"]
