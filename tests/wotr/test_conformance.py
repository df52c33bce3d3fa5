"""The conformance suite (tests/conformance/test_every_game.py) run on War of the Ring before the game is
declared in games/ (its presenter, map and console come later): the same checks, through a declaration
built here and never registered. Once games/wotr.py exists the suite runs on it by itself and this file
can go."""
import pytest

import engine
from games import Game
from tests.conformance import test_every_game as suite
from tests.wotr import conformance

GAME = (Game(id="wotr", rules=lambda: engine.get_rules("wotr"), seats=(2, 2), presenter=lambda: None,
             namespace="wotr"), conformance)


def test_random_legal_play_ends_with_a_result():
    suite.test_random_legal_play_ends_with_a_result(GAME)


def test_refusals_round_trips_purity_views_and_twins():
    suite.test_refusals_round_trips_purity_views_and_twins(GAME)


@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", '{"game": "no_such_game"}', "null", "42"])
def test_load_refuses_what_is_not_a_save_of_the_game(text):
    suite.test_load_refuses_what_is_not_a_save_of_the_game(GAME, text)


def test_every_refusal_code_in_the_engine_has_english_and_french_texts():
    suite.test_every_refusal_code_in_the_engine_has_english_and_french_texts(GAME)
