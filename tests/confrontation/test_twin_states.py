"""The information-set property along whole games, not just at one instant.

Two twin states differ only in which character stands on each of the opponent's hidden pieces.
Both are played forward with the same actions. Until the opponent makes a choice only one twin allows
(a secret the opponent may legitimately act on), the viewer must see exactly the same thing in both:
the same view (decision asked, events, board) and the same legal actions. A decision whose very
existence depended on a hidden identity (Sam beside Frodo, Gandalf nearby, the Balrog in Caradhras,
Gwaihir in hand) would make the twins' views differ.
"""
import json
import random

import pytest

import engine
from engine.confrontation.state import clone, knows
from tests.conformance.properties import random_steps

R = engine.get_rules("confrontation")
PLAYERS = ["fp", "sp"]
SIDE = {"fp": "fellowship", "sp": "sauron"}


def canon(actions):
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def twin(state, viewer_side, rnd):
    """The same state with two of the opponent's pieces unknown to the viewer swapping characters
    (a small difference keeps the twins alike for longer, so more decisions get compared)."""
    t = clone(state)
    hidden = [p for p in t["pieces"] if p["side"] != viewer_side and not knows(viewer_side, p)]
    if len(hidden) >= 2:
        a, b = rnd.sample(hidden, 2)
        a["char"], b["char"] = b["char"], a["char"]
    return t


def shown_difference(a, b, viewer_side):
    """Whether a piece whose character differs between the twins is now shown to the viewer: the
    game legitimately tells the viewer something from then on."""
    other = {p["token"]: p for p in b["pieces"]}
    return any(p["char"] != other[p["token"]]["char"] and (knows(viewer_side, p) or knows(viewer_side, other[p["token"]]))
               for p in a["pieces"] if p["token"] in other) or {p["token"] for p in a["pieces"]} != set(other) \
        or a["defeated"] != b["defeated"]


def play_twins(a, b, viewer, rnd, steps=200):
    """Play both twins with the same actions while they stay indistinguishable for `viewer`."""
    side = SIDE.get(viewer)
    for _ in range(steps):
        if shown_difference(a, b, side) or R.result(a) or R.result(b):
            return
        assert R.view(a, viewer) == R.view(b, viewer)
        assert canon(R.legal_actions(a, viewer)) == canon(R.legal_actions(b, viewer))
        if R.result(a):
            return
        player = rnd.choice(R.waiting_for(a))
        la, lb = canon(R.legal_actions(a, player)), canon(R.legal_actions(b, player))
        common = sorted(set(la) & set(lb))
        if not common:
            return
        if player != viewer and la != lb:
            # The opponent acts on their secret: from here the twins may rightly diverge.
            return
        action = json.loads(rnd.choice(common))
        a, _ = R.apply(a, player, action)
        b, _ = R.apply(b, player, action)


@pytest.mark.parametrize("mode", ["classic", "variant", "hidden_draft"])
@pytest.mark.parametrize("viewer", PLAYERS)
def test_twin_states_look_the_same_to_the_viewer(mode, viewer):
    for seed in range(25):
        rnd = random.Random(seed)
        start = R.new_game(PLAYERS, {"mode": mode, "special_cards": "choose"}, seed)
        state = random_steps(R, start, rnd, rnd.randrange(4, 60))
        if R.result(state):
            continue
        for _ in range(4):
            play_twins(state, twin(state, SIDE[viewer], rnd), viewer, random.Random(rnd.random()))


@pytest.mark.parametrize("seed", range(10))
def test_twin_states_look_the_same_to_the_public(seed):
    rnd = random.Random(seed)
    state = random_steps(R, R.new_game(PLAYERS, {"mode": "variant"}, seed), rnd, rnd.randrange(4, 60))
    if R.result(state):
        return
    for side in ("fellowship", "sauron"):
        t = twin(state, side, rnd)
        # Hide both sides' unknowns from the public: permute the other side too.
        t = twin(t, "sauron" if side == "fellowship" else "fellowship", rnd)
        assert R.view(state, None) == R.view(t, None)


def test_a_secretly_chosen_card_is_not_visible_to_the_opponent():
    rnd = random.Random(5)
    state = R.new_game(PLAYERS, {}, 5)
    for _ in range(3000):
        if state["decision"]["kind"] == "cards" and len(state["decision"]["sides"]) == 2:
            break
        if R.result(state):
            state = R.new_game(PLAYERS, {}, rnd.randrange(10**6))
        player = rnd.choice(R.waiting_for(state))
        state, _ = R.apply(state, player, rnd.choice(R.legal_actions(state, player)))
    hand = state["hands"]["sauron"]
    a, _ = R.apply(state, "sp", {"type": "card", "card": hand[0]})
    b, _ = R.apply(state, "sp", {"type": "card", "card": hand[-1]})
    assert hand[0] != hand[-1]
    assert R.view(a, "fp") == R.view(b, "fp")
    assert R.view(a, None) == R.view(b, None)
    assert R.view(a, "sp") != R.view(b, "sp")


