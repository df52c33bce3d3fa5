from __future__ import annotations

import pytest

import engine
from table.service import TableService
from table.store import SqliteStore
from tests.platform.fixture_game import RULES as RACE


def rules_for(game: str):
    """The fixture game under the id "race", every other id from the real engine registry."""
    if game == "race":
        return RACE
    return engine.get_rules(game)


def confrontation_ready() -> bool:
    try:
        engine.get_rules("confrontation")
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


@pytest.fixture(params=["sqlite"])
def make_store(request, db_path):
    """make_store(): a new, unopened Store on this test's database, once per implementation: the
    store tests run against each (a PostgreSQL store adds its parameter here)."""
    if request.param == "sqlite":
        return lambda: SqliteStore(db_path)
    raise ValueError(request.param)


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
