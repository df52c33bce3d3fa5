"""One-time links and the sessions they open, in the web's own tables of the tables' database (table/schema.py,
migration 8), read and written through `Store.fetch/execute` as the bot's are (bot/store.py's `OwnRecords`).

A link is handed out privately in Discord (bot/web_link.py) to one person for one table: it works once, for
`LINK_SECONDS`, and is spent by a POST from its landing page (web/app.py), never by a GET (Discord's link
preview fetches what is posted). Spending it opens a session: a random secret kept in an HttpOnly cookie,
stored hashed with the person's id, renewed while used, ended by logging out or after `SESSION_IDLE`
seconds unused. A session says who the person is, nothing more: their seat is checked at every request.
Only hashes are stored, so a copy of the database opens nothing.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from bot.store import OwnRecords

LINK_SECONDS = 600.0             # a link works this long after it is handed out
SESSION_IDLE = 30 * 24 * 3600.0  # a session unused this long is over
RENEW_EVERY = 3600.0             # a session in use is marked used at most this often (one write)
FORGET_AFTER = 24 * 3600.0       # spent or expired links are deleted this long after they expire


class LinkRefused(Exception):
    """A link that cannot open a session: "unknown" (never handed out, or forged), "expired", "spent"."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Link:
    user_id: str
    table_id: int


@dataclass(frozen=True)
class Opened:
    secret: str  # the session's cookie value
    link: Link


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def csrf_token(session_secret: str) -> str:
    """The CSRF token of a session's forms: derived from its secret, so nothing more is stored, and no
    other page can know it."""
    return hmac.new(session_secret.encode(), b"csrf", hashlib.sha256).hexdigest()


def same_token(given: str, expected: str) -> bool:
    """A form's token is the one expected (compared in constant time)."""
    return bool(given) and bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


class WebRecords(OwnRecords):
    what = "the web's records"

    async def new_link(self, user_id: str, table_id: int, now: float) -> str:
        """A new one-time link's secret for `user_id` at table `table_id` (the old spent or expired
        links are deleted on the way)."""
        secret = secrets.token_urlsafe(32)
        # A spent link is kept while the session it opened lives: it says the person opened that table
        # from Discord (`watches`).
        await self._execute("DELETE FROM web_links WHERE expires_at < ? AND (spent_by IS NULL OR spent_by NOT IN"
                            " (SELECT hash FROM web_sessions))", now - FORGET_AFTER)
        await self._execute("INSERT INTO web_links (hash, user_id, table_id, expires_at) VALUES (?, ?, ?, ?)",
                            _hash(secret), str(user_id), table_id, now + LINK_SECONDS)
        return secret

    async def link(self, secret: str, now: float) -> Link:
        """What the link leads to, without spending it (its landing page); LinkRefused if it cannot."""
        rows = await self._fetch("SELECT user_id, table_id, expires_at, spent_by FROM web_links WHERE hash = ?",
                                 _hash(secret))
        if not rows:
            raise LinkRefused("unknown")
        user_id, table_id, expires_at, spent_by = rows[0]
        if spent_by is not None:
            raise LinkRefused("spent")
        if expires_at <= now:
            raise LinkRefused("expired")
        return Link(str(user_id), int(table_id))

    async def spend(self, secret: str, now: float) -> Opened:
        """Spend the link and open its person's session. Marking it spent is one conditional write, so of
        two requests at once (two processes too) only one finds its own session's hash there afterwards."""
        link = await self.link(secret, now)
        session = secrets.token_urlsafe(32)
        await self._execute("UPDATE web_links SET spent_by = ? WHERE hash = ? AND spent_by IS NULL AND expires_at > ?",
                            _hash(session), _hash(secret), now)
        rows = await self._fetch("SELECT spent_by FROM web_links WHERE hash = ?", _hash(secret))
        if not rows or rows[0][0] != _hash(session):
            raise LinkRefused("spent")
        await self._execute("DELETE FROM web_sessions WHERE used_at < ?", now - SESSION_IDLE)
        await self._execute("INSERT INTO web_sessions (hash, user_id, created_at, used_at) VALUES (?, ?, ?, ?)",
                            _hash(session), link.user_id, now, now)
        return Opened(session, link)

    async def session(self, secret: str, now: float) -> str | None:
        """The person whose session this is, None when it is unknown, ended or unused too long; renewed
        (marked used) when last marked more than `RENEW_EVERY` ago."""
        rows = await self._fetch("SELECT user_id, used_at FROM web_sessions WHERE hash = ?", _hash(secret))
        if not rows or rows[0][1] <= now - SESSION_IDLE:
            return None
        user_id, used_at = rows[0]
        if used_at <= now - RENEW_EVERY:
            await self._execute("UPDATE web_sessions SET used_at = ? WHERE hash = ?", now, _hash(secret))
        return str(user_id)

    async def watches(self, user_id: str, table_id: int) -> bool:
        """Whether the person opened table `table_id` from one of its links, with a session still open:
        they could see its channel in Discord, so its public page is theirs to watch."""
        rows = await self._fetch("SELECT 1 FROM web_links JOIN web_sessions ON web_links.spent_by = web_sessions.hash"
                                 " WHERE web_links.user_id = ? AND web_links.table_id = ?", str(user_id), table_id)
        return bool(rows)

    async def end(self, secret: str) -> None:
        """Log out: the session opens nothing any more."""
        await self._execute("DELETE FROM web_sessions WHERE hash = ?", _hash(secret))

    async def end_all(self, user_id: str) -> None:
        """Log out everywhere: none of the person's sessions opens anything any more."""
        await self._execute("DELETE FROM web_sessions WHERE user_id = ?", str(user_id))
