"""Message payloads built from views: the public table for channels, a player's private table for DMs.

Public payloads are built only from the public view (viewer None); private ones only from the view of
the player who will read them. These functions do engine work: the bot calls them in a worker thread,
never on the event loop. Boards (drawn in child processes, urgent ones first) are awaited on the loop.
A board is drawn once per distinct view: the same view drawn again (a second viewer who sees the same,
the same table shown twice) comes from a small cache.
"""
from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

import games
from bot.components import (
    BotSeatSelect,
    FollowButton,
    FormButton,
    MyViewButton,
    RematchButton,
    ReplayButton,
    SwitchSelect,
    single_button_view,
    table_buttons,
)
from bot.limits import clip
from games.protocols import Presenter
from i18n import t
from present import describe_events
from table import bots, undo
from table.models import Table

log = logging.getLogger(__name__)

EMBED_TEXT = 4000  # below Discord's 4096 for a description
FIELD_TEXT = 1000  # below Discord's 1024 for a field
COLOUR = 0x8B6914
ALT_TEXT = 1024  # Discord's limit for an attachment's description
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def mention(player: str) -> str:
    """A person as a Discord mention; a bot seat (table/bots.py) by its id, marked as a computer."""
    if bots.is_bot(player):
        return f"🤖 {player}"
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



def picture(png: bytes, name: str, alt: str) -> discord.File:
    """A picture to send, with its description (the alt text screen readers say), within Discord's limit."""
    return discord.File(io.BytesIO(png), filename=name, description=clip(alt, ALT_TEXT))


def plain(text: str) -> str:
    """Message text as a sentence to be read aloud: no markdown marks, lines joined."""
    text = re.sub(r"[*_`~|]{1,3}", "", text)
    return re.sub(r"\s*\n+\s*", ". ", text).strip()


def board_alt(table: Table, view: dict, lang: str, names: dict[str, str] | None, *, private: bool,
              full: bool = False) -> str:
    """What a board picture shows, in a sentence or two of the reader's language: the game and its state
    as the presenter says it (from the same view as the picture), players by their names; then what the
    picture leaves out where a game's drawing says so (War of the Ring's "+N" chips: `alt_notes`; `full`:
    the whole map's picture)."""
    game = games.get(table.game)
    status = game.presenter().status(view, lang, names=names or {p: t("bot.alt.a_player", lang) for p in table.players})
    key = "bot.alt.private" if private else "bot.alt.public"
    notes = getattr(game.board(), "alt_notes", None) if game.board else None
    more = notes(view, lang, full) if notes else ""
    return " ".join(x for x in (t(key, lang, game=t(f"bot.game.{table.game}", lang), status=plain(status)), more) if x)


def _attach(embed: discord.Embed, payload: dict, png: bytes | None, name: str, alt: str) -> None:
    if png is not None:
        embed.set_image(url=f"attachment://{name}")
        payload["file"] = picture(png, name, alt)


def without_board(payload: dict[str, Any]) -> dict[str, Any]:
    """The same private table without its picture (the reader already has this very board)."""
    out = dict(payload)
    out.pop("file", None)
    embed = out["embed"].copy()
    embed.set_image(url=None)
    out["embed"] = embed
    return out


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
    out: list[str] = []
    run: list[dict] = []                  # the game's events since the last undo, read together
    for e in [*events, None]:
        if e is None or e.get("type") == undo.UNDONE:
            out += describe_events(presenter, run, view, lang, names)
            run = []
            if e is not None:
                out.append(t("bot_table.undo.event", lang, player=names.get(str(e.get("player")), "?")))
        else:
            run.append(e)
    return out


