"""The game turn: the six phases run as a small machine over `s["ask"]`, the stack of open decisions.

`advance` runs every automatic step until a player must decide (the top of `s["ask"]`) or the game ends.
Phases: draw (recover dice, draw, discard), fellowship, hunt (allocation; the action roll ends it),
action, end (Mordor's corruption, victory check), then the next turn's start.
"""
from __future__ import annotations

from engine.wotr.armies import victory_points
from engine.wotr.cards.decks import draw_phase
from engine.wotr.cards.play import follow_up
from engine.wotr.dice import dice_count, roll_action_dice
from engine.wotr.hunt import end_reveal, reveal_steps
from engine.wotr.seats import is_team_game, next_actor, player_of, team
from engine.wotr.state import CORRUPTION_LOSS, CRACK_OF_DOOM, FP, SH, log_event, other

MILITARY_VP = {SH: 10, FP: 4}


def check_ring_victory(s: dict, ev: list) -> bool:
    """The two Ring victories end the game at once; corruption comes first (p.44 order)."""
    f = s["fellowship"]
    if f["corruption"] >= CORRUPTION_LOSS:
        win(s, ev, SH, "corruption")
    elif f["mordor"] == CRACK_OF_DOOM and not any(a["kind"] == "hunt_damage" for a in s["ask"]):
        win(s, ev, FP, "ring_destroyed")
    return s["result"] is not None


def win(s: dict, ev: list, side: str, reason: str) -> None:
    winners = [player_of(s, seat) for seat in team(s, side)]
    s["result"] = {"winner": winners[0], "side": side, "reason": reason, "turn": s["turn"],
                   **({"winners": winners} if is_team_game(s) else {})}
    s["ask"] = []
    s["phase"] = "over"
    log_event(s, ev, "game_over", side=side, reason=reason)


def advance(s: dict, ev: list) -> None:
    # Run at the end of every action.
    while s["result"] is None:
        f = s["fellowship"]
        # check_ring_victory, called only when its test may hold
        if (f["corruption"] >= CORRUPTION_LOSS or f["mordor"] == CRACK_OF_DOOM) and check_ring_victory(s, ev):
            return
        asks = s["ask"]
        if asks:
            top = asks[-1]
            kind = top["kind"]
            if kind == "card_then":
                follow_up(s, ev)     # the decision a card opened is over: the card goes on
            elif kind != "reveal_move" or reveal_steps(s, top):
                return
            else:
                end_reveal(s, ev)    # no step left: the reveal move ends without a choice
        else:
            _STEPS[s["phase"]](s, ev)


def _start(s: dict, ev: list) -> None:
    """Phase 1: recover the dice, then draw (discarding down to 6 is decided in the "draw" phase)."""
    s["turn"] += 1
    h, f = s["hunt"], s["fellowship"]
    h["fp_box_last_turn"] = h["box"][FP]
    h["box"] = {FP: 0, SH: 0}
    s["ring_used"] = {FP: False, SH: False}
    s["abilities_used"] = []
    f["declared"] = f["guide_changed"] = f["mordor_moved"] = False
    if "acts" in s:
        s["acts"] = {FP: 0, SH: 0}
    for side in (FP, SH):
        s["dice_count"][side] = dice_count(s, side)
        s["dice"][side] = []
    log_event(s, ev, "turn_start", turn=s["turn"], dice={FP: s["dice_count"][FP], SH: s["dice_count"][SH]})
    s["phase"] = "draw"
    draw_phase(s, ev)


def _draw(s: dict, ev: list) -> None:
    s["ask"].append({"kind": "fellowship_phase", "side": FP})
    s["phase"] = "fellowship"


def _fellowship(s: dict, ev: list) -> None:
    s["ask"].append({"kind": "allocate", "side": SH})
    s["phase"] = "hunt"


def _hunt(s: dict, ev: list) -> None:
    """Phase 4, the action roll, opens phase 5."""
    roll_action_dice(s, ev)
    s["active"] = FP
    s["phase"] = "action"


def _action(s: dict, ev: list) -> None:
    side = s["active"]
    if not s["dice"][side]:
        side = other(side)
    if not s["dice"][side]:
        s["phase"] = "end"
        return
    s["active"] = side
    if len(s["players"]) == 2:          # not is_team_game(s): asked before every die used
        s["ask"].append({"kind": "act", "side": side})
    else:
        s["ask"].append({"kind": "act", "side": side, "seat": next_actor(s, side)})


def _end(s: dict, ev: list) -> None:
    f = s["fellowship"]
    if f["mordor"] is not None and not f["mordor_moved"]:
        f["corruption"] += 1
        log_event(s, ev, "mordor_idle", corruption=f["corruption"])
    # Phase 6: the military victory (the Ring victories are checked after every action, before this).
    vp = victory_points(s)
    if vp[SH] >= MILITARY_VP[SH]:
        win(s, ev, SH, "military")
    elif vp[FP] >= MILITARY_VP[FP]:
        win(s, ev, FP, "military")
    s["phase"] = "start" if s["result"] is None else "over"


# Each step leaves the phase it is named after, once that phase's decisions are all taken; `phase` is
# thus the phase being played: draw, fellowship, hunt (allocation), action, end (then start), over.
_STEPS = {"start": _start, "draw": _draw, "fellowship": _fellowship, "hunt": _hunt, "action": _action,
          "end": _end}
