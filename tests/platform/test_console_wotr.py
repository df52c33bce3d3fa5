"""lotr-console --game wotr: a whole random game, and one human (the Free Peoples) against random; the bot
offers the game too (it has Discord controls)."""
from __future__ import annotations

import io
import sqlite3

from table.console import main


def run(argv, lines=()):
    out = io.StringIO()
    code = main(["--game", "wotr", *argv], stdin=io.StringIO("".join(f"{x}\n" for x in lines)), stdout=out)
    return code, out.getvalue()


def stored(db) -> tuple:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT game, status, seq FROM tables").fetchone()


def test_auto_plays_a_whole_game_in_french(tmp_path):
    db = tmp_path / "auto.db"
    code, out = run(["--auto", "--lang", "fr", "--seed", "7", "--db", str(db)])
    assert code == 0, out[-2000:]
    assert out.startswith("La Guerre de l'Anneau — console locale")
    assert "Le tour 1 commence" in out and "Partie terminée" in out
    assert "present_wotr." not in out
    game, status, seq = stored(db)
    assert game == "wotr" and status == "over" and seq > 50


def test_one_human_against_random_plays_through_refusals(tmp_path):
    db = tmp_path / "vs.db"
    lines = ["hello", "999", '{"type": "enter_mordor"}'] + ["1"] * 6000
    code, out = run(["--vs", "random", "--seed", "11", "--db", str(db)], lines)
    assert code == 0, out[-2000:]
    assert "The Free Peoples player: You" in out
    assert "Type a number between 1 and" in out and "Refused:" in out
    assert "Your possible actions:" in out and "Your hand:" in out
    assert "present_wotr." not in out and stored(db)[1] == "over"


def test_the_bot_offers_war_of_the_ring():
    import games
    from bot.commands import offered
    assert games.get("wotr").controls is not None
    assert {"confrontation", "fellowship", "lcg", "wotr"} <= set(offered())
