"""Creating, joining, leaving and starting tables, and each refusal."""
from __future__ import annotations

import pytest

from table.errors import TableError
from tests.platform.helpers import CHANNEL, GUILD, started_race


def code(excinfo) -> str:
    return excinfo.value.code


async def test_create_join_start(open_service):
    service = await open_service()
    table = await service.create(CHANNEL, GUILD, "race", {"target": 12}, "ann", "fr")
    assert (table.status, table.players, table.creator, table.lang) == ("lobby", ["ann"], "ann", "fr")
    table = await service.join(CHANNEL, "bob")
    assert table.players == ["ann", "bob"]
    table = await service.start(CHANNEL, "ann", {"bob": 0, "ann": 1}, seed=77)
    assert (table.status, table.players, table.seed, table.seq) == ("active", ["bob", "ann"], 77, 0)
    # The engine got the players in seat order: seat 0 moves first in the fixture game.
    assert service.waiting_for(CHANNEL) == ["bob"]
    assert service.view(CHANNEL, "ann")["secret"] is not None
    assert service.view(CHANNEL, None)["secret"] is None


async def test_random_seating_draws_and_stores_a_seed(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    await service.join(CHANNEL, "bob")
    table = await service.start(CHANNEL, "ann")
    assert sorted(table.players) == ["ann", "bob"]
    assert isinstance(table.seed, int)


async def test_create_refusals(open_service):
    service = await open_service()
    with pytest.raises(TableError) as e:
        await service.create(CHANNEL, GUILD, "chess", {}, "ann", "en")
    assert code(e) == "unknown_game"
    with pytest.raises(TableError) as e:
        await service.create(CHANNEL, GUILD, "race", {"target": 1}, "ann", "en")
    assert code(e) == "bad_options" and e.value.params == {"detail": "bad_option"}
    with pytest.raises(TableError) as e:
        await service.create(CHANNEL, GUILD, "race", ["target"], "ann", "en")
    assert code(e) == "bad_options"
    assert service.table(CHANNEL) is None  # nothing was created by the refusals
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    with pytest.raises(TableError) as e:
        await service.create(CHANNEL, GUILD, "race", {}, "bob", "en")
    assert code(e) == "already_active"
    await service.create(CHANNEL + 1, GUILD, "race", {}, "bob", "en")  # another channel is fine


async def test_join_leave_refusals(open_service):
    service = await open_service()
    with pytest.raises(TableError) as e:
        await service.join(CHANNEL, "bob")
    assert code(e) == "no_table"
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    with pytest.raises(TableError) as e:
        await service.join(CHANNEL, "ann")
    assert code(e) == "already_joined"
    await service.join(CHANNEL, "bob")
    await service.join(CHANNEL, "cat")
    with pytest.raises(TableError) as e:
        await service.join(CHANNEL, "dan")
    assert code(e) == "game_full" and e.value.params == {"max": 3}
    with pytest.raises(TableError) as e:
        await service.leave(CHANNEL, "dan")
    assert code(e) == "not_in_game"
    assert (await service.leave(CHANNEL, "cat")).players == ["ann", "bob"]
    closed = await service.leave(CHANNEL, "ann")  # the creator leaving closes the lobby
    assert (closed.status, closed.reason) == ("abandoned", "creator_left")
    await service.create(CHANNEL, GUILD, "race", {}, "bob", "en")  # so the channel is free again


async def test_start_refusals(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    with pytest.raises(TableError) as e:
        await service.start(CHANNEL, "ann")
    assert code(e) == "not_enough_players" and e.value.params == {"min": 2}
    await service.join(CHANNEL, "bob")
    with pytest.raises(TableError) as e:
        await service.start(CHANNEL, "bob")
    assert code(e) == "not_creator"
    for seating in ({"ann": 0}, {"ann": 0, "bob": 0}, {"ann": 0, "bob": 2}, {"ann": 0, "bob": True},
                    {"ann": 0, "bob": 1, "cat": 2}, "alphabetical", ["ann", "bob"]):
        with pytest.raises(TableError) as e:
            await service.start(CHANNEL, "ann", seating)
        assert code(e) == "bad_seating", seating
    assert service.table(CHANNEL).status == "lobby"
    await service.start(CHANNEL, "ann", {"ann": 0, "bob": 1})
    for call in (service.start(CHANNEL, "ann"), service.join(CHANNEL, "cat"), service.leave(CHANNEL, "bob")):
        with pytest.raises(TableError) as e:
            await call
        assert code(e) == "already_started"


async def test_lobby_refusals_for_play(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    with pytest.raises(TableError) as e:
        await service.act(CHANNEL, "ann", {"type": "add", "n": 1})
    assert code(e) == "not_started"
    with pytest.raises(TableError) as e:
        service.view(CHANNEL, None)
    assert code(e) == "not_started"
    assert service.legal_actions(CHANNEL, "ann") == [] and service.waiting_for(CHANNEL) == []
    assert await service.history(CHANNEL) == []


async def test_abandon(open_service):
    service = await open_service()
    await started_race(service)
    with pytest.raises(TableError) as e:
        await service.abandon(CHANNEL, "eve")
    assert code(e) == "not_in_game"
    table = await service.abandon(CHANNEL, "bob")  # a vote, not yet everyone
    assert (table.status, table.abandon_votes) == ("active", ["bob"])
    table = await service.abandon(CHANNEL, "bob")  # voting twice counts once
    assert table.abandon_votes == ["bob"]
    table = await service.abandon(CHANNEL, "ann")  # the creator's vote is one vote: now everyone agreed
    assert (table.status, table.reason, table.abandon_votes) == ("abandoned", "vote", ["bob", "ann"])
    with pytest.raises(TableError) as e:
        await service.abandon(CHANNEL, "ann")
    assert code(e) == "no_table"

    await started_race(service, channel=CHANNEL + 1, players=("ann", "bob", "cat"))
    await service.abandon(CHANNEL + 1, "bob")
    table = await service.abandon(CHANNEL + 1, "cat")
    assert table.status == "active"  # ann has not voted
    table = await service.abandon(CHANNEL + 1, "ann", manage_channel=False)
    assert table.status == "abandoned"

    await started_race(service, channel=CHANNEL + 2)
    table = await service.abandon(CHANNEL + 2, "eve", manage_channel=True)
    assert (table.status, table.reason, table.abandon_votes) == ("abandoned", "moderator", ["eve"])
    assert table.state is not None   # the game as it stood when it was ended is kept


async def test_the_creator_alone_cannot_end_a_running_game(open_service):
    service = await open_service()
    await started_race(service, players=("ann", "bob", "cat"))
    table = await service.abandon(CHANNEL, "ann")
    assert (table.status, table.abandon_votes) == ("active", ["ann"])
    await service.create(CHANNEL + 1, GUILD, "race", {}, "ann", "en")
    table = await service.abandon(CHANNEL + 1, "ann")   # a lobby: its creator closes it
    assert (table.status, table.reason) == ("abandoned", "creator")


async def test_abandon_by_votes_only(open_service):
    service = await open_service()
    await service.create(CHANNEL, GUILD, "race", {}, "mod", "en")
    await service.join(CHANNEL, "bob")
    await service.join(CHANNEL, "cat")
    await service.leave(CHANNEL, "bob")
    await service.join(CHANNEL, "bob")
    await service.start(CHANNEL, "mod", {"mod": 0, "bob": 1, "cat": 2})
    assert (await service.abandon(CHANNEL, "bob")).status == "active"
    assert (await service.abandon(CHANNEL, "cat")).status == "active"
    table = await service.abandon(CHANNEL, "mod")
    assert table.status == "abandoned"


async def test_returned_tables_are_copies(open_service):
    service = await open_service()
    table = await service.create(CHANNEL, GUILD, "race", {}, "ann", "en")
    table.players.append("mallory")
    table.status = "over"
    assert service.table(CHANNEL).players == ["ann"] and service.table(CHANNEL).status == "lobby"


async def test_guild_settings(open_service, db_path):
    service = await open_service()
    assert (await service.guild_settings(GUILD)).reminder_minutes == 60
    s = await service.set_guild_settings(GUILD, lang="fr", reminder_minutes=5, timeout_minutes=30,
                                         timeout_outcome="abandon")
    assert (s.lang, s.reminder_minutes, s.timeout_minutes, s.timeout_outcome) == ("fr", 5, 30, "abandon")
    for bad in ({"lang": "de"}, {"reminder_minutes": 0}, {"timeout_minutes": "10"},
                {"timeout_outcome": "draw"}, {"colour": "red"}, {"reminder_minutes": True}):
        with pytest.raises(TableError) as e:
            await service.set_guild_settings(GUILD, **bad)
        assert code(e) == "bad_settings"
    await service.close()
    service = await open_service()
    assert (await service.guild_settings(GUILD)).timeout_outcome == "abandon"


def test_every_table_error_code_has_text_in_both_languages():
    import i18n
    codes = ["already_active", "no_table", "unknown_game", "bad_options", "already_joined", "game_full",
             "not_enough_players", "already_started", "not_creator", "bad_seating", "not_in_game",
             "not_started", "game_over", "broken", "stale", "not_your_turn", "bad_action",
             "timeout_not_reached", "waiting_on_you", "bad_settings", "storage_failed", "elsewhere"]
    for lang in i18n.LANGUAGES:
        for c in codes:
            assert i18n.has(f"table.{c}", lang), (lang, c)
    assert TableError("game_full", max=2).text("fr") == "Cette partie est complète (2 joueurs)."


async def test_a_player_brings_their_own_deck_to_the_lobby(open_service):
    from cards.lcg_decklist import read_deck
    from tests.platform.test_console_lcg import DECK_LIST
    deck = read_deck(DECK_LIST)
    service = await open_service()
    await service.create(CHANNEL, GUILD, "lcg", {}, "ann", "en")
    await service.join(CHANNEL, "bob")
    await service.join(CHANNEL, "cid")
    with pytest.raises(TableError) as e:
        await service.bring(CHANNEL, "dan", "decks", deck)
    assert code(e) == "not_in_game"
    with pytest.raises(TableError) as e:
        await service.bring(CHANNEL, "bob", "easy", True)
    assert code(e) == "bad_options"  # not an option of a player's own
    with pytest.raises(TableError) as e:
        await service.bring(CHANNEL, "bob", "decks", {"heroes": ["aragorn"], "cards": ["gandalf"]})
    assert code(e) == "bad_options" and e.value.params["detail"] == "bad_deck"
    # The refusal says which deck-building rule, in the reader's language.
    assert e.value.text("en") == ("These options are not valid for this game: This deck cannot be used: "
                                  "A deck needs at least 50 cards (this one has 1).")
    assert e.value.text("fr").startswith("Ces options ne sont pas valables pour ce jeu : Ce deck ne peut pas")
    table = await service.bring(CHANNEL, "bob", "decks", deck)
    assert table.options["decks"] == {"bob": deck}
    table = await service.bring(CHANNEL, "cid", "decks", "lore")
    table = await service.leave(CHANNEL, "cid")
    assert table.options["decks"] == {"bob": deck}  # who leaves takes their deck along
    table = await service.start(CHANNEL, "ann", {"bob": 0, "ann": 1}, seed=5)
    state = service.table(CHANNEL).state
    bob = state["players"]["bob"]
    assert sorted(state["ids"][u] for u in bob["heroes"]) == ["aragorn", "gloin", "theodred"]
    assert len(bob["deck"]) + len(bob["hand"]) == 51
    with pytest.raises(TableError) as e:
        await service.bring(CHANNEL, "bob", "decks", deck)
    assert code(e) == "already_started"
