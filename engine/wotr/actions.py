"""Legal actions and applying them. Every decision is the top of `s["ask"]`; `legal_actions` lists
what it allows, and `apply` accepts exactly those (anything else is refused, the state untouched).

Die actions carry the face spent as "die" (identical faces are interchangeable). docs/wotr.md lists
every action.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Final

from engine.kernel import IllegalAction
from engine.wotr import abilities as ab
from engine.wotr import armies as ar
from engine.wotr import battle as bt
from engine.wotr import card_seats
from engine.wotr import characters as ch
from engine.wotr import event_cards as ec
from engine.wotr import events_fp as efp
from engine.wotr import fellowship as fs
from engine.wotr import hunt
from engine.wotr.dice import (
    PAYS,
    allocate,
    allocation_range,
    may_pass,
    messenger_ready,
    ring_changes,
    spend,
    use_ring,
)
from engine.wotr import events as evc
from engine.wotr.events import check_hand_limit, discard, draw
from engine.wotr.hunt import (
    casualty,
    damage_to_corruption,
    end_reveal,
    gollum_reveals,
    hunt_reductions,
    may_end_reveal,
    reduce_by_guide,
    reveal_step,
    reveal_steps,
)
from engine.wotr.politics import advance_nation, diplomacy_targets
from engine.wotr.seats import (
    LEADER_KINDS,
    MINION_SEAT,
    SEAT_NATIONS,
    SEAT_SIDE,
    army_controller,
    count_act,
    decider,
    hand,
    is_team_game,
    player_of,
    seat_of,
)
from engine.wotr.state import CARDS, FP, MINIONS, SH, _emit, _emit_fields, army_map, other
from engine.wotr.turn import advance


@lru_cache(maxsize=8192)      # the multisets of faces a side may hold: a few thousand
def _paid(held: tuple, messenger: bool) -> tuple[dict[str, list[str]], list[str], dict[str, list[str]]]:
    """{kind of action: the held faces paying for it}, the Mouth's Messenger making a Muster die pay for
    an Army action; the distinct faces held, sorted; and {kind of card: the faces paying for an event card
    of that kind}, filled when first asked. Shared by every decision with these dice: read, never
    changed (but for filling the last)."""
    paid = {kind: [f for f in faces if f in held] for kind, faces in PAYS.items()}
    if messenger:
        paid["army"].append("muster")
    return paid, sorted(set(held)), {}


class _Dice:
    """What the die listings of one decision share: the faces paying for each kind of action (a kind no
    die pays for is not looked into at all) and, made once when first asked, the army map."""

    __slots__ = ("s", "side", "seat", "paid", "faces", "_card_faces", "_armies")

    def __init__(self, s: dict, side: str, seat: str | None = None) -> None:
        self.s, self.side, self.seat = s, side, seat       # seat: the player using the die (team games)
        held = s["dice"][side]
        # the Mouth's Messenger, once a turn
        self.paid, self.faces, self._card_faces = _paid(tuple(held), "muster" in held and messenger_ready(s, side))
        self._armies: dict | None = None

    def card_faces(self, card: str) -> list[str]:
        """The held faces that may pay for an event card: Event, Will of the West, or the card's own type
        (made once per type of card and dice held: shared, never changed)."""
        kind = CARDS[card]["played_with"]
        faces = self._card_faces.get(kind)
        if faces is None:
            faces = self._card_faces[kind] = sorted({*self.paid["event"], *self.paid[kind]})
        return faces

    @property
    def armies(self) -> dict:
        if self._armies is None:
            self._armies = army_map(self.s)
        return self._armies

    def offer(self, pays: str, **fields) -> list[dict]:
        return [{**fields, "die": face} for face in self.paid[pays]]


def _move_fellowship_acts(d: _Dice) -> list[dict]:
    ok = d.paid["character"] and fs.may_move(d.s)
    return d.offer("character", type="move_fellowship") if ok else []


def _hide_acts(d: _Dice) -> list[dict]:
    if d.s["fellowship"]["hidden"]:
        return []
    return [{"type": "hide_fellowship", "die": face} for face in ab.hide_faces(d.s, d.paid["character"])]


def _companion_diplomacy_acts(d: _Dice) -> list[dict]:
    return [{"type": "companion_diplomacy", "companion": c, "nation": n, "die": face}
            for c, n in ab.political_abilities(d.s) for face in d.faces]


def _voice_acts(d: _Dice) -> list[dict]:
    if not d.paid["muster"]:
        return []
    return [a for choice in ab.voice_of_saruman(d.s) for a in d.offer("muster", type="voice_of_saruman",
                                                                        choice=choice)]


def _separate_acts(d: _Dice) -> list[dict]:
    if not d.paid["character"] or not fs.may_separate(d.s):
        return []
    return [a for c in d.s["fellowship"]["companions"] for a in d.offer("character", type="separate", companion=c)]


def _move_companions_acts(d: _Dice) -> list[dict]:
    ok = d.paid["character"] and ch.may_move_companions(d.s)
    return d.offer("character", type="move_companions") if ok else []


def _gandalf_acts(d: _Dice) -> list[dict]:
    if not d.paid["will_of_the_west"]:
        return []
    return [a for r in ch.gandalf_white_places(d.s) for a in d.offer("will_of_the_west", type="gandalf_the_white",
                                                                        region=r)]


def _aragorn_acts(d: _Dice) -> list[dict]:
    ok = d.paid["will_of_the_west"] and ch.aragorn_place(d.s)
    return d.offer("will_of_the_west", type="aragorn") if ok else []


def _move_minions_acts(d: _Dice) -> list[dict]:
    ok = d.paid["character"] and ch.has_minion_moves(d.s)
    return d.offer("character", type="move_minions") if ok else []


def _bring_minion_acts(d: _Dice) -> list[dict]:
    if not d.paid["muster"]:
        return []
    return [a for m in MINIONS for r in ch.minion_places(d.s, m)
            for a in d.offer("muster", type="bring_minion", minion=m, region=r)]


def _led(d: _Dice) -> bool:
    """The Character die: one army with a leader or character moves or attacks."""
    return "character" in d.s["dice"][d.side]


def _move_armies_acts(d: _Dice) -> list[dict]:
    out = d.offer("army", type="move_armies") if d.paid["army"] and ar.may_move_army(
        d.s, d.side, armies=d.armies, seat=d.seat) else []
    if d.paid["character"] and _led(d) and ar.may_move_army(d.s, d.side, led=True, armies=d.armies, seat=d.seat):
        out.append({"type": "move_armies", "die": "character"})
    return out


def _attack_acts(d: _Dice) -> list[dict]:
    out = []
    if d.paid["army"]:
        for src, to in bt.attack_targets(d.s, d.side, armies=d.armies):
            out += d.offer("army", type="attack", **{"from": src}, to=to)
    if d.paid["character"] and _led(d):
        out += [{"type": "attack", "from": src, "to": to, "die": "character"}
                for src, to in bt.attack_targets(d.s, d.side, led=True, armies=d.armies)]
    return out


def _muster_acts(d: _Dice) -> list[dict]:
    if not d.paid["muster"]:
        return []
    faces = d.paid["muster"]       # some hundred actions: made directly
    return [{"type": "muster", "nation": n, "kind": k, "region": r, "die": face}
            for n, k, r in ar.muster_places(d.s, d.side, armies=d.armies) for face in faces]


def _diplomacy_acts(d: _Dice) -> list[dict]:
    if not d.paid["muster"]:
        return []
    return [a for n in diplomacy_targets(d.s, d.side) for a in d.offer("muster", type="diplomacy", nation=n)]


def _draw_card_acts(d: _Dice) -> list[dict]:
    if not d.paid["event"]:
        return []
    return [a for deck in ("character", "strategy") if d.s["decks"][d.side][deck]
            for a in d.offer("event", type="draw_card", deck=deck)]


def _play_event_acts(d: _Dice) -> list[dict]:
    if not hand(d.s, d.seat or d.side):
        return []
    return [{"type": "play_event", **card_play, "die": face} for card_play in ec.plays(d.s, d.side, d.card_faces)
            for face in d.card_faces(card_play["card"])]


def _discard_table_card_acts(d: _Dice) -> list[dict]:
    """The Shadow removes a sheltering card of the Free Peoples' table (any die pays)."""
    if d.side != SH or not d.s["table"][FP]:
        return []
    return [{"type": "discard_table_card", **x, "die": face} for x in efp.shelter_discards(d.s)
            for face in d.faces]


