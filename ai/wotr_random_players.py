"""Random players for measuring how War of the Ring games end (bench/wotr_endings.py, docs/wotr.md
"Random play and figures"). Every one plays legal actions only, drawn at random with a
`random.Random`: first a type of action, then an action of that type, each with a weight (1 unless
said). They are players, not rules: the engine offers both sides every legal choice.

- "type": every weight 1 (as wotr_playout_rules.random_action's "type");
- "weighted": the type drawn with TYPE_WEIGHTS, so that random play also walks the Ring and fights;
- "guided": "weighted", and the Fellowship declares itself in a region nearest to a Mordor entrance (a
  random one among the nearest): a random declaration is a random walk that practically never reaches
  Mordor;
- "war": "guided" for the Free Peoples; the Shadow plays for the military victory (`_war_weight`):
  its dice go to armies and politics rather than the Hunt, its armies march on and besiege the Free
  Peoples' Cities and Strongholds and keep fighting.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.wotr.state import DIST, FP, MORDOR_ENTRANCES, REGIONS, SH, SIDE_OF, controller

POLICIES = ("type", "weighted", "guided", "war")
TYPE_WEIGHTS = {"move_fellowship": 8, "hide_fellowship": 8, "enter_mordor": 8, "attack": 6, "move_armies": 3,
                "army_to": 3, "continue_battle": 3, "advance": 3, "reduce_to_continue": 3}
# The Shadow's types under "war": armies and the political track first; everything else 1.
WAR_TYPE_WEIGHTS = {"attack": 20, "move_armies": 12, "diplomacy": 12, "muster": 6, "army_to": 10,
                    "army_from": 4, "army_stay": 0.5, "army_stay_char": 0.5, "continue_battle": 20,
                    "reduce_to_continue": 20, "advance": 10, "hold": 4, "field_battle": 4}
VP_PLACES = tuple(r for r, d in REGIONS.items() if d["vp"])


def to_mordor(region: str) -> int:
    return min(DIST[region][gate] for gate in MORDOR_ENTRANCES)


def pick(rnd: random.Random, s: dict, acts: Sequence[Mapping[str, Any]], policy: str) -> Mapping[str, Any]:
    """One of `acts` (the legal actions of the decision now in `s`) drawn as `policy` plays."""
    war = policy == "war" and s["ask"][-1]["side"] == SH
    weights = WAR_TYPE_WEIGHTS if war else {} if policy == "type" else TYPE_WEIGHTS
    kinds = sorted({a["type"] for a in acts})
    kind = rnd.choices(kinds, [weights.get(k, 1) for k in kinds])[0]
    acts = [a for a in acts if a["type"] == kind]
    if policy in ("guided", "war") and kind == "declare":
        best = min(to_mordor(a["region"]) for a in acts)
        acts = [a for a in acts if to_mordor(a["region"]) == best]
    if war:
        return rnd.choices(acts, [_war_weight(s, a) for a in acts])[0]
    return rnd.choice(acts)


def _front(s: dict, region: str) -> int:
    """Steps from a region to the nearest Free Peoples-controlled City or Stronghold."""
    return min((DIST[region][r] for r in VP_PLACES if controller(s, r) == FP), default=0)


def _war_weight(s: dict, a: Mapping[str, Any]) -> float:
    """The Shadow's weight for one action of the type drawn: the Hunt gets few dice, attacks go to
    settlements worth points, armies and recruits go where they are near a Free Peoples City or
    Stronghold, and a larger army is more often the one that moves."""
    t = a["type"]
    if t == "allocate":
        return 1 / 4 ** a["dice"]
    if t == "attack":
        return 1 + 8 * REGIONS[a["to"]]["vp"]
    if t in ("army_to", "muster"):
        return 1 / (1 + _front(s, a["region"])) ** 2
    if t == "army_from":
        return 1 + sum(u.get("regular", 0) + u.get("elite", 0) for n, u in s["units"][a["region"]].items()
                       if SIDE_OF[n] == SH)
    return 1
