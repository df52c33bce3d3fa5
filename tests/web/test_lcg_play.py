"""The Card Game played on its cards on a seat's page (web/lcg_play.py, web/choices.py's picks): characters
committed by ticking them, a card played from the hand by clicking it and paid by clicking a hero, or by a
way naming its heroes and amounts beside the card (each hero's resources shown), a player chosen, a defender
and an enemy to attack clicked on the cards; each sends the form of the seat's own control (POST
/t/<table>/me/act), only what its legal actions offer is a button, and another seat's page never lists the
seat's hand (the table-talk rule)."""
from __future__ import annotations

import random
import re
from html import unescape

from i18n import t
from present import lcg as words
from tests.web.conftest import start_game

CHANNEL = 1600


async def _until(site, want, *, seed: int = 5, moves: int = 400):
    """A Card Game table played at random (seeded) until the player it waits for has legal actions that
    `want` accepts; that player and a session for each player."""
    table = await start_game(site.service, "lcg", CHANNEL, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        player = site.service.waiting_for(CHANNEL)[0]
        legal = site.service.legal_actions(CHANNEL, player)
        if want(legal):
            break
        await site.service.act(CHANNEL, player, rnd.choice(legal))
    else:
        raise AssertionError("never asked")
    cookies = {}
    for p in table.players:
        secret = await site.web.records.new_link(p, table.id, site.clock())
        cookies[p] = {"Cookie": f"lotr_session={(await site.web.records.spend(secret, site.clock())).secret}"}
    return table, player, cookies


async def _page(site, table, headers, query: str = "") -> str:
    async with site.http.get(site.url(f"/t/{table.id}/me?lang=en{query}"), headers=headers) as answer:
        assert answer.status == 200
        return unescape(await answer.text())


async def _sent(site, table, headers, fields) -> tuple[int, dict]:
    async with site.http.post(site.url(f"/t/{table.id}/me/act"), data=fields,
                              headers={**headers, "Origin": site.local, "Accept": "application/json"}) as answer:
        return answer.status, await answer.json()


def _panel(html: str) -> str:
    found = re.search(r'<section class="lcg-play".*?</section>', html, re.S)
    return found.group(0) if found else ""


def _cards(panel: str, cls: str = "primary") -> list[tuple[str, dict[str, str]]]:
    """The cards that are buttons on the panel (or the ways to pay beside one: class "primary lcg-way"), in
    order: each name with the fields its click sends."""
    out = []
    for form in re.findall(r'<form method="post"[^>]*class="act pick">(.*?)</form>', panel, re.S):
        button = re.search(rf'<button type="submit" name="([bo])" value="([^"]*)" class="{cls}"[^>]*>([^<]*)</button>', form)
        if button:
            fields = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))
            out.append((button.group(3), {**fields, button.group(1): button.group(2)}))
    return out


def _names(site, player: str, uids) -> list[str]:
    view = site.service.view(CHANNEL, player)
    return sorted(words.uid_label(u, view, "en") for u in uids)


async def test_characters_are_committed_by_ticking_them_on_the_cards(site):
    table, player, cookies = await _until(site, lambda legal: sum(a["type"] == "commit" for a in legal) >= 2)
    commits = [a["card"] for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "commit"]
    panel = _panel(await _page(site, table, cookies[player]))
    boxes = re.findall(r'<input type="checkbox" name="o" value="([^"]*)" form="lcg-several"> <span>([^<]*)</span>', panel)
    assert sorted(name for _, name in boxes) == _names(site, player, commits)
    form = re.search(r'<form[^>]*id="lcg-several">(.*?)</form>', panel).group(1)
    fields = list(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))
    assert (await _sent(site, table, cookies[player], fields + [("o", boxes[0][0]), ("o", boxes[1][0])]))[0] == 200
    assert sorted(words.uid_label(u, site.service.view(CHANNEL, player), "en")
                  for u in site.service.view(CHANNEL, None)["committed"]) == sorted([boxes[0][1], boxes[1][1]])


def _paid_by_heroes(legal: list[dict]) -> bool:
    """A card of the hand that may be paid in several ways, each by one hero."""
    ways: dict[str, list[dict]] = {}
    for a in legal:
        if a["type"] == "play":
            ways.setdefault(a["card"], []).append(a)
    return any(len(w) > 1 and all(len(a["pay"]) == 1 and "x" not in a for a in w) for w in ways.values())


