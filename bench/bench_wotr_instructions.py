"""Instructions that the compiled War of the Ring rules (ai/wotr_playout.py) spend on two fixed workloads,
counted by valgrind's callgrind: deterministic, so the shared machine's load cannot move them (docs/wotr.md,
"Speed forms": what each speed form of engine/wotr buys).

    python bench/bench_wotr_instructions.py [searches] [quest games]
    python bench/bench_wotr_instructions.py --cpu [searches] [quest games]

- `search`: hard's searches (ai/wotr_search.search, 3 rounds each, fixed seeds) at `searches` positions
  of normal-against-normal games (bench_wotr_search.positions), their playouts through the compiled copy;
- `quest`: `quest games` Ring-quest playouts (`random_pick`, policy "quest", seeds 0 on) of the copy.

Each workload runs in its own interpreter under callgrind (PYTHONHASHSEED=0); the figure is its count less
that of an interpreter doing no work (imports, positions loaded). Needs valgrind and the copy built
(`python -m ai.twin_build`). Also prints CPU seconds of the same work outside valgrind with the load average;
`--cpu` prints only those (no valgrind), for runs interleaved with another tree's.
"""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import wotr_playout  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def work(kind: str, n: int, positions_file: str) -> None:
    """The workload itself (run in the child interpreter)."""
    from ai import wotr_search
    from engine.wotr import RULES
    P = wotr_playout.native
    assert P is not None
    views = json.loads(Path(positions_file).read_text())      # read by every child: the same start-up
    if kind == "search":
        for i, v in enumerate(views[:n]):
            wotr_search.search(v, wotr_search.candidates(v, v["decision"]["actions"]), i, samples=3, playout=P)
    else:
        for seed in range(n):
            s = P.start(RULES.new_game(["fp", "sh"], {}, seed))
            rnd = random.Random(seed)
            while P.to_play(s) is not None:
                P.step(s, P.random_pick(rnd, s, "quest"))


def counted(kind: str, n: int, positions_file: str) -> int:
    """Instructions of the child interpreter running `work(kind, n)` under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          __file__, "--child", kind, str(n), positions_file],
                         cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        raise SystemExit(run.stderr[-3000:])
    return int(found.group(1))


def main(argv: list[str]) -> None:
    if wotr_playout.native is None:
        raise SystemExit("the compiled copy is not built (python -m ai.twin_build): nothing to count")
    cpu_only = "--cpu" in argv
    argv = [a for a in argv if a != "--cpu"]
    searches = int(argv[0]) if argv else 6
    games = int(argv[1]) if len(argv) > 1 else 8
    from bench_wotr_search import positions
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(positions(searches), f)
    try:
        start = 0 if cpu_only else counted("quest", 0, f.name)
        for kind, n in (("search", searches), ("quest", games)):
            load = os.getloadavg()[0]
            total = None if cpu_only else counted(kind, n, f.name) - start
            t0 = time.process_time()
            work(kind, n, f.name)
            cpu = time.process_time() - t0
            counts = "" if total is None else f"{total / 1e6:,.1f} M instructions; "
            print(f"{kind} x{n}: {counts}{cpu:.2f} CPU-s outside valgrind "
                  f"(load {load:.1f} -> {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    if sys.argv[1:2] == ["--child"]:
        work(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        main(sys.argv[1:])
