"""The War of the Ring map's geometry, computed once from the static map data (cards/wotr.json, built from
shared/data/wotr/map.json): each region's area, its borders, where its name and its pieces go.

Areas: the region centres (`pos`, fractions of the printed map) scaled to map pixels are the sites of a
Voronoi partition (each area is the part of the map nearer its own centre than any other), clipped to land
(a disc of LAND_R around each centre: the union is the land, the rest is sea). A border between two areas
whose regions are not adjacent is impassable; two adjacent regions whose areas do not touch are joined by
a dashed link.

A few cramped areas are grown (GROWN: a power diagram, each border moved away from the grown centre).

Names and pieces: each region gets a block, its name over a box reserved for its pieces (armies,
characters, the Fellowship), placed greedily near its centre where it overlaps no other block, no
settlement symbol and stays on the map: in its own area where it can be (all the name's letters first,
else its ends, else its centre), the areas that can hold it first; else joined to its centre by a pointer
(only cramped areas: CRAMPED). Then each name whose letters still cross its area's border is moved alone
among the others, set on one to three lines; else with a neighbour's block moved too; else, a cramped area,
onto one neighbour's ground close by (POINTER) with a pointer; else its name over its mark and its pieces under
it (the mark between them reads as joining them). The result is deterministic (fixed order,
fixed candidates) and exposed as `layout()` so tests check it.
"""
from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from functools import cache

from cards.wotr import load
from render.common import font

MAP_W, MAP_H = 2500, 2150
SCALE_X, SCALE_Y, ORIGIN = 3125.0, 2205.0, (0.155, 0.01)   # printed-map fractions to map pixels
LAND_R = 230                 # how far land reaches from a region's centre (the rest is sea)
LABEL_SIZE = 20              # region names, in map pixels (>= 12 px once a 900 px crop shows at 550 px)
LABEL_LINE = 23
PIECES_W, PIECES_H = 150, 30  # the box kept for a region's pieces, under its name
# a stronghold's is larger: sieges crowd both sides' armies and characters there
STRONGHOLD_PIECES_W, STRONGHOLD_PIECES_H = 180, 56
SYMBOL = {"town": 11, "city": 14, "stronghold": 15, "fortification": 12}  # half-size of a settlement's mark
MARGIN = 6                   # kept between blocks
# Areas grown past their share (map px², a power diagram's weights: a border moves by weight / (2 x the
# centres' distance)). Orthanc's stronghold block (name, both sides' armies, Saruman) found no room in its
# narrow area and stood over Gap of Rohan, and Fords of Isen's name then stood in Orthanc's; Helm's Deep
# gives back what Fords of Isen takes; Moria makes room for the French names about it. Both languages'
# blocks now lie in their own areas there. Dimrill Dale, Gladden Fields, Goblin's Gate and North Anduin Vale
# grow a little so that, about the Misty Mountains' passes, each name's letters fit wholly in its own area.
GROWN = (("dimrill_dale", 2000.0), ("fords_of_isen", 6000.0), ("gladden_fields", 1500.0), ("goblins_gate", 6000.0),
         ("helms_deep", 4000.0), ("moria", 6000.0), ("north_anduin_vale", 1500.0), ("orthanc", 12000.0))
POINTER = 70                 # the longest pointer to a name moved onto a neighbour's ground
CRAMPED = 3.5                # an area under this many times its block's size may see its block pushed out

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Border:
    a: str
    b: str | None          # None: the coast (or the map's edge)
    line: tuple[Point, Point]
    impassable: bool


@dataclass(frozen=True)
class Place:
    """Where one region is drawn: its centre, its area, its name (lines at `size` px) and pieces boxes."""
    site: Point
    cell: tuple[Point, ...]
    symbol: Box | None
    lines: tuple[str, ...]
    label: Box
    pieces: Box
    pointer: bool           # the name or pieces lie outside the area: a thin line joins them to the centre
    extent: Box             # what the region draws (area, name, pieces) lies within this box
    ground: str | None      # the region whose area the name stands on (its own unless pointed; None: sea)


@dataclass(frozen=True)
class Layout:
    lang: str
    places: dict[str, Place]
    borders: tuple[Border, ...]
    links: tuple[tuple[str, str], ...]     # adjacent regions whose areas do not touch


