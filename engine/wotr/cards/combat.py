"""Combat cards, the bottom half of each event card (p.29-31): at the start of every battle round each
side holding cards chooses one in secret (or none), then both are revealed, discarded, and their effects
resolved at the time each names, in initiative order (lower first, the Free Peoples first on a tie).

A card is a condition (may it be played now?) and its parts, one per effect: `effect` sets modifiers of
the round's rolls, `steps` act at a stage of the round (STAGES). A card with two initiatives (Mûmakil)
gives one to each part, in order. The battle (battle.py) keeps the round's parts still to come in its
entry's "queue" ([stage, initiative, FP first, part, side, card], sorted) and runs them stage by stage.

The modifiers, in the battle entry's "mods" {side: {...}}, read by the rolls:
  add / reroll_add   added to every die of the side's Combat roll / Leader re-roll (a natural 1 always
                     misses, a natural 6 always hits, whatever the modifiers: p.31)
  max_dice / fewer   the side rolls at most that many dice / that many dice fewer (at least one)
  bonus_hits         extra hits when the side's Combat roll or re-roll scores at least one hit
  leadership_lost    Leadership forfeited (fewer re-rolls); nazgul_lost: the Nazgûl's part of it
  silenced           companions whose Leadership counts for nothing this round (Words of Power)
  no_reroll          the side's Leader re-roll is cancelled (Foul Stench)
  confusion          the card that makes each natural 1 of the side's Combat roll hit its own army
A step's `options` lists the choices its side has ([] = nothing to do; one is applied at once, several
make the battle's step "card", a decision); `apply` plays the chosen one. A card whose combat half is not
in COMBAT is never offered in battle (docs/wotr.md lists them).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.wotr import battle as bt  # the battle machinery, read at call time (battle imports us)
from engine.wotr.armies import LEADER_KIND
from engine.wotr.seats import hand
from engine.wotr.state import (
    CARDS,
    CHARS,
    DIST,
    FP,
    NATIONS,
    REGIONS,
    SH,
    add_reinforcements,
    add_units,
    log_event,
    other,
    place_char,
    roll,
)

# The figures of one battle round, as the battle gives them (battle.fight): {side: {"units": {nation:
# {kind: n}}, "chars": [character, ...]}}, "to" the defender's region, "mode", "defender".
Battle = dict
Mods = Callable[[dict, Battle, str, dict], None]

STAGES = ("reveal", "before_roll", "before_reroll", "after_reroll", "before_casualties", "after_casualties")
MINIONS = ("witch_king", "saruman", "mouth_of_sauron")
HOBBITS = ("meriadoc", "peregrin")


def _once(s: dict, b: dict, side: str, card: str) -> list[dict]:
    return [{}]


@dataclass(frozen=True)
class Step:
    stage: str
    apply: Callable[[dict, list, dict, str, dict], None]                # (s, ev, battle, side, choice)
    options: Callable[[dict, dict, str, str], list[dict]] = _once       # (s, battle, side, card)


@dataclass(frozen=True)
class CombatCard:
    condition: Callable[[dict, Battle, str], bool]
    effect: Mods | None = None
    steps: tuple[Step, ...] = ()


def parts(card: str) -> list[Step]:
    c = COMBAT[card]
    first = [Step("before_roll", lambda s, ev, b, side, _: c.effect(s, bt.fight(s, b), side, b["mods"]))] \
        if c.effect else []
    return first + list(c.steps)


def playable(s: dict, fight: Battle, side: str) -> list[str]:
    """The side's cards in hand whose combat half is implemented and whose condition holds now, and
    those of its cards on the table that may be played from there (FROM_TABLE)."""
    cards = set(hand(s, side)) | (FROM_TABLE & set(s["table"][side]))
    return sorted(c for c in cards if c in COMBAT and COMBAT[c].condition(s, fight, side))


FROM_TABLE = frozenset({"sh_char_17"})      # Balrog of Moria: discarded from the table for its combat half


def queue(chosen: dict) -> list[list]:
    """The revealed cards' parts in the order they resolve: by stage, then initiative (one per part
    when the card has several), the Free Peoples first on a tie."""
    out = []
    for side, card in chosen.items():
        inits = CARDS[card]["initiative"]
        for i, step in enumerate(parts(card)):
            out.append([STAGES.index(step.stage), inits[min(i, len(inits) - 1)], 0 if side == FP else 1, i,
                        side, card])
    return sorted(out)


def resolve_next(s: dict, ev: list, b: dict) -> bool:
    """Resolves the next part timed at the battle's stage: at once, or by opening the decision (step
    "card") when its side has a choice. False when the stage has no part left."""
    q = b["queue"]
    if not q or STAGES[q[0][0]] != b["stage"]:
        return False
    item = q.pop(0)
    _, _, _, part, side, card = item
    step = parts(card)[part]
    options = step.options(s, b, side, card)
    if len(options) == 1:
        _apply(s, ev, b, step, side, card, options[0])
    elif options:
        b.update(step="card", side=side, pending=item)
    return True


def choices(s: dict, b: dict) -> list[dict]:
    _, _, _, part, side, card = b["pending"]
    return parts(card)[part].options(s, b, side, card)


def choose(s: dict, ev: list, b: dict, action: dict) -> None:
    _, _, _, part, side, card = b.pop("pending")
    b["step"] = "stage"
    _apply(s, ev, b, parts(card)[part], side, card, action)


ROLL_MODS = ("add", "reroll_add", "bonus_hits", "max_dice", "fewer")


def _apply(s: dict, ev: list, b: dict, step: Step, side: str, card: str, choice: dict) -> None:
    """Plays a card's part, noting the card in "by" of each side whose roll it changed (the texts
    name the cards behind a roll's modifiers)."""
    before = {x: [m.get(k) for k in ROLL_MODS] for x, m in b["mods"].items()}
    step.apply(s, ev, b, side, choice)
    for x, m in b["mods"].items():
        if [m.get(k) for k in ROLL_MODS] != before.get(x) and card not in m.get("by", []):
            m["by"] = m.get("by", []) + [card]


