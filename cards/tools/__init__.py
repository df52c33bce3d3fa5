"""Generators of cards/*.json from the shared data (python -m cards.tools.build_<game>)."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shared_data(game: str) -> Path:
    """The folder shared/data/<game>, read-only: beside the project or in a folder above it."""
    for base in (ROOT, *ROOT.parents):
        cand = base / "shared" / "data" / game
        if cand.is_dir():
            return cand
    return Path("/work/shared/data") / game


def slug(text: str) -> str:
    """An id from a printed name: ASCII, lower case, words joined by "_" ("Dáin's Guard": "dains_guard")."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "")).strip("_")
