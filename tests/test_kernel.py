"""The shared kernel: the engine's own game lookup, seeded randomness, errors, dump/load."""
import pytest

import engine
from engine.kernel import BadSave, IllegalAction, Rng, load_json


def test_get_rules_returns_the_confrontation():
    assert engine.get_rules("confrontation").name == "confrontation"


def test_get_rules_refuses_an_unknown_game():
    with pytest.raises(KeyError):
        engine.get_rules("chess")


def test_get_rules_refuses_what_is_not_a_game_id():
    with pytest.raises(KeyError):
        engine.get_rules("../kernel")


def test_rng_is_deterministic_from_its_state():
    a, b = Rng(Rng.from_seed(42)), Rng(Rng.from_seed(42))
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_rng_differs_between_seeds():
    a, b = Rng(Rng.from_seed(1)), Rng(Rng.from_seed(2))
    assert [a.below(1000) for _ in range(20)] != [b.below(1000) for _ in range(20)]


def test_rng_below_stays_in_range_and_covers_it():
    r = Rng(Rng.from_seed(7))
    seen = {r.below(6) for _ in range(600)}
    assert seen == set(range(6))


def test_rng_accepts_string_seeds():
    assert Rng.from_seed("abc") != Rng.from_seed("abd")


def test_rng_shuffle_is_a_permutation():
    r = Rng(Rng.from_seed(3))
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_illegal_action_carries_code_and_params():
    exc = IllegalAction("cannot_move_there", piece="f1", to="mordor")
    assert exc.code == "cannot_move_there" and exc.params == {"piece": "f1", "to": "mordor"}
    assert "cannot_move_there" in str(exc)


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"game": "lcg"}'])
def test_load_refuses_what_is_not_a_dump_of_the_game(text):
    with pytest.raises(BadSave):
        load_json(text, "confrontation")
