"""The harness's model of Discord's rate limits (tests/bot/discord_limits.py), on its own and with
discord.py's own request code running against it: buckets, headers, 429s, waits and retries."""
from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot import discord_limits as limits
from tests.bot.harness import Harness

CHANNEL = "/channels/{channel_id}/messages"


def test_a_burst_over_a_channel_bucket_gets_a_429_with_discords_headers():
    clock = limits.VirtualClock()
    model = limits.RateLimits(clock)
    answers = []
    for _ in range(6):
        answers.append(model.admit("POST", CHANNEL, "42", interaction=False))
        clock.advance(0.5)
    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    status, headers, body = answers[4]
    assert (headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"]) == ("5", "0")
    assert headers["X-RateLimit-Reset-After"] == "3.000"  # the window opened 2 s earlier, lasts 5 s
    assert float(headers["X-RateLimit-Reset"]) == pytest.approx(clock.EPOCH + 5.0)
    status, headers, body = answers[5]
    assert headers["X-RateLimit-Scope"] == "user" and headers["Via"] and "X-RateLimit-Global" not in headers
    assert body == {"message": "You are being rate limited.", "retry_after": 2.5, "global": False, "code": 0}
    assert headers["X-RateLimit-Bucket"] == answers[0][1]["X-RateLimit-Bucket"]
    # Another channel has a bucket of its own; the same channel's edits too.
    assert model.admit("POST", CHANNEL, "43", interaction=False)[0] == 200
    assert model.admit("PATCH", CHANNEL + "/{message_id}", "42", interaction=False)[0] == 200
    clock.advance(2.5)  # the window is over
    assert model.admit("POST", CHANNEL, "42", interaction=False)[0] == 200


def test_the_global_bucket_counts_every_route_but_the_interactions():
    clock = limits.VirtualClock()
    model = limits.RateLimits(clock, per_second=3)
    statuses = [model.admit("POST", CHANNEL, str(c), interaction=False)[0] for c in range(4)]
    assert statuses == [200, 200, 200, 429]
    _, headers, body = model.admit("POST", CHANNEL, "9", interaction=False)
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert body["global"] is True and body["retry_after"] == 1.0 and body["code"] == 0
    assert model.admit("POST", "/interactions/{webhook_id}/{webhook_token}/callback", "1", interaction=True)[0] == 200
    assert model.admit("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", "1",
                       interaction=True)[0] == 200


def test_invalid_requests_past_the_limit_get_the_bot_banned():
    clock = limits.VirtualClock()
    model = limits.RateLimits(clock, invalid_limit=3)
    for status in (403, 401, 404, 403):
        model.count_invalid(status)  # a 404 is not counted
    status, headers, body = model.admit("GET", "/users/@me", "", interaction=False)
    assert status == 429 and "Via" not in headers and isinstance(body, str)
    clock.advance(limits.INVALID_WINDOW)
    assert model.admit("GET", "/users/@me", "", interaction=False)[0] == 200


async def _send(h: Harness, channel_id: int, text: str) -> discord.Message:
    return await h.client.get_partial_messageable(channel_id).send(text)


async def test_discord_py_waits_out_a_429_and_retries(harness: Harness):
    """Another process of the bot emptied the channel's bucket: discord.py gets the 429, waits
    `retry_after` (on the harness's clock) and sends it again, once."""
    h = harness
    channel = 555
    for _ in range(5):
        h.world.limits.admit("POST", CHANNEL, str(channel), interaction=False)
    before = h.world.clock.now()
    await _send(h, channel, "hello")
    assert [p.content for p in h.posts if p.channel_id == channel] == ["hello"]
    assert h.world.sent["429"] == 1 and len(h.world.violations) == 1 and "429" in h.world.violations[0]
    assert h.world.clock.now() - before >= 5.0
    h.world.violations.clear()  # the 429 was the point of this test


async def test_discord_py_keeps_to_a_channel_bucket_by_itself(harness: Harness):
    """Seven posts at once in one channel: discord.py learns the bucket from the headers and holds the
    sixth until the window resets: no 429, but a wait of the window (5 s) that players would see."""
    h = harness
    before = h.world.clock.now()
    await asyncio.gather(*(_send(h, 556, str(i)) for i in range(7)))
    assert sorted(p.content for p in h.posts if p.channel_id == 556) == [str(i) for i in range(7)]
    assert h.world.sent["429"] == 0 and h.world.limits.exhausted
    assert h.world.clock.now() - before >= 5.0


async def test_a_global_429_stops_every_request_until_it_passes(make_bot, monkeypatch):
    clock = limits.VirtualClock()
    h = await Harness.start(make_bot, monkeypatch, clock=clock, limits=limits.RateLimits(clock, per_second=4))
    h.pause(1.0)  # past the start's requests
    await asyncio.gather(*(_send(h, 600 + i, "x") for i in range(6)))
    assert len([p for p in h.posts if p.where == "channel"]) == 6
    assert h.world.sent["429"] >= 1 and all("global" in v for v in h.world.violations)
    h.world.violations.clear()
    await h.close()


async def test_a_banned_bot_gets_cloudflares_answer(make_bot, monkeypatch):
    clock = limits.VirtualClock()
    h = await Harness.start(make_bot, monkeypatch, clock=clock, limits=limits.RateLimits(clock, invalid_limit=2))
    h.world.bot_permissions[700] = discord.Permissions(view_channel=True).value  # no send_messages
    for _ in range(2):
        with pytest.raises(discord.Forbidden):
            await _send(h, 700, "x")
    with pytest.raises(discord.HTTPException) as banned:
        await _send(h, 701, "x")
    assert banned.value.status == 429
    h.world.violations.clear()
    await h.close()


def test_processes_share_one_global_bucket_through_a_file(tmp_path):
    """bench/bench_pg.py's processes count in one bucket, as Discord counts a bot's requests."""
    path = str(tmp_path / "global")
    first, second = limits.SharedWindow(path, limit=3), limits.SharedWindow(path, limit=3)
    assert [first.take(100.0), second.take(100.2), first.take(100.4), second.take(100.6)] == [True, True, True, False]
    assert second.retry_after(100.6) == pytest.approx(0.4)
    assert first.take(101.0)  # the next window


async def test_the_bot_paces_itself_under_the_global_limit(make_bot, monkeypatch):
    """The bot's budget (bot/budget.py) keeps it under Discord's global bucket: sixty posts to sixty
    channels at once, with a budget of 45 a second, get no 429 (discord.py alone learns the global
    limit only from a 429: test_a_global_429_stops_every_request_until_it_passes)."""
    h = await Harness.start(make_bot, monkeypatch)
    h.pause(1.0)
    await asyncio.gather(*(_send(h, 800 + i, "x") for i in range(60)))
    assert len([p for p in h.posts if p.where == "channel"]) == 60
    assert h.world.sent["429"] == 0 and h.client.budget.waited > 0
    await h.close()
