"""Helpers so that each War of the Ring rules test reads like the rulebook.

A test builds a position by editing a fresh game's plain-dict state, forces the next random draws, and
then acts only through the kernel protocol.

A forced draw is what the engine's next random call returns (engine/wotr/state.py, "randomness"): a die
face for each die rolled, the item itself for each pick (a Hunt tile, a random companion), as many as
the actions played take (an action roll of a dozen dice, a battle and its re-rolls), in order; once they
are used up the game's own generator draws again. A draw that does not fit the call (a tile where a die
is rolled) is refused, so a replay cannot drift silently.

    game(seed)                    a new game: "fp" plays the Free Peoples, "sh" the Shadow
    at_action(s, fp=[...], sh=[...], active=FP)   the action resolution phase with these dice
    at_fellowship_phase(s)        the Free Peoples' Fellowship phase
    forced(s, 6, "eye_1", ...)    the next random draws, after any forced before; rolls(s, 6, 2) dice only
    play(s, side, action)         apply, returning (state, events); checks the input was not modified
    refused(s, side, action)      IllegalAction raised, state unchanged; returns the code
"""
from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
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


def forced(s: dict, *draws: int | str) -> dict:
    """The next random draws, queued after those forced already: a die face (1-6) or a picked item."""
    if draws:
        s["forced"] = s.get("forced", []) + list(draws)
    return s


def rolls(s: dict, *faces: int) -> dict:
    assert all(f in range(1, 7) for f in faces), faces
    return forced(s, *faces)


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