def _skip_acts(d: _Dice) -> list[dict]:
    return [{"type": "skip", "die": face} for face in d.faces]


def _elven_ring_acts(d: _Dice) -> list[dict]:
    return [{"type": "elven_ring", "die": a, "to": b} for a, b in ring_changes(d.s, d.side)]


def _pass_acts(d: _Dice) -> list[dict]:
    return [{"type": "pass"}] if may_pass(d.s, d.side) else []


_BOTH: Final = (("move_armies", _move_armies_acts), ("attack", _attack_acts), ("muster", _muster_acts),
                ("diplomacy", _diplomacy_acts), ("draw_card", _draw_card_acts), ("play_event", _play_event_acts),
                ("discard_table_card", _discard_table_card_acts), ("skip", _skip_acts), ("elven_ring", _elven_ring_acts), ("pass", _pass_acts))
# Each side's die actions by type, in the order they are listed.
DIE_TYPES: Final = {
    FP: (("move_fellowship", _move_fellowship_acts), ("hide_fellowship", _hide_acts), ("separate", _separate_acts),
         ("move_companions", _move_companions_acts), ("gandalf_the_white", _gandalf_acts),
         ("aragorn", _aragorn_acts), ("companion_diplomacy", _companion_diplomacy_acts)) + _BOTH,
    SH: (("move_minions", _move_minions_acts), ("bring_minion", _bring_minion_acts),
         ("voice_of_saruman", _voice_acts)) + _BOTH,
}


