"""A game's per-server settings (games.Setting): stored as (server, game, name, value) rows by both stores,
checked against the game's declaration, and carried over from the old one-column-per-setting schema."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap

import pytest

import table.store
import table.store_pg
from table.errors import TableError
from tests.platform.helpers import GUILD


async def test_a_game_setting_is_checked_against_its_declaration_and_kept(open_service, db_path):
    service = await open_service()
    assert (await service.guild_settings(GUILD)).games == {}
    refusals = {}
    for game, name, value in (("lcg", "nope", "on"), ("race", "delete_table_talk", "on"),
                              ("lcg", "delete_table_talk", "yes")):
        with pytest.raises(TableError) as caught:
            await service.set_game_setting(GUILD, game, name, value)
        refusals[caught.value.code] = (caught.value.text("en"), caught.value.text("fr"))
    assert refusals == {
        "unknown_setting": ("There is no game setting “race.delete_table_talk”.",
                            "Il n'y a pas de réglage de jeu « race.delete_table_talk »."),
        "bad_setting_value": ("“yes” is not a value of this setting; choose one of: on, off.",
                              "« yes » n'est pas une valeur de ce réglage ; choisissez parmi : on, off.")}
    assert (await service.guild_settings(GUILD)).games == {}  # a refusal changed nothing
    changed = await service.set_game_setting(GUILD, "lcg", "delete_table_talk", "on")
    changed.games["lcg"]["delete_table_talk"] = "off"  # the caller's copy, not the service's
    await service.set_guild_settings(GUILD, lang="fr")
    await service.close()
    again = await open_service()
    settings = await again.guild_settings(GUILD)
    assert (settings.lang, settings.games) == ("fr", {"lcg": {"delete_table_talk": "on"}})


# Opened in a fresh process: the stored settings, as the service reads them after the migrations.
_READ = textwrap.dedent("""
    import asyncio, dataclasses, json, sys
    from table.store import open_store

    async def main():
        store = open_store(sys.argv[1])
        await store.open()
        out = {g: dataclasses.asdict(await store.guild_settings(g)) for g in (1, 2)}
        out["version"] = await store.schema_version()
        await store.close()
        print(json.dumps(out))

    asyncio.run(main())
""")


async def test_old_table_talk_values_survive_the_migration_to_game_settings(store_factory, monkeypatch):
    # A database as version 4 left it, the table-talk switch a column of guild_settings.
    monkeypatch.setattr(table.store, "MIGRATIONS", table.store.MIGRATIONS[:4])
    monkeypatch.setattr(table.store_pg, "MIGRATIONS", table.store_pg.MIGRATIONS[:4])
    store = store_factory.make()
    await store.open()
    assert await store.schema_version() == 4
    rows = [(1, "fr", 30, 600, "abandon", 1), (2, "en", 60, 1440, "win", 0)]
    insert = "INSERT INTO guild_settings (guild_id, lang, reminder_minutes, timeout_minutes, timeout_outcome," \
             " delete_table_talk) VALUES "
    if store_factory.kind == "sqlite":
        await store._write(lambda db: db.executemany(insert + "(?, ?, ?, ?, ?, ?)", rows))
    else:
        await store.pool.executemany(insert + "($1, $2, $3, $4, $5, $6)", rows)
    await store.close()
    monkeypatch.undo()

    env = {**os.environ, "PYTHONHASHSEED": "7"}
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-c", _READ, str(store_factory.target)],
                                   env=env, check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    read = json.loads(done.stdout)
    assert read["version"] == len(table.store.MIGRATIONS) == len(table.store_pg.MIGRATIONS) >= 5
    assert read["1"] == {"guild_id": 1, "lang": "fr", "reminder_minutes": 30, "timeout_minutes": 600,
                         "timeout_outcome": "abandon", "web_spectators": True,  # migration 9's default
                         "games": {"lcg": {"delete_table_talk": "on"}}}
    assert read["2"] == {"guild_id": 2, "lang": "en", "reminder_minutes": 60, "timeout_minutes": 1440,
                         "timeout_outcome": "win", "web_spectators": True, "games": {}}
