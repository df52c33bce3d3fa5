"""La Communauté's own properties over random legal play: it ends after the fourth stage with scores,
replays identically, the top cards are seen only by whom the rules allow, every legal action is
accepted, anything else refused, invariants hold. What every game shares (round trips, JSON views,
refusal texts) is checked by tests/conformance/."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import BadSave
from tests.conformance import properties
from tests.conformance.properties import legal_actions_accepted, tried
from tests.fellowship.conformance import twin
from tests.fellowship.helpers import R


def random_game(n, seed, every=None):
    return properties.random_game(R, [f"p{i}" for i in range(n)], seed, every=every)


def test_get_rules_returns_the_fellowship_engine():
    assert engine.get_rules("fellowship").name == "fellowship"


@pytest.mark.parametrize("n", [3, 4])
def test_random_legal_play_always_ends(n):
    for seed in range(40):
        s = random_game(n, seed)
        r = R.result(s)
        assert s["stage"] == 4 and set(r["scores"]) == set(s["players"]) and r["winners"]
        assert R.waiting_for(s) == [] and all(R.legal_actions(s, p) == [] for p in s["players"])


def test_the_same_seed_and_actions_replay_identically():
    a = random_game(4, 11)
    b = random_game(4, 11)
    assert R.dump(a) == R.dump(b)


def test_information_sets_the_top_cards_are_seen_only_by_the_ring_bearer():
    rnd = random.Random(0)
    differed = 0

    def check(s, i):
        nonlocal differed
        t = twin(s, None, rnd)  # the decks' tops swapped (the public sees no deck)
        if t is None:
            return
        knows = {s["peek"]["player"]} if s["peek"] else set()
        knows |= set(s["seen"])
        for v in [None] + s["players"]:
            if v not in knows:
                assert R.view(s, v) == R.view(t, v), v
        if (s["peek"] and (s["peek"]["event"] is not None or s["peek"]["enemy"] is not None)
                and R.view(s, s["peek"]["player"]) != R.view(t, s["peek"]["player"])):
            differed += 1

    for seed in range(4):
        random_game(3 + seed % 2, seed, check)
    assert differed > 0


def test_legal_actions_are_all_accepted_and_do_not_touch_the_input():
    def check(s, i):
        if i % 5 == 0:
            legal_actions_accepted(R, s)
    random_game(4, 8, check)


_SNAPS = []


def _snapshots():
    if not _SNAPS:
        random_game(4, 21, lambda s, i: _SNAPS.append(s) if i % 9 == 0 else None)
    return _SNAPS


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(
        ["move", "fight", "reroll", "repeat", "ford", "saruman", "arwen", "galadriel", "give_companion",
         "choose_companion", "give_weapon", "discard_weapon", "p0", "p1", "p9", "aragorn", "legolas",
         "strength", "fight", "back", "movement", "barrow_wight", "gandalfs_counsel", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "die", "steps", "companion", "to", "card", "pay", "accept", "choice",
                         "weapon", "extra"]), inner, max_size=4),
    max_leaves=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(idx=st.integers(0, 10_000), player=st.sampled_from(["p0", "p1", "p2", "p3", "nobody", None, 3]),
       action=json_values)
def test_anything_not_legal_is_refused_with_the_state_unchanged(idx, player, action):
    snaps = _snapshots()
    for legal in tried(R, snaps[idx % len(snaps)], player, action):  # and its values of the same types
        assert all(type(action[k]) is type(legal[k]) for k in legal)


def test_load_refuses_a_fellowship_save_with_missing_parts():
    s = R.new_game(["a", "b", "c"], {}, 1)
    broken = json.loads(R.dump(s))
    del broken["queue"]
    with pytest.raises(BadSave):
        R.load(json.dumps(broken))


def test_invariants_hold_throughout_random_play():
    def check(s, i):
        pos = [p["pos"] for p in s["p"].values() if p["pos"] is not None]
        assert len(pos) == len(set(pos)), "two hobbits on one space"
        assert all(p["hero"] >= 0 and p["mp"] >= 0 for p in s["p"].values())
        assert s["ring"] in s["players"]
        weapons = [p["weapon"] for p in s["p"].values() if p["weapon"]]
        assert len(weapons) == len(set(weapons))
        comps = [c for p in s["p"].values() for c in p["companions"]] + list(s["pool"]) + list(s["removed"])
        assert len(comps) == len(set(comps))
        if s["fight"] and s["queue"] and s["queue"][0]["kind"] == "fight":
            assert s["queue"][0]["player"] == max(
                (q for q in s["players"] if s["p"][q]["pos"] is not None), key=lambda q: s["p"][q]["pos"])
        stage_cards = len(s["decks"]["event"]) + len(s["discards"]["event"]) + sum(
            len(p["kept"]) for p in s["p"].values())
        assert stage_cards <= 11
    for seed in range(6):
        random_game(3 + seed % 2, 100 + seed, check)


def _gandalf_seeker(s, rnd):
    """Random play that takes Gandalf, calls companions and hands them to the hobbit furthest ahead:
    the games where Gandalf could slip past the Bridge (the engine before this rule let him through in
    2 of these 60 games)."""
    w = R.waiting_for(s)[0]
    legal = R.legal_actions(s, w)
    kind = legal[0]["type"]
    if kind == "choose_companion" and {"type": "choose_companion", "companion": "gandalf"} in legal:
        return w, {"type": "choose_companion", "companion": "gandalf"}
    if kind == "give_companion":
        return w, max(legal, key=lambda a: s["p"][a["to"]]["pos"] or 0)
    helped = [a for a in legal if a.get("companion")]
    if kind == "fight" and helped and rnd.random() < 0.7:
        return w, rnd.choice(helped)
    return w, rnd.choice(legal)


def test_gandalf_never_reaches_stage_four():
    """Rulebook, the Bridge and Gandalf's counsel ("even if Gandalf is no longer with you"): Gandalf
    falls in Moria whoever holds him, so no hobbit ever holds him in stage 4."""
    for seed in range(60):
        rnd = random.Random(seed)
        s = R.new_game([f"p{i}" for i in range(3 + seed % 2)], {}, seed)
        while R.result(s) is None:
            assert s["stage"] < 4 or not any("gandalf" in p["companions"] for p in s["p"].values()), seed
            s, _ = R.apply(s, *_gandalf_seeker(s, rnd))
