"""The throwaway hidden-number game (tests/conformance/hidden_number.py), declared through the same
API as every game and touching no shared module, played end to end through the table service, the
console and the offline bot harness, with its refusals in English and French."""
from __future__ import annotations

import io
import random

import discord
import pytest

import games
from bot.answers import refusal_text
from bot.client import GameMasterBot
from bot.settings import Settings
from engine import IllegalAction
from table.console import main as console_main
from table.errors import TableError
from table.service import TableService
from table.store import SqliteStore
from tests.bot.harness import Harness
from tests.bot.helpers import do, service, table
from tests.conformance import hidden_number

ID = hidden_number.ID


@pytest.fixture
def declared():
    hidden_number.declare()
    yield games.get(ID)
    hidden_number.withdraw()


async def test_played_through_the_table_service_with_refusals_in_both_languages(declared, tmp_path):
    service = await TableService.open(SqliteStore(tmp_path / "t.db"))
    try:
        await service.create(1, None, ID, {"high": 5}, "ann", "en")
        await service.join(1, "bob")
        with pytest.raises(TableError):  # the declaration's seats: two, no more
            await service.join(1, "cid")
        await service.start(1, "ann", {"ann": 0, "bob": 1}, seed=4)
        with pytest.raises(IllegalAction) as caught:
            await service.act(1, "ann", {"type": "guess", "n": 6})
        assert declared.refusal(caught.value, "en") == "Guess a number from 1 to 5."
        assert declared.refusal(caught.value, "fr") == "Proposez un nombre de 1 à 5."
        rnd = random.Random(1)
        while service.table(1).status == "active":
            player = service.waiting_for(1)[0]
            await service.act(1, player, rnd.choice(service.legal_actions(1, player)))
        assert service.table(1).result["winner"] in ("ann", "bob")
    finally:
        await service.close()


@pytest.mark.parametrize("lang,refusal,won", [("en", "Guess a number from 1 to 9.", "wins."),
                                              ("fr", "Proposez un nombre de 1 à 9.", "gagne.")])
def test_played_in_the_console_with_refusals_in_both_languages(declared, tmp_path, lang, refusal, won):
    lines = ['{"type": "guess", "n": 99}'] + [str(n) for n in range(1, 10)]
    out = io.StringIO()
    code = console_main(["--game", ID, "--vs", "random", "--lang", lang, "--seed", "2", "--db", str(tmp_path / "c.db")],
                        stdin=io.StringIO("".join(f"{x}\n" for x in lines)), stdout=out)
    text = out.getvalue()
    assert code == 0, text[-1000:]
    assert text.startswith(hidden_number.TEXTS[lang]["hidden.title"])
    assert refusal in text and won in text


@pytest.fixture
async def harness_with_the_game(declared, tmp_path, monkeypatch):
    """The bot, started once the game is declared (its commands offer the games declared then)."""
    settings = Settings(_env_file=None, discord_token=None, database_path=tmp_path / "lotr.sqlite3",
                        default_language="en", reminder_interval=0)
    h = await Harness.start(lambda: GameMasterBot(settings), monkeypatch)
    yield h
    await h.close()


async def test_played_through_the_bot_with_refusals_in_both_languages(harness_with_the_game):
    h = harness_with_the_game
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "create", game=ID)
    await h.slash(bob, "join")
    await h.slash(alice, "start")
    low, high = {str(alice): 1, str(bob): 1}, {str(alice): 9, str(bob): 9}
    while table(h).status == "active":  # each player halves the range the answers leave
        player = service(h).waiting_for(h.channel_id)[0]
        guess = (low[player] + high[player]) // 2
        await do(h, int(player), lambda a, g=guess: a["n"] == g)
        answer = service(h).view(h.channel_id, None)["log"][-1]["answer"]
        if answer == "higher":
            low[player] = guess + 1
        elif answer == "lower":
            high[player] = guess - 1
    winner = table(h).result["winner"]
    assert f"<@{winner}> wins." in h.public()[-1].text()
    refusal = IllegalAction("bad_number", high=9)
    assert refusal_text(refusal, "en", ID) == "Guess a number from 1 to 9."
    assert refusal_text(refusal, "fr", ID) == "Proposez un nombre de 1 à 9."


