"""Time to draw one Confrontation board (PNG bytes), public and private view.

    python bench/bench_render.py [draws]

Prints median and p95 wall time over `draws` boards (default 100) after one warm-up draw (which builds
the cached background), the median CPU time of the drawing thread (steadier on a busy machine), and the
PNG size. Uses the engine's views after random play when the
engine is available, else the hand-built sample views of tests/render/samples.py.

Drawing the same view again finds its kept pieces (docs/platform-figures.md), so the figure that matters under
load is the last one printed: the CPU (time.process_time) per board over the boards of a random game,
each action drawn for the public and both players, as the bot does.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render.confrontation import draw_board
from tests.render import samples


def _engine_views(seed: int = 7, moves: int = 40):
    """(public, private) views after `moves` random actions, or None without a working engine."""
    try:
        import games
        rules = games.rules("confrontation")
    except (KeyError, NotImplementedError, AttributeError, ImportError):
        return None
    rng = random.Random(seed)
    players = ["p1", "p2"]
    state = rules.new_game(players, {}, seed)
    for _ in range(moves):
        choices = [(p, a) for p in players for a in rules.legal_actions(state, p)
                   if a.get("type") != "shuffle"]
        if not choices or rules.result(state) is not None:
            break
        player, action = rng.choice(choices)
        state, _ = rules.apply(state, player, action)
    return rules.view(state, None), rules.view(state, players[0])


def bench(name: str, view: dict, lang: str, draws: int, draw_board=draw_board) -> None:
    """Times `draw_board` (another game's, from its own bench script, or the Confrontation's)."""
    draw_board(view, lang)                                  # warm-up: background and font caches
    times, cpu = [], []
    for _ in range(draws):
        start, start_cpu = time.perf_counter(), time.thread_time()
        data = draw_board(view, lang)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{name:<16} {lang}  median {statistics.median(times):5.1f} ms  p95 {p95:5.1f} ms  "
          f"(cpu median {statistics.median(cpu):5.1f} ms)  {len(data) / 1024:5.1f} KB")


def bench_game(actions: int, seed: int = 3) -> None:
    """Median CPU per board over `actions` actions of a random game, three readers per action."""
    import games
    rules = games.rules("confrontation")
    rng = random.Random(seed)
    players = ["p1", "p2"]
    state = rules.new_game(players, {"mode": "variant"} if seed % 2 else {}, seed)
    cpu = []
    for i in range(actions):
        choices = [(p, a) for p in players for a in rules.legal_actions(state, p) if a.get("type") != "shuffle"]
        if not choices or rules.result(state) is not None:
            state = rules.new_game(players, {}, seed + i)
            continue
        player, action = rng.choice(choices)
        state, _ = rules.apply(state, player, action)
        for viewer in (None, *players):
            view = rules.view(state, viewer)
            start = time.process_time()
            draw_board(view, "en")
            cpu.append((time.process_time() - start) * 1000)
    print(f"random game: {len(cpu)} boards, cpu median {statistics.median(cpu):5.2f} ms, "
          f"mean {statistics.mean(cpu):5.2f} ms")


def main() -> None:
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    views = {"sample public": samples.mid_game(None), "sample private": samples.mid_game("fellowship"),
             "sample crowded": samples.crowded()}
    real = _engine_views()
    if real:
        views["engine public"], views["engine private"] = real
    else:
        print("(engine not available: sample views only)")
    for name, view in views.items():
        for lang in ("en", "fr"):
            bench(name, view, lang, draws)
    if real:
        bench_game(draws)


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