def cancel(s: dict, ev: list, b: dict, card: str) -> None:
    """Another card's effect cancels this one: its parts still to come are dropped."""
    b["queue"] = [item for item in b["queue"] if item[5] != card]
    log_event(s, ev, "combat_card_cancelled", card=card)


# --- what the battle holds ----------------------------------------------------------------------------

def _companions(fight_side: dict) -> list[str]:
    return [c for c in fight_side["chars"] if CHARS[c]["kind"] in ("companion", "upgrade")]


def _nazgul_points(fight_side: dict) -> int:
    """The Nazgûl's Leadership: one per Nazgûl, the Witch-king's own."""
    return sum(u.get("nazgul", 0) for u in fight_side["units"].values()) + \
        (CHARS["witch_king"]["leadership"] if "witch_king" in fight_side["chars"] else 0)


def _nazgul_left(s: dict, b: dict) -> int:
    """The Shadow's Nazgûl Leadership not forfeited yet this round."""
    return _nazgul_points(bt.fight(s, b)[SH]) - b["mods"][SH].get("nazgul_lost", 0)


def _leaders(fight_side: dict, side: str) -> list[str]:
    """The nations with a leader (the Free Peoples) or a Nazgûl (the Shadow) in the battle."""
    return sorted(n for n, u in fight_side["units"].items() if u.get(LEADER_KIND[side]))


def _bump(b: dict, side: str, key: str, n: int) -> None:
    b["mods"][side][key] = b["mods"][side].get(key, 0) + n


def _forfeit(s: dict, ev: list, b: dict, side: str, card: str, points: int, nazgul: bool = False) -> None:
    _bump(b, side, "leadership_lost", points)
    if nazgul:
        _bump(b, side, "nazgul_lost", points)
    log_event(s, ev, "combat_effect", side=side, card=card, effect="leadership_forfeited", count=points)


def _kill_char(s: dict, ev: list, b: dict, char: str) -> None:
    region = bt.region_of(b, CHARS[char]["side"])
    place_char(s, char, None)
    s["eliminated"].append(char)
    log_event(s, ev, "character_eliminated", character=char, region=region)


