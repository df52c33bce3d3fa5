"""POST /t/<table>/me/act: a seat's click on its page becomes an action, through the action core, as a click
in Discord does (bot/routing.py): the same checks, the same refusals in the viewer's language, the same call
(`ActionCore.take`), so the bot seats reply and Discord shows the move as after a Discord click.

The form carries the session's CSRF token (the guard checks the Origin), the table's decision id (`v`) and
seq (`s`) when the page was drawn, and the control: a button's key (`b`), or a menu's path (`m`, dotted)
with the option key(s) picked (`o`). The seat's controls are rebuilt from the current legal actions and the
key looked up there, so a forged key finds nothing. A page drawn before the table's last change (a stale
page, a double click, a replayed request) is refused (409) with nothing changed; the page then shows the
table as it is. A choice that opens a further menu changes nothing either: the page shows that menu
(`step`). The script (web/static/act.js) asks for JSON; a form without it is answered by a redirect to the
page, or a page saying why.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import quote

from aiohttp import web

from bot.answers import refusal_text
from bot.controls import choose, find_button
from engine import IllegalAction
from i18n import t
from table.errors import TableError
from web import choices, pages
from web.sessions import csrf_token, same_token

if TYPE_CHECKING:
    from web.app import WebTable

STALE = 409


@dataclass(frozen=True)
class FromWeb:
    """A change's web origin (table/bus.py's `origin`): the person whose page sent it."""

    person: str


class Answer(Exception):
    """The POST's answer once checked: `status`, a text for the person (a refusal), or the `step` to show."""

    def __init__(self, status: int, text: str = "", step: str = ""):
        super().__init__(text)
        self.status, self.text, self.step = status, text, step


async def act(site: WebTable, request: web.Request) -> web.Response:
    table = await site.table_of(request)
    person, secret = await site.person(request, table)
    form = await request.post()
    lang = site.lang(request, table)
    page = f"/t/{table.id}/me?lang={lang}"
    try:
        if not same_token(str(form.get("csrf", "")), csrf_token(secret)):
            raise Answer(403, t("web.error.forbidden", lang))
        await _act(site, table.id, person, form, lang)
        answer = Answer(200)
    except Answer as said:
        answer = said
    wants_json = "application/json" in request.headers.get("Accept", "")
    if wants_json:
        return web.json_response({"ok": answer.status == 200, "text": answer.text, "step": answer.step},
                                 status=answer.status)
    if answer.status == 200:
        decision = str(form.get("v", ""))
        where = page + (f"&step={quote(answer.step)}&v={decision}#controls" if answer.step else "#controls")
        return web.Response(status=303, headers={"Location": where})
    html = pages.said(lang, answer.text, link=page, link_key="web.act.to_page")
    return web.Response(status=answer.status, text=html, content_type="text/html")


async def _act(site: WebTable, table_id: int, person: str, form, lang: str) -> None:
    """Check and take the form's choice; Answer says how it ended when it is not taken (or is a step)."""
    try:
        decision, seq = int(str(form.get("v", ""))), int(str(form.get("s", "")))
    except ValueError:
        raise Answer(400, t("web.error.bad_request", lang)) from None
    key, path = str(form.get("b", "")), [p for p in str(form.get("m", "")).split(".") if p]
    values = [str(v) for v in form.getall("o", [])]
    async with site.acting(table_id):  # one click of a table at a time here: the seq read stays true until taken
        table = await site.service.table_by_id(table_id)
        if table is None or table.status != "active":
            raise Answer(STALE, t("bot.refuse.no_game", lang))
        if person not in table.players:
            raise Answer(403, t("bot.refuse.not_seated", lang))
        if decision != table.decision_id or seq != table.seq:
            raise Answer(STALE, t("bot.refuse.stale", lang))

        def chosen() -> tuple[dict, list[dict], str]:  # engine work: off the loop
            view = site.service.view(table.channel_id, person)
            controls = choices.offered(table.game, view, site.service.legal_actions(table.channel_id, person), lang)
            if key:
                button = find_button(controls, key)
                return view, [button.action] if button is not None else [], ""
            option, several = choose(controls, path, values)
            if option is not None and option.action is not None:
                return view, [option.action], ""
            if option is not None and option.submenu() is not None:
                return view, [], ".".join([*path, option.key])
            return view, several, ""

        view, actions, step = await asyncio.to_thread(chosen)
        if step:
            raise Answer(200, step=step)
        if not actions:
            raise Answer(400, t("bot.refuse.not_available", lang))
        try:
            await site.core.take(table.channel_id, person, actions[0], decision, then=actions[1:],
                                 origin=FromWeb(person))
        except (TableError, IllegalAction) as exc:
            raise Answer(STALE, refusal_text(exc, lang, table.game)) from None
