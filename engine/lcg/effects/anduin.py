"""Journey Down the Anduin: its quest cards and its own encounter set (the other sets it shuffles in,
Dol Guldur Orcs, Sauron's Reach and Wilderlands, are in mirkwood.py or here)."""
from __future__ import annotations

from ..board import deal_damage, leave_play, progress_location, raise_threat, shuffle_encounter, win
from ..combat import deal_shadow, shadow_attack, undefended
from ..flow import T, push, seq, task
from ..state import active_players, emit, info, new_record
from . import forced, hook, quest, shadow, when_revealed
from .common import chars, choose, damage_chosen, enemies, lasting
from .mirkwood import bonus

THREATENING = 35   # "a player whose threat is 35 or more"


def remove_quest_progress(s: dict, n: int) -> None:
    """Progress tokens come off the quest card only, never the active location (rulebook clarification)."""
    k = min(n, s["quest"]["prog"])
    s["quest"]["prog"] -= k
    emit(s, "progress_removed", target="quest", amount=k)


def _in_play(s: dict, cid: str) -> list[str]:
    return [u for u, r in s["inplay"].items() if r["id"] == cid and r["zone"] in ("staging", "engaged")]


# ---- quest cards ---------------------------------------------------------------------------------

def _river_setup(s: dict) -> None:
    """Each player reveals 1 encounter card (surge and doomed resolved), then stage 1B takes a Hill Troll."""
    seq(s, *[T("reveal") for _ in active_players(s)], T(_river_troll))


@task("to_the_river.troll")
def _river_troll(s: dict, t: dict) -> None:
    if _in_play(s, "hill_troll"):
        return
    uid = next((u for u in reversed(s["edeck"]) if s["ids"][u] == "hill_troll"), None)
    if uid is None:
        return
    s["edeck"].remove(uid)
    new_record(s, uid, None, None, "staging")
    s["staging"].append(uid)
    emit(s, "to_staging", card=uid, id="hill_troll")
    shuffle_encounter(s)


quest("to_the_river", setup=_river_setup, can_advance=lambda s: not _in_play(s, "hill_troll"))
quest("anduin_passage", extra_reveals=1, skip_engagement_checks=True)


def _ambush_revealed(s: dict) -> None:
    seq(s, *[T("reveal") for _ in range(2 * len(active_players(s)))], T(_ambush_check))


@task("ambush_on_the_shore.check")
def _ambush_check(s: dict, t: dict) -> None:
    """The players win as soon as no enemy is in play."""
    if not enemies(s):
        win(s, "no_enemies_left")


quest("ambush_on_the_shore", revealed=_ambush_revealed, skip_staging=True, can_advance=lambda s: False,
      enemy_defeated=lambda s, uid: push(s, _ambush_check))


# ---- locations -----------------------------------------------------------------------------------

hook("banks_of_the_anduin", leaves_to="encounter_top")
hook("the_east_bight", forced_travel=True)


@forced("gladden_fields", "refreshed", when=lambda s, c: s["active"] == c["card"])
def _gladden(s: dict, c: dict) -> None:
    for p in active_players(s):
        raise_threat(s, p, 1)


@forced("the_brown_lands", "traveled", when=lambda s, c: c["ev"]["card"] == c["card"])
def _brown_lands(s: dict, c: dict) -> None:
    progress_location(s, c["card"], 1)


# ---- enemies -------------------------------------------------------------------------------------

hook("eastern_crows", leaves_to="encounter_shuffle")


@shadow("eastern_crows")
def _crows_shadow(s: dict, c: dict) -> None:
    bonus(s, 2 if s["players"][c["player"]]["threat"] >= THREATENING else 1)


def _alone_in_staging(s: dict, uid: str) -> bool:
    return not [u for u in s["staging"] if u != uid and info(s, u)["type"] == "enemy"]


hook("goblin_sniper", engage_when=_alone_in_staging)


@forced("goblin_sniper", "end_of_phase", when=lambda s, c: c["ev"]["phase"] == "combat" and c["card"] in s["staging"])
def _sniper(s: dict, c: dict) -> None:
    seq(s, *[T(_sniper_damage, player=p) for p in active_players(s)])


