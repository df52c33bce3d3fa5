"""Battles (p.28-32): the attack, the combat rounds, casualties, cease or retreat, the advance, and
the Strongholds: retreat into a siege, siege battles, sorties and relief.

A battle is one entry of the decision stack, {"kind": "battle", "step", "side" (who decides now),
"mode", ...}, run by `proceed` from step to step until a player must choose:

    [rearguard] -> [withdraw] -> cards -> stage (roll, re-roll, casualties: the attacker's losses first,
    then the defender's) -> cease -> retreat -> (next round: [withdraw] cards ...) ; advance when the
    defender is wiped out or has retreated.

`mode` is "field" (an attack on an adjacent region; relieving a siege is one: the besiegers defend, the
garrison takes no part), "siege" (the besiegers attack the garrison in their own region: the attacker
hits on 6 every round, no retreat, one round unless the attacker reduces an Elite to go on) or "sortie"
(the garrison attacks the besiegers: a field battle in which the winner does not advance).

The attacker may first keep figures out of the battle as a rearguard (p.28; units of nations not at
war always stay out), and may advance with only part of the winning force (p.31).

The combat-card step (engine/wotr/cards/combat.py) asks each side holding cards, attacker first, to
choose one or none in secret: the choices are kept in the battle entry's "chosen" and the view shows
only who has chosen; then both are revealed and discarded, and the round runs through its stages
(combat_cards.STAGES), each resolving the cards' effects timed there (initiative order) before its own
automatic part: the combat roll after "before_roll", the leader re-roll after "before_reroll", the
casualties after "before_casualties", the end of the round after "after_casualties". An effect may ask
a player to choose (step "card"), or inflict hits at once (step "casualties", then back to the stage).
"""
from __future__ import annotations

from typing import Any, cast

from engine.wotr import abilities
from engine.wotr.armies import (
    LEADER_KIND,
    SETTLEMENTS,
    UNIT_KINDS,
    army_units,
    besieged,
    capture,
    chars_at,
    check_stacking,
    enter,
    leaders,
    led_by,
    minus,
    sheltered,
    split_options,
    stay,
    transfer,
)
from engine.wotr.cards import combat as combat_cards
from engine.wotr.politics import activate, auto_advance
from engine.wotr.seats import battle_seats, hand
from engine.wotr.state import (
    ADJ,
    CHARS,
    FP,
    NEIGHBOURS,
    REGIONS,
    SH,
    add_reinforcements,
    add_units,
    army_map,
    at_war,
    controller,
    has_army_unit,
    log_event,
    other,
    place_char,
    roll,
    units_of,
)
from engine.wotr.types import UnitAction, WotrAction

MAX_DICE = 5
FIRST_ROUND_SHIELD = ("city", "fortification")    # the attacker hits only on 6 in the first round


# --- who may attack -----------------------------------------------------------------------------------

def attack_targets(s: dict, side: str, led: bool = False, armies: dict | None = None,
                   sources: frozenset | None = None) -> list[tuple[str, str]]:
    """(from, to): an army with a unit of a nation at war next to an enemy army, or sharing a region
    with one (a siege battle or a sortie, from == to); a garrison fights only the besiegers, and a
    garrison is attacked only by its besiegers (p.32). `led`: with a leader or character among the
    attackers (a Character die). `sources`: only the attacks from these regions (a card asking about
    a few armies need not look at all)."""
    out = []
    armies = armies or army_map(s)         # the state's army_map when the caller has it already
    enemy, shut = armies[other(side)], sheltered(s, side)
    for src in sorted(armies[side] if sources is None else sources.intersection(armies[side])):
        inside = besieged(s, src) if src in enemy else None       # a siege here
        if inside is None and NEIGHBOURS[src].isdisjoint(enemy):
            continue
        if inside == side:
            targets = [src]
        else:
            targets = [to for to in ADJ[src] if to in enemy and besieged(s, to) != other(side)]
            if inside:
                targets.append(src)
        targets = [to for to in targets if to not in shut]
        attackers = {n: u for n, u in units_of(s, src, side).items() if at_war(s, n)} if targets else {}
        if army_units(attackers) and (not led or led_by(s, src, side, attackers, False)):
            out += [(src, to) for to in targets]
    return out


