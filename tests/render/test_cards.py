"""Card pictures (render/cards.py): every card of the card index, in both languages."""
from __future__ import annotations

import io
import threading
import time

import pytest
from PIL import Image

from reference.search import card_autocomplete, cards
from render.cards import MAX_PNG_BYTES, Block, H, W, card_layout, card_spec, draw_card, fit_blocks
from render.common import font

ALL_IDS = sorted(cards())
# One sweep over every id must stay quick; if it ever takes too long, the second language is sampled.
SWEEP_BUDGET_S = 20.0


def _check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_PNG_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.size == (W, H)
    return img


def test_the_index_has_cards_of_every_game():
    games = {cid.split(":", 1)[0] for cid in ALL_IDS}
    assert {"confrontation", "lcg", "fellowship"} <= games


def test_every_card_in_both_languages_draws_and_fits():
    start = time.perf_counter()
    for lang in ("en", "fr"):
        ids = ALL_IDS
        if lang == "fr" and time.perf_counter() - start > SWEEP_BUDGET_S / 2:
            ids = ALL_IDS[::7]
        for cid in ids:
            lay = card_layout(cid, lang)
            assert lay.fits, f"{cid} ({lang}): cut {lay.problems}"
            _check_png(draw_card(cid, lang))


def test_texts_are_in_the_asked_language():
    en, fr = card_spec("lcg:aragorn", "en"), card_spec("lcg:aragorn", "fr")
    assert en.type_line.startswith("Hero") and fr.type_line.startswith("Héros")
    assert [s.label for s in en.stats][:2] == ["Threat cost", "Willpower"]
    assert [s.label for s in fr.stats][:2] == ["Coût de menace", "Volonté"]
    frodo = card_spec("confrontation:frodo", "fr")
    assert frodo.title == "Frodon" and "Communauté" in frodo.type_line
    assert card_spec("lcg:aragorn", "xx") == en          # an unknown language falls back to English


def test_confrontation_cards_show_side_face_and_strength():
    spec = card_spec("confrontation:gandalf_v", "en")
    assert spec.accent != card_spec("confrontation:witch_king", "en").accent
    assert [(s.icon, s.value) for s in spec.stats] == [("strength", "5"), ("variant", "Variant")]
    assert any("Classic" in b.text for b in spec.blocks)        # the other face of the tile
    combat = card_spec("confrontation:sauron_strength_6", "en")
    assert combat.big == "+6" and combat.stats[0].value == "+6"
    special = card_spec("confrontation:palantir", "fr")
    assert special.title == "Palantír" and not special.stats


def test_card_game_cards_show_their_numbers():
    hero = {s.icon: s.value for s in card_spec("lcg:aragorn").stats}
    assert hero == {"threat_cost": "12", "willpower": "2", "attack": "3", "defense": "2", "hit_points": "5"}
    enemy = {s.icon: s.value for s in card_spec("lcg:king_spider").stats}
    assert enemy == {"engagement_cost": "20", "threat": "2", "attack": "3", "defense": "1", "hit_points": "3"}
    location = {s.icon: s.value for s in card_spec("lcg:great_forest_web").stats}
    assert location == {"threat": "2", "quest_points": "2"}
    quest = card_spec("lcg:flies_and_spiders")
    assert {s.icon: s.value for s in quest.stats} == {"stage": "1", "quest_points": "8"}
    assert card_spec("lcg:aragorn").unique and "Ranger" in card_spec("lcg:aragorn").traits


def test_fellowship_cards_show_stage_strengths_and_reward():
    enemy = card_spec("fellowship:enemy_black_rider", "en")
    assert [s.value for s in enemy.stats] == ["1", "5", "5", "4", "+2"]
    companion = card_spec("fellowship:companion_gandalf", "fr")
    assert [s.value for s in companion.stats] == ["+3", "+0", "Fondcombe"]


def test_unknown_ids_raise_a_clear_key_error():
    for bad in ("lcg:no_such_card", "nonsense", "", "confrontation:", None, 42):
        with pytest.raises(KeyError, match="unknown card id"):
            draw_card(bad)


def test_autocomplete_values_are_drawable():
    for value, _ in card_autocomplete("gandalf", "fr"):
        _check_png(draw_card(value, "fr"))


def test_fit_blocks_shrinks_then_reports_a_cut():
    short = fit_blocks((Block("Sentinel.", "keywords"), Block("A few words.")), 300, 200)
    assert short.fits and short.size == 19 and [ln.role for ln in short.main] == ["keywords", "body"]
    long_text = (Block("word " * 120),)
    smaller = fit_blocks(long_text, 300, 200)
    assert smaller.fits and smaller.size < short.size and smaller.height <= 200
    for ln in smaller.main:
        assert font(smaller.size).getlength(ln.text) <= 300
    too_long = fit_blocks((Block("word " * 2000),), 300, 200)
    assert not too_long.fits and too_long.height <= 200 and too_long.main[-1].text.endswith("…")


def test_a_long_unbroken_word_is_split_not_overflowing():
    body = fit_blocks((Block("x" * 300),), 200, 300)
    assert body.fits
    assert all(font(body.size).getlength(ln.text) <= 200 for ln in body.main)


def test_corners_are_transparent():
    img = Image.open(io.BytesIO(draw_card("lcg:aragorn"))).convert("RGBA")
    assert img.getpixel((0, 0))[3] == 0 and img.getpixel((W // 2, H // 2))[3] == 255


def test_drawing_is_deterministic_and_thread_safe():
    ids = ["confrontation:gandalf_v", "lcg:king_spider", "fellowship:enemy_black_rider", "lcg:flies_and_spiders"]
    expected = {(cid, lang): draw_card(cid, lang) for cid in ids for lang in ("en", "fr")}
    errors: list[str] = []

    def worker(n: int) -> None:
        for k in range(12):
            cid, lang = ids[(n + k) % len(ids)], ("en", "fr")[k % 2]
            if draw_card(cid, lang) != expected[(cid, lang)]:
                errors.append(f"{cid} {lang}")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
