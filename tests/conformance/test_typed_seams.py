"""Each game's action and view TypedDicts hold for what its engine really builds: every action offered
and every view (each seat's and the public one) over seeded random games of every conformance setup
fits its type exactly (tests/typed_shapes.py: no key missing, none extra, each value's type). mypy checks
what the code says; this checks what it does, decision by decision."""
from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import pytest

import games
from engine.kernel import ViewEnvelope
from tests.conformance import hidden_number
from tests.conformance.conftest import support
from tests.typed_shapes import mismatches

# game -> (its action union, its view), as its declaration (games/<id>.py) gives them to `Rules[...]`
TYPES = {
    "confrontation": ("engine.confrontation.action_types:ConfrontationAction",
                      "engine.confrontation.view_types:ConfrontationView"),
    "fellowship": ("engine.fellowship.action_types:FellowshipAction", "engine.fellowship.view_types:FellowshipView"),
    "lcg": ("engine.lcg.action_types:LcgAction", "engine.lcg.view_types:LcgView"),
    "wotr": ("engine.wotr.types:WotrAction", "engine.wotr.types:WotrView"),
    "hidden_number": ("tests.conformance.hidden_number:Guess", "tests.conformance.hidden_number:HiddenView"),
}
SEEDS = (3,)
DECISIONS = 200  # per setup and seed: a game's opening and well into its play


def _load(path: str):
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def _games(game_id: str):
    """(rules, game number, state, players, legal) at each decision of seeded random games of every setup,
    and at the last state of each."""
    rules = hidden_number.RULES if game_id == hidden_number.ID else games.rules(game_id)
    sup = support(game_id)
    games_played = 0
    for n, options in sup.SETUPS:
        for seed in SEEDS:
            games_played += 1
            rnd = random.Random(seed)
            players = [f"p{i}" for i in range(n)]
            state = rules.new_game(players, dict(options), seed)
            for _ in range(DECISIONS):
                if rules.result(state) is not None:
                    break
                player = rnd.choice(rules.waiting_for(state))
                legal = rules.legal_actions(state, player)
                yield rules, games_played, state, players, legal
                state, _ = rules.apply(state, player, sup.choose(rnd, state, player, legal))
            yield rules, games_played, state, players, []


def _some(legal):
    """Every action of a list; of a lazy sequence standing for a long one (The Confrontation's 15,120
    placements), its ends and a seeded sample."""
    if isinstance(legal, list):
        return legal
    picks = random.Random(len(legal)).sample(range(len(legal)), min(len(legal), 100))
    return [legal[i] for i in sorted({0, len(legal) - 1, *picks})]


@pytest.mark.parametrize("game_id", sorted(TYPES))
def test_every_action_offered_fits_the_games_action_type(game_id):
    action_type = _load(TYPES[game_id][0])
    checked = 0
    for *_, legal in _games(game_id):
        for action in _some(legal):
            found = mismatches(action, action_type, "action")
            assert not found, found
            checked += 1
    assert checked > 100, f"only {checked} actions offered: too few to tell anything"


@pytest.mark.parametrize("game_id", sorted(TYPES))
def test_every_view_fits_the_games_view_type_and_the_kernels_envelope(game_id):
    view_type = _load(TYPES[game_id][1])
    assert ViewEnvelope.__required_keys__ <= view_type.__required_keys__
    decisions = 0
    checked: dict = {}  # (game, viewer) -> events of its log already checked (a logged event never changes)
    for rules, game, state, players, _ in _games(game_id):
        for viewer in [None, *players]:
            view = rules.view(state, viewer)
            done = checked.get((game, viewer), 0)
            checked[game, viewer] = len(view["log"])
            found = mismatches(dict(view, log=view["log"][done:]), view_type, f"view({viewer})")
            assert not found, found[:5]
            decisions += view["decision"] is not None
    assert decisions, "no view showed a decision"


READERS = ("Presenter", "BoardRenderer", "FullMap", "HandTexts", "Controls", "ConsoleHooks")


def test_each_declaration_gives_its_readers_its_own_view_type():
    """games/<id>.py returns its presenter, renderer, controls and console as the protocols of its view
    type, the one its rules return (`Rules[Action, View]`): so mypy checks their reading of the view. A
    loader typed `Presenter[Any]` (or bare) would let any key through."""
    root = Path(__file__).resolve().parents[2] / "games"
    for game in games.declared():
        path = root / f"{game.id}.py"
        if not path.is_file():  # a test's throwaway game
            continue
        loaders = {n.name: ast.unparse(n.returns) for n in ast.parse(path.read_text("utf-8")).body
                   if isinstance(n, ast.FunctionDef) and n.returns is not None}
        view = loaders["_rules"].removeprefix("Rules[").removesuffix("]").split(", ")[1]
        readers = {name: ret for name, ret in loaders.items() if ret.split("[")[0] in READERS}
        assert readers and all(ret.endswith(f"[{view}]") for ret in readers.values()), (game.id, readers)
