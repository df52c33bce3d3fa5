"""The web table's pages, as HTML, built from one view and the game's presenter texts, nothing else.

A page reads the table's public metadata (its game, players, status, whom it waits for: what the channel
shows) and the viewer's view (`TableService.view(channel, viewer)`: None for the public); every sentence
comes from the game's presenter (present/<id>.py) or i18n. Templates are Jinja2 with autoescape on, so a
name a player typed is shown as text. These functions do engine work: web/app.py runs them in a worker
thread, as the bot does its messages.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

import games
from i18n import LANGUAGES, t
from table import bots
from table.models import Table
from table.replay import Frame
from web.choices import Controls, Pick, Play, Step

EVENTS_SHOWN = 12  # the latest events on a table's page
LOG_PAGE = 50      # events per page of the log

_templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def _rich(text: str) -> Markup:
    """A presenter's sentence as HTML: escaped first, then its **bold** (Discord's markdown) and its line
    breaks kept."""
    html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", str(escape(text)))
    return Markup(html.replace("\n", "<br>"))


_templates.filters["rich"] = _rich


def version(table: Table) -> str:
    """A table's version as the pages know it: changes with every action (seq, decision), a lobby's seats,
    the status and a take-back request's votes. Public data only: the same hint goes to every page of the table."""
    asked = table.undo_request or {}
    mark = (f"{table.id}:{table.seq}:{table.decision_id}:{table.status}:{','.join(table.players)}:"
            f"{asked.get('asker')}:{len(asked.get('votes', []))}")
    return hashlib.sha1(mark.encode()).hexdigest()[:16]


def pick_lang(asked: str | None, table_lang: str) -> str:
    return asked if asked in LANGUAGES else table_lang


def player_names(table: Table, known: Mapping[str, str], lang: str) -> dict[str, str]:
    """How each player is called on the page: their display name where known, a bot seat by its id, else
    "Player N"."""
    return {p: known.get(p) or (p if bots.is_bot(p) else t("web.player", lang, n=i + 1))
            for i, p in enumerate(table.players)}


def render(template: str, **context: Any) -> str:
    return _templates.get_template(template).render(**context)


def _base(table: Table, lang: str, here: str) -> dict[str, Any]:
    game = games.get(table.game)
    return {"lang": lang, "t": lambda key, **kw: t(key, lang, **kw), "table": table, "here": here,
            "title": t("bot.table.title", lang, game=t(f"bot.game.{game.id}", lang), id=table.id),
            "other_langs": [x for x in LANGUAGES if x != lang]}


@dataclass
class Seat:
    """What a seat's own page adds: its controls (web/choices.py), its session's CSRF token for their forms,
    whether the game waits for it; the seq of its move it may ask to take back, a take-back request open
    (table.undo_request) and whether it is this seat's to decide; whether a rematch may be asked."""

    controls: Controls
    csrf: str
    awaited: bool
    undo: int | None = None
    request: dict | None = None
    decides: bool = False
    rematch: bool = False
    picks: dict[tuple[str, str], Pick] = field(default_factory=dict)  # what may be picked on the board
    step: Step = Step()  # where it stands in a menu, for the board


def part(table: Table, view: dict | None, lang: str, names: dict[str, str], *, viewer: str | None,
         path: str, seat: Seat | None = None, watch_only: bool = False) -> str:
    """The live part of a table's page (what the page fetches again on each change): status, whom the
    game waits for, the board, the latest events; a seat's own page adds its controls (`seat`) and its hand
    read in full where the game reads it. `view` is rules.view(state, viewer) (None for a lobby or a broken table);
    `watch_only`: a table no page can play on (the console's web table) says so."""
    game = games.get(table.game)
    presenter = game.presenter()
    waiting = (table.waiting or []) if table.status == "active" else []
    status = presenter.status(view, lang, names) if view is not None else ""
    log = (view or {}).get("log") or []
    first = max(0, len(log) - EVENTS_SHOWN)
    events = [(first + i + 1, presenter.describe_event(e, view, lang, names))
              for i, e in enumerate(log[first:])] if view else []
    act = f"/t/{table.id}/me/act?lang={lang}"
    play = Play(act, seat.csrf, table.decision_id or 0, table.seq, seat.picks,
                [item for shown in seat.controls.shown if shown.kind == "buttons" for item in shown.items],
                seat.step, _back(table, lang, seat.step.before), stepped=bool(seat.controls.trail)) \
        if seat is not None and seat.controls.shown else None
    in_panels = bool(game.web_panels and game.web_panels().shows_hand)
    hand = game.hand_texts().hand_texts(view, lang) if view and viewer and game.hand_texts and not in_panels else []
    svg = Markup(game.web_map().svg_map(view, lang, play)) if view and game.web_map else None
    cards = game.web_cards().card_texts(view, lang) if view and game.web_cards else []
    panels = Markup(game.web_panels().panels(view, lang, play)) if view and game.web_panels else None
    return render("part.html", **_base(table, lang, path), version=version(table), view=view, viewer=viewer,
                  players=[(names[p], p in waiting, p == viewer) for p in table.players],
                  waiting=[names[p] for p in table.players if p in waiting], status=status,
                  events=list(reversed(events)), hand=hand, svg=svg, cards=cards, panels=panels, seat=seat,
                  asker=names.get(seat.request["asker"], "") if seat and seat.request else "",
                  act=act, watch_only=watch_only,
                  board=f"{path}/board.png?v={version(table)}&lang={lang}" if view and game.board else None)


