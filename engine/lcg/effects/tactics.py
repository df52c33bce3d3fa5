"""Tactics: Gimli, Legolas, Thalin and the Tactics player cards."""
from __future__ import annotations

from ..board import add_resources, deal_damage, progress_quest
from ..combat import eligible_attackers, resolve_player_attack
from ..flow import T, task
from ..state import active_players, emit, has_trait, info, keyword
from . import action, attached_modifier, attachment, event, event_response, hook, modifier, plain, response
from .common import chars, choose, enemies, engaged_enemies, heroes, lasting, ready_, self_event

plain("veteran_axehand", "horseback_archer")


def _thalin(s: dict, uid: str, revealed: str) -> None:
    """While Thalin is committed to the quest, each enemy revealed from the encounter deck takes 1 damage."""
    if uid in s["committed"] and revealed in s["inplay"] and info(s, revealed)["type"] == "enemy":
        deal_damage(s, revealed, 1, source="thalin")


hook("thalin", on_reveal=_thalin)

modifier("gimli", lambda s, u, stat: s["inplay"][u]["dmg"] if stat == "attack" else 0)


@response("legolas", "enemy_destroyed", when=lambda s, c: c["card"] in c["ev"].get("attackers", []))
def _legolas(s: dict, c: dict) -> None:
    progress_quest(s, 2)


@response("gondorian_spearman", "defender_declared", when=lambda s, c: self_event(c) and s["attack"])
def _spearman(s: dict, c: dict) -> None:
    deal_damage(s, s["attack"]["enemy"], 1)


@action("beorn", limit=("round", 1))
def _beorn(s: dict, c: dict) -> None:
    lasting(s, "phase", c["card"], "attack", 5)
    s["delayed"].append({"at": "end_phase", "task": T(_beorn_shuffle, card=c["card"])})


@task("beorn.shuffle")
def _beorn_shuffle(s: dict, t: dict) -> None:
    from ..board import leave_play
    from ..state import forget_deck
    if t["card"] in s["inplay"]:
        owner = s["owner"][t["card"]]
        leave_play(s, t["card"], to="deck")
        forget_deck(s, owner)


@event("blade_mastery", when=lambda s, c: chars(s))
def _blade_mastery(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_character", chars(s), _blade_mastery_chosen)


@task("blade_mastery.boost")
def _blade_mastery_chosen(s: dict, t: dict) -> None:
    lasting(s, "phase", t["choice"], "attack", 1)
    lasting(s, "phase", t["choice"], "defense", 1)


def _ranged_ready(s: dict, p: str) -> list[str]:
    return [u for u in chars(s, p) if ready_(s, u) and keyword(s, u, "ranged")]


@event("rain_of_arrows", when=lambda s, c: _ranged_ready(s, c["player"]))
def _rain(s: dict, c: dict) -> None:
    choose(s, c["player"], "exhaust_character", _ranged_ready(s, c["player"]), _rain_character_exhausted,
           player=c["player"])


@task("rain_of_arrows.exhausted")
def _rain_character_exhausted(s: dict, t: dict) -> None:
    s["inplay"][t["choice"]]["exhausted"] = True
    choose(s, t["player"], "choose_player", active_players(s), _rain_player_chosen)


@task("rain_of_arrows.hit")
def _rain_player_chosen(s: dict, t: dict) -> None:
    for e in list(s["players"][t["choice"]]["engaged"]):
        deal_damage(s, e, 1)


@event("feint", phases=("combat",), when=lambda s, c: engaged_enemies(s))
def _feint(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_enemy", engaged_enemies(s), _feint_enemy_chosen)


@task("feint.stop")
def _feint_enemy_chosen(s: dict, t: dict) -> None:
    e = t["choice"]
    p = s["inplay"][e].get("ctrl_eng") if e in s["inplay"] else None
    if p:
        lasting(s, "phase", e, flag="cannot_attack", player=p)


def _quick_strike_attackers(s: dict, p: str) -> list[str]:
    return [u for u in chars(s, p) if ready_(s, u) and any(eligible_attackers(s, p, e, []) and u in
                                                             eligible_attackers(s, p, e, []) for e in enemies(s))]


@event("quick_strike", when=lambda s, c: _quick_strike_attackers(s, c["player"]))
def _quick_strike(s: dict, c: dict) -> None:
    choose(s, c["player"], "attacker", _quick_strike_attackers(s, c["player"]), _quick_strike_attacker_chosen, player=c["player"])


@task("quick_strike.attacker")
def _quick_strike_attacker_chosen(s: dict, t: dict) -> None:
    u, p = t["choice"], t["player"]
    targets = [e for e in enemies(s) if u in eligible_attackers(s, p, e, [])]
    s["inplay"][u]["exhausted"] = True
    choose(s, p, "choose_enemy", targets, _quick_strike_enemy_chosen, player=p, attacker=u)


@task("quick_strike.attack")
def _quick_strike_enemy_chosen(s: dict, t: dict) -> None:
    resolve_player_attack(s, t["player"], t["choice"], [t["attacker"]])


@event("thicket_of_spears", distinct_payers=3)
def _thicket(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", active_players(s), _thicket_player_chosen)


@task("thicket_of_spears.stop")
def _thicket_player_chosen(s: dict, t: dict) -> None:
    for e in s["players"][t["choice"]]["engaged"]:
        lasting(s, "phase", e, flag="cannot_attack", player=t["choice"])
    emit(s, "no_attacks", player=t["choice"])


@event_response("swift_strike", "defender_declared", when=lambda s, c: s["attack"] is not None)
def _swift(s: dict, c: dict) -> None:
    deal_damage(s, s["attack"]["enemy"], 2)


@event("stand_together")
def _stand_together(s: dict, c: dict) -> None:
    choose(s, c["player"], "choose_player", active_players(s), _stand_together_player_chosen)


@task("stand_together.on")
def _stand_together_player_chosen(s: dict, t: dict) -> None:
    s["lasting"].append({"until": "phase", "flag": "several_defenders", "player": t["choice"]})


# ---- attachments ---------------------------------------------------------------------------------

def _any_hero(s: dict, c: dict) -> list[str]:
    return heroes(s)


attachment("blade_of_gondolin", targets=_any_hero)
hook("blade_of_gondolin", attack_bonus=lambda s, a, attacker, enemy, alone: 1 if has_trait(s, enemy, "orc") else 0)


@response("blade_of_gondolin", "enemy_destroyed",
          when=lambda s, c: s["inplay"][c["card"]]["on"] in c["ev"].get("attackers", []))
def _blade(s: dict, c: dict) -> None:
    progress_quest(s, 1)


attachment("citadel_plate", targets=_any_hero)
attached_modifier("citadel_plate", lambda s, a, h, stat: 4 if stat == "hit_points" else 0)
attachment("dwarven_axe", targets=_any_hero)
attached_modifier("dwarven_axe", lambda s, a, h, stat: (2 if has_trait(s, h, "dwarf") else 1) if stat == "attack" else 0)
attachment("horn_of_gondor", targets=_any_hero)


@response("horn_of_gondor", "character_destroyed", when=lambda s, c: c["card"] in s["inplay"])
def _horn(s: dict, c: dict) -> None:
    add_resources(s, s["inplay"][c["card"]]["on"], 1)
