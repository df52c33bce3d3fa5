"""Links and sessions on PostgreSQL, shared by several processes (docs/deploy.md): a link spent at once from
two processes opens exactly one session, and a session opened in one process is known to the other."""
from __future__ import annotations

import asyncio

import pytest

from table.store_pg import PgStore
from web.sessions import LinkRefused, WebRecords

NOW = 1_700_000_000.0


@pytest.fixture
async def two_processes(postgres):
    url = await postgres.fresh_database()
    stores = [PgStore(url), PgStore(url)]
    for store in stores:
        await store.open()
    yield [WebRecords(store) for store in stores]
    for store in stores:
        await store.close()


async def test_a_link_spent_from_two_processes_at_once_opens_one_session_both_know(two_processes):
    first, second = two_processes
    secret = await first.new_link("12345", 7, NOW)
    outcomes = await asyncio.gather(first.spend(secret, NOW + 1), second.spend(secret, NOW + 1),
                                    return_exceptions=True)
    opened = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(opened) == 1 and [o.code for o in outcomes if isinstance(o, LinkRefused)] == ["spent"]
    assert await second.session(opened[0].secret, NOW + 2) == "12345"
    assert await first.session(opened[0].secret, NOW + 2) == "12345"
    await second.end(opened[0].secret)
    assert await first.session(opened[0].secret, NOW + 3) is None
