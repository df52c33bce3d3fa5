"""Drawing CPU per action for War of the Ring, over the views of a real random game (the issue 23 budget:
median <= 25 ms per action, a map image <= 250 KB).

    python bench/bench_render_wotr.py [actions] [runs]
    python bench/bench_render_wotr.py --pictures docs/images


Plays `actions` random actions (seeded) with the engine and, after each, draws what the bot draws: the
boards of the public view and of both players' views (draw_board, in English). Prints, for each of `runs`
runs over the same views, the median and p95 CPU time (time.process_time) per board and per action, the
median and largest PNG size, and the load average beside the figures (the machine is shared). Then the
whole map (draw_full_map) once per language, with its size. The first run also pays for the kept empty
maps (one per scale), as the bot's first board does.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from render.wotr import draw_board, draw_full_map
from tests.wotr.conformance import choose

if TYPE_CHECKING:
    from engine.wotr.types import WotrView


def game_views(actions: int, seed: int = 7) -> list[tuple[WotrView, WotrView, WotrView]]:
    """(public view, each player's view) after each of `actions` random actions."""
    rules, rnd = engine.get_rules("wotr"), random.Random(seed)
    state = rules.new_game(["fp", "sh"], {}, seed)
    out = []
    for _ in range(actions):
        if rules.result(state) is not None:
            break
        player = rules.waiting_for(state)[0]
        state, _ = rules.apply(state, player, choose(rnd, state, player, rules.legal_actions(state, player)))
        out.append((rules.view(state, None), rules.view(state, "fp"), rules.view(state, "sh")))
    return out


def pictures(folder: Path, seed: int = 7) -> None:
    """docs/images/wotr_*.png, each at full size and 550 px wide (as Discord shows it inline): the public
    full map, a player's board while moving an army (French) and a board following a battle."""
    from PIL import Image

    from render.wotr import draw_board, shown_regions
    rules, rnd = engine.get_rules("wotr"), random.Random(seed)
    state = rules.new_game(["fp", "sh"], {}, seed)
    found: dict[str, bytes] = {}
    for step in range(3000):
        if rules.result(state) is not None or len(found) == 3:
            break
        player = rules.waiting_for(state)[0]
        view = rules.view(state, player)
        d = view["decision"]
        if step > 200 and "battle" not in found and d["kind"] == "battle":
            found["battle"] = draw_board(view, "en")
            found["full_map"] = draw_full_map(rules.view(state, None), "en")
        if step > 200 and "player_fr" not in found and d["kind"] == "army_move" and d.get("from") \
                and len(shown_regions(view)[2]) > 2:
            found["player_fr"] = draw_board(view, "fr")
        state, _ = rules.apply(state, player, choose(rnd, state, player, rules.legal_actions(state, player)))
    for name, png in sorted(found.items()):
        path = folder / f"wotr_{name}.png"
        path.write_bytes(png)
        img = Image.open(path)
        small = img.resize((550, round(img.height * 550 / img.width)), Image.Resampling.LANCZOS)
        small.save(folder / f"wotr_{name}_550.png", optimize=True)
        print(path, img.size, f"{len(png) / 1024:.0f} KB")


def _p95(xs: list[float]) -> float:
    return sorted(xs)[int(len(xs) * 0.95)]


def main() -> None:
    if sys.argv[1:2] == ["--pictures"]:
        pictures(Path(sys.argv[2]))
        return
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    views = game_views(actions)
    print(f"{len(views)} actions of a random game (seed 7), 3 boards per action")
    for run in range(runs):
        per_board, per_action, sizes = [], [], []
        for action_views in views:
            spent = 0.0
            for view in action_views:
                start = time.process_time()
                png = draw_board(view, "en")
                cpu = time.process_time() - start
                per_board.append(cpu)
                sizes.append(len(png))
                spent += cpu
            per_action.append(spent)
        print(f"run {run + 1}: board CPU median {statistics.median(per_board) * 1000:.1f} ms, "
              f"p95 {_p95(per_board) * 1000:.1f} ms; per action median "
              f"{statistics.median(per_action) * 1000:.1f} ms; PNG median {statistics.median(sizes) / 1024:.0f} KB, "
              f"max {max(sizes) / 1024:.0f} KB; load average {os.getloadavg()}")
    public = views[-1][0]
    for lang in ("en", "fr"):
        start = time.process_time()
        png = draw_full_map(public, lang)
        print(f"full map {lang}: CPU {(time.process_time() - start) * 1000:.0f} ms, {len(png) / 1024:.0f} KB; "
              f"load average {os.getloadavg()}")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
