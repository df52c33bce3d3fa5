"""Answers a War of the Ring player gives per game turn in Discord: one person against the normal bot
through the offline harness (tests/bot/harness.py: the real discord.py client, fake HTTP), seeded.

Run: python bench/bench_wotr_answers.py [--seed N] [--side SIDE]
[--turns T]. The person's choices are the normal bot's rules of thumb on the person's own view
(ai/wotr_heuristic.py, seeded), so two commits play the same game when their rules and rules of thumb
agree; each choice is clicked through the controls offered (a button, or a menu and its sub-menus).
An answer is one click or one menu pick of the person. Prints the answers and the decisions per game
turn, their means, the game's end and the load average. Pictures are stood in for (the count does not
depend on them).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project's root, tests/ with it

import render.wotr  # noqa: E402
from ai import wotr_heuristic  # noqa: E402
from bot.client import GameMasterBot  # noqa: E402
from tests.bot.conftest import Clock  # noqa: E402
from tests.bot.harness import Harness  # noqa: E402
from tests.bot.helpers import do, service, table  # noqa: E402
from tests.bot.test_bot_seats import Pauses, settings_for  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


async def play(seed: int, side: str, turns: int) -> tuple[Counter, Counter, dict | None, int]:
    """(answers per turn, decisions per turn, the result, the last turn played)."""
    answers: Counter = Counter()
    decisions: Counter = Counter()
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
        mp.setattr(render.wotr, "draw_board", lambda view, lang: PNG)
        games = random.Random(seed)
        h = await Harness.start(lambda: GameMasterBot(settings_for(Path(folder) / "lotr.sqlite3"), clock=Clock(),
                                                      seeds=lambda: games.getrandbits(63), sleep=Pauses()), mp)
        person = h.user("alice")
        click = h.click

        async def counted(uid, *args, **kwargs):
            if uid == person:
                answers[table(h).state["turn"]] += 1
            return await click(uid, *args, **kwargs)
        mp.setattr(h, "click", counted)
        await h.slash(person, "create", game="wotr", bots=1, level="normal")
        await h.slash(person, "start", side=side)
        rng = random.Random(seed)
        turn = 1
        while table(h).status == "active" and (turn := table(h).state["turn"]) <= turns:
            waiting = service(h).waiting_for(h.channel_id)
            if waiting != [str(person)]:
                raise RuntimeError(f"the bot left the game waiting on {waiting}")
            view = service(h).view(h.channel_id, str(person))
            choice = wotr_heuristic.choose(view, service(h).legal_actions(h.channel_id, str(person)), rng, "normal")
            decisions[turn] += 1
            await do(h, person, choice.__eq__)
        result = table(h).result
        await h.close()
    return answers, decisions, result, min(turn, turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the game's and the person's seed")
    parser.add_argument("--side", default="free_peoples", choices=("free_peoples", "shadow"),
                        help="the person's side (the bot takes the other)")
    parser.add_argument("--turns", type=int, default=99, help="stop after this game turn")
    args = parser.parse_args()
    answers, decisions, result, last = asyncio.run(play(args.seed, args.side, args.turns))
    played = sorted(set(answers) | set(decisions))
    print(f"War of the Ring, the person as {args.side} against the normal bot, seed {args.seed}: "
          f"{len(played)} game turns, {sum(answers.values())} answers for {sum(decisions.values())} decisions; "
          f"ended {result and (result.get('winner'), result.get('reason'), result.get('turn'))}")
    print("turn | answers | decisions")
    for turn in played:
        print(f"{turn} | {answers[turn]} | {decisions[turn]}")
    print(f"per game turn: {sum(answers.values()) / len(played):.1f} answers, "
          f"{sum(decisions.values()) / len(played):.1f} decisions; answers per decision "
          f"{sum(answers.values()) / max(1, sum(decisions.values())):.2f}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
