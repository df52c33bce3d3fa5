"""Repair broken tables once the cause is fixed (an engine bug fixed, a missing engine deployed).

    python -m table.repair --db PATH              # list the broken tables
    python -m table.repair --db PATH --table ID   # replay table ID from its seed and log

Stop the bot first (or run this on a copy): a running bot keeps its own view of the table. A repaired
table is "active" again (or "over" if its log ends the game) and its channel shows it on next use.
See docs/platform.md, "Broken tables".
"""
from __future__ import annotations

import argparse
import asyncio
import sys

from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore


async def run(db: str, table_id: int | None, out) -> int:
    service = await TableService.open(SqliteStore(db))
    try:
        if table_id is None:
            broken = await service.store.broken_tables()
            for t in broken:
                print(f"{t.id}\tchannel {t.channel_id}\t{t.game}\t{t.seq} actions\t{t.reason}", file=out)
            print(f"{len(broken)} broken table(s)", file=out)
            return 0
        try:
            table = await service.repair(table_id)
        except TableError as exc:
            print(f"table {table_id} not repaired: {exc.text('en')}", file=out)
            return 1
        except Exception as exc:  # noqa: BLE001 - the replay still fails: say why, change nothing
            print(f"table {table_id} still fails on replay: {type(exc).__name__}: {exc}", file=out)
            return 1
        print(f"table {table_id} repaired: {table.status} after {table.seq} actions", file=out)
        return 0
    finally:
        await service.close()


def main(argv: list[str] | None = None, out=sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.repair", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the SQLite file of the bot")
    parser.add_argument("--table", type=int, help="the id of the broken table to replay")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.db, args.table, out))


if __name__ == "__main__":
    sys.exit(main())
