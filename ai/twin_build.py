"""Compile the rules twin (ai/confrontation_twin.py) to a C extension with mypyc: `python -m ai.twin_build`,
which then compiles the War of the Ring playout's copy of the rules too (ai/wotr_build.py).

The pure-Python module stays the source and the fallback. The build copies it, stamped with the hash of
its text, to a scratch folder as `ai/_twin_native.py`, compiles that with mypyc (which ships with mypy,
a dev dependency; it needs a C compiler and setuptools) and puts the extension next to the source
(ai/_twin_native.*.so, not committed). ai/twin.py loads the extension only when its stamp matches the
source as it is now, so an edited twin is never shadowed by an old build. Exits non-zero if the
compiled module does not load afterwards.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ai import twin, wotr_build

ROOT = Path(__file__).resolve().parent.parent
NAME = "_twin_native"
# mypyc type-checks with strict optional types, which the project does not use: the engine is read only
# for its types, its own checks are CI's mypy run.
MYPY_INI = "[mypy]\nignore_missing_imports = True\n[mypy-engine.*,cards.*]\nignore_errors = True\n"


def build() -> Path:
    """Compile the twin; returns the extension's path."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "ai").mkdir()
        (work / "ai" / "__init__.py").write_text("")
        source = twin.SOURCE.read_text()
        (work / "ai" / f"{NAME}.py").write_text(f"{source}\nSOURCE_HASH: Final = {twin.source_hash()!r}\n")
        # The engine's modules are read (for their types) but not compiled.
        for package in ("engine", "cards"):
            (work / package).symlink_to(ROOT / package)
        (work / "mypy.ini").write_text(MYPY_INI)
        env = dict(os.environ, PYTHONPATH=str(work))
        run = subprocess.run([sys.executable, "-m", "mypyc", f"ai/{NAME}.py"], cwd=work, env=env,
                             capture_output=True, text=True)
        if run.returncode:
            print(run.stdout[-5000:], run.stderr[-5000:], sep="\n", file=sys.stderr)
            raise SystemExit("mypyc failed: the search keeps the pure-Python twin")
        # The module and mypyc's runtime library for it (ai/_twin_native__mypyc.*).
        built = [p for p in (work / "ai").iterdir() if p.name.startswith(NAME) and p.suffix in (".so", ".pyd")]
        if not built:
            raise SystemExit("mypyc built no extension")
        for old in (ROOT / "ai").glob(f"{NAME}*"):
            if old.suffix in (".so", ".pyd"):
                old.unlink()
        for p in built:
            shutil.copy(p, ROOT / "ai" / p.name)
        return ROOT / "ai" / min(p.name for p in built)


def main() -> None:
    target = build()
    # A fresh interpreter, so that the check loads the new file.
    check = subprocess.run([sys.executable, "-c", "from ai import twin; assert twin.native is not None"],
                           cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if check.returncode:
        raise SystemExit(f"{target} was built but does not load")
    print(f"built {target.relative_to(ROOT)}")
    wotr_build.main()


if __name__ == "__main__":
    main()
