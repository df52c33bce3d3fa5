"""Display text in French and English. Keys are "<file>.<key>", e.g. t("errors_confrontation.region_full", "fr").

Each language is a folder of JSON files (one per domain: common, errors, confrontation, ...). Both
languages must hold the same keys (tests/test_i18n.py checks it), so nothing shown to a user is
missing in either language.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "fr")
DEFAULT = "en"
_ROOT = Path(__file__).parent


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        lang = DEFAULT
    out: dict[str, str] = {}
    for root in (_ROOT, *_folders):
        out.update(_read(root / lang))
    return out


_folders: list[Path] = []  # the text folders games bring (games/: a declaration's `texts`)


def _read(folder: Path) -> dict[str, str]:
    out = {}
    for path in sorted(folder.glob("*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            out[f"{path.stem}.{key}"] = text
    return out


def add_folder(root: Path) -> None:
    """A game's own texts: `root`/<lang>/<file>.json, laid out as this folder, keys "<file>.<key>"; like
    this folder's, every language holds the same keys (else ValueError, naming one that is missing)."""
    if root in _folders:
        return
    texts = {lang: _read(root / lang) for lang in LANGUAGES}
    every = set().union(*texts.values())
    for lang, own in texts.items():
        if every - set(own):
            raise ValueError(f"{root}: {lang} lacks {sorted(every - set(own))[0]!r}")
    _folders.append(root)
    for lang in LANGUAGES:
        catalogue(lang).update(texts[lang])


def remove_folder(root: Path) -> None:
    """Forget a game's texts folder (a test's throwaway game)."""
    if root in _folders:
        _folders.remove(root)
        for lang in LANGUAGES:
            remove_texts(lang, list(_read(root / lang)))


def add_texts(lang: str, texts: dict[str, str]) -> None:
    """Texts of a game that is not installed with its files (a test's throwaway game): full keys."""
    catalogue(lang).update(texts)


def remove_texts(lang: str, keys: list[str]) -> None:
    for key in keys:
        catalogue(lang).pop(key, None)


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang)


def t(key: str, lang: str = DEFAULT, **params) -> str:
    """The text for `key` in `lang`, with {placeholders} filled from params.

    A missing key shows the key itself rather than failing: a display glitch must never stop a game.
    """
    text = catalogue(lang).get(key)
    if text is None:
        return key
    if "|" in text:
        text = _PLURAL.sub(lambda m: _plural(m, params, lang), text)
    if lang == "fr" and "de {" in text:
        text = _elide(text, params)
    elif lang == "en" and ("a {" in text or "A {" in text):
        text = _AN.sub(lambda m: _article(m, params), text)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


_DE = re.compile(r"\b([Dd])e \{(\w+)\}")
_VOWELS = tuple("AEIOUÉÈÊaeiouéèê")


def _elide(text: str, params: dict) -> str:
    """French elides "de" before a name that begins with a vowel: d'Enedwaith, d'Aragorn."""
    def one(m: re.Match) -> str:
        value = params.get(m.group(2))
        return f"{m.group(1)}'{{{m.group(2)}}}" if str(value).startswith(_VOWELS) else m.group(0)
    return _DE.sub(one, text)


# "{hits|hit|hits}": the word that agrees with the number `hits` (French keeps 0 and 1 singular).
_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def _plural(m: re.Match, params: dict, lang: str) -> str:
    try:
        n = abs(int(params.get(m.group(1), 0)))
    except (TypeError, ValueError):
        n = 2
    return m.group(2) if n == 1 or lang == "fr" and n == 0 else m.group(3)


_AN = re.compile(r"\b([Aa]) \{(\w+)\}")


def _article(m: re.Match, params: dict) -> str:
    """English says "an" before a vowel sound: an Army die, an Isengard regular, an elite."""
    value = str(params.get(m.group(2), ""))
    vowel = value[:1] in "AEIOaeioÉé" or value[:1] in "Uu" and value[:3].lower() not in ("uni", "use")
    return f"{m.group(1)}n {{{m.group(2)}}}" if value and vowel else m.group(0)


def normalise_lang(locale: str | None) -> str:
    """Map a Discord locale such as 'fr' or 'en-US' to one of ours."""
    if locale and locale.lower().startswith("fr"):
        return "fr"
    return DEFAULT
