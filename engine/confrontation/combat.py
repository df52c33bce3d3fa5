"""Fights, in the rulebook's four steps: reveal, character texts, combat cards, strengths.

A fight is a queue of named stages (`combat["stages"]`). `run` pops and executes them in order; a stage
that needs a player's choice sets the decision and returns WAIT, and the action handler resumes `run`
once the choice is applied. A fight that ends calls `fight_over`, which starts the next fight in the
region or hands back to the turn.
"""
from __future__ import annotations

from . import turns
from .action_types import ConfrontationAction
from .board import ADJACENT, ADJACENT_FLAT, BACKWARD, ENEMY, FELLOWSHIP, SAURON, SIDEWAYS, STEP
from .state import (
    CARD_VALUE,
    FRODO,
    GANDALF,
    NAZGUL,
    ORCS,
    SAM,
    STRENGTH,
    WITCH_KING,
    emit,
    find,
    in_region,
    knows,
    possible_chars,
)

WAIT = "wait"
F, S = FELLOWSHIP, SAURON
TEXT_CARDS = {"magic", "noble_sacrifice", "elven_cloak", "retreat", "eye_of_sauron"}
OPENING = ["f_text", "f_auto", "s_auto", "s_text", "cards"]


def fresh_fight() -> dict:
    """The fields of one fight, as they are before it starts."""
    return {
        "f": None, "s": None, "stages": [], "cards": {F: None, S: None}, "chosen": {F: False, S: False},
        "shown": False, "no_cards": False, "sam_bonus": False, "help": False, "cloak": False,
        "retreated": None, "strength": None, "worm": None, "shelob": None, "forbidden": None,
    }


# ---- starting and ending fights -------------------------------------------------------------------

def start_attack(s: dict, attacker: dict, frm: str) -> None:
    region = attacker["region"]
    s["combat"] = {
        "region": region, "attacker": attacker["token"], "side": attacker["side"], "from": frm,
        "sideways": region in SIDEWAYS[S][frm] or frm in SIDEWAYS[S][region], "first": True,
        **fresh_fight(),
    }
    next_fight(s)


def next_fight(s: dict) -> None:
    c = s["combat"]
    att = find(s, c["attacker"])
    foes = in_region(s, c["region"], ENEMY[c["side"]])
    if att is None or att["region"] != c["region"] or not foes:
        s["combat"] = None
        turns.after_move(s)
    elif len(foes) == 1:
        begin_fight(s, foes[0])
    else:
        turns.set_decision(s, "target", [c["side"]])


def begin_fight(s: dict, target: dict) -> None:
    c = s["combat"]
    att = find(s, c["attacker"])
    fp, sp = (att, target) if c["side"] == F else (target, att)
    c.update(fresh_fight(), f=fp["token"], s=sp["token"], stages=list(OPENING))
    emit(s, "combat", region=c["region"], attacker=att["token"], defender=target["token"])
    reveal(s, fp)
    reveal(s, sp)
    run(s)


def reveal(s: dict, p: dict) -> None:
    if not p["revealed"]:
        p["revealed"] = True
        emit(s, "revealed", piece=p["token"], side=p["side"], character=p["char"])
    p["known"] = True
    if p["char"] == "the_watcher":
        p["permanent"] = True  # once seen, the Watcher stays face up for the rest of the game


def run(s: dict) -> None:
    c = s["combat"]
    while c is not None and c["stages"]:
        stage = c["stages"].pop(0)
        if STAGES[stage](s) == WAIT:
            return
        c = s["combat"]


def fight_over(s: dict) -> str:
    """Clean up after one fight (cards, Wormtongue, Shelob, faces down) and go on. Returns WAIT so the
    stage loop stops."""
    c = s["combat"]
    c["stages"] = []
    if c["worm"]:
        turns.set_decision(s, "wormtongue", [S])
        return WAIT
    for side in (F, S):
        if c["cards"][side]:
            s["discards"][side].append(c["cards"][side])
    if not s["hands"][F] or not s["hands"][S]:
        for side in (F, S):
            if not s["hands"][side]:
                s["hands"][side], s["discards"][side] = s["discards"][side], []
        emit(s, "hands_refilled")
    shelob_returns(s)
    hidden = []
    for p in s["pieces"]:
        if p["revealed"] and not p["permanent"] and p["token"] not in s["palantir"]:
            p["revealed"] = False
            hidden.append(p["token"])
    if hidden:
        emit(s, "hidden_again", pieces=hidden)
    c.update(fresh_fight(), first=False)
    next_fight(s)
    return WAIT


