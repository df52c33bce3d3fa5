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
ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "engine" / "wotr"
# as ai/wotr_playout.sources and source_hash, without importing them (they import the engine)
sources = {**{p.relative_to(SOURCE).as_posix(): p for p in SOURCE.rglob("*.py")},
           "playout.py": ROOT / "ai" / "wotr_playout_rules.py"}
stamp = hashlib.sha256()
for name, path in sorted(sources.items()):
    stamp.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
try:
    package = importlib.import_module("ai._wotr_native")
except ImportError:
    raise pytest.UsageError("the compiled copy is not built: python -m ai.twin_build") from None
if getattr(package, "SOURCE_HASH", None) != stamp.hexdigest():
    raise pytest.UsageError("the compiled copy is not built from the current source: python -m ai.twin_build")
for module in pkgutil.walk_packages(package.__path__, "ai._wotr_native."):
    name = module.name.removeprefix("ai._wotr_native.")
    if not name.endswith("__mypyc") and name != "playout":          # the playout is not the engine's
        sys.modules[f"engine.wotr.{name}"] = importlib.import_module(module.name)
import engine.wotr  # noqa: E402  (its submodules are the copy's now)

for name, module in list(sys.modules.items()):
    if name.startswith("engine.wotr."):
        parent, _, child = name.rpartition(".")
        setattr(sys.modules[parent], child, module)
assert engine.wotr.RULES.legal_actions.__module__ == "ai._wotr_native.listing"
