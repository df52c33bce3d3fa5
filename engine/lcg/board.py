"""Cards moving and changing in play: entering and leaving play, damage, healing, exhausting, threat,
engagement, progress, player elimination and the end of the game."""
from __future__ import annotations

from .campaign import finish
from .effects import REGISTRY
from .flow import T, push
from .state import (
    active_players,
    emit,
    forget_deck,
    forget_encounter,
    info,
    new_record,
    next_player,
    prisoner_of,
    rec,
    rng_shuffle,
)
from .stats import stat
from .triggers import trigger

# ---- entering play -------------------------------------------------------------------------------

def put_into_play(s: dict, uid: str, player: str, *, from_zone: list | None = None, played: bool = False) -> None:
    """A hero or ally enters play under `player`'s control."""
    if from_zone is not None and uid in from_zone:
        from_zone.remove(uid)
    typ = info(s, uid)["type"]
    new_record(s, uid, s["owner"][uid], player, "heroes" if typ == "hero" else "allies")
    s["players"][player]["heroes" if typ == "hero" else "allies"].append(uid)
    emit(s, "entered_play", player=player, card=uid, id=s["ids"][uid])
    trigger(s, {"name": "enters", "card": uid, "player": player, "played": played})


def attach(s: dict, att: str, host: str, player: str | None) -> None:
    """Attach `att` (played by `player`) to `host`. A player's attachment on a character is controlled by
    that character's controller (rulebook, "Control"), whoever played it."""
    r = s["inplay"].get(att) or new_record(s, att, s["owner"].get(att), player, "attached")
    h = s["inplay"][host]
    if r["owner"] is not None and h["zone"] in ("heroes", "allies"):
        r["ctrl"] = h["ctrl"]
    r["zone"] = "attached"
    r["on"] = host
    s["inplay"][host]["att"].append(att)
    emit(s, "attached", card=att, id=s["ids"][att], to=host)


def change_control(s: dict, uid: str, player: str) -> None:
    """A character passes to `player`, with the player attachments on it (rulebook, "Control")."""
    r = s["inplay"][uid]
    zone = r["zone"]
    s["players"][r["ctrl"]][zone].remove(uid)
    s["players"][player][zone].append(uid)
    r["ctrl"] = player
    for a in r["att"]:
        if s["inplay"][a]["owner"] is not None:
            s["inplay"][a]["ctrl"] = player
    emit(s, "control", card=uid, player=player)


def unique_in_play(s: dict, cid: str) -> bool:
    return any(r["id"] == cid for r in s["inplay"].values())


# ---- leaving play --------------------------------------------------------------------------------

def to_pile(s: dict, uid: str) -> str:
    """Put a card that is no longer in play where it belongs (owner's discard, encounter discard; a card
    that says so goes back to the staging area or into the encounter deck); says where: `discard`,
    `staging` or `encounter_deck`."""
    real = s.get("face_down", {}).pop(uid, None)
    if real is not None:   # a face-down player card that acted as an enemy: face up to its owner's discard
        s["players"][s["owner"][real]]["discard"].append(real)
        return "discard"
    owner = s["owner"].get(uid)
    if owner is not None:
        if owner in s["players"]:
            s["players"][owner]["discard"].append(uid)
        return "discard"
    d = REGISTRY.get(s["ids"][uid])
    where = d.leaves_to if d is not None else None
    if where is None:
        s["ediscard"].append(uid)
        return "discard"
    if where == "staging":   # a claimed objective that comes off its hero
        new_record(s, uid, None, None, "staging")
        s["staging"].append(uid)
        emit(s, "to_staging", card=uid, id=s["ids"][uid])
        return "staging"
    s["edeck"].append(uid)   # on top
    if where == "encounter_shuffle":
        rng_shuffle(s, s["edeck"])
    forget_encounter(s)
    emit(s, "to_encounter_deck", card=uid, id=s["ids"][uid], shuffled=where == "encounter_shuffle")
    return "encounter_deck"


