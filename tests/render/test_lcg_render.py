"""The Card Game table renderer (render/lcg.py): images decode, fit Discord, show what the view says
in both languages, and never draw a hand in the public image."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import engine
from cards import lcg
from i18n import LANGUAGES
from render import lcg as rl
from games import lcg_tabletalk as tabletalk

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
