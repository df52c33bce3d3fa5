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


def _interaction(h: Harness, itype: int, *, dm: bool = False, data: dict | None = None) -> dict:
    """An interaction of type `itype` (2 command, 3 click, 4 autocomplete, 5 modal submission) that came now."""
    uid = h.user("zed")
    inter = h._base(uid, locale="en-US", dm_channel=h.world.dm_channel(uid) if dm else None, perms=0)
    inter |= {"type": itype, "data": data or {"name": "x"}}
    h.world.interactions[inter["token"]] = inter
    return inter


def _callback(inter: dict) -> Route:
    return Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=inter["id"],
                 webhook_token=inter["token"])


def _hook(inter: dict, method: str = "POST", tail: str = "") -> Route:
    return Route(method, "/webhooks/{webhook_id}/{webhook_token}" + tail, webhook_id=APP_ID,
                 webhook_token=inter["token"])


MODAL = {"title": "t", "custom_id": "m", "components": [
    {"type": 18, "label": "l", "component": {"type": 4, "custom_id": "x", "style": 1}}]}


async def test_the_first_answer_is_due_within_three_seconds_on_the_harness_clock(harness: Harness):
    h = harness
    adapter = FakeWebhookAdapter(h.world)
    on_time, late = _interaction(h, 2), _interaction(h, 2)
    h.pause(limits.FIRST_ANSWER)  # three seconds exactly: still in time
    await adapter.request(_callback(on_time), payload={"type": 5})
    h.pause(0.01)
    with pytest.raises(discord.HTTPException) as refused:
        await adapter.request(_callback(late), payload={"type": 5})
    assert refused.value.code == 10062 and [v.split(":")[0] for v in h.world.violations] == ["Unknown interaction"]
    h.world.violations.clear()  # the breach was the point of this test


async def test_answer_types_an_interaction_cannot_take_are_refused(harness: Harness):
    """An autocomplete takes its choices (type 8) and nothing else, and has no followup; only an autocomplete
    takes choices; a modal answers a command or a click, never an autocomplete or a modal submission."""
    h = harness
    adapter = FakeWebhookAdapter(h.world)
    autocomplete, command = _interaction(h, 4), _interaction(h, 2)
    submitted = _interaction(h, 5, data={"custom_id": "m", "components": []})
    refused = [(autocomplete, 4, {"content": "a message"}), (autocomplete, 5, {}), (autocomplete, 9, MODAL),
               (command, 8, {"choices": []}), (submitted, 9, MODAL)]
    for inter, rtype, data in refused:
        with pytest.raises(discord.HTTPException):
            await adapter.request(_callback(inter), payload={"type": rtype, "data": data})
    assert len(h.world.violations) == len(refused)
    await adapter.request(_callback(autocomplete), payload={"type": 8, "data": {"choices": []}})
    with pytest.raises(discord.HTTPException) as followup:
        await adapter.request(_hook(autocomplete), payload={"content": "a followup"})
    assert followup.value.code == 10015
    await adapter.request(_callback(command), payload={"type": 9, "data": MODAL})
    await adapter.request(_callback(submitted), payload={"type": 5})
    assert [p.where for p in h.posts] == ["modal"]
    h.world.violations.clear()  # the breaches were the point of this test


async def test_thinking_is_answered_by_editing_the_original_response_not_by_a_followup(harness: Harness):
    h = harness
    adapter = FakeWebhookAdapter(h.world)
    inter = _interaction(h, 2)
    await adapter.request(_callback(inter), payload={"type": 5, "data": {"flags": 64}})
    with pytest.raises(discord.HTTPException):
        await adapter.request(_hook(inter), payload={"content": "a followup first"})
    assert len(h.world.violations) == 1
    h.world.violations.clear()  # the breach was the point of this test
    await adapter.request(_hook(inter, "PATCH", "/messages/@original"), payload={"content": "the answer"})
    await adapter.request(_hook(inter), payload={"content": "then a followup", "flags": 64})
    assert [(p.where, p.content, p.edit) for p in h.posts] == [("ephemeral", "the answer", False),
                                                               ("ephemeral", "then a followup", False)]


def _message_route(method: str, channel_id: int, message_id: int | None = None) -> Route:
    if message_id is None:
        return Route(method, "/channels/{channel_id}/messages", channel_id=channel_id)
    return Route(method, "/channels/{channel_id}/messages/{message_id}", channel_id=channel_id, message_id=message_id)


