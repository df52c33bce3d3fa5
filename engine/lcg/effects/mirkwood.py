"""Passage Through Mirkwood: its quest cards and the encounter sets Passage Through Mirkwood, Spiders of
Mirkwood and Dol Guldur Orcs."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board import (
    add_resources,
    attach,
    check_destroyed,
    deal_damage,
    leave_play,
    raise_threat,
    shuffle_encounter,
    win,
)
from ..combat import deal_shadow, undefended
from ..flow import Do, T, push, seq, task
from ..state import active_players, draw, emit, first_player, info, new_record, rng_below
from . import QUESTS, attached_flags, forced, hook, modifier, plain, quest, shadow, travel, when_revealed
from .common import (
    chars,
    choose,
    damage_chosen,
    discard_attachment,
    exhaust_chosen,
    exhaust_hero,
    heroes,
    lasting,
    ready_,
    ready_chosen,
)

hook("enchanted_stream", blocks_draw=lambda s, uid: s["active"] == uid)   # active: nobody draws


def each_player(s: dict, name: Do, **args: Any) -> None:
    seq(s, *[T(name, player=p, **args) for p in active_players(s)])


# ---- quest cards ---------------------------------------------------------------------------------

def _flies_setup(s: dict) -> None:
    for cid in ("forest_spider", "old_forest_road"):
        uid = next((u for u in reversed(s["edeck"]) if s["ids"][u] == cid), None)
        if uid:
            s["edeck"].remove(uid)
            new_record(s, uid, None, None, "staging")
            s["staging"].append(uid)
            emit(s, "to_staging", card=uid, id=cid)
    shuffle_encounter(s)


quest("flies_and_spiders", setup=_flies_setup)


def _fork_defeated(s: dict) -> None:
    """Forced: proceed to one of the two "A Chosen Path" stages, at random."""
    from ..quest import advance
    paths = list(s["qdeck"])
    pick = paths[rng_below(s, len(paths))]
    for u in paths:
        if u != pick:
            s["qdeck"].remove(u)
            s["qdiscard"].append(u)
    advance(s, pick)


quest("a_fork_in_the_road", defeated=_fork_defeated)


def _spiders_revealed(s: dict) -> None:
    each_player(s, _spider_search)
    push(s, _spider_done)


@task("spider_search")
def _spider_search(s: dict, t: dict) -> None:
    p = t["player"]
    opts = sorted({s["ids"][u] for u in s["edeck"] + s["ediscard"] if "spider" in info(s, u)["traits"]})
    choose(s, p, "spider_search", opts, _spider_take)


@task("spider_search.take")
def _spider_take(s: dict, t: dict) -> None:
    for pile in (s["edeck"], s["ediscard"]):
        uid = next((u for u in pile if s["ids"][u] == t["choice"]), None)
        if uid:
            pile.remove(uid)
            new_record(s, uid, None, None, "staging")
            s["staging"].append(uid)
            emit(s, "to_staging", card=uid, id=t["choice"])
            return


@task("spider_search_done")
def _spider_done(s: dict, t: dict) -> None:
    shuffle_encounter(s)


def _spawn_defeated(s: dict, uid: str) -> None:
    if s["ids"][uid] == "ungoliants_spawn":
        win(s, "ungoliants_spawn_defeated")


quest("a_chosen_path_dont_leave_the_path", revealed=_spiders_revealed, can_advance=lambda s: False,
      enemy_defeated=_spawn_defeated)


def _spawn_in_play(s: dict) -> bool:
    return any(r["id"] == "ungoliants_spawn" and r["zone"] in ("staging", "engaged") for r in s["inplay"].values())


def _beorns_path_spawn_defeated(s: dict, uid: str) -> None:
    """Progress already enough: the stage is defeated as soon as Ungoliant's Spawn no longer stops it."""
    if s["ids"][uid] == "ungoliants_spawn":
        push(s, "check_quest")


quest("a_chosen_path_beorns_path", can_advance=lambda s: not _spawn_in_play(s),
      enemy_defeated=_beorns_path_spawn_defeated)


# ---- shadow helpers ------------------------------------------------------------------------------

def defending_player(s: dict) -> str | None:
    return s["attack"]["player"] if s["attack"] else None


def bonus(s: dict, n: int) -> None:
    if s["attack"]:
        s["attack"]["bonus"] += n
        emit(s, "attack_bonus", enemy=s["attack"]["enemy"], amount=n)


def _plus(normal: int, undef: int) -> Callable[[dict, dict], None]:
    """A shadow effect: the attack gets +`normal`, or +`undef` when it is undefended."""
    def fn(s: dict, c: dict) -> None:
        bonus(s, undef if undefended(s) else normal)
    return fn


# ---- Spiders of Mirkwood -------------------------------------------------------------------------

@when_revealed("king_spider")
def _king_spider(s: dict, c: dict) -> None:
    each_player(s, _exhaust_one, count=1)


