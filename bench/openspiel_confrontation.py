"""The Confrontation (Classic, no special cards) as an OpenSpiel game, and OpenSpiel's ISMCTS against ours.

Run: python bench/openspiel_confrontation.py [rounds] [--cpu=seconds | --sims=n] [--from=first round]
[--log=file.jsonl]  (needs `pip install open_spiel`, the optional `bench` extra). A round is two games
from the same seeded random placement, OpenSpiel's search playing the Fellowship in one and Sauron in
the other. --cpu=0.2 gives both searches the same CPU budget per decision (`time.process_time`, each
search stops itself once it has spent it); --sims=100 (the default without --cpu) the same number of
simulations. With --log each game is appended as one JSON line (result, CPU and simulations of every
decision, the commit) and a rerun skips the games already logged, so a stopped run resumes.

The game is wrapped through OpenSpiel's Python game API: player 0 is the Fellowship, 1 Sauron; the
simultaneous choice of combat cards is asked one side after the other, which the views keep secret;
an information state is the JSON of the player's view without its log; actions get ids in the order
first met (the same action always gets the same id); OpenSpiel's ISMCTS redraws the hidden state from
the player's view with our sampler (engine/confrontation/sampler.py). Shuffles are left out, as in our
search. A decision with one legal action is played at once by both.
"""
from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import engine
from ai.arena import wilson
from ai.ismcts import choose as our_choose
from engine.confrontation import sampler, search
from engine.confrontation.state import clone
from engine.kernel import Rng, dump_json

R = engine.get_rules("confrontation")
SEATS = ("fp", "sp")
SIDES = ("fellowship", "sauron")
_ACTIONS: dict[tuple, int] = {}
_BY_ID: list[dict] = []
MAX_ACTIONS = 4096
COMMIT = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                        cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()

_TYPE = pyspiel.GameType(
    short_name="python_lotr_confrontation", long_name="The Confrontation (Classic)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2, provides_information_state_string=True,
    provides_information_state_tensor=False, provides_observation_string=True,
    provides_observation_tensor=False, parameter_specification={"seed": 0})
_INFO = pyspiel.GameInfo(num_distinct_actions=MAX_ACTIONS, max_chance_outcomes=0, num_players=2,
                         min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=2000)


def action_id(action: dict) -> int:
    key = tuple(sorted(action.items()))
    if key not in _ACTIONS:
        _ACTIONS[key] = len(_BY_ID)
        _BY_ID.append(action)
    return _ACTIONS[key]


def in_play(seed: int) -> dict:
    """A Classic game after a random placement."""
    rnd = random.Random(seed)
    s = R.new_game(list(SEATS), {}, seed)
    while s["phase"] != "play":
        seat = min(R.waiting_for(s))
        acts = R.legal_actions(s, seat)
        s, _ = R.apply(s, seat, acts[rnd.randrange(len(acts))])
    return search.start(s)


