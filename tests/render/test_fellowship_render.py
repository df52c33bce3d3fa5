"""La Communauté board renderer: images decode, fit Discord, draw what the view says (and only that),
both languages, and match golden images.

Regenerate the golden images after an intended visual change with:
    UPDATE_GOLDEN=1 pytest tests/render/test_fellowship_render.py
then look at tests/render/golden/fellowship_*.png before committing them.
"""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

import engine
from i18n import LANGUAGES
from present import fellowship as names
from render import fellowship as rf
from tests.render.golden_images import assert_matches_golden

MAX_BYTES = 300 * 1024


def _player(pid, hobbit, position, hero, movement, **more):
    return {"id": pid, "hobbit": hobbit, "position": position, "arrived": None, "hero": hero, "movement": movement,
            "ring_bearer": False, "weapon": None, "companions": [], "companions_usable": True, "kept": [], **more}


def stage_two(viewer: str | None = None) -> dict:
    """A hand-written view in the middle of stage 2: a fight, a weapon, companions, kept cards, dice."""
    view = {
        "game": "fellowship", "options": {}, "phase": "play", "you": viewer, "stage": 2,
        "stage_id": "bree_to_rivendell",
        "board": {"length": 23, "finish": 24, "start_spaces": 4, "event_spaces": [6, 9, 15, 18, 21],
                  "adventure_spaces": {"weathertop": [12], "ford_of_rivendell": [23]},
                  "finish_values": [5, 3, 2, 1]},
        "players": [
            _player("ann", "frodo", 14, 6, 2, ring_bearer=True, kept=["gandalfs_influence_1"]),
            _player("bob", "sam", 16, 4, 0, weapon={"card": "barrow_wight", "bonus": 1, "usable": True},
                    companions=["aragorn"]),
            _player("cat", "merry", 9, 3, 5),
            _player("dan", "pippin", -1, 2, 1, weapon={"card": "stone_troll", "bonus": 2, "usable": False}),
        ],
        "ring_bearer": "ann", "arrivals": [],
        "turn": {"number": 6, "order": ["bob", "ann", "cat", "dan"], "index": 3, "current": None, "dice": None,
                 "strength": {"bob": 5, "ann": 3, "cat": 2, "dan": 6}, "movement_die": {"bob": 4, "ann": 6,
                                                                                        "cat": 1, "dan": 3},
                 "no_fight": False},
        "decision": {"id": 41, "kind": "fight", "player": "bob", "waiting_for": ["bob"]},
        "fight": {"enemy": "witch_king", "strengths": [8, 6, 5], "round": 2, "fighter": "bob", "fight_die": 4,
                  "companion": "aragorn", "enemy_strength_ignored": False, "sauron_die_by": "ann"},
        "decks": {"event": 6, "enemy": 5}, "discards": {"event": ["obstacle"], "enemy": ["warg"]},
        "rivendell_companions": ["gandalf", "legolas", "boromir", "gimli"], "aragorn_waiting": False,
        "removed": [], "log": [], "result": None,
    }
    if viewer == "ann":
        view["peek"] = {"event": "sarumans_whisper_2", "enemy": "crebain"}
    return view


def moving(lang_viewer=None) -> dict:
    view = stage_two(lang_viewer)
    view["fight"] = None
    view["turn"].update(current="cat", dice=[5, 2], strength={"bob": 5}, movement_die={"bob": 4})
    view["decision"] = {"id": 40, "kind": "move", "player": "cat", "waiting_for": ["cat"]}
    return view


def game_over() -> dict:
    view = stage_two()
    view.update(phase="over", stage=4, stage_id="lorien_to_amon_hen", fight=None, decision=None, turn=None,
                board={"length": 25, "finish": 26, "start_spaces": 4, "event_spaces": [6, 9, 12, 15, 18, 21, 24],
                       "adventure_spaces": {}, "finish_values": [6, 4, 2, 1]},
                result={"winners": ["bob"], "scores": {"ann": 20, "bob": 27, "cat": 18, "dan": 12},
                        "detail": {}, "reason": "most_hero_points"})
    for rank, p in enumerate(view["players"], start=1):
        p.update(position=None, arrived=rank)
    return view


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


