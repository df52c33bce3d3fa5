"""Field battles (p.28-31): the attack, the combat rounds, casualties, cease or retreat, the advance.

A battle is one entry of the decision stack, {"kind": "battle", "step", "side" (who decides now), ...},
run by `proceed` from step to step until a player must choose:

    cards -> roll -> casualties (attacker's losses first, then the defender's) -> cease -> retreat
    -> (next round: cards ...) ; advance when the defender is wiped out or has retreated.

The combat-card step asks a side only when it holds a playable combat card; no card can be played
before part 3, so `playable_combat_cards` is empty and the step logs that nobody played one. Sieges are
not built yet: an army in a region with a Stronghold cannot be attacked (docs/wotr.md).
"""
from __future__ import annotations

from typing import Any

from engine.wotr.armies import (
    LEADER_KIND,
    UNIT_KINDS,
    army_units,
    chars_at,
    check_stacking,
    SETTLEMENTS,
    enter,
    led_by,
    transfer,
)
from engine.wotr.politics import activate, auto_advance
from engine.wotr.state import (
    ADJ,
    CHARS,
    NEIGHBOURS,
    REGIONS,
    SH,
    _emit,
    add_reinforcements,
    add_units,
    army_map,
    at_war,
    controller,
    has_army_unit,
    other,
    place_char,
    roll,
    units_of,
)

MAX_DICE = 5
FIRST_ROUND_SHIELD = ("city", "fortification")    # the attacker hits only on 6 in the first round


# --- who may attack -----------------------------------------------------------------------------------

def attack_targets(s: dict, side: str, led: bool = False, armies: dict | None = None) -> list[tuple[str, str]]:
    """(from, to): an army with a unit of a nation at war next to an enemy army (no Stronghold: sieges
    are not built yet); `led`: with a leader or character among the attackers (a Character die)."""
    out = []
    armies = armies or army_map(s)         # the state's army_map when the caller has it already
    enemy = armies[other(side)]
    for src in sorted(armies[side]):
        if NEIGHBOURS[src].isdisjoint(enemy):
            continue
        targets = [to for to in ADJ[src] if to in enemy and REGIONS[to]["settlement"] != "stronghold"]
        attackers = {n: u for n, u in units_of(s, src, side).items() if at_war(s, n)} if targets else {}
        if army_units(attackers) and (not led or led_by(s, src, side, attackers, False)):
            out += [(src, to) for to in targets]
    return out


def force(s: dict, b: dict, role: str) -> dict:
    """A side's units in the battle: the defender's whole army; the attacker's nations at war."""
    region = b["from"] if role == "attacker" else b["to"]
    units = units_of(s, region, b[role])
    return {n: u for n, u in units.items() if n in b["nations"]} if role == "attacker" else units


def start(s: dict, ev: list, side: str, src: str, to: str) -> None:
    nations = sorted(n for n in units_of(s, src, side) if at_war(s, n))   # the others stay behind (p.35)
    b: dict[str, Any] = {"kind": "battle", "side": side, "step": "cards", "attacker": side, "defender": other(side),
         "from": src, "to": to, "nations": nations, "round": 1, "hits": {}}
    s["ask"].append(b)
    _emit(s, ev, "battle_started", attacker=side, **{"from": src}, to=to, round=1)
    for n in sorted(units_of(s, to, b["defender"])):     # each nation attacked is roused (p.34)
        activate(s, ev, n)
        auto_advance(s, ev, n)
    proceed(s, ev)


# --- the round ----------------------------------------------------------------------------------------

def playable_combat_cards(s: dict, side: str) -> list[str]:
    """Combat cards the side could play now: none before part 3 writes the cards."""
    return []


def proceed(s: dict, ev: list) -> None:
    """Runs the battle's automatic steps until a side must choose or the battle is over."""
    while s["ask"] and s["ask"][-1]["kind"] == "battle":
        b = s["ask"][-1]
        step = b["step"]
        if step == "cards":
            # Part 3 asks here each side holding a playable combat card (attacker first); none can yet.
            assert not any(playable_combat_cards(s, side) for side in (b["attacker"], b["defender"]))
            _emit(s, ev, "combat_cards", round=b["round"], played={})
            b["step"] = "roll"
        elif step == "roll":
            _roll(s, ev, b)
            b.update(step="casualties", side=b["attacker"])
        elif step == "casualties":
            if not _absorb_forced(s, ev, b):
                return
        elif step in ("cease", "retreat", "advance"):
            return
        else:
            raise AssertionError(step)


