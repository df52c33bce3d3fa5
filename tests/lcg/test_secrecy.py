"""Secrets along whole games: whether a player is asked for a response must not tell the others what
is in their hand (docs/lcg.md, "Responses").

Two twin states differ only in which cards are in one player's hand: a card of their hand swapped with
one of their deck (same position). Both are played forward with the same actions; until the owner acts
on the difference (plays or chooses a card only one twin holds) or the game shows one of the swapped
cards, every other player must see exactly the same thing in both twins: the same view (the decision
asked, to whom, the events) and the same legal actions of their own.
"""
import json
import random

import pytest

from engine.lcg.effects import REGISTRY, load_all
from engine.lcg.state import clone
from tests.conformance.properties import random_steps

from .helpers import R, at, respond, table, to_hand, until

PLAYERS = ["a", "b", "c", "d"]
load_all()
RESPONSE_EVENTS = {cid for cid, d in REGISTRY.items() if any(a.kind == "play_response" for a in d.abilities)}


def canon(actions):
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def twin(s, owner, rnd):
    """`s` with one card of `owner`'s hand swapped with one of their deck (preferring response events,
    which are what a response prompt could betray). None when no such swap exists."""
    pl = s["players"][owner]
    if any(("deck:" + owner) in seen for seen in s["seen"].values()):
        return None, ()
    pairs = [(i, j) for i, h in enumerate(pl["hand"]) for j, d in enumerate(pl["deck"])
             if s["ids"][h] != s["ids"][d]]
    if not pairs:
        return None, ()
    hot = [(i, j) for i, j in pairs
           if s["ids"][pl["hand"][i]] in RESPONSE_EVENTS or s["ids"][pl["deck"][j]] in RESPONSE_EVENTS]
    i, j = rnd.choice(hot or pairs)
    t = clone(s)
    tp = t["players"][owner]
    h, d = tp["hand"][i], tp["deck"][j]
    tp["hand"][i], tp["deck"][j] = d, h
    return t, (h, d)


def hidden(s, owner, uids):
    pl = s["players"][owner]
    return all(u in pl["hand"] or u in pl["deck"] for u in uids)


def play_twins(a, b, owner, swapped, rnd, steps=150):
    """Play both twins with the same actions while they must stay alike for every other player.
    Returns how many response prompts were compared."""
    others = [p for p in a["order"] if p != owner]
    prompts = 0
    for _ in range(steps):
        if R.result(a) or R.result(b) or not (hidden(a, owner, swapped) and hidden(b, owner, swapped)):
            break
        if any(a["seen"][p] != b["seen"][p] for p in others):
            break   # another player looked at the owner's deck: they may rightly know more now
        for p in others:
            assert R.view(a, p) == R.view(b, p), (p, a["decision"], b["decision"])
            assert canon(R.legal_actions(a, p)) == canon(R.legal_actions(b, p))
        assert R.view(a, None) == R.view(b, None)
        assert R.waiting_for(a) == R.waiting_for(b)
        player = rnd.choice(R.waiting_for(a))   # an action window waits for several players at once
        if a["decision"]["kind"] == "respond" and player == owner:
            prompts += 1
        la, lb = canon(R.legal_actions(a, player)), canon(R.legal_actions(b, player))
        common = sorted(set(la) & set(lb))
        if player != owner:
            assert la == lb
        if not common:
            break   # the owner must act on the difference
        quiet = [c for c in common if json.loads(c)["type"] in ("pass", "decline", "done", "keep")]
        pick = rnd.choice(quiet) if quiet and rnd.random() < 0.6 else rnd.choice(common)
        action = json.loads(pick)
        a, _ = R.apply(a, player, action)
        b, _ = R.apply(b, player, action)
    return prompts


def quiet_half_the_time(rnd, acts):
    """A random action, half the time one that lets the game move on (pass, decline, done, keep)."""
    quiet = [x for x in acts if x["type"] in ("pass", "decline", "done", "keep")]
    return rnd.choice(quiet) if quiet and rnd.random() < 0.5 else rnd.choice(acts)