def _die_actions(s: dict, side: str, only: str | None = None, without: frozenset = frozenset(),
                 seat: str | None = None) -> list[dict]:
    """Every die action of `side` now; with `only`, just the actions of that type (to check one);
    `without`: leaving out those types (a playout of part 1's game leaves out the army actions);
    `seat`: in a team game, the player using the die (only their nations, armies and minions)."""
    d = _Dice(s, side, seat)
    out: list[dict] = []
    for type_, actions_of in DIE_TYPES[side]:
        if (only is None or only == type_) and type_ not in without:
            out += actions_of(d)
    return out if seat is None else [a for a in out if _seat_may(s, seat, side, a)]


def _seat_may(s: dict, seat: str, side: str, a: dict) -> bool:
    """In a team game a player recruits and makes diplomacy only for their own nations, brings in and
    moves only their own minions, and attacks only with the armies they control (seats.py)."""
    if a["type"] in ("muster", "muster_second", "diplomacy", "dead_men_recruit"):
        return a["nation"] in SEAT_NATIONS[seat]
    if a["type"] == "play_event":
        return card_seats.may_play(s, seat, side, a)
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


def _ask_actions(s: dict, ask: dict) -> list[dict]:
    if is_team_game(s) and ask["kind"] not in LEADER_KINDS:
        seat = decider(s, ask)
        actions = _side_actions(s, ask, seat)       # an "act" is filtered by _die_actions already
        return actions if ask["kind"] == "act" else [a for a in actions if _seat_may(s, seat, ask["side"], a)]
    return _side_actions(s, ask)


def _side_actions(s: dict, ask: dict, seat: str | None = None) -> list[dict]:
    kind, f = ask["kind"], s["fellowship"]
    if kind == "act":
        return _die_actions(s, ask["side"], seat=seat)
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
        return [{"type": "draw_deck", "deck": d} for d in evc.DECKS if s["decks"][ask["side"]][d]]
    if kind == "exchange":
        return evc.exchange_actions(s, ask)
    if kind == "hunt_damage":
        out = [{"type": "take_corruption"}]
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
        return [{"type": "play_event", **p} for p in ec.plays(s, FP) if CARDS[p["card"]]["deck"] == "character"] + [
            {"type": "done"}]
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
    if kind in ec.DECISIONS:
        return ec.DECISIONS[kind].actions(s, ask)
    if kind == "muster_second":
        return [{"type": "muster_second", "nation": n, "kind": k, "region": r} for n, k, r in ar.muster_places(
            s, ask["side"], ("regular", "leader", "nazgul"), exclude=ask["first"])] + [{"type": "done"}]
    raise AssertionError(kind)