def force(s: dict, b: dict, role: str) -> dict:
    """A side's units in the battle: the defender's whole army; the attacker's nations at war but its
    rearguard."""
    if role == "defender":
        return units_of(s, b["to"], b["defender"])
    units = {n: u for n, u in units_of(s, b["from"], b["attacker"]).items() if n in b["nations"]}
    return minus(units, b["rearguard"])


def role_of(b: dict, side: str) -> str:
    return "attacker" if side == b["attacker"] else "defender"


def region_of(b: dict, side: str) -> str:
    return b["from"] if side == b["attacker"] else b["to"]


def fighting_chars(s: dict, b: dict, role: str) -> list[str]:
    if role == "defender":
        return chars_at(s, b["to"], b["defender"])
    return [c for c in chars_at(s, b["from"], b["attacker"]) if c not in b["rearguard_chars"]]


# What an event card may change in the battle it starts (kept in the battle entry):
#   rounds      a siege battle goes on this many rounds before the attacker must reduce an Elite to go on
#   no_cease    the attacker may not cease the battle (it fights on until a side is gone or retreats)
#   committed   the attackers have moved in already: they advance when they win, nothing stays behind
#   fp_card_needs_companion   in the first round the Free Peoples play a combat card only with a
#               companion in the battle
#   fewer       {side: n}: combat dice that side rolls fewer in every round (at least one die stays)
#   keep_nazgul an attack by "an army with a Nazgûl": its rearguard leaves a Nazgûl or the Witch-king in
#               the battle (The Ringwraiths Are Abroad)
OPTIONS = frozenset({"rounds", "no_cease", "committed", "fp_card_needs_companion", "fewer", "keep_nazgul"})


def start(s: dict, ev: list, side: str, src: str, to: str, led: bool = False, **options) -> None:
    """An attack from `src` on `to` (the same region for a siege battle or a sortie); `led`: by a
    Character die, which keeps a leader or character in the battle; `options`: a card's (OPTIONS)."""
    assert set(options) <= OPTIONS, options
    nations = sorted(n for n in units_of(s, src, side) if at_war(s, n))   # the others stay behind (p.35)
    mode = "field" if src != to else "siege" if besieged(s, to) == other(side) else "sortie"
    b: dict[str, Any] = {
        "kind": "battle", "side": side, "step": "cards", "mode": mode, "attacker": side, "defender": other(side),
        "from": src, "to": to, "nations": nations, "round": 1, "hits": {}, "led": led, "rearguard": {},
        "rearguard_chars": [], "behind": {}, "behind_chars": [], **options}
    if (seats := battle_seats(s, side, to)) is not None:        # a team game: who decides for each side
        b["seats"] = seats
    s["ask"].append(b)
    log_event(s, ev, "battle_started", attacker=side, **{"from": src}, to=to, round=1, mode=mode)
    for n in sorted(units_of(s, to, b["defender"])):     # each nation attacked is roused (p.34)
        activate(s, ev, n, by="attack", region=to)
        auto_advance(s, ev, n)
    if rearguard_options(s, b):
        b["step"] = "rearguard"
    else:
        _engage(s, b)
    proceed(s, ev)


def rearguard_options(s: dict, b: dict) -> list[WotrAction]:
    return split_options(s, b["attacker"], b["from"], force(s, b, "attacker"), b["rearguard_chars"], b["led"],
                         "rearguard", keep_nazgul=b.get("keep_nazgul", False))


def _engage(s: dict, b: dict) -> None:
    """The forces are set: the defender of its Stronghold chooses a field battle or the siege, else the
    first round begins."""
    if may_withdraw(s, b):
        b.update(step="withdraw", side=b["defender"])
    else:
        b.update(step="cards", side=b["attacker"])


def advance_options(s: dict, b: dict) -> list[WotrAction]:
    """Figures of the winning force that may stay behind instead of advancing (p.31)."""
    return split_options(s, b["attacker"], b["from"], minus(force(s, b, "attacker"), b["behind"]),
                         b["rearguard_chars"] + b["behind_chars"], False, "leave_behind")


