"""A finished game, step by step: the public view after any number of its actions, replayed from its
players, options, seed and log (the same three calls that restore a table), so a replay shows what the
channel saw at each step and nothing more."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from table import undo
from table.models import Table

if TYPE_CHECKING:
    from table.service import TableService

ENDED = ("over", "abandoned")


@dataclass
class Frame:
    table: Table          # the stored row (no state)
    step: int             # actions applied, 0 = the opening
    steps: int            # actions in the whole game
    view: dict            # the public view after `step` actions
    events: list[dict]    # the public events of the step's action (the opening's at step 0)


async def frame(service: TableService, table_id: int, step: int) -> Frame | None:
    """The public view of the ended table `table_id` after `step` actions (clamped to the game); None
    for a table that is unknown, never started or still being played."""
    row = await service.store.table_by_id(table_id)
    if row is None or row.status not in ENDED or row.seed is None:
        return None
    seed = row.seed
    records = undo.in_force(await service.store.actions(table_id))   # a replay shows no move taken back
    rules = service.rules_for(row.game)
    step = max(0, min(step, len(records)))

    def replay() -> dict:  # engine work: off the loop
        state = rules.new_game(list(row.players), dict(row.options), seed)
        for record in records[:step]:
            state, _ = rules.apply(state, record.player, record.action)
        return rules.view(state, None)

    view = await asyncio.to_thread(replay)
    events = records[step - 1].events if step else list(view.get("log", []))
    return Frame(row, step, len(records), view, events)