def to_map(pos) -> Point:
    return ((pos[0] - ORIGIN[0]) * SCALE_X, (pos[1] - ORIGIN[1]) * SCALE_Y)


# --- areas ----------------------------------------------------------------------------------------------

def _clip(poly: list[tuple[Point, object]], normal: Point, limit: float, tag) -> list[tuple[Point, object]]:
    """Sutherland-Hodgman: keep the part of poly where normal·p <= limit. Each vertex carries the tag of
    the edge that starts at it; the new edge along the clipping line gets `tag`."""
    out: list[tuple[Point, object]] = []
    n = len(poly)
    for k in range(n):
        (a, ta), (b, _) = poly[k], poly[(k + 1) % n]
        da = normal[0] * a[0] + normal[1] * a[1] - limit
        db = normal[0] * b[0] + normal[1] * b[1] - limit
        if da <= 0:
            out.append((a, ta))
        if (da <= 0) != (db <= 0):
            t = da / (da - db)
            cut = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            out.append((cut, ta if da > 0 else tag))
    return out


@cache
def _cells(grown: tuple[tuple[str, float], ...] = ()) -> dict[str, list[tuple[Point, object]]]:
    regions = load().regions
    weight = dict(grown)
    sites = {k: to_map(g.pos) for k, g in regions.items()}
    cells = {}
    for k, (x, y) in sites.items():
        poly: list[tuple[Point, object]] = [((0.0, 0.0), None), ((MAP_W, 0.0), None), ((MAP_W, MAP_H), None),
                                            ((0.0, MAP_H), None)]
        for j, (u, v) in sorted(sites.items(), key=lambda kv: math.dist(kv[1], (x, y))):
            if j == k:
                continue
            if math.dist((u, v), (x, y)) > 2 * LAND_R + 1:
                break
            normal = (u - x, v - y)
            mid = ((u + x) / 2, (v + y) / 2)
            shift = (weight.get(k, 0.0) - weight.get(j, 0.0)) / 2
            poly = _clip(poly, normal, normal[0] * mid[0] + normal[1] * mid[1] + shift, j)
        for i in range(40):                # the coast: a 40-gon round the centre
            a = 2 * math.pi * (i + 0.5) / 40
            normal = (math.cos(a), math.sin(a))
            poly = _clip(poly, normal, normal[0] * x + normal[1] * y + LAND_R, None)
        cells[k] = poly
    return cells


def _borders(cells) -> tuple[tuple[Border, ...], tuple[tuple[str, str], ...]]:
    regions = load().regions
    borders, touching = [], set()
    for k, poly in sorted(cells.items()):
        for i, (p, tag) in enumerate(poly):
            q = poly[(i + 1) % len(poly)][0]
            if math.dist(p, q) < 0.5:
                continue
            if tag is None:
                borders.append(Border(k, None, (p, q), False))
            elif k < tag:          # each shared border once
                touching.add((k, tag))
                borders.append(Border(k, tag, (p, q), tag not in regions[k].adjacent))
    links = tuple(sorted((k, n) for k, g in regions.items() for n in g.adjacent
                         if k < n and (k, n) not in touching))
    return tuple(borders), links


# --- names and pieces -----------------------------------------------------------------------------------

def _split(name: str, size: int) -> tuple[str, ...]:
    """One line, or two near the middle for a long name."""
    f = font(size)
    words = name.split()
    if f.getlength(name) <= 150 or len(words) < 2:
        return (name,)
    best = min(range(1, len(words)), key=lambda i: max(f.getlength(" ".join(words[:i])),
                                                      f.getlength(" ".join(words[i:]))))
    return (" ".join(words[:best]), " ".join(words[best:]))


def _wraps(name: str, size: int) -> list[tuple[str, ...]]:
    """The ways to set a name: `_split`'s first, then every other break into one to three lines, the
    narrowest first (a name too wide for its area may fit it on more lines)."""
    f = font(size)
    words = name.split()
    cuts = [(i,) for i in range(1, len(words))] + [(i, j) for i in range(1, len(words)) for j in range(i + 1, len(words))]
    ways = [(name,)] + [tuple(" ".join(words[a:b]) for a, b in zip((0, *c), (*c, len(words)), strict=True)) for c in cuts]
    first = _split(name, size)
    return [first] + sorted((w for w in ways if w != first),
                            key=lambda w: (max(f.getlength(line) for line in w), len(w)))