# ---- targeted twins: each decision asked to keep a secret --------------------------------------

from engine.confrontation.scenario import build  # noqa: E402


def swapped(state, char_a, char_b):
    t = clone(state)
    pa = next(p for p in t["pieces"] if p["char"] == char_a)
    pb = next(p for p in t["pieces"] if p["char"] == char_b)
    pa["char"], pb["char"] = pb["char"], pa["char"]
    return t


def tok(state, char):
    return next(p["token"] for p in state["pieces"] if p["char"] == char)


def both(a, b, player, action):
    return R.apply(a, player, action)[0], R.apply(b, player, action)[0]


def test_sauron_cannot_tell_whether_sam_stands_beside_an_attacked_frodo():
    # Frodo and an unknown piece in Cardolan; Frodo's sideways retreat is blocked (Arthedain full).
    pieces = [("frodo", "cardolan"), ("sam", "cardolan"), ("pippin", "arthedain"), ("merry", "arthedain"),
              ("legolas", "the_shire"), ("cave_troll", "eregion"), ("orcs", "mordor")]
    a = build(pieces)
    b = swapped(a, "sam", "legolas")  # twin: the unknown piece beside Frodo is Legolas
    troll = tok(a, "cave_troll")
    a, b = both(a, b, "sp", {"type": "move", "piece": troll, "to": "cardolan"})
    a, b = both(a, b, "sp", {"type": "attack", "piece": tok(a, "frodo")})
    assert a["decision"]["kind"] == "fellowship_text"
    assert {"type": "sam_replace"} in R.legal_actions(a, "fp")
    assert [x for x in R.legal_actions(b, "fp") if x["type"] != "shuffle"] == [{"type": "proceed"}]
    assert R.view(a, "sp") == R.view(b, "sp")


def only_the_first_may_use(a, b, kind: str, user: str, other: str) -> None:
    """Both twins ask `user` the same `kind` of question; only in `a` may the answer be yes, and `other`
    sees the same in both."""
    assert a["decision"]["kind"] == b["decision"]["kind"] == kind
    assert {"type": kind, "use": True} in R.legal_actions(a, user)
    assert R.legal_actions(b, user) == [{"type": kind, "use": False}]
    assert R.view(a, other) == R.view(b, other)


def test_sauron_cannot_tell_whether_gandalf_stands_next_to_the_fight():
    pieces = [("theoden", "cardolan"), ("gandalf_v", "arthedain"), ("elrond", "high_pass"),
              ("uruk_hai", "eregion"), ("orcs_v", "mordor")]
    a = build(pieces, options={"mode": "variant"})
    b = swapped(a, "gandalf_v", "elrond")
    a, b = both(a, b, "sp", {"type": "move", "piece": tok(a, "uruk_hai"), "to": "cardolan"})
    a, b = both(a, b, "fp", {"type": "card", "card": "strength_1"})
    a, b = both(a, b, "sp", {"type": "card", "card": "strength_1"})
    only_the_first_may_use(a, b, "gandalf_help", "fp", "sp")


def test_the_fellowship_cannot_tell_whether_the_balrog_waits_in_caradhras():
    pieces = [("gimli", "eregion"), ("frodo", "the_shire"), ("balrog", "caradhras"), ("orcs", "mordor")]
    a = build(pieces, turn="fellowship")
    b = swapped(a, "balrog", "orcs")
    a, b = both(a, b, "fp", {"type": "move", "piece": tok(a, "gimli"), "to": "fangorn"})
    only_the_first_may_use(a, b, "balrog", "sp", "fp")


def test_sauron_cannot_tell_whether_gwaihir_is_in_the_fellowship_hand():
    pieces = [("gimli", "cardolan"), ("frodo", "the_shire"), ("cave_troll", "eregion"), ("orcs", "mordor")]
    opts = {"special_cards": "choose"}
    a = build(pieces, options=opts, specials={"fellowship": ["gwaihir_the_windlord", "shadowfax"]})
    b = build(pieces, options=opts, specials={"fellowship": ["a_king_revealed", "shadowfax"]})
    a, b = both(a, b, "sp", {"type": "move", "piece": tok(a, "cave_troll"), "to": "cardolan"})
    assert a["decision"]["kind"] == b["decision"]["kind"] == "fellowship_text"
    assert R.view(a, "sp") == R.view(b, "sp")
    assert R.view(a, "fp") != R.view(b, "fp")
