"""lotr-console --game lcg: auto with 1 to 4 players, one human beside random players, hot-seat."""
from __future__ import annotations

import sqlite3

import pytest

from tests.platform.helpers import auto_game, human_against_random, run_console


def run(argv, lines=()):
    return run_console(["--game", "lcg", *argv], lines)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_auto_plays_a_whole_game(tmp_path, players):
    out, row = auto_game(run, tmp_path, "--players", str(players))
    assert out.startswith("The Lord of the Rings: The Card Game — local console")
    assert "Quest stage 1" in out and "Game over after" in out
    assert row.game == "lcg" and row.seq > 20 and row.players.count("random_") == players


def test_one_human_beside_random_players(tmp_path):
    db = tmp_path / "vs.db"
    lines = ["hello", "999", '{"type": "play", "card": "nope"}'] + ["1"] * 4000
    out = human_against_random(run, db, lines, "--players", "2")
    assert "Aragorn, Théodred, Glóin: You" in out and "Gimli, Legolas, Thalin: Random 2" in out
    assert "Refused:" in out and "Your hand" in out and "Keep" in out and "Flies and Spiders" in out


def test_hot_seat_shows_each_hand_only_to_its_owner(tmp_path):
    lines = ["", "1"] * 4000
    code, out = run(["--vs", "human", "--players", "2", "--seed", "5", "--db", str(tmp_path / "hs.db")], lines)
    assert code == 0, out[-2000:]
    screens = out.split("Pass the keyboard to ")[1:]
    assert len(screens) > 10
    assert {s.split(",", 1)[0] for s in screens} == {"Player 1", "Player 2"}
    # Starter decks by seat: Player 1 holds Leadership cards, Player 2 Tactics ones; each screen lists
    # only its reader's hand.
    spheres = {"Player 1": "Leadership", "Player 2": "Tactics"}
    shown = 0
    for screen in screens:
        reader = screen.split(",", 1)[0]
        other = spheres["Player 2" if reader == "Player 1" else "Player 1"]
        hand = [line for line in screen.splitlines() if " — cost " in line]
        shown += len(hand)
        assert not any(other in line for line in hand), (reader, hand)
        assert any(spheres[reader] in line for line in hand) or not hand
    assert shown > 20


def test_players_are_checked_per_game():
    with pytest.raises(SystemExit):
        run(["--players", "5"])
    with pytest.raises(SystemExit):
        run_console(["--game", "fellowship", "--players", "2"])


DECK_LIST = """Heroes
Aragorn
Glóin
Théodred
Allies
3x Guard of the Citadel
2x Faramir
3x Fils de l'Arnor
3x Snowbourn Scout
3x Silverlode Archer
2x Longbeard Orc Slayer
2x Brok Ironfist
3x Gandalf
Attachments
3x Steward of Gondor
3x Celebrían's Stone
3x Blade of Gondolin
3x Citadel Plate
Events
3x Ever Vigilant
3x Sneak Attack
3x Valiant Sacrifice
3x Feint
3x Quick Strike
3x Swift Strike
"""


def test_deck_file_is_the_readers_deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK_LIST, "utf-8")
    db = tmp_path / "deck.db"
    code, out = run(["--auto", "--players", "2", "--seed", "3", "--deck", str(path), "--db", str(db)])
    assert code == 0, out[-2000:]
    with sqlite3.connect(db) as conn:
        import json
        options = json.loads(conn.execute("SELECT options FROM tables").fetchone()[0])
    assert list(options["decks"]) == ["random_1"] and len(options["decks"]["random_1"]["cards"]) == 51


def test_a_deck_file_that_cannot_be_read_is_refused_with_its_lines(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DECK_LIST + "2x Palantír\n", "utf-8")
    with pytest.raises(SystemExit) as err:
        run(["--auto", "--deck", str(path), "--lang", "fr", "--db", str(tmp_path / "x.db")])
    assert "La ligne 26" in str(err.value.code) and "Palantír" in str(err.value.code)


def test_the_campaign_from_the_console(tmp_path):
    code, out = run(["--auto", "--players", "1", "--seed", "2", "--campaign", "nightmare",
                     "--scenario", "passage_through_mirkwood", "--scenario", "journey_down_the_anduin",
                     "--db", str(tmp_path / "c.db")])
    assert code == 0, out[-2000:]
    assert "Passage Through Mirkwood is set up for" in out and "Game over after" in out


def test_a_response_is_offered_with_the_cards_text():
    import random

    import engine
    from present import lcg as present
    from table.consoles import lcg as console
    rules, rnd = engine.get_rules("lcg"), random.Random(0)
    s = rules.new_game(["a"], {}, 0)
    while not any(a["type"] == "respond" for a in rules.legal_actions(s, "a")):
        s, _ = rules.apply(s, "a", rnd.choice(rules.legal_actions(s, "a")))
    view = rules.view(s, "a")
    respond = next(a for a in rules.legal_actions(s, "a") if a["type"] == "respond")
    said = present.ability_text(respond, view, "en")
    assert said.startswith("Response") and any(label.endswith(f" — {said}") for label, _ in
                                              console.choices(view, rules.legal_actions(s, "a"), "en"))
