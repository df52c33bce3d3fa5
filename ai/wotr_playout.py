"""The War of the Ring playout a search or a benchmark plays (ai/wotr_playout_rules.py: start, to_play, legal,
by_type, step, random_pick): the compiled copy of the rules and of that module when it is built from them
as they are now (`python -m ai.twin_build`, docs/wotr.md "Random play and figures"), else the pure ones.
Both are the same source; the compiled one is only faster. Nothing else imports the compiled copy
(ai/_wotr_native/, made by ai/wotr_build.py); the bot and the kernel path keep the pure engine."""
from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

from ai import wotr_playout_rules as pure

SOURCE = Path(__file__).resolve().parent.parent / "engine" / "wotr"
PLAYOUT = Path(pure.__file__)          # copied into the compiled package as its `playout` module
NATIVE = "ai._wotr_native"


def sources() -> dict[str, Path]:
    """The compiled copy's files: {its path in the package: the source}, engine/wotr's and the playout's."""
    return {**{path.relative_to(SOURCE).as_posix(): path for path in sorted(SOURCE.rglob("*.py"))},
            "playout.py": PLAYOUT}


def source_hash() -> str:
    """SHA-256 of every source of the copy (names and texts, in name order)."""
    h = hashlib.sha256()
    for name, path in sorted(sources().items()):
        h.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _native() -> ModuleType | None:
    """The compiled playout, if it is there and was built from the current source (and for this Python)."""
    try:
        if getattr(importlib.import_module(NATIVE), "SOURCE_HASH", None) != source_hash():
            return None
        return importlib.import_module(f"{NATIVE}.playout")
    except ImportError:
        return None


native = _native()
playout: ModuleType = native or pure
IMPLEMENTATIONS = [pure] + ([native] if native else [])
