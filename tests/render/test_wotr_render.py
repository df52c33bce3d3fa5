"""War of the Ring board renderer: the map's layout (every region named, no name over another or over a
piece, all inside the picture), crops that follow the decision, pieces and tracks drawn from the view, the
hand only in its owner's view, both languages, sizes, golden images.

Regenerate the golden images after an intended visual change with:
    UPDATE_GOLDEN=1 pytest tests/render/test_wotr_render.py
then look at tests/render/golden/wotr_*.png before committing them.
"""
from __future__ import annotations

import io
import random
from functools import cache
from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageStat

import engine
from cards.wotr import load
from render import common
from render import wotr as rw
from render import wotr_colours as colours
from render import wotr_tracks as tracks
from render.wotr_layout import LABEL_SIZE, MAP_H, MAP_W, layout
from tests.render.golden_images import assert_matches_golden
from tests.wotr.conformance import choose, twin

R = engine.get_rules("wotr")
MAX_BYTES = 250 * 1024
KINDS = ("army_move", "battle", "muster_second", "move_minions", "reveal_move", "move_companions", "separate",
         "stormcrow", "remove_excess")


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


@cache
def decisions() -> tuple[tuple[str, dict], ...]:
    """Up to three deciders' views per kind of decision about regions, from two seeded random games."""
    found: dict[str, list[dict]] = {}
    for seed in (5, 11):
        rnd, s = random.Random(seed), R.new_game(["fp", "sh"], {}, seed)
        for _ in range(700):
            if R.result(s) is not None:
                break
            player = R.waiting_for(s)[0]
            view = R.view(s, player)
            kind = view["decision"]["kind"]
            if kind in KINDS and len(found.setdefault(kind, [])) < 3:
                found[kind].append(view)
            s, _ = R.apply(s, player, choose(rnd, s, player, R.legal_actions(s, player)))
    return tuple((kind, v) for kind, views in sorted(found.items()) for v in views)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box, area) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]


# --- the layout -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_region_is_named_inside_the_map_over_no_other_name_piece_or_mark(lang):
    lay = layout(lang)
    assert set(lay.places) == set(load().regions) and len(lay.places) == 105
    boxes = [(k, "name", p.label) for k, p in lay.places.items()]
    boxes += [(k, "pieces", p.pieces) for k, p in lay.places.items()]
    boxes += [(k, "mark", p.symbol) for k, p in lay.places.items() if p.symbol]
    for k, p in lay.places.items():
        assert inside(p.label, (0, 0, MAP_W, MAP_H)) and inside(p.pieces, (0, 0, MAP_W, MAP_H)), k
        assert " ".join(p.lines) == load().regions[k].name.get(lang)
    for (a, what_a, box_a), (b, what_b, box_b) in combinations(boxes, 2):
        if "name" in (what_a, what_b) and not (a == b and {what_a, what_b} == {"name", "pieces"}):
            assert not overlap(box_a, box_b), (a, what_a, b, what_b)


def test_the_areas_are_the_map_s_regions_and_impassable_borders_are_between_non_neighbours():
    lay, regions = layout("en"), load().regions
    assert all(len(p.cell) >= 3 for p in lay.places.values())
    shared = [b for b in lay.borders if b.b is not None]
    assert any(b.impassable for b in shared) and any(not b.impassable for b in shared)
    for b in shared:
        assert b.impassable == (b.b not in regions[b.a].adjacent)
    touching = {(b.a, b.b) for b in shared}
    edges = {(k, n) for k, g in regions.items() for n in g.adjacent if k < n}
    assert edges == (touching & edges) | set(lay.links)      # every adjacency is a shared border or a link


def test_names_are_at_least_12_px_once_a_board_shows_550_px_wide():
    assert LABEL_SIZE * 550 / rw.CROP_W >= 12


