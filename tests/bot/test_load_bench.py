"""The load bench's users (bench/bench_load.py's Driver) click what a person would: the controls of their own
board, not a step message sent from them (issue 37, item 11: a step left with "back" was taken for the
player's controls, and the bench crashed with "coroutine raised StopIteration")."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

from bot.controls import Button, Menu, controls_for
from tests.bot.harness import Harness
from tests.bot.helpers import do, service, table

_BENCH = pathlib.Path(__file__).parents[2] / "bench"


def _bench_load():
    sys.path.insert(0, str(_BENCH))  # bench_load imports its sibling load_timeline, as when run as a script
    try:
        spec = importlib.util.spec_from_file_location("bench_load", _BENCH / "bench_load.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(_BENCH))


class Picks:
    """The bench's random choices, scripted: each `choice` is answered by the next picker."""

    def __init__(self, *pickers):
        self.pickers = list(pickers)

    def choice(self, items):
        return self.pickers.pop(0)(items)


async def test_the_load_benchs_player_clicks_their_own_controls_after_leaving_a_sub_menu(harness: Harness):
    h = harness
    bench = _bench_load()
    driver = bench.Driver(h)
    (alice,) = await bench.start_game(h, h.channel_id, "lcg", 1)
    while service(h).view(h.channel_id, None)["decision"].get("name") != "planning":
        await do(h, alice, lambda a: a["type"] in ("keep", "pass"))
    _, controls = controls_for(h.client.service, table(h), str(alice))
    assert any(isinstance(c, Menu) and c.key == "play" and any(o.menu for o in c.options) for c in controls)
    decision = table(h).decision_id
    # A card with several ways to pay: its step message, left with "back" (nothing chosen).
    left = Picks(lambda cs: next(c for c in cs if isinstance(c, Menu) and c.key == "play"),
                 lambda options: next(o for o in options if o.menu is not None),
                 lambda options: next(o for o in options if o.back))
    assert await driver.act(h.channel_id, left)
    assert table(h).decision_id == decision and driver.actions == 0
    # The next click is on the player's board again: the first controls still answer.
    passing = Picks(lambda cs: next(c for c in cs if isinstance(c, Button) and c.action == {"type": "pass"}))
    assert await driver.act(h.channel_id, passing)
    assert driver.actions == 1 and driver.lost == 0 and table(h).decision_id != decision
