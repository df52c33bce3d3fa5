"""The web table's server: an aiohttp application on the bot's own event loop (docs/web.md).

    GET  /t/<table>                 the table as its channel sees it (public view), live
    GET  /t/<table>/part            its live part alone (what a page fetches on a push)
    GET  /t/<table>/board.png       its board, drawn from the public view
    GET  /t/<table>/me[/part|/board.png]   a seat's own view (a session whose person is seated there)
    GET  /t/<table>/log?page=N      every event of the public log, paged
    GET  /t/<table>/live            WebSocket: "table T is at version V" hints (web/live.py)
    GET  /t/<table>/replay?step=N   a finished game at one step, and its board (replay.png?step=N)
    POST /t/<table>/me/act          a seat's click on its page: an action taken through the action core (web/acting.py)
    POST /t/<table>/me/undo         take back: ask, or vote on a request; POST /t/<table>/me/rematch: a rematch
    GET  /l/<secret>                a one-time link's landing page; POST spends it and opens a session
    POST /logout                    ends the session
    GET  /static/...                the style sheet and the page's script

Every page is built from `TableService.view(channel, viewer)` and the game's presenter (web/pages.py);
the seat is checked at every request, from the table as it is then. Every response carries
`Content-Security-Policy: default-src 'self'`, `Referrer-Policy: no-referrer` and `Cache-Control: no-store`
(but the static files); every POST needs its page's CSRF token and this site's Origin; a bad request is
answered by a page saying why, with nothing changed.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from aiohttp import web

import games
from bot.controls import KEY_CHARS
from bot.drawing import Boards
from bot.store import BotStore
from i18n import DEFAULT, LANGUAGES
from table import replay
from table.core import ActionCore
from table.errors import TableError
from table.models import Table
from table.play import deciders
from table.store_pg import PgStore
from web import acting, choices, limits, pages
from web.elsewhere import Elsewhere
from web.forward import WAIT, Forwarding
from web.live import Pushes
from web.notices import Notices
from web.sessions import LINK_SECONDS, SESSION_IDLE, LinkRefused, WebRecords, csrf_token, same_token

log = logging.getLogger(__name__)

SESSION_COOKIE = "lotr_session"
LANDING_COOKIE = "lotr_landing"  # the landing form's CSRF token, sent back by the form (double submit)
HEADERS = {"Content-Security-Policy": "default-src 'self'", "Referrer-Policy": "no-referrer",
           "X-Content-Type-Options": "nosniff"}
TABLE = r"{table:\d{1,18}}"
PAGE_BUILDERS = 2  # threads building pages; the engine's own work runs on the default pool

Names = Callable[[list[str]], Mapping[str, str]]
Followed = Callable[[Table, str], Awaitable[bool]]  # a new follower's first board sent (bot/spectators.py)
T = TypeVar("T")  # player ids -> the display names known (bot/names.py)


class Refused(Exception):
    """A request answered by a page saying why (`text` an i18n key), with `status`; nothing changed."""

    def __init__(self, status: int, text: str, *, link: str | None = None, **params: Any):
        super().__init__(text)
        self.status, self.text, self.link, self.params = status, text, link, params


class WebTable:
    """The web table of one process: its application, its open pages, its links and sessions."""

    def __init__(self, core: ActionCore, boards: Boards, *, names: Names = lambda players: {},
                 followed: Followed | None = None, public_url: str | None = None,
                 clock: Callable[[], float] = time.time, forward_wait: float = WAIT):
        self.core = core
        self.service = core.service
        self.boards = boards
        self.names = names
        # None: no bot beside the pages (the console, tests): a follower's first board comes with the next change
        self.followed = followed
        self.public_url = public_url.rstrip("/") if public_url else None
        self.clock = clock
        self.records = WebRecords(core.service.store)
        self.followers = BotStore(core.service.store)  # who follows a table by DM: the bot's records (bot/spectators.py)
        self.pushes = Pushes()
        self.elsewhere = Elsewhere(core.service)
        # Pages are built on threads of their own: a burst of open pages fetching their part after a change
        # never queues the players' actions (the default pool's work) behind it. Measured with 200 pages
        # open (bench_load.py --web-pages 2): click-to-public-post p99 up to 1.5 s on the shared pool.
        self._builders = ThreadPoolExecutor(max_workers=PAGE_BUILDERS, thread_name_prefix="lotr-web-page")
        self.notices: Notices | None = None  # with PostgreSQL: hints to and from the other processes
        # with PostgreSQL: the seats' POSTs on another process's table, forwarded to it, and theirs here
        self.forwarding: Forwarding | None = None
        self.forward_wait = forward_wait
        self.link_uses = limits.PerMinute(limits.LINKS_PER_MINUTE)
        self.address_uses = limits.PerMinute(limits.REQUESTS_PER_MINUTE)
        self.session_uses = limits.PerMinute(limits.SESSION_REQUESTS_PER_MINUTE)
        self.open_pushes = limits.AtOnce(limits.PUSHES_AT_ONCE)
        self.base = self.public_url or ""  # where links lead: set by `start` when PUBLIC_URL is not
        self.secure = (self.public_url or "").startswith("https://")
        self.app = self._application()
        self._runner: web.AppRunner | None = None
        self._unsubscribe: list[Callable[[], None]] = []  # from the bus, at close
        # table id -> held while a page's click is checked and taken (gone once no click holds or waits on it)
        self._acting: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Told of every request answered: (its route, its status, when it started: time.perf_counter()).
        self.observe: Callable[[str, int, float], None] | None = None

    async def work(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` on one of the page builders' threads."""
        return await asyncio.get_running_loop().run_in_executor(self._builders, functools.partial(fn, *args))

    # ------------------------------------------------------------------ running

    def _application(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=16 * 1024)
        get, post = app.router.add_get, app.router.add_post
        get(f"/t/{TABLE}", self.public_page)
        get(f"/t/{TABLE}/part", self.public_part)
        get(f"/t/{TABLE}/board.png", self.public_board)
        get(f"/t/{TABLE}/me", self.own_page)
        get(f"/t/{TABLE}/me/part", self.own_part)
        get(f"/t/{TABLE}/me/board.png", self.own_board)
        post(f"/t/{TABLE}/me/act", self.own_act)
        post(f"/t/{TABLE}/me/undo", self.own_undo)
        post(f"/t/{TABLE}/me/rematch", self.own_rematch)
        post(f"/t/{TABLE}/follow", self.follow)
        get(f"/t/{TABLE}/log", self.log_page)
        get(f"/t/{TABLE}/live", self.live)
        get(f"/t/{TABLE}/replay", self.replay_page)
        get(f"/t/{TABLE}/replay.png", self.replay_board)
        get("/l/{secret:[A-Za-z0-9_-]{1,100}}", self.landing)
        post("/l/{secret:[A-Za-z0-9_-]{1,100}}", self.spend_link)
        post("/logout", self.logout)
        app.router.add_static("/static", Path(__file__).parent / "static")
        app.on_shutdown.append(self.pushes.close)
        return app

    async def start(self, host: str, port: int) -> int:
        """Listen on host:port (0: a free port) and follow the tables' changes; returns the port."""
        self._runner, bound = await listen(self.app, host, port)
        if self.public_url is None:
            self.base = f"http://{host}:{bound}"
        self._unsubscribe.append(self.core.bus.subscribe(self.pushes.on_change))
        self._builders.submit(_warm_maps)  # what the maps' first pages build, before anyone waits on them
        store = self.service.store
        if isinstance(store, PgStore):  # several processes may share it: their changes reach our pages
            self.notices = Notices(store.url, self.pushes.tell)
            self.forwarding = Forwarding(self.notices, functools.partial(acting.served, self), wait=self.forward_wait,
                                         clock=self.clock)
            self._unsubscribe.append(self.core.bus.subscribe(self.notices.on_change))
            self.notices.start()
        return bound

    async def close(self) -> None:
        while self._unsubscribe:
            self._unsubscribe.pop()()
        if self.forwarding is not None:
            await self.forwarding.close()
            self.forwarding = None
        if self.notices is not None:
            await self.notices.close()
            self.notices = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._builders.shutdown(wait=False)  # after the server: no request is left to build a page

    async def new_link(self, user_id: str, table_id: int, lang: str) -> str:
        """A one-time link for `user_id` to table `table_id` (LINK_SECONDS long), to hand out privately;
        its pages read in `lang`."""
        return f"{self.base}/l/{await self.records.new_link(user_id, table_id, self.clock())}?lang={lang}"

    # ------------------------------------------------------------------ guard

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                     ) -> web.StreamResponse:
        """Every request: a POST from elsewhere is refused; a refusal or a failure becomes a page saying
        why; the security headers go on every response."""
        started = time.perf_counter()
        try:
            if request.method == "POST" and not self._same_origin(request):
                raise Refused(403, "web.error.forbidden")
            if not request.path.startswith("/static/"):
                self._count_use(request)
            response = await handler(request)
        except Refused as refused:
            response = self._refusal(request, refused)
        except LinkRefused as refused:
            response = self._refusal(request, Refused(410, f"web.error.link.{refused.code}"))
        except TableError as exc:
            table = request.match_info.get("table", "")
            response = self._refusal(request, Refused(503, "web.error.elsewhere", id=table)
                                     if exc.code == "elsewhere" else Refused(503, "web.error.storage"))
        except web.HTTPException as exc:  # aiohttp's own: no such route, method, too large a body
            key = "web.error.not_found" if exc.status in (404, 405) else "web.error.bad_request"
            response = self._refusal(request, Refused(exc.status, key))
        if not response.prepared:  # a WebSocket is answered already
            response.headers.update(HEADERS)
            if not request.path.startswith("/static/"):
                response.headers["Cache-Control"] = "no-store"
            if _public_html(request, response):
                # Compressed when the browser accepts it; never a page with a session's secrets, whose length
                # beside words others choose (a name) could tell them apart.
                response.enable_compression()
        if self.observe is not None:
            resource = request.match_info.route.resource
            self.observe(resource.canonical if resource is not None else "(none)", response.status, started)
        return response

    def _count_use(self, request: web.Request) -> None:
        """A request counted against its address's limit and its session's (by the secret's hash: the
        limits never hold a session's secret)."""
        secret = request.cookies.get(SESSION_COOKIE, "")
        if not self.address_uses.take(limits.address(request)) or (
                secret and not self.session_uses.take(hashlib.sha256(secret.encode()).hexdigest())):
            raise Refused(429, "web.error.too_many")

    def _same_origin(self, request: web.Request) -> bool:
        """The POST comes from one of this site's pages: its Origin header is this site's. Under our
        `Referrer-Policy: no-referrer` a browser sends `Origin: null` with a form's POST, and then its
        `Sec-Fetch-Site` header (which no page can set) must say "same-origin"."""
        origin = request.headers.get("Origin", "")
        if origin == "null":
            return request.headers.get("Sec-Fetch-Site") == "same-origin"
        if self.public_url is not None:
            parts = urlsplit(self.public_url)
            return origin == f"{parts.scheme}://{parts.netloc}"
        return origin == f"{request.scheme}://{request.host}"

    def _refusal(self, request: web.Request, refused: Refused) -> web.Response:
        html = pages.message(self.lang(request), "web.error.title", refused.text, link=refused.link,
                             link_key="web.to_public" if refused.link else "", **refused.params)
        return web.Response(status=refused.status, text=html, content_type="text/html")

    @staticmethod
    def lang(request: web.Request, table: Table | None = None) -> str:
        return pages.pick_lang(request.query.get("lang"), table.lang if table is not None else DEFAULT)

    def acting(self, table_id: int) -> asyncio.Lock:
        """The lock a page's click on table `table_id` holds from its checks to its action (web/acting.py)."""
        lock = self._acting.get(table_id)
        if lock is None:
            lock = self._acting[table_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ reading a table

    async def table_of(self, request: web.Request) -> Table:
        """The table of the request: this process's (held by its service), or another process's, read
        from the store (web/elsewhere.py)."""
        table_id = int(request.match_info["table"])
        table = None
        if table_id not in self.elsewhere:
            try:
                table = await self.service.table_by_id(table_id)
            except TableError as exc:
                if exc.code != "elsewhere":
                    raise
                self.elsewhere.add(table_id)
        if table_id in self.elsewhere:
            table = await self.elsewhere.table(table_id)
        if table is None:
            raise Refused(404, "web.error.no_table", id=table_id)
        return table

    def _read(self, table: Table, viewer: str | None) -> tuple[Table, dict | None]:
        """The table as it is now and its viewer's view (None: the public's); a worker thread's work.
        A seat is checked here, on the table as it is now (seats change)."""
        current = table if table.id in self.elsewhere else self.service.table(table.channel_id)
        if current is None or current.id != table.id:
            raise Refused(404, "web.error.no_table", id=table.id)
        if viewer is not None and viewer not in current.players:
            raise Refused(403, "web.error.not_seated", link=f"/t/{table.id}")
        if current.state is None or current.status in ("lobby", "broken"):
            return current, None
        if table.id in self.elsewhere:
            return current, self.elsewhere.view(current, viewer)
        return current, self.service.view(current.channel_id, viewer)

    async def person(self, request: web.Request, table: Table) -> tuple[str, str]:
        """The person of the request's session and its secret, or a refusal: the seat comes later."""
        secret = request.cookies.get(SESSION_COOKIE, "")
        person = await self.records.session(secret, self.clock()) if secret else None
        if person is None:
            raise Refused(401, "web.error.no_session", link=f"/t/{table.id}")
        return person, secret

    async def _watcher(self, request: web.Request, table: Table) -> None:
        """A public page is open to anyone, unless the table's server keeps its pages to those who open
        them from Discord (its `web_spectators` setting): then the request's session must be of a person
        seated there or who opened this table from one of its links."""
        if await self.service.lets_spectators(table.guild_id):
            return
        secret = request.cookies.get(SESSION_COOKIE, "")
        person = await self.records.session(secret, self.clock()) if secret else None
        if person is None or (person not in table.players and not await self.records.watches(person, table.id)):
            raise Refused(401, "web.error.watchers_only")

    async def _show(self, request: web.Request, viewer: str | None, *, whole: bool, csrf: str | None = None,
                    follows: bool | None = None) -> web.Response:
        table = await self.table_of(request)
        if viewer is None:
            await self._watcher(request, table)
        lang = self.lang(request, table)
        path = f"/t/{table.id}" + ("/me" if viewer is not None else "")
        known = self.names(table.players)

        step = [p for p in request.query.get("step", "")[:400].split(".") if p and len(p) <= 40 and set(p) <= KEY_CHARS]

        def build() -> tuple[Table, str]:
            current, view = self._read(table, viewer)
            names = pages.player_names(current, known, lang)
            seat = None
            if viewer is not None and view is not None and self.plays(table.id):
                seat = self._seat(current, view, viewer, lang, csrf or "",
                                  step if request.query.get("v") == str(current.decision_id) else [])
            inner = pages.part(current, view, lang, names, viewer=viewer, path=path, seat=seat,
                               watch_only=not self.plays(table.id) and current.status == "active")
            return current, (pages.page(current, inner, lang, path=path, viewer=viewer, csrf=csrf, follows=follows,
                                        query=f"&step={'.'.join(step)}&v={current.decision_id}" if seat and seat.controls.trail else "",
                                        yours=seat is not None and seat.awaited) if whole else inner)

        current, html = await self.work(build)
        return web.Response(text=html, content_type="text/html", headers={"X-Table-Version": pages.version(current)})

    def plays(self, table_id: int) -> bool:
        """Whether a seat's page of table `table_id` may play: served here, or by another process its POSTs
        are forwarded to (PostgreSQL). Else (the console's web table) it only shows the table."""
        return table_id not in self.elsewhere or self.forwarding is not None

    def _seat(self, table: Table, view: dict, viewer: str, lang: str, csrf: str, step: list[str]) -> pages.Seat:
        """What a seat's page adds: its controls from its legal actions (at `step` into a menu, if still
        offered), its take-back or a vote on another's request, a finished game's rematch. A table another
        process serves: its legal actions from its stored state, and no "Take back" (whether a move may be
        taken back is known to the process that saw it played)."""
        active = table.status == "active"
        here = table.id not in self.elsewhere
        if not active:
            legal = []
        elif here:
            legal = self.service.legal_actions(table.channel_id, viewer)
        else:
            legal = self.elsewhere.legal_actions(table, viewer)
        request = table.undo_request if active else None
        controls = choices.offered(table.game, view, legal, lang)
        return pages.Seat(choices.describe(controls, step), csrf,
                          active and viewer in (table.waiting or []),
                          undo=self.service.undoable(table.channel_id, viewer) if active and here else None,
                          request=request, decides=request is not None and viewer in deciders(table, request["asker"])
                          and viewer not in request["votes"],
                          rematch=table.status == "over", picks=choices.picks(controls, step),
                          step=choices.where(controls, step))

    async def _board(self, request: web.Request, viewer: str | None) -> web.Response:
        table = await self.table_of(request)
        if viewer is None:
            await self._watcher(request, table)
        lang = self.lang(request, table)
        known = self.names(table.players)
        current, view = await self.work(self._read, table, viewer)
        names = pages.player_names(current, known, lang)
        png = None if view is None else await self.boards.png(current.game, {**view, "names": names}, lang,
                                                              group=current.id)
        if png is None:
            raise Refused(404, "web.error.not_found")
        return web.Response(body=png, content_type="image/png")

    # ------------------------------------------------------------------ pages

    async def public_page(self, request: web.Request) -> web.Response:
        """The table as its channel sees it; a game that ended before this process started is its replay. A
        signed-in person not seated there while it is played may follow it (or stop) from here."""
        try:
            csrf, follows = await self._follower(request)
            return await self._show(request, None, whole=True, csrf=csrf, follows=follows)
        except Refused as refused:
            stored = await self.service.stored_table(int(request.match_info["table"]))
            if refused.status != 404 or stored is None or stored.status not in replay.ENDED:
                raise
            lang = request.query.get("lang")
            return _see_other(f"/t/{stored.id}/replay" + (f"?lang={lang}" if lang in LANGUAGES else ""))

    async def _follower(self, request: web.Request) -> tuple[str | None, bool | None]:
        """The public page's CSRF token for a signed-in person, and whether they follow the table (None when
        they may not: no session, seated there, the game not under way)."""
        table = await self.table_of(request)
        secret = request.cookies.get(SESSION_COOKIE, "")
        person = await self.records.session(secret, self.clock()) if secret else None
        if person is None:
            return None, None
        if person in table.players or table.status != "active":
            return csrf_token(secret), None
        return csrf_token(secret), person in await self.followers.followers(table.id)

    async def follow(self, request: web.Request) -> web.Response:
        await self._watcher(request, await self.table_of(request))
        return await acting.follow(self, request)

    async def public_part(self, request: web.Request) -> web.Response:
        return await self._show(request, None, whole=False)

    async def public_board(self, request: web.Request) -> web.Response:
        return await self._board(request, None)

    async def own_page(self, request: web.Request) -> web.Response:
        person, secret = await self.person(request, await self.table_of(request))
        return await self._show(request, person, whole=True, csrf=csrf_token(secret))

    async def own_part(self, request: web.Request) -> web.Response:
        person, secret = await self.person(request, await self.table_of(request))
        return await self._show(request, person, whole=False, csrf=csrf_token(secret))

    async def own_act(self, request: web.Request) -> web.Response:
        return await acting.act(self, request)

    async def own_undo(self, request: web.Request) -> web.Response:
        return await acting.take_back(self, request)

    async def own_rematch(self, request: web.Request) -> web.Response:
        return await acting.rematch(self, request)

    async def own_board(self, request: web.Request) -> web.Response:
        person, _ = await self.person(request, await self.table_of(request))
        return await self._board(request, person)

    async def log_page(self, request: web.Request) -> web.Response:
        """The whole public log, paged; a game that ended before this process started: its replay's last
        step's log."""
        number = request.query.get("page", "")
        page = int(number) if number.isdecimal() else None
        search = request.query.get("q", "")[:100].strip()
        try:
            table = await self.table_of(request)
        except Refused as refused:
            if refused.status != 404:
                raise
            request = request.clone(rel_url=request.rel_url.update_query(step=10**9))  # the last step
            frame = await self._frame(request)
            lang = self.lang(request, frame.table)
            names = pages.player_names(frame.table, self.names(frame.table.players), lang)
            html = await self.work(pages.log_page, frame.table, frame.view, lang, names, page, search)
            return web.Response(text=html, content_type="text/html")
        await self._watcher(request, table)
        lang = self.lang(request, table)
        known = self.names(table.players)

        def build() -> str:
            current, view = self._read(table, None)
            if view is None:
                raise Refused(404, "web.error.not_found")
            names = pages.player_names(current, known, lang)
            return pages.log_page(current, view, lang, names, page, search)

        return web.Response(text=await self.work(build), content_type="text/html")

    async def live(self, request: web.Request) -> web.StreamResponse:
        table = await self.table_of(request)
        await self._watcher(request, table)
        who = limits.address(request)
        if not self.open_pushes.hold(who):
            raise Refused(429, "web.error.too_many")
        try:
            return await self.pushes.serve(request, table)
        finally:
            self.open_pushes.release(who)

    async def _frame(self, request: web.Request) -> replay.Frame:
        step = request.query.get("step", "")
        frame = await replay.frame(self.service, int(request.match_info["table"]),
                                   int(step) if step.isdecimal() else 10**9)  # the last step by default
        if frame is None:
            raise Refused(404, "bot_table.replay.gone")
        await self._watcher(request, frame.table)
        return frame

    async def replay_page(self, request: web.Request) -> web.Response:
        frame = await self._frame(request)
        lang = self.lang(request, frame.table)
        names = pages.player_names(frame.table, self.names(frame.table.players), lang)
        html = await self.work(pages.replay_page, frame, lang, names)
        return web.Response(text=html, content_type="text/html")

    async def replay_board(self, request: web.Request) -> web.Response:
        frame = await self._frame(request)
        lang = self.lang(request, frame.table)
        names = pages.player_names(frame.table, self.names(frame.table.players), lang)
        png = await self.boards.png(frame.table.game, {**frame.view, "names": names}, lang)
        if png is None:
            raise Refused(404, "web.error.not_found")
        return web.Response(body=png, content_type="image/png")

    # ------------------------------------------------------------------ links and sessions

    async def landing(self, request: web.Request) -> web.Response:
        """A link's landing page: reading it spends nothing (Discord's preview fetches links); its button
        POSTs the form, with a CSRF token also set in a cookie of this page's own."""
        self._count_link_use(request)
        secret = request.match_info["secret"]
        link = await self.records.link(secret, self.clock())
        token = secrets.token_urlsafe(24)
        lang = self.lang(request)
        html = pages.landing(lang, f"/l/{secret}?lang={lang}", token, link.table_id)
        response = web.Response(text=html, content_type="text/html")
        response.set_cookie(LANDING_COOKIE, token, path="/l/", max_age=int(LINK_SECONDS), httponly=True,
                            samesite="Strict", secure=self.secure)
        return response

    async def spend_link(self, request: web.Request) -> web.Response:
        """The landing form: the link is spent, a session opened, and the browser sent to the table's page
        (its own seat's when the person is seated there), an address with no secret in it."""
        self._count_link_use(request)
        form = await request.post()
        if not same_token(str(form.get("csrf", "")), request.cookies.get(LANDING_COOKIE, "")):
            raise Refused(403, "web.error.forbidden")
        opened = await self.records.spend(request.match_info["secret"], self.clock())
        table = await self.service.table_by_id(opened.link.table_id)
        seated = table is not None and opened.link.user_id in table.players
        lang = request.query.get("lang")
        where = f"/t/{opened.link.table_id}" + ("/me" if seated else "") + (f"?lang={lang}" if lang in LANGUAGES else "")
        response = _see_other(where)
        response.set_cookie(SESSION_COOKIE, opened.secret, path="/", max_age=int(SESSION_IDLE), httponly=True,
                            samesite="Lax", secure=self.secure)
        return response

    def _count_link_use(self, request: web.Request) -> None:
        if not self.link_uses.take(limits.address(request)):
            raise Refused(429, "web.error.too_many")

    async def logout(self, request: web.Request) -> web.Response:
        form = await request.post()
        secret = request.cookies.get(SESSION_COOKIE, "")
        if not secret or not same_token(str(form.get("csrf", "")), csrf_token(secret)):
            raise Refused(403, "web.error.forbidden")
        person = await self.records.session(secret, self.clock())
        if form.get("everywhere") and person is not None:
            await self.records.end_all(person)
        await self.records.end(secret)
        lang = self.lang(request)
        response = web.Response(text=pages.message(lang, "web.logged_out.title", "web.logged_out.text"),
                                content_type="text/html")
        response.del_cookie(SESSION_COOKIE, path="/")
        return response


async def listen(app: web.Application, host: str, port: int) -> tuple[web.AppRunner, int]:
    """`app` served on host:port (0: a free port): its runner and the port it got; OSError if it cannot."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    return runner, int(runner.addresses[0][1])


def _public_html(request: web.Request, response: web.StreamResponse) -> bool:
    return (isinstance(response, web.Response) and response.content_type == "text/html" and request.method == "GET"
            and request.path.startswith("/t/") and "/me" not in request.path)


def _see_other(where: str) -> web.Response:
    """A redirect answered as any page is (the guard adds the headers)."""
    return web.Response(status=303, headers={"Location": where})


def _warm_maps() -> None:
    """Each game's web map warmed (its `warm`), on a page thread as the web table starts; a failure is
    logged and leaves the first page to build it."""
    for game in games.declared():
        if game.web_map is not None:
            try:
                game.web_map().warm()
            except Exception:
                log.warning("warming the %s web map failed", game.id, exc_info=True)
