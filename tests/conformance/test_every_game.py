"""The kernel's contract (docs/kernel.md), checked the same way on every declared game and on the
throwaway one: random legal play ends; anything malformed or illegal is refused with a code that reads
in English and French and leaves the state as it was, and `is_legal` says the same as `apply`; dump/load round-trips; apply never changes its
input; views are JSON; twin states give the viewer the same view; every refusal code an engine's source
can raise has both texts."""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

import i18n
from engine import BadSave, IllegalAction

CHECKS = 25  # states of one game checked in depth (spread over the game)
MALFORMED = [None, 42, "pass", [], {}, {"type": None}, {"type": "no_such_action"}, {"type": 7}]


def _players(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def _play(rules, support, setup, seed, every=None):
    """A random legal game; `every(state, player, legal, step)` sees each state before its action."""
    n, options = setup
    rnd = random.Random(seed)
    state = rules.new_game(_players(n), dict(options), seed)
    step = 0
    while rules.result(state) is None:
        assert step < support.MAX_STEPS, "the game did not end"
        waiting = rules.waiting_for(state)
        assert waiting, "no result, yet the game waits for nobody"
        player = rnd.choice(waiting)
        legal = rules.legal_actions(state, player)
        assert legal, f"the game waits for {player}, who has no legal action"
        if every is not None:
            every(state, player, legal, step)
        state, events = rules.apply(state, player, support.choose(rnd, state, player, legal))
        assert isinstance(events, list)
        step += 1
    return state, step


def _has_both_texts(game, code: str) -> bool:
    return all(i18n.has(game.refusal_key(code), lang) for lang in i18n.LANGUAGES)


def test_random_legal_play_ends_with_a_result(game):
    decl, support = game
    rules = decl.rules()
    low, high = decl.seats
    for setup in support.SETUPS:
        assert low <= setup[0] <= high
        state, _ = _play(rules, support, setup, seed=1)
        assert rules.result(state) is not None and rules.waiting_for(state) == []
        assert all(rules.legal_actions(state, p) == [] for p in _players(setup[0]))


def test_refusals_round_trips_purity_views_and_twins(game):
    """One game per setup, checked in depth at about CHECKS of its states."""
    decl, support = game
    rules = decl.rules()
    rnd = random.Random(5)
    twins = 0

    def refused(state, player, action) -> None:
        before = rules.dump(state)
        assert not rules.is_legal(state, player, action), f"is_legal accepts {action!r}, which apply refuses"
        with pytest.raises(IllegalAction) as caught:
            rules.apply(state, player, action)
        assert rules.dump(state) == before, f"a refused {action!r} changed the state"
        code = caught.value.code
        assert _has_both_texts(decl, code), f"refusal {code!r} has no text in both languages"
        for lang in i18n.LANGUAGES:
            assert decl.refusal(caught.value, lang) != decl.refusal_key(code)

    def check(state, player, legal, step) -> None:
        nonlocal twins
        if step % every_n:
            return
        players = _players(setup[0])
        assert rules.load(rules.dump(state)) == state
        before = json.dumps(state, sort_keys=True)
        rules.apply(state, player, rnd.choice(legal))
        assert json.dumps(state, sort_keys=True) == before, "apply changed its input"
        for action in rnd.sample(legal, min(5, len(legal))):
            assert rules.is_legal(state, player, action), f"is_legal refuses {action!r}, a legal action"
        for bad in MALFORMED:
            refused(state, player, bad)
        refused(state, "nobody", legal[0])
        for other in players:
            if other not in rules.waiting_for(state):
                refused(state, other, legal[0])
        for viewer in [None, *players]:
            view = rules.view(state, viewer)
            assert json.loads(json.dumps(view)) == view, "a view is not plain JSON"
            twin = support.twin(state, viewer, rnd)
            if twin is not None:
                assert rules.view(twin, viewer) == view, f"{viewer} can tell twin states apart"
                twins += 1

    for setup in support.SETUPS:
        _, length = _play(rules, support, setup, seed=2)
        every_n = max(1, length // CHECKS)
        _play(rules, support, setup, seed=2, every=check)
    assert twins, "no twin state was ever compared"


@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", '{"game": "no_such_game"}', "null", "42"])
def test_load_refuses_what_is_not_a_save_of_the_game(game, text):
    rules = game[0].rules()
    with pytest.raises(BadSave):
        rules.load(text)


def test_every_refusal_code_in_the_engine_has_english_and_french_texts(game):
    """Found by reading the engine's source, so a new refusal without a text fails here."""
    decl = game[0]
    module = sys.modules[type(decl.rules()).__module__]
    path = Path(module.__file__)
    files = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
    codes = set()
    for file in files:
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z0-9_]+)"', file.read_text("utf-8")))
    assert codes, "no refusal found in the engine's source"
    missing = sorted(c for c in codes if not _has_both_texts(decl, c))
    assert not missing, missing
