"""Every bench in bench/ answers `--help` with its usage (exit 0, no traceback), so an operator can learn
how to run it without reading its source."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SCRIPTS = sorted(p for p in BENCH.glob("*.py") if '__name__ == "__main__"' in p.read_text())
OPTIONAL = {"openspiel_confrontation.py": "pyspiel"}   # a bench for an optional package, run only with it


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_bench_answers_help_with_its_usage(script: Path):
    needs = OPTIONAL.get(script.name)
    if needs is not None and importlib.util.find_spec(needs) is None:
        pytest.skip(f"{needs} is not installed")
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert len(done.stdout.strip()) > 40   # its usage, not an empty line
