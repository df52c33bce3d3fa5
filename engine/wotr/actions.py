"""Applying actions. `apply` accepts exactly what listing.py lists (anything else is refused, the state
untouched): `check` refuses or returns how to play the action, `play` runs its handler and the game on to
the next decision. Die actions spend the die they name (die_payment.py). docs/wotr.md lists every action.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.kernel import IllegalAction
from engine.wotr import abilities as ab
from engine.wotr import armies as ar
from engine.wotr import battle as bt
from engine.wotr import characters as ch
from engine.wotr import fellowship as fs
from engine.wotr import hunt
from engine.wotr.cards import decks
from engine.wotr.cards import free_peoples as efp
from engine.wotr.cards import play as card_play
from engine.wotr.cards.decks import check_hand_limit, discard, draw
from engine.wotr.dice import allocate, use_ring
from engine.wotr.die_payment import use_die, who
from engine.wotr.hunt import (
    casualty,
    damage_to_corruption,
    end_reveal,
    gollum_reveals,
    reduce_by_guide,
    reveal_step,
)
from engine.wotr.listing import ask_actions, die_actions
from engine.wotr.politics import advance_nation
from engine.wotr.seats import MINION_SEAT, SEAT_SIDE, count_act, decider, hand, is_team_game, player_of
from engine.wotr.state import FP, SH, log_event, other
from engine.wotr.turn import advance


def check(s: dict, seat: str, action: dict):
    """Refuses what is not legal now, or returns how to play it on a copy (engine.kernel.GameRules).
    `seat`: the player's seat (engine/wotr/seats.py; in the 2-player game, their side)."""
    ask = s["ask"][-1]
    side = SEAT_SIDE[seat]
    if seat != decider(s, ask):
        raise IllegalAction("not_your_turn", waiting_for=player_of(s, decider(s, ask)))
    if not quick_check(s, ask, action, seat):
        # Only the actions of the asked type are listed to check an "act" (the full list is long).
        legal: Sequence[Mapping[str, Any]] = (die_actions(s, side, action["type"], seat=seat if is_team_game(s) else None)
                 if ask["kind"] == "act" else ask_actions(s, ask))
        if not any(a == action and all(type(a[k]) is type(action[k]) for k in a) for a in legal):
            _refuse(s, side, ask, action, legal)

    def on_copy(new: dict) -> None:
        play(new, seat, action)
    return on_copy


def play(s: dict, seat: str, action: Mapping[str, Any]) -> list[dict]:
    """Plays an action of `seat` already known legal on `s` in place, then runs the game on to the next
    decision; the events (on apply's copy, or on a playout's own state: ai/wotr_playout_rules.py). In a
    team game the decisions the action opens for its side are the acting player's (`seat` stamped)."""
    ev: list = []
    side = SEAT_SIDE[seat]
    if len(s["players"]) == 2:          # not is_team_game(s) (one call fewer at every step)
        HANDLERS.get(action["type"], card_play.decide)(s, ev, side, action)
    else:
        s["actor"] = seat
        try:
            HANDLERS.get(action["type"], card_play.decide)(s, ev, side, action)
        finally:
            del s["actor"]
        for ask in s["ask"]:
            if ask["side"] == side and "seat" not in ask:
                ask["seat"] = seat
    if s["table"][FP] or s["table"][SH]:
        card_play.prune_table(s, ev)
    advance(s, ev)
    return ev


def _refuse(s: dict, side: str, ask: dict, action: dict, legal: Sequence[Mapping[str, Any]]) -> None:
    card = action.get("card")
    if (ask["kind"] == "act" and action["type"] == "play_event" and isinstance(card, str) and card in hand(s, side)
            and card not in card_play.IMPLEMENTED):
        raise IllegalAction("card_not_implemented", card=card)
    if ask["kind"] == "act" and not legal:
        legal = ask_actions(s, ask)
    if action["type"] not in {a["type"] for a in legal}:
        raise IllegalAction("unexpected_action", action=action["type"], expected=", ".join(
            sorted({a["type"] for a in legal})))
    if "die" in action and action["die"] not in s["dice"][side]:
        raise IllegalAction("no_such_die", die=str(action["die"]), dice=", ".join(s["dice"][side]))
    raise IllegalAction("not_allowed_now", action=action["type"])


def quick_check(s: dict, ask: dict, action: dict, seat: str | None = None) -> bool:
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

def _move_fellowship(s, ev, side, a):
    use_die(s, ev, side, a) if "die" in a else s["ask"].pop()      # without a die: a card's move
    fs.move(s, ev, die="die" in a)


def _hide(s, ev, side, a):
    use_die(s, ev, side, a) if "die" in a else s["ask"].pop()
    fs.hide(s, ev)


def _separate(s, ev, side, a):
    use_die(s, ev, side, a)
    s["ask"].append({"kind": "separate", "side": FP, "group": [a["companion"]]})


def _separate_add(s, ev, side, a):
    s["ask"][-1]["group"].append(a["companion"])


def _separate_to(s, ev, side, a):
    ask = s["ask"][-1]
    fs.separate(s, ev, a["region"])
    card_play.after_move(s, ev, ask)


def _move_companions(s, ev, side, a):
    use_die(s, ev, side, a)
    s["ask"].append({"kind": "move_companions", "side": FP, "moved": []})


