"""A tiny game that follows the kernel protocol, so the platform can be tested without a real engine.

"Race": players take turns adding 1 or 2 to a shared total, plus a random bonus of 0 or 1 drawn from the
seeded generator; whoever brings the total to `target` or more wins. Each player holds a secret number
drawn at the start that only they see. The decision id grows with each turn, as in The Confrontation.
"""
from __future__ import annotations

import copy

from engine.kernel import IllegalAction, Rng, dump_json, load_json
from games import Game


class RaceRules:
    name = "race"

    def new_game(self, players, options, seed):
        unknown = set(options) - {"target"}
        target = options.get("target", 10)
        if unknown or not isinstance(target, int) or isinstance(target, bool) or not 3 <= target <= 100:
            raise IllegalAction("bad_option")
        if len(players) < 2 or len(set(players)) != len(players):
            raise IllegalAction("bad_players")
        rng = Rng(Rng.from_seed(seed))
        secrets = {p: rng.below(1000) for p in players}
        return {"game": "race", "players": list(players), "target": target, "total": 0, "turn": 0,
                "decision": 1, "secrets": secrets, "rng": rng.state, "log": [], "winner": None}

    def legal_actions(self, state, player):
        if state["winner"] is not None or player != state["players"][state["turn"]]:
            return []
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def is_legal(self, state, player, action):
        return action in self.legal_actions(state, player)

    def apply(self, state, player, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction("not_legal")
        new = copy.deepcopy(state)
        rng = Rng(new["rng"])
        bonus = rng.below(2)
        new["rng"] = rng.state
        new["total"] += action["n"] + bonus
        events = [{"type": "added", "player": player, "n": action["n"], "bonus": bonus, "total": new["total"]}]
        if new["total"] >= new["target"]:
            new["winner"] = player
            events.append({"type": "game_over", "winner": player})
        else:
            new["turn"] = (new["turn"] + 1) % len(new["players"])
        new["decision"] += 1
        for event in events:
            event["n_event"] = len(new["log"])
            new["log"].append(event)
        return new, events

    def view(self, state, viewer):
        return {"game": "race", "players": state["players"], "target": state["target"],
                "total": state["total"], "turn": state["players"][state["turn"]],
                "decision": {"id": state["decision"], "waiting_for": self.waiting_for(state)},
                "secret": state["secrets"].get(viewer), "log": list(state["log"]),
                "result": self.result(state)}

    def waiting_for(self, state):
        return [] if state["winner"] is not None else [state["players"][state["turn"]]]

    def result(self, state):
        if state["winner"] is None:
            return None
        return {"winner": state["winner"], "reason": "target", "total": state["total"]}

    def reveals(self, before, after, events):
        return False   # nothing is hidden in a race: any move may be taken back

    def dump(self, state):
        return dump_json(state)

    def load(self, text):
        return load_json(text, "race")


RULES = RaceRules()


class RacePresenter:
    """Plain words, enough for the platform's tests."""

    def describe_action(self, action, view, lang):
        return f"+{action.get('n')}"

    def describe_event(self, event, view, lang, names=None):
        return f"{event.get('type')} {event.get('total', '')}".strip()

    def status(self, view, lang, names=None):
        return f"total {view.get('total')}/{view.get('target')}"

    def name(self, thing, lang):
        return str(thing)


GAME = Game(id="race", rules=lambda: RULES, seats=(2, 3), presenter=RacePresenter, namespace="race")
