"""Time to draw one War of the Ring board (PNG bytes), public and private view.

    python bench/bench_render_wotr.py [draws]

Same figures as bench_render.py (median and p95 wall time, drawing thread's CPU time, PNG size), on the
hand-written mid-game view of tests/render/test_wotr_render.py and on a view after 300 random actions.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from bench_render import bench  # a sibling script: bench/ is on sys.path when this runs
from render.wotr import draw_board
from tests.render.test_wotr_render import mid_game
from tests.wotr.conformance import choose


def _played(seed: int = 7, moves: int = 300):
    rules, rnd = engine.get_rules("wotr"), random.Random(seed)
    state = rules.new_game(["fp", "sh"], {}, seed)
    for _ in range(moves):
        if rules.result(state) is not None:
            break
        player = rules.waiting_for(state)[0]
        state, _ = rules.apply(state, player, choose(rnd, state, player, rules.legal_actions(state, player)))
    return rules.view(state, None), rules.view(state, "fp")


def main() -> None:
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    public, private = _played()
    views = {"sample public": mid_game(None), "sample private": mid_game("fp"), "played public": public,
             "played private": private}
    for name, view in views.items():
        for lang in ("en", "fr"):
            bench(name, view, lang, draws, draw_board)


if __name__ == "__main__":
    main()
