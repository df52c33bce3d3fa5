"""Shared steps for the platform tests."""
from __future__ import annotations

import io
import os
import random
import sqlite3
from pathlib import Path
from typing import NamedTuple

import pytest

from table.console import main as console_main

CHANNEL, GUILD = 100, 7
SNAPSHOTS = Path(__file__).parent / "snapshots"


async def started_race(service, channel=CHANNEL, players=("ann", "bob"), target=10, seed=1):
    """A race table in `channel`, seated in the given order."""
    await service.create(channel, GUILD, "race", {"target": target}, players[0], "en")
    for p in players[1:]:
        await service.join(channel, p)
    return await service.start(channel, players[0], {p: i for i, p in enumerate(players)}, seed=seed)


async def play_randomly(service, channel, rng: random.Random, limit: int | None = None):
    """Random legal play through the service until the game ends (or `limit` actions); returns the
    (player, action) pairs played."""
    played = []
    await service.serve(channel)  # after a restart, tables are read on first use
    while service.table(channel).status == "active" and (limit is None or len(played) < limit):
        player = rng.choice(service.waiting_for(channel))
        action = rng.choice(service.legal_actions(channel, player))
        await service.act(channel, player, action, service.table(channel).decision_id)
        played.append((player, action))
    return played


class PassedOn:
    """A game's rules with every call passed on to them: a test subclasses it to watch or change a call."""

    def __init__(self, rules):
        self.rules = rules

    def __getattr__(self, name):
        return getattr(self.rules, name)


def run_console(argv, lines=()) -> tuple[int, str]:
    """lotr-console with these arguments, the given lines typed in: (exit status, everything printed)."""
    out = io.StringIO()
    code = console_main(list(argv), stdin=io.StringIO("".join(f"{line}\n" for line in lines)), stdout=out)
    return code, out.getvalue()


def auto_game(run, tmp_path, *argv: str) -> tuple[str, Stored]:
    """A whole game of random players from seed 7 (`--auto`), stored over; played again in another file, it
    prints the same game. (Everything the first printed, its stored table.)"""
    db = tmp_path / "auto.db"
    code, out = run(["--auto", *argv, "--seed", "7", "--db", str(db)])
    assert code == 0, out[-2000:]
    row = stored_table(db)
    assert row.status == "over"
    again = run(["--auto", *argv, "--seed", "7", "--db", str(tmp_path / "again.db")])[1]
    assert again.split("\n", 2)[2] == out.split("\n", 2)[2]  # past the title and the file's path
    return out, row


def human_against_random(run, db, lines: list[str], *argv: str) -> str:
    """One human (the first seat) against random players from seed 11, typing `lines` to the end: the console
    lists the choices and asks for their number, and the game is stored over. Everything printed."""
    code, out = run(["--vs", "random", *argv, "--seed", "11", "--db", str(db)], lines)
    assert code == 0, out[-2000:]
    assert "Type a number between " in out and "Your possible actions:" in out
    assert stored_table(db).status == "over"
    return out


def quit_saved(run, db: str, moves: list[str]) -> None:
    """Against random players (seed 4), `moves` typed then "q": the console says where the game is saved
    and how to resume it. `run`: a game's console runner."""
    code, out = run(["--vs", "random", "--seed", "4", "--db", db], [*moves, "q"])
    assert code == 0 and "it is saved in" in out and "To resume it: lotr-console --game" in out


def resumed_to_the_end(run, db: str) -> None:
    """The same command again resumes the saved game and plays it to its end."""
    code, out = run(["--vs", "random", "--seed", "4", "--db", db], ["1"] * 3000)
    assert code == 0 and "Game over after" in out


class Stored(NamedTuple):
    """The one table of a console's SQLite file, as stored; `players` is the stored JSON text."""

    game: str
    status: str
    seq: int
    players: str
    logged: int  # how many actions its log holds


def stored_table(db) -> Stored:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT game, status, seq, players FROM tables").fetchone()
        logged = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    return Stored(*row, logged)


def assert_matches_snapshot(text: str, name: str) -> None:
    """`text` is tests/platform/snapshots/<name>.txt; UPDATE_GOLDEN=1 writes it instead (read it, then
    commit it)."""
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
        pytest.skip(f"snapshot written: {path}")
    assert text == path.read_text(encoding="utf-8")
