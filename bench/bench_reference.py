"""p99 time of one autocomplete request over the whole reference (rules and cards).

    python bench/bench_reference.py [--rounds N]

Queries are the prefixes a user types letter by letter for a set of topics in both languages, with
accents, typos and mixed case, plus a few long and empty ones; each request goes through the full
public function (normalisation, typo expansion, ranking) over every game.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

t0 = time.perf_counter()
import reference  # noqa: E402
from reference.search import autocomplete, card_autocomplete  # noqa: E402

IMPORT_MS = (time.perf_counter() - t0) * 1000

WORDS = [
    "gandalf", "gandalff", "Comté", "comte", "déferlement", "surge", "sentinelle", "tunnel de la moria",
    "retraite latérale", "phase de quête", "engagement au combat", "eye of sauron", "œil de sauron",
    "victory points", "points de victoire", "wormtonge", "hunt for the ring", "corruption",
    "cartes événement", "hobbit movement", "Frodo enters Mordor", "balrgo", "palantír", "shadowfax",
]


def queries() -> list[tuple[str, str]]:
    out = []
    for w in WORDS:
        for lang in ("en", "fr"):
            out += [(w[:i], lang) for i in range(0, len(w) + 1)]
    out += [("x" * 200, "en"), ("le la les de des", "fr"), ("a b c d e f g h i j k l", "en")]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warm", action="store_true", help="keep the per-word memo between requests")
    args = ap.parse_args()
    from reference import search
    qs = queries()
    times: list[float] = []
    card_times: list[float] = []
    cpu: list[float] = []
    for _ in range(args.rounds):
        for q, lang in qs:
            if not args.warm:  # cold: every request expands its words from scratch
                for idx, _ in (*search._RULES.values(), *search._CARD_INDEX.values()):
                    idx._memo.clear()
            t, c = time.perf_counter(), time.thread_time()
            autocomplete(q, lang)
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)
            t = time.perf_counter()
            card_autocomplete(q, lang)
            card_times.append((time.perf_counter() - t) * 1000)

    def p(xs, pct):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(round(pct / 100 * (len(xs) - 1))))]

    n_entries = len(reference.all_entries())
    print(f"reference: {n_entries} entries, index built at import in {IMPORT_MS:.0f} ms")
    print("memo kept between requests" if args.warm else "cold: per-word memo cleared before each request")
    print(f"rules autocomplete: {len(times)} requests, median {statistics.median(times):.3f} ms, "
          f"p99 {p(times, 99):.3f} ms, max {max(times):.3f} ms (aim: p99 < 20 ms)")
    print(f"rules autocomplete, CPU time of the thread: p99 {p(cpu, 99):.3f} ms, max {max(cpu):.3f} ms "
          "(wall time above includes waiting for the CPU on a busy machine)")
    print(f"card autocomplete:  {len(card_times)} requests, median {statistics.median(card_times):.3f} ms, "
          f"p99 {p(card_times, 99):.3f} ms, max {max(card_times):.3f} ms")


if __name__ == "__main__":
    main()
