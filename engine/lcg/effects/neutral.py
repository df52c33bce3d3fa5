"""Neutral: Gandalf."""
from __future__ import annotations

from ..board import deal_damage, leave_play, reduce_threat
from ..flow import task
from ..state import draw
from . import forced, response
from .common import choose, enemies, self_event


@response("gandalf", "enters", when=lambda s, c: self_event(c))
def _gandalf(s: dict, c: dict) -> None:
    opts = ["draw", "threat"] + (["damage"] if enemies(s) else [])
    choose(s, c["player"], "gandalf", opts, _gandalf_choice_made, player=c["player"])


@task("gandalf.do")
def _gandalf_choice_made(s: dict, t: dict) -> None:
    if t["choice"] == "draw":
        draw(s, t["player"], 3)
    elif t["choice"] == "threat":
        reduce_threat(s, t["player"], 5)
    else:
        choose(s, t["player"], "choose_enemy", enemies(s), _gandalf_enemy_chosen)


@task("gandalf.damage")
def _gandalf_enemy_chosen(s: dict, t: dict) -> None:
    deal_damage(s, t["choice"], 4)


@forced("gandalf", "end_of_round")
def _gandalf_leaves(s: dict, c: dict) -> None:
    if c["card"] in s["inplay"]:
        leave_play(s, c["card"])
