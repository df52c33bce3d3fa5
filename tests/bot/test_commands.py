"""Command registration (French names through the translator), settings, abandon, reminders and
timeouts, and `lotr-bot` without a token."""
from __future__ import annotations

import discord
import pytest

from bot import main as bot_main
from i18n import t
from tests.bot.harness import Harness, NotOffered
from tests.bot.helpers import new_game, place_both, service, table

MANAGE_GUILD = discord.Permissions(manage_guild=True).value


def _synced(h: Harness) -> list[dict]:
    puts = [payload for method, path, payload in h.world.requests if method == "PUT" and path.endswith("/commands")]
    assert puts, "the commands were synced at login"
    return puts[-1]


async def test_commands_are_translated_to_french(harness: Harness):
    lotr = next(c for c in _synced(harness) if c["name"] == "lotr")  # /rules and /card sit beside it
    subs = {o["name"]: o for o in lotr["options"]}
    assert set(subs) == {"create", "join", "leave", "kick", "deck", "start", "status", "me", "map", "history", "log",
                         "help", "stats", "abandon"}
    files = subs["deck"]["options"]  # the Card Game's deck files: Discord's attachment options (type 11)
    assert [(o["name"], o["type"], o.get("required", False)) for o in files] == [
        ("file", 11, True), ("file2", 11, False), ("file3", 11, False), ("file4", 11, False)]
    assert files[0]["name_localizations"]["fr"] == "fichier"
    assert subs["map"]["name_localizations"]["fr"] == "carte"
    assert subs["create"]["name_localizations"]["fr"] == "créer"
    assert subs["create"]["description_localizations"]["fr"] == t("bot.cmd.create.desc", "fr")
    assert subs["join"]["name_localizations"]["fr"] == "rejoindre"
    assert (subs["log"]["name_localizations"]["fr"], subs["help"]["name_localizations"]["fr"]) == ("journal", "aide")
    # The moderators' commands are a group of their own, offered by default to Manage Server only, so that
    # a server's admins can grant them to other roles in Discord's integration settings.
    admin = next(c for c in _synced(harness) if c["name"] == "lotr-admin")
    assert int(admin["default_member_permissions"]) == MANAGE_GUILD
    admin_subs = {o["name"]: o for o in admin["options"]}
    assert set(admin_subs) == {"games", "clear", "settings"}
    assert admin_subs["settings"]["name_localizations"]["fr"] == "réglages"
    assert (admin_subs["games"]["name_localizations"]["fr"], admin_subs["clear"]["name_localizations"]["fr"]) == (
        "parties", "libérer")
    menu = next(c for c in _synced(harness) if c["type"] == 3)  # a message context menu
    assert (menu["name"], menu["name_localizations"]["fr"]) == ("Look up cards", "Chercher les cartes")
    game = next(o for o in subs["create"]["options"] if o["name"] == "game")
    assert game["name_localizations"]["fr"] == "jeu"
    # Every playable game is offered (the Confrontation first), each with its French name.
    assert game["choices"][0] == {"name": "The Confrontation", "value": "confrontation",
                                  "name_localizations": {"fr": "La Confrontation"}}
    assert {"name": "The Lord of the Rings: The Card Game", "value": "lcg",
            "name_localizations": {"fr": "Le Seigneur des Anneaux : le Jeu de Cartes"}} in game["choices"]
    side = next(o for o in subs["start"]["options"] if o["name"] == "side")
    assert {c["value"]: c["name_localizations"]["fr"] for c in side["choices"]} == {
        "random": "Au hasard", "fellowship": "Communauté", "sauron": "Sauron",
        "free_peoples": "Peuples Libres (Guerre de l'Anneau)", "shadow": "Ombre (Guerre de l'Anneau)",
        "gondor": "Gondor et les Elfes (Guerre de l'Anneau, 4 joueurs)",
        "rohan": "Rohan, le Nord et les Nains (Guerre de l'Anneau, 4 joueurs)",
        "witch_king": "Le Roi-Sorcier (Guerre de l'Anneau, 3-4 joueurs)",
        "saruman": "Saroumane, Suderons et Orientaux (Guerre de l'Anneau, 3-4 joueurs)"}
    # Every English default has a French entry (and no French string is still the key).
    for sub in [*subs.values(), *admin_subs.values()]:
        assert sub["description_localizations"]["fr"] and not sub["description_localizations"]["fr"].startswith("cmd.")


async def test_options_autocomplete_is_localised(harness: Harness):
    h = harness
    alice = h.user("alice")
    data = h._base(alice, locale="fr", dm_channel=None, perms=0)
    data |= {"type": 4, "data": {"id": "1", "name": "lotr", "type": 1, "options": [
        {"name": "create", "type": 1, "options": [
            {"name": "game", "type": 3, "value": "confrontation"},
            {"name": "options", "type": 3, "value": "vari", "focused": True}]}]}}
    await h.feed(data)
    _method, path, payload = h.world.requests[-1]
    assert path.endswith("/callback") and payload["type"] == 8
    names = [c["name"] for c in payload["data"]["choices"]]
    assert names and all("Variante" in n for n in names)


