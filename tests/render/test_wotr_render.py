"""War of the Ring board renderer: images decode at their size, draw what the view says (the hand only in
its owner's view), nothing hidden changes the public image, both languages, golden images.

Regenerate the golden images after an intended visual change with:
    UPDATE_GOLDEN=1 pytest tests/render/test_wotr_render.py
then look at tests/render/golden/wotr_*.png before committing them.
"""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat

import engine
from render import wotr as rw
from tests.render.golden_images import assert_matches_golden
from tests.wotr.conformance import choose, twin

R = engine.get_rules("wotr")
MAX_BYTES = 600 * 1024


def mid_game(viewer: str | None = None) -> dict:
    """The setup's view with a turn in progress written over it: the Fellowship revealed near Moria, a
    Hunt under way, dice left, minions and Nazgûl out, a nation at war, a captured town (part 2's mark)."""
    view = R.view(R.new_game(["fp", "sh"], {}, 3), viewer)
    view.update(turn=4, phase="action", active="free_peoples")
    view["fellowship"].update(pos="hollin", progress=2, hidden=False, corruption=4, guide="gandalf_grey",
                              companions=["gandalf_grey", "legolas", "gimli", "meriadoc", "peregrin"])
    view["characters"].update(strider="minas_tirith", boromir="osgiliath", saruman="orthanc",
                              witch_king="minas_morgul")
    view["armies"]["minas_morgul"]["sauron"]["nazgul"] = 2
    view["armies"]["hollin"] = {"sauron": {"nazgul": 1}}
    view["captured"] = {"dale": "shadow"}
    view["hunt"].update(box={"free_peoples": 1, "shadow": 3}, drawn=["d1_1", "eye_2"])
    view["dice"] = {"free_peoples": ["character", "will_of_the_west"], "shadow": ["army", "muster", "event"]}
    view["politics"]["rohan"].update(step=0, at_war=True, active=True)
    view["decision"] = {"kind": "act", "side": "free_peoples", "player": "fp"}
    return view


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_decodes_at_its_size_and_fits_a_discord_message(lang):
    png = rw.draw_board(mid_game(), lang)
    assert decode(png).size == (rw.W, rw.H) and len(png) < MAX_BYTES


def test_the_board_shows_the_view_s_pieces_and_tracks():
    labels = rw.render(mid_game(), "en").labels
    kinds = {k for k, _ in labels}
    assert "error" not in kinds
    texts = [w for _, w in labels]
    assert "2" in [w for k, w in labels if k == "fellowship"]          # progress by the figure
    armies = [w for k, w in labels if k == "army"]
    assert "N1" in armies and any(w.endswith("N2") for w in armies)     # Nazgûl in Hollin and Minas Morgul
    assert {"St", "Bo", "Sa", "WK"} <= {w for k, w in labels if k == "character"}
    assert "Minas Tirith" in texts and "Will of the West" in texts
    assert any("Rohan: at war" == w for k, w in labels if k == "politics")
    assert any("1 (reveal)" not in w and "Eye" in w for k, w in labels if k == "hunt")


def test_only_the_owner_s_view_draws_the_hand():
    view = mid_game("fp")
    hand = view["cards"]["hand"]
    assert hand
    mine = {w for k, w in rw.render(view, "en").labels if k == "hand"}
    assert len(mine) == len(hand)
    for viewer in (None, "sh"):
        drawn = [w for k, w in rw.render(mid_game(viewer), "en").labels if k == "hand"]
        assert drawn == [] if viewer is None else drawn and not set(drawn) & mine


def test_names_follow_the_language():
    fr = [w for _, w in rw.render(mid_game(), "fr").labels]
    assert "Fondcombe" in fr and "Rivendell" not in fr


def test_the_public_image_is_the_same_for_twin_states():
    """Two states differing only in hands and deck order give the same public picture."""
    rnd, s, compared = random.Random(4), R.new_game(["fp", "sh"], {}, 4), 0
    for step in range(160):
        player = R.waiting_for(s)[0]
        if step % 40 == 0:
            other = twin(s, None, rnd)
            assert other is not None and other != s
            assert rw.draw_board(R.view(other, None)) == rw.draw_board(R.view(s, None))
            compared += 1
        s, _ = R.apply(s, player, choose(rnd, s, player, R.legal_actions(s, player)))
    assert compared == 4


def test_a_malformed_view_spoils_only_its_part():
    view = mid_game()
    view["hunt"] = "broken"
    labels = rw.render(view, "en").labels
    assert ("error", "_side") in labels and "Minas Tirith" in [w for _, w in labels]


@pytest.mark.parametrize("case,viewer,lang", [("wotr_public_en", None, "en"), ("wotr_free_peoples_fr", "fp", "fr")])
def test_golden_images(case, viewer, lang):
    assert_matches_golden(rw.render(mid_game(viewer), lang).img, case)


def test_the_png_keeps_the_map_s_own_colours():
    """The PNG is encoded with this renderer's fixed palette: every nation's colour (settlements, armies)
    and its light shade (region discs) come out exact, and the rest within a level or two."""
    drawn = rw.render(mid_game(), "en").img
    png = decode(rw.draw_board(mid_game(), "en")).convert("RGB")
    colours = {c for _, c in png.getcolors(1 << 16)}
    assert set(rw.NATION.values()) | set(rw.NATION_LIGHT.values()) <= colours
    assert sum(ImageStat.Stat(ImageChops.difference(drawn, png)).mean) / 3 < 1.5


def test_a_besieged_stronghold_is_ringed_on_the_map():
    view = mid_game()
    view["armies"]["minas_tirith"]["sauron"] = {"regular": 3}
    plain = rw.draw_board(view, "en")
    view["sieges"] = {"minas_tirith": "free_peoples"}
    assert rw.draw_board(view, "en") != plain
