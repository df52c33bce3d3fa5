"""Playing through components: clicks become service calls, new states become messages.

Every click is checked the same way before anything changes: the table exists and is on, the clicker
is seated, the decision id in the custom id is the current one, and the clicked key is among the
clicker's controls rebuilt from the current legal actions. The service then checks again under its
lock (so of two simultaneous clicks exactly one is applied). Any refusal is a short ephemeral message.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

import games
from bot import messages
from bot.components import controls_views, submenu_view
from bot.controls import Control, find_button, find_menu
from engine import IllegalAction
from i18n import normalise_lang, t
from table.errors import TableError
from table.models import Table

if TYPE_CHECKING:
    from bot.client import GameMasterBot

log = logging.getLogger(__name__)


def user_lang(interaction: discord.Interaction) -> str:
    return normalise_lang(str(interaction.locale.value if interaction.locale else ""))


def refusal_text(exc: Exception, lang: str, game: str | None = None) -> str:
    """A refusal in `lang`; an engine's refusal reads in the words of `game` (the table's game)."""
    if isinstance(exc, TableError):
        return exc.text(lang)
    if isinstance(exc, IllegalAction) and game is not None:
        return games.get(game).refusal(exc, lang)
    return t("bot.refuse.failed", lang)


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **kw: Any) -> None:
    """Answer an interaction whether or not it was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, **kw)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, **kw)


