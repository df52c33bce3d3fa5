"""lotr-console --game lcg at the prompt: `read` and `read N` show a card's text; several numbers at once
commit those characters, each number meaning what the list showed; "0" leaves a payment list."""
from __future__ import annotations

from engine import get_rules
from present import lcg as p
from table.consoles import lcg as console
from tests.lcg.helpers import at, game, until
from tests.platform.test_console_lcg import run

R = get_rules("lcg")


def test_read_lists_the_cards_and_read_n_gives_a_cards_text(tmp_path):
    code, out = run(["--vs", "random", "--players", "1", "--seed", "4", "--db", str(tmp_path / "read.db")],
                    ["read", "read 1", "q"])
    assert "Cards you may read (type “read N”):" in out and "    1. Aragorn" in out
    assert p.card_text("aragorn", "en") in out


def test_several_numbers_commit_those_characters_then_confirm():
    s = until(game(("a",), seed=2), at("commit"))
    view, legal = R.view(s, "a"), R.legal_actions(s, "a")
    labels = [label for label, _ in console.choices(view, legal, "en")]
    lines, actions = console.command(view, legal, "1 3", "en")
    assert lines == [] and [a["type"] for a in actions] == ["commit", "commit", "done"]
    picked = [labels[0], labels[2]]
    for action in actions:   # each still legal when its turn comes: the numbers kept their meaning
        assert action in R.legal_actions(s, "a")
        s, _ = R.apply(s, "a", action)
    committed = [p.uid_label(u, R.view(s, "a"), "en") for u in s["committed"]]
    assert all(any(name in label for name in committed) for label in picked) and len(committed) == 2
    assert console.command(view, legal, "1 99", "en") is None and console.command(view, legal, "hello", "en") is None
    done = str(len(labels))   # "Done" is not one of several picks
    assert console.command(view, legal, f"1 {done}", "en")[1] == []


def test_zero_leaves_a_payment_list_without_playing_anything(tmp_path):
    code, out = run(["--vs", "random", "--players", "1", "--seed", "4", "--db", str(tmp_path / "zero.db")],
                    ["1", "2", "0", "q"])
    assert code == 0   # quit, the game saved
    after = out.split("Play For Gondor! — 3 ways to pay", 1)[1]
    assert "  0. Back (choose nothing here)" in after
    assert "    1. Pass" in after.split("Back (choose nothing here)", 1)[1]   # the first list again
    assert "You play For Gondor!" not in out