SAMPLES = {"fight": lambda: stage_two(), "moving": lambda: moving(), "over": game_over,
           "private_bearer": lambda: stage_two("ann"), "private_other": lambda: stage_two("bob")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_decode_with_expected_size(name, lang):
    view = SAMPLES[name]()
    data = rf.draw_board(view, lang)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = _decode(data)
    assert img.size == (rf.W, rf.PRIVATE_H if view.get("you") else rf.PUBLIC_H)
    assert len(data) < MAX_BYTES
    assert not [label for label in rf.board_labels(view, lang) if label[0] == "error"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_view_holds_is_drawn(lang):
    labels = rf.board_labels(stage_two("ann"), lang)
    texts = [text for _, text in labels]
    kinds = {kind for kind, _ in labels}
    assert {"token:ann", "token:bob", "token:cat", "token:dan"} <= kinds  # every hobbit on the track
    assert any(names.name("witch_king", lang) in t_ for t_ in texts)  # the fight
    assert [t_ for k, t_ in labels if k == "strength"].count("6") >= 1 and ("fight_die", "4") in labels
    assert ("companion:bob", names.name("aragorn", lang)) in labels
    assert ("kept:ann", names.name("gandalfs_influence_1", lang)) in labels
    assert any(names.weapon_name("barrow_wight", lang) in t_ for k, t_ in labels if k == "weapon:bob")
    assert any("6 " in t_ and "2" in t_ for k, t_ in labels if k == "points:ann")
    secret = [t_ for k, t_ in labels if k == "secret"]
    assert secret and names.name("crebain", lang) in secret[0]  # the ring-bearer's peek, in their view


def test_dice_are_drawn_when_the_view_has_them():
    labels = rf.board_labels(moving())
    assert [t_ for k, t_ in labels if k == "die"] == ["5", "2"]
    assert not [k for k, _ in rf.board_labels(stage_two()) if k == "die"]


@pytest.mark.parametrize("viewer", [None, "bob"])
def test_nobody_else_sees_the_peek(viewer):
    labels = rf.board_labels(stage_two(viewer))
    texts = " ".join(t_ for _, t_ in labels)
    for lang in LANGUAGES:
        assert names.name("sarumans_whisper_2", lang) not in texts and names.name("crebain", lang) not in texts


def test_languages_differ():
    en = {t_ for k, t_ in rf.board_labels(stage_two(), "en") if k == "header"}
    fr = {t_ for k, t_ in rf.board_labels(stage_two(), "fr") if k == "header"}
    assert en != fr and any("Rivendell" in t_ for t_ in en) and any("Fondcombe" in t_ for t_ in fr)


def test_every_view_of_a_random_game_draws():
    """Every public view and the mover's view along one whole 4-player game draw without a failing part."""
    rules = engine.get_rules("fellowship")
    state = rules.new_game(["a", "b", "c", "d"], {}, 8)
    rng = random.Random(8)
    step = 0
    while rules.result(state) is None:
        player = rules.waiting_for(state)[0]
        if step % 9 == 0:  # a sample of the game keeps the test quick
            for viewer in (None, player):
                assert not [x for x in rf.board_labels(rules.view(state, viewer)) if x[0] == "error"]
        state, _ = rules.apply(state, player, rng.choice(rules.legal_actions(state, player)))
        step += 1
    assert _decode(rf.draw_board(rules.view(state, None))).size == (rf.W, rf.PUBLIC_H)


def test_view_is_not_modified_and_same_view_same_bytes():
    view = stage_two("ann")
    before = copy.deepcopy(view)
    first = rf.draw_board(view)
    assert view == before and rf.draw_board(view) == first


def test_malformed_views_never_raise():
    for bad in (None, {}, {"players": "x"}, {"board": {"length": "x"}}, {"players": [{"id": 3}], "turn": {"dice": [9]}},
                {**stage_two(), "fight": {"strengths": None}}):
        assert rf.draw_board(bad)[:8] == b"\x89PNG\r\n\x1a\n"


GOLDEN_CASES = {"fellowship_fight_en": (lambda: stage_two(), "en"),
                "fellowship_bearer_fr": (lambda: stage_two("ann"), "fr"),
                "fellowship_over_en": (game_over, "en")}


@pytest.mark.parametrize("case", sorted(GOLDEN_CASES))
def test_golden_images(case):
    make, lang = GOLDEN_CASES[case]
    img = rf.board_image(make(), lang)
    assert_matches_golden(img, case)