async def test_a_card_is_played_from_the_hand_by_clicking_it_then_paid_by_clicking_a_hero(site):
    table, player, cookies = await _until(site, _paid_by_heroes)
    legal = site.service.legal_actions(CHANNEL, player)
    card = next(c for c in {a["card"] for a in legal if a["type"] == "play"}
                if sum(a.get("card") == c for a in legal) > 1 and _paid_by_heroes([a for a in legal if a.get("card") == c]))
    html = await _page(site, table, cookies[player])
    hand = _panel(html).split("<h3>")[1]
    assert hand.startswith(t("web.cards.hand", "en"))
    playable = {a["card"] for a in legal if a["type"] in ("play", "respond", "activate")}
    in_hand = [c["uid"] for c in site.service.view(CHANNEL, player)["hand"]]
    assert sorted(name for name, _ in _cards(hand)) == _names(site, player, [u for u in in_hand if u in playable])
    name = words.uid_label(card, site.service.view(CHANNEL, player), "en")
    status, said = await _sent(site, table, cookies[player], dict(_cards(hand))[name])
    assert status == 200 and said["step"]
    html = await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}")
    heroes = _cards(_panel(html))
    payers = [next(iter(a["pay"])) for a in legal if a["type"] == "play" and a["card"] == card]
    assert sorted(n for n, _ in heroes) == _names(site, player, payers)
    assert (await _sent(site, table, cookies[player], heroes[-1][1]))[0] == 200
    assert card not in [c["uid"] for c in site.service.view(CHANNEL, player)["hand"]]


async def test_a_defender_is_chosen_by_clicking_the_character(site):
    table, player, cookies = await _until(site, lambda legal: any(a["type"] == "defend" for a in legal))
    defenders = [a["card"] for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "defend"]
    shown = _cards(_panel(await _page(site, table, cookies[player])))
    assert sorted(n for n, _ in shown) == _names(site, player, defenders)
    seq = site.service.table(CHANNEL).seq
    assert (await _sent(site, table, cookies[player], shown[0][1]))[0] == 200
    assert site.service.table(CHANNEL).seq == seq + 1
    action = (await site.service.store.actions(table.id))[-1]
    assert action.action["type"] == "defend" and words.uid_label(action.action["card"], site.service.view(
        CHANNEL, player), "en") == shown[0][0]


async def test_an_enemy_is_attacked_by_clicking_it_and_a_stale_click_changes_nothing(site):
    table, player, cookies = await _until(site, lambda legal: any(a["type"] == "attack" for a in legal))
    enemies = [a["enemy"] for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "attack"]
    shown = _cards(_panel(await _page(site, table, cookies[player])))
    assert sorted(n for n, _ in shown) == _names(site, player, enemies)
    assert (await _sent(site, table, cookies[player], shown[0][1]))[0] == 200
    seq = site.service.table(CHANNEL).seq
    assert (await _sent(site, table, cookies[player], shown[0][1]))[0] == 409
    assert site.service.table(CHANNEL).seq == seq


async def test_no_page_lists_another_seats_hand_on_the_cards(site):
    table, player, cookies = await _until(site, lambda legal: any(a["type"] == "play" for a in legal))
    other = next(p for p in table.players if p != player)
    hand = site.service.view(CHANNEL, player)["hand"]
    theirs = await _page(site, table, cookies[other])
    assert not any(c["uid"] in theirs for c in hand)  # not a uid of it, in a button's key or elsewhere
    mine = _panel(await _page(site, table, cookies[player]))
    assert all(words.uid_label(c["uid"], site.service.view(CHANNEL, player), "en") in mine for c in hand)


def _targets(legal: list[dict]) -> bool:
    """A choice among heroes in play (an effect's target)."""
    chosen = [a["choice"] for a in legal if a["type"] == "choose"]
    return len(chosen) > 1 and all(isinstance(c, str) and re.fullmatch(r"p\dh\d", c) for c in chosen)


