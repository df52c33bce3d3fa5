"""Replay: a finished game's "Replay" button opens, for the clicker alone, the game's public board at its
opening, with buttons to step through it (one action, ten, or to either end). Each frame is the public
view replayed to that step (table/replay.py): what the channel saw then, never more."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import messages
from bot.answers import acknowledge, reply, user_lang
from bot.components import ReplayButton
from i18n import t
from table import replay

if TYPE_CHECKING:
    from bot.client import GameMasterBot

# The step buttons: (slot, label, how far). The slot keeps two buttons aiming at one step apart.
STEPS = (("f", "⏮", None), ("b", "−10", -10), ("p", "◀", -1), ("n", "▶", 1), ("j", "+10", 10), ("l", "⏭", None))


def _buttons(frame: replay.Frame) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for i, (slot, label, move) in enumerate(STEPS):
        target = 0 if slot == "f" else frame.steps if slot == "l" else frame.step + (move or 0)
        target = max(0, min(frame.steps, target))
        button = ReplayButton(frame.table.id, target, slot, label, disabled=target == frame.step)
        button.item.row = i // 3
        view.add_item(button)
    return view


async def payload(client: GameMasterBot, frame: replay.Frame, lang: str) -> dict:
    table = frame.table
    embed = discord.Embed(colour=messages.COLOUR, title=t("bot_table.replay.title", lang, id=table.id,
                                                             game=t(f"bot.game.{table.game}", lang)))
    lines = [t("bot_table.replay.step", lang, step=frame.step, steps=frame.steps)]
    lines += messages.event_lines(table, frame.events, frame.view, lang)
    embed.description = messages._clip_lines(lines, messages.EMBED_TEXT)
    out: dict = {"embed": embed, "view": _buttons(frame)}
    board = await client.delivery.boards.png(table.game, frame.view, lang)
    if board is not None:
        embed.set_image(url="attachment://replay.png")
        alt = t("bot.alt.replay", lang, step=frame.step, steps=frame.steps,
                alt=messages.board_alt(table, frame.view, lang, client.delivery.names.of(table.players), private=False))
        out["attachments"] = [messages.picture(board, "replay.png", alt)]
    return out


async def on_click(client: GameMasterBot, interaction: discord.Interaction, table_id: int, step: int,
                   slot: str) -> None:
    """"Replay" (slot "s") opens a private replay at the opening; a step button turns its page."""
    opening = slot == "s"
    await acknowledge(interaction, private=opening)
    lang = user_lang(interaction)
    frame = await replay.frame(client.service, table_id, step)
    if frame is None:
        await reply(interaction, t("bot_table.replay.gone", lang))
        return
    page = await payload(client, frame, lang)
    if opening:
        await reply(interaction, **page)  # its picture as the answer's attachment
    else:
        await interaction.edit_original_response(**page)
