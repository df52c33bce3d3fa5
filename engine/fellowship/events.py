"""Event cards: drawing one on an event space and applying each of its effects."""
from __future__ import annotations

from engine.kernel import IllegalAction

from . import movement
from .state import EVENTS, _emit, ask, gain, recipients


def draw_event(s: dict, ev: list, pid: str) -> None:
    deck = s["decks"]["event"]
    if not deck:
        _emit(s, ev, "event_deck_empty", player=pid)
        return
    card = deck.pop(0)
    for seen in s["seen"].values():
        if card in seen:
            seen.remove(card)
    pk = s["peek"]
    if pk and pk["event"] == card:
        pk["event"] = None  # the ring-bearer's peeked card is now public
    _emit(s, ev, "event_drawn", player=pid, card=card)
    before = len(ev), len(s["queue"])
    kept = False
    for eff in EVENTS[card]["effect"]:
        kept = _effect(s, ev, pid, card, eff) or kept
        if s["p"][pid]["pos"] is None and eff["kind"] != "keep":
            break
    if (len(ev), len(s["queue"])) == before:
        _emit(s, ev, "nothing_happens", player=pid, what=card)  # e.g. a ring-bearer's card drawn by another
    if not kept:
        s["discards"]["event"].append(card)


def _effect(s: dict, ev: list, pid: str, card: str, eff: dict) -> bool:
    """Apply one effect of an event card; True when the card stays with the player."""
    k = eff["kind"]
    p = s["p"][pid]
    if k == "movement":
        gain(s, ev, pid, "movement", eff["amount"], card)
    elif k == "hero":
        gain(s, ev, pid, "hero", eff["amount"], card)
    elif k == "advance":
        movement.move_forward(s, ev, pid, eff["spaces"], card)
    elif k == "back":
        movement.move_back(s, ev, pid, eff["spaces"], card)
    elif k == "ring_bearer":
        for sub in eff["bearer"] if pid == s["ring"] else eff["others"]:
            _effect(s, ev, pid, card, sub)
            if p["pos"] is None:
                break
    elif k == "no_fight":
        s["turn"]["no_fight"] = True
        _emit(s, ev, "no_fight_this_turn", player=pid, card=card)
    elif k == "keep":
        p["kept"].append(card)
        _emit(s, ev, "card_kept", player=pid, card=card)
        return True
    elif k == "back_or_movement":
        ask(s, "saruman", pid, card=card)  # asked even without points: losing what one lacks costs nothing
    elif k == "disable":
        p[eff["what"] + "_off"] = True
        _emit(s, ev, "disabled_next_fight", player=pid, what=eff["what"])
    elif k == "give_companion":
        if p["companions"] and recipients(s, pid):
            ask(s, "give_companion", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "trade":
        if p["mp"] >= eff["pay_movement"]:
            ask(s, "arwen", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "weapon_for":
        if p["weapon"]:
            ask(s, "galadriel", pid, card=card)
        else:
            _emit(s, ev, "nothing_happens", player=pid, what=card)
    elif k == "look_events":
        s["seen"][pid] = list(s["decks"]["event"][: eff["count"]])
        _emit(s, ev, "looked_at_events", player=pid, count=len(s["seen"][pid]))
    elif k == "give_movement_each":
        ps = s["players"]
        i0 = ps.index(pid)
        for i in range(1, len(ps)):
            q = ps[(i0 + i) % len(ps)]
            if p["mp"] <= 0:
                break
            give = min(eff["amount"], p["mp"])
            p["mp"] -= give
            s["p"][q]["mp"] += give
            _emit(s, ev, "movement_given", player=pid, to=q, amount=give)
    else:  # pragma: no cover - a bad data file
        raise IllegalAction("unknown_effect", kind=k)
    return False
