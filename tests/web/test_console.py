"""`lotr-console --web`: the game in the terminal is served in a browser too, at the address the console
prints, which says it only shows the game (it is played at the console); a move typed at the keyboard
reaches the open page."""
from __future__ import annotations

import asyncio
import io
import json
import os
import re
import threading
from html import unescape

import aiohttp

from i18n import t
from table.console import main as console_main


async def _printed(out: io.StringIO, pattern: str) -> re.Match[str]:
    """What the console printed, once it printed `pattern` (bounded: a hang fails)."""
    for _ in range(3000):
        found = re.search(pattern, out.getvalue())
        if found:
            return found
        await asyncio.sleep(0.01)
    raise AssertionError(f"the console never printed {pattern!r}: {out.getvalue()[-2000:]}")


async def test_the_console_serves_its_game_in_a_browser_and_a_typed_move_reaches_the_page(tmp_path):
    read, write = os.pipe()
    keyboard = os.fdopen(write, "w", buffering=1)
    out = io.StringIO()
    args = ["--game", "confrontation", "--vs", "random", "--seed", "3", "--lang", "fr", "--db",
            str(tmp_path / "console.db"), "--web", "0"]
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(console_main(args, os.fdopen(read), out)))
    thread.start()
    try:
        url = (await _printed(out, r"(http://127\.0\.0\.1:\d+/t/\d+\?lang=fr)")).group(1)
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                html = unescape(await page.text())
                assert page.status == 200 and '<html lang="fr">' in html and t("web.act.watch_only", "fr") in html
            async with http.ws_connect(url.split("?")[0] + "/live") as socket:
                first = json.loads((await socket.receive(timeout=30)).data)["version"]
                keyboard.write("0\n")  # every piece placed at random: a move
                hint = json.loads((await socket.receive(timeout=30)).data)["version"]
                assert hint != first
    finally:
        keyboard.write("q\n")
        keyboard.close()
        await asyncio.to_thread(thread.join, 60)
    assert result == [0] and not thread.is_alive()
