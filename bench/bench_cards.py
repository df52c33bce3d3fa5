"""Time to draw one card picture (render/cards.py) as PNG bytes.

    python bench/bench_cards.py [rounds]

Draws every card of the card index in both languages, `rounds` times (default 2) after one warm-up
draw (which loads the card data and the fonts). Prints the median and p95 wall time of one draw for the
first round (each card drawn for the first time: its text fitted and its text masks rendered) and for
the later rounds (memoised layouts), then the median and largest PNG size.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.search import cards
from render.cards import draw_card


def _ms(values: list[float], q: float) -> float:
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]


def main(rounds: int = 2) -> None:
    ids = sorted(cards())
    draw_card(ids[0])
    first: list[float] = []
    later: list[float] = []
    sizes: list[int] = []
    for r in range(max(1, rounds)):
        for lang in ("en", "fr"):
            for cid in ids:
                start = time.perf_counter()
                data = draw_card(cid, lang)
                (first if r == 0 else later).append(time.perf_counter() - start)
                if r == 0:
                    sizes.append(len(data))
    print(f"cards: {len(ids)} ids x 2 languages")
    print(f"draw_card, first draw: median {_ms(first, 0.5):.1f} ms, p95 {_ms(first, 0.95):.1f} ms")
    if later:
        print(f"draw_card, again:      median {_ms(later, 0.5):.1f} ms, p95 {_ms(later, 0.95):.1f} ms")
    print(f"PNG size: median {statistics.median(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
