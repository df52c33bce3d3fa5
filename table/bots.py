"""Bot seats: seats played by the computer, kept apart from the rest of the table service.

A bot is an ordinary player whose id says it is one: "bot-<level>-<n>" (level: easy, normal, hard).
It joins a lobby like anyone, and `play_bots` answers every decision the game waits on from a bot,
after a short visible pause, through `TableService.act` like a person's click (so it is stored, replayed
after a restart and refused if stale). What a bot decides from is only what its seat may know: its own
view (`service.view(channel, bot)`) and the actions that seat is offered; its reasoning is never shown.
Each decision is seeded by a one-way hash of (the table's seed, the actions in force, the seat), so a
restart in the middle of a bot's turn, or a take-back, gives the same decision and no seed reveals the table's (from
which every hidden card could be dealt again). A bot that fails (raises, answers with an action it was
not offered, or takes longer than DECISION_TIMEOUT) is logged and its seat plays a seeded random legal
action instead, so the table never waits on a broken bot. The Confrontation plays the search player of ai/ (levels by
search budget); La Communauté and the Card Game play the rules of thumb of ai/fellowship.py and
ai/lcg.py, one level each (`levels`: what a game's declaration offers); War of the Ring plays
ai/wotr_bot.py.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import re
from collections.abc import Awaitable, Callable

import games
from table.errors import TableError
from table.models import Table

LEVELS = ("easy", "normal", "hard")
REMOVE = "remove"  # the lobby menu's choice that takes the last bot seated out again
PAUSE = 1.5  # seconds a bot "thinks" before it plays, so people can follow
DECISION_TIMEOUT = 60.0  # seconds of the clock a bot may think before its seat plays a fallback action
log = logging.getLogger(__name__)
_ID = re.compile(r"^bot-(easy|normal|hard)-(\d+)$")


def levels(game: str) -> tuple[str, ...]:
    """The bot levels the game offers (none when it has no bot)."""
    declared = games.get(game)
    return declared.bot_levels if declared.bot is not None else ()


def bot_id(level: str, n: int) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return f"bot-{level}-{n}"


def is_bot(player: str) -> bool:
    return bool(_ID.match(player))


def level_of(player: str) -> str:
    m = _ID.match(player)
    if m is None:
        raise ValueError(f"not a bot: {player!r}")
    return m.group(1)


def decision_seed(table_seed: int, seq: int, player: str) -> int:
    """A seed fixed by the table, the number of actions so far and the seat (not by the process), by a
    one-way hash: knowing it tells nothing of the table's seed, hence of its hidden cards."""
    data = f"{table_seed or 0}:{seq}:{player}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8, person=b"lotr-bot-seed").digest(), "big") >> 1


def moves(table: Table) -> int:
    """The actions in force: the log's length less what was taken back, so that a bot answers a position
    reached again after a take-back as it did the first time (a take-back never re-rolls its reply)."""
    return table.seq - table.undone


def fallback(legal: list[dict], seed: int) -> dict:
    """What a failing bot's seat plays: one of the offered actions, drawn with the decision's seed."""
    return legal[random.Random(seed).randrange(len(legal))]


def decide(game: str, player: str, view: dict, legal: list[dict], seed: int) -> dict:
    """The bot's action from its seat's view and offered actions only (the game's declared bot)."""
    bot = games.get(game).bot
    if bot is None:
        raise ValueError(f"no bot for {game!r}")
    return bot(level_of(player), view, legal, seed)


def next_action(service, channel_id: int, player: str) -> tuple[dict, int | None]:
    """The bot's answer to the decision now, and the decision id it answers. A bot that raises or
    answers with an action it was not offered is logged, and its seat plays `fallback` instead."""
    table = service.table(channel_id)
    view = service.view(channel_id, player)
    legal = service.legal_actions(channel_id, player)
    seed = decision_seed(table.seed, moves(table), player)
    try:
        action = decide(table.game, player, view, legal, seed)
        if action not in legal:
            raise ValueError(f"not an offered action: {action!r}")
    except Exception:
        log.exception("the bot %s of table %s failed at step %s: a random legal action instead",
                      player, table.id, table.seq)
        action = fallback(legal, seed)
    return action, table.decision_id


async def _answer(service, channel_id: int, player: str, timeout: float) -> tuple[dict, int | None]:
    """`next_action` in a worker thread (a search keeps the bot responsive while it thinks), capped by
    `timeout`: past it the seat plays `fallback` (the thread's late answer is dropped)."""
    try:
        return await asyncio.wait_for(asyncio.to_thread(next_action, service, channel_id, player), timeout)
    except TimeoutError:
        table = service.table(channel_id)
        log.error("the bot %s of table %s took over %ss at step %s: a random legal action instead",
                  player, table.id, timeout, table.seq)
        legal = service.legal_actions(channel_id, player)
        return fallback(legal, decision_seed(table.seed, moves(table), player)), table.decision_id


# What to do after each bot action, e.g. show it: (the table after it, its events, the decision it
# answered, the bot, the action).
After = Callable[[Table, list[dict], "int | None", str, dict], Awaitable[None]]


async def play_bots(service, channel_id: int, *, pause: float = PAUSE,
                    sleep: Callable[[float], Awaitable] = asyncio.sleep, after: After | None = None) -> int:
    """Let the bots answer every decision they are waited on, one at a time, until a person must play
    or the game ends. Returns how many actions the bots played."""
    played = 0
    await service.serve(channel_id)  # after a restart the table is read from the store on first use
    while True:
        table = service.table(channel_id)
        if table is None or table.status != "active":
            return played
        bots = [p for p in service.waiting_for(channel_id) if is_bot(p)]
        if not bots:
            return played
        player = bots[0]
        await sleep(pause)
        table = service.table(channel_id)
        if table is None or table.status != "active" or player not in service.waiting_for(channel_id):
            continue  # someone else moved the game on during the pause
        action, decision_id = await _answer(service, channel_id, player, DECISION_TIMEOUT)
        try:
            new, events = await service.act(channel_id, player, action, decision_id)
        except TableError as exc:
            if exc.code == "stale":
                continue  # the decision changed under us: look again
            # Refused though offered: logged, and the seat plays the fallback (refused again: raised).
            log.error("the table %s refused the bot %s's action %r (%s): a random legal action instead",
                      table.id, player, action, exc.code)
            legal = service.legal_actions(channel_id, player)
            action = fallback(legal, decision_seed(table.seed, moves(table), player) + 1)
            new, events = await service.act(channel_id, player, action, decision_id)
        played += 1
        if after is not None:
            await after(new, events, decision_id, player, action)
