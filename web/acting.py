"""POST /t/<table>/me/act: a seat's click on its page becomes an action, through the action core, as a click
in Discord does (bot/routing.py): the same checks, the same refusals in the viewer's language, the same call
(`ActionCore.take`), so the bot seats reply and Discord shows the move as after a Discord click.

The form carries the session's CSRF token (the guard checks the Origin), the table's decision id (`v`) and
seq (`s`) when the page was drawn, and the control: a button's key (`b`), or a menu's path (`m`, dotted)
with the option key(s) picked (`o`), or an action begun on the board (`a`, its fingerprint, found along the
controls' menus, web/choices.py's `locate`; with `r`, the region it begins at, whose follow-up the view names
is taken then if the game offers it). The seat's controls are rebuilt from the current legal actions and the
key looked up there, so a forged key finds nothing. A page drawn before the table's last change (a stale
page, a double click, a replayed request) is refused (409) with nothing changed; the page then shows the
table as it is. A choice that opens a further menu changes nothing either: the page shows that menu
(`step`). The script (web/static/act.js) asks for JSON; a form without it is answered by a redirect to the
page, or a page saying why. The seat's other POSTs are answered the same way: /me/undo (take back, or a
vote on a request) and /me/rematch.

On a table another process serves (several processes on PostgreSQL), the POST is checked here (Origin,
rates, session, CSRF token), then forwarded to that process (web/forward.py), which does the same work
(`served`) and answers; no answer in time is said as such, with nothing changed.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote

from aiohttp import web
from multidict import MultiDict, MultiDictProxy

from bot.answers import refusal_text
from bot.controls import choose, find_button
from bot.rematch import header as rematch_header
from engine import IllegalAction
from i18n import t
from table.errors import TableError
from table.models import Table
from web import choices, pages
from web.forward import FIELDS, TooLong
from web.sessions import csrf_token, same_token

if TYPE_CHECKING:
    from web.app import WebTable

STALE = 409
NO_ANSWER = 504  # the process serving the table did not answer


@dataclass(frozen=True)
class FromWeb:
    """A change's web origin (table/bus.py's `origin`): the person whose page sent it."""

    person: str


class Answer(Exception):
    """A POST's answer: `status`, a text for the person (a refusal), the `step` to show, or where to go (`to`)."""

    def __init__(self, status: int, text: str = "", step: str = "", to: str = ""):
        super().__init__(text)
        self.status, self.text, self.step, self.to = status, text, step, to


async def act(site: WebTable, request: web.Request) -> web.Response:
    """POST /t/<table>/me/act: the form's choice taken, or a step of a menu shown."""
    return await _answered(site, request, "act")


async def take_back(site: WebTable, request: web.Request) -> web.Response:
    """POST /t/<table>/me/undo: "Take back" (`seq`, the move's), or a vote on another player's request
    (`asker`, `seq`, `vote` y or n): the action core's requests and votes, as Discord's buttons use them, so
    a request made in Discord can be accepted here. The other pages hear of it."""
    return await _answered(site, request, "undo")


async def rematch(site: WebTable, request: web.Request) -> web.Response:
    """POST /t/<table>/me/rematch: a finished game's rematch asked or accepted (table/rematch.py); the
    browser then goes to the new table's page."""
    return await _answered(site, request, "rematch")


async def follow(site: WebTable, request: web.Request) -> web.Response:
    """POST /t/<table>/follow: a signed-in person not seated there follows the game being played, or stops, as
    with Discord's "Follow" button (bot/spectators.py): stored in the bot's records, and the bot sends them the
    public board by DM at once (`WebTable.followed`) and at each change. The answer leads back to the public
    page."""
    return await _answered(site, request, "follow", page="")


