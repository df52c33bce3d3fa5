"""lotr-console --game wotr: a whole random game, and one human (the Free Peoples) against random; the bot
offers the game too (it has Discord controls)."""
from __future__ import annotations

import io
import sqlite3

from tests.platform.helpers import human_against_random, run_console, stored_table


def run(argv, lines=()):
    return run_console(["--game", "wotr", *argv], lines)


def test_auto_plays_a_whole_game_in_french(tmp_path):
    db = tmp_path / "auto.db"
    code, out = run(["--auto", "--lang", "fr", "--seed", "7", "--db", str(db)])
    assert code == 0, out[-2000:]
    assert out.startswith("La Guerre de l'Anneau — console locale")
    assert "Le tour 1 commence" in out and "Partie terminée" in out
    assert "present_wotr." not in out
    game, status, seq = stored_table(db)[:3]
    assert game == "wotr" and status == "over" and seq > 50


def test_one_human_against_random_plays_through_refusals(tmp_path):
    db = tmp_path / "vs.db"
    lines = ["hello", "999", '{"type": "enter_mordor"}'] + ["1"] * 6000
    out = human_against_random(run, db, lines)
    assert "The Free Peoples player: You" in out and "Refused:" in out and "Your hand:" in out
    assert "present_wotr." not in out


def test_the_bot_offers_war_of_the_ring():
    import games
    from bot.commands import offered
    assert games.get("wotr").controls is not None
    assert {"confrontation", "fellowship", "lcg", "wotr"} <= set(offered())


# ---------------------------------------------------------------------- the board in words, commands, choices


def test_the_screen_lists_every_army_and_the_characters_and_quitting_says_how_to_resume(tmp_path):
    db = tmp_path / "q.db"
    code, out = run(["--seed", "3", "--db", str(db)], ["q"])
    assert code == 0  # leaving is a normal end: the game is saved
    assert "Free Peoples armies:\n" in out and "Shadow armies:\n" in out
    assert "Minas Tirith: Gondor 3 regulars, 1 elite, 1 leader" in out
    assert "\n  Barad-dûr: Sauron 4 regulars, 1 elite, 1 Nazgûl · Dol Guldur: " in out  # by name, packed
    assert "In the Fellowship: Gandalf the Grey, Strider, Boromir" in out
    assert out.rstrip().endswith(f"To resume it: lotr-console --game wotr --db {db}")
    assert stored_table(db).status == "active"


def test_without_db_the_game_is_saved_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, out = run(["--seed", "3"], ["q"])
    (saved,) = (tmp_path / "data" / "lotr-console").glob("wotr-*.db")
    assert code == 0 and f"--db {saved}" in out and stored_table(saved).status == "active"


def test_help_cards_and_map_answer_at_any_prompt(tmp_path):
    from present import wotr as text
    db = tmp_path / "c.db"
    code, out = run(["--seed", "3", "--db", str(db), "--no-open"], ["help", "cards", "map", "q"])
    assert code == 0
    assert "map           write the picture" in out and "back          go up one question" in out
    state_hand = out.split("Your hand: ", 1)[1].split("\n", 1)[0]
    assert state_hand and "Your cards:" in out
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 1
    picture = db.with_suffix(".map.png")
    assert f"Map written to {picture}" in out and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Each card of the hand, both halves in full.
    for card in text.load().event_cards:
        if text.name(card, "en") in state_hand.split(" and ") or text.name(card, "en") in state_hand.split(", "):
            words = text.card_text(card, "en")
            assert words["event"] in out and words["combat"] in out


def test_choices_are_asked_die_first_then_the_action_and_back_goes_up(tmp_path):
    lines = ['{"type": "end_fellowship_phase"}', "1", "back", "q"]
    code, out = run(["--seed", "3", "--db", str(tmp_path / "d.db")], lines)
    assert code == 0
    lists = [block.split("\nYou, your choice")[0] for block in out.split("Your possible actions:")[1:]]
    top, die, again = lists[1], lists[2], lists[3]
    assert top.strip().splitlines() == again.strip().splitlines()  # "back" shows the dice again
    assert all(" die (" in line for line in top.strip().splitlines()[1:] if "Pass" not in line)
    assert len(top.strip().splitlines()) <= 7  # one line per face, not die x action (53 lines)
    head, *options = die.strip().splitlines()
    assert head.startswith("Character die") and 1 < len(options) <= 25  # the path, then that die's actions
    assert any("Move the Fellowship" in o or "Separate" in o for o in options)


def test_in_french_the_questions_read_and_sort_in_french(tmp_path):
    lines = ['{"type": "end_fellowship_phase"}', "1", "q"]
    code, out = run(["--seed", "3", "--lang", "fr", "--db", str(tmp_path / "f.db")], lines)
    assert code == 0 and "Armées des Peuples Libres :" in out and "Minas Tirith : Gondor 3 réguliers" in out
    assert "dé Personnage (" in out.lower() or "Personnage" in out
    assert "Pour la reprendre : lotr-console --game wotr" in out
    assert "present_wotr." not in out and "wotr_play." not in out and "console." not in out.replace("lotr-console", "")


