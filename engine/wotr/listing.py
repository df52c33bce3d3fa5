"""Listing the legal actions: the die actions of each side by type (`DIE_TYPES`), what each other decision
allows (`ask_actions`), and `legal_actions`. Every decision is the top of `s["ask"]`; die actions carry the
face spent as "die" (identical faces are interchangeable). docs/wotr.md lists every action.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.wotr import abilities as ab
from engine.wotr import armies as ar
from engine.wotr import battle as bt
from engine.wotr import characters as ch
from engine.wotr import fellowship as fs
from engine.wotr import hunt
from engine.wotr.cards import decks, who_plays
from engine.wotr.cards import free_peoples as efp
from engine.wotr.cards import play as card_play
from engine.wotr.dice import allocation_range, may_pass, ring_changes
from engine.wotr.die_payment import Dice
from engine.wotr.hunt import hunt_reductions, may_end_reveal, reveal_steps
from engine.wotr.politics import diplomacy_targets
from engine.wotr.seats import (
    LEADER_KINDS,
    MINION_SEAT,
    SEAT_NATIONS,
    army_controller,
    decider,
    hand,
    is_team_game,
    seat_of,
)
from engine.wotr.state import CARDS, FP, MINIONS, SH
from engine.wotr.types import WotrAction


def _move_fellowship_acts(d: Dice) -> list[WotrAction]:
    ok = d.paid["character"] and fs.may_move(d.s)
    return [{"type": "move_fellowship", "die": face} for face in d.paid["character"]] if ok else []


def _hide_acts(d: Dice) -> list[WotrAction]:
    if d.s["fellowship"]["hidden"]:
        return []
    return [{"type": "hide_fellowship", "die": face} for face in ab.hide_faces(d.s, d.paid["character"])]


def _companion_diplomacy_acts(d: Dice) -> list[WotrAction]:
    return [{"type": "companion_diplomacy", "companion": c, "nation": n, "die": face}
            for c, n in ab.political_abilities(d.s) for face in d.faces]


def _voice_acts(d: Dice) -> list[WotrAction]:
    return [{"type": "voice_of_saruman", "choice": c, "die": face} for c in ab.voice_of_saruman(d.s)
            for face in d.paid["muster"]]


def _separate_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["character"] or not fs.may_separate(d.s):
        return []
    return [{"type": "separate", "companion": c, "die": face} for c in d.s["fellowship"]["companions"]
            for face in d.paid["character"]]


def _move_companions_acts(d: Dice) -> list[WotrAction]:
    ok = d.paid["character"] and ch.may_move_companions(d.s)
    return [{"type": "move_companions", "die": face} for face in d.paid["character"]] if ok else []


def _gandalf_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["will_of_the_west"]:
        return []
    return [{"type": "gandalf_the_white", "region": r, "die": face} for r in ch.gandalf_white_places(d.s)
            for face in d.paid["will_of_the_west"]]


def _aragorn_acts(d: Dice) -> list[WotrAction]:
    ok = d.paid["will_of_the_west"] and ch.aragorn_place(d.s)
    return [{"type": "aragorn", "die": face} for face in d.paid["will_of_the_west"]] if ok else []


def _move_minions_acts(d: Dice) -> list[WotrAction]:
    ok = d.paid["character"] and ch.has_minion_moves(d.s)
    return [{"type": "move_minions", "die": face} for face in d.paid["character"]] if ok else []


def _bring_minion_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["muster"]:
        return []
    return [{"type": "bring_minion", "minion": m, "region": r, "die": face} for m in MINIONS
            for r in ch.minion_places(d.s, m) for face in d.paid["muster"]]


def _led(d: Dice) -> bool:
    """The Character die: one army with a leader or character moves or attacks."""
    return "character" in d.s["dice"][d.side]


def _move_armies_acts(d: Dice) -> list[WotrAction]:
    out: list[WotrAction] = [{"type": "move_armies", "die": face} for face in d.paid["army"]] if d.paid[
        "army"] and ar.may_move_army(d.s, d.side, armies=d.armies, seat=d.seat) else []
    if d.paid["character"] and _led(d) and ar.may_move_army(d.s, d.side, led=True, armies=d.armies, seat=d.seat):
        out.append({"type": "move_armies", "die": "character"})
    return out


def _attack_acts(d: Dice) -> list[WotrAction]:
    out: list[WotrAction] = []
    if d.paid["army"]:
        for src, to in bt.attack_targets(d.s, d.side, armies=d.armies):
            out += [{"type": "attack", "from": src, "to": to, "die": face} for face in d.paid["army"]]
    if d.paid["character"] and _led(d):
        out += [{"type": "attack", "from": src, "to": to, "die": "character"}
                for src, to in bt.attack_targets(d.s, d.side, led=True, armies=d.armies)]
    return out


def _muster_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["muster"]:
        return []
    faces = d.paid["muster"]       # some hundred actions: made directly
    return [{"type": "muster", "nation": n, "kind": k, "region": r, "die": face}
            for n, k, r in ar.muster_places(d.s, d.side, armies=d.armies) for face in faces]


def _diplomacy_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["muster"]:
        return []
    return [{"type": "diplomacy", "nation": n, "die": face} for n in diplomacy_targets(d.s, d.side)
            for face in d.paid["muster"]]


def _draw_card_acts(d: Dice) -> list[WotrAction]:
    if not d.paid["event"]:
        return []
    return [{"type": "draw_card", "deck": deck, "die": face} for deck in decks.DECKS if d.s["decks"][d.side][deck]
            for face in d.paid["event"]]


def _play_event_acts(d: Dice) -> list[WotrAction]:
    if not hand(d.s, d.seat or d.side):
        return []
    return [{"type": "play_event", **card_play, "die": face} for card_play in card_play.plays(d.s, d.side, d.card_faces)
            for face in d.card_faces(card_play["card"])]


def _discard_table_card_acts(d: Dice) -> list[WotrAction]:
    """The Shadow removes a sheltering card of the Free Peoples' table (any die pays)."""
    if d.side != SH or not d.s["table"][FP]:
        return []
    return [{"type": "discard_table_card", **x, "die": face} for x in efp.shelter_discards(d.s)
            for face in d.faces]


