"""Message payloads built from views: the public table for channels, a player's private table for DMs.

Public payloads are built only from the public view (viewer None); private ones only from the view of
the player who will read them. Board drawings run in a worker thread (Pillow would block the loop).
"""
from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

import games
from bot.components import MyViewButton, single_button_view
from games.protocols import Presenter
from i18n import t
from table.models import Table

log = logging.getLogger(__name__)

EMBED_TEXT = 4000  # below Discord's 4096 for a description
FIELD_TEXT = 1000  # below Discord's 1024 for a field
COLOUR = 0x8B6914
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def mention(player: str) -> str:
    return f"<@{player}>" if player.isdigit() else player


def _clip_lines(lines: list[str], limit: int) -> str:
    """The last lines that fit in `limit` characters (the newest matter most)."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


async def board_file(game: str, view: dict, lang: str, name: str) -> discord.File | None:
    board = games.get(game).board
    if board is None:  # a game without a drawing is played in text
        return None
    try:  # a drawing bug must not stop a game: text only
        png = await asyncio.to_thread(board().draw_board, view, lang)
    except Exception:
        log.exception("drawing the %s board failed", game)
        return None
    return discord.File(io.BytesIO(png), filename=name)


def status_text(presenter: Presenter, table: Table, view: dict, lang: str) -> str:
    """The presenter's status line, naming players by their Discord mention."""
    return presenter.status(view, lang, names=_names(table))


def _names(table: Table) -> dict[str, str]:
    return {p: mention(p) for p in table.players}


def players_line(table: Table, lang: str) -> str:
    return t("bot.table.players", lang, players=", ".join(mention(p) for p in table.players) or "-")


def event_lines(table: Table, events: list[dict], view: dict, lang: str) -> list[str]:
    presenter = games.get(table.game).presenter()
    names = _names(table)
    return [presenter.describe_event(e, view, lang, names) for e in events]


async def public_table(table: Table, view: dict | None, events: list[dict], lang: str,
                       *, waiting: Sequence[str] = (), header: str = "") -> dict[str, Any]:
    """The channel message: board, whose turn, what just happened, and the "my view" button.

    `view` must be the public view (viewer None); `waiting` the players the game waits for."""
    game_name = t(f"bot.game.{table.game}", lang)
    embed = discord.Embed(title=t("bot.table.title", lang, game=game_name, id=table.id), colour=COLOUR)
    payload: dict[str, Any] = {"allowed_mentions": MENTIONS}
    lines = [players_line(table, lang)]
    if table.status == "lobby":
        lines.append(t("bot.lobby.waiting", lang, count=len(table.players)))
        embed.description = "\n".join(lines)
        payload["embed"] = embed
        payload["content"] = header or None
        return payload
    if view is not None:
        presenter = games.get(table.game).presenter()
        lines.append(status_text(presenter, table, view, lang))
        if events:
            embed.add_field(name=t("bot.table.news", lang),
                            value=_clip_lines(event_lines(table, events, view, lang), FIELD_TEXT) or "-",
                            inline=False)
        file = await board_file(table.game, view, lang, "board.png")
        if file is not None:
            embed.set_image(url="attachment://board.png")
            payload["file"] = file
    if table.status != "active":
        waiting = []
        lines.append(t(f"bot.status.{table.status}", lang))
    embed.description = _clip_lines(lines, EMBED_TEXT)
    payload["embed"] = embed
    ping = t("bot.table.waiting_for", lang, players=", ".join(mention(p) for p in waiting)) if waiting else ""
    payload["content"] = "\n".join(x for x in (header, ping) if x) or None
    if table.status == "active":
        payload["view"] = single_button_view(MyViewButton(table.id, t("bot.button.my_view", lang)))
    return payload


async def private_table(table: Table, player: str, view: dict, lang: str, *, note: str = "",
                        with_board: bool = True) -> dict[str, Any]:
    """A player's own table (DM or ephemeral): their board and the status as they see it.

    `view` must be that player's view."""
    presenter = games.get(table.game).presenter()
    game_name = t(f"bot.game.{table.game}", lang)
    embed = discord.Embed(title=t("bot.private.title", lang, game=game_name, id=table.id), colour=COLOUR)
    embed.description = _clip_lines([x for x in (note, status_text(presenter, table, view, lang)) if x], EMBED_TEXT)
    payload: dict[str, Any] = {"embed": embed}
    if with_board:
        file = await board_file(table.game, view, lang, "my_board.png")
        if file is not None:
            embed.set_image(url="attachment://my_board.png")
            payload["file"] = file
    return payload
