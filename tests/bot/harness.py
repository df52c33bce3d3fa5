"""Run the real discord.py client with no network.

- `FakeHTTP` replaces `client.http`: discord.py's own `HTTPClient.request` runs (its rate-limit buckets,
  429 handling and retries) over `FakeSession`, a stand-in for aiohttp's session; `World.exchange`
  answers each request as Discord would, its rate limits first (tests/bot/discord_limits.py: the global
  bucket, per-route buckets, the invalid-request counter, with Discord's headers and 429s), then
  plausible Discord JSON (`FakeHTTP.answer`).
- `FakeWebhookAdapter` replaces discord.py's webhook adapter (`async_context`), the path of every
  interaction response and followup: discord.py's adapter code runs too, over the same session
  (interactions are outside the global bucket).
- Time: a `VirtualClock` by default (it moves by `Harness.pace` per fed interaction and jumps when
  discord.py waits on a rate limit: tests take no real time waiting); bench/ passes a `RealClock`.
- Interactions are raw gateway payload dicts fed to `client._connection.parse_interaction_create`, so the
  app command tree and the DynamicItem dispatch run for real. Files a user attaches to a command
  (`Harness.slash(files=...)`) come as Discord sends them: attachment options resolved, their bytes on a
  CDN url that `FakeHTTP.get_from_cdn` serves; one over the member's upload limit is never sent
  (`UploadRefused`).
- Like Discord, it refuses what Discord refuses (tests/bot/discord_limits.py: lengths, counts, duplicate
  option values or custom ids, files), a post or a thread the bot's permissions in that channel do not
  allow (`World.bot_permissions`, also sent as the interactions' `app_permissions`), a thread in a DM or
  a thread, and a second answer to one interaction (or a followup before any answer): the bot gets the same HTTP error Discord would give, and the refusal is also kept in
  `World.violations`, which `Harness.close` requires empty, as it requires every interaction answered.

Everything the bot sends lands in `Harness.posts` as a `Post`: where it went (channel, DM or ephemeral),
the message as Discord would store it (clickable later through `Harness.click`) and its files.
"""
from __future__ import annotations

import asyncio
import contextvars
import itertools
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import discord
import discord.http
import discord.interactions
import discord.webhook.async_ as webhook_async
from discord.http import HTTPClient, Route
from multidict import CIMultiDict

from tests.bot import discord_limits

if TYPE_CHECKING:
    from bot.client import GameMasterBot

BOT_ID = 900_000_000_000_000_001
APP_ID = BOT_ID
FIRST_ID = 1_000_000_000_000_000_000
_ids = itertools.count(FIRST_ID)


def snowflake() -> int:
    return next(_ids)


def user_payload(uid: int, name: str) -> dict:
    return {"id": str(uid), "username": name, "global_name": name, "discriminator": "0", "avatar": None}


@dataclass
class Post:
    """One message the bot created or edited."""

    where: str  # "channel", "dm", "ephemeral" or "modal" (a form shown to `recipient`)
    channel_id: int
    message: dict  # as Discord stores it: content, embeds, components, attachments...
    files: list[tuple[str, bytes]] = field(default_factory=list)
    recipient: int | None = None  # DMs: the user; ephemerals: the user who sees it
    edit: bool = False
    at: float = field(default_factory=time.perf_counter)  # when it was sent (for bench/, never tests)

    @property
    def content(self) -> str:
        return self.message.get("content") or ""

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.message.get("components", [])) if "custom_id" in c]

    def component(self, custom_id_prefix: str) -> dict:
        for c in iter_components(self.message.get("components", [])):
            if c.get("custom_id", "").startswith(custom_id_prefix):
                return c
        raise LookupError(f"no component {custom_id_prefix!r} in {self.custom_ids()}")

    def text(self) -> str:
        """Every visible string: content, embeds, component labels and option labels."""
        parts = [self.content]
        for e in self.message.get("embeds", []):
            parts += [e.get("title", ""), e.get("description", "")]
            parts += [f.get("name", "") + " " + f.get("value", "") for f in e.get("fields", [])]
            parts.append((e.get("footer") or {}).get("text", ""))
        for c in iter_components(self.message.get("components", [])):
            parts += [c.get("label", ""), c.get("placeholder", "")]
            parts += [o.get("label", "") + " " + o.get("description", "") for o in c.get("options", [])]
        parts += [name for name, _ in self.files]
        return "\n".join(p for p in parts if p)


def iter_components(rows: list[dict]):
    for c in rows:
        yield c
        yield from iter_components(c.get("components", []))


