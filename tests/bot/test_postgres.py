"""The bot on PostgreSQL (DATABASE_URL) and split in shards across processes (docs/deploy.md).

Some bot tests run again here with the bot on a PostgreSQL database: they are imported, so pytest runs
them with this module's `make_bot`.
"""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.client import GameMasterBot
from bot.settings import Settings
from i18n import t
from table.store import SqliteStore, open_store
from table.store_pg import PgStore
from tests.bot.harness import Harness
from tests.bot.helpers import new_game, table
from tests.bot.test_dms_and_restart import test_old_buttons_work_after_a_restart  # noqa: F401
from tests.bot.test_play import test_create_join_start, test_status_me_history  # noqa: F401


@pytest.fixture
async def pg_url(postgres):
    return await postgres.fresh_database()


@pytest.fixture
def make_bot(pg_url, clock):
    settings = Settings(_env_file=None, discord_token=None, database_url=pg_url, default_language="en",
                        reminder_interval=0)
    return lambda: GameMasterBot(settings, clock=clock)


async def test_a_click_on_a_game_another_process_serves_is_answered_and_changes_nothing(
        harness: Harness, make_bot, pg_url):
    h = harness
    _, bob = await new_game(h)
    before = table(h)
    channel_post = next(p for p in reversed(h.public()) if p.custom_ids())
    await h.restart(make_bot)  # this process restarts (its leases go) while another one takes the channel
    other = PgStore(pg_url)
    await other.open()
    try:
        await other.claim(h.channel_id)
        posts = await h.click(bob, channel_post, f"lotr:me:{before.id}")
        assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.elsewhere", "en"))]
    finally:
        await other.close()  # the other process stops: its leases go with it
    posts = await h.click(bob, channel_post, f"lotr:me:{before.id}")
    assert any(p.where == "ephemeral" and p.files for p in posts)
    assert table(h).seq == before.seq


def test_database_url_selects_postgresql_and_stays_secret(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://lotr:hunter2@db.example/lotr")
    settings = Settings()
    assert isinstance(open_store(settings.database), PgStore)
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings)
    monkeypatch.delenv("DATABASE_URL")
    assert isinstance(open_store(Settings().database), SqliteStore)  # SQLite stays the default


def test_shard_settings_reach_discord_and_pick_this_process_guilds(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "[1,2]")
    settings = Settings()
    assert (settings.shard_count, settings.shard_ids) == (4, [1, 2])
    # Discord's rule: a guild's shard is (guild_id >> 22) % shard_count; DMs go to shard 0.
    assert [settings.serves(n << 22) for n in range(8)] == [False, True, True, False] * 2
    assert not settings.serves(None)
    bot = GameMasterBot(settings)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 2])
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.delenv("SHARD_IDS")
    assert Settings().serves(12345 << 22)  # no shards set: one process serves everything


@pytest.mark.parametrize("env", [{"SHARD_IDS": "[0]"}, {"SHARD_COUNT": "2", "SHARD_IDS": "[2]"},
                                 {"SHARD_COUNT": "2", "SHARD_IDS": "[]"}])
def test_bad_shard_settings_are_refused(monkeypatch, tmp_path, env):
    monkeypatch.chdir(tmp_path)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Settings()