async def served(site: WebTable, asked: dict) -> dict | None:
    """A POST another process forwarded (web/forward.py), worked here as if it had come here, when this
    process serves its table: its answer; None when another process serves it. The seat is checked here
    again, on the table as it is now; the form's fields are those a seat's forms send."""
    try:
        table = await site.service.table_by_id(int(asked["table"]))
    except TableError:  # another process serves it (or this one cannot read it now): the server answers
        return None
    kind = str(asked.get("kind"))
    if table is None or kind not in WORKS:
        return None
    lang = pages.pick_lang(asked.get("lang"), table.lang)
    form = MultiDictProxy(MultiDict((str(k), str(v)) for k, v in asked.get("form", []) if k in FIELDS))
    try:
        answer = await WORKS[kind](site, table, str(asked["person"]), form, lang)
    except Answer as said:
        answer = said
    except TableError as exc:
        answer = Answer(503, exc.text(lang))
    return {"status": answer.status, "text": answer.text, "step": answer.step, "to": answer.to}


async def _forwarded(site: WebTable, kind: str, table: Table, person: str, form: MultiDictProxy,
                     lang: str) -> Answer:
    """The POST worked by the process serving the table, and its answer."""
    assert site.forwarding is not None
    sent = [(key, str(value)) for key, value in form.items() if key in FIELDS]
    try:
        said = await site.forwarding.ask({"kind": kind, "table": table.id, "person": person, "lang": lang,
                                          "form": sent})
    except TooLong:
        raise Answer(400, t("web.error.bad_request", lang)) from None
    if said is None:
        raise Answer(NO_ANSWER, t("web.act.no_answer", lang))
    return Answer(int(said["status"]), str(said["text"]), str(said["step"]), str(said["to"]))


Work = Callable[["WebTable", Table, str, MultiDictProxy, str], Awaitable[Answer]]


async def _answered(site: WebTable, request: web.Request, kind: str, page: str = "/me") -> web.Response:
    """A seat's POST (or a person's, on the public page: `page` ""): its session and CSRF token checked,
    its work (`kind`) done here or by the process serving the table, and the answer as JSON (the script)
    or as a redirect to the page (or a page saying why) for a form sent without it."""
    table = await site.table_of(request)
    person, secret = await site.person(request, table)
    form = await request.post()
    lang = site.lang(request, table)
    page = f"/t/{table.id}{page}?lang={lang}"
    try:
        if not same_token(str(form.get("csrf", "")), csrf_token(secret)):
            raise Answer(403, t("web.error.forbidden", lang))
        if table.id in site.elsewhere and site.forwarding is not None:
            answer = await _forwarded(site, kind, table, person, form, lang)
        else:
            answer = await WORKS[kind](site, table, person, form, lang)
    except Answer as said:
        answer = said
    if "application/json" in request.headers.get("Accept", ""):
        return web.json_response({"ok": answer.status == 200, "text": answer.text, "step": answer.step,
                                  "to": answer.to}, status=answer.status)
    if answer.status == 200:
        decision = str(form.get("v", ""))
        where = answer.to or page + (f"&step={quote(answer.step)}&v={decision}" if answer.step else "")
        return web.Response(status=303, headers={"Location": where + ("#controls" if "/me" in where else "")})
    html = pages.said(lang, answer.text, link=page, link_key="web.act.to_page")
    return web.Response(status=answer.status, text=html, content_type="text/html")


def _refusal(exc: Exception, lang: str, game: str | None = None) -> str:
    """Discord's refusal in `lang`, but a stale choice's, which says what the page does (it shows the table as
    it is now) rather than Discord's "use your latest message"."""
    if isinstance(exc, TableError) and exc.code == "stale":
        return t("web.refuse.stale", lang)
    return refusal_text(exc, lang, game)


def _number(form: MultiDictProxy, name: str, lang: str) -> int:
    try:
        return int(str(form.get(name, "")))
    except ValueError:
        raise Answer(400, t("web.error.bad_request", lang)) from None


