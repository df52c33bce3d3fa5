"""Texts players read, in both languages, as the presenters write them: French elision, numbers that
agree whatever the count, levels and names translated."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from i18n import t
from present import confrontation as pc
from present import wotr as pw

ROOT = Path(__file__).resolve().parent.parent


def test_french_elides_de_before_a_vowel_and_only_there():
    moved = {"type": "moved", "side": "fellowship", "piece": "f1", "character": "aragorn"}
    view = {"pieces": []}
    assert "d'Enedwaith vers Cardolan" in pc.describe_event({**moved, "from": "enedwaith", "to": "cardolan"},
                                                            view, "fr")
    assert "de Cardolan vers Enedwaith" in pc.describe_event({**moved, "from": "cardolan", "to": "enedwaith"},
                                                             view, "fr")
    assert "from Enedwaith" in pc.describe_event({**moved, "from": "enedwaith", "to": "cardolan"}, view, "en")
    assert t("errors_fellowship.bad_die", "fr", die="5", dice="1, 2") == "5 n'est pas l'un de vos dés 1, 2."


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_die_in_the_hunt_box_reads_right(lang):
    view = {"hunt": {"box": {"shadow": 1, "free_peoples": 1}, "pool": ["eye_1"], "drawn": ["d1_1"]}}
    texts = [pw.hunt_line(view, lang),
             pw.describe_event({"type": "hunt_allocation", "dice": 1}, view, lang),
             pw.describe_action({"type": "allocate", "dice": 1}, view, lang),
             t("wotr_map.hunt_tiles", lang, pool=1, drawn=1), t("wotr_map.dice_shadow", lang, n=1)]
    for text in texts:
        assert not any(wrong in text for wrong in ("1 dés", "1 dice", "1 tirées")), text
    assert "1" in texts[0] and "1" in texts[1] and "1" in texts[2]


def test_the_elven_ring_names_its_die_with_the_right_article():
    text = pw.describe_action({"type": "elven_ring", "die": "event", "to": "character"}, {}, "en")
    assert text.startswith("Elven Ring: change one Event die to ") and "a Event" not in text


def test_shelob_is_arachne_with_its_accent_in_french():
    confrontation = json.loads((ROOT / "cards" / "confrontation.json").read_text("utf-8"))
    assert confrontation["characters"]["shelob"]["name"]["fr"] == "Arachné"
    french = [line for path in ("cards/confrontation.json", "cards/wotr.json", "reference/data/confrontation.json",
                                "reference/cards/wotr_texts.json")
              for line in (ROOT / path).read_text("utf-8").splitlines() if line.lstrip().startswith('"fr"')]
    assert any("Arachné" in line for line in french) and not any("Arachne" in line for line in french)
