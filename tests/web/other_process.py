"""Another process of the same deployment, for tests/web/test_processes.py: a table service on the
PostgreSQL database given and its web table on a free port of 127.0.0.1, told on stdout as {"port": N} once it
listens for changes. It runs until stdin closes.

By default it serves no server's tables (another shard's process). With `--serve CHANNEL` it serves every
server's, and first starts a Confrontation game in that channel (tests/web/conftest.py's `start_game`), told
as {"port": N, "table": ID}: the process whose table another process's pages play on."""
from __future__ import annotations

import asyncio
import json
import sys

from bot.drawing import Boards
from table.core import ActionCore
from table.service import TableService
from table.store_pg import PgStore
from tests.web.conftest import start_game
from web.app import WebTable


async def main(url: str, channel: int | None) -> None:
    service = await TableService.open(PgStore(url), serves=lambda guild: channel is not None)
    core = ActionCore(service, bot_pause=0)
    web = WebTable(core, Boards(processes=0))
    port = await web.start("127.0.0.1", 0)
    assert web.notices is not None
    await asyncio.wait_for(web.notices.listening.wait(), 30)
    told: dict[str, int] = {"port": port}
    if channel is not None:
        told["table"] = (await start_game(service, "confrontation", channel)).id
    print(json.dumps(told), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the test closes it
    await web.close()
    web.boards.close()
    await core.close()
    await service.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[3]) if sys.argv[2:3] == ["--serve"] else None))
