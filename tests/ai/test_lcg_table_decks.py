"""The decks the Card Game bot brings to a table (ai/lcg_table_decks.py): its tuned decks on Journey Down the
Anduin and Escape from Dol Guldur, never a hero the people at the table hold or would be dealt, and the game
started with them goes on identically in a fresh process (the options the game started with are stored)."""
from __future__ import annotations

import random
import sqlite3

from ai import lcg_anduin, lcg_dolguldur
from ai.lcg_table_decks import with_bot_decks
from engine.lcg import RULES
from table.service import TableService
from table.store import SqliteStore
from tests.platform.helpers import CHANNEL, GUILD, play_randomly
from tests.platform.restart_check import fingerprint, in_fresh_process

DOLGULDUR = {"scenario": "escape_from_dol_guldur"}
LEAD_SPIRIT, LORE_TACTICS = lcg_dolguldur.decks(["a", "b"]).values()   # Aragorn-Éowyn-Glóin, Glorfindel-Gimli-Beravor


def _dealt(options: dict, order: list[str]) -> dict:
    return RULES.new_game(order, options, 1)["options"]["decks"]


def test_a_bot_beside_a_player_without_a_deck_gets_the_dol_guldur_deck_that_leaves_the_player_their_starter():
    order = ["ann", "bot-normal-1"]
    options = with_bot_decks(DOLGULDUR, order, ["bot-normal-1"])
    assert options["decks"] == {"bot-normal-1": LORE_TACTICS}   # Aragorn and Glóin are the Leadership starter's
    assert _dealt(options, order) == {"ann": "leadership", "bot-normal-1": LORE_TACTICS}


def test_a_bot_in_the_first_seat_gets_the_other_dol_guldur_deck():
    order = ["bot-normal-1", "ann"]   # ann's seat deals her the Tactics starter (Gimli)
    options = with_bot_decks(DOLGULDUR, order, ["bot-normal-1"])
    assert _dealt(options, order) == {"bot-normal-1": LEAD_SPIRIT, "ann": "tactics"}


def test_a_bot_never_takes_a_hero_of_a_deck_a_player_brought():
    ann = {"heroes": ["glorfindel", "legolas", "thalin"], "cards": LORE_TACTICS["cards"]}
    options = with_bot_decks({**DOLGULDUR, "decks": {"ann": ann}}, ["ann", "bot-normal-1"], ["bot-normal-1"])
    assert options["decks"] == {"ann": ann, "bot-normal-1": LEAD_SPIRIT}


def test_a_bot_takes_no_deck_that_would_leave_another_seat_without_a_starter_deck():
    order = ["bot-normal-1", "bot-normal-2", "bot-normal-3"]
    dealt = _dealt(with_bot_decks(DOLGULDUR, order, order), order)
    # The two decks together hold a hero of every starter deck: the second bot keeps a starter deck, so that
    # the third has one too.
    assert dealt["bot-normal-1"] == LEAD_SPIRIT and isinstance(dealt["bot-normal-2"], str)
    assert isinstance(dealt["bot-normal-3"], str)
    two = order[:2]
    assert _dealt(with_bot_decks(DOLGULDUR, two, two), two) == {"bot-normal-1": LEAD_SPIRIT,
                                                                 "bot-normal-2": LORE_TACTICS}


def test_on_the_anduin_a_bot_gets_the_lone_anduin_deck_only_when_no_player_holds_its_heroes():
    assert with_bot_decks({"scenario": "journey_down_the_anduin"}, ["bot-normal-1", "ann"], ["bot-normal-1"])["decks"] == {
        "bot-normal-1": lcg_anduin.DECKS[0]}   # ann is dealt the Tactics starter
    # Théodred is the Leadership starter's: the bot keeps the Tactics starter (the pair's second deck did worse there)
    assert with_bot_decks({"scenario": "journey_down_the_anduin"}, ["ann", "bot-normal-1"], ["bot-normal-1"]) == {
        "scenario": "journey_down_the_anduin"}


def test_passage_through_mirkwood_and_a_campaign_keep_the_starter_decks():
    assert with_bot_decks({}, ["ann", "bot-normal-1"], ["bot-normal-1"]) == {}
    campaign = {"campaign": "standard"}
    assert with_bot_decks(campaign, ["ann", "bot-normal-1"], ["bot-normal-1"]) == campaign


async def test_a_table_with_a_bot_starts_with_its_deck_and_goes_on_identically_in_a_fresh_process(tmp_path):
    live = tmp_path / "live.db"
    service = await TableService.open(SqliteStore(live), snapshot_every=7)
    try:
        await service.create(CHANNEL, GUILD, "lcg", dict(DOLGULDUR), "ann", "en")
        await service.join(CHANNEL, "bot-normal-1")
        started = await service.start(CHANNEL, "ann", {"ann": 0, "bot-normal-1": 1}, seed=2026)
        assert started.options["decks"] == {"bot-normal-1": LORE_TACTICS}   # stored: replays deal it again
        assert service.view(CHANNEL, None)["options"]["decks"]["bot-normal-1"] == LORE_TACTICS
        await play_randomly(service, CHANNEL, random.Random(3), limit=20)
        moves = await play_randomly(service, CHANNEL, random.Random(4), limit=10)
        prints = fingerprint(service, CHANNEL)
    finally:
        await service.close()
    assert len(moves) == 10
    with sqlite3.connect(live) as db:   # no snapshot: the fresh process deals the game again from the options
        db.execute("DELETE FROM snapshots")
    assert in_fresh_process(live, CHANNEL, [])[-1] == prints
