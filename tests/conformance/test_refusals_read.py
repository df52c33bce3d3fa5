"""A refused action of each declared game reads as a sentence of that game, in English and French, in
the bot and in the console (before each game had its own namespace, two of them showed raw keys)."""
from __future__ import annotations

import io

import pytest

import games
import i18n
from bot.answers import refusal_text
from engine import IllegalAction
from table.console import main as console_main

GAME_IDS = [game.id for game in games.declared()]
NONSENSE = '{"type": "no_such_action"}'


def _sentence(game_id: str, exc: IllegalAction, lang: str) -> str:
    """The game's own sentence for the refusal, placeholders filled."""
    key = games.get(game_id).refusal_key(exc.code)
    assert i18n.has(key, lang), key
    return i18n.t(key, lang, **exc.params)


def _refusal_of_a_new_game(game_id: str) -> IllegalAction:
    decl = games.get(game_id)
    rules = decl.rules()
    players = [f"p{i}" for i in range(decl.seats[0])]
    state = rules.new_game(players, {}, 1)
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, rules.waiting_for(state)[0], {"type": "no_such_action"})
    return caught.value


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_bot_explains_a_refusal_in_the_words_of_the_game(game_id, lang):
    refusal = _refusal_of_a_new_game(game_id)
    assert refusal_text(refusal, lang, game_id) == _sentence(game_id, refusal, lang)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_console_explains_a_refusal_in_the_words_of_the_game(game_id, lang, tmp_path):
    out = io.StringIO()
    console_main(["--game", game_id, "--vs", "random", "--lang", lang, "--seed", "1", "--db", str(tmp_path / "r.db")],
                 stdin=io.StringIO(f"0\n{NONSENSE}\nq\n"), stdout=out)  # 0: a setup placed at random
    prefix = i18n.t("table.console.refused", lang, reason="")  # after a prompt, on its line
    refused = [line.split(prefix, 1)[1] for line in out.getvalue().splitlines() if prefix in line]
    assert refused == [_sentence(game_id, _refusal_of_a_new_game(game_id), lang)], out.getvalue()[-1500:]