class Play:
    def __init__(self, bot: GameMasterBot):
        self.bot = bot

    @property
    def service(self):
        return self.bot.service

    # ------------------------------------------------------------------ lookups

    def controls_for(self, table: Table, player: str) -> tuple[dict, list[Control]]:
        """The player's view and the controls of their legal actions (none if they have nothing to do)."""
        view = self.service.view(table.channel_id, player)
        legal = self.service.legal_actions(table.channel_id, player)
        if not legal:
            return view, []
        controls = games.get(table.game).controls
        if controls is None:
            return view, []
        return view, controls().controls(view, legal, table.lang)

    async def _checked(self, interaction: discord.Interaction, table_id: int,
                       decision: int | None) -> tuple[Table, str] | None:
        """The table and the clicking player if the click may go on; otherwise refuse and return None."""
        lang = user_lang(interaction)
        table = await self.service.table_by_id(table_id)  # read from the store on first use
        player = str(interaction.user.id)
        if table is None or table.status != "active":
            await reply(interaction, t("bot.refuse.no_game", lang))
            return None
        if player not in table.players:
            await reply(interaction, t("bot.refuse.not_seated", lang))
            return None
        if decision is not None and decision != table.decision_id:
            await reply(interaction, t("bot.refuse.stale", lang))
            return None
        return table, player

    # ------------------------------------------------------------------ component callbacks

    async def on_button(self, interaction: discord.Interaction, table_id: int, decision: int, key: str) -> None:
        checked = await self._checked(interaction, table_id, decision)
        if checked is None:
            return
        table, player = checked
        view, controls = self.controls_for(table, player)
        button = find_button(controls, key)
        if button is None:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))
            return
        await self.apply(interaction, table, player, button.action, decision, view)

    async def on_menu(self, interaction: discord.Interaction, table_id: int, decision: int, path: list[str],
                      values: list[str]) -> None:
        checked = await self._checked(interaction, table_id, decision)
        if checked is None:
            return
        table, player = checked
        view, controls = self.controls_for(table, player)
        menu = find_menu(controls, path)
        option = next((o for o in menu.options if [o.key] == values), None) if menu else None
        if option is None:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))
            return
        if option.action is not None:
            await self.apply(interaction, table, player, option.action, decision, view)
        elif option.submenu() is not None:  # one more step (e.g. the destination of the chosen piece)
            await interaction.response.send_message(
                option.label, view=submenu_view(table.id, decision, [*path, option.key], option.submenu()),
                ephemeral=True)
        else:
            await reply(interaction, t("bot.refuse.not_available", user_lang(interaction)))

    async def on_my_view(self, interaction: discord.Interaction, table_id: int) -> None:
        checked = await self._checked(interaction, table_id, None)
        if checked is None:
            return
        table, player = checked
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.send_private(table, player, interaction=interaction)

    async def on_claim(self, interaction: discord.Interaction, table_id: int) -> None:
        checked = await self._checked(interaction, table_id, None)
        if checked is None:
            return
        table, player = checked
        try:
            ended = await self.service.claim_timeout(table.channel_id, player)
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, user_lang(interaction)))
            return
        await interaction.response.defer()
        await self.post_public(ended, [], header=t("bot.timeout.claimed", ended.lang, player=messages.mention(player)))

    # ------------------------------------------------------------------ acting and publishing

    async def apply(self, interaction: discord.Interaction, table: Table, player: str, action: dict,
                    decision: int, view: dict) -> None:
        lang = user_lang(interaction)
        try:
            new, events = await self.service.act(table.channel_id, player, action, decision)
        except (TableError, IllegalAction) as exc:
            await reply(interaction, refusal_text(exc, lang, table.game))
            return
        presenter = games.get(table.game).presenter()
        done = t("bot.private.done", table.lang, action=presenter.describe_action(action, view, table.lang))
        # The clicked message loses its controls: they belong to a decision that is now answered.
        await interaction.response.edit_message(content=done, view=None)
        await self.publish(new, events, previous_decision=decision, actor=player)

    async def publish(self, table: Table, events: list[dict], *, previous_decision: int | None,
                      header: str = "", interaction: discord.Interaction | None = None,
                      actor: str | None = None) -> None:
        """After a change: private controls to whoever must now decide, then the public table.

        A new decision goes to every player it waits for. An action that leaves the decision as it was
        (a shuffle) only refreshes the actor, whose clicked controls were just removed."""
        closed: list[str] = []
        if table.status != "active":
            recipients: list[str] = []
        elif table.decision_id != previous_decision:
            recipients = self.service.waiting_for(table.channel_id)
        else:
            recipients = [actor] if actor and self.service.legal_actions(table.channel_id, actor) else []
        for player in recipients:
            if not await self.send_private(table, player):
                closed.append(player)
        if closed:
            note = t("bot.dm.closed_public", table.lang, players=", ".join(messages.mention(p) for p in closed))
            header = "\n".join(x for x in (header, note) if x)
        await self.post_public(table, events, header=header, interaction=interaction)

    async def post_public(self, table: Table, events: list[dict], *, header: str = "",
                          interaction: discord.Interaction | None = None) -> None:
        """The public table in the channel (as the interaction's answer when one is given)."""
        # A lobby, a broken table or a lobby closed before starting has no game state to show.
        playing = table.state is not None and table.status not in ("lobby", "broken")
        view = self.service.view(table.channel_id, None) if playing else None
        waiting = self.service.waiting_for(table.channel_id)
        payload = await messages.public_table(table, view, events, table.lang, waiting=waiting, header=header)
        if interaction is not None:
            await interaction.followup.send(**payload)
        else:
            channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            await channel.send(**payload)

    async def send_private(self, table: Table, player: str, *,
                           interaction: discord.Interaction | None = None) -> bool:
        """The player's own board and controls, by DM, or as ephemeral followups of `interaction`.
        False when the DM could not be delivered (DMs closed)."""
        view, controls = self.controls_for(table, player)
        payload = await messages.private_table(table, player, view, table.lang)
        views = controls_views(table.id, table.decision_id or 0, controls) if controls else []
        if views:
            payload["view"] = views[0]
        try:
            if interaction is not None:
                await interaction.followup.send(**payload, ephemeral=True)
                for extra in views[1:]:
                    await interaction.followup.send(view=extra, ephemeral=True)
                return True
            channel = await self.bot.create_dm(discord.Object(int(player)))
            await channel.send(**payload)
            for extra in views[1:]:
                await channel.send(view=extra)
            return True
        except discord.Forbidden:
            log.info("cannot DM player %s", player)
            return False
        except (discord.HTTPException, ValueError):
            log.exception("sending the private table to %s failed", player)
            return False

    async def test_dm(self, player: str, lang: str, channel_name: str) -> bool:
        """Can we DM this player? Sends a short hello; False if their DMs are closed."""
        try:
            channel = await self.bot.create_dm(discord.Object(int(player)))
            await channel.send(t("bot.dm.hello", lang, channel=channel_name))
            return True
        except (discord.Forbidden, ValueError):
            return False
        except discord.HTTPException:
            log.exception("testing the DM of %s failed", player)
            return False