def _roll(s: dict, ev: list, b: dict) -> None:
    for role in ("attacker", "defender"):
        side = b[role]
        units = force(s, b, role)
        need = 6 if role == "attacker" and b["round"] == 1 and REGIONS[b["to"]]["settlement"] in \
            FIRST_ROUND_SHIELD else 5
        dice = [roll(s) for _ in range(min(MAX_DICE, army_units(units)))]
        misses = sum(d < need for d in dice)
        rerolls = [roll(s) for _ in range(min(MAX_DICE, misses, leadership(s, b, role)))]
        hits = sum(d >= need for d in dice) + sum(d >= need for d in rerolls)
        b["hits"][other(side)] = hits
        _emit(s, ev, "combat_roll", side=side, dice=dice, rerolls=rerolls, need=need, hits=hits)


def leadership(s: dict, b: dict, role: str) -> int:
    """Leaders and Nazgûl count one each, characters their Leadership (p.30)."""
    region, side = (b["from"], b["attacker"]) if role == "attacker" else (b["to"], b["defender"])
    kind = LEADER_KIND[side]
    figures = sum(u.get(kind, 0) for u in force(s, b, role).values())
    return figures + sum(CHARS[c]["leadership"] for c in chars_at(s, region, side))


# --- casualties: the owner chooses, one hit at a time (p.30) -----------------------------------------

def casualty_options(s: dict, b: dict) -> list[dict]:
    role = "attacker" if b["side"] == b["attacker"] else "defender"
    hits = b["hits"][b["side"]]
    out = []
    for n, u in sorted(force(s, b, role).items()):
        if u.get("regular"):
            out.append({"type": "casualty_unit", "nation": n, "kind": "regular"})
        if u.get("elite"):
            out.append({"type": "casualty_unit", "nation": n, "kind": "reduce"})
            if hits >= 2:
                out.append({"type": "casualty_unit", "nation": n, "kind": "elite"})
    return out


def _absorb_forced(s: dict, ev: list, b: dict) -> bool:
    """Applies casualties that leave no choice (every unit lost, or one option); False when the owner
    must choose. Moves on to the defender's casualties, then to the end of the round."""
    while True:
        role = "attacker" if b["side"] == b["attacker"] else "defender"
        units = force(s, b, role)
        hits = b["hits"][b["side"]]
        capacity = sum(u.get("regular", 0) + 2 * u.get("elite", 0) for u in units.values())
        if hits and hits >= capacity:
            for n, u in sorted(units.items()):
                for k in UNIT_KINDS:
                    for _ in range(u.get(k, 0)):
                        lose(s, ev, b, n, k)
            b["hits"][b["side"]] = 0
        elif hits:
            options = casualty_options(s, b)
            if len(options) > 1:
                return False
            take_hit(s, ev, b, options[0]["nation"], options[0]["kind"])
            continue
        if role == "attacker":
            b["side"] = b["defender"]
            continue
        _end_of_round(s, ev, b)
        return True


def take_hit(s: dict, ev: list, b: dict, nation: str, kind: str) -> None:
    region = b["from"] if b["side"] == b["attacker"] else b["to"]
    if kind == "reduce":
        lose(s, ev, b, nation, "elite")
        add_units(s, region, nation, "regular", 1)
        if s["reinforcements"][nation].get("regular"):
            add_reinforcements(s, nation, "regular", -1)
        b["hits"][b["side"]] -= 1
    else:
        lose(s, ev, b, nation, kind)
        b["hits"][b["side"]] -= 1 if kind == "regular" else 2


def lose(s: dict, ev: list, b: dict, nation: str, kind: str) -> None:
    """A unit off the board: the Shadow's back to its reinforcements, the Free Peoples' for good."""
    region = b["from"] if b["side"] == b["attacker"] else b["to"]
    add_units(s, region, nation, kind, -1)
    if b["side"] == SH:
        add_reinforcements(s, nation, kind, 1)
    _emit(s, ev, "casualty", side=b["side"], region=region, nation=nation, kind=kind)


