"""What Discord refuses in a message payload, so that the offline harness refuses it too.

Limits as documented for the Discord API (messages, embeds, message components v1):
content 2,000 characters; at most 10 embeds, each with title 256, description 4,096, 25 fields
(name 256, value 1,024), footer 2,048, author 256, and 6,000 characters over all embeds of a message;
at most 5 action rows, each holding up to 5 buttons or exactly one select menu; custom ids of at most
100 characters and unique within the message; button labels 80; select menus with 1 to 25 options,
unique values, option label/value/description 100, placeholder 150; at most 10 files, each within the
interaction's `attachment_size_limit` (10 MiB without boosts). Modals: title 45, custom id 100, 1 to 5
Label components (label 45, description 100) each holding one text input (custom id 100, placeholder
100, min/max length within 0-4,000 and 1-4,000, prefilled value 4,000; its own label is deprecated
inside a Label); a text input in an action row is the deprecated form, refused here; what a user
submits is at most the input's max_length (Discord's form does not let more through).

`problems(payload, files)` lists what Discord would answer with a 400 (or 413 for files); empty means
the payload would be accepted.
"""
from __future__ import annotations

import hashlib
import time

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
FILES = 10
ATTACHMENT_DESCRIPTION = 1024  # an attachment's description (alt text)
FILE_SIZE = 10 << 20

MODAL_TITLE = 45
TEXT_LABEL = 45
LABEL_DESCRIPTION = 100
TEXT_PLACEHOLDER = 100
TEXT_LENGTH = 4000

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18


def _long(where: str, text: str | None, limit: int) -> list[str]:
    return [f"{where}: {len(text)} characters > {limit}"] if text and len(text) > limit else []


def embed_problems(embeds: list[dict]) -> list[str]:
    out: list[str] = []
    if len(embeds) > EMBEDS:
        out.append(f"{len(embeds)} embeds > {EMBEDS}")
    total = 0
    for i, e in enumerate(embeds):
        fields = e.get("fields") or []
        texts = [("title", e.get("title"), EMBED_TITLE), ("description", e.get("description"), EMBED_DESCRIPTION),
                 ("footer", (e.get("footer") or {}).get("text"), FOOTER),
                 ("author", (e.get("author") or {}).get("name"), AUTHOR)]
        texts += [(f"field {j} name", f.get("name"), FIELD_NAME) for j, f in enumerate(fields)]
        texts += [(f"field {j} value", f.get("value"), FIELD_VALUE) for j, f in enumerate(fields)]
        for name, text, limit in texts:
            out += _long(f"embed {i} {name}", text, limit)
            total += len(text or "")
        for j, f in enumerate(fields):
            if not f.get("name") or not f.get("value"):
                out.append(f"embed {i} field {j}: empty name or value")
        if len(fields) > EMBED_FIELDS:
            out.append(f"embed {i}: {len(fields)} fields > {EMBED_FIELDS}")
    if total > EMBED_TOTAL:
        out.append(f"embeds: {total} characters in all > {EMBED_TOTAL}")
    return out


def _select_problems(where: str, c: dict) -> list[str]:
    out: list[str] = []
    options = c.get("options") or []
    if not 1 <= len(options) <= OPTIONS:
        out.append(f"{where}: {len(options)} options (1 to {OPTIONS})")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        dupes = sorted({v for v in values if values.count(v) > 1})
        out.append(f"{where}: duplicate option values {dupes}")
    for o in options:
        for name in ("label", "value", "description"):
            out += _long(f"{where} option {o.get('value')!r} {name}", o.get(name), OPTION_TEXT)
        if not o.get("label") or not o.get("value"):
            out.append(f"{where}: an option without label or value")
    out += _long(f"{where} placeholder", c.get("placeholder"), PLACEHOLDER)
    low, high = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= low <= high <= min(OPTIONS, max(len(options), 1)):
        out.append(f"{where}: min_values {low} / max_values {high} do not fit {len(options)} options")
    return out


def component_problems(rows: list[dict]) -> list[str]:
    out: list[str] = []
    if len(rows) > ROWS:
        out.append(f"{len(rows)} rows > {ROWS}")
    ids: list[str] = []
    for r, row in enumerate(rows):
        if row.get("type") != ACTION_ROW:
            out.append(f"row {r}: type {row.get('type')} is not an action row")
            continue
        items = row.get("components") or []
        selects = [c for c in items if c.get("type") == STRING_SELECT]
        if not items or len(items) > BUTTONS_PER_ROW or (selects and len(items) > 1):
            out.append(f"row {r}: {len(items)} components ({len(selects)} menus): 1 to 5 buttons or one menu")
        for k, c in enumerate(items):
            where = f"row {r} component {k}"
            if "custom_id" in c:
                ids.append(c["custom_id"])
                out += _long(f"{where} custom_id", c["custom_id"], CUSTOM_ID)
            if c.get("type") == BUTTON:
                out += _long(f"{where} label", c.get("label"), BUTTON_LABEL)
                if not c.get("label") and not c.get("emoji"):
                    out.append(f"{where}: a button without label or emoji")
                if ("url" in c) == ("custom_id" in c):
                    out.append(f"{where}: a button needs exactly one of url and custom_id")
            elif c.get("type") == STRING_SELECT:
                out += _select_problems(where, c)
    if len(set(ids)) != len(ids):
        out.append(f"duplicate custom ids {sorted({i for i in ids if ids.count(i) > 1})}")
    return out


