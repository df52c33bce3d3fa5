"""Fixtures shared by the test folders."""
from __future__ import annotations

import pytest

from tests.platform import pg_server


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL server for the whole run, started on first use (tests/platform/pg_server.py).
    Skipped only when PostgreSQL is not installed; .ci/run installs it, so CI runs these tests."""
    if pg_server.binaries() is None:
        pytest.skip("PostgreSQL is not installed: apt-get install postgresql (.ci/run does it)")
    with pg_server.PgServer(max_connections=300) as server:
        yield server
