"""The platform finds games only through their declarations: no shared module of bot/, table/, present/,
render/ or reference/ names a declared game or its texts (issue #9's check, `grep -rn '"lcg"\\|"fellowship"...'`).
A game's own files are named after it: `<id>.py` or `<id>_<what>.py`, in any folder."""
from __future__ import annotations

from pathlib import Path

import games

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("bot", "table", "present", "render", "reference")


def _own(path: Path, ids: list[str]) -> bool:
    return any(path.stem == game or path.stem.startswith(f"{game}_") for game in ids)


def test_no_shared_module_names_a_game():
    ids = [game.id for game in games.declared()]
    assert {"confrontation", "fellowship", "lcg"} <= set(ids)
    # Its id in quotes, or one of its own text keys ("bot_lcg.settings...", "errors_fellowship.bad_die").
    marks = [f'"{game}"' for game in ids] + [f"_{game.namespace}." for game in games.declared()]
    found = []
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if _own(path, ids):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                found += [f"{path.relative_to(ROOT)}:{number}: {line.strip()}" for mark in marks if mark in line]
    assert found == []