def _move_companions_to(s, ev, side, a):
    ask = s["ask"][-1]
    ch.move_companions(s, ev, a["group"], a["to"])
    if all(open_ask is not ask for open_ask in s["ask"]):         # the move is over
        card_play.after_move(s, ev, ask)


def _move_minions(s, ev, side, a):
    use_die(s, ev, side, a)
    s["ask"].append({"kind": "move_minions", "side": SH, "moved": [], "arrived": {}})


def _move_nazgul(s, ev, side, a):
    ch.move_nazgul(s, ev, a["from"], a["to"])


def _move_minion(s, ev, side, a):
    ch.move_minion(s, ev, a["minion"], a["to"])


def _done(s, ev, side, a):
    ask = s["ask"].pop()
    if ask["kind"] in ("army_move", "muster_second"):
        ar.check_stacking(s, side)
    card_play.after_move(s, ev, ask)


def _move_armies(s, ev, side, a):
    use_die(s, ev, side, a)
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
    use_die(s, ev, side, a)
    ar.recruit(s, ev, side, a["nation"], a["kind"], a["region"])
    if a["kind"] != "elite":
        s["ask"].append({"kind": "muster_second", "side": side, "first": a["region"]})
    else:
        ar.check_stacking(s, side)


def _attack(s, ev, side, a):
    use_die(s, ev, side, a)
    bt.start(s, ev, side, a["from"], a["to"], led=a["die"] == "character")


def _battle_choice(s, ev, side, a):
    bt.choose(s, ev, a)


def _muster_second(s, ev, side, a):
    s["ask"].pop()
    ar.recruit(s, ev, side, a["nation"], a["kind"], a["region"])
    ar.check_stacking(s, side)


def _bring_minion(s, ev, side, a):
    use_die(s, ev, side, a)
    ch.bring_minion(s, ev, a["minion"], a["region"])


def _gandalf_the_white(s, ev, side, a):
    use_die(s, ev, side, a)
    ch.upgrade(s, ev, "gandalf_white", a["region"])


def _aragorn(s, ev, side, a):
    use_die(s, ev, side, a)
    ch.upgrade(s, ev, "aragorn", ch.aragorn_place(s))


def _diplomacy(s, ev, side, a):
    use_die(s, ev, side, a)
    advance_nation(s, ev, a["nation"])


def _draw_card(s, ev, side, a):
    use_die(s, ev, side, a)
    draw(s, ev, side, a["deck"])
    check_hand_limit(s, side)


def _play_event(s, ev, side, a):
    use_die(s, ev, side, a) if "die" in a else s["ask"].pop()     # without a die: a card's extra play
    if ab.grey_guide_draws(s, side, a.get("die")):      # decided once the card is resolved: stacked below it
        ab.offer_draw(s, side, a["card"], "gandalf_grey")
    card_play.play(s, ev, side, a["card"], {k: v for k, v in a.items() if k not in ("type", "card", "die")}, a.get("die"))


def _companion_diplomacy(s, ev, side, a):
    use_die(s, ev, side, a)
    ab.companion_diplomacy(s, ev, a["companion"], a["nation"])


def _voice_of_saruman(s, ev, side, a):
    use_die(s, ev, side, a)
    ab.use_voice(s, ev, a["choice"])
    ar.check_stacking(s, side)


def _ability_draw(s, ev, side, a):
    ask = s["ask"].pop()
    log_event(s, ev, "ability_used", ability="draw", character=ask["by"])
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
    log_event(s, ev, "passed", side=side, **who(s))


def _declare(s, ev, side, a):
    fs.declare(s, ev, a["region"])


def _change_guide(s, ev, side, a):
    s["fellowship"]["guide_changed"] = True
    fs.set_guide(s, ev, a["companion"])


def _choose_guide(s, ev, side, a):
    s["ask"].pop()
    fs.set_guide(s, ev, a["companion"])
    hunt.settle_damage_left(s, ev)      # a casualty's damage left waits for the new guide (p.42)


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
    use_die(s, ev, side, a)
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
    decks.draw_choice(s, ev, side, a["deck"])


def _offer_exchange(s, ev, side, a):
    decks.offer(s, ev, side, a["card"])


def _accept_exchange(s, ev, side, a):
    decks.answer(s, ev, side, a["card"])


def _decline_exchange(s, ev, side, a):
    decks.answer(s, ev, side, None)


def _no_exchange(s, ev, side, a):
    decks.end_exchange(s, ev, side)


HANDLERS = {
    "move_fellowship": _move_fellowship, "hide_fellowship": _hide, "separate": _separate,
    "separate_add": _separate_add, "separate_to": _separate_to, "move_companions": _move_companions,
    "move_companions_to": _move_companions_to, "move_minions": _move_minions, "move_nazgul": _move_nazgul,
    "move_minion": _move_minion, "done": _done, "bring_minion": _bring_minion,
    "gandalf_the_white": _gandalf_the_white, "aragorn": _aragorn, "diplomacy": _diplomacy,
    "draw_card": _draw_card, "play_event": _play_event, "skip": use_die, "elven_ring": _elven_ring, "pass": _pass, "declare": _declare,
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
assert not set(HANDLERS) & set(card_play.DECISION_OF), "a card decision's action type must be its own"