def public_table(table: Table, view: dict | None, events: list[dict], lang: str,
                 *, waiting: Sequence[str] = (), header: str = "", board: bytes | None = None,
                 names: dict[str, str] | None = None) -> dict[str, Any]:
    """The channel message: board, whose turn, what just happened, and the "my view" button.

    `view` must be the public view (viewer None), `board` its drawing; `waiting` the players the game
    waits for; `names`, the players' names as the picture and its alt text say them."""
    game_name = t(f"bot.game.{table.game}", lang)
    embed = discord.Embed(title=t("bot.table.title", lang, game=game_name, id=table.id), colour=COLOUR)
    payload: dict[str, Any] = {"allowed_mentions": MENTIONS}
    lines = [players_line(table, lang)]
    if table.status == "lobby":
        lines.append(t("bot.lobby.waiting", lang, count=len(table.players)))
        embed.description = "\n".join(lines)
        payload["embed"] = embed
        payload["content"] = header or None
        game = games.get(table.game)
        # The creator may seat a bot while a seat is free, or take one out again.
        choices = [(level, t("bot.lobby.add_level", lang, level=t(f"bot.bot_level.{level}", lang)))
                   for level in bots.levels(table.game) if len(table.players) < game.seats[1]]
        choices += [(bots.REMOVE, t("bot.lobby.remove_bot", lang))] if any(map(bots.is_bot, table.players)) else []
        lobby_items: list[discord.ui.Item] = []
        if choices:
            lobby_items.append(BotSeatSelect(table.id, t("bot.lobby.add_bot", lang), choices))
        if game.player_form is not None:  # each seated player may bring options of their own (a deck)
            lobby_items.append(FormButton(table.id, table.game, game.player_form().form_text("button", lang)))
        for name in game.player_switches:  # and turn some on or off for themselves
            key = f"bot_{game.namespace}.switch.{name}"
            lobby_items.append(SwitchSelect(table.id, name, t(key, lang), [
                (v, t(f"{key}.{v}.label", lang), t(f"{key}.{v}", lang)) for v in ("on", "off")]))
        if lobby_items:
            payload["view"] = discord.ui.View(timeout=None)
            for item in lobby_items:
                payload["view"].add_item(item)
        return payload
    if view is not None:
        presenter = games.get(table.game).presenter()
        lines.append(status_text(presenter, table, view, lang))
        if events:
            embed.add_field(name=t("bot.table.news", lang),
                            value=_clip_lines(event_lines(table, events, view, lang), FIELD_TEXT) or "-",
                            inline=False)
        _attach(embed, payload, board, "board.png", board_alt(table, view, lang, names, private=False))
    if table.status != "active":
        waiting = []
        lines.append(t(f"bot.status.{table.status}", lang))
    embed.description = _clip_lines(lines, EMBED_TEXT)
    payload["embed"] = embed
    ping = t("bot.table.waiting_for", lang, players=", ".join(mention(p) for p in waiting)) if waiting else ""
    payload["content"] = "\n".join(x for x in (header, ping) if x) or None
    if table.status == "active":
        payload["view"] = single_button_view(MyViewButton(table.id, t("bot.button.my_view", lang)),
                                             *table_buttons(table.id, table.game, lang, private=False),
                                             FollowButton(table.id, t("bot_table.button.follow", lang)))
    elif table.status in ("over", "abandoned") and table.seed is not None:   # a game was played
        rematch = [RematchButton(table.id, t("bot_table.button.rematch", lang))] if table.status == "over" else []
        payload["view"] = single_button_view(*rematch, ReplayButton(table.id, 0, "s", t("bot_table.button.replay", lang)))
    return payload


def private_table(table: Table, player: str, view: dict, lang: str, *, note: str = "",
                  board: bytes | None = None, since: list[dict] | None = None,
                  names: dict[str, str] | None = None) -> dict[str, Any]:
    """A player's own table (DM or ephemeral): their board (`board`, drawn from that same view) and the
    status as they see it. `view` must be that player's view. `since`: the public events since the
    player's last move, recalled in a field (the newest kept when they do not all fit)."""
    presenter = games.get(table.game).presenter()
    game_name = t(f"bot.game.{table.game}", lang)
    embed = discord.Embed(title=t("bot.private.title", lang, game=game_name, id=table.id), colour=COLOUR)
    embed.description = _clip_lines([x for x in (note, status_text(presenter, table, view, lang)) if x], EMBED_TEXT)
    if since:
        embed.add_field(name=t("bot.private.since", lang),
                        value=_clip_lines(event_lines(table, since, view, lang), FIELD_TEXT), inline=False)
    payload: dict[str, Any] = {"embed": embed}
    _attach(embed, payload, board, "my_board.png", board_alt(table, view, lang, names, private=True))
    buttons = table_buttons(table.id, table.game, lang, private=True)  # Full map, Read my cards
    if buttons:
        payload["view"] = single_button_view(*buttons)
    return payload