def _end_of_round(s: dict, ev: list, b: dict) -> None:
    attacker_left = army_units(force(s, b, "attacker"))
    defender_left = army_units(force(s, b, "defender"))
    for side, region, left in ((b["attacker"], b["from"], attacker_left), (b["defender"], b["to"], defender_left)):
        if not has_army_unit(s, region, side):
            eliminate_followers(s, ev, region, side)
    if not defender_left:
        _emit(s, ev, "battle_won", side=b["attacker"], region=b["to"])
        if attacker_left:
            b.update(step="advance", side=b["attacker"])
        else:
            end(s, ev)
    elif not attacker_left:
        _emit(s, ev, "battle_won", side=b["defender"], region=b["to"])
        end(s, ev)
    else:
        b.update(step="cease", side=b["attacker"])


def eliminate_followers(s: dict, ev: list, region: str, side: str) -> None:
    """Leaders, Nazgûl and characters whose army is wiped out go with it (p.30)."""
    kind = LEADER_KIND[side]
    for n, u in sorted(units_of(s, region, side).items()):
        if u.get(kind):
            add_units(s, region, n, kind, -u[kind])
            if side == SH:
                add_reinforcements(s, n, kind, u[kind])
            _emit(s, ev, "casualty", side=side, region=region, nation=n, kind=kind, count=u[kind])
    for c in chars_at(s, region, side):
        place_char(s, c, None)
        s["eliminated"].append(c)
        _emit(s, ev, "character_eliminated", character=c, region=region)


# --- after the round: cease, retreat, advance ---------------------------------------------------------

def retreat_targets(s: dict, b: dict) -> list[str]:
    """Adjacent regions free of enemy armies and not enemy-controlled settlements; the border rule
    does not bind a retreat (p.35)."""
    enemy = b["attacker"]
    return [r for r in ADJ[b["to"]] if not has_army_unit(s, r, enemy)
            and not (REGIONS[r]["settlement"] in SETTLEMENTS and controller(s, r) == enemy)]


def step_actions(s: dict, b: dict) -> list[dict]:
    step = b["step"]
    if step == "casualties":
        return casualty_options(s, b)
    if step == "cease":
        return [{"type": "continue_battle"}, {"type": "cease_battle"}]
    if step == "retreat":
        return [{"type": "hold"}] + [{"type": "retreat", "region": r} for r in retreat_targets(s, b)]
    if step == "advance":
        return [{"type": "advance"}, {"type": "stay"}]
    raise AssertionError(step)


def choose(s: dict, ev: list, action: dict) -> None:
    """Plays a battle decision, then runs on."""
    b, t = s["ask"][-1], action["type"]
    if t == "casualty_unit":
        take_hit(s, ev, b, action["nation"], action["kind"])
    elif t == "cease_battle":
        _emit(s, ev, "battle_ceased", side=b["attacker"])
        end(s, ev)
    elif t == "continue_battle":
        b.update(step="retreat", side=b["defender"])
    elif t == "hold":
        b.update(step="cards", round=b["round"] + 1, side=b["attacker"], hits={})
    elif t == "retreat":
        units = units_of(s, b["to"], b["defender"])
        chars = chars_at(s, b["to"], b["defender"], movable=True)
        transfer(s, b["to"], action["region"], units, chars)
        _emit(s, ev, "army_retreated", side=b["defender"], **{"from": b["to"]}, to=action["region"])
        b.update(step="advance", side=b["attacker"])
    elif t == "advance":
        # The attacking nations are at war: the border rule does not hold them back.
        transfer(s, b["from"], b["to"], force(s, b, "attacker"), chars_at(s, b["from"], b["attacker"], movable=True))
        _emit(s, ev, "army_advanced", side=b["attacker"], region=b["to"])
        enter(s, ev, b["attacker"], b["to"])
        end(s, ev)
    elif t == "stay":
        end(s, ev)
    proceed(s, ev)


def end(s: dict, ev: list) -> None:
    b = s["ask"].pop()
    _emit(s, ev, "battle_over", **{"from": b["from"]}, to=b["to"], rounds=b["round"])
    for side in (b["attacker"], b["defender"]):
        check_stacking(s, side)
