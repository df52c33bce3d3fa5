"""Spirit: Éowyn, Eleanor, Dunhere and the Spirit player cards."""
from __future__ import annotations

from ..board import (
    change_control,
    engage,
    progress_location,
    put_into_play,
    raise_threat,
    reduce_threat,
    to_staging,
    unique_in_play,
)
from ..flow import task
from ..state import active_players, emit, forget_deck, info, rng_shuffle
from . import action, attached_modifier, attachment, event, event_response, hook, response
from .common import (
    choose,
    discarded,
    engaged_enemies,
    exhausted,
    heroes,
    lasting,
    locations,
    ready_,
    self_event,
)

# ---- heroes --------------------------------------------------------------------------------------

# Dunhere may attack an enemy in the staging area, alone, and then gets +1 attack
hook("dunhere", attacks_staging=True,
     attack_bonus=lambda s, u, attacker, enemy, alone: 1 if alone and s["inplay"][enemy]["zone"] == "staging" else 0)


@action("eowyn", limit=("round", 1), limit_player=True, any_player=True,
        when=lambda s, c: bool(s["players"][c["player"]]["hand"]))
def _eowyn(s: dict, c: dict) -> None:
    choose(s, c["player"], "discard_from_hand", list(s["players"][c["player"]]["hand"]), _eowyn_card_discarded,
           player=c["player"], hero=c["card"])


@task("eowyn.discard")
def _eowyn_card_discarded(s: dict, t: dict) -> None:
    discard_from_hand(s, t["player"], t["choice"])
    if t["hero"] in s["inplay"]:
        lasting(s, "phase", t["hero"], "willpower", 1)


def discard_from_hand(s: dict, player: str, uid: str) -> None:
    hand = s["players"][player]["hand"]
    if uid in hand:
        hand.remove(uid)
        s["players"][player]["discard"].append(uid)
        emit(s, "discarded", player=player, card=uid, id=s["ids"][uid])


@response("eleanor", "revealed",
          when=lambda s, c: ready_(s, c["card"]) and c["ev"]["type"] == "treachery"
          and c["ev"]["card"] not in s["cancelled"])