def _kill_leader(s: dict, ev: list, b: dict, side: str, nation: str) -> None:
    """A Free Peoples leader (lost for good) or a Nazgûl (back to the reinforcements) of the battle."""
    region, kind = bt.region_of(b, side), LEADER_KIND[side]
    add_units(s, region, nation, kind, -1)
    if side == SH:
        add_reinforcements(s, nation, kind, 1)
    log_event(s, ev, "casualty", side=side, region=region, nation=nation, kind=kind)


def _extra_attack(s: dict, ev: list, b: dict, side: str, card: str, dice: int, need: int) -> None:
    """An attack of the card's own (before or after the combat roll), its hits taken at once."""
    rolled = [roll(s) for _ in range(min(bt.MAX_DICE, dice))]
    hits = sum(bt.hit(d, 0, need) for d in rolled)
    log_event(s, ev, "combat_effect", side=side, card=card, effect="attack", dice=rolled, need=need, hits=hits)
    _take_at_once(b, side, hits)


def _take_at_once(b: dict, side: str, hits: int) -> None:
    """Hits scored by `side` now, taken before the round goes on."""
    if hits:
        bt.add_hits(b, side, hits)
        b["step"] = "casualties"


def _choice(card: str, **fields) -> dict:
    return {"type": "combat_choice", "card": card, **fields}


def _decline(card: str) -> list[dict]:
    return [{"type": "combat_decline", "card": card}]


# --- conditions ---------------------------------------------------------------------------------------

def _always(s: dict, fight: Battle, side: str) -> bool:
    return True


def _fellowship_with_defender(s: dict, fight: Battle, side: str) -> bool:
    f = s["fellowship"]
    return f["mordor"] is None and f["pos"] == fight["to"]


def _gandalf(s: dict, fight: Battle, side: str) -> bool:
    return bool({"gandalf_grey", "gandalf_white"} & set(fight[side]["chars"]))


def _companion(s: dict, fight: Battle, side: str) -> bool:
    return bool(_companions(fight[side]))


def _hobbit(s: dict, fight: Battle, side: str) -> bool:
    return bool(set(HOBBITS) & set(fight[side]["chars"]))


def _strider_or_aragorn(s: dict, fight: Battle, side: str) -> bool:
    return bool({"strider", "aragorn"} & set(fight[side]["chars"]))


def _leader_or_companion(s: dict, fight: Battle, side: str) -> bool:
    return bool(_leaders(fight[side], side) or _companions(fight[side]))


def _defending_in_a_field_battle(s: dict, fight: Battle, side: str) -> bool:
    return fight["defender"] == side and fight["mode"] != "siege"


def _ents_country(s: dict, fight: Battle, side: str) -> bool:
    return REGIONS[fight["to"]]["nation"] == "rohan" or fight["to"] in ("fangorn", "orthanc")


def _free_peoples_land(s: dict, fight: Battle, side: str) -> bool:
    nation = REGIONS[fight["to"]]["nation"]
    return bool(nation) and NATIONS[nation]["side"] == FP


def _elite(s: dict, fight: Battle, side: str) -> bool:
    return any(u.get("elite") for u in fight[side]["units"].values())


def _southron_elite(s: dict, fight: Battle, side: str) -> bool:
    return bool(fight[side]["units"].get("southrons", {}).get("elite"))


def _isengard_at_a_stronghold(s: dict, fight: Battle, side: str) -> bool:
    isengard = fight[side]["units"].get("isengard", {})
    return bool(isengard.get("regular") or isengard.get("elite")) and \
        REGIONS[fight["to"]]["settlement"] == "stronghold"


def _nazgul_leadership(points: int) -> Callable[[dict, Battle, str], bool]:
    def condition(s: dict, fight: Battle, side: str) -> bool:
        return _nazgul_points(fight[side]) >= points
    return condition


def _near_moria(s: dict, fight: Battle, side: str) -> bool:
    return DIST["moria"].get(fight["to"], 99) <= 2


# --- modifiers ----------------------------------------------------------------------------------------

def _add(key: str, n: int, whose: str = "mine") -> Mods:
    """Adds n to a modifier of the player of the card ("mine"), the opponent's, or both sides'."""
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        sides = {"mine": [side], "theirs": [other(side)], "both": [FP, SH]}[whose]
        for x in sides:
            mods[x][key] = mods[x].get(key, 0) + n
    return effect


