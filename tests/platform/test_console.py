"""The local console, end to end, with scripted input."""
from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from i18n import t
from table.console import parse
from tests.platform.conftest import needs_confrontation
from tests.platform.helpers import (
    auto_game,
    human_against_random,
    quit_saved,
    resumed_to_the_end,
    stored_table,
)
from tests.platform.helpers import run_console as run

pytestmark = needs_confrontation


def test_auto_plays_a_whole_game(tmp_path):
    out, row = auto_game(run, tmp_path)
    assert "Game over after" in out and " wins " in out
    assert row.seq == row.logged > 0


def test_auto_in_french_with_a_mode(tmp_path):
    code, out = run(["--auto", "--seed", "2", "--lang", "fr", "--mode", "variant",
                     "--db", str(tmp_path / "fr.db")])
    assert code == 0
    assert "Partie terminée après" in out and "La Communauté : Hasard 1" in out


def test_a_human_against_random_with_scripted_input(tmp_path):
    db = tmp_path / "vs.db"
    # Bad answers first, then a random placement ("0"), then always the first listed action.
    lines = ["hello", "999", '{"type": "move", "piece": "f1", "to": "mordor"}', "0"] + ["1"] * 3000
    out = human_against_random(run, db, lines)
    assert "Choose for Frodo:" in out and "Your combat cards:" in out and "Game over after" in out


def test_an_illegal_json_action_is_refused_and_the_game_goes_on(tmp_path):
    lines = ["0", '{"type": "move", "piece": "f1", "to": "mordor"}', "q"]
    code, out = run(["--vs", "random", "--seed", "11", "--db", str(tmp_path / "x.db")], lines)
    assert code == 0  # quit: a normal end, the game is saved
    assert "Refused:" in out


def test_quit_then_resume_from_the_same_file(tmp_path):
    db = tmp_path / "resume.db"
    quit_saved(run, str(db), ["0", "1", "1"])
    status, seq = stored_table(db)[1:3]
    assert status == "active" and seq > 0
    resumed_to_the_end(run, str(db))
    assert stored_table(db).seq > seq


def test_quit_then_resume_from_the_same_postgresql_database(postgres):
    url = asyncio.run(postgres.fresh_database())
    quit_saved(run, url, ["0", "1", "1"])
    resumed_to_the_end(run, url)

    async def stored_pg():
        import asyncpg
        con = await asyncpg.connect(url)
        try:  # one table, carried on to its end: the second run resumed the first one's game
            return [tuple(r) for r in await con.fetch(
                "SELECT status, seq, (SELECT COUNT(*) FROM actions) FROM tables")]
        finally:
            await con.close()
    [(status, seq, logged)] = asyncio.run(stored_pg())
    assert status == "over" and seq == logged > 3


def test_hot_seat_hides_each_player_from_the_other(tmp_path):
    lines = []
    # Each turn: Enter at the "pass the keyboard" screen, then an answer; "0" picks a placement.
    for _ in range(4000):
        lines += ["", "0", "1"]
    code, out = run(["--vs", "human", "--seed", "5", "--db", str(tmp_path / "hs.db")], lines)
    assert code == 0, out[-2000:]
    screens = out.split("Pass the keyboard to ")
    assert len(screens) > 3
    for screen in screens[1:]:
        player = screen.split(",", 1)[0]
        own = "f" if player == "Player 1" else "s"
        other = "s" if own == "f" else "f"
        # Whatever this player is shown as "your pieces" is theirs only.
        if "Your pieces:" in screen:
            mine = screen.split("Your pieces:\n", 1)[1].split("\n", 1)[0]
            tokens = [part.strip().split()[0] for part in mine.split(", ")]
            assert all(tok.startswith(own) for tok in tokens), (player, mine)
            assert not any(tok.startswith(other) for tok in tokens)


def test_images_are_saved_or_skipped_with_a_message(tmp_path):
    images = tmp_path / "boards"
    code, out = run(["--auto", "--seed", "3", "--db", str(tmp_path / "img.db"), "--images", str(images)])
    assert code == 0
    try:
        import render.confrontation  # noqa: F401
    except ImportError:
        assert "not available yet" in out
    else:
        pngs = sorted(images.glob("board_*.png"))
        assert pngs and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)


def test_bot_seat_in_the_console_plays_its_own_turns(tmp_path):
    db = tmp_path / "bot.db"
    code, out = run(["--vs", "easy", "--seed", "3", "--db", str(db)], ["1"] * 3000)
    assert code == 0 and "Game over after" in out and "Bot 2 (easy)" in out
    row = stored_table(db)
    assert row.status == "over" and row.seq == row.logged > 0


def test_the_console_offers_only_the_bot_levels_a_game_has(capsys):
    with pytest.raises(SystemExit):
        parse(["--game", "fellowship", "--help"])
    usage = capsys.readouterr().out
    assert "{random,human,normal}" in usage and "easy" not in usage
    with pytest.raises(SystemExit) as refused:
        parse(["--game", "lcg", "--vs", "hard"])
    assert refused.value.code == 2 and "invalid choice: 'hard'" in capsys.readouterr().err
    assert parse(["--game", "confrontation", "--vs", "hard"]).vs == "hard"


def test_a_bot_s_level_is_named_in_the_player_s_language(tmp_path):
    code, out = run(["--vs", "hard", "--lang", "fr", "--seed", "3", "--db", str(tmp_path / "fr.db")], ["q"])
    assert "Robot 2 (difficile)" in out and "(hard)" not in out


def test_undo_takes_back_your_latest_move_and_the_reply_and_nothing_hidden(tmp_path):
    db = tmp_path / "undo.db"
    # Place (at random: the game's start draws at random, so nothing to take back), move, move again, then
    # take the last move back, with the opponent's reply.
    code, out = run(["--vs", "random", "--side", "fellowship", "--seed", "3", "--db", str(db)],
                    ["0", "undo", "1", "1", "undo", "q"])
    assert code == 0
    assert out.count(t("console_undo.cannot", "en")) == 1
    assert t("console_undo.done", "en", player="You") in out
    with sqlite3.connect(db) as conn:
        actions = [json.loads(a) for (a,) in conn.execute("SELECT action FROM actions ORDER BY seq")]
    assert actions[-1] == {"type": "undo", "count": 2}


@pytest.mark.parametrize("word", ["cards", "read"])
def test_cards_and_read_both_show_the_confrontation_characters_powers(tmp_path, word):
    lines = ["0", word, "q"]
    code, out = run(["--vs", "random", "--seed", "11", "--db", str(tmp_path / f"{word}.db")], lines)
    assert code == 0 and "strength" in out and "no card texts" not in out
    assert "Frodo, strength 1" in out and "retreat sideways" in out      # Frodo's power, in our words


def test_a_bad_number_where_0_is_offered_says_between_0_and_the_last(tmp_path):
    lines = ["99", "q"]
    code, out = run(["--vs", "random", "--seed", "11", "--db", str(tmp_path / "zero.db")], lines)
    assert "Type a number between 0 and" in out and "between 1 and" not in out


def test_back_at_a_first_question_says_why_it_cannot_and_points_to_undo(tmp_path):
    lines = ["0"] * 40 + ["back", "q"]
    code, out = run(["--vs", "random", "--seed", "11", "--db", str(tmp_path / "back.db")], lines)
    assert "Nothing to go back to: this is the first question of your move" in out and "as JSON" not in out[-400:]
