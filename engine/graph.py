"""Distances on a game's map of regions (shared by the engines and the players' tools)."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping


def steps_from(start: str, neighbours: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """The fewest steps from `start` to every region it reaches by `neighbours` (breadth first)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        r = todo.popleft()
        for n in neighbours[r]:
            if n not in dist:
                dist[n] = dist[r] + 1
                todo.append(n)
    return dist