def may_withdraw(s: dict, b: dict) -> bool:
    """Before each round of a field battle, an army defending its own Stronghold may retreat into it
    (p.31)."""
    return (b["mode"] == "field" and REGIONS[b["to"]]["settlement"] == "stronghold"
            and controller(s, b["to"]) == b["defender"])


# --- the round ----------------------------------------------------------------------------------------

def fight(s: dict, b: dict) -> dict:
    """The round as the combat cards read it (combat_cards.Battle)."""
    return {"to": b["to"], "mode": b["mode"], "defender": b["defender"],
            **{b[role]: {"units": force(s, b, role), "chars": fighting_chars(s, b, role)}
               for role in ("attacker", "defender")}}


def playable_combat_cards(s: dict, b: dict, side: str) -> list[str]:
    if side == FP and b["to"] == "minas_tirith" and "sh_str_03" in s["table"][SH]:    # Denethor's Folly
        return []
    if side == FP and b.get("fp_card_needs_companion") and b["round"] == 1 and not any(
            CHARS[c]["kind"] in ("companion", "upgrade") for c in fighting_chars(s, b, _role(b, FP))):
        return []
    return combat_cards.playable(s, fight(s, b), side)


def _next_chooser(s: dict, b: dict) -> str | None:
    """The next side to choose a combat card: each side holding a card (hand sizes are public, so being
    asked tells nothing about the cards), attacker first."""
    return next((side for side in (b["attacker"], b["defender"])
                 if (hand(s, side) or combat_cards.FROM_TABLE & set(s["table"][side])) and side not in b["chosen"]),
                None)


def _reveal_cards(s: dict, ev: list, b: dict) -> None:
    chosen = {side: card for side, card in b.pop("chosen").items() if card}
    for side, card in sorted(chosen.items()):
        (s["table"][side] if card in s["table"][side] else hand(s, side)).remove(card)
        s["discards"] = {**s["discards"], side: s["discards"][side] + [card]}   # shared: replaced, not changed
    log_event(s, ev, "combat_cards", round=b["round"], played=chosen)
    b.update(step="stage", stage=combat_cards.STAGES[0], played=chosen, queue=combat_cards.queue(chosen),
             mods={side: {} for side in (b["attacker"], b["defender"])}, hits={}, scored={})
    # The Witch-king's Sorcerer: a combat card of the first round earns a draw (decided after the reveal).
    if b["round"] == 1 and SH in chosen and "witch_king" in fighting_chars(s, b, _role(b, SH)):
        abilities.offer_draw(s, SH, chosen[SH], "witch_king")


def _role(b: dict, side: str) -> str:
    return "attacker" if b["attacker"] == side else "defender"


def white_rider_possible(s: dict, b: dict) -> bool:
    """Gandalf the White fights on the Free Peoples' side against Nazgûl Leadership (the Witch-king's
    included)."""
    shadow = _role(b, SH)
    return ("gandalf_white" in fighting_chars(s, b, _role(b, FP))
            and (any(u.get("nazgul") for u in force(s, b, shadow).values())
                 or "witch_king" in fighting_chars(s, b, shadow)))


def white_rider(s: dict, ev: list, forfeit: bool) -> None:
    """The White Rider's answer: forfeiting Gandalf's Leadership cancels every Nazgûl's for the battle."""
    s["ask"].pop()
    b = s["ask"][-1]
    b["white_rider"] = forfeit
    if forfeit:
        log_event(s, ev, "ability_used", ability="white_rider", character="gandalf_white")
    proceed(s, ev)


def resume(s: dict, ev: list) -> None:
    """Goes on with a battle waiting under a decision that has just closed (a draw, a discard)."""
    if s["ask"] and s["ask"][-1]["kind"] == "battle":
        proceed(s, ev)


def proceed(s: dict, ev: list) -> None:
    """Runs the battle's automatic steps until a side must choose or the battle is over."""
    while s["ask"] and s["ask"][-1]["kind"] == "battle":
        b = s["ask"][-1]
        step = b["step"]
        if step == "cards":
            if b["round"] == 1 and "white_rider" not in b and white_rider_possible(s, b):
                b["white_rider"] = None                     # asked once, at the start of the battle
                s["ask"].append({"kind": "white_rider", "side": FP})
                return
            b.setdefault("chosen", {})
            side = _next_chooser(s, b)
            if side is not None:
                b["side"] = side
                return
            _reveal_cards(s, ev, b)
        elif step == "stage":
            _stage(s, ev, b)
        elif step == "casualties":
            if not _absorb_forced(s, ev, b):
                return
        elif step in ("rearguard", "withdraw", "card", "cease", "retreat", "advance"):
            return
        else:
            raise AssertionError(step)


