"""The War of the Ring playout a search or a benchmark plays (engine/wotr/playout.py: start, to_play, legal,
by_type, step, random_pick): the compiled copy of the rules when it is built from engine/wotr as it is
now (`python -m ai.twin_build`, docs/wotr.md "Random play and figures"), else the pure engine. Both are
the same source; the compiled one is only faster. Nothing else imports the compiled copy
(ai/_wotr_native/, made by ai/wotr_build.py); the bot and the kernel path keep the pure engine."""
from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

from engine.wotr import playout as pure

SOURCE = Path(__file__).resolve().parent.parent / "engine" / "wotr"
NATIVE = "ai._wotr_native"


def source_hash() -> str:
    """SHA-256 of every source file of engine/wotr (names and texts, in name order)."""
    h = hashlib.sha256()
    for path in sorted(SOURCE.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
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
