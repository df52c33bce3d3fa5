"""Each game's reader of its cards file into the /rules card index's common shape (games.protocols.RulesCards),
and the small helpers they share."""
from __future__ import annotations

from pathlib import Path

CARDS_DIR = Path(__file__).resolve().parents[2] / "cards"


def both(en: str, fr: str) -> dict[str, str]:
    return {"en": en, "fr": fr}


def text_pair(value, fallback: str = "") -> dict[str, str]:
    if isinstance(value, dict):
        en = value.get("en") or value.get("fr") or fallback
        return both(str(en), str(value.get("fr") or en))
    if isinstance(value, str):
        return both(value, value)
    return both(fallback, fallback)


def words_pair(value) -> dict[str, str]:
    if isinstance(value, dict):
        return both(*(" ".join(v) if isinstance(v, list) else str(v or "") for v in
                       (value.get("en", ""), value.get("fr", value.get("en", "")))))
    if isinstance(value, list):
        return both(" ".join(map(str, value)), " ".join(map(str, value)))
    return both(str(value or ""), str(value or ""))
