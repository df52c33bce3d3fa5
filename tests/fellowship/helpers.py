"""Helpers so that each La Communauté rules test reads like the rulebook.

A test builds a position by editing a fresh game's plain-dict state (positions, decks, dice, the
decision the game waits for), forces the next die rolls, then acts only through the kernel protocol.

    game(n)                      a new game with players p0..p(n-1) (p0 Frodo, the ring-bearer)
    place(s, p0=7, p1=3, ...)    put hobbits on spaces
    at_move(s, "p1", [2, 5])     the game waits for p1 to move with these two dice (end of the turn's moves)
    at_fight(s, "black_rider", strength={"p0": 4}, fight_die=3)
                                 the game waits for the leader to fight round 1 of this enemy
    rolls(s, 3, 5)               the next dice the game rolls will be 3 then 5
    top_event(s, "hidden")       put an event card on top of the event deck
    play(s, "p1", action)        apply, returning (state, events); checks the input was not modified
    refused(s, "p1", action)     IllegalAction raised, state unchanged; returns the code
    kinds(events)                the event types, in order
"""
from __future__ import annotations

import functools

import pytest

import engine
from engine import IllegalAction, Rng
from engine.fellowship.view import dump

R = engine.get_rules("fellowship")


def game(n: int = 4, seed: int = 1, **options) -> dict:
    return R.new_game([f"p{i}" for i in range(n)], options, seed)


def place(s: dict, **pos) -> dict:
    for pid, v in pos.items():
        s["p"][pid]["pos"] = v
    return s


@functools.cache
def _rng_for(values: tuple[int, ...]) -> int:
    for i in range(2_000_000):
        start = Rng.from_seed(i)
        r = Rng(start)
        if all(r.below(6) + 1 == v for v in values):
            return start
    raise AssertionError("no rng state found")  # pragma: no cover


def rolls(s: dict, *values: int) -> dict:
    s["rng"] = _rng_for(tuple(values))
    return s


def _decide(s: dict, kind: str, player: str, **data) -> None:
    s["next_id"] += 1
    s["queue"] = [{"id": s["next_id"], "kind": kind, "player": player, **data}]


def at_move(s: dict, pid: str, dice: list[int], *, fights: bool = False, rest: list[str] | None = None,
            mp: int = 3) -> dict:
    """pid moves now with `dice`; `rest` are the players still to move this turn (default none).
    Without `fights`, the enemy deck is emptied so that no fight follows."""
    order = [pid] + list(rest or [])
    s["p"][pid]["mp"] = mp
    s["turn"] = {"number": 1, "order": order, "index": 0, "dice": list(dice), "no_fight": False,
                 "strength": {q: 3 for q in s["players"]}, "movement_die": {}}
    s["step"] = "roll"
    s["fight"] = None
    if not fights:
        s["decks"]["enemy"] = []
    _decide(s, "move", pid)
    return s


def at_fight(s: dict, enemy: str, *, strength: dict | None = None, fight_die: int = 3, round: int = 0,
             fighter: str | None = None) -> dict:
    from engine.fellowship.state import leader as _leader
    fighter = fighter or _leader(s)
    s["turn"] = {"number": 1, "order": [], "index": 0, "dice": None, "no_fight": False,
                 "strength": {q: (strength or {}).get(q, 3) for q in s["players"]}, "movement_die": {}}
    if enemy in s["decks"]["enemy"]:
        s["decks"]["enemy"].remove(enemy)
    weak = any(c == "strong_fellowship" for c in s["p"][fighter]["kept"])
    s["fight"] = {"enemy": enemy, "round": round, "fighter": fighter, "fight_die": fight_die,
                  "companion": None, "used": [], "weak": weak}
    s["step"] = "round_wait"
    _decide(s, "fight", fighter)
    return s


def top_event(s: dict, card: str) -> dict:
    deck = s["decks"]["event"]
    if card in deck:
        deck.remove(card)
    deck.insert(0, card)
    return s


def set_stage(s: dict, n: int) -> dict:
    """Jump to stage n with that stage's decks (shuffled as the engine would)."""
    from engine.fellowship.data import DATA
    s["stage"] = n
    s["decks"] = {"event": list(DATA["stage_events"][n]), "enemy": list(DATA["stage_enemies"][n])}
    s["discards"] = {"event": [], "enemy": []}
    if n == 2:
        s["pool"] = ["gandalf", "legolas", "boromir", "gimli"]
    return s


def play(s: dict, pid: str, action: dict):
    before = dump(s)
    out, ev = R.apply(s, pid, action)
    assert dump(s) == before, "apply modified its input"
    return out, ev


def refused(s: dict, pid, action) -> str:
    before = dump(s)
    with pytest.raises(IllegalAction) as exc:
        R.apply(s, pid, action)
    assert dump(s) == before
    return exc.value.code


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def find(events: list[dict], type_: str, **match) -> list[dict]:
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())]


def waiting(s: dict) -> tuple[str, str] | None:
    if not s["queue"]:
        return None
    return s["queue"][0]["kind"], s["queue"][0]["player"]
