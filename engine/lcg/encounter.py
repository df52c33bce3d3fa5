"""The encounter phase: optional engagement, then engagement checks."""
from __future__ import annotations

from .board import engage
from .effects import REGISTRY
from .flow import T, ask, push, task
from .state import active_players, info
from .stats import stat


def staging_enemies(s: dict) -> list[str]:
    return [u for u in s["staging"] if info(s, u)["type"] == "enemy"]


@task("optional_engage")
def _optional(s: dict, t: dict) -> None:
    p = t["player"]
    if s["players"][p]["out"]:
        return
    opts = [u for u in staging_enemies(s)
            if (d := REGISTRY.get(s["ids"][u])) is None or d.engage_when is None or d.engage_when(s, u)]
    if opts:
        ask(s, "choose", p, prompt="optional_engage", options=opts, optional=True, then="engage_chosen",
            args={"player": p, "optional": True})


@task("engage_chosen")
def _engage_chosen(s: dict, t: dict) -> None:
    if t["choice"] in s["staging"] and not s["players"][t["player"]]["out"]:
        engage(s, t["choice"], t["player"], optional=t.get("optional", False))


@task("engagement_checks")
def _checks(s: dict, t: dict) -> None:
    push(s, "engage_pass", players=active_players(s), engaged=False)


@task("engage_pass")
def _pass(s: dict, t: dict) -> None:
    players, engaged = list(t["players"]), t["engaged"]
    while players:
        p = players.pop(0)
        if s["players"][p]["out"]:
            continue
        threat = s["players"][p]["threat"]
        cands = [(stat(s, u, "engagement"), u) for u in staging_enemies(s)]
        cands = [c for c in cands if c[0] <= threat]
        if not cands:
            continue
        top = max(c[0] for c in cands)
        best = [u for e, u in cands if e == top]
        push(s, "engage_pass", players=players, engaged=True)
        if len(best) == 1:
            engage(s, best[0], p)
        else:
            ask(s, "choose", p, prompt="engagement_tie", options=best, optional=False, then="engage_chosen",
                args={"player": p})
        return
    if engaged:
        push(s, "engage_pass", players=active_players(s), engaged=False)


__all__ = ["T"]
