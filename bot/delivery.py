"""What is sent to Discord after a change: the public board in the channel (edited in place), each
player's own board and controls by DM, the spectators' copies. It subscribes to the action core's bus
(table/bus.py); the clicks that made the changes are routed in bot/routing.py.

Requests count (Discord's global limit, bot/budget.py), so each change sends what it must and no more
(`publish`), and engine work and drawing run off the event loop (worker threads, bot/drawing.py).
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

import games
from bot import components, drawing, messages, undo
from bot.answers import reply
from bot.components import UndoAskButton, controls_views, single_button_view
from bot.controls import controls_for
from bot.drawing import digest
from bot.live_messages import LiveDM, LiveMessages
from bot.names import DisplayNames
from bot.retry import with_retries
from i18n import t
from table import bots
from table.bus import Change
from table.errors import TableError
from table.models import Table
from table.play import still_to_accept

if TYPE_CHECKING:
    from bot.client import GameMasterBot
    from table.service import TableService

log = logging.getLogger(__name__)

STEPS_KEPT = 10_000  # step messages remembered (the oldest forgotten first)
CHAIN_KEPT = 200  # public events kept for a table's board since the last person's move (a field shows the newest)
INTERACTION_EDITABLE = 14 * 60.0  # Discord lets an interaction edit its messages for 15 minutes


@dataclass
class FromDiscord:
    """A change's Discord origin (table/bus.py's `origin`): the interaction it answers; `chose_from`, for a
    click on a player's controls, the view those controls were built from (their "done" line reads it).
    Without it, the interaction is a command answered by the public board."""

    interaction: discord.Interaction
    chose_from: dict | None = None


class Delivery:
    """Shows each change of a table: the public board in the channel, every player's own board and
    controls by DM."""

    def __init__(self, bot: GameMasterBot):
        self.bot = bot
        self.live = LiveMessages()  # the messages showing each table: its live board, players' live DMs
        self._dm_channels: dict[str, int] = {}  # player -> their DM channel's id (dm_channel)
        # Boards of idle players are drawn after the urgent ones (drawing.Boards), one at a time for the
        # whole bot: a refresh reads its view when its turn comes, so asks made while it waits coalesce.
        self._idle_turn = asyncio.Lock()
        self.boards = drawing.Boards(processes=bot.settings.draw_processes)
        self.names = DisplayNames(bot.get_user)  # the players' names drawn on the boards
        # A step message (a sub-menu sent privately) -> the click on the player's DM it came from, and when:
        # the final click's answer edits that DM through the first click's interaction (outside the
        # global limit) instead of a DM edit.
        self._steps: OrderedDict[int, tuple[discord.Interaction, float]] = OrderedDict()
        # player -> their latest click in their DM: for 14 minutes its interaction may post in that DM (a
        # followup, outside the global limit), so the next decision's DM costs no request.
        self._reach: OrderedDict[str, discord.Interaction] = OrderedDict()
        self.clock = time.monotonic  # the harness gives its own (tests/bot/harness.py)
        self._chains: dict[int, list[dict]] = {}  # table -> public events since the last person's move
        self._shown: dict[tuple[int, str], int] = {}  # (table, player) -> the seq their last board showed
        self.asked: dict[int, undo.Asked] = {}  # table -> its take-back request asked in the channel (bot/undo.py)

    @property
    def service(self) -> TableService:
        return self.bot.service

    async def on_change(self, change: Change) -> None:
        """The bus's change (table/bus.py) shown in Discord: a move, a take-back or a start to the players
        and the channel; a lobby's change or a claimed game on the public board only; an abandoned or
        cleared table to its spectators (the command that ended it answers in the channel). A Discord
        origin says which click or command it answers."""
        origin = change.origin if isinstance(change.origin, FromDiscord) else None
        table = change.table
        await undo.close_asked(self.bot, change)
        if origin is not None and origin.chose_from is not None:  # a click on controls
            if origin.interaction.guild_id is None:  # a click in their DM: it may post their next DM
                self._reach[str(origin.interaction.user.id)] = origin.interaction
                self._reach.move_to_end(str(origin.interaction.user.id))
            presenter = games.get(table.game).presenter()
            done = t("bot.private.done", table.lang, action=", ".join(
                presenter.describe_action(a, origin.chose_from, table.lang) for a in change.actions))
            await self.publish(table, change.events, previous_decision=change.previous_decision, actor=change.actor,
                               header=change.header, clicked=(origin.interaction, done))
            return
        interaction = origin.interaction if origin is not None else None
        if change.kind == "request":  # asked in Discord, bot/undo.py told the channel; on another front-end, here
            request = table.undo_request
            asked_elsewhere = change.origin is not None and origin is None
            if asked_elsewhere and request is not None and request["votes"] == [change.actor]:
                await undo.ask_in_channel(self.bot, table, request["asker"], still_to_accept(table, request))
            return
        if change.kind == "end":  # the command that ended it answered; who followed it is told
            await self.bot.spectators.update(table, change.events)
        elif change.kind in ("lobby", "claim"):
            await self.post_public(table, change.events, header=change.header, interaction=interaction)
            if change.kind == "claim":
                await self.bot.spectators.update(table, change.events, change.header)
        else:
            await self.publish(table, change.events, previous_decision=change.previous_decision, actor=change.actor,
                               header=change.header, interaction=interaction)

    def _chain(self, table: Table, events: list[dict], actor: str | None) -> list[dict]:
        """What the channel's board says just happened: the public events since the last person's move,
        a bot seat's moves after it added on, so a chain of bot moves does not leave only its last."""
        chain = [*self._chains.get(table.id, []), *events] if actor is not None and bots.is_bot(actor) else list(events)
        if table.status == "active":
            self._chains[table.id] = chain[-CHAIN_KEPT:]
        else:
            self._chains.pop(table.id, None)
        return chain[-CHAIN_KEPT:]

    async def _since(self, table: Table, player: str) -> list[dict] | None:
        """For a game played over days (`catch_up`): every public event the player has not been shown,
        the consequences of their own move included; None for the other games."""
        if not games.get(table.game).catch_up:
            return None
        return await self.service.events_since(table, self._shown.get((table.id, player)), player)

    def _seen(self, table: Table, player: str) -> None:
        """The player was just shown the table as it is now."""
        self._shown[(table.id, player)] = table.seq

    def remember_step(self, step_id: int, interaction: discord.Interaction) -> None:
        """A step message sent in answer to `interaction`: its answer may update the DM that click was on."""
        root = self._root_of(interaction)
        if root is not None:
            self._steps[step_id] = (root, self.clock())
            while len(self._steps) > STEPS_KEPT:
                self._steps.popitem(last=False)

    async def publish(self, table: Table, events: list[dict], *, previous_decision: int | None,
                      header: str = "", interaction: discord.Interaction | None = None,
                      actor: str | None = None, clicked: tuple[discord.Interaction, str] | None = None) -> None:
        """After a change: private controls to whoever must now decide and the public table; then the
        stale DMs of players with nothing to do.

        Requests count (Discord's global limit, bot/budget.py), so each change sends what it must and no
        more: the clicker's own DM is updated by the answer to their click (`clicked`: the interaction
        and the "done" line; an interaction's answer is outside the global limit), into their new board
        with their next controls if they must act again; a new decision goes to every other player it
        waits for by a new DM (which notifies them); the public table is edited in place. The boards of
        the other players with nothing to do are refreshed lazily: they get their board when the game
        next waits for them (or on "My view"); only a DM left with controls of an answered decision is
        edited now, and everyone's at the end of the game while the request budget has room."""
        def recipients() -> tuple[list[str], list[str]]:  # engine work: off the loop
            if table.state is None or table.status in ("lobby", "broken"):
                return [], []
            if table.status != "active":  # the end: everyone's last board
                return [], list(table.players)
            waiting = self.service.waiting_for(table.channel_id)
            if table.decision_id != previous_decision:
                new = waiting
            else:
                new = [actor] if actor and self.service.legal_actions(table.channel_id, actor) else []
            return new, [p for p in table.players if p not in waiting and p not in new]

        events = self._chain(table, events, actor)
        # The public table is built (and drawn) while the private ones are: all at once.
        public = asyncio.create_task(self.public_payload(table, events, header))
        players, idle = await asyncio.to_thread(recipients)
        players = [p for p in players if not bots.is_bot(p)]  # a bot seat plays its own turn (table/core.py)
        root = self._root_of(clicked[0]) if clicked is not None else None
        own = actor if root is not None else None
        if clicked is not None and root is not clicked[0]:  # a step message: it loses its controls
            await clicked[0].edit_original_response(content=clicked[1], view=self._take_back(table, actor))
        others = [p for p in players if p != own]
        jobs = [self.send_private(table, player) for player in others]
        if clicked is not None and root is not None and own in players:  # they act again: needed now
            jobs.append(self.show_clicker(table, own, root, clicked[1], acts=True))
        sent = await asyncio.gather(*jobs)
        payload = await public
        closed = [player for player, ok in zip(others, sent) if ok is False]
        failed = [player for player, ok in zip(others, sent) if ok is None]
        if closed or failed:  # they got no DM: the channel tells them, in the new message or a short ping
            note = "\n".join(t(key, table.lang, players=", ".join(messages.mention(p) for p in who))
                             for key, who in (("bot.dm.closed_public", closed), ("bot.dm.failed_public", failed))
                             if who)
            if interaction is not None or header:
                payload["content"] = "\n".join(x for x in (payload.get("content"), note) if x)
            else:
                await self._ping(table, note)
        await self.post_public(table, events, header=header, interaction=interaction, payload=payload)
        if clicked is not None and root is not None and own is not None and own not in players:
            await self.show_clicker(table, own, root, clicked[1], acts=False)  # after what the game needs
        await self.bot.spectators.update(table, events, header)
        ended = table.status != "active"
        stale = [p for p in idle if p != own and (
            p == actor or self.live.has_controls((table.id, p))
            or (ended and self.bot.budget.spare()))]
        await asyncio.gather(*(self.refresh_private(table, player) for player in stale))
        if ended:
            self.live.forget_dms(table.id, table.players)
            for player in table.players:
                self._shown.pop((table.id, player), None)

    def _take_back(self, table: Table, player: str | None) -> discord.ui.View | None:
        """"Take back" for the move `player` just made, when it showed nothing hidden (bot/undo.py)."""
        if player is None or self.service.undoable(table.channel_id, player) != table.seq:
            return None
        return single_button_view(UndoAskButton(table.id, table.seq, t("bot_table.undo.ask", table.lang)))

    def _root_of(self, interaction: discord.Interaction) -> discord.Interaction | None:
        """The click on the player's own DM message this click answers: itself, or the click a step
        message came from (while its interaction may still edit that message); None otherwise."""
        if _in_dm(interaction):
            return interaction
        step = self._steps.get(interaction.message.id) if interaction.message is not None else None
        if step is None or self.clock() - step[1] > INTERACTION_EDITABLE:
            return None
        return step[0]

    async def _ping(self, table: Table, text: str) -> None:
        """A short message in the table's channel (it notifies whom it mentions; no picture)."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.send(text, allowed_mentions=messages.MENTIONS)
        except discord.HTTPException:
            log.warning("could not ping in channel %s", table.channel_id, exc_info=True)

    async def board(self, table: Table, view: dict | None, seen: str | None, *, urgent: bool = True) -> bytes | None:
        """The picture of `view` (digest `seen`), its players named as the embeds name them (bot/names.py);
        a table's boards are drawn one at a time in the process that drew its last (`group`)."""
        if view is None:
            return None
        names = self.names.of(table.players)
        return await self.boards.png(table.game, {**view, "names": names}, table.lang,
                                     f"{seen or digest(view)}:{digest(names)}", urgent=urgent,
                                     group=table.id)

    async def public_payload(self, table: Table, events: list[dict], header: str = "") -> dict:
        # A lobby, a broken table or a lobby closed before starting has no game state to show.
        playing = table.state is not None and table.status not in ("lobby", "broken")

        def read():  # the view (engine work): off the loop
            view = self.service.view(table.channel_id, None) if playing else None
            return view, self.service.waiting_for(table.channel_id), None if view is None else digest(view)

        view, waiting, seen = await asyncio.to_thread(read)
        board = await self.board(table, view, seen)

        def build():  # the texts: off the loop too
            payload = messages.public_table(table, view, events, table.lang, waiting=waiting, header=header,
                                            board=board, names=self.names.of(table.players))
            picture = hashlib.sha1(board).hexdigest() if board is not None and "file" in payload else None
            return payload | {"_waiting": frozenset(waiting), "_picture": picture}

        return await asyncio.to_thread(build)

    async def post_public(self, table: Table, events: list[dict], *, header: str = "",
                          interaction: discord.Interaction | None = None, payload: dict | None = None,
                          news: bool = False) -> None:
        """The public table in the channel: as the interaction's answer when one is given (a command:
        a new message), else by editing the table's live message in place (an edit pings nobody: the
        players the game now waits for got a DM), unless the game ended or there is news (`header`,
        `news`): then a new message. Edits of one table are coalesced: an edit still waiting for the one
        under way is dropped when a newer board of that table comes, which replaces it."""
        payload = dict(payload or await self.public_payload(table, events, header))
        waiting, picture = payload.pop("_waiting"), payload.pop("_picture")
        editable = interaction is None and not header and not news and table.status == "active"
        turn = self.live.ask_public(table.id)
        async with self.live.publishing(table.id):
            if editable and self.live.superseded(table.id, turn):
                return  # a newer board of this table is on its way: it replaces this one
            live = self.live.boards.get(table.id) or await self._stored_live(table.id)
            try:
                message = await self._show_public(table, payload, picture, live if editable else None, interaction)
            except discord.HTTPException:  # Discord failed us past the retries: the next change shows it
                log.warning("could not show the board of table %s", table.id, exc_info=True)
                return
            if message is None:  # edited in place
                return
            self.live.boards[table.id] = (message.id, waiting)
            self.live.pictures[table.id] = picture
            try:
                await self.bot.records.save_live_board(table.id, message.id, sorted(waiting))
            except TableError:  # the board is posted; a restart would post a new one, nothing worse
                log.warning("could not store the live board of table %s", table.id)

    async def _show_public(self, table: Table, payload: dict, picture: str | None,
                           live: tuple[int, frozenset[str]] | None, interaction: discord.Interaction | None
                           ) -> discord.Message | discord.WebhookMessage | None:
        """The public board as the command's answer, as an edit of the live message `live` (None
        returned), or as a new message; a server error is tried again (bot/retry.py)."""
        files = [payload["file"]] if "file" in payload else []
        if interaction is not None:  # its "thinking" edited into the board (bot/answers.py)
            answer = await with_retries(lambda: reply(interaction, ephemeral=False, **payload), self.bot.budget.sleep,
                                        files)
            return answer or await interaction.original_response()
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if live is not None:
            edit = _as_edit(payload)
            if picture is not None and self.live.pictures.get(table.id) == picture:
                del edit["attachments"]  # the same picture: the one on the message stays
            try:
                await with_retries(lambda: channel.get_partial_message(live[0]).edit(**edit), self.bot.budget.sleep,
                                   edit.get("attachments") or [])
                self.live.pictures[table.id] = picture
                return None
            except discord.NotFound:  # deleted by someone: post it again
                for file in files:
                    file.reset()
        return await with_retries(lambda: channel.send(**payload), self.bot.budget.sleep, files)

    async def _stored_live(self, table_id: int) -> tuple[int, frozenset[str]] | None:
        """The live board saved before a restart (or by the process that served the table before)."""
        try:
            stored = await self.bot.records.live_board(table_id)
        except TableError:
            return None
        return None if stored is None else (stored[0], frozenset(stored[1]))

    async def send_private(self, table: Table, player: str, *,
                           interaction: discord.Interaction | None = None) -> bool | None:
        """The player's own board and controls, by a new DM (which becomes their live DM), or as
        ephemeral followups of `interaction`. False when the DM could not be delivered (DMs closed),
        None when Discord failed past the retries (bot/retry.py)."""
        # A game played over days recalls what happened since the reader's last move (a store read).
        since = await self._since(table, player)

        def read():  # off the loop: the player's view and controls (engine work)
            view, controls = controls_for(self.service, table, player)
            return view, controls, digest(view)

        view, controls, seen_view = await asyncio.to_thread(read)
        board = await self.board(table, view, seen_view)
        payload = await asyncio.to_thread(messages.private_table, table, player, view, table.lang, board=board,
                                          since=since, names=self.names.of(table.players))
        views = controls_views(table.id, table.decision_id or 0, controls,
                               extra=components.table_buttons(table.id, table.game, table.lang, private=True))
        if views:
            payload["view"] = views[0]
        try:
            if interaction is not None:
                await reply(interaction, **payload)
                for extra in views[1:]:
                    await interaction.followup.send(view=extra, ephemeral=True)
                self._seen(table, player)
                return True
            key = (table.id, player)
            async with self.live.dm_lock(key):
                live = self.live.dms.get(key)
                board_digest = hashlib.sha1(board).hexdigest() if board is not None else None
                if board_digest is not None and live is not None and live.seen == board_digest:
                    payload = messages.without_board(payload)  # the player has this very board already
                message, editor = await self._send_dm(player, payload, views[1:])
                self.live.dms[key] = LiveDM(message.channel.id, message.id, seen_view,
                                        board_digest if "file" in payload else None,
                                        board_digest or (live.seen if live else None), bool(views), editor,
                                        followup=editor is not None)
            self._seen(table, player)
            return True
        except discord.Forbidden:
            log.info("cannot DM player %s", player)
            return False
        except (discord.HTTPException, ValueError):
            log.exception("sending the private table to %s failed", player)
            return None

    async def show_clicker(self, table: Table, player: str, interaction: discord.Interaction, done: str, *,
                           acts: bool) -> bool | None:
        """The answer to a click on the player's DM: that message edited into their board now, with the
        "done" line, and their next controls if they must act again (`acts`; otherwise it is sent after
        the public board, its drawing after the urgent ones), so the clicker's update costs no request
        of the global limit. It becomes their live DM. Controls that need more than one
        message go by a new DM as usual (as `send_private` says)."""
        clicked = interaction.message
        if clicked is None:  # a click comes with its message; without one, nothing to edit: a new DM
            return await self.send_private(table, player)
        key = (table.id, player)
        before = self.live.dms.get(key)  # a newer DM sent while this answer is built is the live one after it
        since = await self._since(table, player)

        def read():  # off the loop: the player's view and controls (engine work)
            view, controls = controls_for(self.service, table, player) if acts else (self.service.view(table.channel_id, player), [])
            return view, controls, digest(view)

        view, controls, seen_view = await asyncio.to_thread(read)
        views = controls_views(table.id, table.decision_id or 0, controls) if controls else []
        board = await self.board(table, view, seen_view, urgent=acts)
        payload = await asyncio.to_thread(messages.private_table, table, player, view, table.lang, board=board,
                                          since=since, names=self.names.of(table.players))
        live = self.live.dms.get(key)
        board_digest = hashlib.sha1(board).hexdigest() if board is not None else None
        edit = _as_edit(payload) | {"content": done}
        if len(views) == 1:
            edit["view"] = views[0]
        take_back = self._take_back(table, player)
        if take_back is not None and len(views) <= 1:  # under the move, beside its next controls if room
            edit["view"] = _joined(edit.get("view"), take_back)
        if live is not None and live.message_id == clicked.id and board_digest == live.attached:
            del edit["attachments"]  # the picture on the message is this board already
        await interaction.edit_original_response(**edit)
        self._seen(table, player)
        if self.live.dms.get(key) is not before:  # the game came back to them meanwhile: a new DM, their live one
            return True
        attached = board_digest if "attachments" in edit else live.attached if live is not None else None
        self.live.dms[key] = LiveDM(interaction.channel_id or 0, clicked.id, seen_view, attached,
                                    board_digest or (live.seen if live else None), len(views) == 1, interaction, True,
                                    followup=clicked.webhook_id is not None)
        if len(views) > 1:
            return await self.send_private(table, player)
        return True

    async def refresh_private(self, table: Table, player: str) -> None:
        """Edit the player's live DM in place into their current view (an edit pings nobody). Nothing
        when it shows that view already, or when the player has no live DM: a new DM comes only when
        they must act. Asked again while one runs, it runs once more after it, not once per ask."""
        await self.live.refresh((table.id, player), lambda: self._refresh_once(table, player))

    def _awaits(self, table: Table, player: str) -> bool:
        """Does the game wait for `player` now? Their live DM then carries their controls: a refresh (which
        has none) must not edit them away; they get their next board with their next controls."""
        return player in self.service.waiting_for(table.channel_id)

    async def _refresh_once(self, table: Table, player: str) -> None:
        key = (table.id, player)
        live = self.live.dms.get(key)
        if live is None or self._awaits(table, player):
            return
        since = await self._since(table, player)

        def read():  # off the loop
            view = self.service.view(table.channel_id, player)
            return view, digest(view)

        async with self._idle_turn:  # the view read when its turn comes: the latest, asks meanwhile coalesce
            view, seen_view = await asyncio.to_thread(read)
            if seen_view == live.view:  # no drawing when the view did not change
                return
            board = await self.board(table, view, seen_view, urgent=False)
        # Drawn after the urgent boards, so other things may have happened meanwhile: when the player
        # got a new DM (they must act) this one is no longer theirs to follow; when a newer refresh was
        # asked, its round shows the newer view, and this older one is not sent before it.
        if self.live.dms.get(key) is not live or self.live.refresh_asked(key):
            return
        payload = await asyncio.to_thread(messages.private_table, table, player, view, table.lang, board=board,
                                          since=since, names=self.names.of(table.players))
        if self.live.dms.get(key) is not live or self._awaits(table, player):
            return
        board_digest = hashlib.sha1(board).hexdigest() if board is not None else None
        if board_digest is not None and board_digest == live.attached:
            edit = {"embed": payload["embed"], "view": payload.get("view")}  # the attached picture stays
        else:
            edit = _as_edit(payload)
        try:
            await self._edit_dm(live, edit)
        except discord.NotFound:  # deleted by the player: the next DM will be a new one
            if self.live.dms.get(key) is live:
                del self.live.dms[key]
            return
        except discord.HTTPException:
            log.warning("could not refresh the DM of %s", player, exc_info=True)
            return
        live.view = seen_view
        live.controls = False
        self._seen(table, player)
        if "attachments" in edit:
            live.attached = board_digest
            live.seen = board_digest or live.seen

    async def _edit_dm(self, live: LiveDM, edit: dict) -> None:
        """Edit a live DM: through the player's interaction that owns it while it may (outside the global
        limit), else by a plain edit. A DM sent as a followup has no plain edit (only its interaction's
        token edits it, as Discord documents): past that, its update comes as a new plain DM, the live one
        from then on (`live` changed in place)."""
        editor = live.editor
        if editor is not None and self._usable(editor):
            try:
                if live.original:
                    await editor.edit_original_response(**edit)
                else:
                    await editor.followup.edit_message(live.message_id, **edit)
                return
            except discord.NotFound:  # deleted by the player
                raise
            except discord.HTTPException:
                log.info("editing a DM by its interaction failed; edited plainly", exc_info=True)
                for file in edit.get("attachments") or ():
                    file.reset()
        channel = self.bot.get_partial_messageable(live.channel_id, type=discord.ChannelType.private)
        if not live.followup:
            await channel.get_partial_message(live.message_id).edit(**edit)
            return
        again = {k: v for k, v in edit.items() if k != "attachments"}
        if "attachments" not in edit:  # the picture was to stay on the old message: none on the new one
            again = messages.without_board(again)
            live.attached = None
        message = await channel.send(files=edit.get("attachments") or [], **again)
        live.message_id, live.editor, live.original, live.followup = message.id, None, False, False

    def stamp(self, interaction: discord.Interaction) -> None:
        """When a click came: its interaction may post and edit for 15 minutes from then (`_usable`)."""
        interaction.extras["lotr_at"] = self.clock()

    def _usable(self, interaction: discord.Interaction) -> bool:
        return self.clock() - interaction.extras.get("lotr_at", float("-inf")) <= INTERACTION_EDITABLE

    def _reachable(self, player: str) -> discord.Interaction | None:
        """The player's latest DM click, if its interaction may still post."""
        while self._reach:  # forget the expired ones, oldest first
            oldest = next(iter(self._reach.values()))
            if self._usable(oldest):
                break
            self._reach.popitem(last=False)
        return self._reach.get(player)

    async def _send_dm(self, player: str, payload: dict, extras: list[discord.ui.View]
                       ) -> tuple[discord.Message | discord.WebhookMessage, discord.Interaction | None]:
        """A new DM to the player (it notifies them), and the interaction that sent it: a followup of their
        latest click in that DM while its interaction may post (outside Discord's global limit: a request
        saved), else a plain DM (None)."""
        reach = self._reachable(player)
        if reach is not None:
            try:
                followup = await reach.followup.send(**payload, wait=True)
                for extra in extras:
                    await reach.followup.send(view=extra)
                return followup, reach
            except discord.HTTPException:  # the interaction can no longer post: a plain DM then
                log.info("a followup to %s failed; sent as a DM", player, exc_info=True)
                self._reach.pop(player, None)
                if payload.get("file") is not None:
                    payload["file"].reset()
        channel = await with_retries(lambda: self.dm_channel(player), self.bot.budget.sleep)
        files = [payload["file"]] if payload.get("file") is not None else []
        message = await with_retries(lambda: channel.send(**payload), self.bot.budget.sleep, files)
        for extra in extras:
            await with_retries(functools.partial(channel.send, view=extra), self.bot.budget.sleep)
        return message, None

    async def dm_channel(self, player: str) -> discord.DMChannel | discord.PartialMessageable:
        """The player's DM channel. Opening one is a request (POST /users/@me/channels) and discord.py
        keeps only the latest 128 DM channels: past 128 players every DM would cost one more request,
        so the ids are kept here (a few bytes a player)."""
        known = self._dm_channels.get(player)
        if known is not None:
            return self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(int(player)))
        self._dm_channels[player] = channel.id
        return channel

    async def test_dm(self, player: str, lang: str, channel_name: str) -> bool:
        """Can we DM this player? Sends a short hello; False if their DMs are closed."""
        try:
            channel = await self.dm_channel(player)
            await channel.send(t("bot.dm.hello", lang, channel=channel_name))
            return True
        except (discord.Forbidden, ValueError):
            return False
        except discord.HTTPException:
            log.exception("testing the DM of %s failed", player)
            return False


def _in_dm(interaction: discord.Interaction) -> bool:
    """Was this click on a message of the bot's own in a DM (not a private step answer)?"""
    message = interaction.message
    return message is not None and interaction.guild_id is None and not message.flags.ephemeral


def _joined(view: discord.ui.View | None, extra: discord.ui.View) -> discord.ui.View:
    """`view` with the items of `extra` added where a row is free (else `view` as it was)."""
    if view is None:
        return extra
    try:
        for item in extra.children:
            item.row = None
            view.add_item(item)
    except ValueError:  # five full rows: the controls come first
        pass
    return view


def _as_edit(payload: dict) -> dict:
    """Arguments to edit a message into `payload` (its picture replaces the old one)."""
    out = {k: v for k, v in payload.items() if k != "file"}
    out["attachments"] = [payload["file"]] if "file" in payload else []
    out.setdefault("view", None)
    return out