def _stage(s: dict, ev: list, b: dict) -> None:
    """The next card effect of the round's stage, or, when none is left, the stage's own part."""
    if combat_cards.resolve_next(s, ev, b):
        return
    stage = b["stage"]
    if stage == "before_roll":
        _combat_roll(s, ev, b)
    elif stage == "before_reroll":
        _reroll(s, ev, b)
    elif stage == "before_casualties":
        b["step"] = "casualties"
    elif stage == "after_casualties":
        _end_of_round(s, ev, b)
        return
    b["stage"] = combat_cards.STAGES[combat_cards.STAGES.index(stage) + 1]


def hit(die: int, add: int, need: int) -> bool:
    """A natural 6 always hits and a natural 1 always misses, whatever the modifiers (p.31)."""
    return die == 6 or (die > 1 and die + add >= need)


def need(b: dict, role: str) -> int:
    """The number to hit: 6 for the attacker in a siege battle and in the first round of a field battle
    against a City or Fortification, else 5."""
    return 6 if role == "attacker" and (b["mode"] == "siege" or b["round"] == 1 and b["mode"] == "field"
                                        and REGIONS[b["to"]]["settlement"] in FIRST_ROUND_SHIELD) else 5


def why_need(b: dict, role: str) -> str:
    """Why the attacker needs a 6: a siege, or a City's or Fortification's first round ("" when 5)."""
    if need(b, role) == 5:
        return ""
    return "siege" if b["mode"] == "siege" else REGIONS[b["to"]]["settlement"]


def add_hits(b: dict, side: str, hits: int) -> None:
    """Hits scored by `side` on the other side's army, to be taken at the next casualty step."""
    b["hits"][other(side)] = b["hits"].get(other(side), 0) + hits
    b["scored"][side] = b["scored"].get(side, 0) + hits


def _combat_roll(s: dict, ev: list, b: dict) -> None:
    """Both sides' combat rolls (the re-rolls come after the effects timed between them)."""
    b["roll"] = {}
    for role in ("attacker", "defender"):
        side = b[role]
        mods = b["mods"][side]
        strength = army_units(force(s, b, role))
        if side == FP and strength:      # Captain of the West: one more per such companion (not silenced)
            strength += abilities.captains([c for c in fighting_chars(s, b, role)
                                            if c not in mods.get("silenced", ())])
        n = min(MAX_DICE, strength, mods.get("max_dice", MAX_DICE))
        n = max(1, n - mods.get("fewer", 0) - b.get("fewer", {}).get(side, 0)) if n else 0
        dice = [roll(s) for _ in range(n)]
        struck = [hit(d, mods.get("add", 0), need(b, role)) for d in dice]  # each die's hit, for its picture
        hits = sum(struck)
        ones = dice.count(1) if mods.get("confusion") else 0       # Confusion: each 1 hits its own army
        b["roll"][side] = {"dice": dice, "hit": struck, "hits": hits, "misses": n - hits - ones, "turned": 0}
        if ones:
            add_hits(b, other(side), ones)
            log_event(s, ev, "combat_effect", side=other(side), card=mods["confusion"], effect="confusion", count=ones)


def _reroll(s: dict, ev: list, b: dict) -> None:
    for role in ("attacker", "defender"):
        side = b[role]
        mods, r = b["mods"][side], b["roll"][side]
        n = 0 if mods.get("no_reroll") else min(MAX_DICE, r["misses"], leadership(s, b, role))
        rerolls = [roll(s) for _ in range(n)]
        r["reroll_hits"] = sum(hit(d, mods.get("reroll_add", 0), need(b, role)) for d in rerolls)
        hits = r["hits"] + r["turned"] + r["reroll_hits"]
        if hits:
            hits += mods.get("bonus_hits", 0)
        add_hits(b, side, hits)
        log_event(s, ev, "combat_roll", side=side, dice=r["dice"], rerolls=rerolls, need=need(b, role), hits=hits,
                  add=mods.get("add", 0), reroll_add=mods.get("reroll_add", 0),
                  bonus=mods.get("bonus_hits", 0) if hits else 0, by=mods.get("by", []), why=why_need(b, role))


