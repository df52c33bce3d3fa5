"""Another process of the same deployment, for tests/web/test_processes.py: a table service on the
PostgreSQL database given, serving no server's tables (another shard's process), and its web table on a
free port of 127.0.0.1, told on stdout as {"port": N} once it listens for changes. It runs until stdin
closes."""
from __future__ import annotations

import asyncio
import json
import sys

from bot.drawing import Boards
from table.core import ActionCore
from table.service import TableService
from table.store_pg import PgStore
from web.app import WebTable


async def main(url: str) -> None:
    service = await TableService.open(PgStore(url), serves=lambda guild: False)
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    port = await web.start("127.0.0.1", 0)
    assert web.notices is not None
    await asyncio.wait_for(web.notices.listening.wait(), 30)
    print(json.dumps({"port": port}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the test closes it
    await web.close()
    web.boards.close()
    await core.close()
    await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