class ConfrontationGame(pyspiel.Game):
    def __init__(self, params=None):
        super().__init__(_TYPE, _INFO, params or {"seed": 0})
        self.seed = (params or {}).get("seed", 0)

    def new_initial_state(self, s: dict | None = None):
        return ConfrontationState(self, s if s is not None else in_play(self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return None


class ConfrontationState(pyspiel.State):
    def __init__(self, game, s: dict):
        super().__init__(game)
        self.s = s

    def __deepcopy__(self, memo):
        return ConfrontationState(self.get_game(), clone(self.s))

    def current_player(self):
        if self.s["result"] is not None:
            return pyspiel.PlayerId.TERMINAL
        return SIDES.index(search.to_play(self.s)[0])

    def _legal_actions(self, player):
        return sorted(action_id(a) for a in search.legal(self.s, SIDES[player]))

    def _apply_action(self, action):
        search.step(self.s, SIDES[self.current_player()], _BY_ID[action])

    def _action_to_string(self, player, action):
        return str(_BY_ID[action])

    def is_terminal(self):
        return self.s["result"] is not None

    def returns(self):
        res = self.s["result"]
        if res is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if res["side"] == "fellowship" else [-1.0, 1.0]

    def information_state_string(self, player=None):
        p = self.current_player() if player is None else player
        return dump_json(dict(R.view(self.s, SEATS[p]), log=None))

    def observation_string(self, player=None):
        return self.information_state_string(player)

    def __str__(self):
        return dump_json(dict(self.s, log=None))


pyspiel.register_game(_TYPE, ConfrontationGame)


class BudgetedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS stopped by CPU time rather than a number of simulations: its own search runs
    two simulations (the first only expands the root, and it needs one visit below it), then
    simulations go on until `seconds` of CPU are spent."""

    def __init__(self, game, evaluator, seconds: float, **kwargs):
        super().__init__(game, evaluator, max_simulations=2, **kwargs)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state):
        deadline = time.process_time() + self.seconds
        policy = super().run_search(state)
        self.simulations = 2
        legal = state.legal_actions()
        if len(legal) == 1:
            return policy
        while time.process_time() < deadline:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return self.get_final_policy(state, self.filter_illegals(self._root_node, legal))


def play(openspiel_side: int, seed: int, sims: int = 10**9, seconds: float | None = None) -> dict:
    """One game, OpenSpiel's ISMCTS on `openspiel_side` and ours on the other, each decision searched
    with `sims` simulations or `seconds` of CPU (then `sims` is only a ceiling). Returns whether
    OpenSpiel won and, per search, the CPU seconds and simulations of each decision it searched."""
    game = ConfrontationGame({"seed": seed})
    rs = np.random.RandomState(seed)
    kwargs = dict(uct_c=0.7, random_state=rs, allow_inconsistent_action_sets=True)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = (ismcts.ISMCTSBot(game, evaluator, max_simulations=sims, **kwargs) if seconds is None
           else BudgetedISMCTS(game, evaluator, seconds, **kwargs))
    theirs, ours = Rng(Rng.from_seed(seed)), Rng(Rng.from_seed(seed + 1))
    bot.set_resampler(lambda st, pl: game.new_initial_state(
        sampler.sample(R.view(st.s, SEATS[pl]), theirs) | {"log": []}))
    state = game.new_initial_state()
    cpu: dict = {"openspiel": [], "ours": []}
    done: dict = {"openspiel": [], "ours": []}
    while not state.is_terminal():
        p = state.current_player()
        acts = state.legal_actions()
        if len(acts) == 1:  # answered at once by both searches
            state.apply_action(acts[0])
            continue
        who = "openspiel" if p == openspiel_side else "ours"
        t = time.process_time()
        if who == "openspiel":
            a = bot.step(state)
            n = getattr(bot, "simulations", sims)
        else:
            action, stats = our_choose(R.view(state.s, SEATS[p]), sims, ours, seconds)
            a, n = action_id(action), sum(v for v, _ in stats.values())
        cpu[who].append(round(time.process_time() - t, 4))
        done[who].append(n)
        state.apply_action(a)
    return {"won": state.returns()[openspiel_side] > 0, "cpu": cpu, "sims": done}


def _rate(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins:3d} of {n:3d} = {wins / n:6.1%}  [{lo:.1%}, {hi:.1%}]"


def report(mode: str, games: list[dict]) -> None:
    """Win rates with 95% Wilson intervals per search and side, and CPU and simulations per decision."""
    print(f"--- {mode}: {len(games)} games")
    for who in ("openspiel", "ours"):
        for side in SIDES:
            mine = [g for g in games if (g["openspiel"] == side) == (who == "openspiel")]
            if mine:
                wins = sum(g["won"] == (who == "openspiel") for g in mine)
                print(f"{who:9s} as {side:10s}: {_rate(wins, len(mine))}")
        wins = sum(g["won"] == (who == "openspiel") for g in games)
        print(f"{who:9s} overall      : {_rate(wins, len(games))}")
    for who in ("openspiel", "ours"):
        xs = [c for g in games for c in g["cpu"][who]]
        ns = [n for g in games for n in g["sims"][who]]
        if xs:
            print(f"{who:9s} CPU per decision: median {statistics.median(xs) * 1000:.0f} ms, "
                  f"max {max(xs) * 1000:.0f} ms; simulations median {statistics.median(ns):.0f}, "
                  f"min {min(ns)} ({len(xs)} decisions)")
    sys.stdout.flush()


def main() -> None:
    """Rounds of two games (the same seeded placement, each search once on each side), resumable: with
    --log every game is appended as one JSON line and a rerun skips the games already there."""
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(args[0]) if args else 2
    seconds = float(opts["cpu"]) if "cpu" in opts else None
    sims = int(opts.get("sims", 100 if seconds is None else 10**9))
    mode = f"cpu={seconds:g}s" if seconds is not None else f"sims={sims}"
    log = opts.get("log")
    logged: dict = {}
    if log and os.path.exists(log):
        with open(log) as f:
            logged = {(r["mode"], r["seed"], r["openspiel"]): r for r in map(json.loads, f)}
    games = []
    for seed in range(int(opts.get("from", 0)), rounds):
        for side in SIDES:
            g = logged.get((mode, seed, side))
            if g is None:
                g = {"mode": mode, "seed": seed, "openspiel": side, "commit": COMMIT}
                g |= play(SIDES.index(side), seed, sims, seconds)
                if log:
                    with open(log, "a") as f:
                        f.write(json.dumps(g) + "\n")
            games.append(g)
            print(f"seed {seed} OpenSpiel as {side}: {'won' if g['won'] else 'lost'} (CPU: OpenSpiel "
                  f"{sum(g['cpu']['openspiel']):.1f} s, ours {sum(g['cpu']['ours']):.1f} s)", flush=True)
        report(mode, games)


if __name__ == "__main__":
    main()