def shelob_returns(s: dict) -> None:
    shelob = find(s, s["combat"]["shelob"] or "")
    if shelob is None or shelob["region"] == "gondor":
        return
    emit(s, "shelob_returns", piece=shelob["token"], to="gondor")
    others = [p for p in in_region(s, "gondor", S) if p is not shelob]
    if len(others) >= 2 or in_region(s, "gondor", F):
        remove(s, shelob)
    else:
        shelob["region"] = "gondor"


# ---- defeats and retreats -------------------------------------------------------------------------

def defeat(s: dict, p: dict, by: dict) -> None:
    """p loses the fight against `by`."""
    c = s["combat"]
    if p["char"] == "wormtongue" and worm_refuges(s, p):
        c["worm"] = p["token"]  # Sauron may still pull him back (decision after the fight)
        return
    if by is not None and by["char"] == "shelob" and p["side"] == F:
        c["shelob"] = by["token"]
    remove(s, p, by)


def remove(s: dict, p: dict, by: dict | None = None) -> None:
    s["pieces"].remove(p)
    s["defeated"][p["side"]].append(p["char"])
    emit(s, "defeated", piece=p["token"], side=p["side"], character=p["char"])
    ring_bearer_falls(s, p, by)


def ring_bearer_falls(s: dict, p: dict, by: dict | None) -> None:
    ch = p["char"]
    if ch == "frodo":
        turns.game_over(s, S, "frodo_defeated")
    if ch != s["ring_bearer"]:
        return
    sam = next((q for q in s["pieces"] if q["char"] in SAM), None)
    if ch == "frodo_v" and sam is not None and not (by is not None and by["char"] == "warg"):
        # Variant Frodo: Sam takes the Ring and must show himself.
        s["ring_bearer"] = sam["char"]
        sam["known"] = True
        emit(s, "ability", character=ch, what="ring_to_sam", piece=sam["token"])
        return
    turns.game_over(s, S, "ring_bearer_defeated")


def worm_refuges(s: dict, p: dict) -> list[str]:
    return [d for d in BACKWARD[S][p["region"]] if not in_region(s, d)]


def retreat(s: dict, p: dict, to: str) -> None:
    frm = p["region"]
    p["region"] = to
    s["combat"]["retreated"] = p["side"] if s["combat"]["retreated"] is None else "both"
    emit(s, "retreated", piece=p["token"], side=p["side"], to=to, **{"from": frm})


def open_region(s: dict, side: str, region: str) -> bool:
    """A region a piece of `side` may retreat into: no enemy in it and room for one more friend."""
    return not in_region(s, region, ENEMY[side]) and turns.room(s, side, region)


# ---- who is fighting ------------------------------------------------------------------------------

def fighters(s: dict) -> tuple[dict, dict]:
    c = s["combat"]
    return find(s, c["f"]), find(s, c["s"])


def warg(s: dict) -> bool:
    """Against the Warg, every Fellowship text (character, Gwaihir, Gandalf's help) is ignored."""
    return find(s, s["combat"]["s"])["char"] == "warg"


def f_attacking(s: dict) -> bool:
    return s["combat"]["side"] == F


# ---- step 2: character texts ----------------------------------------------------------------------

