"""Secrecy over the web, tested as the engines' is (tests/conformance): for every game, at states spread over a
seeded game, for every viewer (the public, each seat), a twin state differing only in what that viewer may not
see (the game's own `twin`, tests/<game>/conformance.py) gives that viewer byte-identical answers: pages, live
parts, board pictures, the log, and the version its pushes carry; a seat's page with its controls (each
control's label, key and description, from its legal actions), at their first step and one step further."""
from __future__ import annotations

import random

import pytest

from tests.conformance.conftest import support
from tests.web.conftest import GAMES, start_game
from tests.web.test_acting import forms

CHANNEL = 800
CHECKS = 4      # states compared per game
SPACING = 12    # random moves between two of them


async def _step(site, table_id: int, cookie: str) -> str:
    """A step into the seat's first menu (its first option), as its page offers it; "" without a menu."""
    async with site.http.get(site.url(f"/t/{table_id}/me"), headers={"Cookie": f"lotr_session={cookie}"}) as answer:
        form = next(iter(forms(await answer.text())), None)
    if form is None or "m" not in form["hidden"]:
        return ""
    return f"?step={form['hidden']['m']}.{form['sent'][0][1]}&v={form['hidden']['v']}"


async def _answers(site, table_id: int, viewer: str | None, cookie: str | None, step: str = ""
                   ) -> list[tuple[str, int, bytes]]:
    """Everything the web answers this viewer about the table, in bytes."""
    base = f"/t/{table_id}" + ("/me" if viewer else "")
    paths = [base, f"{base}/part", f"{base}/part?lang=fr", f"{base}/board.png?lang=en"]
    paths += [base + step, f"{base}/part{step}&lang=fr"] if step else []
    paths += [f"/t/{table_id}/log", f"/t/{table_id}/log?page=1&lang=fr"] if viewer is None else []
    headers = {"Cookie": f"lotr_session={cookie}"} if cookie else {}
    out = []
    for path in paths:
        async with site.http.get(site.url(path), headers=headers) as answer:
            assert answer.status == 200, (path, await answer.text())
            out.append((path, answer.status, await answer.read() + answer.headers["X-Table-Version"].encode()
                        if "X-Table-Version" in answer.headers else await answer.read()))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_twin_states_give_each_viewer_byte_identical_web_answers(site, game):
    table = await start_game(site.service, game, CHANNEL, seed=3)
    game_support = support(game)
    sessions = {}
    for player in table.players:
        secret = await site.web.records.new_link(player, table.id, site.clock())
        sessions[player] = (await site.web.records.spend(secret, site.clock())).secret
    rng = random.Random(9)
    compared = with_controls = 0
    for _ in range(CHECKS):
        if site.service.table(CHANNEL).status != "active":
            break
        memory = site.service._tables[CHANNEL]  # the service's own table: the twin replaces its state there
        real = memory.state
        for viewer in [None, *table.players]:
            twin = game_support.twin(real, viewer, rng)
            if twin is None:
                continue
            step = await _step(site, table.id, sessions[viewer]) if viewer else ""
            seen = await _answers(site, table.id, viewer, sessions.get(viewer), step)
            with_controls += any(b'class="controls"' in body for _, _, body in seen)
            memory.state = twin
            try:
                assert await _answers(site, table.id, viewer, sessions.get(viewer), step) == seen, \
                    f"{viewer or 'the public'} can tell twin states apart on the web"
            finally:
                memory.state = real
            compared += 1
        for _ in range(SPACING):
            if site.service.table(CHANNEL).status != "active":
                break
            player = rng.choice(site.service.waiting_for(CHANNEL))
            state = site.service._tables[CHANNEL].state
            action = game_support.choose(rng, state, player, site.service.legal_actions(CHANNEL, player))
            await site.core.take(CHANNEL, player, action, site.service.table(CHANNEL).decision_id)
    assert compared >= CHECKS, f"only {compared} twin states compared"
    assert with_controls, "no seat's page with controls compared"


async def test_a_combat_card_chosen_in_secret_leaves_the_other_sides_and_the_publics_pages_byte_identical(site):
    """War of the Ring's battle panel: the Shadow chose one of two cards; the public and the Free Peoples'
    seat cannot tell which (the card stays in its hand until revealed)."""
    from tests.wotr.helpers import R
    from tests.wotr.test_combat_cards import battle

    table = await start_game(site.service, "wotr", CHANNEL)
    twins = []
    for card in ("sh_str_01", "sh_str_02"):
        s = battle(sh_hand=["sh_str_01", "sh_str_02"], fp_hand=["fp_str_01"])
        s["players"] = list(table.players)
        twins.append(R.apply(s, table.players[1], {"type": "combat_card", "card": card})[0])
    assert twins[0] != twins[1]
    sessions = {}
    for player in table.players[:1]:
        secret = await site.web.records.new_link(player, table.id, site.clock())
        sessions[player] = (await site.web.records.spend(secret, site.clock())).secret
    memory = site.service._tables[CHANNEL]
    for viewer in (None, table.players[0]):
        seen = []
        for twin in twins:
            memory.state = twin
            seen.append(await _answers(site, table.id, viewer, sessions.get(viewer)))
        assert seen[0] == seen[1], f"{viewer or 'the public'} can tell which card was chosen"
