"""The Card Game's table through the offline Discord harness (issue 26): decks brought from RingsDB (a
recorded decklist) and from an OCTGN .o8d file through the lobby's form, a fellowship seating its decks,
a card outside the Core Set refused by name; a player alone is never asked an action window in which they
could only pass; the hand's card texts in the DM."""
from __future__ import annotations

import pytest

from ai import lcg as bot
from bot.controls import controls_for
from i18n import t
from present import lcg as text
from table import deck_fetch
from tests.bot.harness import Harness
from tests.bot.helpers import controls_post, do, service, table
from tests.lcg.recorded import FIXTURES, Recorded


@pytest.fixture(autouse=True)
def recorded(monkeypatch):
    fetcher = Recorded()
    monkeypatch.setattr(deck_fetch, "FETCHER", fetcher)
    return fetcher


def _spends_at_once(legal: list[dict]) -> dict:
    """A player who plays the first card they can pay for and keeps their opening hand (the bot before issue
    26's planning): their resources are gone early, so most later windows have nothing to play."""
    first = {"keep": 0, "play": 1, "commit": 2, "defend": 2, "attack": 2, "attacker": 2, "choose": 3, "respond": 3}
    return min(legal, key=lambda a: first.get(a["type"], 9))


async def _lobby(h: Harness, *players: str):
    uids = [h.user(name) for name in players]
    lobby = next(p for p in await h.slash(uids[0], "create", game="lcg") if p.where == "channel")
    for uid in uids[1:]:
        await h.slash(uid, "join")
    return lobby, uids


async def _bring(h: Harness, uid: int, lobby, value: str, locale: str = "en") -> str:
    button = f"lotr:form:{table(h).id}:lcg"
    modal = next(p for p in await h.click(uid, lobby, button, locale=locale) if p.where == "modal")
    got = await h.submit(uid, modal, {"text": value}, locale=locale)
    return "\n".join(p.text() for p in got if p.where == "ephemeral" and p.recipient == uid)


def _heroes(h: Harness, uid: int) -> list[str]:
    state = table(h).state
    return sorted(state["ids"][u] for u in state["players"][str(uid)]["heroes"])


async def test_a_ringsdb_link_and_an_o8d_file_seat_their_decks(harness: Harness, recorded):
    h = harness
    lobby, (alice, bob) = await _lobby(h, "alice", "bob")
    said = await _bring(h, alice, lobby, "https://ringsdb.com/decklist/view/23580/axes-and-lore")
    assert "Your deck is in: Gimli, Legolas, Beravor and 50 cards" in said
    assert recorded.asked == ["https://ringsdb.com/api/public/decklist/23580"]
    said = await _bring(h, bob, lobby, (FIXTURES / "dol_guldur_lead_spirit.o8d").read_text("utf-8"), locale="fr")
    assert "Votre deck est pris : Aragorn, Éowyn, Théodred et 50 cartes" in said
    await h.slash(alice, "start")
    assert table(h).status == "active"
    assert _heroes(h, alice) == ["beravor", "gimli", "legolas"] and _heroes(h, bob) == ["aragorn", "eowyn", "theodred"]


async def test_a_card_outside_the_core_set_is_refused_by_name(harness: Harness):
    h = harness
    lobby, (alice,) = await _lobby(h, "alice")
    said = await _bring(h, alice, lobby, "ringsdb.com/decklist/view/31004", locale="fr")
    assert "Bilbo Baggins" in said and "boîte de base" in said
    assert "decks" not in table(h).options


async def test_a_fellowship_seats_all_its_decks_at_once(harness: Harness):
    h = harness
    lobby, (alice, bob) = await _lobby(h, "alice", "bob")
    said = await _bring(h, bob, lobby, "https://ringsdb.com/decklist/view/23517\nhttps://ringsdb.com/decklist/view/23580")
    assert "Two heroes share the title Legolas" in said and "decks" not in table(h).options  # nothing seated
    said = await _bring(h, bob, lobby, "23580 https://ringsdb.com/decklist/view/31004")
    assert "Bilbo Baggins" in said and "decks" not in table(h).options
    said = await _bring(h, bob, lobby, "23580 23579 23517")
    assert "3 decks" in said and "seats 2" in said
    said = await _bring(h, bob, lobby, "https://ringsdb.com/decklist/view/23579 https://ringsdb.com/decklist/view/23580")
    assert said == t("lcg_table.deck.fellowship_done", "en", decks="Aragorn, Théodred, Éowyn; Gimli, Legolas, Beravor")
    await h.slash(alice, "start")
    assert _heroes(h, bob) == ["aragorn", "eowyn", "theodred"] and _heroes(h, alice) == ["beravor", "gimli", "legolas"]


async def _alone(h: Harness) -> int:
    alice = h.user("alice")
    await h.slash(alice, "create", game="lcg")
    await h.slash(alice, "start")
    assert table(h).status == "active" and table(h).options.get("auto_pass_alone") is True
    return alice


