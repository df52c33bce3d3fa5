"""Leadership: Aragorn, Théodred, Glóin and the Leadership player cards."""
from __future__ import annotations

from ..board import add_resources, deal_damage, engage, leave_play, put_into_play, unique_in_play
from ..flow import T, task
from ..state import draw, emit, has_trait, info
from . import action, attached_modifier, attachment, event, event_response, hook, plain, response
from .common import (
    allies,
    chars,
    choose,
    engaged_enemies,
    exhausted,
    heroes,
    lasting,
    locations,
    ready_,
    ready_chosen,
    self_event,
    staging_of,
)

plain("guard_of_the_citadel", "silverlode_archer")


# ---- heroes --------------------------------------------------------------------------------------

# Aragorn (the Core Set card; the community data omits its text): Response: after Aragorn commits to a
# quest, spend 1 resource from his resource pool to ready him.
@response("aragorn", "committed",
          when=lambda s, c: self_event(c) and s["inplay"][c["card"]]["res"] >= 1 and exhausted(s, c["card"]))
def _aragorn(s: dict, c: dict) -> None:
    r = s["inplay"][c["card"]]
    r["res"] -= 1
    r["exhausted"] = False
    emit(s, "readied", card=c["card"])


@response("theodred", "committed", when=lambda s, c: self_event(c) and _committed_heroes(s))
def _theodred(s: dict, c: dict) -> None:
    choose(s, c["player"], "theodred", _committed_heroes(s), _theodred_add)


def _committed_heroes(s: dict) -> list[str]:
    return [u for u in s["committed"] if u in s["inplay"] and info(s, u)["type"] == "hero"]