def f_text_options(s: dict) -> list[ConfrontationAction]:
    """What the Fellowship may do at the start of the fight, besides proceeding."""
    c = s["combat"]
    fp, sp = fighters(s)
    region, ch = c["region"], fp["char"]
    opts: list[ConfrontationAction] = []
    if warg(s):
        return opts
    if "gwaihir_the_windlord" in s["specials"][F]["held"] and gwaihir_refuges(s, fp):
        opts.append({"type": "special", "card": "gwaihir_the_windlord"})
    for to in own_retreats(s, fp, sp):
        opts.append({"type": "retreat", "to": to})
    friends = [q for q in in_region(s, region, F) if q is not fp]
    if ch in FRODO and not f_attacking(s) and c["first"]:
        opts += [{"type": "sam_replace"} for q in friends if q["char"] == "sam"]
    if ch == "sam" and not c["sam_bonus"] and any(q["char"] in FRODO for q in friends):
        opts.append({"type": "reveal_frodo"})
    if ch == "smeagol" and not f_attacking(s) and not friends:
        for r in ADJACENT_FLAT[region]:
            opts += [{"type": "swap", "with": q["token"]} for q in in_region(s, r, F)]
    if ch == "aragorn_v" and not f_attacking(s):
        opts.append({"type": "no_cards"})
    return opts


def own_retreats(s: dict, fp: dict, sp: dict) -> list[str]:
    c, ch, region = s["combat"], fp["char"], fp["region"]
    if ch == "frodo" and not f_attacking(s):
        dests: list[str] | tuple[str, ...] = list(SIDEWAYS[F][region])
        if sp["char"] == "witch_king" and c["sideways"] and c["from"] not in dests:
            dests = [*dests, c["from"]]  # back into the region the Witch-king attacked from
    elif ch == "pippin" and f_attacking(s):
        dests = BACKWARD[F][region]
    elif ch == "faramir" and f_attacking(s):
        dests = SIDEWAYS[F][region]
    else:
        return []
    return [d for d in dests if open_region(s, F, d)]


def gwaihir_refuges(s: dict, fp: dict) -> list[str]:
    r = fp["region"]
    return [d for d in SIDEWAYS[F][r] + BACKWARD[F][r] if open_region(s, F, d)]


def f_text_cover(s: dict) -> bool:
    """Whether Sauron must expect a Fellowship choice here, from what Sauron knows: then the
    decision is asked even when the Fellowship turns out to have none, so its existence tells
    nothing."""
    c = s["combat"]
    fp, _ = fighters(s)
    sp_f = s["specials"][F]
    if s["options"]["special_cards"] == "choose" and sp_f["held"]:
        return True
    possible = possible_chars(s, F)
    unknown_friend = any(not knows(S, q) for q in in_region(s, c["region"], F) if q is not fp)
    if fp["char"] in FRODO and not f_attacking(s) and c["first"] and "sam" in possible and unknown_friend:
        return True
    return fp["char"] == "sam" and bool(possible & set(FRODO)) and unknown_friend


def stage_f_text(s: dict):
    if warg(s):
        return None
    if f_text_options(s) or f_text_cover(s):
        turns.set_decision(s, "fellowship_text", [F])
        return WAIT
    return None


def stage_f_auto(s: dict):
    """Fellowship texts that settle the fight at once."""
    if warg(s):
        return None
    fp, sp = fighters(s)
    ch, foe = fp["char"], sp["char"]
    if (ch == "merry" and foe in WITCH_KING) or (ch == "legolas" and foe in NAZGUL) or (ch == "gimli" and foe in ORCS):
        emit(s, "ability", character=ch, what="defeats", piece=sp["token"])
        defeat(s, sp, fp)
        return fight_over(s)
    if ch == "boromir":
        emit(s, "ability", character=ch, what="both_defeated", piece=sp["token"])
        defeat(s, sp, fp)
        defeat(s, fp, sp)
        return fight_over(s)
    return None


def stage_s_auto(s: dict):
    """Sauron texts that settle the fight at once."""
    c = s["combat"]
    fp, sp = fighters(s)
    if sp["char"] == "orcs" and c["side"] == S and c["first"]:
        emit(s, "ability", character="orcs", what="defeats", piece=fp["token"])
        defeat(s, fp, sp)
        return fight_over(s)
    if sp["char"] == "saruman_v" and fp["char"] in GANDALF:
        emit(s, "ability", character="saruman_v", what="defeats", piece=fp["token"])
        defeat(s, fp, sp)
        return fight_over(s)
    return None


