"""The quest phase (commitment, staging, resolution), quest progress and stages, and travel."""
from __future__ import annotations

from .board import encounter_top, leave_play, progress_location, raise_threat, to_pile, win
from .effects import QUESTS, REGISTRY, abilities, cards_in_play_with
from .flow import T, ask, push, seq, task
from .state import active_players, emit, first_player, forget_encounter, info, new_record
from .stats import staging_threat, stat
from .triggers import trigger

# ---- commitment ----------------------------------------------------------------------------------

def can_commit(s: dict, player: str) -> list[str]:
    p = s["players"][player]
    return [u for u in p["heroes"] + p["allies"] if not s["inplay"][u]["exhausted"] and u not in s["committed"]]


@task("commit")
def _commit(s: dict, t: dict) -> None:
    p = t["player"]
    if s["players"][p]["out"] or not can_commit(s, p):
        return
    ask(s, "commit", p, done=[])


def commit(s: dict, player: str, uid: str) -> None:
    s["inplay"][uid]["exhausted"] = True
    s["committed"].append(uid)
    emit(s, "committed", player=player, card=uid)


def commitments_done(s: dict, player: str, uids: list) -> None:
    """After a player has committed: the "after X commits" responses, in commit order."""
    evs = [{"name": "committed", "card": uid, "player": player} for uid in uids]
    for ev in reversed(evs):
        push(s, "trigger", ev=ev)


@task("trigger")
def _trigger(s: dict, t: dict) -> None:
    trigger(s, t["ev"])


# ---- staging -------------------------------------------------------------------------------------

@task("staging")
def _staging(s: dict, t: dict) -> None:
    n = len(active_players(s)) + QUESTS.get(s["quest"]["id"], {}).get("extra_reveals", 0)
    seq(s, *[T("reveal") for _ in range(n)])


@task("reveal")
def _reveal(s: dict, t: dict) -> None:
    encounter_top(s, reshuffle=s["phase"] == "quest")   # the discard pile comes back only then
    # A card shuffled back into the deck (Eastern Crows destroyed by Thalin as it is revealed) is not
    # revealed twice in one phase: the top card not yet revealed this phase comes instead, so that a
    # small deck cannot loop forever.
    seen = s.setdefault("revealed_now", [])   # (absent from games saved before this rule)
    uid = next((u for u in reversed(s["edeck"]) if u not in seen), None)
    if uid is None:
        emit(s, "encounter_empty")
        return
    s["edeck"].remove(uid)
    seen.append(uid)
    forget_encounter(s)
    c = info(s, uid)
    emit(s, "revealed", card=uid, id=s["ids"][uid])
    guarding = t.get("guarding")
    if c["type"] in ("enemy", "location", "objective"):
        new_record(s, uid, None, None, "staging")
        s["staging"].append(uid)
    else:
        s["revealing"].append(uid)
    after = [T("when_revealed", card=uid), T("after_reveal", card=uid)]
    if c["keywords"].get("guarded"):      # its guard: the next encounter card, attached to it
        after.append(T("reveal", guarding=uid))
    if guarding in s["inplay"]:
        if c["type"] in ("enemy", "location"):
            guard(s, uid, guarding)
        elif c["type"] == "objective":    # another objective: it stays, and the first one draws again
            after.append(T("reveal", guarding=guarding))
    for u, on_reveal in cards_in_play_with(s, "on_reveal"):
        if u in s["inplay"]:
            on_reveal(s, u, uid)
    seq(s, *after)
    if abilities(s["ids"][uid], "when_revealed"):
        trigger(s, {"name": "revealed", "card": uid, "id": s["ids"][uid], "type": c["type"]})


def guard(s: dict, uid: str, objective: str) -> None:
    """Guarded (rulebook): an enemy or location revealed for an objective stays attached to it, in the staging
    area, until it leaves play; a treachery guards it only while it resolves. A guarded objective cannot be
    claimed."""
    s["inplay"][uid]["guarding"] = objective
    s["inplay"][objective]["guard"] = uid
    emit(s, "guarded", card=objective, by=uid)


