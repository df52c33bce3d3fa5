"""engine/wotr's package map (its __init__.py's docstring) names every module of the package, and nothing else."""
import re
from pathlib import Path

import engine.wotr

PACKAGE = Path(engine.wotr.__file__).parent


def test_the_package_map_names_every_module_of_engine_wotr_and_its_subpackages():
    modules = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")} - {"__init__.py"}
    subpackages = {m.rpartition("/")[0] + "/" for m in modules if m.endswith("/__init__.py")}
    named = set(re.findall(r"(?<![\w/])[a-z_]+(?:/[a-z_]+)*\.py\b", engine.wotr.__doc__))
    modules -= {m for m in modules if m.endswith("/__init__.py")}
    inside = {m for m in named if "/" not in m or (PACKAGE / m.partition("/")[0]).is_dir()}  # not ai/, tests/
    assert inside == modules
    assert subpackages and all(f"in {s}:" in engine.wotr.__doc__ for s in subpackages)
