"""The group commit both stores use (table/store.py, table/store_pg.py).

Callers queue writes and get a future each. A writer task takes everything queued, runs it as one
transaction through the store's `transaction` and answers the callers after its commit, so one flush to
disk serves every write that arrived meanwhile; writes arriving during a commit queue for the next one.
No lock is held while a caller waits, so a slow table never holds up the others.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Generic, TypeVar

W = TypeVar("W")
Outcome = tuple[bool, Any]  # (committed, its result) or (False, the exception that refused it)
Finish = Callable[[Any], Any]  # what a write's result becomes for its caller, once committed (may raise)


class Refused(Exception):
    """A write of a group failed: the group is run again, each write in its own savepoint."""


class BatchWriter(Generic[W]):
    """`transaction(writes, isolate)` runs the writes in order in one transaction and commits it. Straight
    (isolate False) it may send runs of alike writes at once and raises Refused if any write fails;
    the group is then rolled back and run again isolated, each write in a savepoint, so that the refused
    ones fail alone and the others commit."""

    def __init__(self, transaction: Callable[[list[W], bool], Awaitable[list[Outcome]]]):
        self._transaction = transaction
        self._queue: list[tuple[W, Finish | None, asyncio.Future]] = []
        self._task: asyncio.Task | None = None  # runs while writes are queued, then ends

    def submit(self, write: W, finish: Finish | None = None) -> asyncio.Future:
        """Queue `write` for the next grouped transaction: a future of its result once committed, or of
        `finish(result)`."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue.append((write, finish, future))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._write_all())
        return future

    async def drain(self) -> None:
        """Wait until every write asked for is committed (or refused)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _commit(self, writes: list[W]) -> list[Outcome]:
        try:
            return await self._transaction(writes, False)
        except Refused:
            return await self._transaction(writes, True)

    async def _write_all(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                outcomes = await self._commit([write for write, _, _ in batch])
            except Exception as exc:  # noqa: BLE001 - the transaction itself failed: every write failed
                outcomes = [(False, exc)] * len(batch)
            for (_, finish, future), (ok, value) in zip(batch, outcomes):
                if ok and finish is not None:  # even for a cancelled caller (PgStore keeps its leases known)
                    try:
                        value = finish(value)
                    except Exception as exc:  # noqa: BLE001 - handed to the caller
                        ok, value = False, exc
                if future.done():  # its caller was cancelled
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)


def runs(writes: list[W], kind: Callable[[W], Hashable | None]) -> list[list[W]]:
    """The writes in order, cut into runs of one kind, to be sent at once (kind None: alone)."""
    out: list[list[W]] = []
    last = None
    for write in writes:
        now = kind(write)
        if out and now is not None and now == last:
            out[-1].append(write)
        else:
            out.append([write])
        last = now
    return out