def modal_problems(data: dict) -> list[str]:
    """Everything Discord would refuse in a modal (interaction response type 9)."""
    out = _long("modal title", data.get("title"), MODAL_TITLE) + _long("modal custom_id", data.get("custom_id"), CUSTOM_ID)
    if not data.get("title") or not data.get("custom_id"):
        out.append("a modal needs a title and a custom_id")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= ROWS:
        out.append(f"modal: {len(rows)} rows, 1 to {ROWS}")
    for r, row in enumerate(rows):
        c = row.get("component") or {}
        if row.get("type") != LABEL or c.get("type") != TEXT_INPUT:
            out.append(f"modal row {r}: a Label holding a text input (a text input in an action row is deprecated)")
            continue
        out += _long(f"modal row {r} label", row.get("label"), TEXT_LABEL)
        out += _long(f"modal row {r} description", row.get("description"), LABEL_DESCRIPTION)
        if not row.get("label"):
            out.append(f"modal row {r}: a Label needs a label")
        if c.get("label") is not None:
            out.append(f"modal row {r}: a text input's own label is deprecated inside a Label")
        out += _long(f"modal row {r} custom_id", c.get("custom_id"), CUSTOM_ID)
        out += _long(f"modal row {r} placeholder", c.get("placeholder"), TEXT_PLACEHOLDER)
        out += _long(f"modal row {r} value", c.get("value"), TEXT_LENGTH)
        if not 0 <= c.get("min_length", 0) <= TEXT_LENGTH or not 1 <= c.get("max_length", TEXT_LENGTH) <= TEXT_LENGTH:
            out.append(f"modal row {r}: min/max length out of range")
    return out


def problems(payload: dict, files: list[tuple[str, bytes]], *, file_size: int = FILE_SIZE,
             edit: bool = False) -> list[str]:
    """Everything Discord would refuse in a message created (or, with `edit`, edited) with `payload`."""
    out = _long("content", payload.get("content"), CONTENT)
    out += embed_problems(payload.get("embeds") or [])
    out += component_problems(payload.get("components") or [])
    if len(files) > FILES:
        out.append(f"{len(files)} files > {FILES}")
    out += [f"file {name}: {len(data)} bytes > {file_size}" for name, data in files if len(data) > file_size]
    out += [f"attachment description of {len(a['description'])} characters > {ATTACHMENT_DESCRIPTION}"
            for a in payload.get("attachments") or []
            if isinstance(a, dict) and len(a.get("description") or "") > ATTACHMENT_DESCRIPTION]
    if not edit and not (payload.get("content") or payload.get("embeds") or payload.get("components")
                         or files or payload.get("sticker_ids") or payload.get("poll")):
        out.append("an empty message")
    return out


# --- Rate limits -------------------------------------------------------------------------------------
# As Discord documents them (topics/rate-limits) and reports them in its headers: one global bucket per
# bot (50 requests a second by default, shared by all its processes and shards; interaction callbacks
# and the interaction's webhook (followups, @original) are outside it); per-route buckets shared by the
# routes of one top-level resource (a channel, a guild, a webhook), each with its own limit and window
# (the figures below are the ones commonly reported from Discord's headers for these routes; Discord
# does not publish them and may change them); and the invalid
# requests (401, 403, 429 but "shared" ones): 10,000 in 10 minutes and Cloudflare bans the bot's IP for
# a while (a 429 without Discord's `Via` header).

