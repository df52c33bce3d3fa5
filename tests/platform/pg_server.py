"""A throwaway PostgreSQL server for the tests and benches: initdb into a temporary directory, start it on
a free loopback port, stop it and delete everything at the end.

PostgreSQL refuses to run as root; when we are root (as in CI) the server runs as the `postgres` user
that Debian's package creates. The binaries come from Debian's `postgresql` package
(/usr/lib/postgresql/<version>/bin); `binaries()` is None when it is not installed.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Self


def binaries() -> Path | None:
    """The bin directory of the newest installed PostgreSQL, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """`with PgServer() as server:` gives `server.url`, a database that trusts loopback connections."""

    def __init__(self, max_connections: int = 100):
        bindir = binaries()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bindir = bindir
        self.max_connections = max_connections
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._dir: Path | None = None
        self._databases = itertools.count(1)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if os.geteuid() == 0:  # postgres will not run as root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> Self:
        self._dir = Path(tempfile.mkdtemp(prefix="lotr-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self._dir, "postgres", "postgres")
        data = self._dir / "data"
        self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self._dir}"
                   f" -c max_connections={self.max_connections} -c fsync=on -c synchronous_commit=on")
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self._dir / "log"), "-w", "start")
        return self

    def stop(self) -> None:
        if self._dir is None:
            return
        try:
            self._run("pg_ctl", "-D", str(self._dir / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None

    async def fresh_database(self) -> str:
        """The URL of a new, empty database on this server."""
        import asyncpg

        name = f"db_{next(self._databases)}"
        admin = await asyncpg.connect(self.url)
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        return self.url.rsplit("/", 1)[0] + "/" + name

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