@task("goblin_sniper.damage")
def _sniper_damage(s: dict, t: dict) -> None:
    choose(s, t["player"], "damage_character", chars(s, t["player"]), damage_chosen, amount=1)


hook("hill_troll", excess_to_threat=True)


@forced("marsh_adder", "enemy_attacks", when=lambda s, c: c["ev"]["card"] == c["card"])
def _adder(s: dict, c: dict) -> None:
    raise_threat(s, c["ev"]["player"], 1)


@forced("misty_mountain_goblins", "enemy_attacked", when=lambda s, c: c["ev"]["card"] == c["card"])
def _goblins(s: dict, c: dict) -> None:
    remove_quest_progress(s, 1)


@shadow("misty_mountain_goblins")
def _goblins_shadow(s: dict, c: dict) -> None:
    remove_quest_progress(s, 3 if undefended(s) else 1)


@forced("wargs", "no_shadow_effect", when=lambda s, c: c["ev"]["enemy"] == c["card"])
def _wargs_blank(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["used"]["back_to_staging"] = 1


@forced("wargs", "enemy_attacked", name="back",
        when=lambda s, c: c["ev"]["card"] == c["card"] and s["inplay"][c["card"]]["used"].get("back_to_staging"))
def _wargs_back(s: dict, c: dict) -> None:
    from ..board import to_staging
    s["inplay"][c["card"]]["used"].pop("back_to_staging")
    to_staging(s, c["card"])


@shadow("wargs")
def _wargs_shadow(s: dict, c: dict) -> None:
    bonus(s, 2 if undefended(s) else 1)


@shadow("wolf_rider")
def _wolf_shadow(s: dict, c: dict) -> None:
    shadow_attack(s, c["card"], c["player"])


# ---- treacheries ---------------------------------------------------------------------------------

@when_revealed("despair")
def _despair(s: dict, c: dict) -> None:
    remove_quest_progress(s, 4)


@shadow("despair")
def _despair_shadow(s: dict, c: dict) -> None:
    if s["attack"]:
        s["attack"]["no_defense"] = True


@when_revealed("evil_storm")
def _storm(s: dict, c: dict) -> None:
    for p in active_players(s):
        if s["players"][p]["threat"] >= THREATENING:
            for u in chars(s, p):
                deal_damage(s, u, 1)


@when_revealed("massing_at_night")
def _massing(s: dict, c: dict) -> None:
    seq(s, *[T("reveal") for _ in active_players(s)])


@shadow("massing_at_night")
def _massing_shadow(s: dict, c: dict) -> None:
    for _ in active_players(s):
        deal_shadow(s, s["attack"]["enemy"])


@when_revealed("pursued_by_shadow")
def _pursued(s: dict, c: dict) -> None:
    for p in active_players(s):
        raise_threat(s, p, len([u for u in chars(s, p) if u not in s["committed"]]))


@shadow("pursued_by_shadow")
def _pursued_shadow(s: dict, c: dict) -> None:
    p = c["player"]
    tired = [u for u in s["players"][p]["allies"] if s["inplay"][u]["exhausted"]]
    if not tired:
        raise_threat(s, p, 3)
        return
    choose(s, p, "ally_to_hand", tired, _ally_to_hand)


@task("pursued_by_shadow.ally")
def _ally_to_hand(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        leave_play(s, t["choice"], to="hand")


@when_revealed("treacherous_fog")
def _fog(s: dict, c: dict) -> None:
    for u in s["staging"]:
        if info(s, u)["type"] == "location":
            lasting(s, "phase", u, "threat", 1)
    seq(s, *[T(_fog_discard, player=p) for p in active_players(s)
             if s["players"][p]["threat"] >= THREATENING])


@task("treacherous_fog.discard")
def _fog_discard(s: dict, t: dict) -> None:
    p = t["player"]
    choose(s, p, "discard_from_hand", list(dict.fromkeys(s["players"][p]["hand"])), _fog_discarded, named=True,
           player=p)


@task("treacherous_fog.discarded")
def _fog_discarded(s: dict, t: dict) -> None:
    from .spirit import discard_from_hand
    discard_from_hand(s, t["player"], t["choice"])