def leadership(s: dict, b: dict, role: str) -> int:
    """Leaders and Nazgûl count one each (Isengard Elites too while Saruman is in play), characters
    their Leadership (p.30); less what combat cards forfeited or cancelled this round, and the White
    Rider's forfeit takes Gandalf's and every Nazgûl's away."""
    mods = b.get("mods", {}).get(b[role], {})
    units, chars = force(s, b, role), fighting_chars(s, b, role)
    figures = leaders(s, units, b[role])
    if b.get("white_rider"):
        if b[role] == SH:
            figures -= sum(u.get("nazgul", 0) for u in units.values())
        chars = [c for c in chars if c not in ("gandalf_white", "witch_king")]
    lead = sum(CHARS[c]["leadership"] for c in chars if c not in mods.get("silenced", ()))
    return max(0, figures + lead - mods.get("leadership_lost", 0))


# --- casualties: the owner chooses, one hit at a time (p.30) -----------------------------------------

def casualty_options(s: dict, b: dict) -> list[UnitAction]:
    role = "attacker" if b["side"] == b["attacker"] else "defender"
    hits = b["hits"][b["side"]]
    out: list[UnitAction] = []
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
    must choose. The attacker's hits first, then the defender's; then back to the round's stage."""
    while True:
        side = next((x for x in (b["attacker"], b["defender"]) if b["hits"].get(x)), None)
        if side is None:
            b["step"] = "stage"
            return True
        b["side"] = side
        units = force(s, b, role_of(b, side))
        hits = b["hits"][side]
        if hits >= capacity(units):
            for n, u in sorted(units.items()):
                for k in UNIT_KINDS:
                    for _ in range(u.get(k, 0)):
                        lose(s, ev, b, n, k)
            b["hits"][side] = 0
            continue
        options = casualty_options(s, b)
        if len(options) > 1:
            return False
        take_hit(s, ev, b, options[0]["nation"], options[0]["kind"])


def capacity(units: dict) -> int:
    """The hits an army can take: a Regular one, an Elite two."""
    return sum(u.get("regular", 0) + 2 * u.get("elite", 0) for u in units.values())


def take_hit(s: dict, ev: list, b: dict, nation: str, kind: str) -> None:
    region = b["from"] if b["side"] == b["attacker"] else b["to"]
    if kind == "reduce":
        lose(s, ev, b, nation, "elite")
        _regular_for_elite(s, region, nation)
        b["hits"][b["side"]] -= 1
    else:
        lose(s, ev, b, nation, kind)
        b["hits"][b["side"]] -= 1 if kind == "regular" else 2


def _regular_for_elite(s: dict, region: str, nation: str) -> None:
    """The Regular that replaces a reduced Elite, from the reinforcements when there is one."""
    add_units(s, region, nation, "regular", 1)
    if s["reinforcements"][nation].get("regular"):
        add_reinforcements(s, nation, "regular", -1)


def lose(s: dict, ev: list, b: dict, nation: str, kind: str) -> None:
    """A unit off the board: the Shadow's back to its reinforcements, the Free Peoples' for good."""
    region = b["from"] if b["side"] == b["attacker"] else b["to"]
    add_units(s, region, nation, kind, -1)
    if b["side"] == SH:
        add_reinforcements(s, nation, kind, 1)
    log_event(s, ev, "casualty", side=b["side"], region=region, nation=nation, kind=kind)