@task("when_revealed")
def _when_revealed(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["cancelled"]:
        emit(s, "cancelled", card=uid, id=s["ids"][uid])
        return
    for a in abilities(s["ids"][uid], "when_revealed"):
        a.fn(s, {"player": first_player(s), "card": uid, "ev": {"name": "revealed"}})


@task("after_reveal")
def _after_reveal(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["revealing"]:
        s["revealing"].remove(uid)
        if uid not in s["inplay"] and uid not in s["ediscard"]:
            to_pile(s, uid)
    if uid in s["cancelled"]:
        s["cancelled"].remove(uid)
    kw = info(s, uid)["keywords"]
    if kw.get("doomed"):
        for p in active_players(s):
            raise_threat(s, p, kw["doomed"])
    if uid in s["replace"]:
        s["replace"].remove(uid)
        push(s, "reveal")
    if kw.get("surge") or uid in s["surge"]:
        if uid in s["surge"]:
            s["surge"].remove(uid)
        emit(s, "surge", card=uid)
        push(s, "reveal")


# ---- resolution ----------------------------------------------------------------------------------

def committed_willpower(s: dict) -> int:
    return sum(stat(s, u, "willpower") for u in s["committed"] if u in s["inplay"])


@task("quest_resolve")
def _quest_resolve(s: dict, t: dict) -> None:
    wp, th = committed_willpower(s), staging_threat(s)
    emit(s, "quest_resolved", willpower=wp, threat=th)
    push(s, "quest_end")
    if not s["committed"]:
        wp = 0
    if wp > th:
        place_progress(s, wp - th)
    elif th > wp:
        for p in active_players(s):
            raise_threat(s, p, th - wp)
        trigger(s, {"name": "quest_failed"})


@task("quest_end")
def _quest_end(s: dict, t: dict) -> None:
    s["committed"] = []


def place_progress(s: dict, n: int) -> None:
    """Progress from questing: the active location first, the rest on the quest card."""
    loc = s["active"]
    if loc:
        room = (info(s, loc)["quest_points"] or 0) - s["inplay"][loc]["prog"]
        k = min(room, n)
        n -= k
        progress_location(s, loc, k)
    if n > 0:
        s["quest"]["prog"] += n
        emit(s, "progress", target="quest", amount=n)
        push(s, "check_quest")
        progress_placed(s)


def progress_placed(s: dict) -> None:
    """Progress was just put on the quest card: its own response to that, if any, comes before the check."""
    hooks = QUESTS.get(s["quest"]["id"], {})
    if "progress_placed" in hooks:
        hooks["progress_placed"](s)


def quest_points(s: dict) -> int:
    return info(s, s["quest"]["uid"])["quest_points"] or 0


@task("check_quest")
def _check_quest(s: dict, t: dict) -> None:
    q = s["quest"]
    hooks = QUESTS.get(q["id"], {})
    if q["prog"] < quest_points(s):
        return
    if "can_advance" in hooks and not hooks["can_advance"](s):
        return
    emit(s, "stage_defeated", stage=q["stage"], id=q["id"])
    if "defeated" in hooks:
        hooks["defeated"](s)
        return
    advance(s)


def advance(s: dict, to: str | None = None) -> None:
    if not s["qdeck"]:
        win(s, "quest_complete")
    uid = to or s["qdeck"][0]
    s["qdeck"].remove(uid)
    s["quest"] = {"uid": uid, "id": s["ids"][uid], "stage": s["quest"]["stage"] + 1, "prog": 0}
    emit(s, "stage", stage=s["quest"]["stage"], id=s["quest"]["id"])
    hooks = QUESTS.get(s["quest"]["id"], {})
    if "revealed" in hooks:
        hooks["revealed"](s)


def enemy_defeated(s: dict, uid: str) -> None:
    hooks = QUESTS.get(s["quest"]["id"], {})
    if "enemy_defeated" in hooks:
        hooks["enemy_defeated"](s, uid)


# ---- travel --------------------------------------------------------------------------------------

def travel_ctx(s: dict, loc: str) -> dict:
    return {"player": first_player(s), "card": loc, "ev": {"name": "travel"}}


def can_travel(s: dict, loc: str) -> bool:
    return all(a.when is None or a.when(s, travel_ctx(s, loc)) for a in abilities(s["ids"][loc], "travel"))


def travel_options(s: dict) -> list[str]:
    if s["active"]:
        return []
    return [u for u in s["staging"] if info(s, u)["type"] == "location" and can_travel(s, u)]


def forced_travel(s: dict, opts: list[str]) -> list[str]:
    """The locations the players must travel to, when they can (The East Bight)."""
    return [u for u in opts if REGISTRY[s["ids"][u]].forced_travel]


@task("travel")
def _travel(s: dict, t: dict) -> None:
    opts = travel_options(s)
    must = forced_travel(s, opts)
    if must:
        ask(s, "choose", first_player(s), prompt="travel", options=must, optional=False, then="travel_to",
            args={})
    elif opts:
        ask(s, "choose", first_player(s), prompt="travel", options=opts, optional=True, then="travel_to",
            args={})


@task("travel_to")
def _travel_to(s: dict, t: dict) -> None:
    loc = t["choice"]
    push(s, "arrive", card=loc)
    for a in reversed(abilities(s["ids"][loc], "travel")):
        a.fn(s, travel_ctx(s, loc))


@task("arrive")
def _arrive(s: dict, t: dict) -> None:
    loc = t["card"]
    if loc not in s["staging"] or s["active"]:
        return
    s["staging"].remove(loc)
    s["inplay"][loc]["zone"] = "active"
    s["active"] = loc
    emit(s, "traveled", card=loc, id=s["ids"][loc])
    trigger(s, {"name": "traveled", "card": loc, "id": s["ids"][loc], "player": first_player(s)})


def discard_encounter_card(s: dict, uid: str) -> None:
    leave_play(s, uid)