def _eleanor(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    s["cancelled"].append(c["ev"]["card"])
    s["replace"].append(c["ev"]["card"])


# ---- allies --------------------------------------------------------------------------------------

@action("wandering_took", when=lambda s, c: len(active_players(s)) > 1)
def _took(s: dict, c: dict) -> None:
    others = [p for p in active_players(s) if p != c["player"]]
    choose(s, c["player"], "choose_player", others, _took_player_chosen, player=c["player"], card=c["card"])


@task("wandering_took.give")
def _took_player_chosen(s: dict, t: dict) -> None:
    uid, p, q = t["card"], t["player"], t["choice"]
    if uid not in s["inplay"] or s["inplay"][uid]["ctrl"] != p:
        return
    reduce_threat(s, p, 3)
    change_control(s, uid, q)
    raise_threat(s, q, 3)


@response("lorien_guide", "committed", when=lambda s, c: self_event(c) and s["active"])
def _lorien_guide(s: dict, c: dict) -> None:
    progress_location(s, s["active"], 1)


@response("northern_tracker", "committed",
          when=lambda s, c: self_event(c) and any(info(s, u)["type"] == "location" for u in s["staging"]))
def _tracker(s: dict, c: dict) -> None:
    for u in [u for u in s["staging"] if info(s, u)["type"] == "location"]:
        progress_location(s, u, 1)


# ---- events --------------------------------------------------------------------------------------

@event("the_galadhrims_greeting")
def _greeting(s: dict, c: dict) -> None:
    choose(s, c["player"], "threat_choice", active_players(s) + ["each"], _greeting_choice_made)


@task("greeting.do")
def _greeting_choice_made(s: dict, t: dict) -> None:
    if t["choice"] == "each":
        for p in active_players(s):
            reduce_threat(s, p, 2)
    elif not s["players"][t["choice"]]["out"]:
        reduce_threat(s, t["choice"], 6)


def _spirit_ready(s: dict, p: str) -> list[str]:
    from .common import chars
    return [u for u in chars(s, p) if ready_(s, u) and info(s, u)["sphere"] == "spirit"]


@event_response("strength_of_will", "traveled", when=lambda s, c: _spirit_ready(s, c["player"]))
def _strength_of_will(s: dict, c: dict) -> None:
    choose(s, c["player"], "exhaust_character", _spirit_ready(s, c["player"]), _strength_of_will_exhausted,
           loc=c["ev"]["card"])


@task("strength_of_will.do")
def _strength_of_will_exhausted(s: dict, t: dict) -> None:
    s["inplay"][t["choice"]]["exhausted"] = True
    progress_location(s, t["loc"], 2)


@event_response("hasty_stroke", "shadow", when=lambda s, c: c["ev"]["card"] not in s["cancelled"])
def _hasty(s: dict, c: dict) -> None:
    s["cancelled"].append(c["ev"]["card"])


@event("will_of_the_west", when=lambda s, c: any(discarded(s, p) for p in active_players(s)))
def _wotw(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", [p for p in active_players(s) if discarded(s, p)],
           _will_of_the_west_player_chosen)


@task("will_of_the_west.do")
def _will_of_the_west_player_chosen(s: dict, t: dict) -> None:
    p = s["players"][t["choice"]]
    back = discarded(s, t["choice"])
    p["deck"] += back
    p["discard"] = [u for u in p["discard"] if u not in back]   # dead heroes stay where they are
    rng_shuffle(s, p["deck"])
    forget_deck(s, t["choice"])
    emit(s, "shuffled_discard", player=t["choice"])


@event_response("a_test_of_will", "revealed", when=lambda s, c: c["ev"]["card"] not in s["cancelled"])
def _atow(s: dict, c: dict) -> None:
    s["cancelled"].append(c["ev"]["card"])


def _discarded_allies(s: dict) -> list[str]:
    return [u for p in active_players(s) for u in discarded(s, p) if info(s, u)["type"] == "ally"
            and not (info(s, u)["unique"] and unique_in_play(s, s["ids"][u]))]


def _saf_x(s: dict, c: dict) -> list[int]:
    return sorted({info(s, u)["cost"] or 0 for u in _discarded_allies(s)})


@event("stand_and_fight", x_cost=_saf_x)
def _saf(s: dict, c: dict) -> None:
    opts = [u for u in _discarded_allies(s) if (info(s, u)["cost"] or 0) == c["x"]]
    choose(s, c["player"], "ally_from_discard", opts, _stand_and_fight_ally_chosen, player=c["player"])


@task("stand_and_fight.put")
def _stand_and_fight_ally_chosen(s: dict, t: dict) -> None:
    uid = t["choice"]
    owner = s["owner"][uid]
    if uid in s["players"][owner]["discard"]:
        put_into_play(s, uid, t["player"], from_zone=s["players"][owner]["discard"])


@event("a_light_in_the_dark", when=lambda s, c: engaged_enemies(s))
def _light(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_enemy", engaged_enemies(s), _light_enemy_chosen)


@task("a_light_in_the_dark.do")
def _light_enemy_chosen(s: dict, t: dict) -> None:
    if t["choice"] in s["inplay"]:
        to_staging(s, t["choice"])


def _spirit_discards(s: dict, p: str) -> list[str]:
    return [u for u in discarded(s, p) if info(s, u)["sphere"] == "spirit"]


@event("dwarven_tomb", when=lambda s, c: _spirit_discards(s, c["player"]))
def _tomb(s: dict, c: dict) -> None:
    choose(s, c["player"], "card_from_discard", _spirit_discards(s, c["player"]), _tomb_card_chosen,
           player=c["player"])


@task("dwarven_tomb.do")
def _tomb_card_chosen(s: dict, t: dict) -> None:
    p = s["players"][t["player"]]
    if t["choice"] in p["discard"]:
        p["discard"].remove(t["choice"])
        p["hand"].append(t["choice"])
        emit(s, "returned_to_hand", player=t["player"], card=t["choice"], id=s["ids"][t["choice"]])


def _dead_heroes(s: dict) -> list[str]:
    return [u for p in active_players(s) for u in s["players"][p]["discard"] if info(s, u)["type"] == "hero"
            and not unique_in_play(s, s["ids"][u])]


@event("fortune_or_fate", when=lambda s, c: _dead_heroes(s))
def _fof(s: dict, c: dict) -> None:
    choose(s, c["player"], "hero_from_discard", _dead_heroes(s), _fortune_or_fate_hero_chosen)


@task("fortune_or_fate.do")
def _fortune_or_fate_hero_chosen(s: dict, t: dict) -> None:
    uid = t["choice"]
    owner = s["owner"][uid]
    p = s["players"][owner]
    if uid in p["discard"] and not p["out"]:
        if uid in p["dead"]:
            p["dead"].remove(uid)
        put_into_play(s, uid, owner, from_zone=p["discard"])


# ---- attachments ---------------------------------------------------------------------------------

attachment("the_favor_of_the_lady", targets=lambda s, c: heroes(s))
attached_modifier("the_favor_of_the_lady", lambda s, a, h, stat: 1 if stat == "willpower" else 0)
attachment("power_in_the_earth", targets=lambda s, c: locations(s))
attached_modifier("power_in_the_earth", lambda s, a, h, stat: -1 if stat == "threat" else 0)
attachment("unexpected_courage", targets=lambda s, c: heroes(s))


@action("unexpected_courage", when=lambda s, c: ready_(s, c["card"]) and exhausted(s, s["inplay"][c["card"]]["on"]))
def _courage(s: dict, c: dict) -> None:
    s["inplay"][c["card"]]["exhausted"] = True
    s["inplay"][s["inplay"][c["card"]]["on"]]["exhausted"] = False
    emit(s, "readied", card=s["inplay"][c["card"]]["on"])


__all__ = ["engage"]
