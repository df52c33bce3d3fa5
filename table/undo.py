"""Taking an action back: the log stays append-only. An undo is a record of its own, the action
{"type": "undo", "count": n} by the player who took back their latest action and the n - 1 that followed
it, with one public event ("undone"); reading the log, an undo cancels the latest n actions still in force
(`in_force`). Its record carries a snapshot of the
state it goes back to, so a restore starts from there; a log read from the opening (a repair, a replay)
folds the undos with `in_force`.

Which actions may be taken back is the engine's call (`rules.reveals`: nothing random happened and
every event is one the game knows shows nothing hidden); that the other players agree is the bot's
(bot/undo.py) or the console's.
"""
from __future__ import annotations

from collections.abc import Iterable

from table.models import ActionRecord

UNDO = "undo"
UNDONE = "undone"   # the undo's public event: {"type": "undone", "player", "seq": the first undone, "count"}


def is_undo(record: ActionRecord) -> bool:
    return isinstance(record.action, dict) and record.action.get("type") == UNDO


def in_force(records: Iterable[ActionRecord]) -> list[ActionRecord]:
    """The actions of a log that no later undo took back, in order."""
    out: list[ActionRecord] = []
    for record in records:
        if is_undo(record):
            del out[max(0, len(out) - int(record.action.get("count", 1))):]
        else:
            out.append(record)
    return out