@task("theodred.add")
def _theodred_add(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        add_resources(s, t["choice"], 1)


@response("gloin", "damaged", when=lambda s, c: self_event(c) and c["card"] in s["inplay"])
def _gloin(s: dict, c: dict) -> None:
    add_resources(s, c["card"], c["ev"]["amount"])


# ---- allies --------------------------------------------------------------------------------------

@action("faramir", when=lambda s, c: ready_(s, c["card"]))
def _faramir(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    from ..state import active_players
    choose(s, c["player"], "choose_player", active_players(s), _faramir_boost)


@task("faramir.boost")
def _faramir_boost(s: dict, t: dict) -> None:
    for u in chars(s, t["choice"]):
        lasting(s, "phase", u, "willpower", 1)
    emit(s, "boost", player=t["choice"], stat="willpower", amount=1)


def _son_targets(s: dict, c: dict) -> list[str]:
    return staging_of(s, "enemy") + [e for p in s["players"] if p != c["player"] and not s["players"][p]["out"]
                                     for e in s["players"][p]["engaged"]]


@response("son_of_arnor", "enters", when=lambda s, c: self_event(c) and _son_targets(s, c))
def _son_of_arnor(s: dict, c: dict) -> None:
    choose(s, c["player"], "engage_enemy", _son_targets(s, c), _son_engage, player=c["player"])


@task("son_of_arnor.engage")
def _son_engage(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        engage(s, t["choice"], t["player"])


@response("snowbourn_scout", "enters", when=lambda s, c: self_event(c) and locations(s))
def _snowbourn(s: dict, c: dict) -> None:
    choose(s, c["player"], "progress_location", locations(s), _snowbourn_progress)


@task("snowbourn_scout.progress")
def _snowbourn_progress(s: dict, t: dict) -> None:
    from ..board import progress_location
    progress_location(s, t["choice"], 1)


def _orcs(s: dict) -> list[str]:
    from .common import enemies
    return [e for e in enemies(s) if has_trait(s, e, "orc")]


@response("longbeard_orc_slayer", "enters", when=lambda s, c: self_event(c) and _orcs(s))
def _orc_slayer(s: dict, c: dict) -> None:
    for e in _orcs(s):
        deal_damage(s, e, 1)


def _brok_ok(s: dict, c: dict) -> bool:
    ev = c["ev"]
    return (ev.get("type") == "hero" and ev.get("player") == c["player"] and "dwarf" in info(s, ev["card"])["traits"]
            and not unique_in_play(s, "brok_ironfist"))


event_response("brok_ironfist", "left_play", when=_brok_ok, free=True)(lambda s, c: None)


# ---- events --------------------------------------------------------------------------------------

def _exhausted_allies(s: dict) -> list[str]:
    return [u for u in allies(s) if exhausted(s, u)]


@event("ever_vigilant", when=lambda s, c: _exhausted_allies(s))
def _ever_vigilant(s: dict, c: dict) -> None:
    choose(s, c["player"], "ready_ally", _exhausted_allies(s), ready_chosen)


def _common_cause_usable(s: dict, c: dict) -> bool:
    mine = [h for h in heroes(s, c["player"]) if ready_(s, h)]
    return any(exhausted(s, h) for h in heroes(s)) and bool(mine)


@event("common_cause", when=_common_cause_usable)
def _common_cause(s: dict, c: dict) -> None:
    mine = [h for h in heroes(s, c["player"]) if ready_(s, h)]
    choose(s, c["player"], "exhaust_hero", mine, _common_cause_hero_chosen, player=c["player"])


@task("common_cause.ready")
def _common_cause_hero_chosen(s: dict, t: dict) -> None:
    s["inplay"][t["choice"]]["exhausted"] = True
    others = [h for h in heroes(s) if exhausted(s, h) and h != t["choice"]]
    choose(s, t["player"], "ready_hero", others, ready_chosen)


@event("for_gondor")
def _for_gondor(s: dict, c: dict) -> None:
    for u in chars(s):
        lasting(s, "phase", u, "attack", 1)
        if has_trait(s, u, "gondor"):
            lasting(s, "phase", u, "defense", 1)
    emit(s, "boost", player=None, stat="attack", amount=1)


def _sneak_targets(s: dict, c: dict) -> list[str]:
    from ..effects import implemented
    return [u for u in dict.fromkeys(s["players"][c["player"]]["hand"])
            if info(s, u)["type"] == "ally" and implemented(s["ids"][u])
            and not (info(s, u)["unique"] and unique_in_play(s, s["ids"][u]))]


@event("sneak_attack", when=lambda s, c: _sneak_targets(s, c))
def _sneak_attack(s: dict, c: dict) -> None:
    choose(s, c["player"], "ally_from_hand", _sneak_targets(s, c), _sneak_put, player=c["player"])


@task("sneak_attack.put")
def _sneak_put(s: dict, t: dict) -> None:
    uid = t["choice"]
    if uid not in s["players"][t["player"]]["hand"]:
        return
    s["players"][t["player"]]["hand"].remove(uid)
    s["delayed"].append({"at": "end_phase", "task": T(_sneak_return, card=uid)})
    put_into_play(s, uid, t["player"])


@task("sneak_attack.return")
def _sneak_return(s: dict, t: dict) -> None:
    if t["card"] in s["inplay"]:
        leave_play(s, t["card"], to="hand")


@event_response("valiant_sacrifice", "left_play", when=lambda s, c: c["ev"].get("type") == "ally")
def _valiant(s: dict, c: dict) -> None:
    p = c["ev"]["player"]
    if not s["players"][p]["out"]:
        draw(s, p, 2)


@event("grim_resolve")
def _grim_resolve(s: dict, c: dict) -> None:
    for u in chars(s):
        s["inplay"][u]["exhausted"] = False
    emit(s, "readied", card=None)


# ---- attachments ---------------------------------------------------------------------------------

def own_heroes(s: dict, c: dict) -> list[str]:
    return heroes(s, c["player"])


def any_hero(s: dict, c: dict) -> list[str]:
    return heroes(s)


attachment("steward_of_gondor", targets=any_hero)
hook("steward_of_gondor", traits_attached=("gondor",))


@action("steward_of_gondor", when=lambda s, c: ready_(s, c["card"]))
def _steward(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    add_resources(s, s["inplay"][c["card"]]["on"], 2)


attachment("celebrians_stone", targets=any_hero)
attached_modifier("celebrians_stone", lambda s, a, h, stat: 2 if stat == "willpower" else 0)
hook("celebrians_stone", icons_attached=lambda s, a, h: ("spirit",) if s["ids"][h] == "aragorn" else ())

__all__ = ["engaged_enemies"]