def _overlaps(a: Box, b: Box, gap: float = 0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _candidates(x: float, y: float, w: float, h: float, clear: float, fine: bool = False):
    """Blocks of w x h near (x, y): first just under or over the centre's mark, then round it, further
    and further out (a fixed order: the layout is deterministic); `fine`: closer together, less far."""
    yield (x - w / 2, y + clear)
    yield (x - w / 2, y - clear - h)
    yield (x + clear, y - h / 2)
    yield (x - clear - w, y - h / 2)
    step, turn, reach = (4, 48, 240) if fine else (12, 16, 400)
    for r in range(step, reach, step):
        for i in range(turn):
            a = 2 * math.pi * i / turn + math.pi / 2
            cx, cy = x + math.cos(a) * (r + w / 2), y + math.sin(a) * (r + h / 2)
            yield (cx - w / 2, cy - h / 2)


def _contains(poly: list[Point], pt: Point) -> bool:
    """Whether pt lies inside the convex polygon poly (either winding)."""
    signs = set()
    for i, (ax, ay) in enumerate(poly):
        bx, by = poly[(i + 1) % len(poly)]
        cross = (bx - ax) * (pt[1] - ay) - (by - ay) * (pt[0] - ax)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


def _place_block(x: float, y: float, w: float, h: float, clear: float, taken: list[Box], fits,
                 fine: bool = False) -> Box | None:
    """The first candidate block on the map, clear of every taken box, that `fits`."""
    for bx, by in _candidates(x, y, w, h, clear, fine):
        block = (bx, by, bx + w, by + h)
        if fits(block) and _free(block, taken):
            return block
    return None


def _free(block: Box, taken: list[Box]) -> bool:
    """On the map, clear of every taken box."""
    return (block[0] >= 4 and block[1] >= 4 and block[2] <= MAP_W - 4 and block[3] <= MAP_H - 4
            and not any(_overlaps(block, t, MARGIN) for t in taken))


def _grow(b: Box, d: float) -> Box:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


@cache
def _letters(line: str) -> Box:
    return font(LABEL_SIZE).getbbox(line, anchor="ma")


def ink(lines: tuple[str, ...], label: Box) -> list[Box]:
    """Each line of a name drawn in `label` (render/wotr.py `_name`): the box its letters cover."""
    x = (label[0] + label[2]) / 2
    out = []
    for i, line in enumerate(lines):
        left, top, right, bottom = _letters(line)
        y = label[1] + i * LABEL_LINE + 1
        out.append((x + left, y + top, x + right, y + bottom))
    return out


def _corners(b: Box) -> tuple[Point, ...]:
    return (b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])


def _block(g, cell: list[Point], lines: tuple[str, ...], f):
    """A region's block (its name, set in `lines`, over its pieces box): width, height, the space kept round
    its mark, its name's lines, their width and the pieces box's width, and three tests of a block's place,
    from the strictest: `whole` (the name's letters and the pieces box's centre in the area), `inside` (the
    name's ends and the pieces in it) and `home` (the name's and the pieces' centres in it: else a pointer
    joins them); last `wholly(b, area)`: the name's letters and the pieces' centre in any area."""
    lw = max(math.ceil(f.getlength(line)) for line in lines) + 4
    lh = LABEL_LINE * len(lines)
    pw, ph = (STRONGHOLD_PIECES_W, STRONGHOLD_PIECES_H) if g.settlement == "stronghold" else (PIECES_W, PIECES_H)
    w = max(lw, pw)
    inside = lambda b: all(
        _contains(cell, q) for q in ((b[0] + 8, b[1] + lh / 2), (b[2] - 8, b[1] + lh / 2),
                                     ((b[0] + b[2]) / 2, b[3] - ph / 2)))
    bounds = _bounds(cell)
    near = lambda b: _overlaps(b, bounds)     # cheap: most candidates lie far from the area
    home = lambda b: near(b) and all(_contains(cell, _centre(part)) for part in _parts(b, w, lw, lh, pw))

    def wholly(b: Box, area: list[Point]) -> bool:   # the name's letters and the pieces' centre in `area`
        label, pieces = _parts(b, w, lw, lh, pw)
        return _contains(area, _centre(pieces)) and _lettered(lines, label, area)
    whole = lambda b: home(b) and wholly(b, cell)
    return w, lh + ph, SYMBOL.get(g.settlement or "", 5) + 3, lines, lw, pw, whole, inside, home, wholly


