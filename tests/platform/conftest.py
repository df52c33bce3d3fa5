from __future__ import annotations

import sqlite3

import pytest

import games
from table.service import TableService
from table.store import SqliteStore
from tests.platform.fixture_game import GAME as RACE


def rules_for(game: str):
    """What a test's service uses: the declared games and the race fixture, declared on first use so a
    restore in a fresh process (which runs no fixture) finds it too. A test may pass another (faulty)."""
    if games.find(RACE.id) is None:
        games.register(RACE)
    return games.rules(game)


@pytest.fixture(autouse=True)
def race_game():
    """The fixture game "race", declared for the test that uses it and withdrawn after."""
    games.register(RACE)
    yield RACE
    games.unregister(RACE.id)


def confrontation_ready() -> bool:
    try:
        games.rules("confrontation")
    except Exception:  # noqa: BLE001 - not built yet, or half-built while the lead works on it
        return False
    return True


needs_confrontation = pytest.mark.skipif(not confrontation_ready(),
                                         reason="the Confrontation engine is not built yet")


class Clock:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += minutes * 60


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "tables.db"


@pytest.fixture
async def open_service(db_path, clock):
    """open_service(store=None, **kw): a TableService on the test's database; all closed at the end."""
    opened = []

    async def factory(store=None, **kwargs):
        kwargs.setdefault("clock", clock)
        kwargs.setdefault("rules_for", rules_for)
        service = await TableService.open(store or SqliteStore(db_path), **kwargs)
        opened.append(service)
        return service

    yield factory
    for service in opened:  # closing twice is harmless, so tests may close their own
        await service.close()


class StoreFactory:
    """`make()` opens a new store object on the test's database (new connections, as after a restart)."""

    def __init__(self, kind: str, target, integrity_error: type[Exception]):
        self.kind, self.target, self.integrity_error = kind, target, integrity_error

    def make(self, **kwargs):
        if self.kind == "sqlite":
            return SqliteStore(self.target)
        from table.store_pg import PgStore

        return PgStore(self.target, **kwargs)


@pytest.fixture(params=["sqlite", "postgresql"])
async def store_factory(request, db_path):
    """Each store test runs on both databases."""
    if request.param == "sqlite":
        return StoreFactory("sqlite", db_path, sqlite3.IntegrityError)
    import asyncpg

    url = await request.getfixturevalue("postgres").fresh_database()
    return StoreFactory("postgresql", url, asyncpg.IntegrityConstraintViolationError)