def leave_play(s: dict, uid: str, *, to: str = "discard", explored: bool = False) -> None:
    """Remove a card (and its attachments, shadow cards, tokens) from play."""
    r = s["inplay"].pop(uid, None)
    if r is None:
        return
    guarded = s["inplay"].get(r.get("guarding"))
    if guarded is not None and guarded.get("guard") == uid:   # the objective it guarded is free
        guarded.pop("guard")
    for a in list(r["att"]):
        leave_play(s, a)
    for sh in r["shadow"]:
        s["ediscard"].append(sh)
    r["shadow"] = []
    z = r["zone"]
    if z in ("heroes", "allies"):
        lst = s["players"][r["ctrl"]][z]
        if uid in lst:
            lst.remove(uid)
    elif z == "attached":
        host = s["inplay"].get(r["on"])
        if host and uid in host["att"]:
            host["att"].remove(uid)
    elif z == "staging":
        if uid in s["staging"]:
            s["staging"].remove(uid)
    elif z == "engaged":
        lst = s["players"][r["ctrl_eng"]]["engaged"]
        if uid in lst:
            lst.remove(uid)
    elif z == "active":
        s["active"] = None
    if to == "victory" and (info(s, uid)["victory"] or 0) > 0:
        s["victory"].append(uid)
    elif to == "hand":
        s["players"][s["owner"][uid]]["hand"].append(uid)
    elif to == "deck":
        owner = s["owner"][uid]
        s["players"][owner]["deck"].append(uid)
        rng_shuffle(s, s["players"][owner]["deck"])
    elif to == "encounter_top":
        s["edeck"].append(uid)
    else:   # a discard (or a card without victory points): where the card says, else its discard pile
        to = to_pile(s, uid)
    s["lasting"] = [e for e in s["lasting"] if e.get("uid") != uid]
    emit(s, "left_play", card=uid, id=s["ids"][uid], to=to)
    typ = info(s, uid)["type"]
    if typ in ("hero", "ally"):
        trigger(s, {"name": "left_play", "card": uid, "id": s["ids"][uid], "player": r["ctrl"],
                    "type": typ, "owner": r["owner"]})
        if typ == "hero":
            if to == "discard":
                s["players"][r["owner"]]["dead"].append(uid)
            check_heroes(s, r["ctrl"])


def destroy(s: dict, uid: str, attackers: list | None = None) -> None:
    """A character or enemy whose damage reached its hit points."""
    if uid not in s["inplay"]:
        return
    typ = info(s, uid)["type"]
    r = s["inplay"][uid]
    emit(s, "destroyed", card=uid, id=s["ids"][uid])
    if typ == "enemy":
        leave_play(s, uid, to="victory")
        trigger(s, {"name": "enemy_destroyed", "card": uid, "id": s["ids"][uid], "attackers": attackers or []})
        from .quest import enemy_defeated
        enemy_defeated(s, uid)
    else:
        ctrl = r["ctrl"]
        leave_play(s, uid)
        trigger(s, {"name": "character_destroyed", "card": uid, "id": s["ids"][uid], "player": ctrl})


# ---- damage, healing, readying -------------------------------------------------------------------

def deal_damage(s: dict, uid: str, n: int, *, attackers: list | None = None, source: str | None = None) -> int:
    if n <= 0 or uid not in s["inplay"]:
        return 0
    r = s["inplay"][uid]
    r["dmg"] += n
    emit(s, "damaged", card=uid, amount=n)
    if info(s, uid)["type"] in ("hero", "ally"):
        trigger(s, {"name": "damaged", "card": uid, "amount": n, "player": r["ctrl"]})
    if r["dmg"] >= stat(s, uid, "hit_points"):
        destroy(s, uid, attackers)
    return n


def check_destroyed(s: dict, uid: str) -> None:
    """After hit points drop (an attachment leaving), a character with too much damage is destroyed."""
    if (uid in s["inplay"] and info(s, uid)["type"] in ("hero", "ally", "enemy")
            and s["inplay"][uid]["dmg"] >= stat(s, uid, "hit_points")):
        destroy(s, uid)