def _lettered(lines: tuple[str, ...], label: Box, area: list[Point]) -> bool:
    """Whether every letter of a name set in `label` lies in `area`."""
    return all(_contains(area, q) for line in ink(lines, label) for q in _corners(line))


def _bounds(poly: list[Point]) -> Box:
    return min(q[0] for q in poly), min(q[1] for q in poly), max(q[0] for q in poly), max(q[1] for q in poly)


def _parts(block: Box, w: float, lw: float, lh: float, pw: float) -> tuple[Box, Box]:
    """A block's name box and pieces box."""
    bx, by = block[0], block[1]
    return (bx + (w - lw) / 2, by, bx + (w + lw) / 2, by + lh), (bx + (w - pw) / 2, by + lh, bx + (w + pw) / 2, block[3])


def _centre(b: Box) -> Point:
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def _roomy(block, site: Point, symbol: Box) -> bool:
    """Whether a region's area holds its block somewhere, with no other name about."""
    w, h, clear, *_, home, _ = block
    return _place_block(*site, w, h, clear, [_grow(symbol, 2)], home) is not None


def _first_place(site: Point, tries, taken: list[Box]):
    """The first of `tries` (a block, the test of its place, a finer search or not) that finds a place."""
    found = next(((blk, b) for blk, fits, fine in tries
                  if (b := _place_block(site[0], site[1], blk[0], blk[1], blk[2], taken, fits, fine))), None)
    if found is None:
        raise RuntimeError("no room for a name")
    return found


def _reach(site: Point, b: Box) -> float:
    """How far a block lies from a region's centre (a pointer's length)."""
    return math.dist(site, (min(max(site[0], b[0]), b[2]), min(max(site[1], b[1]), b[3])))


def _size(block) -> float:
    """A block's name box and pieces box, in map px²."""
    w, h, _, lines, lw, pw, *_ = block
    return lw * LABEL_LINE * len(lines) + pw * (h - LABEL_LINE * len(lines))


def _area(poly: list[Point]) -> float:
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1], strict=True))) / 2