def legal_actions(s: dict, player) -> list[dict]:
    if s["result"] is not None or not s["ask"]:
        return []
    ask = s["ask"][-1]
    if seat_of(s, player) != decider(s, ask):
        return []
    return _ask_actions(s, ask)


def check(s: dict, seat: str, action: dict):
    """Refuses what is not legal now, or returns how to play it on a copy (engine.kernel.GameRules).
    `seat`: the player's seat (engine/wotr/seats.py; in the 2-player game, their side)."""
    ask = s["ask"][-1]
    side = SEAT_SIDE[seat]
    if seat != decider(s, ask):
        raise IllegalAction("not_your_turn", waiting_for=player_of(s, decider(s, ask)))
    if not _quick_check(s, ask, action, seat):
        # Only the actions of the asked type are listed to check an "act" (the full list is long).
        legal = (_die_actions(s, side, action["type"], seat=seat if is_team_game(s) else None)
                 if ask["kind"] == "act" else _ask_actions(s, ask))
        if not any(a == action and all(type(a[k]) is type(action[k]) for k in a) for a in legal):
            _refuse(s, side, ask, action, legal)

    def on_copy(new: dict) -> None:
        play(new, seat, action)
    return on_copy


def play(s: dict, seat: str, action: dict) -> list[dict]:
    """Plays an action of `seat` already known legal on `s` in place, then runs the game on to the next
    decision; the events (on apply's copy, or on a playout's own state: engine/wotr/playout.py). In a
    team game the decisions the action opens for its side are the acting player's (`seat` stamped)."""
    ev: list = []
    side = SEAT_SIDE[seat]
    if len(s["players"]) == 2:          # not is_team_game(s) (one call fewer at every step)
        _HANDLERS.get(action["type"], ec.decide)(s, ev, side, action)
    else:
        s["actor"] = seat
        try:
            _HANDLERS.get(action["type"], ec.decide)(s, ev, side, action)
        finally:
            del s["actor"]
        for ask in s["ask"]:
            if ask["side"] == side and "seat" not in ask:
                ask["seat"] = seat
    if s["table"][FP] or s["table"][SH]:
        ec.prune_table(s, ev)
    advance(s, ev)
    return ev


def _refuse(s: dict, side: str, ask: dict, action: dict, legal: list[dict]) -> None:
    card = action.get("card")
    if (ask["kind"] == "act" and action["type"] == "play_event" and isinstance(card, str) and card in hand(s, side)
            and card not in ec.IMPLEMENTED):
        raise IllegalAction("card_not_implemented", card=card)
    if ask["kind"] == "act" and not legal:
        legal = _ask_actions(s, ask)
    if action["type"] not in {a["type"] for a in legal}:
        raise IllegalAction("unexpected_action", action=action["type"], expected=", ".join(
            sorted({a["type"] for a in legal})))
    if "die" in action and action["die"] not in s["dice"][side]:
        raise IllegalAction("no_such_die", die=str(action["die"]), dice=", ".join(s["dice"][side]))
    raise IllegalAction("not_allowed_now", action=action["type"])


def _quick_check(s: dict, ask: dict, action: dict, seat: str | None = None) -> bool:
    """Accepts, without listing every choice, the moves of decisions that offer hundreds of them (the
    same tests as the lists: characters.is_*_move); anything else is checked against the list."""
    kind, type_ = ask["kind"], action["type"]
    if is_team_game(s) and type_ == "move_minion" and MINION_SEAT.get(action.get("minion")) != seat:
        return False
    if kind in ("move_minions", "move_companions") and action == {"type": "done"}:
        return True
    if kind == "move_minions" and type_ in ("move_nazgul", "move_minion"):
        return ch.is_minion_move(s, ask, action)
    if kind == "move_companions" and type_ == "move_companions_to":
        return ch.is_companion_move(s, ask, action)
    return False