def _skip_acts(d: Dice) -> list[WotrAction]:
    return [{"type": "skip", "die": face} for face in d.faces]


def _elven_ring_acts(d: Dice) -> list[WotrAction]:
    return [{"type": "elven_ring", "die": a, "to": b} for a, b in ring_changes(d.s, d.side)]


def _pass_acts(d: Dice) -> list[WotrAction]:
    return [{"type": "pass"}] if may_pass(d.s, d.side) else []


_BOTH = (("move_armies", _move_armies_acts), ("attack", _attack_acts), ("muster", _muster_acts),
         ("diplomacy", _diplomacy_acts), ("draw_card", _draw_card_acts), ("play_event", _play_event_acts),
         ("discard_table_card", _discard_table_card_acts), ("skip", _skip_acts), ("elven_ring", _elven_ring_acts), ("pass", _pass_acts))
# Each side's die actions by type, in the order they are listed.
DIE_TYPES = {
    FP: (("move_fellowship", _move_fellowship_acts), ("hide_fellowship", _hide_acts), ("separate", _separate_acts),
         ("move_companions", _move_companions_acts), ("gandalf_the_white", _gandalf_acts),
         ("aragorn", _aragorn_acts), ("companion_diplomacy", _companion_diplomacy_acts)) + _BOTH,
    SH: (("move_minions", _move_minions_acts), ("bring_minion", _bring_minion_acts),
         ("voice_of_saruman", _voice_acts)) + _BOTH,
}


def die_actions(s: dict, side: str, only: str | None = None, without: frozenset = frozenset(),
                 seat: str | None = None) -> list[WotrAction]:
    """Every die action of `side` now; with `only`, just the actions of that type (to check one);
    `without`: leaving out those types (a playout of the Ring-quest game, the armies idle, leaves out the army actions);
    `seat`: in a team game, the player using the die (only their nations, armies and minions)."""
    d = Dice(s, side, seat)
    out: list[WotrAction] = []
    for type_, actions_of in DIE_TYPES[side]:
        if (only is None or only == type_) and type_ not in without:
            out += actions_of(d)
    return out if seat is None else [a for a in out if seat_may(s, seat, side, a)]


def seat_may(s: dict, seat: str, side: str, a: Mapping[str, Any]) -> bool:
    """In a team game a player recruits and makes diplomacy only for their own nations, brings in and
    moves only their own minions, and attacks only with the armies they control (seats.py)."""
    if a["type"] in ("muster", "muster_second", "diplomacy", "dead_men_recruit"):
        return a["nation"] in SEAT_NATIONS[seat]
    if a["type"] == "play_event":
        return who_plays.may_play(s, seat, side, a)
    if a["type"] in ("bring_minion", "move_minion"):
        return MINION_SEAT[a["minion"]] == seat
    if a["type"] == "voice_of_saruman":
        return MINION_SEAT["saruman"] == seat
    if a["type"] == "move_minions":         # either Shadow player flies the Nazgûl, each moves their minions
        return any("nazgul" in u.get("sauron", ()) for u in s["units"].values()) or any(
            MINION_SEAT[m] == seat for m in ("witch_king", "mouth_of_sauron") if m in s["chars"])
    if a["type"] == "attack":
        return army_controller(s, a["from"], side) == seat
    return True


def ask_actions(s: dict, ask: dict) -> list[WotrAction]:
    if is_team_game(s) and ask["kind"] not in LEADER_KINDS:
        seat = decider(s, ask)
        actions = _side_actions(s, ask, seat)       # an "act" is filtered by die_actions already
        return actions if ask["kind"] == "act" else [a for a in actions if seat_may(s, seat, ask["side"], a)]
    return _side_actions(s, ask)