# --- the pictures ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_full_map_names_every_region_inside_the_image_with_no_overlap(lang):
    pic = rw.render_full(mid_game("fp"), lang)
    assert set(pic.names) == set(load().regions)
    assert all(inside(b, pic.map_box) for b in pic.names.values())
    assert not any(overlap(a, b) for a, b in combinations(pic.names.values(), 2))
    drawn = [w for kind, w in pic.labels if kind == "region"]
    assert all(line in drawn for p in layout(lang).places.values() for line in p.lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pictures_decode_at_their_size_and_stay_small(lang):
    board, full = rw.draw_board(mid_game("fp"), lang), rw.draw_full_map(mid_game("fp"), lang)
    assert decode(board).width == rw.CROP_W and len(board) <= MAX_BYTES
    assert decode(full).size[0] == MAP_W and len(full) <= MAX_BYTES


def test_a_decision_s_crops_name_every_region_they_hold_inside_the_map_part_with_no_overlap():
    seen = set()
    for kind, view in decisions():
        focus = rw.focus_regions(view)
        assert focus, kind
        pic = rw.render(view, "en")
        held = {r for r in focus if any(inside(rw._extent(layout("en"), {r}), w) for w in pic.windows)}
        assert held and held <= set(pic.names), (kind, held - set(pic.names))
        assert all(inside(b, pic.map_box) for b in pic.names.values()), kind
        assert not any(overlap(a, b) for a, b in combinations(pic.names.values(), 2)), kind
        seen.add(kind)
    assert {"army_move", "battle", "move_minions", "muster_second"} <= seen


def test_a_battle_is_shown_in_one_crop_and_every_crop_at_the_map_s_own_size():
    """No crop is shrunk (names stay 20 px, 12 px at 550 px): a choice spread too wide for one crop gets
    two, side by side or stacked."""
    windows = {kind: rw.crop_windows(layout("en"), rw.shown_regions(v)[2]) for kind, v in decisions()}
    assert len(windows["battle"]) == 1 and max(len(w) for w in windows.values()) == 2
    for ws in windows.values():
        assert sum(w[2] - w[0] for w in ws) <= rw.CROP_W or sum(w[3] - w[1] for w in ws) <= rw.CROP_H
        assert all(w[2] - w[0] <= rw.CROP_W and w[3] - w[1] <= rw.CROP_H for w in ws)


def test_focus_regions_reads_the_decision_and_its_actions():
    view = mid_game("sh")
    view["decision"] = {"kind": "battle", "from": "east_rhun", "to": "iron_hills", "player": "sh",
                        "actions": [{"type": "engage"}]}
    assert rw.focus_regions(view) == {"east_rhun", "iron_hills"}
    view["decision"] = {"kind": "army_move", "from": None, "actions": [
        {"type": "army_from", "region": "barad_dur"}, {"type": "army_from", "region": "gorgoroth"}]}
    assert rw.focus_regions(view) == {"barad_dur", "gorgoroth"}
    view["decision"] = None
    assert rw.focus_regions(view) == set()


def test_the_regions_of_the_choice_are_outlined_and_the_last_move_too():
    view = mid_game()
    plain = rw.render(view, "en").img
    view["decision"] = {"kind": "battle", "from": "moria", "to": "lorien", "player": "sh"}
    chosen = rw.render(view, "en").img
    assert colours.FOCUS in {c for _, c in chosen.getcolors(1 << 20)} - {c for _, c in plain.getcolors(1 << 20)}
    view["decision"] = None
    view["log"] = view["log"] + [{"type": "die_used", "side": "shadow", "die": "army"},
                                 {"type": "army_moved", "from": "moria", "to": "hollin", "units": {}}]
    pic = rw.render(view, "en")
    assert {"moria", "hollin"} <= set(pic.names) and colours.LAST_MOVE in {c for _, c in pic.img.getcolors(1 << 20)}


def test_the_board_shows_the_view_s_pieces_and_tracks():
    labels = rw.render_full(mid_game(), "en").labels
    kinds = {k for k, _ in labels}
    assert "error" not in kinds
    assert "2" in [w for k, w in labels if k == "fellowship"]          # progress on the figure
    armies = [w for k, w in labels if k == "army"]
    assert armies.count("nazgul1") >= 1 and "nazgul2" in armies        # Nazgûl in Hollin, Minas Morgul
    assert {"St", "Bo", "Sa", "WK"} <= {w for k, w in labels if k == "character"}
    assert {"P2", "C4"} <= {w for k, w in labels if k == "marker"}      # progress and corruption on the track
    assert "Rohan 0 active" in [w for k, w in labels if k == "politics"]
    assert "box 3 1" in [w for k, w in labels if k == "hunt"]
    assert {"free_peoples 3", "shadow 0"} <= {w for k, w in labels if k == "rings"}
    line = next(w for k, w in labels if k == "fellowship_line")
    assert "Gandalf the Grey" in line and "Legolas" in line and "Peregrin" in line
    assert {"Character", "Will of the West", "Muster"} <= {w for k, w in labels if k == "die"}


def test_only_the_owner_s_view_draws_the_hand():
    view = mid_game("fp")
    hand = view["cards"]["hand"]
    assert hand
    for draw in (rw.render, rw.render_full):
        mine = {w for k, w in draw(view, "en").labels if k == "hand"}
        assert len(mine) == len(hand)
        for viewer in (None, "sh"):
            drawn = [w for k, w in draw(mid_game(viewer), "en").labels if k == "hand"]
            assert drawn == [] if viewer is None else drawn and not set(drawn) & mine


def test_names_follow_the_language():
    fr = [w for _, w in rw.render_full(mid_game(), "fr").labels]
    assert "Fondcombe" in fr and "Rivendell" not in fr


def test_the_public_images_are_the_same_for_twin_states():
    """Two states differing only in hands and deck order give the same public pictures."""
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
    other = twin(s, None, rnd)
    assert other is not None and rw.draw_full_map(R.view(other, None)) == rw.draw_full_map(R.view(s, None))


def test_a_malformed_view_spoils_only_its_part():
    view = mid_game()
    view["hunt"] = "broken"
    labels = rw.render(view, "en").labels
    assert ("error", "tracks") in labels and "Hollin" in [w for _, w in labels]


@pytest.mark.parametrize("case,viewer,lang", [("wotr_public_en", None, "en"), ("wotr_free_peoples_fr", "fp", "fr")])
def test_golden_images(case, viewer, lang):
    assert_matches_golden(rw.render(mid_game(viewer), lang).img, case)


def test_the_png_keeps_the_map_s_own_colours():
    """The PNG is encoded with the fixed palette of render/wotr_colours.py: every nation's colour (marks,
    armies) and its light shade (areas) come out exact, and the rest within a level or two."""
    drawn = rw.render_full(mid_game(), "en").img
    png = decode(rw.draw_full_map(mid_game(), "en")).convert("RGB")
    found = {c for _, c in png.getcolors(1 << 20)}
    assert set(colours.NATION.values()) | set(colours.NATION_LIGHT.values()) <= found
    assert sum(ImageStat.Stat(ImageChops.difference(drawn, png)).mean) / 3 < 1.5


def test_a_besieged_stronghold_is_ringed_on_the_map():
    view = mid_game()
    view["armies"]["minas_tirith"]["sauron"] = {"regular": 3}
    plain = rw.draw_full_map(view, "en")
    view["sieges"] = {"minas_tirith": "free_peoples"}
    assert rw.draw_full_map(view, "en") != plain


@pytest.mark.parametrize("players", [["a", "b", "c"], ["a", "b", "c", "d"]])
def test_team_games_draw_every_reader_s_board_without_error(players):
    rnd, s = random.Random(2), R.new_game(players, {}, 2)
    for _ in range(120):
        player = R.waiting_for(s)[0]
        s, _ = R.apply(s, player, choose(rnd, s, player, R.legal_actions(s, player)))
    for viewer in [None, *players]:
        labels = rw.render(R.view(s, viewer), "fr").labels
        assert "error" not in {k for k, _ in labels} and ("hand_line" in {k for k, _ in labels}) == (viewer is not None)


def test_warming_leaves_the_boards_unchanged():
    """warm() (run when a drawing process starts) builds the empty map and the names' masks ahead;
    boards of one crop and of two are the same, byte for byte, drawn cold or after warming."""
    by_count = {len(rw.crop_windows(layout("en"), rw.shown_regions(v)[2])): v for _, v in decisions()}
    assert set(by_count) == {1, 2}
    views = [mid_game(), *by_count.values()]

    def boards() -> list[bytes]:
        rw._kept.clear()  # nothing kept: every piece drawn
        return [rw.draw_board(v, lang) for v in views for lang in ("en", "fr")]

    rw._base.cache_clear()
    rw._halo.cache_clear()
    cold = boards()
    rw.warm()
    assert rw._base.cache_info().currsize == 1
    assert boards() == cold


def test_a_board_after_a_change_is_never_an_older_kept_one():
    """Boards are joined from kept pieces: after any change to what a piece shows (an army in the window,
    a die spent, the hand, the decision), the next board is the fresh drawing of the new view, never the
    kept picture of the old one; an unchanged view gives its board again."""
    before = mid_game("fp")
    changes = [lambda v: v["armies"]["hollin"]["sauron"].update(nazgul=2),
               lambda v: v["dice"]["free_peoples"].pop(),
               lambda v: v["cards"]["hand"].pop(),
               lambda v: v.update(decision={"kind": "act", "side": "shadow", "player": "sh"})]
    for change in changes:
        after = mid_game("fp")
        change(after)
        rw._kept.clear()
        fresh = rw.draw_board(after, "en")
        rw._kept.clear()
        old = rw.draw_board(before, "en")
        assert rw.draw_board(after, "en") == fresh != old
        assert rw.draw_board(before, "en") == old


@pytest.fixture
def sizes(monkeypatch) -> list[tuple[int, str]]:
    """Every (size, text) drawn from now on, as drawn (render.common's text masks)."""
    drawn: list[tuple[int, str]] = []
    measure = common._text_mask

    def spy(text, size, weight, anchor):
        drawn.append((size, text))
        return measure(text, size, weight, anchor)
    monkeypatch.setattr(common, "_text_mask", spy)
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_header_tracks_and_hand_read_at_12_px_once_shown_550_px_wide(lang, sizes):
    """Every text drawn in the header, the band under the map (nation discs, track numbers, P/C markers,
    victory points, dice) and the hand, measured as drawn: none under 12 px once the 900 px picture is
    shown 550 px wide."""
    view = mid_game("fp")
    view["vp"] = {"free_peoples": 4, "shadow": 4}
    cv = common.Canvas(Image.new("RGB", (tracks.BAND_W, tracks.HEADER_H + tracks.BAND_MAX + tracks.HAND_H)), lang)
    tracks.header(cv, tracks.status_lines(view, lang), 0, tracks.BAND_W)
    end = tracks.band(cv, view, tracks.HEADER_H)
    tracks.hand(cv, view["cards"]["hand"], end)
    assert "error" not in {k for k, _ in cv.labels} and len(sizes) > 60
    assert {"P", "C", "12", "10", "Ro"} <= {text for _, text in sizes}
    small = [(size, text) for size, text in sizes if size * 550 / tracks.BAND_W < 12]
    assert not small, small


def test_no_text_of_a_board_falls_under_12_px_once_shown_550_px_wide(sizes):
    """Every text a board draws (header, the map's names and chips, the battle panel, tracks, hand), for
    the decisions of two random games and a mid-game view, measured as drawn: 20 px and more in the
    900 px picture, 12 px and more once shown 550 px wide."""
    rw._kept.clear()  # every piece drawn
    kinds = set()
    for view in [mid_game("fp"), *(v for _, v in decisions())]:
        for lang in ("en", "fr"):
            kinds |= {k for k, _ in rw.render(view, lang).labels}
    assert "error" not in kinds and {"region", "army", "character", "fellowship", "battle", "marker"} <= kinds
    small = sorted({(size, text) for size, text in sizes if size * 550 / rw.CROP_W < 12})
    assert not small, small[:20]
