"""Today's normal War of the Ring player, frozen for the benches: the rules of thumb of
ai/wotr_heuristic.py as committed at FROZEN (main before issue 41), loaded from git, not copied.

    from wotr_frozen import frozen_choose     # from a script in bench/
    frozen_choose()(view, legal, rng, "normal")

A bench names it "frozen" beside the levels of ai/wotr_bot.py (bench/bench_wotr_bots.py,
bench/wotr_purpose.py).
"""
from __future__ import annotations

import functools
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

FROZEN = "a9d9958"   # main when issue 41's work began: normal that marched in circles
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def frozen_choose(commit: str = FROZEN) -> Callable:
    """`choose(view, legal, rng, level)` of ai/wotr_heuristic.py at `commit`."""
    source = subprocess.run(["git", "show", f"{commit}:ai/wotr_heuristic.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType(f"wotr_heuristic_{commit}")
    sys.modules[module.__name__] = module
    exec(compile(source, f"ai/wotr_heuristic.py@{commit}", "exec"), module.__dict__)
    return module.choose