def _side_actions(s: dict, ask: dict, seat: str | None = None) -> list[WotrAction]:
    kind, f = ask["kind"], s["fellowship"]
    out: list[WotrAction]
    if kind == "act":
        return die_actions(s, ask["side"], seat=seat)
    if kind == "fellowship_phase":
        out = [{"type": "declare", "region": r} for r in fs.declare_targets(s)]
        out += [{"type": "change_guide", "companion": c} for c in fs.may_change_guide(s)]
        if fs.may_enter_mordor(s):
            out.append({"type": "enter_mordor"})
        return out + [{"type": "end_fellowship_phase"}]
    if kind == "allocate":
        lo, hi = allocation_range(s)
        return [{"type": "allocate", "dice": n} for n in range(lo, hi + 1)]
    if kind == "discard":
        return [{"type": "discard", "card": c} for c in sorted(set(hand(s, seat or ask["side"])))]
    if kind == "draw_deck":
        return [{"type": "draw_deck", "deck": d} for d in decks.DECKS if s["decks"][ask["side"]][d]]
    if kind == "exchange":
        return decks.exchange_actions(s, ask)
    if kind == "hunt_damage":
        out = [{"type": "take_corruption"}]
        if ask.get("casualty"):                 # damage left after a casualty: only the guide lowers it (p.42)
            return out + hunt_reductions(s)
        if f["guide"] in f["companions"]:
            out.append({"type": "casualty", "who": "guide"})
        if f["companions"]:
            out.append({"type": "casualty", "who": "random"})
        if ask.get("unreduced"):                # Isildur's Bane: nothing lowers this damage
            return out
        return out + hunt_reductions(s) + [{"type": "use_table_card", "card": c} for c in hunt.damage_cards(s)]
    if kind == "place_companion":
        return [{"type": "place_companion", "region": r} for r in fs.separation_targets(s, {"group": [ask["companion"]]})]
    if kind == "ability_draw":
        return ab.ability_draw_actions(s, ask)
    if kind == "white_rider":
        return [{"type": "white_rider", "forfeit": True}, {"type": "white_rider", "forfeit": False}]
    if kind == "card_fellowship":           # There is Another Way: a move or a hide without a die
        out = [{"type": "move_fellowship"}] if fs.may_move(s) else []
        out += [] if f["hidden"] else [{"type": "hide_fellowship"}]
        return out + [{"type": "done"}]
    if kind == "nazgul_flee":               # The Eagles are Coming!: where the surviving Nazgûl go
        return [{"type": "nazgul_flee", "region": r} for r in efp.sauron_strongholds(s)]
    if kind == "card_extra_play":           # The Ents Awake: another Character card, without a die
        out = [{"type": "play_event", **p} for p in card_play.plays(s, FP) if CARDS[p["card"]]["deck"] == "character"]
        return out + [{"type": "done"}]
    if kind == "hunt_draw":
        return [{"type": "use_table_card", "card": hunt.WIZARDS_STAFF}, {"type": "draw_tile"}]
    if kind == "hunt_tile_drawn":
        return [{"type": "use_table_card", "card": hunt.MITHRIL_COAT}, {"type": "keep_tile"}]
    if kind == "reveal_move":
        out = [{"type": "reveal_step", "region": r} for r in reveal_steps(s, ask)]
        return out + ([{"type": "reveal_stop"}] if may_end_reveal(s, ask) else [])
    if kind == "choose_guide":
        return [{"type": "choose_guide", "companion": c} for c in fs.guide_candidates(s)]
    if kind == "separate":
        out = [{"type": "separate_add", "companion": c} for c in f["companions"] if c not in ask["group"]]
        return out + [{"type": "separate_to", "region": r} for r in fs.separation_targets(s, ask)]
    if kind == "move_companions":
        return list(ch.companion_moves(s, ask)) + [{"type": "done"}]
    if kind == "move_minions":
        return ch.minion_moves(s, ask) + [{"type": "done"}]
    if kind == "army_move":
        return ar.move_actions(s, ask)
    if kind == "battle":
        return bt.step_actions(s, ask)
    if kind == "remove_excess":
        return ar.excess_actions(s, ask)
    if kind in card_play.DECISIONS:
        return list(card_play.DECISIONS[kind].actions(s, ask))
    if kind == "muster_second":
        out = [{"type": "muster_second", "nation": n, "kind": k, "region": r} for n, k, r in ar.muster_places(
            s, ask["side"], ("regular", "leader", "nazgul"), exclude=ask["first"])]
        return out + [{"type": "done"}]
    raise AssertionError(kind)


def legal_actions(s: dict, player) -> list[WotrAction]:
    if s["result"] is not None or not s["ask"]:
        return []
    ask = s["ask"][-1]
    if seat_of(s, player) != decider(s, ask):
        return []
    return ask_actions(s, ask)
