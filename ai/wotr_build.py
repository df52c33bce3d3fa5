"""Compile a copy of the War of the Ring rules for playouts with mypyc (run by `python -m ai.twin_build`).

engine/wotr and ai/wotr_playout_rules.py stay the one source. The build copies engine/wotr's modules (all
but __init__.py, which holds the kernel's class; its subpackage cards/ as it is) and the playout's, as
`playout`, to a scratch folder as the package `ai._wotr_native`, their `engine.wotr` imports renamed,
compiles the modules of COMPILED with mypyc (the others stay interpreted copies) and installs the package
as ai/_wotr_native/ (not committed). Its __init__.py, written last, holds the stamp: the hash of those
sources (ai/wotr_playout.source_hash), so ai/wotr_playout.py loads the copy only when it was built from
the rules as they are now. Exits non-zero if the build fails or does not load.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ai import wotr_playout

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ai" / "_wotr_native"
# The modules a playout runs, by their path in the package. cards/combat (the combat cards: a fifth of the
# C code, under 1% of a playout's time) stays an interpreted copy, as do setup.py (a new game) and view.py,
# which a playout does not run: measured in docs/wotr.md.
COMPILED = ("abilities", "actions", "armies", "battle", "cards/decks", "cards/effects", "cards/free_peoples",
            "cards/play", "cards/shadow", "cards/who_plays", "characters", "coast", "dice", "die_payment",
            "fellowship", "hunt", "listing", "mordor", "playout", "politics", "seats", "state", "turn")
# mypyc type-checks with strict optional types, which the project does not use (CI's mypy checks the
# engine with its own settings): the copy's type errors are not reported, and the tests compare its
# games with the pure engine's (tests/wotr/test_native.py) to catch an annotation that lies.
MYPY_INI = ("[mypy]\nignore_missing_imports = True\n"
            "[mypy-engine.*,cards.*,ai._wotr_native.*]\nignore_errors = True\n")
# multi_file: one C file a module, so that they compile in parallel; setuptools' --parallel builds
# extensions in parallel, not one extension's files, hence the compiler's compile() given a file at a time
# on JOBS threads. mypyc writes the group's header under the group's folder but includes it from the
# build folder's root: hence the include path.
JOBS = os.cpu_count() or 1
SETUP = """from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from setuptools.command.build_ext import build_ext
from mypyc.build import mypycify
extensions = mypycify({paths!r}, opt_level="2", multi_file=True, group_name="ai._wotr_native.rules")
for extension in extensions:
    extension.include_dirs.append("build/ai/_wotr_native")


class ParallelBuild(build_ext):
    def build_extensions(self):
        one_by_one = self.compiler.compile

        def compile(sources, **options):
            with ThreadPoolExecutor({jobs}) as pool:
                return [o for objects in pool.map(lambda c: one_by_one([c], **options), sources) for o in objects]
        self.compiler.compile = compile
        super().build_extensions()


setup(name="wotr_native", ext_modules=extensions, cmdclass={{"build_ext": ParallelBuild}})
"""
IMPORT = re.compile(r"^(\s*(?:from|import)\s+)engine\.wotr\b", re.MULTILINE)


def _copy(work: Path) -> Path:
    """The renamed copy of engine/wotr and of the playout in `work`; returns its folder."""
    (work / "ai").mkdir()
    (work / "ai" / "__init__.py").write_text("")
    package = work / "ai" / "_wotr_native"
    package.mkdir()
    for name, path in wotr_playout.sources().items():
        if name != "__init__.py":
            (package / name).parent.mkdir(exist_ok=True)
            (package / name).write_text(IMPORT.sub(r"\1ai._wotr_native", path.read_text()))
    return package


def build() -> Path:
    """Compile and install the copy; returns its folder."""
    stamp = wotr_playout.source_hash()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        package = _copy(work)
        (package / "__init__.py").write_text("")
        for name in ("engine", "cards"):           # read for their types, not compiled
            (work / name).symlink_to(ROOT / name)
        (work / "mypy.ini").write_text(MYPY_INI)
        paths = [f"ai/_wotr_native/{m}.py" for m in COMPILED]
        (work / "setup.py").write_text(SETUP.format(paths=paths, jobs=JOBS))
        run = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", str(JOBS)],
                             cwd=work, env=dict(os.environ, PYTHONPATH=str(work)), capture_output=True,
                             text=True)
        if run.returncode:
            print(run.stdout[-5000:], run.stderr[-5000:], sep="\n", file=sys.stderr)
            raise SystemExit("mypyc failed: playouts keep the pure War of the Ring rules")
        if not list(package.glob("playout.*.so")) and not list(package.glob("playout.*.pyd")):
            raise SystemExit("mypyc built no extension for the War of the Ring")
        shutil.rmtree(PACKAGE, ignore_errors=True)
        PACKAGE.mkdir()
        for path in package.rglob("*"):
            name = path.relative_to(package).as_posix()
            compiled = path.suffix == ".py" and name[:-3] in COMPILED
            if path.is_file() and name != "__init__.py" and not compiled:
                (PACKAGE / name).parent.mkdir(exist_ok=True)
                shutil.copy(path, PACKAGE / name)
    # Last: a build stopped half-way has no stamp and is never loaded.
    (PACKAGE / "__init__.py").write_text(f'"""A compiled copy of engine/wotr (ai/wotr_build.py)."""\n'
                                         f"SOURCE_HASH = {stamp!r}\n")
    return PACKAGE


def check() -> None:
    """Load the installed copy in a fresh interpreter (so that the new files are the ones loaded)."""
    run = subprocess.run([sys.executable, "-c", "from ai import wotr_playout; assert wotr_playout.native"],
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if run.returncode:
        raise SystemExit(f"{PACKAGE} was built but does not load")


def main() -> None:
    target = build()
    check()
    print(f"built {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
