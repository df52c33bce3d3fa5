"""The Confrontation board renderer: images decode, fit Discord, keep secrets, match the golden images.

Regenerate the golden images after an intended visual change with:
    UPDATE_GOLDEN=1 pytest tests/render
then look at tests/render/golden/*.png before committing them.
"""
from __future__ import annotations

import copy
import io
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from i18n import LANGUAGES, catalogue
from render import confrontation as rc
from render.common import fixed_palette
from tests.render import samples
from tests.render.golden_images import assert_matches_golden

MAX_BYTES = 500 * 1024            # our aim; Discord's own limit is 10 MiB
CHARACTERS = json.loads((Path(rc.__file__).parents[1] / "cards" / "confrontation.json").read_text("utf-8"))[
    "characters"]


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _palette_pixels(img: Image.Image) -> bytes:
    """An image's colours in the renderer's fixed palette, as its PNG holds them."""
    if img.mode == "RGB":
        img = img.quantize(palette=fixed_palette(rc.__name__), dither=Image.Dither.NONE)
    return img.convert("RGB").tobytes()


def _piece_labels(labels) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind, text in labels:
        if kind.startswith("piece:"):
            out.setdefault(kind[6:], []).append(text)
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_public_samples_decode_with_expected_size(name, lang):
    data = rc.draw_board(samples.sample(name), lang)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = _decode(data)
    assert img.size == (rc.W, rc.PUBLIC_H)
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("side", ["fellowship", "sauron"])
def test_private_views_are_taller_and_show_the_hand(side, lang):
    view = samples.mid_game(side)
    img = _decode(rc.draw_board(view, lang))
    assert img.size == (rc.W, rc.PRIVATE_H)
    hand = [text for kind, text in rc.board_labels(view, lang) if kind == "hand"]
    expected = [rc.card_name(side, c, lang) for c in view["hand"]]
    expected += [rc.card_name(side, c, lang) for c in view["specials"][side]["held"]]
    assert all(name in hand for name in expected), (expected, hand)


def test_public_view_draws_no_hand_strip():
    labels = rc.board_labels(samples.mid_game(None))
    assert not [text for kind, text in labels if kind == "hand"]


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_hidden_pieces_are_blank_tokens(name):
    view = samples.sample(name)
    drawn = _piece_labels(rc.board_labels(view))
    for piece in view["pieces"]:
        if piece["character"] is None:
            assert drawn[piece["token"]] == [piece["token"]]
        else:
            label = drawn[piece["token"]][0]
            assert rc.character_name(piece["character"], "en") in label


def test_public_view_never_names_a_hidden_character():
    public, private = samples.mid_game(None), samples.mid_game("fellowship")
    hidden = {p["token"] for p in public["pieces"] if p["character"] is None}
    secret = {rc.character_name(p["character"], lang) for p in private["pieces"] if p["token"] in hidden
              for lang in LANGUAGES}
    assert secret, "the sample must hide someone"
    for lang in LANGUAGES:
        text = " | ".join(label for _, label in rc.board_labels(public, lang))
        assert not [name for name in secret if name in text]


def _crop(img: Image.Image, region: str) -> Image.Image:
    return img.crop(rc.region_box(region))


def test_pixels_of_hidden_pieces_match_between_public_and_opponent_views():
    """Regions holding only Fellowship pieces look the same to the public and to Sauron, not to the Fellowship."""
    public = rc.board_image(samples.mid_game(None))
    sauron = rc.board_image(samples.mid_game("sauron"))
    fellowship = rc.board_image(samples.mid_game("fellowship"))
    for region in ("the_shire", "eregion", "arthedain", "cardolan", "caradhras"):
        assert ImageChops.difference(_crop(public, region), _crop(sauron, region)).getbbox() is None, region
        assert ImageChops.difference(_crop(public, region), _crop(fellowship, region)).getbbox() is not None, region


def test_both_languages_differ_and_use_their_own_words():
    view = samples.mid_game(None)
    en, fr = rc.board_image(view, "en"), rc.board_image(view, "fr")
    assert ImageChops.difference(en, fr).getbbox() is not None
    fr_labels = " | ".join(text for _, text in rc.board_labels(view, "fr"))
    assert "Tour 7" in fr_labels and "Communauté" in fr_labels
    en_labels = " | ".join(text for _, text in rc.board_labels(view, "en"))
    assert "Turn 7" in en_labels and "Communauté" not in en_labels


def test_render_strings_complete_in_both_languages():
    keys = {lang: {k for k in catalogue(lang) if k.startswith("render.")} for lang in LANGUAGES}
    assert keys["en"] and keys["en"] == keys["fr"]
    for lang in LANGUAGES:
        assert all(catalogue(lang)[k].strip() for k in keys[lang])
    kinds = ["choose_specials", "announce_specials", "draft", "setup", "move", "move_after_special", "target",
             "balrog", "fellowship_text", "gwaihir_retreat", "sauron_text", "cards", "saruman_force", "mouth",
             "magic", "retreat_card", "gandalf_help", "wormtongue"]
    reasons = ["ring_bearer_in_mordor", "frodo_defeated", "ring_bearer_defeated", "three_in_shire",
               "witch_king_in_shire", "no_move"]
    needed = [f"render.kind.{k}" for k in kinds] + [f"render.reason.{r}" for r in reasons]
    needed += [f"render.phase.{p}" for p in ("specials", "draft", "setup", "play", "over")]
    needed += [f"render.mode.{m}" for m in ("classic", "variant", "draft", "hidden_draft")]
    assert [k for k in needed if k not in keys["en"]] == []


