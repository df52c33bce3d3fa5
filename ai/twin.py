"""The rules twin the search plays: the compiled one when it is built from the source as it is now
(`python -m ai.twin_build`, docs/ai.md "Playout speed"), else the pure-Python ai/confrontation_twin.py.
Both are the same code; the compiled one is only faster."""
from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

from . import confrontation_twin as pure

SOURCE = Path(pure.__file__)


def source_hash() -> str:
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def _native() -> ModuleType | None:
    """The compiled twin, if it is there and was built from the current source."""
    try:
        mod = importlib.import_module("ai._twin_native")
    except ImportError:
        return None
    return mod if getattr(mod, "SOURCE_HASH", None) == source_hash() else None


native = _native()
impl: ModuleType = native or pure
IMPLEMENTATIONS = [pure] + ([native] if native else [])
Twin, Prepared, Unsupported, Xorshift32 = impl.Twin, impl.Prepared, impl.Unsupported, impl.Xorshift32
as_action = impl.as_action
SIDE_NAMES = pure.SIDE_NAMES
