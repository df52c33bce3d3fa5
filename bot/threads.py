"""A thread per game: where the bot is allowed to, `/lotr create` opens the game in a new public thread
of the channel, so that the channel stays readable and holds any number of games (one per thread).

Only with `GAME_THREADS=true`, only from a text channel (not from a thread, a forum or a voice chat), and
only when the interaction's `app_permissions` grant the bot Create Public Threads and Send Messages in
Threads; otherwise the game is played in the channel itself, as without threads.
"""
from __future__ import annotations

import logging
from typing import Final, Literal

import discord

log = logging.getLogger(__name__)

# What the bot needs to open a thread and play in it (the channel's other needs hold in its threads).
NEEDED = ("create_public_threads", "send_messages_in_threads")
ARCHIVE_MINUTES: Final[Literal[10080]] = 10080  # a week without a message before Discord archives it (a post reopens it)
NAME = 100  # Discord's longest thread name


def can_open(interaction: discord.Interaction) -> bool:
    """May the game of this interaction go in a new thread of its channel?"""
    perms = interaction.app_permissions
    return isinstance(interaction.channel, discord.TextChannel) and all(getattr(perms, p) for p in NEEDED)


async def game_channel(interaction: discord.Interaction, name: str, *, enabled: bool) -> int:
    """The channel a new game lives in: a new thread of the interaction's channel named `name` when
    `enabled` and allowed, else the channel itself (also when Discord refuses the thread)."""
    channel = interaction.channel
    if not enabled or not can_open(interaction) or not isinstance(channel, discord.TextChannel):
        return interaction.channel_id or 0
    try:
        thread = await channel.create_thread(name=name[:NAME], type=discord.ChannelType.public_thread,
                                             auto_archive_duration=ARCHIVE_MINUTES)
    except discord.HTTPException:
        log.warning("could not open a thread in channel %s; the game stays in the channel", channel.id,
                    exc_info=True)
        return channel.id
    return thread.id