def test_accents_are_drawn_not_tofu():
    """The shipped font has real glyphs for our accented letters (a missing glyph draws the same box)."""
    from render.common import font
    f = font(20)
    notdef = f.getmask("\uffff").getbbox()
    for ch in "éèêûôçàŒœÉÎ":
        assert f.getmask(ch).getbbox() != notdef, ch


def test_same_view_same_bytes_and_thread_safe():
    views = [samples.mid_game(None), samples.mid_game("fellowship"), samples.crowded(), samples.game_over()]
    serial = [rc.draw_board(v, lang) for v in views for lang in LANGUAGES]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            parallel = list(pool.map(lambda args: rc.draw_board(*args), [(v, lang) for v in views
                                                                          for lang in LANGUAGES]))
            assert parallel == serial


@pytest.mark.parametrize("name", ["mid_game", "crowded"])
def test_png_encoding_keeps_the_drawing(name):
    """The palette PNG is visually the RGB drawing: small mean difference, no large patch lost."""
    view = samples.sample(name)
    drawn = rc.board_image(view, "fr")
    decoded = _decode(rc.draw_board(view, "fr")).convert("RGB")
    diff = ImageChops.difference(drawn, decoded)
    assert sum(ImageStat.Stat(diff).mean) / 3 < 1.0
    assert max(hi for _, hi in diff.getextrema()) < 80


def test_view_is_not_modified():
    view = samples.crowded()
    before = json.dumps(view, sort_keys=True)
    rc.draw_board(view)
    assert json.dumps(view, sort_keys=True) == before


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_no_part_fails_on_samples(name):
    assert [label for label in rc.board_labels(samples.sample(name)) if label[0] == "error"] == []


def test_malformed_views_never_raise():
    """Random damage to sample views (keys dropped, junk values): an image always comes out."""
    rng = random.Random(0)
    junk = [None, 0, "", "x", [], {}, -1, ["x"], {"a": 1}]
    bases = [samples.sample(n) for n in sorted(samples.ALL)] + [samples.mid_game("fellowship")]
    for _ in range(200):
        view = copy.deepcopy(rng.choice(bases))
        target = view
        for _ in range(rng.randint(1, 3)):
            keys = list(target) if isinstance(target, dict) else list(range(len(target)))
            if not keys:
                break
            key = rng.choice(keys)
            if rng.random() < 0.5 or not isinstance(target[key], (dict, list)):
                if isinstance(target, dict) and rng.random() < 0.3:
                    del target[key]
                else:
                    target[key] = rng.choice(junk)
                break
            target = target[key]
        lang = rng.choice(LANGUAGES)
        drawn = rc.board_image(view, lang)
        assert drawn.size[0] == rc.W
        assert _palette_pixels(_decode(rc.draw_board(view, lang))) == _palette_pixels(drawn)  # kept pieces too
    assert _decode(rc.draw_board(None)).size == (rc.W, rc.PUBLIC_H)


def test_odd_input_still_draws():
    """A display glitch must never stop a game: unknown ids, missing keys, pieces off the board."""
    view = samples.mid_game(None)
    view["pieces"].append({"token": "f10", "side": "fellowship", "region": "nowhere", "character": None,
                           "revealed": False, "known": False})
    view["pieces"].append({"token": "s10", "side": "sauron", "region": "rohan", "character": "new_monster",
                           "revealed": True, "known": False})
    view["combat"]["cards"] = {"fellowship": "mystery_card", "sauron": None}
    view["decision"] = {"id": 1, "kind": "future_kind", "sides": ["sauron"]}
    view["last_move"] = {"piece": "s2", "from": "atlantis", "to": "fangorn"}
    for lang in LANGUAGES:
        assert _decode(rc.draw_board(view, lang)).size == (rc.W, rc.PUBLIC_H)
        assert [label for label in rc.board_labels(view, lang) if label[0] == "error"] == []
    minimal = {"game": "confrontation", "phase": "setup", "pieces": []}
    assert _decode(rc.draw_board(minimal)).size == (rc.W, rc.PUBLIC_H)


GOLDEN_CASES = {
    "mid_game_public_en": (lambda: samples.mid_game(None), "en"),
    "crowded_public_fr": (samples.crowded, "fr"),
    "mid_game_fellowship_fr": (lambda: samples.mid_game("fellowship"), "fr"),
}


@pytest.mark.parametrize("case", sorted(GOLDEN_CASES))
def test_golden_images(case):
    make, lang = GOLDEN_CASES[case]
    img = rc.board_image(make(), lang)
    assert_matches_golden(img, case)
