"""A finished game's replay on the web: the public view replayed to any step (table/replay.py), stepped
through with links; its opening board is the one the public saw then; after a restart the table's address
leads to it. A game still in play has none."""
from __future__ import annotations

import random

from tests.web.conftest import close_site, open_site, says, start_game

CHANNEL = 990


async def test_a_finished_game_replays_step_by_step_and_outlives_a_restart(tmp_path, clock):
    site, boards = await open_site(tmp_path, clock)
    try:
        table = await start_game(site.service, "confrontation", CHANNEL)
        async with site.http.get(site.url(f"/t/{table.id}/board.png?lang=en")) as answer:
            opening = await answer.read()
        status, html, _ = await site.get(f"/t/{table.id}/replay")
        assert status == 404 and says(html, "bot_table.replay.gone")
        rng = random.Random(6)
        while site.service.table(CHANNEL).status == "active":
            player = rng.choice(site.service.waiting_for(CHANNEL))
            action = rng.choice(site.service.legal_actions(CHANNEL, player))
            await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)
        steps = site.service.table(CHANNEL).seq
        _, page, _ = await site.get(f"/t/{table.id}")
        assert f'href="/t/{table.id}/replay?step=0&amp;lang=en"' in page
        status, html, _ = await site.get(f"/t/{table.id}/replay")
        assert status == 200 and says(html, "bot_table.replay.step", step=steps, steps=steps)
        status, html, _ = await site.get(f"/t/{table.id}/replay?step=0&lang=fr")
        assert status == 200 and says(html, "bot_table.replay.step", "fr", step=0, steps=steps)
        assert f'href="/t/{table.id}/replay?step=1&amp;lang=fr"' in html
        # A slider to scrub through the game: a plain form, whose step is any of the game's steps.
        assert f'type="range" name="step" min="0" max="{steps}" value="0"' in html
        status, html, _ = await site.get(f"/t/{table.id}/replay?lang=fr&step={steps // 2}")
        assert status == 200 and says(html, "bot_table.replay.step", "fr", step=steps // 2, steps=steps)
        async with site.http.get(site.url(f"/t/{table.id}/replay.png?step=0&lang=en")) as answer:
            assert answer.status == 200 and await answer.read() == opening
    finally:
        await close_site(site, boards)
    again, boards = await open_site(tmp_path, clock)  # the game ended before this process started
    try:
        status, _, answer = await again.get(f"/t/{table.id}?lang=fr")
        assert status == 303 and answer.headers["Location"] == f"/t/{table.id}/replay?lang=fr"
        status, html, _ = await again.get(f"/t/{table.id}/replay?step=3")
        assert status == 200 and says(html, "bot_table.replay.step", step=3, steps=steps)
        status, html, _ = await again.get(f"/t/{table.id}/log?lang=fr")  # its whole log, from the replay
        assert status == 200 and html.count("<li") > 1 and 'rel="prev"' in html  # its latest page of several
    finally:
        await close_site(again, boards)
