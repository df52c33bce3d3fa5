"""The task machinery: the game is a stack of small named tasks run until one asks a decision.

`s["tasks"]` is a stack (last = next to run) of JSON dicts {"do": name, ...args}. A task may push
more tasks (the round pushes its phases, a phase its steps, an effect its follow-up) or set
`s["decision"]`, which stops the loop until the player it waits for answers. Because tasks are plain
data, the whole game in progress (even in the middle of an effect) is in the JSON state.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

TASKS: dict = {}
NAMES: dict = {}   # task function -> its name: code names a follow-up by its function, the state by name
Task = Callable[[dict, dict], None]  # a task's function: fn(s, t), `t` the task's dict
Do = Task | str  # a task named by its function, or by the name it is stored under
F = TypeVar("F", bound=Task)


class GameOver(Exception):
    """Raised when the game ends, to unwind whatever was running; `then`: the task to run instead (a
    campaign's next scenario, once one of its scenarios is won)."""

    def __init__(self, then: dict | None = None) -> None:
        super().__init__()
        self.then = then


def unwind(s: dict, over: GameOver) -> None:
    s["decision"] = None
    s["tasks"] = [over.then] if over.then else []


def task(name: str) -> Callable[[F], F]:
    def deco(fn: F) -> F:
        TASKS[name] = fn
        NAMES[fn] = name
        return fn
    return deco


def name_of(do: Do) -> str:
    """The name a task is stored under, given the task function (or already its name)."""
    return do if isinstance(do, str) else NAMES[do]


def push(s: dict, _do: Do, **args: Any) -> None:
    s["tasks"].append({"do": name_of(_do), **args})


def seq(s: dict, *tasks: dict) -> None:
    """Schedule tasks to run in the given order (before anything already scheduled)."""
    for t in reversed(tasks):
        s["tasks"].append(t)


def T(_do: Do, **args: Any) -> dict:
    return {"do": name_of(_do), **args}


def ask(s: dict, kind: str, player: str, **fields: Any) -> None:
    """Wait for `player`. A player who has left the game is never asked: the question lapses."""
    if s["players"][player]["out"]:
        return
    s["did"] += 1
    if "then" in fields:
        fields["then"] = name_of(fields["then"])
    s["decision"] = {"id": s["did"], "kind": kind, "player": player, **fields}


def waiting(d: dict | None) -> list[str]:
    """The players a decision waits for: every player still in an open action window, else its player."""
    if d is None:
        return []
    return list(d["waiting"]) if "waiting" in d else [d["player"]]


def run(s: dict) -> None:
    while True:
        try:
            while s["decision"] is None and s["result"] is None:
                if not s["tasks"]:
                    raise RuntimeError("no task left")  # the round always schedules the next one
                t = s["tasks"].pop()
                TASKS[t["do"]](s, t)
            return
        except GameOver as over:
            unwind(s, over)
