"""Every text shown to users exists in both French and English (each game's refusal codes: the
conformance suite, tests/conformance/)."""
import json
import re
from pathlib import Path

import i18n

ROOT = Path(__file__).resolve().parents[1]


def test_french_and_english_have_the_same_files_and_keys():
    for path in sorted((ROOT / "i18n" / "en").glob("*.json")):
        fr = ROOT / "i18n" / "fr" / path.name
        assert fr.exists(), f"missing French file {path.name}"
        en_keys, fr_keys = set(json.loads(path.read_text("utf-8"))), set(json.loads(fr.read_text("utf-8")))
        assert en_keys == fr_keys, f"{path.name}: only en {en_keys - fr_keys}, only fr {fr_keys - en_keys}"
    assert {p.name for p in (ROOT / "i18n" / "fr").glob("*.json")} == {
        p.name for p in (ROOT / "i18n" / "en").glob("*.json")}


def test_no_text_is_empty():
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalogue(lang).items():
            assert text.strip(), f"{lang}: empty text for {key}"


def test_placeholders_match_between_languages():
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", fr[key])), key


def test_t_fills_placeholders_and_falls_back_to_the_key():
    assert i18n.t("errors_confrontation.game_over", "fr") == "Cette partie est terminée."
    assert i18n.t("no.such.key", "fr") == "no.such.key"


def test_discord_locales_map_to_ours():
    assert i18n.normalise_lang("fr") == "fr"
    assert i18n.normalise_lang("en-US") == "en"
    assert i18n.normalise_lang(None) == "en"
