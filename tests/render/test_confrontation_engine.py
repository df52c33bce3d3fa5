"""The renderer on real engine views after random play (skipped until the engine is importable)."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

import engine
from engine.confrontation import sampler
from engine.kernel import Rng
from i18n import LANGUAGES
from render import confrontation as rc
from render.common import fixed_palette

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


def _pixels(img: Image.Image) -> bytes:
    """An image's colours, pixel by pixel, in the renderer's fixed palette (as a PNG of it holds them)."""
    if img.mode == "RGB":
        img = img.quantize(palette=fixed_palette(rc.__name__), dither=Image.Dither.NONE)
    return img.convert("RGB").tobytes()


@pytest.mark.parametrize("seed,options", GAMES + [(5, {"mode": "variant"}), (6, {})])
def test_boards_from_kept_pieces_are_the_whole_drawing_pixel_for_pixel(seed, options):
    """draw_board joins kept pieces; the picture is board_image's, for every reader, in both languages."""
    compared = 0
    for i, state in enumerate(_random_game(seed, options)):
        if i % 2:
            continue
        for viewer in [None, *PLAYERS]:
            view, lang = RULES.view(state, viewer), LANGUAGES[(i // 2) % 2]
            img = Image.open(io.BytesIO(rc.draw_board(view, lang)))
            assert img.size == (rc.W, rc.PRIVATE_H if viewer else rc.PUBLIC_H)
            assert _pixels(img) == _pixels(rc.board_image(view, lang)), (seed, i, viewer, lang)
            compared += 1
    assert compared > 15


def test_kept_pieces_give_the_bytes_of_a_fresh_drawing():
    """A board from kept pieces is byte for byte the board drawn with nothing kept."""
    states = list(_random_game(7, {"mode": "variant"}, 60))
    views = [RULES.view(s, v) for s in states[::6] for v in [None, *PLAYERS]]
    rc._pieces.clear()
    fresh = []
    for view in views:
        rc._pieces.clear()
        fresh.append(rc.draw_board(view, "fr"))
    rc._pieces.clear()
    assert [rc.draw_board(v, "fr") for v in views] == fresh
    assert [rc.draw_board(v, "fr") for v in views] == fresh   # every piece kept now


def test_a_kept_piece_is_dropped_when_what_it_shows_changes():
    view = RULES.view([s for i, s in enumerate(_random_game(8, {})) if i <= 20][-1], None)
    assert view["pieces"]
    rc._pieces.clear()
    rc.draw_board(view)
    kept = dict(rc._pieces)
    moved = copy.deepcopy(view)
    moved["pieces"][0]["region"] = next(r for r in rc.region_names() if r != view["pieces"][0]["region"])
    rc.draw_board(moved)
    new = [key for key in rc._pieces if key not in kept]
    assert [key[0] for key in new] == ["_board_piece:en"]      # only the board's rows are drawn again
    assert _pixels(Image.open(io.BytesIO(rc.draw_board(moved)))) == _pixels(rc.board_image(moved))
    assert rc.draw_board(moved) != rc.draw_board(view)


@pytest.mark.parametrize("seed", [9, 10])
def test_twin_states_give_the_other_reader_identical_bytes(seed):
    """Two states differing only in what the Fellowship player cannot see (the sampler draws the second
    from their view: Sauron's hand, his hidden characters) give the Fellowship player and the public the
    same bytes, though each state's Sauron board was drawn between, its pieces kept."""
    playing = [s for s in _random_game(seed, {}) if RULES.view(s, None)["phase"] == "play"]
    state = playing[len(playing) // 2]
    twin = sampler.sample(RULES.view(state, PLAYERS[0]), Rng(Rng.from_seed(seed)))
    assert RULES.view(twin, PLAYERS[1]) != RULES.view(state, PLAYERS[1])   # Sauron's secrets differ
    rc._pieces.clear()
    for viewer in (None, PLAYERS[0]):
        rc.draw_board(RULES.view(state, PLAYERS[1]))
        first = rc.draw_board(RULES.view(state, viewer))
        rc.draw_board(RULES.view(twin, PLAYERS[1]))
        assert rc.draw_board(RULES.view(twin, viewer)) == first, viewer
