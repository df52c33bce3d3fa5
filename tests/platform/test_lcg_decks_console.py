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
