"""Fixtures shared by the test folders."""
from __future__ import annotations

import pytest

from tests.platform import pg_server


@pytest.fixture(autouse=True)
def no_web_table(monkeypatch):
    """Bots under test listen on no fixed port (tests run side by side): the web table and the metrics are
    off unless a test turns them on, on a free port (WEB_PORT=0; tests/web/)."""
    monkeypatch.setenv("WEB_PORT", "off")
    monkeypatch.setenv("METRICS_PORT", "off")


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL server for the whole run, started on first use (tests/platform/pg_server.py).
    Skipped only when PostgreSQL is not installed; .ci/run installs it, so CI runs these tests."""
    if pg_server.binaries() is None:
        pytest.skip("PostgreSQL is not installed: apt-get install postgresql (.ci/run does it)")
    with pg_server.PgServer(max_connections=300) as server:
        yield server