def _back(table: Table, lang: str, before: str) -> str:
    """The seat's page at the step before (the top, from a first step), "" at the top."""
    if not before:
        return ""
    step = f"&step={before}&v={table.decision_id}" if "." in before else ""
    return f"/t/{table.id}/me?lang={lang}{step}"


def page(table: Table, inner: str, lang: str, *, path: str, viewer: str | None, csrf: str | None,
         query: str = "", yours: bool = False, follows: bool | None = None) -> str:
    """A whole table page around its live part `inner` (pushes at `/t/<id>/live` tell it when to fetch
    `path`/part again, with `query`: a step of its controls); its tab's title says when it is `yours` to
    play; `follows`: whether the signed-in person follows the table by DM (None: no follow button)."""
    base = _base(table, lang, path)
    return render("table.html", **base, inner=Markup(inner), version=version(table), viewer=viewer, csrf=csrf,
                  query=query, follows=follows, tab=f"{t('web.your_turn', lang)} · {base['title']}" if yours else base["title"])


def log_page(table: Table, view: dict, lang: str, names: dict[str, str], number: int | None, search: str = "") -> str:
    """Page `number` (1 = the oldest; None: the latest) of every event of the view's log, or of those whose
    text holds `search` (case ignored: "turn 3", a region, a name), each numbered as in the whole log."""
    presenter = games.get(table.game).presenter()
    lines = [(n, presenter.describe_event(e, view, lang, names)) for n, e in enumerate(view.get("log") or [], 1)]
    if search:
        lines = [(n, line) for n, line in lines if search.casefold() in line.casefold()]
    pages = max(1, -(-len(lines) // LOG_PAGE))
    shown = pages if number is None else min(max(number, 1), pages)
    return render("log.html", **_base(table, lang, f"/t/{table.id}"), shown=shown, pages=pages, search=search,
                  lines=lines[(shown - 1) * LOG_PAGE:shown * LOG_PAGE])


def replay_page(frame: Frame, lang: str, names: dict[str, str]) -> str:
    """A finished game at one step (table/replay.py's frame: the public view replayed to it) with links to
    step through it, as the Discord replay's buttons do (bot/replay.py)."""
    table, step = frame.table, frame.step
    presenter = games.get(table.game).presenter()
    # Characters every font has: the first and last steps are « and » (⏮ and ⏭ show as boxes in many).
    targets = (("«", 0), ("−10", step - 10), ("◀", step - 1), ("▶", step + 1), ("+10", step + 10), ("»", frame.steps))
    moves = [(label, max(0, min(frame.steps, target))) for label, target in targets]
    base = _base(table, lang, f"/t/{table.id}/replay")
    base["title"] = t("bot_table.replay.title", lang, game=t(f"bot.game.{table.game}", lang), id=table.id)
    board = f"/t/{table.id}/replay.png?step={frame.step}&lang={lang}" if games.get(table.game).board else None
    return render("replay.html", **base, step=frame.step, steps=frame.steps, moves=moves, board=board,
                  status=presenter.status(frame.view, lang, names),
                  events=[presenter.describe_event(e, frame.view, lang, names) for e in frame.events])


def message(lang: str, title_key: str, text_key: str, *, link: str | None = None, link_key: str = "",
            **params: Any) -> str:
    """A page saying one thing: an error, a refusal."""
    return render("message.html", lang=lang, t=lambda key, **kw: t(key, lang, **kw), title=t(title_key, lang),
                  text=t(text_key, lang, **params), link=link, link_text=t(link_key, lang) if link_key else "")


def said(lang: str, text: str, *, link: str, link_key: str) -> str:
    """A page saying `text` (already in `lang`), with a link onwards."""
    return render("message.html", lang=lang, t=lambda key, **kw: t(key, lang, **kw), title=t("web.error.title", lang),
                  text=text, link=link, link_text=t(link_key, lang))


def landing(lang: str, action: str, csrf: str, table_id: int) -> str:
    """The page a one-time link opens: a button that spends it (a POST)."""
    return render("landing.html", lang=lang, t=lambda key, **kw: t(key, lang, **kw), action=action, csrf=csrf,
                  table_id=table_id, title=t("web.landing.title", lang))
