"""The Card Game table renderer (render/lcg.py): images decode, fit Discord, show what the view says
in both languages, and never draw a hand in the public image."""
from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

import engine
from cards import lcg
from games import lcg_tabletalk as tabletalk
from i18n import LANGUAGES
from render import lcg as rl

DISCORD_LIMIT = 10 * 1024 * 1024
AIM = 1024 * 1024


def _play(players: int, seed: int, until) -> dict:
    """A seeded random game (passing more often than not) up to the first state where `until` holds."""
    rules = engine.get_rules("lcg")
    state = rules.new_game([str(i + 1) for i in range(players)], {}, seed)
    rng = random.Random(seed)
    while rules.result(state) is None and not until(rules.view(state, None)):
        player = rules.view(state, None)["decision"]["waiting_for"][0]
        legal = rules.legal_actions(state, player)
        moves = [a for a in legal if a["type"] != "pass"]
        action = rng.choice(moves) if moves and rng.random() < 0.6 else legal[0]
        state, _ = rules.apply(state, player, action)
    return state


@pytest.fixture(scope="module")
def states() -> dict[str, dict]:
    fighting = lambda v: any(e.get("shadow") for p in v["players"].values() for e in p["engaged"])
    return {
        "start": _play(2, 3, lambda v: True),
        "combat": _play(4, 11, fighting),
        "over": _play(1, 4, lambda v: False),
    }


def _decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_samples_reach_the_intended_states(states):
    rules = engine.get_rules("lcg")
    combat = rules.view(states["combat"], None)
    assert any(e.get("shadow") for p in combat["players"].values() for e in p["engaged"])
    assert rules.result(states["over"]) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["start", "combat", "over"])
def test_public_and_private_images_decode_and_fit(states, name, lang):
    rules = engine.get_rules("lcg")
    state = states[name]
    for viewer in [None, *rules.view(state, None)["order"]]:
        view = rules.view(state, viewer)
        data = rl.draw_board(view, lang)
        img = _decode(data)
        players = len(view["order"])
        expected = rl.HEADER_H + rl.QUEST_H + 8 + rl.BAND_H * players + (rl.HAND_H if viewer else 0) + 4
        assert img.size == (rl.W, expected)
        assert len(data) < AIM < DISCORD_LIMIT
        labels = rl.table_labels(view, lang)
        assert not [x for x in labels if x[0] == "error"]
        assert not [x for x in labels if "render_lcg." in x[1] or "present_lcg." in x[1]]


def _words(labels) -> str:
    return " " + " ".join(tabletalk.normalise(text) for _, text in labels) + " "


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_hand_in_the_public_image(states, lang):
    rules = engine.get_rules("lcg")
    for state in states.values():
        public = rules.view(state, None)
        public_words = _words(rl.table_labels(public, lang))
        assert not [kind for kind, _ in rl.table_labels(public, lang) if kind == "hand"]
        for player in public["order"]:
            mine = rules.view(state, player)
            secret = tabletalk.secret_names(public, mine)
            assert not [n for names in secret.values() for n in names if f" {n} " in public_words]
            # The private image shows that player's hand: every card's name, cost and sphere.
            hand = [text for kind, text in rl.table_labels(mine, lang) if kind == "hand"]
            for card in mine["hand"]:
                assert lcg.card(card["id"]).name.get(lang) in hand


def test_what_the_view_shows_is_drawn(states):
    rules = engine.get_rules("lcg")
    view = rules.view(states["combat"], None)
    labels = [text for _, text in rl.table_labels(view, "en")]
    total = sum(c["stats"].get("threat") or 0 for c in view["staging"])
    assert f"Staging area · total threat {total}" in labels
    assert any(label.startswith("shadow: ") for label in labels)
    for data in view["players"].values():
        assert any(f"threat {data['threat']}" in label for label in labels)
        for hero in data["heroes"]:
            assert lcg.card(hero["id"]).name.en in labels
    assert any(label.startswith("Round ") for label in labels)


def test_a_malformed_view_still_gives_an_image():
    _decode(rl.draw_board({"order": ["1"], "players": {"1": {"heroes": [{"id": "nobody"}]}}}, "fr"))
    _decode(rl.draw_board({}, "en"))


# Boards drawn from kept pieces (render/lcg.py, "compose"): the quest row, each band and each hand are kept
# by what they show, so a board must come out the same whatever was drawn before it.

def _afresh(view: dict, lang: str = "en") -> bytes:
    rl._pieces.clear()
    return rl.draw_board(view, lang)