def s_text_options(s: dict) -> list[ConfrontationAction]:
    c = s["combat"]
    _, sp = fighters(s)
    opts: list[ConfrontationAction] = []
    if sp["char"] == "gollum":
        opts += [{"type": "retreat", "to": d} for d in STEP[S][sp["region"]] if open_region(s, S, d)]
    if sp["char"] == "saruman" and not c["no_cards"]:
        opts.append({"type": "no_cards"})
    return opts


def stage_s_text(s: dict):
    if s_text_options(s):
        turns.set_decision(s, "sauron_text", [S])
        return WAIT
    return None


# ---- step 3: combat cards -------------------------------------------------------------------------

def stage_cards(s: dict):
    c = s["combat"]
    if c["no_cards"]:
        c["stages"] = ["gandalf_help", "strength"]
        return None
    fp, _ = fighters(s)
    if fp["char"] == "gandalf" and not warg(s):
        # Against Gandalf (Classic) Sauron chooses and shows first, Magic's replacement included.
        c["stages"] = ["reveal", "magic_s", "pick_f", "reveal", "saruman_force", "mouth", "magic_f",
                       "text_s", "text_f", "gandalf_help", "strength"]
        turns.set_decision(s, "cards", [S])
    else:
        c["stages"] = ["reveal", "saruman_force", "mouth", "magic_s", "magic_f",
                       "text_s", "text_f", "gandalf_help", "strength"]
        turns.set_decision(s, "cards", [F, S])
    return WAIT


def stage_pick_f(s: dict):
    turns.set_decision(s, "cards", [F])
    return WAIT


def stage_reveal(s: dict):
    c = s["combat"]
    emit(s, "cards_revealed", fellowship=c["cards"][F], sauron=c["cards"][S])
    c["shown"] = True
    return None


def stage_saruman_force(s: dict):
    _, sp = fighters(s)
    if sp["char"] == "saruman_v" and s["hands"][F]:
        turns.set_decision(s, "saruman_force", [S])
        return WAIT
    return None


def stage_mouth(s: dict):
    c = s["combat"]
    _, sp = fighters(s)
    if sp["char"] == "mouth_of_sauron" and c["cards"][S] != "strength_4" and (
            "strength_4" in s["hands"][S] or "strength_4" in s["discards"][S]):
        turns.set_decision(s, "mouth", [S])
        return WAIT
    return None


def s_ignored(s: dict, card: str) -> bool:
    """Whether Sauron's card is ignored: always beside the Cave Troll; a text card against Frodo
    (Variant); the Eye and Magic against Elrond."""
    fp, sp = fighters(s)
    if sp["char"] == "cave_troll":
        return True
    if warg(s):
        return False
    return (fp["char"] == "frodo_v" and card in TEXT_CARDS) or (fp["char"] == "elrond" and card in ("eye_of_sauron", "magic"))


def eye(s: dict) -> bool:
    card = s["combat"]["cards"][S]
    return card == "eye_of_sauron" and not s_ignored(s, card)


def f_ignored(s: dict, card: str) -> bool:
    return card in TEXT_CARDS and eye(s)


def _magic(s: dict, side: str, ignored: bool):
    """A side's Magic card, unless ignored, asks it to take a card from its discard pile (if it has one)."""
    if s["combat"]["cards"][side] == "magic" and not ignored and s["discards"][side]:
        turns.set_decision(s, "magic", [side])
        return WAIT
    return None


def stage_magic_s(s: dict):
    return _magic(s, S, s_ignored(s, "magic"))


def stage_magic_f(s: dict):
    return _magic(s, F, f_ignored(s, "magic"))


def sauron_card_refuges(s: dict) -> list[str]:
    _, sp = fighters(s)
    return [d for d in SIDEWAYS[S][sp["region"]] if open_region(s, S, d)]


def fellowship_card_refuges(s: dict) -> list[str]:
    fp, _ = fighters(s)
    return [d for d in BACKWARD[F][fp["region"]] if open_region(s, F, d)]


def stage_text_s(s: dict):
    """Sauron's text card is applied first."""
    c = s["combat"]
    if c["cards"][S] == "retreat" and not s_ignored(s, "retreat"):
        dests = sauron_card_refuges(s)
        if len(dests) == 1:
            retreat(s, fighters(s)[1], dests[0])
        elif dests:
            turns.set_decision(s, "retreat_card", [S])
            return WAIT
    return None