# --- handlers: each receives a copy of the state whose top decision allowed the action ---------------

def _use_die(s: dict, ev: list, side: str, a: dict) -> None:
    """A die action: spend the die, close this side's decision and give the turn to the other side."""
    die = a["die"]
    spend(s, side, die)
    if die == "muster":
        ab.note_messenger(s, ev, side, a)
    s["ask"].pop()
    s["active"] = SH if side == FP else FP          # other(side), at every die used
    count_act(s, side)
    _emit_fields(s, ev, "die_used", {"side": side, "die": die, "action": a["type"], **_who(s)})


def _who(s: dict) -> dict:
    """In a team game, the player acting, for the log ("Rohan uses a Muster die")."""
    return {"seat": s["actor"]} if "actor" in s else {}


def _move_fellowship(s, ev, side, a):
    _use_die(s, ev, side, a) if "die" in a else s["ask"].pop()      # without a die: a card's move
    fs.move(s, ev, die="die" in a)


def _hide(s, ev, side, a):
    _use_die(s, ev, side, a) if "die" in a else s["ask"].pop()
    fs.hide(s, ev)


def _separate(s, ev, side, a):
    _use_die(s, ev, side, a)
    s["ask"].append({"kind": "separate", "side": FP, "group": [a["companion"]]})


def _separate_add(s, ev, side, a):
    s["ask"][-1]["group"].append(a["companion"])


def _separate_to(s, ev, side, a):
    ask = s["ask"][-1]
    fs.separate(s, ev, a["region"])
    ec.after_move(s, ev, ask)


def _move_companions(s, ev, side, a):
    _use_die(s, ev, side, a)
    s["ask"].append({"kind": "move_companions", "side": FP, "moved": []})


def _move_companions_to(s, ev, side, a):
    ask = s["ask"][-1]
    ch.move_companions(s, ev, a["group"], a["to"])
    if all(open_ask is not ask for open_ask in s["ask"]):         # the move is over
        ec.after_move(s, ev, ask)


def _move_minions(s, ev, side, a):
    _use_die(s, ev, side, a)
    s["ask"].append({"kind": "move_minions", "side": SH, "moved": [], "arrived": {}})


def _move_nazgul(s, ev, side, a):
    ch.move_nazgul(s, ev, a["from"], a["to"])


def _move_minion(s, ev, side, a):
    ch.move_minion(s, ev, a["minion"], a["to"])


def _done(s, ev, side, a):
    ask = s["ask"].pop()
    if ask["kind"] in ("army_move", "muster_second"):
        ar.check_stacking(s, side)
    ec.after_move(s, ev, ask)


def _move_armies(s, ev, side, a):
    _use_die(s, ev, side, a)
    led = a["die"] == "character"
    s["ask"].append(ar.new_move(side, 1 if led else 2, led))


def _army_from(s, ev, side, a):
    s["ask"][-1]["from"] = a["region"]


def _army_stay(s, ev, side, a):
    ar.stay(s["ask"][-1], a["nation"], a["kind"])


def _army_stay_char(s, ev, side, a):
    s["ask"][-1]["stay_chars"].append(a["char"])


def _army_to(s, ev, side, a):
    ar.move_army(s, ev, s["ask"][-1], a["region"])


def _remove_unit(s, ev, side, a):
    ar.remove_excess(s, ev, s["ask"][-1], a["nation"], a["kind"])


def _muster(s, ev, side, a):
    _use_die(s, ev, side, a)
    ar.recruit(s, ev, side, a["nation"], a["kind"], a["region"])
    if a["kind"] != "elite":
        s["ask"].append({"kind": "muster_second", "side": side, "first": a["region"]})
    else:
        ar.check_stacking(s, side)


def _attack(s, ev, side, a):
    _use_die(s, ev, side, a)
    bt.start(s, ev, side, a["from"], a["to"], led=a["die"] == "character")


