"""Random playouts per second from mid-game Confrontation positions, side by side with OpenSpiel.

Run: python bench/bench_playouts.py [seconds]. Three ways to play a position out at random:
- `apply`: the kernel protocol (copy and re-check on every action), shuffles excluded;
- `search`: engine/confrontation/search.py (one copy per playout, actions applied in place), starting
  from a state drawn by the sampler (what ISMCTS uses outside Classic mode without special cards);
- `twin`: the lean rules twin (ai/confrontation_twin.py) as ISMCTS plays Classic mode without special
  cards: each playout draws a hidden state into a reused twin (`Prepared.draw`, the sampler's draws)
  and plays it out at random in the twin's own loop (`Twin.playout`); in pure Python, and compiled by
  mypyc when it is built (`python -m ai.twin_build`);
- OpenSpiel (pip package open_spiel, optional): random games of its C++ games driven from Python in
  the same run, and the ratio to the twin the search uses (compiled if built).
Each figure is the median of five timed rounds, in CPU time of this process (per core).
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import engine
from ai import twin
from engine.confrontation import sampler, search
from engine.kernel import Rng

R = engine.get_rules("confrontation")


def midgame(seed: int) -> dict:
    """A position after eight turns of random play (classic mode)."""
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sp"], {}, seed)
    while s["phase"] != "play" or s["turn_number"] < 8 or s["decision"]["kind"] != "move":
        if R.result(s) is not None:
            return midgame(seed + 100)
        p = rnd.choice(R.waiting_for(s))
        acts = R.legal_actions(s, p)
        s, _ = R.apply(s, p, acts[rnd.randrange(len(acts))])
    return s


def rate(playout, seconds: float) -> float:
    """Median playouts per CPU second (one core, whatever else the machine runs) over five rounds of
    seconds/5 each."""
    out = []
    for _ in range(5):
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds / 5:
            playout()
            n += 1
        out.append(n / (time.process_time() - t0))
    return statistics.median(out)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    positions = [midgame(seed) for seed in range(5)]
    rnd = random.Random(0)
    rng = Rng(1)

    def by_apply():
        s = rnd.choice(positions)
        while R.result(s) is None:
            p = rnd.choice(R.waiting_for(s))
            acts = [a for a in R.legal_actions(s, p) if a["type"] != "shuffle"]
            s, _ = R.apply(s, p, acts[rnd.randrange(len(acts))])

    views = [R.view(s, "fp") for s in positions]

    def by_search():
        s = sampler.sample(rnd.choice(views), rng)
        s["log"] = []
        while s["result"] is None:
            side = rnd.choice(search.to_play(s))
            acts = search.legal(s, side)
            search.step(s, side, acts[rnd.randrange(len(acts))])

    def by_twin(impl):
        # As ISMCTS: one preparation per decision (here per position), then a draw and a playout each.
        prepared = [(impl.Prepared(v), twin.SIDE_NAMES.index(v["you"])) for v in views]
        t = impl.Twin()

        def playout():
            p, me = rnd.choice(prepared)
            p.draw(rng, t).playout(impl.Xorshift32(rng.next64()), me)
        return playout

    print(f"confrontation apply : {rate(by_apply, seconds):7.0f} playouts/s")
    print(f"confrontation search: {rate(by_search, seconds):7.0f} playouts/s (sampling included)")
    for impl in twin.IMPLEMENTATIONS:
        ours = rate(by_twin(impl), seconds)
        how = "compiled" if impl is twin.native else "pure Python"
        print(f"confrontation twin  : {ours:7.0f} playouts/s (sampling included; {how})")
    if twin.native is None:
        print("(the compiled twin is not built: python -m ai.twin_build)")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel: not installed (pip install open_spiel), no ratio")
        return
    for name in ("tic_tac_toe", "phantom_ttt", "kuhn_poker"):
        game = pyspiel.load_game(name)

        def os_game(game=game):
            st = game.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    outcomes = st.chance_outcomes()
                    st.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
                else:
                    acts = st.legal_actions()
                    st.apply_action(acts[rnd.randrange(len(acts))])

        theirs = rate(os_game, seconds)
        print(f"OpenSpiel {name:12s}: {theirs:7.0f} random games/s; twin/theirs = {ours / theirs:.3f}")


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # the usage is the docstring
        print(__doc__)
        raise SystemExit(0)
    main()
