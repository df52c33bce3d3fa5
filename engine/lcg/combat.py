"""The combat phase: shadow cards, enemy attacks (player by player), then player attacks."""
from __future__ import annotations

from .board import deal_damage, destroy, leave_play, raise_threat
from .effects import REGISTRY, abilities
from .flow import T, ask, push, seq, task
from .state import active_players, emit, info, keyword, new_record
from .stats import has_flag, player_flag, stat
from .triggers import trigger

# ---- shadow cards --------------------------------------------------------------------------------

def deal_shadow(s: dict, enemy: str) -> bool:
    if not s["options"]["shadows"] or not s["edeck"]:
        return False
    uid = s["edeck"].pop()
    from .state import forget_encounter
    forget_encounter(s)
    s["inplay"][enemy]["shadow"].append(uid)
    emit(s, "shadow_dealt", enemy=enemy)
    trigger(s, {"name": "shadow_dealt", "card": uid, "enemy": enemy,
                "player": s["inplay"][enemy].get("ctrl_eng")})
    return True


@task("deal_shadows")
def _deal_shadows(s: dict, t: dict) -> None:
    for p in active_players(s):
        eng = sorted(s["players"][p]["engaged"], key=lambda u: -stat(s, u, "engagement"))
        for e in eng:
            deal_shadow(s, e)


# ---- enemy attacks -------------------------------------------------------------------------------

@task("enemy_attacks")
def _enemy_attacks(s: dict, t: dict) -> None:
    p = t["player"]
    if s["players"][p]["out"]:
        return
    left = [e for e in s["players"][p]["engaged"] if e not in s["attacked"]]
    if not left:
        return
    push(s, "enemy_attacks", player=p)
    if len(left) == 1:
        push(s, "enemy_attack", enemy=left[0], player=p)
    else:
        ask(s, "choose", p, prompt="next_attack", options=left, optional=False, then="enemy_attack",
            args={"player": p})


def may_defend(s: dict, decider: str) -> list[str]:
    """Ready characters `decider` may declare as defenders of the current attack: their own when the attack
    is against them; their Sentinel characters when it is against another player (rulebook, Sentinel)."""
    a = s["attack"]
    out = []
    for u in s["players"][decider]["heroes"] + s["players"][decider]["allies"]:
        if s["inplay"][u]["exhausted"] or u in a["defenders"] or has_flag(s, u, "cannot_defend"):
            continue
        if decider == a["player"] or keyword(s, u, "sentinel"):
            out.append(u)
    return out


@task("enemy_attack")
def _enemy_attack(s: dict, t: dict) -> None:
    e, p = t.get("enemy") or t["choice"], t["player"]
    s["attacked"].append(e)
    if e not in s["inplay"] or s["inplay"][e].get("ctrl_eng") != p:
        return
    if has_flag(s, e, "cannot_attack", p) or player_flag(s, p, "no_attacks"):
        emit(s, "attack_prevented", enemy=e, player=p)
        return
    s["attack"] = {"enemy": e, "player": p, "defenders": [], "bonus": 0, "no_defense": False,
                   "declared": False}
    emit(s, "enemy_attacks", enemy=e, id=s["ids"][e], player=p)
    seq(s, T("declare_defenders"), T("window", name="defense"), T("resolve_shadows"), T("attack_damage"),
        T("attack_done"))
    trigger(s, {"name": "enemy_attacks", "card": e, "player": p})


@task("declare_defenders")
def _declare(s: dict, t: dict) -> None:
    a = s["attack"]
    if a is None or a["enemy"] not in s["inplay"]:
        return
    if a["defenders"] and not player_flag(s, a["player"], "several_defenders"):
        return
    if may_defend(s, a["player"]):
        ask(s, "defend", a["player"], enemy=a["enemy"])
    elif not a["defenders"]:
        no_defender(s)


def no_defender(s: dict) -> None:
    """The attacked player declares no defender: each other player, in turn order, may then declare one of
    their ready Sentinel characters (the character's controller decides); the attack is undefended if
    nobody does."""
    a = s["attack"]
    push(s, "undefended_check")
    for q in reversed([q for q in active_players(s) if q != a["player"]]):
        push(s, "sentinel", player=q)


@task("sentinel")
def _sentinel(s: dict, t: dict) -> None:
    a = s["attack"]
    if a is None or a["enemy"] not in s["inplay"] or a["defenders"]:
        return
    if may_defend(s, t["player"]):
        ask(s, "defend", t["player"], enemy=a["enemy"], sentinel=True)


@task("undefended_check")
def _undefended_check(s: dict, t: dict) -> None:
    a = s["attack"]
    if a is not None and not a["defenders"]:
        emit(s, "undefended", enemy=a["enemy"], player=a["player"])