def _end_of_round(s: dict, ev: list, b: dict) -> None:
    attacker_left = army_units(force(s, b, "attacker"))
    defender_left = army_units(force(s, b, "defender"))
    for side, region, _left in ((b["attacker"], b["from"], attacker_left), (b["defender"], b["to"], defender_left)):
        if not has_army_unit(s, region, side):
            eliminate_followers(s, ev, region, side)
    if not defender_left:
        log_event(s, ev, "battle_won", side=b["attacker"], region=b["to"])
        if attacker_left and b["mode"] == "field":
            _to_advance(s, ev, b)
            return
        if has_army_unit(s, b["to"], b["attacker"]) and b["mode"] == "siege":   # the garrison fell (p.32)
            capture(s, ev, b["attacker"], b["to"])
        end(s, ev)          # a sortie that wins lifts the siege and stays where it is (p.32)
    elif not attacker_left:
        log_event(s, ev, "battle_won", side=b["defender"], region=b["to"])
        if b["mode"] == "sortie" and not has_army_unit(s, b["to"], b["attacker"]):
            capture(s, ev, b["defender"], b["to"])       # the whole garrison fell in its sortie
        end(s, ev)
    elif b.get("no_cease") and b["mode"] != "siege":
        b.update(step="retreat", side=b["defender"])     # fought on: the defender may still retreat
    else:
        b.update(step="cease", side=b["attacker"])


def _to_advance(s: dict, ev: list, b: dict) -> None:
    """The field is won: the attacker chooses whether to advance, or, committed, advances at once."""
    if b.get("committed"):
        _advance(s, ev, b)
    else:
        b.update(step="advance", side=b["attacker"])


def eliminate_followers(s: dict, ev: list, region: str, side: str) -> None:
    """Leaders, Nazgûl and characters whose army is wiped out go with it (p.30)."""
    kind = LEADER_KIND[side]
    for n, u in sorted(units_of(s, region, side).items()):
        if u.get(kind):
            add_units(s, region, n, kind, -u[kind])
            if side == SH:
                add_reinforcements(s, n, kind, u[kind])
            log_event(s, ev, "casualty", side=side, region=region, nation=n, kind=kind, count=u[kind])
    for c in chars_at(s, region, side):
        place_char(s, c, None)
        s["eliminated"].append(c)
        log_event(s, ev, "character_eliminated", character=c, region=region)


# --- after the round: cease, retreat, advance ---------------------------------------------------------

def retreat_targets(s: dict, b: dict) -> list[str]:
    """Adjacent regions free of enemy armies and not enemy-controlled settlements; the border rule
    does not bind a retreat (p.35)."""
    enemy = b["attacker"]
    return [r for r in ADJ[b["to"]] if not has_army_unit(s, r, enemy)
            and not (REGIONS[r]["settlement"] in SETTLEMENTS and controller(s, r) == enemy)]


def step_actions(s: dict, b: dict) -> list[WotrAction]:
    step = b["step"]
    out: list[WotrAction]
    if step == "cards":
        out = [{"type": "combat_card", "card": c} for c in playable_combat_cards(s, b, b["side"])]
        return out + [{"type": "no_combat_card"}]
    if step == "card":          # the combat cards' own choices: checked by the run-time test only (types.py)
        return cast("list[WotrAction]", combat_cards.choices(s, b))
    if step == "casualties":
        return list(casualty_options(s, b))        # a copy: its own list is of UnitAction (_absorb_forced)
    if step == "rearguard":
        return rearguard_options(s, b) + [{"type": "engage"}]
    if step == "withdraw":
        return [{"type": "field_battle"}, {"type": "retreat_into_siege"}]
    if step == "cease" and b["mode"] == "siege":       # one round a die, more by reducing an Elite (p.32)
        if b["round"] < b.get("rounds", 1):           # a card's longer siege: the next round is free
            return [{"type": "continue_battle"}, {"type": "cease_battle"}]
        out = [{"type": "cease_battle"}]
        return out + [{"type": "reduce_to_continue", "nation": n}
                      for n, u in sorted(force(s, b, "attacker").items()) if u.get("elite")]
    if step == "cease":
        return [{"type": "continue_battle"}, {"type": "cease_battle"}]
    if step == "retreat":
        out = [{"type": "hold"}]
        out += [{"type": "retreat", "region": r} for r in retreat_targets(s, b)]
        return out + ([{"type": "retreat_into_siege"}] if may_withdraw(s, b) else [])
    if step == "advance":
        out = [{"type": "advance"}, {"type": "stay"}]
        return out + advance_options(s, b)
    raise AssertionError(step)


# Where the battle keeps the figures held out of it: the rearguard, and those left behind by an advance.
_KEPT_IN = {"rearguard": "rearguard", "rearguard_char": "rearguard_chars", "leave_behind": "behind",
            "leave_behind_char": "behind_chars"}