def _pixels(data: bytes) -> bytes:
    return _decode(data).convert("RGB").tobytes()


def _quantised(img: Image.Image) -> bytes:
    return img.quantize(palette=rl.fixed_palette(rl.__name__), dither=Image.Dither.NONE).convert("RGB").tobytes()


def test_a_board_from_kept_pieces_is_the_board_drawn_afresh():
    """A seeded 4-player game: every reader's board at each of its first states, drawn after the boards of
    the states before it (their pieces kept), is byte for byte the board drawn with nothing kept, and
    its pixels are those of the whole table drawn at once (table_image), paletted."""
    rules = engine.get_rules("lcg")
    state = rules.new_game(["1", "2", "3", "4"], {}, 11)
    rng = random.Random(11)
    rl._pieces.clear()
    kept_used = 0
    for _ in range(12):
        for viewer in [None, "1", "2", "3", "4"]:
            view = rules.view(state, viewer)
            before = len(rl._pieces)
            warm = rl.draw_board(view, "en")
            kept_used += len(rl._pieces) == before
            pieces = dict(rl._pieces)
            assert warm == _afresh(view)
            assert _pixels(warm) == _quantised(rl.table_image(view, "en"))
            rl._pieces.clear()
            rl._pieces.update(pieces)
        player = rules.view(state, None)["decision"]["waiting_for"][0]
        legal = rules.legal_actions(state, player)
        state, _ = rules.apply(state, player, rng.choice(legal))
    assert kept_used >= 30  # most boards drew no piece at all: the test did test kept pieces


def test_a_kept_piece_is_not_shown_once_what_it_shows_changed(states):
    """The staging area and one player's threat change: the next board shows the new ones (its labels and
    its pixels), not the pieces kept from the board before."""
    rules = engine.get_rules("lcg")
    view = rules.view(states["combat"], "2")
    before = rl.draw_board(view, "en")
    changed = json.loads(json.dumps(view))
    changed["players"]["3"]["threat"] += 7
    changed["staging"] = changed["staging"][1:] if changed["staging"] else [{"id": "forest_spider", "stats": {}}]
    after = rl.draw_board(changed, "en")
    assert after != before and after == _afresh(changed)
    labels = [text for _, text in rl.table_labels(changed, "en")]
    facts = labels[next(i for i, text in enumerate(labels) if text.startswith("Player 3")) + 1]
    assert facts.startswith(f"threat {view['players']['3']['threat'] + 7} ·")
    total = sum(c["stats"].get("threat") or 0 for c in changed["staging"])
    assert f"Staging area · total threat {total}" in labels


def _with_hand_swapped(state: dict, player: str) -> dict:
    """The same state but `player` holds other cards of their deck (as many): a twin for everyone else."""
    twin = json.loads(json.dumps(state))
    pl = twin["players"][player]
    count = min(len(pl["hand"]), len(pl["deck"]))
    pl["hand"][:count], pl["deck"][:count] = pl["deck"][:count], pl["hand"][:count]
    return twin


def test_a_board_never_shows_another_players_hand():
    """Twin states differing only in player 2's hand: player 1's board and the public board are the same
    bytes in both, even drawn right after player 2's own board of the other twin (its pieces kept)."""
    rules = engine.get_rules("lcg")
    state = _play(4, 11, lambda v: v["round"] >= 2)
    twin = _with_hand_swapped(state, "2")
    assert rules.view(state, "2")["hand"] != rules.view(twin, "2")["hand"]
    for lang in LANGUAGES:
        for viewer in (None, "1"):
            assert rules.view(state, viewer) == rules.view(twin, viewer)
            rl._pieces.clear()
            rl.draw_board(rules.view(twin, "2"), lang)
            after_twin = rl.draw_board(rules.view(state, viewer), lang)
            rl.draw_board(rules.view(state, "2"), lang)
            after_own = rl.draw_board(rules.view(state, viewer), lang)
            assert after_twin == after_own == _afresh(rules.view(state, viewer), lang)


def test_only_the_readers_own_band_says_it_is_theirs(states):
    """The name line is drawn again for its reader: "(you)" on theirs alone, and never on a kept piece
    the public board or another reader then uses."""
    rules = engine.get_rules("lcg")
    state = states["combat"]
    rl._pieces.clear()
    for viewer in ["2", None, "3"]:
        names = [text for kind, text in rl.table_labels(rules.view(state, viewer), "en") if kind == "player"
                 and text.startswith("Player ")]
        assert [n.split(" ")[1] for n in names if "(you)" in n] == ([viewer] if viewer else [])