async def _act(site: WebTable, table: Table, person: str, form: MultiDictProxy, lang: str) -> Answer:
    """Check and take the form's choice, or show the step it leads to."""
    decision, seq = _number(form, "v", lang), _number(form, "s", lang)
    key, path = str(form.get("b", "")), [p for p in str(form.get("m", "")).split(".") if p]
    wanted, region = str(form.get("a", "")), str(form.get("r", ""))
    values = [str(v) for v in form.getall("o", [])]
    async with site.acting(table.id):  # one click of a table at a time here: the seq read stays true until taken
        now = await site.service.table_by_id(table.id)
        if now is None or now.status != "active":
            raise Answer(STALE, t("bot.refuse.no_game", lang))
        if person not in now.players:
            raise Answer(403, t("bot.refuse.not_seated", lang))
        if decision != now.decision_id or seq != now.seq:
            raise Answer(STALE, t("web.refuse.stale", lang))

        def chosen() -> tuple[list[dict], str]:  # engine work: off the loop
            view = site.service.view(table.channel_id, person)
            controls = choices.offered(table.game, view, site.service.legal_actions(table.channel_id, person), lang)
            if wanted:  # an action begun on the board (a region's list): found along the controls' own menus
                found = choices.locate(controls, wanted)
                return ([found, *choices.follow_up(view, found, region)] if found else []), ""
            if key:
                button = find_button(controls, key)
                return [button.action] if button is not None else [], ""
            option, several = choose(controls, path, values)
            if option is not None and option.action is not None:
                return [option.action], ""
            if option is not None and option.submenu() is not None:
                return [], ".".join([*path, option.key])
            return several, ""

        actions, step = await asyncio.to_thread(chosen)
        if step:
            return Answer(200, step=step)
        if not actions:
            raise Answer(400, t("bot.refuse.not_available", lang))
        try:
            await site.core.take(table.channel_id, person, actions[0], decision, then=actions[1:],
                                 origin=FromWeb(person))
        except (TableError, IllegalAction) as exc:
            raise Answer(STALE, _refusal(exc, lang, table.game)) from None
    return Answer(200)


async def _take_back(site: WebTable, table: Table, person: str, form: MultiDictProxy, lang: str) -> Answer:
    seq, asker = _number(form, "seq", lang), str(form.get("asker", ""))
    try:
        if asker:
            outcome = await site.core.vote_undo(table.channel_id, person, asker, seq, form.get("vote") == "y",
                                                origin=FromWeb(person))
        else:
            outcome = await site.core.ask_undo(table.channel_id, person, seq, origin=FromWeb(person))
    except TableError as exc:
        raise Answer(STALE, _refusal(exc, lang)) from None
    said = {"asked": "bot_table.undo.sent", "counted": "bot_table.undo.counted", "repeated": "bot_table.undo.counted"}
    return Answer(200, t(said[outcome.status], lang) if outcome.status in said else "")


async def _rematch(site: WebTable, table: Table, person: str, form: MultiDictProxy, lang: str) -> Answer:
    try:
        outcome = await site.core.rematch(table.id, person, table.channel_id, origin=FromWeb(person),
                                          header=lambda outcome: rematch_header(person, outcome))
    except TableError as exc:
        raise Answer(STALE, _refusal(exc, lang)) from None
    return Answer(200, to=f"/t/{outcome.table.id}/me?lang={lang}")


async def _follow(site: WebTable, table: Table, person: str, form: MultiDictProxy, lang: str) -> Answer:
    now = await site.service.table_by_id(table.id)
    if now is None or now.status != "active":
        raise Answer(STALE, t("bot_table.follow.over", lang))
    if person in now.players:  # its players see it already
        raise Answer(STALE, t("table.already_playing", lang))
    follows = person not in await site.followers.followers(table.id)
    await site.followers.set_follower(table.id, person, follows)
    said = "bot_table.follow.started" if follows else "bot_table.follow.stopped"
    if follows and site.followed is not None and not await site.followed(now, person):
        said = "bot_table.follow.closed_dms"
    return Answer(200, t(said, lang), to=f"/t/{table.id}?lang={lang}")


WORKS: dict[str, Work] = {"act": _act, "undo": _take_back, "rematch": _rematch, "follow": _follow}