class _Response:
    """Enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int, reason: str):
        self.status = status
        self.reason = reason


class World:
    """The Discord side: users, DM channels, the messages the bot sent."""

    def __init__(self, clock: discord_limits.VirtualClock | discord_limits.RealClock | None = None,
                 limits: discord_limits.RateLimits | None = None):
        self.clock = clock or discord_limits.VirtualClock()
        self.limits = limits or discord_limits.RateLimits(self.clock)
        self.sent: Counter[str] = Counter()  # requests by class (request_class), 429s as "429"
        self.users: dict[int, dict] = {BOT_ID: user_payload(BOT_ID, "GameMaster") | {"bot": True}}
        self.dm_of_user: dict[int, int] = {}
        self.user_of_dm: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.messages: dict[int, dict] = {}
        self.posts: list[Post] = []
        self.requests: list[tuple[str, str, Any]] = []  # (method, path, payload) of every call
        self.interactions: dict[str, dict] = {}  # token -> the interaction payload
        self.issued: dict[str, float] = {}  # token -> when its interaction came (on the harness's clock)
        self.fail_next: dict[str, int] = {}  # path prefix -> status, to simulate one failure
        self.failing: dict[str, int] = {}  # path prefix -> status, every request failing until removed
        self.violations: list[str] = []  # what Discord would have refused, and why
        self.threads: dict[int, dict] = {}  # thread id -> the thread as Discord describes it
        self.bot_permissions: dict[int, int] = {}  # channel -> the bot's permissions there (default: all)
        self.uploads: dict[str, bytes] = {}  # CDN url -> a file a user attached to a command
        self.user_install = False  # the app's install types in the developer portal: a new app's, guild only
        self._expected: list[tuple[Any, asyncio.Future]] = []
        self.watchers: list[Any] = []  # functions called with each new Post (bench/)

    def fail(self, method: str, path: str) -> None:
        """Raise the server error or refusal injected for this request (`fail_next`, `failing`): keyed
        by a path prefix, or "METHOD path-prefix" for one method only."""
        for faults, once in ((self.fail_next, True), (self.failing, False)):
            for key, status in list(faults.items()):
                want_method, _, prefix = key.rpartition(" ")
                if path.startswith(prefix) and want_method in ("", method):
                    if once:
                        del faults[key]
                    raise discord.HTTPException(_Response(status, "Failure"), {"code": 0, "message": "failure"})

    def request_class(self, route: Route, webhook: bool) -> str:
        """interaction (callbacks and the interaction's webhook: outside the global limit), channel_post,
        channel_edit, dm_post, dm_edit, or other (opening a DM channel, a thread, syncing commands)."""
        if webhook:
            return "interaction"
        kind = {("POST", "/channels/{channel_id}/messages"): "post",
                ("PATCH", "/channels/{channel_id}/messages/{message_id}"): "edit"}.get((route.method, route.path))
        if kind is None:
            return "other"
        return ("dm_" if int(route.channel_id) in self.user_of_dm else "channel_") + kind

    def exchange(self, call: _Call) -> FakeResponse:
        """One request reaching Discord: its rate limits first (a 429 as Discord sends it), then the answer.
        A 429 is kept in `violations`: the bot could have avoided it by pacing itself."""
        route = call.route
        path = route.url.removeprefix(Route.BASE)
        self.requests.append((route.method, path, call.payload))
        status, headers, body = self.limits.admit(route.method, route.path, route.major_parameters,
                                                  interaction=call.webhook)
        if status == 429:
            self.sent["429"] += 1
            self.violations.append(f"429 on {route.method} {path}: {body}")
            return FakeResponse(429, headers, body)
        self.sent[self.request_class(route, call.webhook)] += 1
        try:
            result = call.answer(route, call.payload, call.files)
        except discord.HTTPException as exc:
            self.limits.count_invalid(exc.status)
            raise
        return FakeResponse(204 if result is None else 200, headers, result)

    def refuse(self, status: int, code: int, why: str) -> discord.HTTPException:
        """Record a refusal Discord would make; the error to raise to the bot."""
        self.violations.append(why)
        error = discord.Forbidden if status == 403 else discord.HTTPException
        return error(_Response(status, "Bad Request"), {"code": code, "message": why})

    def permissions_in(self, channel_id: int) -> discord.Permissions:
        """The bot's permissions in a channel (a thread has its parent's)."""
        parent = int(self.threads[channel_id]["parent_id"]) if channel_id in self.threads else channel_id
        return discord.Permissions(self.bot_permissions.get(parent, discord.Permissions.all().value))

    def check_can_post(self, channel_id: int, payload: dict | None, files: list) -> None:
        """Discord answers 403 Missing Permissions to a post the bot may not make in a guild channel."""
        if channel_id in self.user_of_dm:
            return
        perms = self.permissions_in(channel_id)
        send = perms.send_messages_in_threads if channel_id in self.threads else perms.send_messages
        lacking = [name for name, ok in (("send", send and perms.view_channel), ("attach_files", perms.attach_files
                                         or not files), ("embed_links", perms.embed_links
                                                         or not (payload or {}).get("embeds")))
                   if not ok]
        if lacking:
            raise self.refuse(403, 50013, f"Missing Permissions in {channel_id}: {lacking}")

    def open_thread(self, parent_id: int, payload: dict, guild_id: int) -> dict:
        """A public thread without a starting message, as Discord answers POST /channels/{id}/threads."""
        if parent_id in self.user_of_dm or parent_id in self.threads:
            raise self.refuse(400, 50024, f"Cannot execute action on this channel type ({parent_id})")
        if not self.permissions_in(parent_id).create_public_threads:
            raise self.refuse(403, 50013, f"Missing Permissions: create_public_threads in {parent_id}")
        name = payload.get("name") or ""
        if not 1 <= len(name) <= 100 or payload.get("auto_archive_duration") not in (60, 1440, 4320, 10080) \
                or payload.get("type") not in (11, 12):
            raise self.refuse(400, 50035, f"Invalid Form Body: thread {payload}")
        now = datetime.now(UTC).isoformat()
        thread = {"id": str(snowflake()), "type": payload["type"], "guild_id": str(guild_id),
                  "parent_id": str(parent_id), "owner_id": str(BOT_ID), "name": name, "last_message_id": None,
                  "rate_limit_per_user": 0, "message_count": 0, "member_count": 1, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": payload["auto_archive_duration"],
                                      "archive_timestamp": now, "locked": False, "create_timestamp": now}}
        self.threads[int(thread["id"])] = thread
        return thread

    def check(self, payload: dict | None, files: list, *, edit: bool = False, inter: dict | None = None) -> None:
        size = int(inter.get("attachment_size_limit", discord_limits.FILE_SIZE)) if inter else discord_limits.FILE_SIZE
        found = discord_limits.problems(payload or {}, files, file_size=size, edit=edit)
        if found:
            raise self.refuse(400, 50035, "Invalid Form Body: " + "; ".join(found))

    def unanswered(self) -> list[str]:
        """Interactions (commands and clicks) that got no answer: Discord shows "interaction failed"."""
        return [f"{token}: {data['data'].get('name') or data['data'].get('custom_id')}"
                for token, data in self.interactions.items() if not data.get("_answered") and not data.get("_late")]

    def known_message(self, channel_id: int, message_id: int) -> dict:
        """The message the channel route names; 404 Unknown Message when it is not there. An ephemeral message
        is unknown to that route (only its interaction's token reaches it): a refusal the bot could avoid."""
        known = self.messages.get(message_id)
        if known is not None and known.get("flags", 0) & 64:
            raise self.refuse(404, 10008, f"Unknown Message: ephemeral {message_id} through the channel route")
        if known is None or int(known["channel_id"]) != channel_id:  # deleted, or never in this channel
            raise discord.NotFound(_Response(404, "Not Found"), {"code": 10008, "message": "Unknown Message"})
        return known

    def dm_channel(self, uid: int) -> int:
        if uid not in self.dm_of_user:
            cid = snowflake()
            self.dm_of_user[uid] = cid
            self.user_of_dm[cid] = uid
        return self.dm_of_user[uid]

    def make_message(self, channel_id: int, payload: dict, files: list, *, message_id: int | None = None,
                     interaction: dict | None = None) -> dict:
        old = self.messages.get(message_id, {}) if message_id else {}
        mid = message_id or snowflake()
        # A new file's description (alt text) comes in the payload's attachments, by the file's index.
        described = {str(a.get("id")): a["description"] for a in payload.get("attachments") or []
                     if isinstance(a, dict) and "description" in a}
        msg = {
            "id": str(mid), "channel_id": str(channel_id), "author": self.users[BOT_ID],
            "content": payload.get("content", old.get("content", "")) or "",
            "embeds": payload.get("embeds", old.get("embeds", [])) or [],
            "components": payload.get("components", old.get("components", [])) or [],
            "attachments": [
                {"id": str(snowflake()), "filename": name, "size": len(data), "description": described.get(str(i)),
                 "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}"}
                for i, (name, data) in enumerate(files)
            ] or (old.get("attachments", []) if "attachments" not in payload else []),
            "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
            "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None, "type": 0,
            "flags": payload.get("flags", old.get("flags", 0)) or 0,
        }
        if interaction is not None and not old:  # sent through the interaction's webhook (its token)
            msg["webhook_id"] = str(APP_ID)
            msg["interaction_metadata"] = {"id": interaction["id"], "type": interaction["type"],
                                           "user": (interaction.get("member") or interaction)["user"]}
        for kept in ("webhook_id", "interaction_metadata"):
            if kept in old:
                msg[kept] = old[kept]
        self.messages[mid] = msg
        return msg

    def record(self, where: str, channel_id: int, message: dict, files, *, recipient=None, edit=False) -> Post:
        post = Post(where, channel_id, message, list(files), recipient, edit)
        self.posts.append(post)
        for watch in self.watchers:
            watch(post)
        waiting = []
        for want, future in self._expected:
            if not future.done() and want(post):
                future.set_result(post)
            elif not future.done():
                waiting.append((want, future))
        self._expected = waiting
        return post

    def expect(self, want) -> asyncio.Future:
        """A future resolved with the next post for which `want(post)` is true (bench/ drives many
        games at once with it instead of waiting for every task)."""
        future = asyncio.get_running_loop().create_future()
        self._expected.append((want, future))
        return future


def _split_form(form) -> tuple[dict, list[tuple[str, bytes]]]:
    """(payload, files) from discord.py's multipart form entries."""
    payload: dict = {}
    files: list[tuple[str, bytes]] = []
    for entry in form or []:
        if entry["name"] == "payload_json":
            payload = json.loads(entry["value"])
        else:
            fp = entry["value"]
            data = fp.read() if hasattr(fp, "read") else bytes(fp)
            if hasattr(fp, "seek"):
                fp.seek(0)
            files.append((entry.get("filename") or entry["name"], data))
    return payload, files


@dataclass
class _Call:
    """One request discord.py is making, as our fakes saw it before handing it to discord.py's own code."""

    route: Route
    payload: Any
    files: list[tuple[str, bytes]]
    answer: Callable[[Route, Any, list[tuple[str, bytes]]], Any]
    webhook: bool  # an interaction's callback or webhook: outside the global rate limit


# The request under way in this task: discord.py hands the session only a URL, we keep the route.
_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("harness_call", default=None)


class FakeResponse:
    """Enough of aiohttp's ClientResponse for discord.py: status, headers, text."""

    def __init__(self, status: int, headers: dict[str, str], body: Any):
        self.status = status
        self.reason = {200: "OK", 204: "No Content", 429: "Too Many Requests"}.get(status, "")
        self.headers = CIMultiDict(headers)
        if body is None or isinstance(body, str):
            self._text = body or ""
        else:
            self.headers["content-type"] = "application/json"
            self._text = json.dumps(body)

    async def text(self, encoding: str | None = None) -> str:
        return self._text


class _Exchange:
    def __init__(self, world: World, call: _Call):
        self.world, self.call = world, call

    async def __aenter__(self) -> FakeResponse:
        return self.world.exchange(self.call)

    async def __aexit__(self, *exc: object) -> bool:
        return False


class FakeSession:
    """aiohttp's ClientSession as discord.py uses it: each request is answered by `World.exchange`."""

    closed = False

    def __init__(self, world: World):
        self.world = world

    def request(self, method: str, url: str, **kwargs: Any) -> _Exchange:
        call = _CALL.get()
        assert call is not None and call.route.url == url, f"a request the harness did not see: {method} {url}"
        return _Exchange(self.world, call)

    async def close(self) -> None:
        return None


class _ClockedLoop:
    """The event loop as discord.py's rate-limit buckets see it: its time is the harness's clock."""

    def __init__(self, loop: asyncio.AbstractEventLoop, clock: discord_limits.VirtualClock):
        self._loop, self._clock = loop, clock

    def time(self) -> float:
        return self._clock.now()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loop, name)