def _battle_choice(s, ev, side, a):
    bt.choose(s, ev, a)


def _muster_second(s, ev, side, a):
    s["ask"].pop()
    ar.recruit(s, ev, side, a["nation"], a["kind"], a["region"])
    ar.check_stacking(s, side)


def _bring_minion(s, ev, side, a):
    _use_die(s, ev, side, a)
    ch.bring_minion(s, ev, a["minion"], a["region"])


def _gandalf_the_white(s, ev, side, a):
    _use_die(s, ev, side, a)
    ch.upgrade(s, ev, "gandalf_white", a["region"])


def _aragorn(s, ev, side, a):
    _use_die(s, ev, side, a)
    ch.upgrade(s, ev, "aragorn", ch.aragorn_place(s))


def _diplomacy(s, ev, side, a):
    _use_die(s, ev, side, a)
    advance_nation(s, ev, a["nation"])


def _draw_card(s, ev, side, a):
    _use_die(s, ev, side, a)
    draw(s, ev, side, a["deck"])
    check_hand_limit(s, side)


def _play_event(s, ev, side, a):
    _use_die(s, ev, side, a) if "die" in a else s["ask"].pop()     # without a die: a card's extra play
    if ab.grey_guide_draws(s, side, a.get("die")):      # decided once the card is resolved: stacked below it
        ab.offer_draw(s, side, a["card"], "gandalf_grey")
    ec.play(s, ev, side, a["card"], {k: v for k, v in a.items() if k not in ("type", "card", "die")}, a.get("die"))


def _companion_diplomacy(s, ev, side, a):
    _use_die(s, ev, side, a)
    ab.companion_diplomacy(s, ev, a["companion"], a["nation"])


def _voice_of_saruman(s, ev, side, a):
    _use_die(s, ev, side, a)
    ab.use_voice(s, ev, a["choice"])
    ar.check_stacking(s, side)


def _ability_draw(s, ev, side, a):
    ask = s["ask"].pop()
    _emit(s, ev, "ability_used", ability="draw", character=ask["by"])
    draw(s, ev, side, ask["deck"])
    check_hand_limit(s, side)
    bt.resume(s, ev)


def _decline_draw(s, ev, side, a):
    s["ask"].pop()
    bt.resume(s, ev)


def _white_rider(s, ev, side, a):
    bt.white_rider(s, ev, a["forfeit"])


def _guide_separates(s, ev, side, a):
    reduce_by_guide(s, ev, a["region"])


def _gollum_reveals(s, ev, side, a):
    gollum_reveals(s, ev)


def _place_companion(s, ev, side, a):
    fs.place_separated(s, ev, [s["ask"].pop()["companion"]], a["region"])


def _elven_ring(s, ev, side, a):
    use_ring(s, ev, side, a["die"], a["to"])
    if not s["dice"][side]:        # the Shadow turned its last die into an Eye
        s["ask"].pop()
        s["active"] = other(side)
        count_act(s, side)


def _pass(s, ev, side, a):
    s["ask"].pop()
    s["active"] = other(side)
    count_act(s, side)
    _emit_fields(s, ev, "passed", {"side": side, **_who(s)})


def _declare(s, ev, side, a):
    fs.declare(s, ev, a["region"])


def _change_guide(s, ev, side, a):
    s["fellowship"]["guide_changed"] = True
    fs.set_guide(s, ev, a["companion"])


def _choose_guide(s, ev, side, a):
    s["ask"].pop()
    fs.set_guide(s, ev, a["companion"])


def _enter_mordor(s, ev, side, a):
    fs.enter_mordor(s, ev)


def _end_fellowship_phase(s, ev, side, a):
    s["ask"].pop()


def _allocate(s, ev, side, a):
    s["ask"].pop()
    allocate(s, ev, a["dice"])


def _discard(s, ev, side, a):
    discard(s, ev, side, a["card"])
    bt.resume(s, ev)                 # a draw in a battle (the Witch-king's) may have asked the discard


def _take_corruption(s, ev, side, a):
    damage_to_corruption(s, ev)


