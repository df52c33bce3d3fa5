"""Every section of every rulebook in shared/seeds is explained by at least one reference entry."""
import pytest

import reference

GAMES_WITH_DATA = [g for g in reference.GAMES if reference.load_game(g)["entries"]]


def test_sections_file_lists_every_game():
    assert set(reference.sections()) == set(reference.GAMES)


@pytest.mark.parametrize("game", reference.GAMES)
def test_every_section_is_covered(game):
    listed = reference.sections()[game]
    entries = reference.entries(game)
    missing = [s for s in listed if not any(reference.covers(e["section"], s) for e in entries)]
    assert not missing, f"{game}: sections with no entry: {missing}"


@pytest.mark.parametrize("game", GAMES_WITH_DATA)
def test_sections_are_listed(game):
    # A game with entries has its rulebook sections listed.
    assert reference.sections()[game], f"{game}: no sections listed"


@pytest.mark.parametrize("game", GAMES_WITH_DATA)
def test_every_entry_points_to_a_listed_section(game):
    listed = reference.sections()[game]
    stray = [e["id"] for e in reference.entries(game)
             if not any(reference.covers(e["section"], s) for s in listed)]
    assert not stray, f"{game}: entries whose section is not in sections.json: {stray}"
