"""Core Set card facts: counts, ids, stats against the OCTGN set, starter decks, scenario decks."""
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from cards import lcg

DATA = Path("/work/shared/data/lcg")
for _base in Path(__file__).resolve().parents:
    if (_base / "shared" / "data" / "lcg").is_dir():
        DATA = _base / "shared" / "data" / "lcg"
        break
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="shared data not available")


@pytest.fixture(scope="module")
def cards():
    return lcg.load_cards()


def test_counts(cards):
    by_type = Counter(c.type for c in cards.values())
    assert by_type["hero"] == 12
    player = [c for c in cards.values() if c.type in ("ally", "attachment", "event")]
    assert len(player) == 61 and sum(c.quantity for c in player) == 120
    encounter = [c for c in cards.values() if c.is_encounter_card]
    assert len(encounter) == 45 and sum(c.quantity for c in encounter) == 84
    assert by_type["quest"] == 10
    assert len(cards) == 128
    assert sorted(c.number for c in cards.values()) == list(range(1, 129))


def test_ids_are_unique_snake_case_and_match_keys(cards):
    assert len({c.id for c in cards.values()}) == len(cards)
    for key, c in cards.items():
        assert key == c.id
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", key), key
    assert cards["chieftain_ufthak"].name.en == "Chieftain Ufthak"
    assert {"a_chosen_path_dont_leave_the_path", "a_chosen_path_beorns_path"} <= set(cards)


def test_load_cards_is_cached():
    assert lcg.load_cards() is lcg.load_cards()


def test_every_card_has_both_names_and_traits_in_both_languages(cards):
    for c in cards.values():
        assert c.name.en.strip() and c.name.fr.strip(), c.id
        assert len(c.traits.en) == len(c.traits.fr), c.id
        if c.sides:
            for side in c.sides.values():
                assert side.name.en.strip() and side.name.fr.strip(), c.id


def test_field_shapes_by_type(cards):
    for c in cards.values():
        if c.type == "hero":
            assert c.threat_cost and c.cost is None and c.unique and c.sphere in lcg.SPHERES
        if c.type in ("ally", "attachment", "event"):
            assert c.cost is not None and c.threat_cost is None and c.sphere is not None
        if c.type in ("hero", "ally"):
            assert None not in (c.willpower, c.attack, c.defense, c.hit_points), c.id
        if c.type == "enemy":
            assert None not in (c.engagement_cost, c.threat, c.attack, c.defense, c.hit_points), c.id
        if c.type == "location":
            assert None not in (c.threat, c.quest_points), c.id
        if c.type == "quest":
            assert c.stage in (1, 2, 3) and set(c.sides) == {"A", "B"}
            assert c.quest_points == c.sides["B"].quest_points is not None
        if c.is_encounter_card or c.type == "quest":
            assert c.sphere is None and c.encounter_set
        if c.type == "attachment":
            assert c.attach_to is not None, c.id
        if c.victory_points:
            assert f"victory_{c.victory_points}" in c.keywords


def test_keywords_and_helpers(cards):
    assert cards["aragorn"].keywords == ("sentinel",)
    assert cards["endless_caverns"].keywords == ("doomed_1", "surge")
    assert cards["endless_caverns"].keyword_value("doomed") == 1
    assert cards["endless_caverns"].has_keyword("doomed") and cards["eastern_crows"].has_keyword("surge")
    assert set(cards["gandalfs_map"].keywords) == {"guarded", "restricted"}
    assert cards["hummerhorns"].victory_points == 5 and "victory_5" in cards["hummerhorns"].keywords
    assert cards["dark_knowledge"].attach_to == "hero"
    assert cards["forest_snare"].attach_to == "engaged_enemy"
    assert cards["gandalfs_search"].cost == "X" and cards["stand_and_fight"].cost == "X"
    assert cards["dol_guldur_orcs"].has_trait("orc") and not cards["wargs"].has_trait("orc")
    assert lcg.keyword_label("doomed_1", "fr") == "Maudit 1"
    assert lcg.keyword_label("surge", "fr") == "Renfort"
    for c in cards.values():
        for k in c.keywords:
            assert k.partition("_")[0] in lcg.vocabulary().keywords, k
        for t in c.traits.en:
            assert t in lcg.vocabulary().traits


def test_shadow_flags(cards):
    shadows = {c.id for c in cards.values() if c.shadow}
    assert len(shadows) == 17
    assert {"wolf_rider", "despair", "cavern_guardian", "iron_shackles"} <= shadows
    assert all(cards[s].is_encounter_card for s in shadows)


def _octgn():
    root = ET.parse(DATA / "octgn_core_set.xml").getroot()
    out = {}
    for el in root.iter("card"):
        props = {p.get("name"): p.get("value") for p in el.findall("property")}
        alt = el.find("alternate")
        if alt is not None:
            props["B"] = {p.get("name"): p.get("value") for p in alt.findall("property")}
            props["B_name"] = alt.get("name")
        out[el.get("id")] = (el.get("name"), props)
    return out