def choose(s: dict, ev: list, action: dict) -> None:
    """Plays a battle decision, then runs on."""
    b, t = s["ask"][-1], action["type"]
    if b["step"] == "card":
        combat_cards.choose(s, ev, b, action)
    elif t in ("combat_card", "no_combat_card"):
        b["chosen"][b["side"]] = action.get("card")
    elif t == "casualty_unit":
        take_hit(s, ev, b, action["nation"], action["kind"])
    elif t == "cease_battle":
        log_event(s, ev, "battle_ceased", side=b["attacker"])
        end(s, ev)
    elif t == "continue_battle" and b["mode"] == "siege":       # a garrison never retreats
        _next_round(s, b)
    elif t == "continue_battle":
        b.update(step="retreat", side=b["defender"])
    elif t == "reduce_to_continue":
        add_units(s, b["from"], action["nation"], "elite", -1)
        if b["attacker"] == SH:
            add_reinforcements(s, action["nation"], "elite", 1)
        _regular_for_elite(s, b["from"], action["nation"])
        log_event(s, ev, "siege_pressed", side=b["attacker"], region=b["to"], nation=action["nation"])
        _next_round(s, b)
    elif t == "hold":
        _next_round(s, b)
    elif t in ("rearguard", "leave_behind"):
        stay(b, action["nation"], action["kind"], _KEPT_IN[t])
    elif t in ("rearguard_char", "leave_behind_char"):
        b[_KEPT_IN[t]] = b[_KEPT_IN[t]] + [action["char"]]
    elif t == "engage":
        _engage(s, b)
    elif t == "field_battle":
        b.update(step="cards", side=b["attacker"])
    elif t in ("retreat", "retreat_into_siege"):
        retreat(s, ev, b, action)
    elif t == "advance":
        _advance(s, ev, b)
    elif t == "stay":
        end(s, ev)
    proceed(s, ev)


def _advance(s: dict, ev: list, b: dict) -> None:
    """The winners (but those left behind) enter the region; the battle is over."""
    # The attacking nations are at war: the border rule does not hold them back.
    chars = [c for c in chars_at(s, b["from"], b["attacker"], movable=True)
             if c not in b["rearguard_chars"] + b["behind_chars"]]
    transfer(s, b["from"], b["to"], minus(force(s, b, "attacker"), b["behind"]), chars)
    log_event(s, ev, "army_advanced", side=b["attacker"], region=b["to"])
    enter(s, ev, b["attacker"], b["to"])
    if besieged(s, b["to"]) == b["defender"]:
        log_event(s, ev, "siege_started", side=b["attacker"], region=b["to"])
    end(s, ev)


def retreat(s: dict, ev: list, b: dict, action: dict) -> None:
    """The defender retreats to a region or into its Stronghold (after a round, or by Scouts)."""
    if action["type"] == "retreat_into_siege":
        log_event(s, ev, "siege_retreat", side=b["defender"], region=b["to"])
        _to_advance(s, ev, b)
        return
    # A Level-0 character (Saruman) stays behind (p.31).
    units = units_of(s, b["to"], b["defender"])
    chars = chars_at(s, b["to"], b["defender"], movable=True)
    transfer(s, b["to"], action["region"], units, chars)
    log_event(s, ev, "army_retreated", side=b["defender"], **{"from": b["to"]}, to=action["region"])
    if b["mode"] == "field":
        _to_advance(s, ev, b)
    else:
        end(s, ev)       # the besiegers fled a sortie: the siege is lifted, nobody advances


def _next_round(s: dict, b: dict) -> None:
    """The next round (the retreat step already offered a retreat into the siege)."""
    for key in ("played", "queue", "stage", "roll", "scored"):          # the last round's
        b.pop(key, None)
    b.update(step="cards", side=b["attacker"], round=b["round"] + 1, hits={}, mods={})


def end(s: dict, ev: list) -> None:
    b = s["ask"].pop()
    log_event(s, ev, "battle_over", **{"from": b["from"]}, to=b["to"], rounds=b["round"])
    for side in (b["attacker"], b["defender"]):
        check_stacking(s, side)
