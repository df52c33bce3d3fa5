"""The renderer on real engine views after random play (skipped until the engine is importable)."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import engine
from i18n import LANGUAGES
from render import confrontation as rc

try:
    RULES = engine.get_rules("confrontation")
except (NotImplementedError, AttributeError):          # the engine is not there yet
    RULES = None

pytestmark = pytest.mark.skipif(RULES is None, reason="Confrontation engine not available")

PLAYERS = ["p_fellowship", "p_sauron"]
GAMES = [  # (seed, options)
    (1, {}),
    (2, {"mode": "variant", "special_cards": "choose"}),
    (3, {"mode": "draft", "special_cards": "announce"}),
    (4, {"mode": "hidden_draft", "match": True}),
]


def _random_game(seed: int, options: dict, max_actions: int = 160):
    """Yield every state of a random game (shuffles left out: they change nothing drawn but who is who)."""
    rng = random.Random(seed)
    state = RULES.new_game(PLAYERS, options, seed)
    yield state
    for _ in range(max_actions):
        if RULES.result(state) is not None:
            return
        choices = [(p, a) for p in PLAYERS for a in RULES.legal_actions(state, p) if a["type"] != "shuffle"]
        if not choices:
            return
        player, action = rng.choice(choices)
        state, _ = RULES.apply(state, player, action)
        yield state


def _check_labels(view: dict, lang: str) -> None:
    drawn: dict[str, list[str]] = {}
    labels = rc.board_labels(view, lang)
    assert [label for label in labels if label[0] == "error"] == []
    for kind, text in labels:
        if kind.startswith("piece:"):
            drawn.setdefault(kind[6:], []).append(text)
    for piece in view["pieces"]:
        if piece["region"] not in rc.region_names():
            continue
        labels = drawn[piece["token"]]
        if piece["character"] is None:
            assert labels == [piece["token"]], (piece, labels)
        else:
            assert rc.character_name(piece["character"], lang) in labels[0], (piece, labels)


@pytest.mark.parametrize("seed,options", GAMES)
def test_random_games_render_every_view(seed, options):
    states = list(_random_game(seed, options))
    assert len(states) > 10
    for i, state in enumerate(states):
        if i % 3 and i != len(states) - 1:
            continue
        lang = LANGUAGES[i % 2]
        for viewer in [None, *PLAYERS]:
            view = RULES.view(state, viewer)
            _check_labels(view, lang)
            if i % 15 == 0 or i == len(states) - 1:
                data = rc.draw_board(view, lang)
                img = Image.open(io.BytesIO(data))
                assert img.size == (rc.W, rc.PRIVATE_H if viewer else rc.PUBLIC_H)
                assert len(data) < 500 * 1024
