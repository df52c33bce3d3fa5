"""The round: seven phases in the rulebook's order, with the action windows between their steps.

An action window is open to every player still in the game at once: each may take an action (play
an event, trigger an ability; allies and attachments in the planning phase) or pass. A pass closes the
window for that player only; an action resolves fully and then reopens the window for every player
still in the game (the table changed); the window closes when every one of them has passed since the
last action.
"""
from __future__ import annotations

from .board import add_resources, raise_threat
from .effects import QUESTS
from .flow import T, seq, task
from .state import active_players, draw, emit, next_player
from .stats import has_flag
from .triggers import trigger

# Every action window of the rulebook's turn sequence that the game opens, in round order ("defense"
# opens in each enemy attack, once its defenders are declared).
WINDOWS = ("resource", "planning", "quest", "quest_resolved", "travel", "engagement", "encounter", "combat",
           "defense", "combat_end", "attacks_done", "refresh")


@task("round")
def _round(s: dict, t: dict) -> None:
    s["round"] += 1
    s["allies_played"] = 0   # by the whole group this round (some quest stages limit it)
    emit(s, "round", round=s["round"], first=s["first"])
    seq(s, T("phase", name="resource"), T("phase", name="planning"), T("phase", name="quest"),
        T("phase", name="travel"), T("phase", name="encounter"), T("phase", name="combat"),
        T("phase", name="refresh"), T("end_round"), T("round"))


@task("phase")
def _phase(s: dict, t: dict) -> None:
    name = t["name"]
    s["phase"] = name
    emit(s, "phase", phase=name)
    players = active_players(s)
    body: list = []
    if name == "resource":
        body = [T("collect"), T("window", name="resource")]
    elif name == "planning":
        body = [T("window", name="planning")]
    elif name == "quest":
        hooks = QUESTS.get(s["quest"]["id"], {})
        body = [T("commit", player=p) for p in players]
        body += [T("staging"), T("window", name="quest"), T("quest_resolve"), T("window", name="quest_resolved")]
        if "skip_staging" in hooks:
            body.remove(T("staging"))
    elif name == "travel":
        body = [T("travel"), T("window", name="travel")]
    elif name == "encounter":
        body = [T("optional_engage", player=p) for p in players]
        body += [T("window", name="engagement"), T("engagement_checks"), T("window", name="encounter")]
        if "skip_engagement_checks" in QUESTS.get(s["quest"]["id"], {}):
            body.remove(T("engagement_checks"))
    elif name == "combat":
        body = [T("deal_shadows"), T("window", name="combat")]
        body += [T("enemy_attacks", player=p) for p in players]
        body += [T("window", name="combat_end")]
        body += [T("player_attacks", player=p) for p in players]
        body += [T("window", name="attacks_done"), T("end_combat")]
    elif name == "refresh":
        body = [T("refresh"), T("window", name="refresh")]
    seq(s, *body, T("end_phase", name=name))
    if name == "quest" and "quest_phase_begins" in QUESTS.get(s["quest"]["id"], {}):
        QUESTS[s["quest"]["id"]]["quest_phase_begins"](s)   # before anything else of the phase


@task("collect")
def _collect(s: dict, t: dict) -> None:
    for p in active_players(s):
        for h in s["players"][p]["heroes"]:
            add_resources(s, h, 1)
        draw(s, p, 1)


def open_window(s: dict, name: str) -> None:
    """Open (or reopen, after an action) the window `name` to every player still in the game."""
    players = active_players(s)
    if not players:
        return
    s["did"] += 1
    s["decision"] = {"id": s["did"], "kind": "window", "player": players[0], "waiting": players,
                     "name": name, "passed": [], "passes": 0}


@task("window")
def _window(s: dict, t: dict) -> None:
    open_window(s, t["name"])


@task("window_resume")
def _window_resume(s: dict, t: dict) -> None:
    open_window(s, t["name"])


def window_pass(s: dict, d: dict, player: str, auto: bool = False) -> None:
    """`player` is done with this window; it closes once nobody is left. The decision keeps its id: the
    table has not changed, so another player's buttons stay valid. `auto`: passed for them, who had
    nothing to play (option auto_pass)."""
    emit(s, "passed", player=player, window=d["name"], **({"auto": True} if auto else {}))
    # (a window saved before windows opened to everyone has no "waiting": the others are still to pass)
    still = d["waiting"] if "waiting" in d else active_players(s)
    left = [p for p in still if p != player and not s["players"][p]["out"]]
    if not left:
        s["decision"] = None
        return
    passed = d.get("passed", []) + [player]
    s["decision"] = {**d, "player": left[0], "waiting": left, "passed": passed, "passes": len(passed)}


@task("refresh")
def _refresh(s: dict, t: dict) -> None:
    for uid, r in s["inplay"].items():
        if r["exhausted"] and not has_flag(s, uid, "stays_exhausted"):   # Caught in a Web
            r["exhausted"] = False
    emit(s, "readied")
    first = s["first"]
    for p in active_players(s):
        raise_threat(s, p, 1)
    if s["first"] != first:   # the first player was just eliminated: the token has already moved one step
        emit(s, "first_player", player=s["first"])
    elif len(active_players(s)) > 1:
        s["first"] = next_player(s, first)
        emit(s, "first_player", player=s["first"])
    trigger(s, {"name": "refreshed"})


@task("end_phase")
def _end_phase(s: dict, t: dict) -> None:
    s["revealed_now"] = []
    s["lasting"] = [e for e in s["lasting"] if e["until"] != "phase"]
    s["uses"] = {k: v for k, v in s["uses"].items() if not k.startswith("phase|")}
    due = [d for d in s["delayed"] if d["at"] == "end_phase"]
    s["delayed"] = [d for d in s["delayed"] if d["at"] != "end_phase"]
    trigger(s, {"name": "end_of_phase", "phase": t["name"]}, also=[d["task"] for d in due])


@task("end_round")
def _end_round(s: dict, t: dict) -> None:
    s["lasting"] = [e for e in s["lasting"] if e["until"] != "round"]
    s["uses"] = {k: v for k, v in s["uses"].items() if not k.startswith("round|")}
    due = [d for d in s["delayed"] if d["at"] == "end_round"]
    s["delayed"] = [d for d in s["delayed"] if d["at"] != "end_round"]
    trigger(s, {"name": "end_of_round"}, also=[d["task"] for d in due])