async def test_settings_are_offered_to_manage_server_and_set_the_language(harness: Harness):
    h = harness
    alice = h.user("alice")
    with pytest.raises(NotOffered):  # Discord does not offer the moderators' commands to her
        await h.slash(alice, "settings", group="lotr-admin", language="fr")
    posts = await h.slash(alice, "settings", group="lotr-admin", perms=MANAGE_GUILD, language="fr", reminder=5)
    assert posts[0].where == "ephemeral" and "French" in posts[0].content and "5 min" in posts[0].content
    posts = await h.slash(alice, "settings", group="lotr-admin", perms=MANAGE_GUILD, timeout=0)  # out of range: Discord's check
    assert table(h) is None
    posts = await h.slash(alice, "create", game="confrontation")
    assert table(h).lang == "fr"
    assert "a ouvert une table (Classique)" in posts[0].content


async def test_settings_keep_a_servers_web_pages_to_those_who_open_them_from_discord(harness: Harness):
    h = harness
    alice = h.user("alice")
    posts = await h.slash(alice, "settings", group="lotr-admin", perms=MANAGE_GUILD)
    on = t("bot.settings.web_spectators", "en", spectators=t("bot.settings.web_spectators.on", "en"))
    assert on in posts[0].content  # on by default
    posts = await h.slash(alice, "settings", group="lotr-admin", perms=MANAGE_GUILD, spectators=False, locale="fr")
    assert t("bot.settings.web_spectators.off", "fr") in posts[0].content
    assert not await service(h).lets_spectators(h.guild_id)


async def test_abandon(harness: Harness):
    h = harness
    alice, bob = await new_game(h)
    posts = await h.slash(bob, "abandon")
    assert table(h).status == "active" and "(1/2)" in posts[0].content
    posts = await h.slash(alice, "abandon")
    assert table(h).status == "abandoned" and posts[0].where == "channel"
    posts = await h.slash(alice, "status")
    assert posts[0].where == "channel" and t("bot.status.abandoned", "en") in posts[0].text()


async def test_reminders_and_claim_after_timeout(harness: Harness, clock):
    h = harness
    alice, bob = await new_game(h)
    await place_both(h, alice, bob)
    late = service(h).waiting_for(h.channel_id)[0]
    claimant = str(alice) if late == str(bob) else str(bob)
    clock.now += 61 * 60
    start = len(h.posts)
    await h.client.remind_once()
    (ping,) = h.posts[start:]
    assert ping.where == "channel" and ping.content == t("bot.remind.turn", "en", players=f"<@{late}>")

    clock.now += 24 * 60 * 60
    start = len(h.posts)
    await h.client.remind_once()
    (offer,) = h.posts[start:]
    assert f"<@{claimant}>" in offer.content and offer.custom_ids() == [f"lotr:claim:{table(h).id}"]
    posts = await h.click(int(late), offer, f"lotr:claim:{table(h).id}")
    assert [p.content for p in posts] == [t("table.waiting_on_you", "en")]
    assert table(h).status == "active"
    posts = await h.click(int(claimant), offer, f"lotr:claim:{table(h).id}")
    assert table(h).status == "over" and table(h).result["winner"] == claimant
    assert any(p.where == "channel" and "claimed the game" in p.content for p in posts)


def test_lotr_bot_without_token_points_to_the_console(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot_main.main() != 0
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "lotr-console" in err


def test_settings_never_show_the_token(tmp_path, monkeypatch):
    from bot.settings import Settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret-token")
    settings = Settings()
    assert settings.discord_token.get_secret_value() == "very-secret-token"
    assert "very-secret-token" not in repr(settings) and "very-secret-token" not in str(settings)


def test_a_settings_error_names_the_setting_but_never_prints_the_token(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz-very-secret-token-abcdef")
    monkeypatch.setenv("DATABASE_URL", "postgresql://user:hunter2@db/lotr")
    monkeypatch.setenv("SHARD_IDS", "[3]")  # refused by a check of the whole settings, which quotes them all
    assert bot_main.main() == 2
    err = capsys.readouterr().err
    assert "SHARD_IDS" in err
    assert not any(secret in err for secret in ("MTIz", "abcdef", "hunter2"))


async def test_status_of_a_closed_lobby_and_of_nothing(harness: Harness):
    h = harness
    alice = h.user("alice")
    posts = await h.slash(alice, "status")
    assert [(p.where, p.content) for p in posts] == [("ephemeral", t("table.no_table", "en"))]
    await h.slash(alice, "create", game="confrontation")
    await h.slash(alice, "leave")
    posts = await h.slash(alice, "status")
    assert [p.where for p in posts] == ["channel"] and t("bot.status.abandoned", "en") in posts[0].text()


def test_each_command_is_a_method_written_in_the_module_the_package_map_names():
    """bot/commands/__init__.py's map says which module holds each command: a newcomer's one guess."""
    import re

    import bot.commands as package
    from bot.commands import Lotr, LotrAdmin
    mapped = {(module, name) for module, names in re.findall(r"(\w+)\.py \(([^)]*)\)", package.__doc__ or "")
              for name in re.split(r",\s*", names)}
    written = {(command.callback.__module__.rsplit(".", 1)[-1], command.name)
               for group in (Lotr, LotrAdmin) for command in group.__discord_app_commands_group_children__}
    assert written == mapped