def _both(*effects: Mods) -> Mods:
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        for e in effects:
            e(s, fight, side, mods)
    return effect


def _cap_enemy_dice(n: int) -> Mods:
    def effect(s: dict, fight: Battle, side: str, mods: dict) -> None:
        theirs = mods[other(side)]
        theirs["max_dice"] = min(theirs.get("max_dice", n), n)
    return effect


def _brave_stand(s: dict, fight: Battle, side: str, mods: dict) -> None:
    _add("fewer", len(_companions(fight[side])), "theirs")(s, fight, side, mods)


# --- steps --------------------------------------------------------------------------------------------

def _cancel_theirs(s: dict, b: dict, side: str, card: str) -> list[dict]:
    """Daring Defiance: only when the Shadow's card is still to resolve (forfeiting for nothing helps no one)."""
    theirs = b["played"].get(other(side))
    return [{}] if theirs and any(item[5] == theirs for item in b["queue"]) else []


def _daring_defiance(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    fighters = bt.fight(s, b)[side]
    points = sum(CHARS[c]["leadership"] for c in _companions(fighters)
                 if c not in b["mods"][side].get("silenced", ()))
    _forfeit(s, ev, b, side, b["played"][side], points)
    cancel(s, ev, b, b["played"][other(side)])


def _swarm_of_bats(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    """The Free Peoples' card is cancelled; with no Free Peoples card, +1 on the re-roll."""
    theirs = b["played"].get(FP)
    if theirs:
        cancel(s, ev, b, theirs)
    else:
        _bump(b, side, "reroll_add", 1)


def _words_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    silenced = b["mods"][FP].get("silenced", [])
    return [_choice(card, char=c) for c in _companions(bt.fight(s, b)[FP]) if c not in silenced]


def _words_of_power(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    b["mods"][FP]["silenced"] = b["mods"][FP].get("silenced", []) + [choice["char"]]
    log_event(s, ev, "combat_effect", side=side, card=choice["card"], effect="silenced", character=choice["char"])


def _scouts_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    siege = [{"type": "retreat_into_siege"}] if bt.may_withdraw(s, b) else []
    return [{"type": "retreat", "region": r} for r in bt.retreat_targets(s, b)] + siege


def _scouts(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    bt.retreat(s, ev, b, choice)


def _sudden_strike(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    role = bt.role_of(b, side)
    _extra_attack(s, ev, b, side, b["played"][side], bt.leadership(s, b, role), bt.need(b, role))


def _charge(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    role = bt.role_of(b, side)
    elites = sum(u.get("elite", 0) for u in bt.force(s, b, role).values())
    _extra_attack(s, ev, b, side, b["played"][side], elites, bt.need(b, role))


def _durins_bane(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    _extra_attack(s, ev, b, side, b["played"][side], 3, 4)


def _forfeit_nazgul_for(points: int, key: str) -> Step:
    """Cruel as Death, They Are Terrible: forfeit Nazgûl Leadership for +1 to a roll of the side."""
    def options(s: dict, b: dict, side: str, card: str) -> list[dict]:
        return [{}] if _nazgul_left(s, b) >= points else []

    def apply(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
        _forfeit(s, ev, b, side, b["played"][side], points, nazgul=True)
        _bump(b, side, key, 1)
    return Step("before_roll", apply, options)


def _dread_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    return [_choice(card, count=n) for n in range(1, _nazgul_left(s, b) + 1)]


def _dread_and_despair(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    _forfeit(s, ev, b, side, choice["card"], choice["count"], nazgul=True)
    _bump(b, FP, "fewer", choice["count"])


def _foul_stench(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if _nazgul_left(s, b) >= bt.leadership(s, b, bt.role_of(b, FP)):
        b["mods"][FP]["no_reroll"] = True
        log_event(s, ev, "combat_effect", side=side, card=b["played"][side], effect="reroll_cancelled")


def _self_hits_options(most: int) -> Callable[[dict, dict, str, str], list[dict]]:
    """How many hits the side inflicts on its own units: 0 up to `most` (no more than it can take); none
    once the enemy army is gone (nothing left to gain)."""
    def options(s: dict, b: dict, side: str, card: str) -> list[dict]:
        if not bt.army_units(bt.force(s, b, bt.role_of(b, other(side)))):
            return []
        room = bt.capacity(bt.force(s, b, bt.role_of(b, side)))
        return [_choice(card, count=n) for n in range(min(most, room) + 1)]
    return options


def _self_hits(s: dict, ev: list, b: dict, side: str, n: int, card: str) -> None:
    if n:
        log_event(s, ev, "combat_effect", side=side, card=card, effect="self_hits", count=n)
        b["hits"][side] = b["hits"].get(side, 0) + n
        b["step"] = "casualties"


def _relentless_assault(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    _self_hits(s, ev, b, side, choice["count"], choice["card"])
    _bump(b, side, "add", choice["count"])


def _onslaught(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    _self_hits(s, ev, b, side, choice["count"], choice["card"])
    b["mods"][side]["onslaught"] = choice["count"]


def _onslaught_roll(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if b["mods"][side].get("onslaught"):
        _extra_attack(s, ev, b, side, b["played"][side], b["mods"][side]["onslaught"], 4)


def _turn_misses(per_char: dict[str, int]) -> Step:
    """Mighty Attack, Andúril: before the re-roll, a companion's Leadership forfeited turns misses of the
    combat roll into hits (per_char: how many for which companion; "*" any companion)."""
    def options(s: dict, b: dict, side: str, card: str) -> list[dict]:
        if not b["roll"][side]["misses"]:
            return []
        silenced = b["mods"][side].get("silenced", ())
        return [_choice(card, char=c) for c in _companions(bt.fight(s, b)[side])
                if c not in silenced and (c in per_char or "*" in per_char)]

    def apply(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
        r, c = b["roll"][side], choice["char"]
        n = min(r["misses"], per_char.get(c, per_char.get("*", 0)))
        _forfeit(s, ev, b, side, choice["card"], CHARS[c]["leadership"])
        r["misses"] -= n
        r["turned"] += n
        log_event(s, ev, "combat_effect", side=side, card=choice["card"], effect="misses_turned", count=n)
    return Step("before_reroll", apply, options)


def _mumakil_hit(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if b["scored"].get(side, 0) > b["scored"].get(other(side), 0):
        bt.add_hits(b, side, 1)
        log_event(s, ev, "combat_effect", side=side, card=b["played"][side], effect="extra_hit", count=1)


def _blade_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    if not b["roll"][side]["reroll_hits"]:
        return []
    return [_choice(card, char=c) for c in bt.fight(s, b)[other(side)]["chars"] if c in MINIONS]


def _blade_of_westernesse(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    """One hit of the re-roll is spent on the minion instead of the army."""
    _kill_char(s, ev, b, choice["char"])
    b["hits"][other(side)] -= 1
    b["scored"][side] -= 1


def _fateful_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    hits = b["roll"][side]["reroll_hits"]
    enemy = bt.fight(s, b)[other(side)]
    out = [_choice(card, nation=n, kind="nazgul") for n in _leaders(enemy, other(side))] if hits else []
    return out + ([_choice(card, char=c) for c in enemy["chars"] if c in MINIONS] if hits >= 2 else [])


def _eliminate(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    """Fateful Strike, Black Breath, Heroic Death: a figure of the battle eliminated."""
    if "char" in choice:
        _kill_char(s, ev, b, choice["char"])
    else:
        _kill_leader(s, ev, b, FP if choice["kind"] == "leader" else SH, choice["nation"])


def _black_breath_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    hits = b["roll"][side]["reroll_hits"]
    if not hits:
        return []
    fp = bt.fight(s, b)[FP]
    return [_choice(card, nation=n, kind="leader") for n in _leaders(fp, FP)] + \
        [_choice(card, char=c) for c in _companions(fp) if CHARS[c]["level"] <= hits] + _decline(card)


def _heroic_options(s: dict, b: dict, side: str, card: str) -> list[dict]:
    if not b["hits"].get(side):
        return []
    fp = bt.fight(s, b)[side]
    return [_choice(card, nation=n, kind="leader") for n in _leaders(fp, side)] + \
        [_choice(card, char=c) for c in _companions(fp)] + _decline(card)


def _heroic_death(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if choice["type"] == "combat_decline":
        return
    cancelled = min(b["hits"][side], CHARS[choice["char"]]["level"] if "char" in choice else 1)
    _eliminate(s, ev, b, side, choice)
    b["hits"][side] -= cancelled
    log_event(s, ev, "combat_effect", side=side, card=choice["card"], effect="hits_cancelled", count=cancelled)


def _black_breath(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if choice["type"] != "combat_decline":
        _eliminate(s, ev, b, side, choice)


def _shield_wall(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    if b["hits"].get(side, 0) >= 2:
        b["hits"][side] -= 1
        log_event(s, ev, "combat_effect", side=side, card=b["played"][side], effect="hits_cancelled", count=1)


def _great_host(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    mine = bt.army_units(bt.force(s, b, bt.role_of(b, side)))
    theirs = bt.army_units(bt.force(s, b, bt.role_of(b, other(side))))
    if theirs and mine >= 2 * theirs:
        log_event(s, ev, "combat_effect", side=side, card=b["played"][side], effect="extra_hit", count=1)
        _take_at_once(b, side, 1)


def _we_come_to_kill(s: dict, ev: list, b: dict, side: str, choice: dict) -> None:
    elites = sum(u.get("elite", 0) for u in bt.force(s, b, bt.role_of(b, side)).values())
    if elites:
        _extra_attack(s, ev, b, side, b["played"][side], elites, 5)


def _cards(title_cards: str, card: CombatCard) -> dict[str, CombatCard]:
    return dict.fromkeys(title_cards.split(), card)


SWARM_OF_BATS = ("sh_str_09", "sh_str_12")
_GIFT = CombatCard(_fellowship_with_defender, _both(_add("add", 1), _add("reroll_add", 1)))

COMBAT: dict[str, CombatCard] = {
    **_cards("fp_char_01 fp_char_02 fp_char_03 fp_char_04", _GIFT),                        # It Is a Gift
    **_cards("sh_char_01 sh_char_02 sh_char_03 sh_char_04", _GIFT),                        # One for the Dark Lord
    "fp_char_05": CombatCard(_hobbit, steps=(                                              # Blade of Westernesse
        Step("after_reroll", _blade_of_westernesse, _blade_options),)),
    **_cards("fp_char_06 fp_char_07", CombatCard(_companion, steps=(_turn_misses({"*": 1}),))),   # Mighty Attack
    "fp_char_08": CombatCard(_gandalf, _add("add", 1)),                                    # Servant of the Secret Fire
    "fp_char_09": CombatCard(_strider_or_aragorn, steps=(                                  # Andúril
        _turn_misses({"strider": 1, "aragorn": 2}),)),
    **_cards("fp_char_10 fp_char_13 fp_char_18", CombatCard(_leader_or_companion, steps=(  # Heroic Death
        Step("before_casualties", _heroic_death, _heroic_options),))),
    **_cards("fp_char_11 fp_char_15 fp_char_16", CombatCard(_companion, steps=(           # Daring Defiance
        Step("reveal", _daring_defiance, _cancel_theirs),))),
    "fp_char_12": CombatCard(_leader_or_companion, steps=(                                 # Fateful Strike
        Step("after_reroll", _eliminate, _fateful_options),)),
    **_cards("fp_char_14 fp_char_22 fp_str_11", CombatCard(_leader_or_companion, steps=(   # Sudden Strike
        Step("before_roll", _sudden_strike),))),
    **_cards("fp_char_17 fp_char_23 fp_char_24", CombatCard(_companion, _brave_stand)),     # Brave Stand
    "fp_char_19": CombatCard(_ents_country, _add("add", 2)),                               # Ents' Rage
    "fp_char_20": CombatCard(_ents_country, _cap_enemy_dice(2)),                           # Huorn-dark
    "fp_char_21": CombatCard(_ents_country, _add("bonus_hits", 2)),                        # Nameless Wood
    **_cards("fp_str_01 fp_str_15 fp_str_16", CombatCard(_always, _cap_enemy_dice(3))),     # Daylight
    **_cards("fp_str_02 fp_str_10", CombatCard(_always, _add("bonus_hits", 1))),            # No Quarter
    **_cards("fp_str_03 fp_str_04 fp_str_20 fp_str_21",                                    # Advantageous Position
             CombatCard(_free_peoples_land, _add("add", -1, "theirs"))),
    **_cards("fp_str_05 fp_str_09 fp_str_17", CombatCard(_defending_in_a_field_battle, steps=(   # Scouts
        Step("reveal", _scouts, _scouts_options),))),
    **_cards("fp_str_06 fp_str_07 fp_str_18 fp_str_19", CombatCard(_always, steps=(        # Shield-wall
        Step("before_casualties", _shield_wall),))),
    **_cards("fp_str_08 fp_str_12", CombatCard(_always, steps=(                            # Confusion
        Step("before_roll", lambda s, ev, b, side, _: b["mods"][SH].update(confusion=b["played"][side])),))),
    **_cards("fp_str_13 fp_str_14", CombatCard(_elite, steps=(Step("before_roll", _charge),))),   # Charge
    **_cards("fp_str_22 fp_str_23 fp_str_24", CombatCard(_elite, _add("add", 1))),          # Valour
    **_cards("sh_char_05 sh_char_06 sh_char_10 sh_char_21",                                # Cruel as Death
             CombatCard(_nazgul_leadership(2), steps=(_forfeit_nazgul_for(2, "add"),))),
    **_cards("sh_char_07 sh_char_13 sh_char_16",                                           # They Are Terrible
             CombatCard(_nazgul_leadership(1), steps=(_forfeit_nazgul_for(1, "reroll_add"),))),
    **_cards("sh_char_08 sh_char_14 sh_char_20", CombatCard(_nazgul_leadership(1), steps=(  # Dread and Despair
        Step("before_roll", _dread_and_despair, _dread_options),))),
    **_cards("sh_char_08b sh_char_12", CombatCard(_nazgul_leadership(1), steps=(            # Black Breath
        Step("after_reroll", _black_breath, _black_breath_options),))),
    **_cards("sh_char_09 sh_char_22 sh_char_24", CombatCard(_nazgul_leadership(1), steps=(  # Foul Stench
        Step("before_roll", _foul_stench),))),
    **_cards("sh_char_15 sh_char_18 sh_char_23", CombatCard(_nazgul_leadership(1), steps=(  # Words of Power
        Step("reveal", _words_of_power, _words_options),))),
    "sh_char_17": CombatCard(_near_moria, steps=(Step("before_roll", _durins_bane),)),     # Durin's Bane
    **_cards("sh_char_19 sh_str_03 sh_str_05",                                             # Devilry of Orthanc
             CombatCard(_isengard_at_a_stronghold, _add("add", 1))),
    **_cards("sh_str_01 sh_str_10 sh_str_21",                                              # Deadly Strife
             CombatCard(_always, _both(_add("add", 2, "both"), _add("reroll_add", 2, "both")))),
    **_cards("sh_str_22 sh_str_23 sh_str_24",                                              # Desperate Battle
             CombatCard(_always, _both(_add("add", 1, "both"), _add("reroll_add", 1, "both")))),
    **_cards("sh_str_02 sh_str_19 sh_str_20", CombatCard(_always, steps=(                  # Onslaught
        Step("after_casualties", _onslaught, _self_hits_options(4)), Step("after_casualties", _onslaught_roll)))),
    **_cards("sh_str_04 sh_str_11 sh_str_18", CombatCard(_always, steps=(                  # Relentless Assault
        Step("before_roll", _relentless_assault, _self_hits_options(2)),))),
    **_cards("sh_str_06 sh_str_16 sh_str_17", CombatCard(_always, steps=(                  # Great Host
        Step("after_casualties", _great_host),))),
    **_cards("sh_str_07 sh_str_08", CombatCard(_southron_elite, _add("add", 1), steps=(    # Mûmakil (3, then 5)
        Step("after_reroll", _mumakil_hit),))),
    **_cards("sh_str_13 sh_str_14 sh_str_15", CombatCard(_elite, steps=(                   # We Come to Kill
        Step("after_casualties", _we_come_to_kill),))),
    **dict.fromkeys(SWARM_OF_BATS, CombatCard(_always, steps=(Step("reveal", _swarm_of_bats),))),   # Swarm of Bats
}
assert set(COMBAT) <= set(CARDS)
assert all(CARDS[c]["side"] == (FP if c.startswith("fp") else SH) for c in COMBAT)
