"""lotr-console --game lcg --deck: an OCTGN .o8d file or a RingsDB decklist (link or number, recorded answers)
seats the reader's deck; a card outside the Core Set stops the console, named; --auto-pass is the reader's."""
from __future__ import annotations

import json
import sqlite3

import pytest

from table import deck_fetch
from tests.lcg.recorded import FIXTURES, Recorded
from tests.platform.test_console_lcg import run


def _options(db) -> dict:
    with sqlite3.connect(db) as conn:
        return json.loads(conn.execute("SELECT options FROM tables").fetchone()[0])


def test_an_o8d_file_is_the_readers_deck(tmp_path):
    db = tmp_path / "o8d.db"
    code, out = run(["--auto", "--players", "1", "--seed", "3", "--deck", str(FIXTURES / "dol_guldur_lead_spirit.o8d"),
                     "--db", str(db)])
    assert code == 0, out[-2000:]
    assert _options(db)["decks"]["random_1"]["heroes"] == ["aragorn", "eowyn", "theodred"]


def test_a_ringsdb_number_is_the_readers_deck_and_a_foreign_card_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(deck_fetch, "FETCHER", Recorded())
    db = tmp_path / "rdb.db"
    code, out = run(["--auto", "--seed", "3", "--deck", "https://ringsdb.com/decklist/view/23580", "--auto-pass", "off",
                     "--db", str(db)])
    assert code == 0, out[-2000:]
    options = _options(db)
    assert options["decks"]["random_1"]["heroes"] == ["gimli", "legolas", "beravor"]
    assert options["auto_pass"] == {"random_1": False}
    with pytest.raises(SystemExit, match="Bilbo Baggins"):
        run(["--auto", "--deck", "31004", "--db", str(tmp_path / "x.db")])


def test_a_fellowship_of_files_and_ringsdb_numbers_seats_every_deck_the_readers_first(tmp_path, monkeypatch):
    monkeypatch.setattr(deck_fetch, "FETCHER", Recorded())
    db = tmp_path / "fellowship.db"
    fellowship = ["--deck", str(FIXTURES / "dol_guldur_lead_spirit.o8d"), "--deck", "23580"]
    code, out = run(["--auto", "--players", "2", "--seed", "3", "--db", str(db), *fellowship])
    assert code == 0, out[-2000:]
    decks = _options(db)["decks"]
    assert decks["random_1"]["heroes"] == ["aragorn", "eowyn", "theodred"]
    assert decks["random_2"]["heroes"] == ["gimli", "legolas", "beravor"]
    # A third seat would play a starter deck, but each of the four shares a hero with these decks: refused,
    # saying which seat and what to do.
    with pytest.raises(SystemExit, match="No starter deck is left for seat 3: .* Bring a deck for that seat"):
        run(["--auto", "--players", "3", "--db", str(tmp_path / "three.db"), *fellowship])


def test_a_fellowship_needs_its_seats_and_distinct_heroes(tmp_path, monkeypatch):
    monkeypatch.setattr(deck_fetch, "FETCHER", Recorded())
    with pytest.raises(SystemExit, match="--players 2"):
        run(["--auto", "--deck", "https://ringsdb.com/decklist/view/23580 23579", "--db", str(tmp_path / "a.db")])
    with pytest.raises(SystemExit, match="Legolas"):  # 23517 and 23580 both hold Legolas
        run(["--auto", "--players", "2", "--deck", "23517", "--deck", "23580", "--db", str(tmp_path / "b.db")])
    with pytest.raises(SystemExit, match="2 to 4"):
        run(["--auto", "--players", "4", "--deck", "23580 23579", "--deck", "23517 23580", "--deck", "23579",
             "--db", str(tmp_path / "c.db")])


# Issue 39: files as OCTGN and Windows editors save them, and a refused deck leaves nothing behind.

def _o8d() -> str:
    return (FIXTURES / "dol_guldur_lead_spirit.o8d").read_text("utf-8")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_an_o8d_file_as_octgn_saves_it_or_in_utf16_is_read(tmp_path, encoding):
    path, db = tmp_path / "octgn.o8d", tmp_path / "bom.db"
    path.write_bytes(_o8d().replace("\n", "\r\n").encode(encoding))  # OCTGN: a byte-order mark, CRLF
    code, out = run(["--auto", "--players", "1", "--seed", "3", "--deck", str(path), "--db", str(db)])
    assert code == 0, out[-2000:]
    assert _options(db)["decks"]["random_1"]["heroes"] == ["aragorn", "eowyn", "theodred"]


def test_a_list_file_with_a_byte_order_mark_keeps_its_first_card(tmp_path):
    from tests.platform.test_console_lcg import DECK_LIST

    path, db = tmp_path / "deck.txt", tmp_path / "list.db"
    path.write_bytes(("3x Gandalf\n" + DECK_LIST.replace("3x Gandalf\n", "")).encode("utf-8-sig"))
    code, out = run(["--auto", "--players", "1", "--seed", "3", "--deck", str(path), "--db", str(db)])
    assert code == 0, out[-2000:]
    deck = _options(db)["decks"]["random_1"]
    assert deck["heroes"] == ["aragorn", "gloin", "theodred"] and deck["cards"][:3] == ["gandalf"] * 3


def test_a_refused_deck_saves_nothing(tmp_path):
    import asyncio
    import io

    from table.console import parse
    from table.console import run as console

    path, db, out = tmp_path / "deck.txt", tmp_path / "refused.db", io.StringIO()
    path.write_text("Aragorn\n3x Glorfindel (FoS)\n", "utf-8")
    with pytest.raises(SystemExit, match="Glorfindel"):
        asyncio.run(console(parse(["--game", "lcg", "--auto", "--deck", str(path), "--db", str(db)]), io.StringIO(), out))
    assert "Game saved" not in out.getvalue() and not db.exists()


def test_a_save_holding_a_table_never_started_starts_it(tmp_path):
    """What a refused --deck left before issue 39: the table created and seated, never started."""
    import asyncio

    from table.service import TableService
    from table.store import open_store

    async def left_behind(db) -> None:
        service = await TableService.open(open_store(db))
        await service.create(1, None, "lcg", {"auto_pass_alone": True}, "random_1", "en")
        await service.join(1, "random_2")
        await service.close()

    db = tmp_path / "old.db"
    asyncio.run(left_behind(db))
    code, out = run(["--auto", "--seed", "3", "--db", str(db)])
    assert code == 0, out[-2000:]
    assert "This save holds a table that was never started (2 seats): it starts now." in out
    assert "Game over after" in out
