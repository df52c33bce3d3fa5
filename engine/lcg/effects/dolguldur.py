"""Escape from Dol Guldur: its quest cards, objectives and its own encounter set (the other sets it shuffles
in, Spiders of Mirkwood and Dol Guldur Orcs, are in mirkwood.py)."""
from __future__ import annotations

from ..board import (
    attach,
    check_destroyed,
    deal_damage,
    face_down_enemy,
    leave_play,
    raise_threat,
    shuffle_encounter,
)
from ..combat import undefended
from ..data import made_up_card
from ..flow import T, push, seq, task
from ..play import too_many_restricted
from ..state import active_players, emit, first_player, new_record, rng_below
from . import action, attached_flags, forced, hook, plain, quest, shadow, when_revealed
from .common import chars, choose, discard_attachment, heroes, staging_of
from .mirkwood import player_attachments

OBJECTIVES = ("gandalfs_map", "dungeon_torch", "shadow_key")
NAZGUL = "nazgul_of_dol_guldur"
ORC_GUARD = "orc_guard"   # a face-down player card acting as an enemy (Tower Gate, Out of the Dungeons)

made_up_card(ORC_GUARD, type="enemy", attack=1, defense=1, hit_points=1)
plain(ORC_GUARD, "endless_caverns")   # Endless Caverns: keywords only (doomed 1, surge)


def claimed_objectives(s: dict) -> list[str]:
    return [u for u, r in s["inplay"].items() if r["id"] in OBJECTIVES and r["zone"] == "attached"]


def _in_play(s: dict, cid: str) -> list[str]:
    return [u for u, r in s["inplay"].items() if r["id"] == cid and r["zone"] in ("staging", "engaged")]


def orc_guards(s: dict) -> None:
    """Each player puts the top card of their deck face down in front of them: an Orc Guard engaged with them."""
    for p in active_players(s):
        face_down_enemy(s, p, ORC_GUARD)


# ---- quest cards ---------------------------------------------------------------------------------

def _tower_setup(s: dict) -> None:
    """1A: the 3 objectives to the staging area, the Nazgûl set aside, the encounter deck shuffled, then each
    objective gets its guard (the next encounter card); 1B when revealed: the prisoner."""
    for cid in OBJECTIVES + (NAZGUL,):
        uid = next(u for u in reversed(s["edeck"]) if s["ids"][u] == cid)
        s["edeck"].remove(uid)
        if cid == NAZGUL:
            s["set_aside"].append(uid)
            continue
        new_record(s, uid, None, None, "staging")
        s["staging"].append(uid)
        emit(s, "to_staging", card=uid, id=cid)
    shuffle_encounter(s)
    seq(s, *[T("reveal", guarding=u) for u in list(s["staging"])], T(_take_prisoner))


@task("the_necromancers_tower.prisoner")
def _take_prisoner(s: dict, t: dict) -> None:
    """One hero among all the players' heroes, at random, is turned face down: out of play (it cannot be
    used, damaged or given resources) until rescued. Cards attached to it are discarded."""
    everyone = [h for p in s["order"] for h in s["players"][p]["heroes"]]
    uid = everyone[rng_below(s, len(everyone))]
    for a in list(s["inplay"][uid]["att"]):
        leave_play(s, a)
    r = s["inplay"].pop(uid)
    s["players"][r["ctrl"]]["heroes"].remove(uid)
    s["lasting"] = [e for e in s["lasting"] if e.get("uid") != uid]
    s["prisoners"][uid] = {"player": r["ctrl"], "record": r}
    emit(s, "prisoner", card=uid, id=s["ids"][uid], player=r["ctrl"])


quest("the_necromancers_tower", setup=_tower_setup, ally_limit=1, can_advance=lambda s: bool(claimed_objectives(s)))


def _offer_rescue(s: dict) -> None:
    """Response of stage 2, after progress is placed on it: the first player may rescue the prisoner."""
    held = [u for u, x in s["prisoners"].items() if not s["players"][x["player"]]["out"]]
    choose(s, first_player(s), "rescue_prisoner", held, _rescued, optional=True)


@task("through_the_caverns.rescue")
def _rescued(s: dict, t: dict) -> None:
    x = s["prisoners"].pop(t["choice"], None)
    if x is None or s["players"][x["player"]]["out"]:
        return
    uid, r = t["choice"], x["record"]
    r["dmg"] += 1
    s["inplay"][uid] = r
    s["players"][x["player"]]["heroes"].append(uid)
    s["rescued"] = True
    emit(s, "rescued", card=uid, id=s["ids"][uid], player=x["player"])
    check_destroyed(s, uid)
    for naz in [u for u in s["set_aside"] if s["ids"][u] == NAZGUL]:   # the Nazgûl's forced effect
        s["set_aside"].remove(naz)
        new_record(s, naz, None, None, "staging")
        s["staging"].append(naz)
        emit(s, "to_staging", card=naz, id=NAZGUL)


quest("through_the_caverns", ally_limit=1, progress_placed=_offer_rescue,
      can_advance=lambda s: bool(s.get("rescued")) and len(claimed_objectives(s)) == len(OBJECTIVES))


def _nazgul_destroyed(s: dict, uid: str) -> None:
    if s["ids"][uid] == NAZGUL:
        push(s, "check_quest")


quest("out_of_the_dungeons", quest_phase_begins=orc_guards, can_advance=lambda s: not _in_play(s, NAZGUL),
      enemy_defeated=_nazgul_destroyed)