async def test_the_channel_route_reaches_no_ephemeral_message_nor_a_dm_sent_through_an_interaction(harness: Harness):
    h = harness
    adapter, http = FakeWebhookAdapter(h.world), h.client.http
    private = _interaction(h, 2)
    await adapter.request(_callback(private), payload={"type": 4, "data": {"content": "only you", "flags": 64}})
    for method in ("PATCH", "DELETE"):
        with pytest.raises(discord.HTTPException) as unknown:
            await http.request(_message_route(method, h.channel_id, private["_original"]), json={"content": "x"})
        assert unknown.value.code == 10008
    in_dm = _interaction(h, 2, dm=True)
    await adapter.request(_callback(in_dm), payload={"type": 5})
    await adapter.request(_hook(in_dm, "PATCH", "/messages/@original"), payload={"content": "a first answer"})
    followup = await adapter.request(_hook(in_dm), payload={"content": "a followup"})
    dm = int(in_dm["channel_id"])
    for mid in (in_dm["_original"], int(followup["id"])):
        with pytest.raises(discord.Forbidden) as refused:
            await http.request(_message_route("PATCH", dm, mid), json={"content": "edited"})
        assert refused.value.code == 50005
    assert len(h.world.violations) == 4
    h.world.violations.clear()  # the breaches were the point of this test
    plain = await http.request(_message_route("POST", dm), json={"content": "a plain DM"})
    await http.request(_message_route("PATCH", dm, int(plain["id"])), json={"content": "edited in place"})
    assert h.world.messages[int(plain["id"])]["content"] == "edited in place"


async def test_deleting_someone_elses_message_needs_manage_messages_and_never_happens_in_a_dm(harness: Harness):
    h = harness
    http = h.client.http
    alice = h.user("alice")
    await h.say(alice, "hello")
    said = max(mid for mid, m in h.world.messages.items() if m["author"]["id"] == str(alice))
    without = discord.Permissions.all()
    without.manage_messages = False
    h.world.bot_permissions[h.channel_id] = without.value
    with pytest.raises(discord.Forbidden) as refused:
        await http.request(_message_route("DELETE", h.channel_id, said))
    assert refused.value.code == 50013 and said in h.world.messages
    own = await http.request(_message_route("POST", h.channel_id), json={"content": "the bot's own"})
    await http.request(_message_route("DELETE", h.channel_id, int(own["id"])))  # its own: no permission needed
    del h.world.bot_permissions[h.channel_id]
    await http.request(_message_route("DELETE", h.channel_id, said))
    assert said not in h.world.messages and int(own["id"]) not in h.world.messages
    with pytest.raises(discord.NotFound):  # gone already: Discord's 404, no breach of the bot's
        await http.request(_message_route("DELETE", h.channel_id, said))
    dm = h.world.dm_channel(alice)
    h.world.messages[said] = dict(h.world.messages.get(said, {}), id=str(said), channel_id=str(dm),
                                  author=h.world.users[alice], flags=0)
    with pytest.raises(discord.Forbidden) as in_dm:
        await http.request(_message_route("DELETE", dm, said))
    assert in_dm.value.code == 50003
    assert len(h.world.violations) == 2
    h.world.violations.clear()  # the breaches were the point of this test


def test_a_file_may_be_ten_mib():
    assert limits.FILE_SIZE == 10 * 1024 * 1024
    assert limits.problems({"content": "x"}, [("board.png", b"x" * (9 << 20))]) == []


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
    text_input = {"type": 4, "custom_id": "text", "style": 2, "max_length": 4000}
    good = {"title": "Your deck list", "custom_id": "lotr:formsub:1:lcg", "components": [
        {"type": 18, "label": "One card per line", "component": text_input}]}
    assert modal_problems(good) == []
    long_title = dict(good, title="x" * 46)
    assert modal_problems(long_title) == ["modal title: 46 characters > 45"]
    too_long = {**good, "components": [dict(good["components"][0], component=dict(text_input, max_length=4001))]}
    assert modal_problems(too_long) == ["modal row 0: min/max length out of range"]
    # The older form, a text input in an action row with its own label, is refused.
    in_a_row = {**good, "components": [{"type": 1, "components": [dict(text_input, label="One card per line")]}]}
    assert modal_problems(in_a_row) == [
        "modal row 0: a Label holding a text input (a text input in an action row is deprecated)"]
    assert modal_problems(dict(good, components=[])) == ["modal: 0 rows, 1 to 5"]
