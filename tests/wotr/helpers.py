"""Helpers so that each War of the Ring rules test reads like the rulebook.

A test builds a position by editing a fresh game's plain-dict state, forces the next random draws, and
then acts only through the kernel protocol.

    game(seed)                    a new game: "fp" plays the Free Peoples, "sh" the Shadow
    at_action(s, fp=[...], sh=[...], active=FP)   the action resolution phase with these dice
    at_fellowship_phase(s)        the Free Peoples' Fellowship phase
    rolls(s, 6, 2, ...)           the next d6 the game rolls; draws(s, (n, i), ...) any random draws
    play(s, side, action)         apply, returning (state, events); checks the input was not modified
    refused(s, side, action)      IllegalAction raised, state unchanged; returns the code
"""
from __future__ import annotations

import functools

import pytest

import engine
from engine import IllegalAction, Rng
from engine.wotr.state import FP, SH

R = engine.get_rules("wotr")
PLAYER = {FP: "fp", SH: "sh"}


def game(seed: int = 1) -> dict:
    return R.new_game(["fp", "sh"], {}, seed)


def at_action(s: dict, fp=(), sh=(), active: str = FP, box_sh: int = 0, box_fp: int = 0) -> dict:
    s["phase"] = "action"
    s["dice"] = {FP: sorted(fp), SH: sorted(sh)}
    s["hunt"]["box"] = {FP: box_fp, SH: box_sh}
    s["active"] = active
    s["ask"] = [{"kind": "act", "side": active}]
    return s


def at_fellowship_phase(s: dict) -> dict:
    s["phase"] = "fellowship"
    s["ask"] = [{"kind": "fellowship_phase", "side": FP}]
    return s


@functools.cache
def _rng_for(spec: tuple[tuple[int, int], ...]) -> int:
    for i in range(3_000_000):
        start = Rng.from_seed(i)
        r = Rng(start)
        if all(r.below(n) == v for n, v in spec):
            return start
    raise AssertionError("no rng state found")  # pragma: no cover


def draws(s: dict, *spec: tuple[int, int]) -> dict:
    """The next random draws: (n, value) means a draw in range(n) gives value."""
    s["rng"] = _rng_for(tuple(spec))
    return s


def rolls(s: dict, *values: int) -> dict:
    return draws(s, *((6, v - 1) for v in values))


def play(s: dict, side: str, action: dict) -> tuple[dict, list]:
    before = R.dump(s)
    s2, ev = R.apply(s, PLAYER[side], action)
    assert R.dump(s) == before, "apply modified its input"
    return s2, ev


def refused(s: dict, side, action) -> str:
    before = R.dump(s)
    with pytest.raises(IllegalAction) as err:
        R.apply(s, PLAYER.get(side, side), action)
    assert R.dump(s) == before
    return err.value.code


def legal(s: dict, side: str, type_: str | None = None) -> list[dict]:
    acts = R.legal_actions(s, PLAYER[side])
    return [a for a in acts if type_ is None or a["type"] == type_]


def kinds(events: list) -> list[str]:
    return [e["type"] for e in events]


def top(s: dict) -> dict:
    return s["ask"][-1]