# ---- objectives ----------------------------------------------------------------------------------

def _claimable(s: dict, c: dict) -> bool:
    r = s["inplay"][c["card"]]
    return r["zone"] == "staging" and not r.get("guard") and bool(heroes(s, c["player"]))


def _claim(s: dict, c: dict) -> None:
    """Action (any player): raise your threat by 2 to claim it, and attach it to one of your heroes."""
    p = c["player"]
    raise_threat(s, p, 2)
    choose(s, p, "attach_to", heroes(s, p), _claimed, card=c["card"], player=p)


@task("objective.claimed")
def _claimed(s: dict, t: dict) -> None:
    uid, hero, p = t["card"], t["choice"], t["player"]
    if uid not in s["staging"] or hero not in s["inplay"]:
        return
    s["staging"].remove(uid)
    attach(s, uid, hero, p)
    s["inplay"][uid]["ctrl"] = p   # the player who claims an objective controls it (rulebook)
    emit(s, "claimed", card=uid, id=s["ids"][uid], player=p, to=hero)
    push(s, "check_quest")         # a stage waiting only for an objective is defeated now
    push(s, too_many_restricted, card=hero)


for _cid in OBJECTIVES:
    action(_cid, when=_claimable, any_player=True)(_claim)
    hook(_cid, leaves_to="staging")   # detached (its hero gone, discarded): back to the staging area

attached_flags("gandalfs_map", "cannot_attack", "cannot_defend")


def _attached(s: dict, c: dict) -> bool:
    return s["inplay"][c["card"]]["zone"] == "attached"


# (checked again as it resolves: another end-of-round effect may have sent it back to the staging area)
@forced("dungeon_torch", "end_of_round", when=_attached)
def _torch(s: dict, c: dict) -> None:
    if _attached(s, c):
        raise_threat(s, s["inplay"][c["card"]]["ctrl"], 2)


@forced("shadow_key", "end_of_round", when=_attached)
def _key(s: dict, c: dict) -> None:
    if _attached(s, c):
        deal_damage(s, s["inplay"][c["card"]]["on"], 1)


# ---- enemies -------------------------------------------------------------------------------------

hook(NAZGUL, no_attachments=True)


@forced(NAZGUL, "shadow_resolved", when=lambda s, c: c["ev"]["enemy"] == c["card"])
def _nazgul_shadow(s: dict, c: dict) -> None:
    p = s["inplay"][c["card"]].get("ctrl_eng")
    if p:
        choose(s, p, "discard_character", chars(s, p), _character_discarded)


@task("nazgul_of_dol_guldur.discard")
def _character_discarded(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        leave_play(s, t["choice"])


def _jailor_in_staging(s: dict, c: dict) -> bool:
    return c["card"] in s["staging"] and bool(_unclaimed(s))


def _unclaimed(s: dict) -> list[str]:
    return staging_of(s, "objective")


@forced("dungeon_jailor", "quest_failed", when=_jailor_in_staging)
def _jailor(s: dict, c: dict) -> None:
    choose(s, first_player(s), "shuffle_objective", _unclaimed(s), _objective_shuffled)


@task("dungeon_jailor.shuffle")
def _objective_shuffled(s: dict, t: dict) -> None:
    if t["choice"] in s["staging"]:
        leave_play(s, t["choice"], to="encounter_top")
        shuffle_encounter(s)


@shadow("cavern_guardian")
def _guardian_shadow(s: dict, c: dict) -> None:
    p = c["player"]
    if undefended(s):
        for u in player_attachments(s, p):
            if u in s["inplay"]:
                host = s["inplay"][u]["on"]
                leave_play(s, u)
                check_destroyed(s, host)
        return
    choose(s, p, "discard_attachment", player_attachments(s, p), discard_attachment)


# ---- locations -----------------------------------------------------------------------------------

@forced("tower_gate", "traveled", when=lambda s, c: c["ev"]["card"] == c["card"])
def _tower_gate(s: dict, c: dict) -> None:
    orc_guards(s)


# ---- treacheries ---------------------------------------------------------------------------------

@when_revealed("under_the_shadow")
def _under_the_shadow(s: dict, c: dict) -> None:
    s["lasting"].append({"until": "phase", "flag": "staging_threat", "amount": len(active_players(s))})


@shadow("under_the_shadow")
def _under_the_shadow_shadow(s: dict, c: dict) -> None:
    p = c["player"]
    raise_threat(s, p, len(s["players"][p]["engaged"]))


hook("iron_shackles", cancels_draw=True)


def _shackle(s: dict, uid: str) -> None:
    """Iron Shackles sits on the first player's deck: their next draw discards the Shackles instead of a card."""
    for pile in [s["revealing"]] + [r["shadow"] for r in s["inplay"].values()] + [
            r.get("shadow_up", []) for r in s["inplay"].values()]:
        if uid in pile:
            pile.remove(uid)
    p = first_player(s)
    s["players"][p]["deck_attached"].append(uid)
    emit(s, "attached_to_deck", card=uid, id=s["ids"][uid], player=p)


@when_revealed("iron_shackles")
def _iron_shackles(s: dict, c: dict) -> None:
    _shackle(s, c["card"])


@shadow("iron_shackles")
def _iron_shackles_shadow(s: dict, c: dict) -> None:
    _shackle(s, c["card"])