def heal(s: dict, uid: str, n: int | None = None) -> int:
    r = s["inplay"].get(uid)
    if r is None:
        return 0
    k = r["dmg"] if n is None else min(n, r["dmg"])
    r["dmg"] -= k
    if k:
        emit(s, "healed", card=uid, amount=k)
    return k


def exhaust(s: dict, uid: str) -> None:
    s["inplay"][uid]["exhausted"] = True


def ready(s: dict, uid: str) -> None:
    if uid in s["inplay"]:
        s["inplay"][uid]["exhausted"] = False


def add_resources(s: dict, hero: str, n: int) -> None:
    rec(s, hero)["res"] += n
    emit(s, "resources", card=hero, amount=n)


# ---- threat and elimination ----------------------------------------------------------------------

def raise_threat(s: dict, player: str, n: int) -> None:
    p = s["players"][player]
    if n <= 0 or p["out"]:
        return
    p["threat"] = min(50, p["threat"] + n)
    emit(s, "threat", player=player, amount=n, threat=p["threat"])
    if p["threat"] >= 50:
        eliminate(s, player, "threat")


def reduce_threat(s: dict, player: str, n: int) -> None:
    p = s["players"][player]
    k = min(n, p["threat"])
    p["threat"] -= k
    emit(s, "threat", player=player, amount=-k, threat=p["threat"])


def check_heroes(s: dict, player: str) -> None:
    p = s["players"][player]
    if not p["out"] and not p["heroes"] and prisoner_of(s, player) is None:
        eliminate(s, player, "heroes")


def eliminate(s: dict, player: str, reason: str) -> None:
    p = s["players"][player]
    if p["out"]:
        return
    p["out"] = True
    p["threat"] = 50
    emit(s, "eliminated", player=player, reason=reason)
    for e in list(p["engaged"]):
        if e in s.get("face_down", {}):   # an Orc Guard (FAQ): discarded, the card under it to its owner's discard
            leave_play(s, e)
            continue
        r = s["inplay"][e]
        for sh in r["shadow"]:
            s["ediscard"].append(sh)
        r["shadow"] = []
        p["engaged"].remove(e)
        r["zone"] = "staging"
        r.pop("ctrl_eng", None)
        s["staging"].append(e)
    for uid, r in list(s["inplay"].items()):
        if uid in s["inplay"] and r["ctrl"] == player and r["zone"] in ("heroes", "allies"):
            r2 = s["inplay"].pop(uid)
            for a in r2["att"]:
                s["inplay"].pop(a, None)
                to_pile(s, a)
            if info(s, uid)["type"] == "hero":
                p["dead"].append(uid)
            to_pile(s, uid)
    p["heroes"], p["allies"] = [], []
    held = prisoner_of(s, player)
    if held is not None:   # never rescued: lost with its player
        s["prisoners"].pop(held)
        p["dead"].append(held)
        p["discard"].append(held)
    s["ediscard"] += p.get("deck_attached", [])
    p["deck_attached"] = []
    p["discard"] += p["hand"] + p["deck"]
    p["hand"], p["deck"] = [], []
    if not active_players(s):
        finish(s, {"winner": "encounter", "outcome": "lost", "reason": "all_eliminated", "winners": [],
                   "rounds": s["round"]})
    if s["first"] == player:
        s["first"] = next_player(s, player)


def win(s: dict, reason: str) -> None:
    score = 0
    for q in s["order"]:
        p = s["players"][q]
        score += 50 if p["out"] else p["threat"]
        score += sum(info(s, h)["threat"] or 0 for h in p["dead"])
        score += sum(s["inplay"][h]["dmg"] for h in p["heroes"])
    vp = sum(info(s, u)["victory"] or 0 for u in s["victory"])
    score -= vp
    finish(s, {"winner": "players", "outcome": "won", "reason": reason, "winners": active_players(s),
               "score": score, "victory_points": vp, "rounds": s["round"]})


# ---- engagement ----------------------------------------------------------------------------------