def stage_text_f(s: dict):
    c = s["combat"]
    card = c["cards"][F]
    fp, sp = fighters(s)
    if card in TEXT_CARDS and not f_ignored(s, card):
        if card == "noble_sacrifice" and c["retreated"] is None:
            emit(s, "ability", character=fp["char"], what="noble_sacrifice", piece=sp["token"])
            defeat(s, sp, fp)
            defeat(s, fp, sp)
            return fight_over(s)
        if card == "retreat":
            dests = fellowship_card_refuges(s)
            if len(dests) == 1:
                retreat(s, fp, dests[0])
            elif dests:
                turns.set_decision(s, "retreat_card", [F])
                return WAIT
        if card == "elven_cloak":
            c["cloak"] = True
    if c["retreated"] is not None:
        return fight_over(s)
    return None


# ---- step 4: strengths ----------------------------------------------------------------------------

def helper(s: dict) -> dict | None:
    """Gandalf (Variant) in or next to the fight, not fighting himself."""
    c = s["combat"]
    fp, _ = fighters(s)
    if warg(s) or fp["char"] == "gandalf_v":
        return None
    g = next((q for q in s["pieces"] if q["char"] == "gandalf_v"), None)
    if g and (g["region"] == c["region"] or g["region"] in ADJACENT[c["region"]]):
        return g
    return None


def help_cover(s: dict) -> bool:
    c = s["combat"]
    fp, _ = fighters(s)
    if warg(s) or fp["char"] == "gandalf_v" or "gandalf_v" not in possible_chars(s, F):
        return False
    near = {c["region"], *ADJACENT[c["region"]]}
    return any(q["region"] in near and (not knows(S, q) or q["char"] == "gandalf_v")
               for q in s["pieces"] if q["side"] == F and q is not fp)


def stage_gandalf_help(s: dict):
    if helper(s) or help_cover(s):
        turns.set_decision(s, "gandalf_help", [F])
        return WAIT
    return None


def base_strength(s: dict, p: dict) -> int:
    c = s["combat"]
    ch, region = p["char"], c["region"]
    attacking = c["side"] == p["side"]
    if p["side"] == S:
        return 6 if ch == "orcs_v" and attacking else STRENGTH[ch]
    if warg(s):
        return STRENGTH[ch]
    if ch == "sam" and c["sam_bonus"]:
        return 5
    if ch == "sam_v" and not attacking:
        return base_strength(s, fighters(s)[1])
    if ch == "treebeard" and region == "fangorn":
        return 6
    if ch == "theoden" and region in ("rohan", "gondor"):
        return 4
    return STRENGTH[ch]


def totals(s: dict) -> tuple[int, int]:
    c = s["combat"]
    fp, sp = fighters(s)
    f = base_strength(s, fp) + (CARD_VALUE[F].get(c["cards"][F] or "") or 0) + (1 if c["help"] else 0)
    s_card = c["cards"][S] or ""
    s_val = 0 if s_ignored(s, s_card) or c["cloak"] else (CARD_VALUE[S].get(s_card) or 0)
    return f, base_strength(s, sp) + s_val


def stage_strength(s: dict):
    c = s["combat"]
    fp, sp = fighters(s)
    f, v = totals(s)
    c["strength"] = {F: f, S: v}
    emit(s, "strength", fellowship=f, sauron=v)
    # Sauron's piece falls first, so a tie that also ends the game still counts both losses.
    if v <= f:
        defeat(s, sp, fp)
    if f <= v:
        defeat(s, fp, sp)
    return fight_over(s)


STAGES = {
    "f_text": stage_f_text, "f_auto": stage_f_auto, "s_auto": stage_s_auto, "s_text": stage_s_text,
    "cards": stage_cards, "pick_f": stage_pick_f, "reveal": stage_reveal,
    "saruman_force": stage_saruman_force, "mouth": stage_mouth, "magic_s": stage_magic_s,
    "magic_f": stage_magic_f, "text_s": stage_text_s, "text_f": stage_text_f,
    "gandalf_help": stage_gandalf_help, "strength": stage_strength,
}
