"""Random playouts per second from mid-game Confrontation positions, side by side with OpenSpiel.

Run: python bench/bench_playouts.py [seconds]. Three ways to play a position out at random:
- `apply`: the kernel protocol (copy and re-check on every action), shuffles excluded;
- `search`: engine/confrontation/search.py (one copy per playout, actions applied in place), starting
  from a state drawn by the sampler (what ISMCTS uses outside Classic mode without special cards);
- `twin`: the lean rules twin (ai/confrontation_twin.py) from the same sampled states, as ISMCTS plays
  Classic mode without special cards; `twin, no sampling` from one converted state copied per playout;
- OpenSpiel (pip package open_spiel, optional): random games of its C++ games driven from Python in
  the same run, and the ratio to `search`.
Each figure is the median of five timed rounds, in CPU time of this process (per core).
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import engine
from ai.confrontation_twin import Twin
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

    def twin_playout(t: Twin):
        while t.result is None:
            k = rnd.choice(t.waiting)
            acts = t.legal(k)
            t.step(k, acts[rnd.randrange(len(acts))])

    def by_twin():
        twin_playout(Twin.of(sampler.sample(rnd.choice(views), rng)))

    samples = [sampler.sample(v, rng) for v in views]

    def by_twin_only():
        twin_playout(Twin.of(rnd.choice(samples)))

    print(f"confrontation apply : {rate(by_apply, seconds):7.0f} playouts/s")
    print(f"confrontation search: {rate(by_search, seconds):7.0f} playouts/s (sampling included)")
    ours = rate(by_twin, seconds)
    print(f"confrontation twin  : {ours:7.0f} playouts/s (sampling included)")
    print(f"twin, no sampling   : {rate(by_twin_only, seconds):7.0f} playouts/s (conversion included)")
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
        print(f"OpenSpiel {name:12s}: {theirs:7.0f} random games/s; ours/theirs = {ours / theirs:.3f}")


if __name__ == "__main__":
    main()