def _casualty(s, ev, side, a):
    casualty(s, ev, a["who"])


def _use_table_card(s, ev, side, a):
    kind = s["ask"][-1]["kind"]
    if kind == "hunt_draw":
        hunt.prevent_draw(s, ev)
    elif kind == "hunt_tile_drawn":
        hunt.redraw(s, ev)
    else:
        hunt.lower_damage(s, ev, a["card"])


def _discard_table_card(s, ev, side, a):
    _use_die(s, ev, side, a)
    efp.discard_shelter(s, ev, a["card"], a["strategy"], a["character"])


def _nazgul_flee(s, ev, side, a):
    efp.nazgul_flee(s, ev, a["region"])


def _draw_tile(s, ev, side, a):
    hunt.let_draw(s, ev)


def _keep_tile(s, ev, side, a):
    hunt.keep_tile(s, ev)


def _reveal_step(s, ev, side, a):
    reveal_step(s, ev, a["region"])


def _reveal_stop(s, ev, side, a):
    end_reveal(s, ev)


def _draw_deck(s, ev, side, a):
    evc.draw_choice(s, ev, side, a["deck"])


def _offer_exchange(s, ev, side, a):
    evc.offer(s, ev, side, a["card"])


def _accept_exchange(s, ev, side, a):
    evc.answer(s, ev, side, a["card"])


def _decline_exchange(s, ev, side, a):
    evc.answer(s, ev, side, None)


def _no_exchange(s, ev, side, a):
    evc.end_exchange(s, ev, side)


_HANDLERS: Final = {
    "move_fellowship": _move_fellowship, "hide_fellowship": _hide, "separate": _separate,
    "separate_add": _separate_add, "separate_to": _separate_to, "move_companions": _move_companions,
    "move_companions_to": _move_companions_to, "move_minions": _move_minions, "move_nazgul": _move_nazgul,
    "move_minion": _move_minion, "done": _done, "bring_minion": _bring_minion,
    "gandalf_the_white": _gandalf_the_white, "aragorn": _aragorn, "diplomacy": _diplomacy,
    "draw_card": _draw_card, "play_event": _play_event, "skip": _use_die, "elven_ring": _elven_ring, "pass": _pass, "declare": _declare,
    "change_guide": _change_guide, "choose_guide": _choose_guide, "enter_mordor": _enter_mordor,
    "end_fellowship_phase": _end_fellowship_phase, "allocate": _allocate, "discard": _discard,
    "take_corruption": _take_corruption, "casualty": _casualty, "use_table_card": _use_table_card,
    "nazgul_flee": _nazgul_flee, "discard_table_card": _discard_table_card,
    "draw_tile": _draw_tile, "keep_tile": _keep_tile, "reveal_step": _reveal_step,
    "reveal_stop": _reveal_stop, "draw_deck": _draw_deck, "offer_exchange": _offer_exchange,
    "accept_exchange": _accept_exchange, "decline_exchange": _decline_exchange, "no_exchange": _no_exchange,
    "companion_diplomacy": _companion_diplomacy, "voice_of_saruman": _voice_of_saruman,
    "ability_draw": _ability_draw, "decline_draw": _decline_draw, "guide_separates": _guide_separates,
    "gollum_reveals": _gollum_reveals, "place_companion": _place_companion, "white_rider": _white_rider,
    "move_armies": _move_armies, "army_from": _army_from, "army_stay": _army_stay,
    "army_stay_char": _army_stay_char, "army_to": _army_to, "remove_unit": _remove_unit, "muster": _muster,
    "muster_second": _muster_second, "attack": _attack, **dict.fromkeys(
        ("combat_card", "no_combat_card", "casualty_unit", "continue_battle", "cease_battle", "hold", "retreat",
         "advance", "stay", "field_battle", "retreat_into_siege", "reduce_to_continue", "rearguard",
         "rearguard_char", "engage", "leave_behind", "leave_behind_char", "combat_choice", "combat_decline"),
        _battle_choice),
}
assert not set(_HANDLERS) & set(ec.DECISION_OF), "a card decision's action type must be its own"