@needs_data
def test_stats_match_the_octgn_set_for_every_card(cards):
    octgn = _octgn()
    assert len(octgn) == 128
    for c in cards.values():
        _name, p = octgn[c.database_id]
        assert int(p["Card Number"]) == c.number
        assert int(p["Quantity"]) == c.quantity, c.id
        assert p["Type"].lower() == c.type
        assert (p.get("Sphere") or "").lower() == (c.sphere or "") or c.type == "quest"
        assert (p.get("Unique") is not None) == c.unique, c.id

        def num(key, p=p):
            v = p.get(key)
            return int(v) if v is not None and v.isdigit() else None

        assert num("Willpower") == c.willpower, c.id
        assert num("Attack") == c.attack, c.id
        assert num("Defense") == c.defense, c.id
        assert num("Health") == c.hit_points, c.id
        assert num("Threat") == c.threat, c.id
        assert num("Victory Points") == c.victory_points, c.id
        if c.type == "hero":
            assert num("Cost") == c.threat_cost
        elif c.type == "quest":
            assert num("Cost") == c.stage
            assert int(p["B"]["Quest Points"]) == c.quest_points, c.id
            assert p["B_name"].strip("\"") == c.sides["B"].name.en
        elif c.is_player_card:
            assert (p["Cost"] if c.cost == "X" else num("Cost")) == c.cost, c.id
        else:
            assert num("Engagement Cost") == c.engagement_cost, c.id
            assert num("Quest Points") == c.quest_points, c.id
        assert bool(p.get("Shadow")) == c.shadow, c.id
        traits = [t.strip() for t in (p.get("Traits") or "").split(".") if t.strip()]
        assert [t.replace("û", "u") for t in c.traits.en] == traits, c.id  # OCTGN writes "Nazgul"


@pytest.mark.parametrize("sphere", lcg.SPHERES)
def test_starter_decks(cards, sphere):
    deck = lcg.starter_deck(sphere)
    assert len(deck.heroes) == 3 and len(deck.cards) == 30
    assert all(cards[h].type == "hero" and cards[h].sphere == sphere for h in deck.heroes)
    assert all(cards[c].sphere in (sphere, "neutral") for c in deck.cards)
    assert deck.cards.count("gandalf") == 1
    counts = Counter(deck.cards)
    assert all(n <= cards[cid].quantity for cid, n in counts.items())
    assert lcg.validate_deck(list(deck.heroes), list(deck.cards), min_cards=30) == []


def test_starter_decks_follow_the_rulebook(cards):
    """Rulebook, "Pour la Première Partie": every copy of the sphere's cards (13-27, 28-42, 43-57, 58-72),
    its three heroes, and one Gandalf (73)."""
    ranges = {"leadership": (13, 27), "tactics": (28, 42), "spirit": (43, 57), "lore": (58, 72)}
    for sphere, (lo, hi) in ranges.items():
        d = lcg.starter_deck(sphere)
        expected = Counter({c.id: c.quantity for c in cards.values() if lo <= c.number <= hi})
        expected["gandalf"] = 1
        assert Counter(d.cards) == expected
        assert {cards[h].sphere for h in d.heroes} == {sphere}
    assert [cards[h].name.en for h in lcg.starter_deck("leadership").heroes] == ["Aragorn", "Théodred", "Glóin"]
    with pytest.raises(KeyError):
        lcg.starter_deck("neutral")
    d = lcg.starter_deck("lore")
    d.cards.pop()
    assert len(lcg.starter_deck("lore").cards) == 30  # each call is a fresh copy


SIZES = {  # data/lcg/README.md: quest cards, encounter cards normal, easy
    "passage_through_mirkwood": (4, 36, 27),
    "journey_down_the_anduin": (3, 47, 32),
    "escape_from_dol_guldur": (3, 41, 30),
}


@pytest.mark.parametrize("name", lcg.SCENARIOS)
def test_scenario_sizes(cards, name):
    quests, normal, easy = SIZES[name]
    for is_easy, size in ((False, normal), (True, easy)):
        s = lcg.scenario(name, easy=is_easy)
        assert len(s.quest) == quests
        assert [cards[q].stage for q in s.quest] == sorted(cards[q].stage for q in s.quest)
        assert s.encounter_total() == size
        assert all(cards[c].is_encounter_card for c in s.encounter)
        assert all(n <= cards[c].quantity for c, n in s.encounter.items())
        for part in (s.staging_area, s.set_aside):
            assert all(s.encounter[c] >= n for c, n in part.items())
        assert sum(s.encounter_deck().values()) == size - sum(s.staging_area.values()) - sum(
            s.set_aside.values())
        assert all(name in cards[c].scenarios for c in s.quest)
    easy_s, normal_s = lcg.scenario(name, True), lcg.scenario(name)
    assert all(normal_s.encounter.get(c, 0) >= n for c, n in easy_s.encounter.items())


def test_scenario_setup_cards():
    m = lcg.scenario("passage_through_mirkwood")
    assert m.staging_area == {"forest_spider": 1, "old_forest_road": 1}
    assert m.quest[:2] == ["flies_and_spiders", "a_fork_in_the_road"]
    d = lcg.scenario("escape_from_dol_guldur", easy=True)
    assert d.staging_area == {"dungeon_torch": 1, "gandalfs_map": 1, "shadow_key": 1}
    assert d.set_aside == {"nazgul_of_dol_guldur": 1}
    a = lcg.scenario("journey_down_the_anduin")
    assert a.staging_area == {} and a.quest == ["to_the_river", "anduin_passage", "ambush_on_the_shore"]
    with pytest.raises(KeyError):
        lcg.scenario("the_hunt_for_gollum")


def test_encounter_cards_belong_to_a_scenario(cards):
    for c in cards.values():
        if c.is_encounter_card or c.type == "quest":
            assert c.scenarios, c.id
        else:
            assert not c.scenarios


@needs_data
def test_generated_file_is_up_to_date():
    from cards.tools import build_lcg

    assert (Path(lcg.__file__).with_name("lcg.json")).read_text("utf-8") == build_lcg.render()
