"""`python -m pytest -p tests.wotr.native_plugin tests/wotr`: the whole War of the Ring suite run on the
compiled copy of the rules (ai/wotr_build.py): every `engine.wotr.<module>` is the copy's before anything
imports the engine, so the kernel's RULES, the helpers and the tests all run compiled code. A by-hand check
(docs/wotr.md "Compiled playouts"): compiled code checks declared types at run time, so a lying annotation
fails here; tests that replace a module's function (monkeypatch) may not reach compiled callers."""
import hashlib
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

if any(name.startswith("engine.wotr") for name in sys.modules):
    raise pytest.UsageError("tests.wotr.native_plugin must load before the engine (pass it with -p)")
SOURCE = Path(__file__).resolve().parents[2] / "engine" / "wotr"
stamp = hashlib.sha256()
for path in sorted(SOURCE.glob("*.py")):            # as ai/wotr_playout.source_hash, without importing it
    stamp.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
try:
    package = importlib.import_module("ai._wotr_native")
except ImportError:
    raise pytest.UsageError("the compiled copy is not built: python -m ai.twin_build") from None
if getattr(package, "SOURCE_HASH", None) != stamp.hexdigest():
    raise pytest.UsageError("the compiled copy is not built from the current source: python -m ai.twin_build")
for module in pkgutil.iter_modules(package.__path__):
    if not module.name.endswith("__mypyc"):
        sys.modules[f"engine.wotr.{module.name}"] = importlib.import_module(f"ai._wotr_native.{module.name}")
import engine.wotr  # noqa: E402  (its submodules are the copy's now)

for name, module in list(sys.modules.items()):
    if name.startswith("engine.wotr."):
        setattr(engine.wotr, name.rpartition(".")[2], module)
assert engine.wotr.RULES.legal_actions.__module__ == "ai._wotr_native.listing"