GLOBAL_PER_SECOND = 50
RATE_LIMITED = 0  # a 429's JSON error code (its body is an Error: code and message required; 0, a general error)
INVALID_LIMIT = 10_000
INVALID_WINDOW = 600.0
# (method, route template) -> (requests, window in seconds); the same hash = one bucket per resource.
ROUTE_LIMITS: dict[tuple[str, str], tuple[int, float]] = {
    ("POST", "/channels/{channel_id}/messages"): (5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (5, 1.0),
}
OTHER_ROUTE = (50, 1.0)  # a route we know no tighter figure for (opening a DM, a thread): as wide as the global bucket
WEBHOOK_ROUTE = (5, 2.0)  # an interaction's webhook (followups, @original), per token
INTERACTION_TOKEN = 15 * 60.0  # an interaction's token may answer, post followups and edit for 15 minutes
FIRST_ANSWER = 3.0  # the first answer (the callback) must reach Discord within 3 seconds of the interaction


def bucket_hash(method: str, path: str) -> str:
    return hashlib.sha1(f"{method} {path}".encode()).hexdigest()[:16]


class VirtualClock:
    """The harness's clock in tests: it moves when a test says (a user's pause between clicks) and
    when discord.py waits on a rate limit (a wait takes no real time: it jumps the clock), so tests
    are fast and do not depend on the machine's speed."""

    EPOCH = 1_700_000_000.0

    def __init__(self) -> None:
        self._now = 0.0

    def now(self) -> float:
        return self._now

    def epoch(self) -> float:
        return self.EPOCH + self._now

    def advance(self, seconds: float) -> None:
        self._now += max(seconds, 0.0)


class RealClock:
    """The harness's clock in bench/: real time, and discord.py waits for real."""

    def now(self) -> float:
        return time.monotonic()

    def epoch(self) -> float:
        return time.time()


class Window:
    """A fixed window bucket as Discord runs one: `limit` requests from its first, until `per` later."""

    def __init__(self, limit: int, per: float) -> None:
        self.limit, self.per = limit, per
        self.used = 0
        self.resets = float("-inf")

    def take(self, now: float) -> bool:
        if now >= self.resets:
            self.used, self.resets = 0, now + self.per
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def retry_after(self, now: float) -> float:
        return max(self.resets - now, 0.0)


class RateLimits:
    """Discord's side of the rate limits: `admit` says whether one request passes, and with which
    headers (or which 429). `global_bucket` may be shared by several processes (bench/bench_pg.py):
    any object with take(now) and retry_after(now)."""

    def __init__(self, clock, *, per_second: int = GLOBAL_PER_SECOND, global_bucket=None,
                 invalid_limit: int = INVALID_LIMIT) -> None:
        self.clock = clock
        self.global_bucket = global_bucket or Window(per_second, 1.0)
        self.buckets: dict[tuple[str, str], Window] = {}
        self.invalid_limit = invalid_limit
        self.invalid: list[float] = []  # when each invalid request was answered (within the last window)
        self.exhausted: list[str] = []  # buckets a request emptied (discord.py then waits before the next)

    def banned(self) -> bool:
        now = self.clock.now()
        self.invalid = [t for t in self.invalid if t > now - INVALID_WINDOW]
        return len(self.invalid) >= self.invalid_limit

    def count_invalid(self, status: int, scope: str = "user") -> None:
        if status in (401, 403) or (status == 429 and scope != "shared"):
            self.invalid.append(self.clock.now())

    def admit(self, method: str, path: str, major: str, *, interaction: bool) -> tuple[int, dict, dict | str | None]:
        """(status, headers, 429 body): 200 with the bucket's headers when the request may go on."""
        now = self.clock.now()
        if self.banned():  # Cloudflare's answer: no Via header, a text body (discord.py raises at once)
            return 429, {"Retry-After": "600"}, "error code: 1015"
        if not interaction and not self.global_bucket.take(now):
            retry = round(self.global_bucket.retry_after(now), 3)
            self.count_invalid(429, "global")
            return 429, {"Via": "1.1 google", "Retry-After": str(max(1, round(retry))),
                         "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}, \
                {"message": "You are being rate limited.", "retry_after": retry, "global": True, "code": RATE_LIMITED}
        if interaction and path.endswith("/callback"):  # one answer per interaction: no bucket
            return 200, {}, None
        limit, per = WEBHOOK_ROUTE if interaction else ROUTE_LIMITS.get((method, path), OTHER_ROUTE)
        name = bucket_hash(method, path)
        bucket = self.buckets.setdefault((name, major), Window(limit, per))
        admitted = bucket.take(now)
        retry = round(bucket.retry_after(now), 3)
        headers = {"X-RateLimit-Limit": str(limit), "X-RateLimit-Remaining": str(bucket.limit - bucket.used),
                   "X-RateLimit-Reset": f"{self.clock.epoch() + retry:.3f}", "X-RateLimit-Reset-After": f"{retry:.3f}",
                   "X-RateLimit-Bucket": name}
        if admitted:
            if bucket.used >= bucket.limit:
                self.exhausted.append(f"{method} {path} {major}")
            return 200, headers, None
        self.count_invalid(429, "user")
        return 429, headers | {"Via": "1.1 google", "Retry-After": str(max(1, round(retry))),
                               "X-RateLimit-Scope": "user"}, \
            {"message": "You are being rate limited.", "retry_after": retry, "global": False, "code": RATE_LIMITED}


class SharedWindow:
    """Discord's global bucket of one bot shared by several processes (bench/bench_pg.py): the Window
    above kept in a small file, read and written under an exclusive lock, on the wall clock that all
    the processes share."""

    def __init__(self, path: str, limit: int = GLOBAL_PER_SECOND, per: float = 1.0) -> None:
        self.path, self.limit, self.per = path, limit, per

    def _locked(self, change):
        import fcntl
        import struct
        with open(self.path, "a+b") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            f.seek(0)
            data = f.read(12)
            resets, used = struct.unpack("<dI", data) if len(data) == 12 else (float("-inf"), 0)
            out, resets, used = change(resets, used)
            f.seek(0)
            f.truncate()
            f.write(struct.pack("<dI", resets, used))
            return out

    def take(self, now: float) -> bool:
        def change(resets: float, used: int):
            if now >= resets:
                resets, used = now + self.per, 0
            if used >= self.limit:
                return False, resets, used
            return True, resets, used + 1
        return self._locked(change)

    def retry_after(self, now: float) -> float:
        return self._locked(lambda resets, used: (max(resets - now, 0.0), resets, used))
