"""War of the Ring's map layout: each region's name and pieces lie in its own area, or a pointer joins
them to it (a name on a neighbour's ground would read as the neighbour's: Fords of Isen in Orthanc's);
no region's name or pieces lie over another's."""
from __future__ import annotations

import pytest

from i18n import LANGUAGES
from render.wotr_layout import _contains, _overlaps, layout


def _centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_name_and_its_pieces_lie_in_its_own_area_or_a_pointer_joins_them(lang):
    lay = layout(lang)
    for region, place in lay.places.items():
        at_home = all(_contains(list(place.cell), _centre(b)) for b in (place.label, place.pieces))
        assert at_home or place.pointer, region
    assert lay.places["fords_of_isen"].pointer or _contains(list(lay.places["fords_of_isen"].cell),
                                                            _centre(lay.places["fords_of_isen"].label))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_name_or_pieces_lie_over_another_regions(lang):
    places = layout(lang).places
    boxes = [(r, b) for r, p in places.items() for b in (p.label, p.pieces)]
    for i, (r, a) in enumerate(boxes):
        for s, b in boxes[i + 1:]:
            assert r == s or not _overlaps(a, b), (r, s)