def declare_defender(s: dict, uid: str) -> None:
    a = s["attack"]
    s["inplay"][uid]["exhausted"] = True
    a["defenders"].append(uid)
    emit(s, "defender", card=uid, enemy=a["enemy"], player=a["player"])
    push(s, "declare_defenders")
    trigger(s, {"name": "defender_declared", "card": uid, "enemy": a["enemy"], "player": a["player"]})


@task("resolve_shadows")
def _resolve_shadows(s: dict, t: dict) -> None:
    a = s["attack"]
    if a is None or a["enemy"] not in s["inplay"]:
        return
    r = s["inplay"][a["enemy"]]
    pending = [u for u in r["shadow"] if u not in r.get("shadow_up", [])]
    if not pending:
        return
    uid = pending[0]
    r.setdefault("shadow_up", []).append(uid)
    emit(s, "shadow_revealed", enemy=a["enemy"], card=uid, id=s["ids"][uid])
    push(s, "resolve_shadows")
    if abilities(s["ids"][uid], "shadow"):
        push(s, "shadow_effect", card=uid)
        trigger(s, {"name": "shadow", "card": uid, "enemy": a["enemy"], "player": a["player"]})
    else:
        trigger(s, {"name": "no_shadow_effect", "card": uid, "enemy": a["enemy"], "player": a["player"]})


@task("shadow_effect")
def _shadow_effect(s: dict, t: dict) -> None:
    uid = t["card"]
    if uid in s["cancelled"]:
        s["cancelled"].remove(uid)
        emit(s, "cancelled", card=uid, id=s["ids"][uid])
        return
    a = s["attack"]
    if a is None:
        return
    push(s, "shadow_resolved", card=uid, enemy=a["enemy"], player=a["player"])   # once the effect is done
    for ab in abilities(s["ids"][uid], "shadow"):
        ab.fn(s, {"player": a["player"], "card": uid, "ev": {"name": "shadow", "enemy": a["enemy"]}})


@task("shadow_resolved")
def _shadow_resolved(s: dict, t: dict) -> None:
    trigger(s, {"name": "shadow_resolved", "card": t["card"], "enemy": t["enemy"], "player": t["player"]})


def undefended(s: dict) -> bool:
    a = s["attack"]
    return not [d for d in a["defenders"] if d in s["inplay"]]


def attack_strength(s: dict) -> int:
    a = s["attack"]
    return stat(s, a["enemy"], "attack") + a["bonus"]


@task("attack_damage")
def _attack_damage(s: dict, t: dict) -> None:
    a = s["attack"]
    if a is None or a["enemy"] not in s["inplay"] or s["players"][a["player"]]["out"]:
        return
    atk = attack_strength(s)
    defenders = [d for d in a["defenders"] if d in s["inplay"]]
    if defenders:
        defense = 0 if a["no_defense"] else sum(stat(s, d, "defense") for d in defenders)
        dmg = max(0, atk - defense)
        emit(s, "attack", enemy=a["enemy"], strength=atk, defense=defense, damage=dmg)
        if dmg and len(defenders) > 1:
            ask(s, "choose", a["player"], prompt="assign_damage", options=defenders, optional=False,
                then="damage_to", args={"amount": dmg})
        elif dmg:
            combat_damage(s, defenders[0], dmg)
        return
    heroes = s["players"][a["player"]]["heroes"]
    emit(s, "attack", enemy=a["enemy"], strength=atk, defense=0, damage=atk, undefended=True)
    if atk and len(heroes) > 1:
        ask(s, "choose", a["player"], prompt="undefended_damage", options=list(heroes), optional=False,
            then="damage_to", args={"amount": atk})
    elif atk and heroes:
        combat_damage(s, heroes[0], atk)


def combat_damage(s: dict, uid: str, n: int) -> None:
    """Damage of the current enemy attack to a character. Damage beyond what it could still take raises
    the defending player's threat when the attacker says so (Hill Troll)."""
    a = s["attack"]
    room = max(0, stat(s, uid, "hit_points") - s["inplay"][uid]["dmg"]) if uid in s["inplay"] else 0
    deal_damage(s, uid, n)
    d = REGISTRY.get(s["ids"][a["enemy"]]) if a else None
    if d is not None and d.excess_to_threat and n > room:
        raise_threat(s, a["player"], n - room)


@task("damage_to")
def _damage_to(s: dict, t: dict) -> None:
    combat_damage(s, t["choice"], t["amount"])


@task("attack_done")
def _attack_done(s: dict, t: dict) -> None:
    a = s["attack"]
    s["attack"] = None
    if a and a["enemy"] in s["inplay"]:
        trigger(s, {"name": "enemy_attacked", "card": a["enemy"], "player": a["player"]})


