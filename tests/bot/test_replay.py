"""Replay: a finished game's last message offers a private step-through of its public board; each frame
is the public view at that step, so a replay never shows what the channel did not see (here, the
Confrontation's hidden characters)."""
from __future__ import annotations

import games
from i18n import t
from table import replay
from tests.bot.harness import Harness, png_bytes
from tests.bot.helpers import new_game, service, table
from tests.bot.test_rematch import _finish


async def test_a_replay_steps_through_the_public_board_and_shows_no_more(harness: Harness):
    h = harness
    await new_game(h, options="classic-none")
    last = await _finish(h, 7)
    over = table(h)
    records = await service(h).store.actions(over.id)
    rules = games.rules(over.game)
    state = rules.new_game(list(over.players), dict(over.options), over.seed)
    views = [rules.view(state, None)]
    for record in records:
        state, _ = rules.apply(state, record.player, record.action)
        views.append(rules.view(state, None))
    draw = games.get(over.game).board().draw_board

    viewer = h.user("carol")   # anyone in the channel
    posts = await h.click(viewer, last, f"lotr:rp:{over.id}:0:s")
    page = posts[-1]
    assert page.where == "ephemeral" and page.recipient == viewer
    assert t("bot_table.replay.step", "en", step=0, steps=len(records)) in page.text()
    assert png_bytes(page) == draw(views[0], "en")
    assert len(records) > 20
    for slot, step in (("n", 1), ("j", 11), ("p", 10), ("l", len(records)), ("b", len(records) - 10)):
        button = next(i for i in page.custom_ids() if i.endswith(f":{slot}"))
        assert button == f"lotr:rp:{over.id}:{step}:{slot}"
        posts = await h.click(viewer, page, button)
        page = posts[-1]
        assert page.edit and page.where == "ephemeral"
        assert t("bot_table.replay.step", "en", step=step, steps=len(records)) in page.text()
        assert png_bytes(page) == draw(views[step], "en"), f"step {step} shows more than the public saw"
    buttons = {c["custom_id"]: c.get("disabled", False) for c in page.message["components"][0]["components"]
               + page.message["components"][1]["components"]}
    assert not any(buttons.values())


async def test_no_replay_of_a_game_still_being_played(harness: Harness):
    h = harness
    await new_game(h)
    assert await replay.frame(service(h), table(h).id, 0) is None   # its past would be spoilers of nothing,
    assert await replay.frame(service(h), 10_000, 0) is None         # but a replay is of a finished game