@task("exhaust_one")
def _exhaust_one(s: dict, t: dict) -> None:
    p = t["player"]
    opts = [u for u in chars(s, p) if ready_(s, u)]
    if t["count"] > 1:
        push(s, _exhaust_one, player=p, count=t["count"] - 1)
    choose(s, p, "exhaust_character", opts, exhaust_chosen)


@shadow("king_spider")
def _king_shadow(s: dict, c: dict) -> None:
    push(s, _exhaust_one, player=c["player"], count=2 if undefended(s) else 1)


@forced("hummerhorns", "engaged", when=lambda s, c: c["ev"]["card"] == c["card"])
def _hummer(s: dict, c: dict) -> None:
    p = c["ev"]["player"]
    choose(s, p, "damage_hero", heroes(s, p), damage_chosen, amount=5)


@shadow("hummerhorns")
def _hummer_shadow(s: dict, c: dict) -> None:
    n = 2 if undefended(s) else 1
    for u in chars(s, c["player"]):
        deal_damage(s, u, n)


@when_revealed("ungoliants_spawn")
def _ungoliants_spawn(s: dict, c: dict) -> None:
    for u in s["committed"]:
        if u in s["inplay"]:
            lasting(s, "phase", u, "willpower", -1)


@shadow("ungoliants_spawn")
def _spawn_shadow(s: dict, c: dict) -> None:
    raise_threat(s, c["player"], 8 if undefended(s) else 4)


def _web_ok(s: dict, c: dict) -> bool:
    return all(any(ready_(s, h) for h in heroes(s, p)) for p in active_players(s))


@travel("great_forest_web", when=_web_ok)
def _web(s: dict, c: dict) -> None:
    each_player(s, exhaust_hero)


@travel("mountains_of_mirkwood", when=lambda s, c: bool(s["edeck"]))   # no card to reveal: no travel
def _mountains(s: dict, c: dict) -> None:
    push(s, "reveal")


@task("explored:mountains_of_mirkwood")
def _mountains_explored(s: dict, t: dict) -> None:
    each_player(s, _mountains_search)


@task("mountains_search")
def _mountains_search(s: dict, t: dict) -> None:
    p = t["player"]
    deck = s["players"][p]["deck"]
    if not deck:
        return
    top = deck[-5:][::-1]
    choose(s, p, "card_to_hand", top, _mountains_take, optional=True, named=True, player=p,
           on_decline=T(_mountains_take, player=p, choice=None))


@task("mountains_search.take")
def _mountains_take(s: dict, t: dict) -> None:
    from ..state import forget_deck, rng_shuffle
    p = s["players"][t["player"]]
    if t["choice"] in p["deck"][-5:]:
        p["deck"].remove(t["choice"])
        p["hand"].append(t["choice"])
    rng_shuffle(s, p["deck"])  # the cards looked at go back and the whole deck is shuffled
    forget_deck(s, t["player"])
    emit(s, "searched", player=t["player"], owner=t["player"])


@when_revealed("eyes_of_the_forest")
def _eyes(s: dict, c: dict) -> None:
    for p in active_players(s):
        pl = s["players"][p]
        evs = [u for u in pl["hand"] if info(s, u)["type"] == "event"]
        for u in evs:
            pl["hand"].remove(u)
            pl["discard"].append(u)
            emit(s, "discarded", player=p, card=u, id=s["ids"][u])


@when_revealed("caught_in_a_web")
def _caught_in_a_web(s: dict, c: dict) -> None:
    ps = active_players(s)
    top = max(s["players"][p]["threat"] for p in ps)
    tied = [p for p in ps if s["players"][p]["threat"] == top]
    choose(s, first_player(s), "choose_player", tied, _web_player, card=c["card"])


@task("caught_in_a_web.player")
def _web_player(s: dict, t: dict) -> None:
    choose(s, t["choice"], "attach_to", heroes(s, t["choice"]), _web_attach, card=t["card"])