@pytest.mark.parametrize("players", [2, 4])
def test_twin_hands_look_the_same_to_the_other_players(players):
    """Starter decks hold response events (A Test of Will, Hasty Stroke, Swift Strike, Valiant Sacrifice,
    Strength of Will): swapping one of them between hand and deck changes nothing the others see."""
    names = PLAYERS[:players]
    prompts = 0
    for seed in range(8 // players + 2):
        rnd = random.Random(seed)
        s = R.new_game(names, {"first_player": names[0]}, seed)
        s = random_steps(R, s, rnd, rnd.randrange(len(names), 120), quiet_half_the_time)
        if R.result(s):
            continue
        for owner in names:
            t, swapped = twin(s, owner, rnd)
            if t is None:
                continue
            prompts += play_twins(s, t, owner, swapped, random.Random(rnd.random()))
    assert prompts > 0   # response prompts were really compared


def test_a_response_prompt_does_not_depend_on_holding_the_response():
    """A Test of Will in hand or in the deck: the Spirit player is asked at the reveal either way; holding
    it, they may play it; without it, they may only decline, and the others cannot tell the difference."""
    s = table(["eowyn", "eleanor", "dunhere"], players=2)
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["res"] = 1
    held = to_hand(s, "a", "a_test_of_will")
    other = to_hand(s, "a", "wandering_took")
    twin_ = clone(s)
    p = twin_["players"]["a"]
    p["hand"].remove(held)
    j = p["deck"].index(next(u for u in p["deck"] if twin_["ids"][u] == "stand_and_fight"))
    p["hand"].append(p["deck"][j])
    p["deck"][j] = held
    from .helpers import on_top
    on_top(s, "king_spider")
    on_top(twin_, "king_spider")
    worlds = []
    for w in (s, twin_):
        w = until(w, lambda x: x["decision"]["kind"] == "respond" and x["decision"]["ev"]["name"] == "revealed")
        worlds.append(w)
    x, y = worlds
    assert x["decision"]["player"] == y["decision"]["player"] == "a"
    assert R.view(x, "b") == R.view(y, "b")
    assert {"type": "respond", "card": held, "pay": {x["players"]["a"]["heroes"][0]: 1}} in R.legal_actions(x, "a")
    assert R.legal_actions(y, "a") == [{"type": "decline"}]
    assert other in x["players"]["a"]["hand"]
    spider = x["decision"]["ev"]["card"]
    x = respond(x, held)
    assert [e["card"] for e in x["log"] if e["type"] == "cancelled"] == [spider]


def test_no_prompt_when_no_card_of_the_deck_could_respond():
    """Without a response event left in hand or deck (nor a response in play), nobody is asked."""
    s = table(["eowyn", "eleanor", "dunhere"], players=1)
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["res"] = 1
    to_hand(s, "a", "wandering_took")
    pl = s["players"]["a"]
    for u in [u for u in pl["deck"] if s["ids"][u] in RESPONSE_EVENTS]:
        pl["deck"].remove(u)
        pl["discard"].append(u)
    from .helpers import on_top
    on_top(s, "king_spider")
    s = until(s, lambda x: any(e["type"] == "revealed" for e in x["log"]) or at("respond")(x))
    assert not at("respond")(s)


def test_no_prompt_when_the_response_could_not_be_paid_or_the_hand_is_empty():
    s = table(["eowyn", "eleanor", "dunhere"], players=1)
    from .helpers import on_top
    on_top(s, "king_spider")
    to_hand(s, "a", "a_test_of_will")   # no resources: A Test of Will could not be paid
    s = until(s, lambda x: any(e["type"] == "revealed" for e in x["log"]) or at("respond")(x))
    assert not at("respond")(s)
    s = table(["eowyn", "eleanor", "dunhere"], players=1)
    for h in s["players"]["a"]["heroes"]:
        s["inplay"][h]["res"] = 1
    on_top(s, "king_spider")   # resources, a Test of Will in the deck, but an empty hand
    s = until(s, lambda x: any(e["type"] == "revealed" for e in x["log"]) or at("respond")(x))
    assert not at("respond")(s)


# ---- face-down encounter cards: shadow cards and the encounter deck ---------------------------------

def face_down(s, uid):
    """Whether nobody has seen this encounter card's face: in the deck, or a shadow card not yet turned."""
    if uid in s["edeck"]:
        return all("encounter" not in seen or seen["encounter"]["uid"] != uid for seen in s["seen"].values())
    return any(uid in r["shadow"] and uid not in r.get("shadow_up", []) for r in s["inplay"].values())


def swap_cards(s, u1, u2):
    """A twin of `s` where the two uids name each other's card (the uids stay where they are)."""
    t = clone(s)
    t["ids"] = dict(s["ids"])
    t["ids"][u1], t["ids"][u2] = s["ids"][u2], s["ids"][u1]
    return t


@pytest.mark.parametrize("seed", [3, 5])
def test_twin_face_down_shadow_cards_and_encounter_deck_look_the_same_to_everyone(seed):
    """A face-down shadow card swapped with a card of the encounter deck, and two cards of the deck
    swapped: as long as both stay face down, no player (nor a spectator) sees any difference."""
    names = ["a", "b"]
    s = R.new_game(names, {"first_player": "a"}, seed)
    rnd = random.Random(seed)
    s = until(s, lambda x: any(r["shadow"] for r in x["inplay"].values()) and x["phase"] == "combat")
    shadow = next(u for r in s["inplay"].values() for u in r["shadow"])
    deck = [u for u in s["edeck"] if s["ids"][u] != s["ids"][shadow]]
    pairs = [(shadow, deck[0])]
    pairs.append(next((u, v) for u in s["edeck"] for v in s["edeck"] if s["ids"][u] != s["ids"][v]))
    compared = 0
    for u1, u2 in pairs:
        a, b = s, swap_cards(s, u1, u2)
        for _ in range(60):
            if R.result(a) or not (face_down(a, u1) and face_down(a, u2)):
                break
            for p in names + [None]:
                assert R.view(a, p) == R.view(b, p)
            assert R.waiting_for(a) == R.waiting_for(b)
            compared += 1
            player = rnd.choice(R.waiting_for(a))
            la, lb = canon(R.legal_actions(a, player)), canon(R.legal_actions(b, player))
            assert la == lb
            action = json.loads(rnd.choice(la))
            a, _ = R.apply(a, player, action)
            b, _ = R.apply(b, player, action)
    assert compared > 10


def test_card_uids_are_drawn_at_random_for_each_game():
    """The uid of a card says nothing of it: over a few games the same uid names different cards, and
    the copies of one card get different uids, for the encounter deck as for the players' decks."""
    games = [R.new_game(["a"], {"first_player": "a"}, seed) for seed in range(8)]
    assert len({g["ids"]["e01"] for g in games}) > 2
    assert len({g["ids"]["p1c01"] for g in games}) > 2
    firsts = {min(u for u, c in g["ids"].items() if c == "forest_spider") for g in games}
    assert len(firsts) > 2