def shadow_attack(s: dict, uid: str, player: str) -> None:
    """A shadow card that attacks too (Wolf Rider): it leaves the attacker's shadow cards and becomes an
    enemy engaged with the defending player, gets its own shadow card, and attacks them in turn this combat
    phase; after combat it goes back on top of the encounter deck."""
    host = s["inplay"][s["attack"]["enemy"]]
    host["shadow"].remove(uid)
    host.get("shadow_up", []).remove(uid)
    r = new_record(s, uid, None, None, "engaged")
    r["ctrl_eng"] = player
    r["back_on_top"] = True
    s["players"][player]["engaged"].append(uid)
    emit(s, "engaged", enemy=uid, id=s["ids"][uid], player=player, optional=False)
    deal_shadow(s, uid)


@task("end_combat")
def _end_combat(s: dict, t: dict) -> None:
    for uid in [u for u, r in s["inplay"].items() if r.get("back_on_top")]:
        leave_play(s, uid, to="encounter_top")
    for r in s["inplay"].values():
        if r["shadow"]:
            s["ediscard"].extend(r["shadow"])
            r["shadow"] = []
        r.pop("shadow_up", None)
    s["attacked"] = []
    s["attacked_by"] = {}


# ---- player attacks ------------------------------------------------------------------------------

def eligible_attackers(s: dict, player: str, enemy: str, chosen: list, joining: bool = False) -> list[str]:
    """`player`'s characters that may still join the attack on `enemy`. Attacking an enemy engaged with
    another player, or joining another player's attack (`joining`), takes Ranged characters (rulebook,
    Ranged); only Dunhere attacks the staging area, alone."""
    r = s["inplay"][enemy]
    other = joining or (r["zone"] == "engaged" and r["ctrl_eng"] != player)
    staging = r["zone"] == "staging"
    if staging and (chosen or joining):
        return []
    out = []
    for u in s["players"][player]["heroes"] + s["players"][player]["allies"]:
        if s["inplay"][u]["exhausted"] or u in chosen or has_flag(s, u, "cannot_attack"):
            continue
        if staging and not REGISTRY[s["ids"][u]].attacks_staging:
            continue
        if other and not keyword(s, u, "ranged"):
            continue
        out.append(u)
    return out


def attack_targets(s: dict, player: str) -> list[str]:
    done = s["attacked_by"].get(player, [])
    out = []
    for q in active_players(s):
        for e in s["players"][q]["engaged"]:
            if e not in done and eligible_attackers(s, player, e, []):
                out.append(e)
    for e in s["staging"]:
        if info(s, e)["type"] == "enemy" and e not in done and eligible_attackers(s, player, e, []):
            out.append(e)
    return out


@task("player_attacks")
def _player_attacks(s: dict, t: dict) -> None:
    p = t["player"]
    if s["players"][p]["out"] or not attack_targets(s, p):
        return
    ask(s, "attack", p)


def attack_value(s: dict, uid: str, enemy: str, alone: bool) -> int:
    """An attacker's strength against `enemy`: its attack plus the bonuses of its own card and attachments."""
    v = stat(s, uid, "attack")
    for src in [uid] + s["inplay"][uid]["att"]:
        d = REGISTRY.get(s["ids"][src])
        if d is not None and d.attack_bonus is not None:
            v += d.attack_bonus(s, src, uid, enemy, alone)
    return v


def attackers_done(s: dict, player: str) -> None:
    """`player` has declared their attackers: each other player, in turn order, may add Ranged characters
    of theirs (their controller decides), then the attack resolves."""
    pa = s["player_attack"]
    if pa["player"] != player:
        return
    s["attacked_by"].setdefault(player, []).append(pa["enemy"])
    push(s, "player_attacks", player=player)
    push(s, "player_attack_resolve")
    for q in reversed([q for q in active_players(s) if q != player]):
        push(s, "ranged_join", player=q)


@task("ranged_join")
def _ranged_join(s: dict, t: dict) -> None:
    pa, q = s["player_attack"], t["player"]
    if pa["enemy"] in s["inplay"] and eligible_attackers(s, q, pa["enemy"], pa["attackers"], joining=True):
        ask(s, "attackers", q, enemy=pa["enemy"], chosen=list(pa["attackers"]), joining=pa["player"])


@task("player_attack_resolve")
def _player_attack_resolve(s: dict, t: dict) -> None:
    pa = s.pop("player_attack")
    resolve_player_attack(s, pa["player"], pa["enemy"], pa["attackers"])


def resolve_player_attack(s: dict, player: str, enemy: str, attackers: list) -> None:
    live = [u for u in attackers if u in s["inplay"]]
    if enemy not in s["inplay"] or not live:
        return
    total = sum(attack_value(s, u, enemy, len(attackers) == 1) for u in live)
    dmg = max(0, total - stat(s, enemy, "defense"))
    emit(s, "player_attack", player=player, enemy=enemy, attackers=live, strength=total, damage=dmg)
    deal_damage(s, enemy, dmg, attackers=live)


__all__ = ["T", "destroy"]