def engage(s: dict, enemy: str, player: str, *, optional: bool = False) -> None:
    r = s["inplay"][enemy]
    if r["zone"] == "staging":
        s["staging"].remove(enemy)
    elif r["zone"] == "engaged":
        s["players"][r["ctrl_eng"]]["engaged"].remove(enemy)
    r["zone"] = "engaged"
    r["ctrl_eng"] = player
    s["players"][player]["engaged"].append(enemy)
    emit(s, "engaged", enemy=enemy, id=s["ids"][enemy], player=player, optional=optional)
    trigger(s, {"name": "engaged", "card": enemy, "player": player})


def face_down_enemy(s: dict, player: str, as_card: str) -> str | None:
    """The top card of `player`'s deck, face down, becomes an enemy engaged with them, as if it had just
    engaged them from the staging area (the Orc Guards of Dol Guldur). It gets a new uid that names the
    made-up card `as_card`, so that no view tells which card lies face down; when it leaves play the card
    goes face up to its owner's discard pile."""
    deck = s["players"][player]["deck"]
    if not deck or s["players"][player]["out"]:
        return None
    real = deck.pop()
    forget_deck(s, player)
    uid = f"g{1 + sum(1 for u in s['ids'] if u.startswith('g'))}"
    s["ids"] = {**s["ids"], uid: as_card}   # copied, not changed in place: clones share `ids`
    s.setdefault("face_down", {})[uid] = real
    new_record(s, uid, None, None, "staging")
    s["staging"].append(uid)
    engage(s, uid, player)
    return uid


def to_staging(s: dict, enemy: str) -> None:
    r = s["inplay"][enemy]
    if r["zone"] == "staging":   # already there (its engaged player was eliminated, say)
        return
    if r["zone"] == "engaged":
        s["players"][r["ctrl_eng"]]["engaged"].remove(enemy)
        r.pop("ctrl_eng", None)
        for sh in r["shadow"]:
            s["ediscard"].append(sh)
        r["shadow"] = []
    elif r["zone"] == "active":
        s["active"] = None
    r["zone"] = "staging"
    s["staging"].append(enemy)
    emit(s, "to_staging", card=enemy, id=s["ids"][enemy])


def engaged_player(s: dict, enemy: str) -> str | None:
    r = s["inplay"].get(enemy)
    return r.get("ctrl_eng") if r else None


# ---- the encounter deck --------------------------------------------------------------------------

def encounter_top(s: dict, reshuffle: bool = False) -> str | None:
    if not s["edeck"] and reshuffle and s["ediscard"]:
        s["edeck"] = s["ediscard"]
        s["ediscard"] = []
        rng_shuffle(s, s["edeck"])
        forget_encounter(s)
        emit(s, "encounter_reshuffled")
    return s["edeck"][-1] if s["edeck"] else None


def shuffle_encounter(s: dict) -> None:
    rng_shuffle(s, s["edeck"])
    forget_encounter(s)
    emit(s, "encounter_shuffled")


# ---- progress ------------------------------------------------------------------------------------

def progress_quest(s: dict, n: int) -> None:
    """Progress a card effect places on "the current quest": like questing's, the active location takes
    it first (rulebook p.15: the active location is a buffer for any progress bound for the quest card)."""
    if n <= 0:
        return
    from .quest import place_progress
    place_progress(s, n)


def progress_location(s: dict, loc: str, n: int) -> None:
    if n <= 0 or loc not in s["inplay"]:
        return
    r = s["inplay"][loc]
    r["prog"] += n
    emit(s, "progress", target=loc, amount=n)
    if r["prog"] >= (info(s, loc)["quest_points"] or 0):
        explore(s, loc)


def explore(s: dict, loc: str) -> None:
    emit(s, "explored", card=loc, id=s["ids"][loc])
    cid = s["ids"][loc]
    leave_play(s, loc, to="victory")
    from .flow import TASKS
    if "explored:" + cid in TASKS:
        push(s, "explored:" + cid, card=loc)
    trigger(s, {"name": "explored", "card": loc, "id": cid})


def current_quest_id(s: dict) -> str:
    return s["quest"]["id"]


def schedule(s: dict, *tasks: dict) -> None:
    for t in reversed(tasks):
        s["tasks"].append(t)


__all__ = ["T"]
