"""lotr-console --game fellowship: auto, one human against random players, hot-seat, resume."""
from __future__ import annotations

import pytest

from tests.platform.helpers import (
    auto_game,
    human_against_random,
    quit_saved,
    resumed_to_the_end,
    run_console,
    stored_table,
)


def run(argv, lines=()):
    return run_console(["--game", "fellowship", *argv], lines)


@pytest.mark.parametrize("players", [3, 4])
def test_auto_plays_a_whole_game(tmp_path, players):
    out, row = auto_game(run, tmp_path, "--players", str(players))
    assert out.startswith("La Communauté — local console")
    assert "🎲 Frodo rolls" in out and "Game over after" in out and ("Winner:" in out or "Winners:" in out)
    assert row.game == "fellowship" and row.seq > 100 and row.players.count("random_") == players


def test_auto_in_french_with_merry_left_out(tmp_path):
    code, out = run(["--auto", "--lang", "fr", "--left-out", "merry", "--seed", "3", "--db", str(tmp_path / "f.db")])
    assert code == 0
    assert "Pippin : Hasard 3" in out and "Merry" not in out and "Partie terminée après" in out


def test_one_human_against_random_players(tmp_path):
    db = tmp_path / "vs.db"
    lines = ["hello", "99", '{"type": "move", "die": 9, "steps": 1}'] + ["1"] * 3000
    out = human_against_random(run, db, lines, "--players", "4")
    assert "Frodo: You" in out and "Pippin: Random 4" in out
    assert "Refused:" in out and "for the fight →" in out
    assert "You peeked (ring-bearer)" in out  # the human plays Frodo, who starts with the Ring


def test_hot_seat_shows_the_peek_only_to_the_ring_bearer(tmp_path):
    lines = ["", "1"] * 3000
    code, out = run(["--vs", "human", "--seed", "5", "--db", str(tmp_path / "hs.db")], lines)
    assert code == 0, out[-2000:]
    screens = out.split("Pass the keyboard to ")[1:]
    assert len(screens) > 10
    peeks = 0
    for screen in screens:
        player = screen.split(",", 1)[0]
        for block in screen.split("\nStage ")[1:]:  # each status shown to this player
            block = block.split("Log:", 1)[0]
            mine = next(line for line in block.splitlines() if f"({player})" in line and " · " in line)
            if "You peeked" in block:
                peeks += 1
                assert "💍" in mine, (player, block)  # only the ring-bearer is shown the peek
    assert peeks > 0


def test_quit_then_resume(tmp_path):
    db = tmp_path / "resume.db"
    quit_saved(run, str(db), ["1", "1"])
    status, seq = stored_table(db)[1:3]
    assert status == "active" and seq > 0
    resumed_to_the_end(run, str(db))
    assert stored_table(db).seq > seq


def test_images_are_saved(tmp_path):
    images = tmp_path / "boards"
    code, _ = run(["--vs", "random", "--seed", "3", "--db", str(tmp_path / "img.db"), "--images", str(images)],
                  ["1", "1", "q"])
    assert code == 0
    pngs = sorted(images.glob("board_*.png"))
    assert len(pngs) >= 3 and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