@task("caught_in_a_web.attach")
def _web_attach(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["revealing"]:
        s["revealing"].remove(uid)
    attach(s, uid, t["choice"], None)


# the hero does not ready in the refresh phase, unless its controller pays 2 of its resources
attached_flags("caught_in_a_web", "stays_exhausted")


def _webbed(s: dict, c: dict) -> bool:
    host = s["inplay"][c["card"]]["on"]
    return s["inplay"][host]["exhausted"] and s["inplay"][host]["res"] >= 2


@forced("caught_in_a_web", "refreshed", when=_webbed)
def _web_refresh(s: dict, c: dict) -> None:
    host = s["inplay"][c["card"]]["on"]
    choose(s, s["inplay"][host]["ctrl"], "caught_in_a_web", [host], _web_paid, optional=True)


@task("web_paid")
def _web_paid(s: dict, t: dict) -> None:
    r = s["inplay"].get(t["choice"])
    if r and r["res"] >= 2:
        r["res"] -= 2
        r["exhausted"] = False
        emit(s, "readied_by_payment", card=t["choice"])

# ---- Dol Guldur Orcs -----------------------------------------------------------------------------


@when_revealed("dol_guldur_orcs")
def _dol_guldur_orcs(s: dict, c: dict) -> None:
    opts = [u for u in s["committed"] if u in s["inplay"]]
    choose(s, first_player(s), "damage_character", opts, damage_chosen, amount=2)


shadow("dol_guldur_orcs")(_plus(1, 3))

modifier("chieftain_ufthak", lambda s, u, stat: 2 * s["inplay"][u]["res"] if stat == "attack" else 0)


# rulebook FAQ: resolved as soon as he is chosen to attack (step 1 of the attack), so it counts at once
@forced("chieftain_ufthak", "enemy_attacks", when=lambda s, c: c["ev"]["card"] == c["card"])
def _ufthak(s: dict, c: dict) -> None:
    add_resources(s, c["card"], 1)


@forced("dol_guldur_beastmaster", "enemy_attacks", when=lambda s, c: c["ev"]["card"] == c["card"])
def _beastmaster(s: dict, c: dict) -> None:
    deal_shadow(s, c["card"])


@when_revealed("driven_by_shadow")
def _driven(s: dict, c: dict) -> None:
    if not s["staging"]:
        s["surge"].append(c["card"])
        return
    for u in s["staging"]:
        if info(s, u)["type"] in ("enemy", "location"):   # not an objective
            lasting(s, "phase", u, "threat", 1)


def player_attachments(s: dict, p: str) -> list[str]:
    return [u for u, r in s["inplay"].items() if r["zone"] == "attached" and r["ctrl"] == p]


@shadow("driven_by_shadow")
def _driven_shadow(s: dict, c: dict) -> None:
    if undefended(s):
        for u in player_attachments(s, c["player"]):
            if u in s["inplay"]:
                host = s["inplay"][u]["on"]
                leave_play(s, u)
                check_destroyed(s, host)  # e.g. Citadel Plate gone: its hero may have too much damage
        return
    d = [x for x in s["attack"]["defenders"] if x in s["inplay"]]
    atts = [a for x in d for a in s["inplay"][x]["att"]]
    choose(s, c["player"], "discard_attachment", atts, discard_attachment)


@when_revealed("the_necromancers_reach")
def _reach(s: dict, c: dict) -> None:
    for u in list(chars(s)):
        if u in s["inplay"] and s["inplay"][u]["exhausted"]:
            deal_damage(s, u, 1)


def _pass_ok(s: dict, c: dict) -> bool:
    return len(s["players"][first_player(s)]["hand"]) >= 2


@travel("necromancers_pass", when=_pass_ok)
def _pass(s: dict, c: dict) -> None:
    p = first_player(s)
    hand = s["players"][p]["hand"]
    for _ in range(2):
        u = hand[rng_below(s, len(hand))]
        hand.remove(u)
        s["players"][p]["discard"].append(u)
        emit(s, "discarded", player=p, card=u, id=s["ids"][u], random=True)


# ---- Passage Through Mirkwood --------------------------------------------------------------------

@forced("forest_spider", "engaged", when=lambda s, c: c["ev"]["card"] == c["card"])
def _spider(s: dict, c: dict) -> None:
    lasting(s, "round", c["card"], "attack", 1)


@shadow("forest_spider")
def _spider_shadow(s: dict, c: dict) -> None:
    choose(s, c["player"], "discard_attachment", player_attachments(s, c["player"]), discard_attachment)


@shadow("east_bight_patrol")
def _patrol(s: dict, c: dict) -> None:
    bonus(s, 1)
    if undefended(s):
        raise_threat(s, c["player"], 3)


@when_revealed("black_forest_bats")
def _bats(s: dict, c: dict) -> None:
    each_player(s, _bats_player_removes)


@task("bats_remove")
def _bats_player_removes(s: dict, t: dict) -> None:
    mine = [u for u in s["committed"] if u in s["inplay"] and s["inplay"][u]["ctrl"] == t["player"]]
    choose(s, t["player"], "remove_from_quest", mine, _bats_character_removed)


@task("bats_removed")
def _bats_character_removed(s: dict, t: dict) -> None:
    if t["choice"] in s["committed"]:
        s["committed"].remove(t["choice"])
        emit(s, "removed_from_quest", card=t["choice"])


@forced("old_forest_road", "traveled", when=lambda s, c: c["ev"]["card"] == c["card"])
def _old_road(s: dict, c: dict) -> None:
    p = first_player(s)
    opts = [u for u in chars(s, p) if s["inplay"][u]["exhausted"]]
    choose(s, p, "ready_character", opts, ready_chosen, optional=True)


@forced("forest_gate", "traveled", when=lambda s, c: c["ev"]["card"] == c["card"])
def _gate(s: dict, c: dict) -> None:
    choose(s, first_player(s), "draw_two", ["draw"], _gate_player_draws, optional=True, player=first_player(s))


@task("forest_gate.draw")
def _gate_player_draws(s: dict, t: dict) -> None:
    draw(s, t["player"], 2)


plain("old_forest_road", "forest_gate")
__all__ = ["QUESTS"]