async def test_an_effects_target_is_chosen_by_clicking_the_card(site):
    table, player, cookies = await _until(site, _targets, seed=6)
    targets = [a["choice"] for a in site.service.legal_actions(CHANNEL, player) if a["type"] == "choose"]
    panel = _panel(await _page(site, table, cookies[player]))
    shown = _cards(panel)
    assert sorted(n for n, _ in shown) == _names(site, player, targets)
    assert (await _sent(site, table, cookies[player], shown[-1][1]))[0] == 200
    action = (await site.service.store.actions(table.id))[-1]
    assert action.action["type"] == "choose" and action.action["choice"] in targets
    assert words.uid_label(action.action["choice"], site.service.view(CHANNEL, player), "en") == shown[-1][0]


def _shared(legal: list[dict]) -> bool:
    """A card of the hand to pay among several ways (a menu of them), one shared by several heroes."""
    plays = [a for a in legal if a["type"] == "play"]
    return len(plays) > 4 and any(isinstance(a.get("pay"), dict) and len(a["pay"]) > 1 and "x" not in a and
                                  sum(b["card"] == a["card"] for b in plays) > 1 for a in plays)


async def test_a_payment_shared_by_heroes_is_a_way_beside_the_card_with_each_heros_resources(site):
    table, player, cookies = await _until(site, _shared, seed=3)
    legal = site.service.legal_actions(CHANNEL, player)
    view = site.service.view(CHANNEL, player)
    card = next(a["card"] for a in legal if a["type"] == "play" and len(a.get("pay") or {}) > 1)
    hand = _panel(await _page(site, table, cookies[player])).split("<h3>")[1]
    _, said = await _sent(site, table, cookies[player], dict(_cards(hand))[words.uid_label(card, view, "en")])
    panel = _panel(await _page(site, table, cookies[player], f"&step={said['step']}&v={site.service.table(CHANNEL).decision_id}"))
    ways = [a for a in legal if a["type"] == "play" and a["card"] == card]
    shown = dict(_cards(panel, "primary lcg-way"))
    assert set(shown) == {words.describe_action(a, view, "en") for a in ways}, "exactly the legal ways"
    assert t("web.lcg.ways", "en", card=words.uid_label(card, view, "en")) in panel
    for hero in view["players"][view["you"]]["heroes"]:
        said = t("web.lcg.resources", "en", count=hero["resources"])
        assert re.search(re.escape(words.uid_label(hero["uid"], view, "en")) + r'(</button></form>)? <small class="lcg-resources">'
                         + re.escape(said), panel)
    shared = next(a for a in ways if len(a["pay"]) > 1)
    seq = site.service.table(CHANNEL).seq
    forged = {**shown[words.describe_action(shared, view, "en")], "o": "77"}
    assert (await _sent(site, table, cookies[player], forged))[0] == 400  # a forged key: nothing changed
    assert site.service.table(CHANNEL).seq == seq
    assert (await _sent(site, table, cookies[player], shown[words.describe_action(shared, view, "en")]))[0] == 200
    assert (await site.service.store.actions(table.id))[-1].action == shared


async def test_a_player_is_chosen_by_a_button_in_the_card_panel(site):
    def a_player(legal: list[dict]) -> bool:
        return any(a["type"] == "choose" and a["choice"] in site.service.table(CHANNEL).players for a in legal)

    table, player, cookies = await _until(site, a_player, seed=6)
    legal = site.service.legal_actions(CHANNEL, player)
    view = site.service.view(CHANNEL, player)
    chosen = [a for a in legal if a["type"] == "choose" and a["choice"] in view["players"]]
    panel = _panel(await _page(site, table, cookies[player]))
    players = re.search(r'<div class="buttons lcg-players">(.*?)</div>', panel, re.S).group(1)
    buttons = re.findall(r'<button type="submit" name="([bo])" value="([^"]*)" class="primary lcg-player"[^>]*>([^<]*)</button>', players)
    assert {label.split(" — ")[0] for _, _, label in buttons} == {words.describe_action(a, view, "en") for a in chosen}
    form = re.search(r'<form method="post"[^>]*class="act pick">(.*?)</form>', players, re.S).group(1)
    fields = dict(re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form))
    name, key, label = buttons[0]
    assert (await _sent(site, table, cookies[player], {**fields, name: key}))[0] == 200
    taken = (await site.service.store.actions(table.id))[-1].action
    assert taken in chosen and words.describe_action(taken, view, "en") == label.split(" — ")[0]
