"""The component data is coherent, and every name and message exists in English and French."""
import re
from pathlib import Path

import i18n
from engine.fellowship.data import DATA

ROOT = Path(__file__).resolve().parents[2]
RAW = DATA["raw"]


def test_the_reconstructed_parts_are_marked_in_the_data_file():
    assert "RECONSTRUCTED" in RAW["about"]
    assert set(RAW["reconstructed"]) >= {"stages.length", "stages.event_spaces", "stages.finish_values", "enemies"}


def test_four_stages_from_hobbiton_to_amon_hen():
    route = [(st["from"], st["to"]) for st in RAW["stages"]]
    assert route == [("hobbiton", "bree"), ("bree", "rivendell"), ("moria_gate", "lorien"), ("lorien", "amon_hen")]


def test_spaces_lie_on_the_path_and_do_not_overlap():
    for st in RAW["stages"]:
        adv = [sp for v in st["adventure_spaces"].values() for sp in v]
        for sp in st["event_spaces"] + adv:
            assert st["start_spaces"] < sp <= st["length"]
        assert not set(adv) & set(st["event_spaces"])
        assert len(st["finish_values"]) == 4 and st["finish_values"] == sorted(st["finish_values"], reverse=True)


def test_adventure_spaces_sit_on_their_stages():
    adv = {st["number"]: set(st["adventure_spaces"]) for st in RAW["stages"]}
    assert adv == {1: set(), 2: {"weathertop", "ford_of_rivendell"},
                   3: {"watcher_in_the_water", "bridge_of_khazad_dum"}, 4: set()}
    s2 = RAW["stages"][1]
    assert s2["adventure_spaces"]["ford_of_rivendell"] == [s2["length"]]  # the gate to Rivendell
    assert len(RAW["stages"][2]["adventure_spaces"]["watcher_in_the_water"]) == 3


def test_enemy_cards_have_three_strengths_and_a_reward():
    for e in RAW["enemies"]:
        assert len(e["strengths"]) == 3 and all(isinstance(x, int) and x >= 0 for x in e["strengths"])
        assert e["reward"]["kind"] in ("hero", "movement", "weapon") and e["reward"]["amount"] > 0


def test_companions_and_their_end_of_game_values():
    c = RAW["companions"]
    assert {k: v["end_bonus"] for k, v in c.items()} == {"aragorn": 2, "gandalf": 0, "legolas": 2,
                                                          "boromir": -1, "gimli": 2}


def test_every_card_has_an_english_and_french_name_and_text():
    for lang in ("en", "fr"):
        cat = i18n.catalogue(lang)
        for c in RAW["events"]:
            assert cat[f"fellowship.card.{c['id']}"] and cat[f"fellowship.card.{c['id']}.text"]
        for e in RAW["enemies"]:
            assert cat[f"fellowship.enemy.{e['id']}"]
            if e["reward"]["kind"] == "weapon":
                assert cat[f"fellowship.weapon.{e['id']}"]
        for k in list(RAW["companions"]) + list(RAW["hobbits"]):
            assert any(key.endswith("." + k) for key in cat)


def test_every_event_type_and_refusal_code_has_a_text():
    src = "".join(p.read_text("utf-8") for p in (ROOT / "engine" / "fellowship").glob("*.py"))
    events = set(re.findall(r'_emit\(s, ev, "([a-z_]+)"', src))
    codes = set(re.findall(r'IllegalAction\("([a-z_]+)"', src))
    for lang in ("en", "fr"):
        cat = i18n.catalogue(lang)
        assert not {e for e in events if f"fellowship.event.{e}" not in cat}
        assert not {c for c in codes if f"errors_fellowship.{c}" not in cat}