@cache
def _lay_out(lang: str, grown: tuple[tuple[str, float], ...]) -> Layout:
    data = load()
    cells = _cells(grown)
    borders, links = _borders(cells)
    f = font(LABEL_SIZE)
    sites = {k: to_map(g.pos) for k, g in data.regions.items()}
    symbols: dict[str, Box] = {}
    taken: list[Box] = []
    for k, g in data.regions.items():
        x, y = sites[k]
        s = SYMBOL.get(g.settlement or "", 5)
        symbols[k] = (x - s, y - s, x + s, y + s)
        taken.append(_grow(symbols[k], 2))
    cell = {k: [q for q, _ in cells[k]] for k in sites}
    wraps = {k: [_block(g, cell[k], lines, f) for lines in _wraps(g.name.get(lang), LABEL_SIZE)]
             for k, g in data.regions.items()}
    # the regions whose areas can hold their block first (a name pushed out of its area by another reads as
    # its neighbour's), the most crowded of them first: they have the fewest good places
    room = {k: _roomy(wraps[k][0], sites[k], symbols[k]) for k in sites}
    crowd = {k: sum(1 for j in sites if j != k and math.dist(sites[j], sites[k]) < 250) for k in sites}
    chosen = {}
    for k in sorted(sites, key=lambda k: (not room[k], -crowd[k], k)):
        # the name's letters wholly in the area (a finer search where the first finds no place), else its
        # ends, else its centre (a pointer joins it)
        first = wraps[k][0]
        tries = [(first, fits, fine) for fits, fine in ((first[6], False), (first[6], True), (first[7], False),
                                                        (first[8], False), (lambda b: True, False))]
        chosen[k] = _first_place(sites[k], tries, taken)
        taken.append(chosen[k][1])
    # then each name whose letters still cross its area's border, moved alone among the others, set on other
    # lines, wholly in its area; else with a neighbour's block moved too (wholly in its own area); else, an area
    # too small for it, wholly on one neighbour's ground (a pointer joins it); else a neighbour's block moved
    # onto one neighbour's ground; else its name wholly in its area over its mark, its pieces under the mark
    def whole(k: str) -> list:
        return [(blk, blk[6], fine) for blk in wraps[k] for fine in (False, True)]

    def aside(k: str) -> list:
        near = [(cell[j], _bounds(cell[j])) for j in sorted(sites)
                if j != k and math.dist(sites[j], sites[k]) < 2 * LAND_R + 100]
        return [(blk, lambda b, blk=blk: _reach(sites[k], b) <= POINTER
                 and any(_overlaps(b, box) and blk[9](b, area) for area, box in near), fine)
                for blk in wraps[k] for fine in (False, True) if _area(cell[k]) < CRAMPED * _size(blk)]

    apart: dict[str, tuple[Box, Box]] = {}   # the name and pieces boxes of the names set astride their mark

    def others(*out: str) -> list[Box]:   # the marks closer here: 2 px off, not MARGIN + 2
        return ([b for j, (_, block) in chosen.items() if j not in out for b in apart.get(j, (block,))]
                + [_grow(s, 2 - MARGIN) for s in symbols.values()])

    def straddles(k: str) -> bool:
        blk, block = chosen[k]
        return k not in apart and blk[8](block) and not blk[6](block)

    def astride(k: str) -> None:
        """k's name wholly in its area over its mark and its pieces under it, the mark between them: where
        the area's room over and under its mark is too low for name and pieces together (French Dimrill
        Dale's, under Gladden Fields' area, and Ettenmoors', over Weather Hills' block)."""
        (x, y), mark = sites[k], symbols[k]
        for blk in wraps[k]:
            w, h, clear, lines, lw, pw, *_ = blk
            lh = LABEL_LINE * len(lines)
            label = _place_block(x, y, lw, lh, clear, others(k),
                                 lambda b, lines=lines: b[3] <= mark[1] and _lettered(lines, b, cell[k]), True)
            pieces = label and _place_block(x, y, pw, h - lh, clear, [*others(k), label],
                                            lambda b: b[1] >= mark[3] and _contains(cell[k], _centre(b)), True)
            if label and pieces:
                apart[k] = label, pieces
                chosen[k] = blk, (min(label[0], pieces[0]), label[1], max(label[2], pieces[2]), pieces[3])
                return

    def moved(k: str, j: str, tries_j) -> bool:
        """Whether k finds a place wholly in its area with j's block away, and j another."""
        was = chosen[k], chosen[j]
        try:
            chosen[k] = _first_place(sites[k], whole(k), others(k, j))
            chosen[j] = _first_place(sites[j], tries_j, others(j))
            return True
        except RuntimeError:
            chosen[k], chosen[j] = was
            return False

    for k in sorted(filter(straddles, chosen)):
        under = sorted((j for j in chosen if j not in (k, *apart) and _overlaps(chosen[j][1], _bounds(cell[k]))),
                       key=lambda j: (math.dist(sites[j], sites[k]), j))       # the blocks on its area
        with contextlib.suppress(RuntimeError):
            chosen[k] = _first_place(sites[k], whole(k), others(k))
        if straddles(k) and not any(moved(k, j, whole(j)) for j in under):
            with contextlib.suppress(RuntimeError):
                chosen[k] = _first_place(sites[k], aside(k), others(k))
        for j in under if straddles(k) else ():
            if moved(k, j, whole(j) + aside(j)):
                break
        if straddles(k):
            astride(k)
    places = {}
    for k, ((w, _, _, lines, lw, pw, *_), block) in chosen.items():
        label, pieces = apart.get(k) or _parts(block, w, lw, LABEL_LINE * len(lines), pw)
        xs, ys = [q[0] for q in cell[k]] + [block[0], block[2]], [q[1] for q in cell[k]] + [block[1], block[3]]
        ground = next((j for j in [k, *sorted(cells)] if _contains([q for q, _ in cells[j]], _centre(label))),
                      None)
        pointer = not all(_contains(cell[k], _centre(b)) for b in (label, pieces))
        places[k] = Place(sites[k], tuple(cell[k]), symbols[k], lines, label, pieces, pointer,
                          (min(xs), min(ys), max(xs), max(ys)), ground)
    return Layout(lang, {k: places[k] for k in sorted(places)}, borders, links)


@cache
def layout(lang: str = "en") -> Layout:
    """The map's layout in language `lang` (names differ in length): computed once, then kept."""
    return _lay_out(lang, GROWN)