class _ClockedAsyncio:
    """asyncio as discord.py's HTTP code sees it under a VirtualClock: a wait on a rate limit jumps the
    clock (and lets the other tasks run once) instead of sleeping, so tests take no real time."""

    def __init__(self, clock: discord_limits.VirtualClock):
        self._clock = clock

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    def get_running_loop(self) -> _ClockedLoop:
        return _ClockedLoop(asyncio.get_running_loop(), self._clock)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self._clock.advance(delay)
        await asyncio.sleep(0)
        return result

    async def wait(self, fs, *, timeout: float | None = None, return_when: str = asyncio.ALL_COMPLETED):
        fs = set(fs)
        if timeout is None:
            return await asyncio.wait(fs, return_when=return_when)
        for _ in range(10):  # what other tasks do now, they do before the time runs out
            if all(f.done() for f in fs):
                break
            await asyncio.sleep(0)
        if not all(f.done() for f in fs):
            self._clock.advance(timeout)
        return {f for f in fs if f.done()}, {f for f in fs if not f.done()}


class FakeHTTP(HTTPClient):
    """discord.py's own HTTPClient, its `request` (rate-limit buckets, 429 handling, retries) running
    for real over `FakeSession`: Discord's side is `answer`, behind `World.exchange`'s rate limits."""

    def __init__(self, world: World, loop):
        super().__init__(loop)
        self.world = world

    async def static_login(self, token: str) -> Any:
        self._HTTPClient__session = FakeSession(self.world)  # instead of aiohttp's
        self._global_over = asyncio.Event()
        self._global_over.set()
        self.token = token
        return await self.request(Route("GET", "/users/@me"))

    async def request(self, route: Route, *, files=None, form=None, **kwargs: Any) -> Any:
        payload, out_files = _split_form(form) if form else (kwargs.get("json"), [])
        token = _CALL.set(_Call(route, payload, out_files, self.answer, webhook=False))
        try:
            return await super().request(route, files=files, form=form, **kwargs)
        finally:
            _CALL.reset(token)

    async def get_from_cdn(self, url: str) -> bytes:
        """A file a user attached (Discord's CDN, outside the API and its rate limits)."""
        if url not in self.world.uploads:
            raise discord.NotFound(_Response(404, "Not Found"), "asset not found")
        return self.world.uploads[url]

    def answer(self, route: Route, payload: Any, out_files: list[tuple[str, bytes]]) -> Any:
        """What Discord answers a request that passed the rate limits (or the HTTP error it raises)."""
        w = self.world
        path = route.url.removeprefix(Route.BASE)
        w.fail(route.method, path)
        p = route.path
        m = route.method
        if (m, p) == ("GET", "/users/@me"):
            return w.users[BOT_ID]
        if (m, p) == ("GET", "/oauth2/applications/@me"):
            return {"id": str(APP_ID), "name": "GameMaster", "description": "", "icon": None,
                    "bot_public": False, "bot_require_code_grant": False, "verify_key": "0",
                    "owner": user_payload(1, "owner"), "flags": 0}
        if m == "PUT" and p.endswith("/commands"):
            user_only = [c["name"] for c in payload if 1 in (c.get("integration_types") or [])]
            if user_only and not w.user_install:  # the whole list is refused, every command with it
                raise w.refuse(400, 50035, f"Invalid Form Body: integration_types: user install is not enabled "
                                           f"for this application ({user_only})")
            # Discord answers each command as stored, a context menu with an empty description.
            return [{"description": "", **c, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1"}
                    for c in payload]
        if (m, p) == ("GET", "/users/{user_id}"):
            return w.users[int(route.user_id)]  # type: ignore[attr-defined]
        if (m, p) == ("POST", "/users/@me/channels"):
            uid = int(payload["recipient_id"])
            return {"id": str(w.dm_channel(uid)), "type": 1, "recipients": [w.users[uid]], "last_message_id": None}
        if p == "/channels/{channel_id}/threads" and m == "POST":
            return w.open_thread(int(route.channel_id), payload or {}, Harness.guild_id)
        if p == "/channels/{channel_id}/messages" and m == "POST":
            cid = int(route.channel_id)
            recipient = w.user_of_dm.get(cid)
            w.check_can_post(cid, payload, out_files)
            w.check(payload, out_files)
            if recipient in w.closed_dms:
                raise discord.Forbidden(_Response(403, "Forbidden"),
                                        {"code": 50007, "message": "Cannot send messages to this user"})
            msg = w.make_message(cid, payload or {}, out_files)
            w.record("dm" if recipient else "channel", cid, msg, out_files, recipient=recipient)
            return msg
        if p == "/channels/{channel_id}/messages/{message_id}" and m == "PATCH":
            cid = int(route.channel_id)
            known = w.known_message(cid, int(path.rsplit("/", 1)[1]))
            if cid in w.user_of_dm and "webhook_id" in known:
                raise w.refuse(403, 50005, f"Cannot edit a message authored by another user: DM {known['id']} was "
                                           "sent through an interaction, edited only through its token")
            w.check(payload, out_files, edit=True)
            recipient = w.user_of_dm.get(cid)
            msg = w.make_message(cid, payload or {}, out_files, message_id=int(path.rsplit("/", 1)[1]))
            w.record("dm" if recipient else "channel", cid, msg, out_files, recipient=recipient, edit=True)
            return msg
        if p == "/channels/{channel_id}/messages/{message_id}" and m == "DELETE":
            cid = int(route.channel_id)
            known = w.known_message(cid, int(path.rsplit("/", 1)[1]))
            if int(known["author"]["id"]) != BOT_ID:  # someone else's: Manage Messages, and never in a DM
                if cid in w.user_of_dm:
                    raise w.refuse(403, 50003, f"Cannot execute action on a DM channel: delete {known['id']}")
                if not w.permissions_in(cid).manage_messages:
                    raise w.refuse(403, 50013, f"Missing Permissions: manage_messages to delete in {cid}")
            del w.messages[int(known["id"])]
            return None
        raise AssertionError(f"FakeHTTP: no answer for {m} {path}")


class FakeWebhookAdapter(webhook_async.AsyncWebhookAdapter):
    """Interaction callbacks and followups, recorded instead of sent."""

    def __init__(self, world: World):
        super().__init__()
        self.world = world

    async def request(self, route: Route, session=None, *, payload=None, multipart=None, files=None,
                      **kwargs: Any) -> Any:
        sent, out_files = _split_form(multipart) if multipart else (payload, [])
        token = _CALL.set(_Call(route, sent, out_files, self.answer, webhook=True))
        try:
            return await super().request(route, cast(Any, FakeSession(self.world)), payload=payload, multipart=multipart,
                                         files=files, **kwargs)
        finally:
            _CALL.reset(token)

    def answer(self, route: Route, payload: Any, files_out: list[tuple[str, bytes]]) -> Any:
        w = self.world
        path = route.url.removeprefix(Route.BASE)
        token = route.webhook_token
        inter = w.interactions[token]
        channel_id = int(inter["channel"]["id"])
        is_dm = "guild_id" not in inter
        user = int((inter.get("member") or inter)["user"]["id"])
        p, m = route.path, route.method
        w.fail(m, path)

        def where(flags: int) -> str:
            return "ephemeral" if flags & 64 else ("dm" if is_dm else "channel")

        if p.endswith("/callback"):
            rtype = payload["type"]
            data = payload.get("data") or {}
            if inter.get("_answered"):
                raise w.refuse(400, 40060, f"interaction {token} has already been acknowledged")
            late = w.clock.now() - w.issued[token]
            if late > discord_limits.FIRST_ANSWER:  # Discord has forgotten it: "interaction failed"
                inter["_late"] = True  # said once here, not again as unanswered
                raise w.refuse(404, 10062, f"Unknown interaction: {token} answered {late:.1f} s after it came")
            inter["_answered_at"] = time.perf_counter()
            if (rtype == 8) != (inter["type"] == 4):  # an autocomplete takes its choices, and nothing else
                raise w.refuse(400, 50035, f"response type {rtype} to an interaction of type {inter['type']}")
            if rtype in (6, 7) and inter["type"] != 3:
                raise w.refuse(400, 50035, f"response type {rtype} answers only a component click")
            if rtype == 9:  # a modal: only as the first answer to a command or a click
                found = discord_limits.modal_problems(data)
                if inter["type"] not in (2, 3):
                    found.append(f"a modal cannot answer an interaction of type {inter['type']}")
                if found:
                    raise w.refuse(400, 50035, "Invalid Form Body: " + "; ".join(found))
                inter["_answered"] = True
                w.record("modal", channel_id, dict(data), [], recipient=user)
                return {"interaction": {"id": inter["id"], "type": inter["type"]}}
            if rtype in (4, 7):
                w.check(data, files_out, edit=rtype == 7, inter=inter)
            inter["_answered"] = True
            answer: dict = {"interaction": {"id": inter["id"], "type": inter["type"]}}
            if rtype in (4, 7):
                flags = data.get("flags", 0) or 0
                if rtype == 7:  # update the message the component was on
                    mid = int(inter["message"]["id"])
                    msg = w.make_message(channel_id, data, files_out, message_id=mid)
                    w.record(where(int(inter["message"].get("flags", 0))), channel_id, msg, files_out,
                             recipient=user, edit=True)
                else:
                    msg = w.make_message(channel_id, data, files_out, interaction=inter)
                    w.record(where(flags), channel_id, msg, files_out, recipient=user)
                inter["_original"] = int(msg["id"])
                answer["interaction"] |= {"response_message_id": msg["id"],
                                          "response_message_ephemeral": bool(flags & 64)}
                answer["resource"] = {"type": rtype, "message": msg}
            elif rtype == 5:  # "thinking": the first followup or an edit of @original replaces it
                flags = data.get("flags", 0) or 0
                inter["_deferred_flags"] = flags
                inter["_thinking"] = True
                answer["interaction"] |= {"response_message_loading": True,
                                          "response_message_ephemeral": bool(flags & 64)}
            elif rtype == 6:  # deferred update of the clicked message: edited later through @original
                inter["_original"] = int(inter["message"]["id"])
                inter["_deferred_flags"] = int(inter["message"].get("flags", 0))
            return answer
        if not inter.get("_answered") or inter["type"] == 4:  # an autocomplete has no followups nor messages
            raise w.refuse(404, 10015, f"unknown webhook: {m} {p} of interaction {token} (type {inter['type']}, "
                                       f"answered: {bool(inter.get('_answered'))})")
        if w.clock.now() - w.issued[token] > discord_limits.INTERACTION_TOKEN:
            raise w.refuse(401, 50027, f"Invalid Webhook Token: {m} {p} of interaction {token}, older than 15 minutes")
        if p == "/webhooks/{webhook_id}/{webhook_token}" and m == "POST" and inter.get("_thinking"):
            # Discord documents answering a deferred "thinking" by editing the original response; a
            # followup replacing it is the older, undocumented form.
            raise w.refuse(400, 50035, f"a followup as the first answer after thinking (interaction {token}): "
                                       "edit the original response")
        if p == "/webhooks/{webhook_id}/{webhook_token}" and m == "POST":  # followup
            w.check(payload, files_out, inter=inter)
            flags = (payload or {}).get("flags", 0) or 0
            msg = w.make_message(channel_id, payload or {}, files_out, interaction=inter)
            inter.setdefault("_followups", set()).add(int(msg["id"]))
            w.record(where(flags), channel_id, msg, files_out, recipient=user)
            return msg
        if p == "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}" and m == "PATCH":
            # a followup of this interaction edited by its token; Discord knows no other message by it
            mid = int(path.rsplit("/", 1)[1])
            if mid not in inter.get("_followups", ()):
                raise w.refuse(404, 10008, f"Unknown Message: {mid} is no followup of interaction {token}")
            if mid not in w.messages:  # deleted by its reader meanwhile
                raise discord.NotFound(_Response(404, "Not Found"), {"code": 10008, "message": "Unknown Message"})
            w.check(payload, files_out, edit=True, inter=inter)
            flags = int(w.messages[mid].get("flags", 0))
            msg = w.make_message(channel_id, payload or {}, files_out, message_id=mid)
            w.record(where(flags), channel_id, msg, files_out, recipient=user, edit=True)
            return msg
        if p.endswith("/messages/@original") and m == "DELETE":
            inter.pop("_thinking", None)
            w.messages.pop(inter.pop("_original", None), None)
            return None
        if p.endswith("/messages/@original") and m == "PATCH":
            mid = inter.get("_original")
            if mid is not None and mid not in w.messages:  # deleted by its reader meanwhile
                raise discord.NotFound(_Response(404, "Not Found"), {"code": 10008, "message": "Unknown Message"})
            w.check(payload, files_out, edit=True, inter=inter)
            inter.pop("_thinking", None)
            flags = inter.get("_deferred_flags", 0)
            made = payload or {} if mid is not None else {**(payload or {}), "flags": flags}  # "thinking" became it
            msg = w.make_message(channel_id, made, files_out, message_id=mid, interaction=inter)
            inter["_original"] = int(msg["id"])
            w.record(where(flags), channel_id, msg, files_out, recipient=user, edit=mid is not None)
            return msg
        if p.endswith("/messages/@original") and m == "GET":
            return w.messages[inter["_original"]]
        raise AssertionError(f"FakeWebhookAdapter: no answer for {m} {path}")


class NotOffered(Exception):
    """Discord would not offer this command to this member: it never reaches the bot."""


class UploadRefused(Exception):
    """Discord would not take this file from this member (over their upload limit): it never reaches the bot."""


class Harness:
    """A running bot on fakes, plus helpers to play users."""

    guild_id = 800_000_000_000_000_001
    channel_id = 800_000_000_000_000_101

    def __init__(self, client: GameMasterBot, world: World):
        self.client = client
        self.world = world
        self._tokens = itertools.count(1)

    pace = 1.0  # seconds of the harness's clock between two interactions a test feeds (a user's pause)

    @classmethod
    async def start(cls, make_client, monkeypatch, *, clock=None, limits=None) -> Harness:
        """`make_client()` builds the bot on our fakes; then it logs in (offline) for real. `clock`: the
        harness's clock (default a VirtualClock; bench/ passes a RealClock), `limits` Discord's rate limits."""
        global _ids
        _ids = itertools.count(FIRST_ID)  # the same user and message ids whatever ran before
        world = World(clock, limits)
        if isinstance(world.clock, discord_limits.VirtualClock):
            clocked = _ClockedAsyncio(world.clock)
            monkeypatch.setattr(discord.http, "asyncio", clocked)
            monkeypatch.setattr(webhook_async, "asyncio", clocked)
        adapter = FakeWebhookAdapter(world)
        # discord.py reads its webhook adapter from a ContextVar; ours is fixed for the whole test.
        monkeypatch.setattr(webhook_async, "async_context", _Fixed(adapter))
        monkeypatch.setattr(discord.interactions, "async_context", _Fixed(adapter))
        # The Client builds its HTTPClient in __init__ and hands it to its state and command tree.
        monkeypatch.setattr(discord.client, "HTTPClient", lambda loop, *a, **kw: FakeHTTP(world, loop))
        harness = cls(make_client(), world)
        harness._clock_budget()
        await harness.client.login("offline-token")
        return harness

    async def restart(self, make_client) -> Harness:
        """Close this client and start a new one on the same World (old messages stay clickable)."""
        await self.settle()
        await self.client.close()
        self.client = make_client()
        self._clock_budget()
        await self.client.login("offline-token")
        return self

    def _clock_budget(self) -> None:
        """The bot paces its requests on the harness's clock, as it would on Discord's (bot/budget.py), and
        times its interactions' 15 minutes on it (bot/delivery.py)."""
        budget = getattr(self.client, "budget", None)
        if budget is not None and isinstance(self.world.clock, discord_limits.VirtualClock):
            budget.clock, budget.sleep = self.world.clock.now, _ClockedAsyncio(self.world.clock).sleep
        delivery = getattr(self.client, "delivery", None)
        if delivery is not None:
            delivery.clock = self.world.clock.now

    async def close(self) -> None:
        """Stop the bot; fail if it sent Discord anything Discord refuses or left an interaction unanswered."""
        await self.settle()
        await self.client.close()
        problems = self.world.violations + [f"unanswered {u}" for u in self.world.unanswered()]
        assert not problems, "Discord would have refused:\n" + "\n".join(problems)

    # --- users and interactions ---------------------------------------------------------------

    def user(self, name: str, uid: int | None = None) -> int:
        uid = uid or snowflake()
        self.world.users[uid] = user_payload(uid, name)
        return uid

    def _base(self, uid: int, *, locale: str, dm_channel: int | None, perms: int,
              channel_id: int | None = None, app_permissions: int | None = None) -> dict:
        token = f"tok{next(self._tokens)}"
        channel_id = channel_id or self.channel_id
        self.world.issued[token] = self.world.clock.now()
        data: dict = {"id": str(snowflake()), "application_id": str(APP_ID), "token": token, "version": 1,
                      "locale": locale, "attachment_size_limit": discord_limits.FILE_SIZE, "entitlements": [],
                      "app_permissions": str(self.world.permissions_in(channel_id).value if app_permissions is None
                                              else app_permissions)}
        if dm_channel is None:
            channel = self.world.threads.get(channel_id) or {
                "id": str(channel_id), "type": 0, "guild_id": str(self.guild_id), "name": "lotr", "position": 0,
                "permission_overwrites": [], "nsfw": False}
            data |= {"guild_id": str(self.guild_id), "guild_locale": "en-US", "context": 0, "channel": channel,
                     "channel_id": str(channel_id),
                     "member": {"user": self.world.users[uid], "roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
                                "deaf": False, "mute": False, "flags": 0, "permissions": str(perms)}}
        else:
            data |= {"context": 1, "channel": {"id": str(dm_channel), "type": 1,
                                                "recipients": [self.world.users[uid]]},
                     "channel_id": str(dm_channel), "user": self.world.users[uid]}
        self.world.interactions[token] = data
        return data

    async def slash(self, uid: int, sub: str, *, locale: str = "en-US", perms: int | None = None,
                    channel_id: int | None = None, app_permissions: int | None = None,
                    users: dict[str, int] | None = None, files: dict[str, tuple[str, bytes]] | None = None,
                    group: str = "lotr", **options: Any) -> list[Post]:
        """Run `/<group> <sub> option=value...` as user `uid` in the test channel (or `channel_id`); the
        posts it caused. `users` are user options (name -> user id), `files` attachment options (name ->
        (file name, bytes)), sent resolved as Discord does; a file over the interaction's
        `attachment_size_limit` raises UploadRefused, as Discord's client refuses to send it.
        Discord does not offer a command to a member without its default permissions (no override
        here): NotOffered is raised instead."""
        if perms is None:
            perms = discord.Permissions(send_messages=True, view_channel=True).value
        self.check_offered(group, perms)
        for filename, content in (files or {}).values():
            if len(content) > discord_limits.FILE_SIZE:  # the member's upload limit (attachment_size_limit)
                raise UploadRefused(f"{filename}: {len(content)} bytes, over {discord_limits.FILE_SIZE}")
        data = self._base(uid, locale=locale, dm_channel=None, perms=perms, channel_id=channel_id,
                          app_permissions=app_permissions)
        opts = [{"name": k, "type": 5 if isinstance(v, bool) else 3 if isinstance(v, str) else 4, "value": v}
                for k, v in options.items()]
        opts += [{"name": k, "type": 6, "value": str(v)} for k, v in (users or {}).items()]
        resolved: dict[str, dict] = {"users": {str(v): self.world.users[v] for v in (users or {}).values()}}
        for k, (filename, content) in (files or {}).items():
            aid = str(snowflake())
            url = f"https://cdn.discordapp.com/ephemeral-attachments/{data['channel_id']}/{aid}/{filename}"
            self.world.uploads[url] = content
            opts.append({"name": k, "type": 11, "value": aid})
            resolved.setdefault("attachments", {})[aid] = {
                "id": aid, "filename": filename, "size": len(content), "url": url, "ephemeral": True,
                "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net")}
        data |= {"type": 2, "data": {"id": str(snowflake()), "name": group, "type": 1,
                                     "options": [{"name": sub, "type": 1, "options": opts}], "resolved": resolved}}
        return await self.feed(data)

    def check_offered(self, command: str, perms: int) -> None:
        """Discord's check before a command reaches the bot: the member holds its default permissions
        (as the bot declares them), or is an administrator."""
        found = next((c for c in self.client.tree.get_commands() if c.name == command), None)
        if found is None:
            raise NotOffered(f"the bot has no command /{command}")
        needed = found.default_permissions.value if found.default_permissions is not None else 0
        if perms & needed != needed and not discord.Permissions(perms).administrator:
            raise NotOffered(f"/{command} needs permissions {needed}")

    async def message_command(self, uid: int, name: str, message: dict, *, locale: str = "en-US") -> list[Post]:
        """Run the message context menu `name` on `message` (a raw message payload), as user `uid`."""
        self.check_offered(name, discord.Permissions(send_messages=True, view_channel=True).value)
        data = self._base(uid, locale=locale, dm_channel=None,
                          perms=discord.Permissions(send_messages=True, view_channel=True).value)
        data |= {"type": 2, "data": {"id": str(snowflake()), "name": name, "type": 3, "target_id": message["id"],
                                     "resolved": {"messages": {message["id"]: message}}}}
        return await self.feed(data)

    async def click(self, uid: int, post: Post | dict, custom_id: str, *, values: list[str] | None = None,
                    locale: str = "en-US") -> list[Post]:
        """Click component `custom_id` of a message as user `uid` (select menus: with `values`)."""
        message = post.message if isinstance(post, Post) else post
        message = self.world.messages.get(int(message["id"]), message)  # its latest edit
        cid = int(message["channel_id"])
        dm = cid if cid in self.world.user_of_dm else None
        data = self._base(uid, locale=locale, dm_channel=dm, perms=discord.Permissions(send_messages=True).value,
                          channel_id=cid)
        comp = next((c for c in iter_components(message.get("components", [])) if c.get("custom_id") == custom_id),
                    None)
        ctype = comp["type"] if comp else (3 if values is not None else 2)
        inner: dict = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            inner["values"] = values
        data |= {"type": 3, "data": inner, "message": message}
        return await self.feed(data)

    async def submit(self, uid: int, modal: Post, values: dict[str, str], *, locale: str = "en-US") -> list[Post]:
        """Fill in and submit a modal the bot opened for user `uid` (`values`: text input id -> text). Like
        Discord's form, a text longer than the input's max_length cannot be sent: the test fails."""
        assert modal.where == "modal" and modal.recipient == uid, "a modal is filled in by whom it was shown"
        rows = []
        for row in modal.message["components"]:  # Labels, each holding a text input (discord_limits.modal_problems)
            c = row["component"]
            value = values.get(c["custom_id"], "")
            limit = c.get("max_length") or discord_limits.TEXT_LENGTH
            assert len(value) <= limit, f"Discord's form takes at most {limit} characters, not {len(value)}"
            assert c.get("required") is False or value, "Discord's form does not send an empty required input"
            rows.append({"type": discord_limits.LABEL, "component": {"type": discord_limits.TEXT_INPUT,
                                                                    "custom_id": c["custom_id"], "value": value}})
        data = self._base(uid, locale=locale, dm_channel=None,
                          perms=discord.Permissions(send_messages=True, view_channel=True).value,
                          channel_id=modal.channel_id)
        data |= {"type": 5, "data": {"custom_id": modal.message["custom_id"], "components": rows}}
        return await self.feed(data)

    async def say(self, uid: int, content: str, *, channel_id: int | None = None) -> tuple[list[Post], list[tuple]]:
        """User `uid` writes `content` in the test channel (or `channel_id`): the message as the gateway
        gives it (the bot sees it with the Message Content intent); the posts and requests it caused."""
        channel_id = channel_id or self.channel_id
        mid = snowflake()
        message: dict[str, Any] = {"id": str(mid), "channel_id": str(channel_id), "guild_id": str(self.guild_id),
                   "author": self.world.users[uid], "member": {"roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
                                                              "deaf": False, "mute": False, "flags": 0},
                   "content": content, "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None,
                   "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
                   "embeds": [], "pinned": False, "type": 0, "flags": 0}
        self.world.messages[mid] = message
        posts, requests = len(self.world.posts), len(self.world.requests)
        self.client._connection.parse_message_create(message)  # type: ignore[arg-type]  # a raw payload, as the gateway gives
        await self.settle()
        return self.world.posts[posts:], self.world.requests[requests:]

    def pause(self, seconds: float | None = None) -> None:
        """Let time pass on the harness's clock (by default a user's pause between two interactions)."""
        if isinstance(self.world.clock, discord_limits.VirtualClock):
            self.world.clock.advance(self.pace if seconds is None else seconds)

    async def feed(self, data: dict) -> list[Post]:
        self.pause()
        self.world.issued[data["token"]] = self.world.clock.now()  # it reaches the bot now: its 3 seconds start
        start = len(self.world.posts)
        data["_fed_at"] = time.perf_counter()
        self.client._connection.parse_interaction_create(data)  # type: ignore[arg-type]  # a raw payload, as the gateway gives
        await self.settle()
        return self.world.posts[start:]

    async def feed_many(self, payloads: list[dict]) -> list[Post]:
        """Several interactions arriving at the same moment (parsed before any handler runs)."""
        self.pause()
        start = len(self.world.posts)
        for data in payloads:
            self.world.issued[data["token"]] = self.world.clock.now()
            self.client._connection.parse_interaction_create(data)  # type: ignore[arg-type]  # a raw payload, as the gateway gives
        await self.settle()
        return self.world.posts[start:]

    def click_payload(self, uid: int, post: Post, custom_id: str, values: list[str] | None = None) -> dict:
        """The raw payload of a click, to feed later (e.g. two at once with feed_many)."""
        message = self.world.messages.get(int(post.message["id"]), post.message)
        cid = int(message["channel_id"])
        dm = cid if cid in self.world.user_of_dm else None
        comp = next((c for c in iter_components(message["components"]) if c.get("custom_id") == custom_id), None)
        if comp is None:
            raise LookupError(f"no component {custom_id!r} on message {message['id']} now")
        data = self._base(uid, locale="en-US", dm_channel=dm, perms=0, channel_id=cid)
        inner: dict = {"custom_id": custom_id, "component_type": comp["type"]}
        if values is not None:
            inner["values"] = values
        data |= {"type": 3, "data": inner, "message": message}
        return data

    async def settle(self, timeout: float = 60) -> None:
        """Wait until every task the bot started has finished (background loops excepted). `timeout` only
        catches a task that never ends: generous, since a drawing process may start slowly on a busy machine."""
        me = asyncio.current_task()
        for _ in range(200):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done() and not _idle(t)]
            if not pending:
                return
            done, _ = await asyncio.wait(pending, timeout=timeout)
            if not done:
                raise TimeoutError(f"tasks still running: {pending}")

    # --- reading what was sent -----------------------------------------------------------------

    @property
    def posts(self) -> list[Post]:
        return self.world.posts

    def public(self) -> list[Post]:
        return [p for p in self.world.posts if p.where == "channel"]

    def dms(self, uid: int) -> list[Post]:
        return [p for p in self.world.posts if p.where == "dm" and p.recipient == uid]

    def ephemerals(self, uid: int) -> list[Post]:
        return [p for p in self.world.posts if p.where == "ephemeral" and p.recipient == uid]


def _idle(task: asyncio.Task) -> bool:
    """Tasks that wait on time, not on work: our background loops and discord.py's view timeouts
    (it gives ephemeral views a 15-minute timeout; our items are dynamic and never rely on it)."""
    return task.get_name().startswith("lotr-background") or \
        getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl")


class _Fixed:
    """A stand-in for the ContextVar discord.py reads its webhook adapter from: always our fake."""

    def __init__(self, adapter):
        self.adapter = adapter

    def get(self, default=None):
        return self.adapter

    def set(self, value):  # pragma: no cover - discord.py never sets it
        raise RuntimeError("the fake adapter is fixed")


def png_bytes(post: Post) -> bytes:
    assert post.files, "no file in this post"
    return post.files[0][1]


__all__ = ["Harness", "Post", "World", "iter_components", "png_bytes", "snowflake"]