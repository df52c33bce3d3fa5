"""Rematch: the last message of a finished game offers one; its players accept by clicking, and the new
game starts with every player one seat on (the sides swapped), the same options, and the bots."""
from __future__ import annotations

import random

from ai import lcg_anduin, lcg_dolguldur
from i18n import t
from tests.bot.harness import Harness, Post
from tests.bot.helpers import new_game, service, table


async def _finish(h: Harness, seed: int) -> Post:
    """The channel's game played to its end by seeded random choices, then its last public message
    (what the bot posts after the last move)."""
    rng = random.Random(seed)
    svc = service(h)
    while table(h).status == "active":
        player = svc.waiting_for(h.channel_id)[0]
        await svc.act(h.channel_id, player, rng.choice(svc.legal_actions(h.channel_id, player)))
    await h.client.delivery.publish(table(h), [], previous_decision=None)
    await h.settle()
    return h.public()[-1]


async def test_a_rematch_starts_when_every_player_accepts_with_the_sides_swapped(harness: Harness, make_bot):
    h = harness
    alice, bob = await new_game(h, options="variant-none")
    first = table(h)
    last = await _finish(h, 3)
    button = f"lotr:rematch:{first.id}"
    assert button in last.custom_ids() and t("bot_table.button.rematch", "en") in last.text()

    posts = await h.click(h.user("carol"), last, button)   # not a player of that game
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.rematch_players_only", "en"))]
    assert table(h).id == first.id

    posts = await h.click(bob, last, button)
    lobby = table(h)
    assert (lobby.status, lobby.creator, lobby.players, lobby.options) == ("lobby", str(bob), [str(bob)],
                                                                            first.options)
    assert any(p.where == "channel" and t("bot_table.rematch.opened", "en", player=f"<@{bob}>",
                                           players=f"<@{alice}>") in p.content for p in posts)
    posts = await h.click(bob, last, button)               # asking twice: still waiting for alice
    assert posts[-1].content == t("bot_table.rematch.waiting", "en", players=f"<@{alice}>")

    await h.restart(make_bot)                              # nothing but the lobby is kept: a restart is fine
    await h.click(alice, last, button)
    second = table(h)
    assert second.id != first.id and second.status == "active"
    assert second.players == [str(bob), str(alice)]        # bob is the Fellowship now
    assert second.options == first.options


async def test_a_rematch_against_a_bot_starts_at_once(harness: Harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="confrontation", options="classic-none", bots=1, level="easy")
    # Started and played through the service, where the bot seat is not woken: the test plays its moves.
    await service(h).start(h.channel_id, str(alice), {str(alice): 0, "bot-easy-1": 1}, seed=7)
    first = table(h)
    last = await _finish(h, 5)
    await h.click(alice, last, f"lotr:rematch:{first.id}")
    second = table(h)
    assert second.id != first.id and second.status in ("active", "over")
    assert second.players == ["bot-easy-1", str(alice)]    # the bot accepted at once, and plays the Fellowship
    posts = await h.click(alice, last, f"lotr:rematch:{first.id}")   # the channel has moved on
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.rematch_gone", "en"))]


async def test_a_card_game_rematch_keeps_the_deck_a_player_brought_and_the_bot_brings_its_own(harness: Harness):
    h = harness
    alice = h.user("alice")
    await h.slash(alice, "create", game="lcg", options="dolguldur", bots=1, level="normal")
    deck = {"heroes": ["legolas", "thalin", "denethor"], "cards": lcg_anduin.DECKS[1]["cards"]}
    await service(h).bring(h.channel_id, str(alice), "decks", deck)
    await service(h).start(h.channel_id, str(alice), {str(alice): 0, "bot-normal-1": 1}, seed=7)
    first = table(h)
    assert first.options["decks"] == {str(alice): deck, "bot-normal-1": lcg_dolguldur.decks(["b"])["b"]}
    last = await _finish(h, 5)
    await h.click(alice, last, f"lotr:rematch:{first.id}")
    second = table(h)
    assert second.id != first.id and second.players == ["bot-normal-1", str(alice)]
    # alice's deck again; the bot, now in the first seat, brings the deck that keeps clear of her heroes
    assert second.options["decks"] == first.options["decks"]
    assert {k: v for k, v in second.options.items() if k != "decks"} == {
        k: v for k, v in first.options.items() if k != "decks"}