async def test_its_setting_is_offered_shown_and_stored_by_lotr_settings(harness_with_the_game):
    h = harness_with_the_game
    admin = h.user("admin")
    manage = discord.Permissions(manage_guild=True).value
    synced = next(p for m, path, p in h.world.requests if m == "PUT" and path.endswith("/commands"))
    admin_group = next(c for c in synced if c["name"] == "lotr-admin")
    settings = next(o for o in admin_group["options"] if o["name"] == "settings")
    setting = next(o for o in settings["options"] if o["name"] == "game_setting")
    assert {"name": "Hidden number: how answers are told", "value": f"{ID}.answers",
            "name_localizations": {"fr": "Nombre caché : comment les réponses sont dites"}} in setting["choices"]

    # The value's choices follow the chosen setting, in the user's language.
    data = h._base(admin, locale="fr", dm_channel=None, perms=manage)
    data |= {"type": 4, "data": {"id": "1", "name": "lotr-admin", "type": 1, "options": [
        {"name": "settings", "type": 1, "options": [
            {"name": "game_setting", "type": 3, "value": f"{ID}.answers"},
            {"name": "value", "type": 3, "value": "", "focused": True}]}]}}
    await h.feed(data)
    _method, _path, payload = h.world.requests[-1]
    assert payload["data"]["choices"] == [{"name": "en mots", "value": "words"},
                                          {"name": "avec des flèches", "value": "arrows"}]

    posts = await h.slash(admin, "settings", group="lotr-admin", perms=manage)  # shown with its default
    assert "Hidden number · Hidden number: how answers are told: in words." in posts[0].content
    posts = await h.slash(admin, "settings", group="lotr-admin", perms=manage, locale="fr", game_setting=f"{ID}.answers", value="arrows")
    assert "Nombre caché · Nombre caché : comment les réponses sont dites : avec des flèches." in posts[0].content
    assert (await service(h).guild_settings(h.guild_id)).games[ID] == {"answers": "arrows"}
    for locale, refusal in (("en-US", "“up” is not a value of this setting; choose one of: words, arrows."),
                            ("fr", "« up » n'est pas une valeur de ce réglage ; choisissez parmi : words, arrows.")):
        posts = await h.slash(admin, "settings", group="lotr-admin", perms=manage, locale=locale, game_setting=f"{ID}.answers", value="up")
        assert [(p.where, p.content) for p in posts] == [("ephemeral", refusal)]
    posts = await h.slash(admin, "settings", group="lotr-admin", perms=manage, game_setting=f"{ID}.answers")
    assert posts[0].content == "Choose game_setting and its value together."
    assert (await service(h).guild_settings(h.guild_id)).games[ID] == {"answers": "arrows"}


async def test_bot_seat_is_refused_for_a_game_without_a_bot(harness_with_the_game):
    h = harness_with_the_game
    alice = h.user("alice")
    for locale, text in (("en-US", "This game has no computer players."), ("fr", "Ce jeu n'a pas de joueurs ordinateur.")):
        posts = await h.slash(alice, "create", locale=locale, game=ID, bots=1)
        assert [(p.where, p.content) for p in posts] == [("ephemeral", text)]
        assert table(h) is None
    posts = await h.slash(alice, "create", game=ID)  # and its lobby offers no bot seat
    assert not [c for p in posts for c in p.custom_ids() if c.startswith("lotr:bot:")]


async def test_its_presets_are_its_declared_options_offered_by_lotr_create(harness_with_the_game):
    h = harness_with_the_game
    alice = h.user("alice")
    data = h._base(alice, locale="fr", dm_channel=None, perms=0)
    data |= {"type": 4, "data": {"id": "1", "name": "lotr", "type": 1, "options": [
        {"name": "create", "type": 1, "options": [
            {"name": "game", "type": 3, "value": ID},
            {"name": "options", "type": 3, "value": "", "focused": True}]}]}}
    await h.feed(data)
    _method, _path, payload = h.world.requests[-1]
    assert payload["data"]["choices"] == [{"name": "Nombres de 1 à 9", "value": "standard"},
                                          {"name": "Nombres de 1 à 3", "value": "quick"}]
    posts = await h.slash(alice, "create", game=ID, options="quick")
    assert table(h).options == {"high": 3} and "Numbers 1 to 3" in posts[0].content
