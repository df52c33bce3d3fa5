"""The offline harness refuses what Discord refuses: each limit of tests/bot/discord_limits.py, and a
second answer to one interaction."""
from __future__ import annotations

import re

import discord
import pytest
from discord.http import Route

from i18n import LANGUAGES, catalogue, t
from tests.bot import discord_limits as limits
from tests.bot.harness import APP_ID, FakeWebhookAdapter, Harness


def _select(options: list[dict], **kw) -> dict:
    return {"type": 1, "components": [{"type": 3, "custom_id": "m", "options": options, **kw}]}


def _button(custom_id: str, label: str = "ok") -> dict:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def _opt(value: str, label: str = "x", **kw) -> dict:
    return {"value": value, "label": label, **kw}


def test_a_plain_message_at_every_limit_is_accepted():
    payload = {"content": "x" * limits.CONTENT,
               "embeds": [{"title": "t" * 256, "description": "d" * 4096, "footer": {"text": "f" * 100},
                           "fields": [{"name": "n", "value": "v" * 1024}]}],
               "components": [_select([_opt(str(i), "l" * 100, description="d" * 100) for i in range(25)],
                                      placeholder="p" * 150),
                              {"type": 1, "components": [_button(f"b{i}", "l" * 80) for i in range(5)]}]}
    assert limits.problems(payload, [("board.png", b"x" * limits.FILE_SIZE)]) == []


@pytest.mark.parametrize("payload, files, expected", [
    ({"content": "x" * 2001}, [], "content"),
    ({"embeds": [{"title": "t" * 257}]}, [], "title"),
    ({"embeds": [{"description": "d" * 4097}]}, [], "description"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, [], "field 0 value"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, [], "26 fields"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, [], "in all"),
    ({"embeds": [{"title": "t"}] * 11}, [], "11 embeds"),
    ({"components": [_select([_opt("a"), _opt("a")])]}, [], "duplicate option values ['a']"),
    ({"components": [_select([_opt(str(i)) for i in range(26)])]}, [], "26 options"),
    ({"components": [_select([])]}, [], "0 options"),
    ({"components": [_select([_opt("a", "l" * 101)])]}, [], "label"),
    ({"components": [_select([_opt("a", description="d" * 101)])]}, [], "description"),
    ({"components": [_select([_opt("a")], placeholder="p" * 151)]}, [], "placeholder"),
    ({"components": [_select([_opt("a")], custom_id="c" * 101)]}, [], "custom_id"),
    ({"components": [{"type": 1, "components": [_button(f"b{i}") for i in range(6)]}]}, [], "6 components"),
    ({"components": [{"type": 1, "components": [_button("b", "l" * 81)]}]}, [], "label"),
    ({"components": [{"type": 1, "components": [_button("b")]}] * 6}, [], "6 rows"),
    ({"components": [{"type": 1, "components": [_button("b"), _button("b")]}]}, [], "duplicate custom ids"),
    ({"content": "x"}, [(f"f{i}.png", b"x") for i in range(11)], "11 files"),
    ({"content": "x"}, [("big.png", b"x" * (limits.FILE_SIZE + 1))], "big.png"),
    ({}, [], "empty"),
])
def test_what_discord_refuses_is_refused(payload, files, expected):
    found = limits.problems(payload, files)
    assert found and any(expected in p for p in found), found


async def test_a_second_answer_to_one_interaction_is_refused_like_discord_does(harness: Harness):
    """Discord takes one response per interaction, then followups or edits of the original; a followup
    before any response finds no webhook."""
    h = harness
    adapter = FakeWebhookAdapter(h.world)
    inter = h._base(h.user("zed"), locale="en-US", dm_channel=None, perms=0) | {"type": 2, "data": {"name": "x"}}
    h.world.interactions[inter["token"]] = inter
    hook = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=APP_ID, webhook_token=inter["token"])
    with pytest.raises(discord.HTTPException) as early:
        await adapter.request(hook, payload={"content": "too early"})
    callback = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                     webhook_id=inter["id"], webhook_token=inter["token"])
    await adapter.request(callback, payload={"type": 4, "data": {"content": "one"}})
    with pytest.raises(discord.HTTPException) as second:
        await adapter.request(callback, payload={"type": 4, "data": {"content": "two"}})
    await adapter.request(hook, payload={"content": "a followup is fine"})
    assert (early.value.code, second.value.code) == (10015, 40060)
    assert [p.content for p in h.posts] == ["one", "a followup is fine"]
    assert len(h.world.violations) == 2
    h.world.violations.clear()  # the breaches were the point of this test


LONGEST_VALUE = "W" * 200   # longer than any name, mention list (4 mentions: ~100) or action we fill in


def test_every_text_of_the_bot_at_its_longest_fits_a_message():
    """Each bot text (en and fr) with every placeholder 200 characters long fits in half a message's
    content, so that two joined (the settings and the table-talk line) still fit; the public table,
    which joins more, is checked whole below."""
    for lang in LANGUAGES:
        texts = {k: v for k, v in catalogue(lang).items() if k.startswith("bot")}
        longest = []
        for key, text in texts.items():
            params = {name: LONGEST_VALUE for name in re.findall(r"{(\w+)}", text)}
            longest.append(len(t(key, lang, **params)))
        assert max(longest) <= limits.CONTENT // 2, (lang, max(longest))


def test_the_public_table_at_its_longest_fits():
    """A 4-player Card Game table with the longest header the bot builds (start, the table-talk rule,
    a claim, closed DMs for everyone), 60 lines of news and four players awaited."""
    import engine
    from bot import messages
    from bot.controls import lcg
    from table.models import Table

    players = [str(10**19 + i) for i in range(4)]
    rules = engine.get_rules("lcg")
    state = rules.new_game(players, {}, 1)
    for lang in LANGUAGES:
        table = Table(id=10**12, channel_id=1, guild_id=1, game="lcg", options={}, creator=players[0], lang=lang,
                      players=players, status="active", state=state, created_at=0, updated_at=0, last_action_at=0)
        mentions = ", ".join(messages.mention(p) for p in players)
        header = "\n".join([t("bot.table.started", lang), lcg.intro(lang),
                            t("bot.timeout.claimed", lang, player=messages.mention(players[0])),
                            t("bot.dm.closed_public", lang, players=mentions)])
        events = [{"type": "card_played", "player": players[0], "card": "x" * 80}] * 60
        payload = messages.public_table(table, rules.view(state, None), events, lang, waiting=players,
                                        header=header, board=b"png")
        as_sent = {"content": payload["content"], "embeds": [payload["embed"].to_dict()],
                   "components": payload["view"].to_components()}
        assert limits.problems(as_sent, [("board.png", b"png")]) == [], lang


def test_modal_limits():
    modal_problems = limits.modal_problems
    good = {"title": "Your deck list", "custom_id": "lotr:formsub:1:lcg", "components": [
        {"type": 1, "components": [{"type": 4, "custom_id": "text", "label": "One card per line", "style": 2,
                                    "max_length": 4000}]}]}
    assert modal_problems(good) == []
    long_title = dict(good, title="x" * 46)
    assert modal_problems(long_title) == ["modal title: 46 characters > 45"]
    too_long = {**good, "components": [{"type": 1, "components": [dict(good["components"][0]["components"][0],
                                                                       max_length=4001)]}]}
    assert modal_problems(too_long) == ["modal row 0: min/max length out of range"]
    assert modal_problems(dict(good, components=[])) == ["modal: 0 rows, 1 to 5"]