def test_a_done_that_would_move_nothing_is_confirmed_or_taken_back():
    """The console asks the game's questions again over a chosen option: a Done before anything moved
    opens "Yes, end it without moving" / "No, go back"."""
    from table.consoles import wotr as hooks
    view = {"decision": {"kind": "army_move", "arrived": [], "from": None}}
    legal = [{"type": "army_from", "region": "minas_tirith"}, {"type": "done"}]
    top = hooks.choices(view, legal, "en")
    assert ("Done — nothing has moved yet…", [{"type": "done"}]) in top
    confirm = hooks.choices(view, [{"type": "done"}], "en")
    assert confirm == [("Yes: end it without moving anything (the action is spent)", [{"type": "done"}]),
                       ("No, go back", [])]
    moved = {"decision": {"kind": "army_move", "arrived": ["osgiliath"], "from": None}}
    assert hooks.choices(moved, [{"type": "done"}], "en") == [("Done", [{"type": "done"}])]


def test_console_goes_through_a_confirmation_and_back():
    """Console.choose with scripted answers: the Done of a move not begun, refused ("No, go back"),
    then confirmed."""
    from present import wotr as present
    from table.console import Console
    from table.consoles import wotr as hooks
    console = Console.__new__(Console)
    out = io.StringIO()
    console.stdin, console.out, console.lang = io.StringIO("2\n2\n2\n1\n"), out, "en"
    console.hooks, console.present, console.names = hooks, present, {"you": "You"}
    view = {"decision": {"kind": "move_minions", "moved": []}}
    legal = [{"type": "move_nazgul", "from": "barad_dur", "to": "gorgoroth"}, {"type": "done"}]
    assert console.choose("you", view, legal) == {"type": "done"}
    text = out.getvalue()
    assert text.count("2. No, go back") == 2 and text.count("2. Done — nothing has moved yet…") == 2


def test_vs_a_level_is_offered_only_for_a_game_with_a_computer_player(capsys):
    import dataclasses

    import pytest

    import games
    from table.console import parse
    alone = games.register(dataclasses.replace(games.get("wotr"), id="wotr_alone", bot=None))
    try:
        with pytest.raises(SystemExit) as exit_:
            parse(["--game", "wotr_alone", "--vs", "normal"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "--vs normal: wotr_alone has no computer player yet" in err and "Traceback" not in err
        with pytest.raises(SystemExit):
            parse(["--game", "wotr_alone", "--help"])
        assert "{random,human}" in capsys.readouterr().out
    finally:
        games.unregister(alone.id)
    with_bot = next((g for g in games.declared() if g.bot is not None and g.console is not None), None)
    if with_bot is not None:
        assert parse(["--game", with_bot.id, "--vs", "normal"]).vs == "normal"


def test_each_games_help_shows_its_own_options(capsys):
    import pytest

    from table.console import parse
    for game, flag in (("wotr", "--side {free_peoples,shadow} the side you play"), ("fellowship", "--left-out")):
        with pytest.raises(SystemExit) as exit_:
            parse(["--game", game, "--help"])
        shown = " ".join(capsys.readouterr().out.split())  # argparse wraps its lines
        assert exit_.value.code == 0 and flag in shown and f"these are the options of {game}" in shown
        assert "lotr-console --game GAME --help" in shown


def test_the_hunt_allocation_menu_is_numbered_by_dice_and_map_goes_where_images_go(tmp_path):
    """Playing the Shadow: answering 2 at the Hunt allocation puts 2 dice in the Hunt box; `map` writes
    its picture into the --images folder."""
    images = tmp_path / "pictures"
    lines = ["1"] * 12 + ["map", "2", "q"]
    code, out = run(["--vs", "random", "--side", "shadow", "--seed", "3", "--db", str(tmp_path / "h.db"),
                     "--images", str(images)], lines)
    assert "    0. Dice for the Hunt box: 0" in out and "    2. Dice for the Hunt box: 2" in out, out[-3000:]
    assert "Dice the Shadow puts in the Hunt box: 2" in out or "Hunt box (dice): Shadow 2" in out, out[-3000:]
    assert list(images.glob("map_*.png"))


def test_a_four_player_game_names_each_players_nations():
    import engine
    from table.consoles import wotr
    view = engine.get_rules("wotr").view(engine.get_rules("wotr").new_game(["a", "b", "c", "d"], {}, 1), "a")
    lines = wotr.seat_lines(view, {"a": "You", "b": "Bob", "c": "Cy", "d": "Di"}, "en")
    assert lines == ["Gondor, Elves: You", "Rohan, The North, Dwarves: Bob", "Sauron: Cy",
                     "Isengard, Southrons & Easterlings: Di"]


def test_alone_at_the_keyboard_a_single_choice_is_taken_at_once_unless_asked(tmp_path):
    lines = ["1"] * 200 + ["q"]
    code, out = run(["--vs", "random", "--seed", "5", "--db", str(tmp_path / "one.db")], lines)
    assert "(Only one choice, taken: " in out
    code, out = run(["--vs", "random", "--seed", "5", "--ask-single", "--db", str(tmp_path / "ask.db")], lines)
    assert "(Only one choice, taken: " not in out


def test_back_after_choosing_move_armies_takes_the_choice_back_and_the_die_with_it(tmp_path):
    lines = ["3", "1", "3", "back", "q"]
    code, out = run(["--vs", "random", "--seed", "4", "--db", str(tmp_path / "b.db")], lines)
    assert "spends a die showing Character: move armies" in out
    after = out.split("Back: your latest choice is taken back.")[1]
    assert "Latest move taken back (You)." in after and "1. Character die (1 left)" in after
