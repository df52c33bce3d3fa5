"""The Card Game's commitment and attackers as one multi-select (issue 26): every character picked at once,
each option keyed by its card (a key never changes meaning), then Done taken with them: one click."""
from __future__ import annotations

from bot.controls import Menu, controls_for
from tests.bot.harness import Harness
from tests.bot.helpers import controls_post, do, service, table


async def test_characters_are_committed_together_by_one_multi_select(harness: Harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="lcg")
    await h.slash(alice, "start")
    me = str(alice)
    while service(h).view(h.channel_id, me)["decision"]["kind"] != "commit":
        legal = service(h).legal_actions(h.channel_id, me)
        await do(h, alice, lambda a, first=legal[0]: a == first)  # keep the hand, pass the windows
    _, controls = controls_for(h.client.service, table(h), me)
    menu = next(c for c in controls if isinstance(c, Menu) and c.then is not None)
    assert menu.then == {"type": "done"} and len(menu.options) >= 2
    assert all(o.key == o.action["card"] for o in menu.options)  # the card's uid: the same key on every pick
    picked = [o.key for o in menu.options[:2]]
    post = controls_post(h, alice)
    select = post.component(f"lotr:m:{table(h).id}:{table(h).decision_id}:commit")
    assert select["max_values"] == len(menu.options) and select["min_values"] == 1
    before = table(h).seq
    await h.click(alice, post, select["custom_id"], values=picked)
    assert table(h).seq == before + 3  # two commits and Done, from one click
    view = service(h).view(h.channel_id, me)
    assert set(picked) <= set(view.get("committed") or [])
    assert (view["decision"] or {}).get("kind") != "commit"
