"""A seat's click on a table another process serves (several processes on PostgreSQL, docs/web.md "Several
processes"): the process that received the POST checks what it can check alone (the Origin, the rate
limits, the session, the CSRF token), then forwards the request to whichever process serves the table,
which runs the very same work (web/acting.py) and sends back its answer.

Both go as PostgreSQL notifications (web/notices.py's connections): a request on `REQUESTS` (a random id,
the kind of POST, the table, the session's person, the page's language, the form's fields but the CSRF
token, and until when its asker waits), its answer on `ANSWERS` (the id, then what web/acting.py's `Answer`
holds). Every process hears every request; only the one serving the table answers (the others' services
say `elsewhere`). Nothing in them is secret from a process of the deployment: each reads the same database.
An answer that does not come within `wait` seconds (the serving process is down, or slow) is said as such;
a request heard after its asker stopped waiting is dropped, so nothing is taken once the page was told so.

Why notifications rather than a stored request row: the answer is awaited by one open request, so a
table of requests would still need a wake-up on each side (a notification, or polling), and a crash
leaves nothing to clean up here: an unanswered request is simply forgotten by both sides.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable

from web.notices import PAYLOAD_LIMIT, Notices

log = logging.getLogger(__name__)

REQUESTS = "lotr_web_act"  # a seat's POST, for the process serving its table
ANSWERS = "lotr_web_acted"  # its answer, for the process that asked
WAIT = 10.0  # seconds a forwarded POST waits for its answer
FIELDS = frozenset({"v", "s", "b", "m", "o", "a", "r", "seq", "asker", "vote"})  # what a seat's forms send, the token aside

Serve = Callable[[dict], Awaitable[dict | None]]  # a request heard -> its answer, None when not ours


class TooLong(ValueError):
    """A request too long for a notification (PostgreSQL's limit): nothing is sent."""


class Forwarding:
    def __init__(self, notices: Notices, serve: Serve, *, wait: float = WAIT, clock: Callable[[], float] = time.time):
        self.notices, self.serve, self.wait, self.clock = notices, serve, wait, clock
        self._waiting: dict[str, asyncio.Future[dict]] = {}  # request id -> its answer, once heard
        self._serving: set[asyncio.Task] = set()
        notices.hear(REQUESTS, self._asked)
        notices.hear(ANSWERS, self._answered)

    async def ask(self, asked: dict) -> dict | None:
        """`asked` (kind, table, person, lang, form: JSON-safe) run by the process serving its table: its
        answer, or None when none came within `wait` seconds. TooLong when it cannot be sent."""
        key = secrets.token_hex(12)
        payload = json.dumps({**asked, "id": key, "until": self.clock() + self.wait}, separators=(",", ":"))
        if len(payload.encode()) > PAYLOAD_LIMIT:
            raise TooLong(len(payload.encode()))
        future: asyncio.Future[dict] = asyncio.get_running_loop().create_future()
        self._waiting[key] = future
        self.notices.send(REQUESTS, payload)
        try:
            return await asyncio.wait_for(future, self.wait)
        except TimeoutError:
            return None
        finally:
            del self._waiting[key]

    async def close(self) -> None:
        for task in list(self._serving):
            task.cancel()
        await asyncio.gather(*self._serving, return_exceptions=True)

    def _asked(self, payload: str) -> None:
        asked = _read(payload)
        if asked is None or not isinstance(asked.get("until"), float | int) or asked["until"] <= self.clock():
            return  # unreadable, or its asker no longer waits: taking it now would change what it was told
        task = asyncio.create_task(self._answer(asked), name="lotr-background-web-forwarded")
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)

    async def _answer(self, asked: dict) -> None:
        try:
            answer = await self.serve(asked)
        except Exception:
            log.exception("a forwarded request on table %s failed", asked.get("table"))
            return
        if answer is not None:
            self.notices.send(ANSWERS, json.dumps({**answer, "id": asked.get("id")}, separators=(",", ":")))

    def _answered(self, payload: str) -> None:
        answer = _read(payload)
        future = self._waiting.get(str(answer.pop("id", ""))) if answer is not None else None
        if future is not None and not future.done() and answer is not None:
            future.set_result(answer)


def _read(payload: str) -> dict | None:
    try:
        read = json.loads(payload)
    except ValueError:
        return None
    return read if isinstance(read, dict) else None
