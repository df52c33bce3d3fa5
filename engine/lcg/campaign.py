"""The end of a scenario, and the campaign (rulebook, "Jeu Expert"): the scenarios in order with the same
players, decks and heroes, their scores added up. At the "standard" level each scenario starts afresh;
at the "nightmare" level threat, damage on heroes, dead heroes and each player's hand, deck and discard
pile carry over (cards in play go to their owner's discard pile; eliminated players stay out).
"""
from __future__ import annotations

from .data import card
from .flow import GameOver, T, task
from .state import emit, new_record


def finish(s: dict, result: dict) -> None:
    """The scenario ends with `result`: the end of the game, or a campaign's next scenario."""
    c = s["campaign"]
    if c is None:
        s["result"] = result
        emit(s, "game_over", **{k: result[k] for k in ("outcome", "reason", "score") if k in result})
        raise GameOver
    played = {"scenario": s["options"]["scenario"], "outcome": result["outcome"], "rounds": result["rounds"]}
    played.update({k: result[k] for k in ("score", "victory_points") if k in result})
    c["played"].append(played)
    if result["outcome"] == "won" and len(c["played"]) < len(c["scenarios"]):
        emit(s, "scenario_won", **played)
        raise GameOver(then=T(next_scenario))
    s["result"] = {**result, "campaign": {"level": c["level"], "scenarios": list(c["played"])}}
    if result["outcome"] == "won":
        s["result"]["score"] = sum(r["score"] for r in c["played"])
    emit(s, "game_over", **{k: s["result"][k] for k in ("outcome", "reason", "score") if k in s["result"]})
    raise GameOver


@task("next_scenario")
def next_scenario(s: dict, t: dict) -> None:
    from .setup import fresh_player, scenario_setup

    c = s["campaign"]
    players = s["players"]
    mine = {u for u, o in s["owner"].items() if o is not None}
    if c["level"] == "standard":
        s["inplay"] = {}
        for p in s["order"]:
            fresh_player(s, p, sorted(u for u in mine if s["owner"][u] == p and u not in _heroes(s, p)))
    else:
        damage = {h: s["inplay"][h]["dmg"] for p in s["order"] for h in players[p]["heroes"]}
        # Cards in play (and an event still resolving) go to their owner's discard pile.
        for uid in sorted(u for u in {*s["inplay"], *s["limbo"]} if u in mine and u not in damage):
            players[s["owner"][uid]]["discard"].append(uid)
        s["inplay"] = {}
        for p in s["order"]:
            _carry_over(s, p, damage)
    s["ids"] = {u: i for u, i in s["ids"].items() if u in mine}  # new dicts: clones share the old ones
    s["owner"] = {u: o for u, o in s["owner"].items() if u in mine}
    scenario_setup(s, c["scenarios"][len(c["played"])])


def _heroes(s: dict, p: str) -> set[str]:
    return {u for u, o in s["owner"].items() if o == p and card(s["ids"][u])["type"] == "hero"}


def _carry_over(s: dict, p: str, damage: dict[str, int]) -> None:
    pl = s["players"][p]
    pl.update(allies=[], engaged=[], deck_attached=[])
    for h in pl["heroes"]:
        r = new_record(s, h, p, p, "heroes")
        r["dmg"], r["res"] = damage[h], 1 if s["options"]["easy"] else 0
