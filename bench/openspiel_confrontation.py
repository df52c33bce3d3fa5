"""The Confrontation (Classic, no special cards) as an OpenSpiel game, and OpenSpiel's ISMCTS against ours.

Run: python bench/openspiel_confrontation.py [games per side] [simulations]  (needs `pip install
open_spiel`, the optional `bench` extra). The game is wrapped through OpenSpiel's Python game API:
player 0 is the Fellowship, 1 Sauron; each game starts from a random placement (seeded); the
simultaneous choice of combat cards is asked one side after the other, which the views keep secret;
an information state is the JSON of the player's view without its log; actions get ids in the order
first met (the same action always gets the same id); OpenSpiel's ISMCTS redraws the hidden state from
the player's view with our sampler (engine/confrontation/sampler.py). Shuffles are left out, as in our
search. Both searches get the same number of simulations per decision; games alternate sides.
"""
from __future__ import annotations

import random
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


def play(openspiel_side: int, seed: int, sims: int) -> tuple[bool, float, float]:
    """One game, OpenSpiel's ISMCTS on `openspiel_side` and ours on the other; (OpenSpiel won, its CPU
    seconds, ours)."""
    game = ConfrontationGame({"seed": seed})
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=0.7, max_simulations=sims,
                           random_state=rs, allow_inconsistent_action_sets=True)
    rng = Rng(Rng.from_seed(seed))
    bot.set_resampler(lambda st, pl: game.new_initial_state(
        sampler.sample(R.view(st.s, SEATS[pl]), rng) | {"log": []}))
    state = game.new_initial_state()
    cpu = [0.0, 0.0]
    while not state.is_terminal():
        p = state.current_player()
        t = time.process_time()
        acts = state.legal_actions()
        if len(acts) == 1:
            a = acts[0]
        elif p == openspiel_side:
            a = bot.step(state)
        else:
            a = action_id(our_choose(R.view(state.s, SEATS[p]), sims, rng)[0])
        cpu[p == openspiel_side] += time.process_time() - t
        state.apply_action(a)
    return state.returns()[openspiel_side] > 0, cpu[1], cpu[0]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    sims = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    won = {0: 0, 1: 0}
    cpu = [0.0, 0.0]
    for g in range(games):
        for side in (0, 1):
            w, theirs, ours = play(side, seed=g, sims=sims)
            won[side] += w
            cpu[0] += theirs
            cpu[1] += ours
            print(f"game {g} OpenSpiel as {SIDES[side]}: {'won' if w else 'lost'} "
                  f"(CPU: OpenSpiel {theirs:.1f} s, ours {ours:.1f} s)", flush=True)
    for side in (0, 1):
        lo, hi = wilson(won[side], games)
        print(f"OpenSpiel ISMCTS as {SIDES[side]}: won {won[side]} of {games} [{lo:.0%}, {hi:.0%}]")
    print(f"CPU in total: OpenSpiel {cpu[0]:.0f} s, ours {cpu[1]:.0f} s ({sims} simulations per decision)")


if __name__ == "__main__":
    main()