async def test_a_player_alone_is_never_asked_a_window_with_nothing_to_play(harness: Harness):
    h = harness
    alice = await _alone(h)
    me = str(alice)
    asked = 0
    while service(h).view(h.channel_id, None)["round"] < 3 and table(h).status == "active":
        legal = service(h).legal_actions(h.channel_id, me)
        decision = service(h).view(h.channel_id, None)["decision"]
        assert len(legal) > 1, decision  # a single choice was taken at once
        if decision["kind"] == "window":
            assert legal != [{"type": "pass"}]
            asked += 1
        want = _spends_at_once(legal)
        await do(h, alice, lambda a, want=want: a == want)
    log = service(h).view(h.channel_id, None)["log"]
    skipped = [e for e in log if e["type"] == "passed" and e.get("auto")]
    assert skipped and asked < len(skipped)  # most windows asked nothing
    said = [text.describe_event(e, service(h).view(h.channel_id, me), "en", {me: "You"}) for e in skipped]
    assert all(line.startswith("You pass") and "nothing" in line for line in said)


async def test_cards_in_play_are_read_on_demand_and_a_payment_menu_is_left_with_back(harness: Harness):
    h = harness
    alice = await _alone(h)
    me = str(alice)
    view = service(h).view(h.channel_id, me)
    hand = "\n".join(p.text() for p in h.dms(alice))
    assert all(line.split("\n")[1].strip() in hand for line in text.hand_lines(view, "en") if "\n" in line)
    # Read a card: its text comes privately, and the decision is still open.
    _, controls = controls_for(h.client.service, table(h), me)
    read = next(c for c in controls if getattr(c, "key", "") == "read")
    option = read.options[0]
    seq, decision = table(h).seq, table(h).decision_id
    posts = await h.click(alice, controls_post(h, alice), f"lotr:m:{table(h).id}:{decision}:read", values=[option.key])
    assert [p.where for p in posts] == ["ephemeral"] and text.card_text(text.readable(view)[0][1], "en") in posts[0].text()
    assert table(h).seq == seq and table(h).decision_id == decision
    # To the planning window, then a card with several ways to pay: its sub-menu has "back".
    while service(h).view(h.channel_id, None)["decision"].get("name") != "planning":
        await do(h, alice, lambda a: a["type"] in ("keep", "pass"))
    _, controls = controls_for(h.client.service, table(h), me)
    menu = next(c for c in controls if getattr(c, "key", "") == "play")
    ways = next(o for o in menu.options if o.menu is not None)
    decision = table(h).decision_id
    posts = await h.click(alice, controls_post(h, alice), f"lotr:m:{table(h).id}:{decision}:play", values=[ways.key])
    sub = next(p for p in posts if p.where == "ephemeral" and p.custom_ids())
    posts = await h.click(alice, sub, sub.custom_ids()[0], values=["back"])
    assert table(h).decision_id == decision and service(h).view(h.channel_id, None)["decision"]["name"] == "planning"
    assert any(t("lcg_table.menu.left", "en") in p.text() for p in posts)
    await do(h, alice, lambda a: a["type"] == "pass")   # the first controls still answer
    assert table(h).decision_id != decision



async def test_with_others_auto_pass_is_each_players_own_setting_from_the_lobby(harness: Harness):
    h = harness
    lobby, (alice, bob) = await _lobby(h, "alice", "bob")
    switch = f"lotr:sw:{table(h).id}:auto_pass"
    assert switch in lobby.custom_ids()
    menu = next(c for c in lobby.message["components"][-1]["components"] if c.get("custom_id") == switch)
    assert [o["value"] for o in menu["options"]] == ["on", "off"] and "others see" in menu["options"][0]["description"]
    posts = await h.click(bob, lobby, switch, values=["on"])
    assert any("Auto-pass is on for you" in p.text() and "tells them you could play nothing" in p.text()
               for p in posts if p.where == "ephemeral" and p.recipient == bob)
    assert table(h).options["auto_pass"] == {str(bob): True}
    await h.slash(alice, "start")
    uids = {str(alice): alice, str(bob): bob}
    alice_only_pass = 0
    while service(h).view(h.channel_id, None)["round"] < 3 and table(h).status == "active":
        player = service(h).waiting_for(h.channel_id)[0]
        legal = service(h).legal_actions(h.channel_id, player)
        if service(h).view(h.channel_id, None)["decision"]["kind"] == "window" and legal == [{"type": "pass"}]:
            assert player == str(alice)   # Bob is never asked a window with nothing to play; Alice is
            alice_only_pass += 1
        want = bot.choose(service(h).view(h.channel_id, player), legal)
        await do(h, uids[player], lambda a, want=want: a == want)
    log = service(h).view(h.channel_id, None)["log"]
    assert alice_only_pass and {e["player"] for e in log if e["type"] == "passed" and e.get("auto")} == {str(bob)}
