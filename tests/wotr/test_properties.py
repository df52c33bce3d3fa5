"""Properties over random legal play: it ends, replays, saves round-trip (restored in a fresh process),
refusals change nothing, apply never touches its input, and hidden things stay hidden."""
import collections
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import BadSave
from engine.wotr.armies import victory_points
from engine.wotr.state import FP, SH, deep_copy
from tests.conformance import properties
from tests.conformance.properties import legal_actions_accepted, tried
from tests.wotr.conformance import twin
from tests.wotr.helpers import R


def pick(rnd, acts, by_type=True):
    """Random legal play: a random kind of action, then one of that kind (or uniform over all)."""
    if by_type:
        kinds = sorted({a["type"] for a in acts})
        kind = rnd.choice(kinds)
        acts = [a for a in acts if a["type"] == kind]
    return rnd.choice(acts)


def random_game(seed, every=None, by_type=True):
    return properties.random_game(R, ["fp", "sh"], seed, lambda rnd, acts: pick(rnd, acts, by_type), every,
                                  limit=20_000)


def test_get_rules_returns_the_wotr_engine():
    assert engine.get_rules("wotr").name == "wotr"


def test_random_legal_play_always_ends_with_a_victory():
    """Every seeded random game ends by a victory of the rules (a military victory too, since the event
    cards: tests/wotr/test_endings.py replays one)."""
    reasons = set()
    for seed in range(12):
        s = random_game(seed)
        r = R.result(s)
        assert r["reason"] in ("corruption", "ring_destroyed", "military")
        assert r["winner"] == {FP: "fp", SH: "sh"}[r["side"]]
        if r["reason"] == "military":             # seed 6: the Shadow holds 10 points at a turn's end
            assert victory_points(s)[r["side"]] >= {FP: 4, SH: 10}[r["side"]]
        assert R.waiting_for(s) == [] and all(R.legal_actions(s, p) == [] for p in ("fp", "sh"))
        reasons.add(r["reason"])
    assert "corruption" in reasons


def test_uniform_random_play_ends_too():
    for seed in range(2):
        assert R.result(random_game(seed, by_type=False)) is not None


def test_the_same_seed_and_actions_replay_identically():
    assert R.dump(random_game(3)) == R.dump(random_game(3))


def test_views_are_json_safe_and_show_only_sizes_of_decks_and_the_opponents_hand():
    def check(s, i):
        if i % 11:
            return
        for v, side in ((None, None), ("fp", FP), ("sh", SH)):
            view = R.view(s, v)
            json.dumps(view)
            assert all(isinstance(n, int) for d in view["cards"]["decks"].values() for n in d.values())
            assert view["cards"]["hand"] == (sorted(s["hands"][side]) if side else None)
    random_game(4, check)


def test_dump_and_load_round_trip_in_a_fresh_process_and_play_on_identically():
    snaps = []
    random_game(5, lambda s, i: snaps.append(s) if i in (0, 60, 200) else None)
    code = ("import sys, engine; R = engine.get_rules('wotr'); s = R.load(sys.stdin.read()); "
            "w = R.waiting_for(s)[0]; a = R.legal_actions(s, w)[0]; print(R.dump(R.apply(s, w, a)[0]))")
    for s in snaps:
        out = subprocess.run([sys.executable, "-c", code], input=R.dump(s), capture_output=True, text=True,
                             check=True).stdout.strip()
        w = R.waiting_for(s)[0]
        assert out == R.dump(R.apply(s, w, R.legal_actions(s, w)[0])[0])


def test_a_save_from_before_cards_on_the_table_and_abilities_loads_in_a_fresh_process_with_none_used():
    snaps = []
    random_game(6, lambda s, i: snaps.append(s) if i == 80 else None)
    old = {k: v for k, v in json.loads(R.dump(snaps[0])).items() if k not in ("table", "abilities_used")}
    code = ("import sys, json, engine; R = engine.get_rules('wotr'); s = R.load(sys.stdin.read()); "
            "w = R.waiting_for(s)[0]; print(json.dumps([s['table'], s['abilities_used'], R.legal_actions(s, w)]))")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(old), capture_output=True, text=True,
                         check=True).stdout
    w = R.waiting_for(snaps[0])[0]
    assert json.loads(out) == [{FP: [], SH: []}, [], json.loads(json.dumps(R.legal_actions(snaps[0], w)))]


def test_load_refuses_what_is_not_a_wotr_save():
    for text in ("", "[]", '{"game": "confrontation"}', "not json"):
        with pytest.raises(BadSave):
            R.load(text)
    broken = json.loads(R.dump(R.new_game(["a", "b"], {}, 1)))
    del broken["fellowship"]
    with pytest.raises(BadSave):
        R.load(json.dumps(broken))


def test_legal_actions_are_all_accepted_and_do_not_touch_the_input():
    def check(s, i):
        if i % 7 == 0:
            legal_actions_accepted(R, s)
    random_game(8, check)


def test_information_sets_no_side_sees_the_others_hand_and_nobody_any_deck_order():
    rnd = random.Random(0)
    differed = 0

    def check(s, i):
        nonlocal differed
        if i % 5:
            return
        for viewer in (None, "fp", "sh"):
            t = twin(s, viewer, rnd)
            if t is None:       # nothing left to deal differently
                continue
            assert R.view(s, viewer) == R.view(t, viewer)
            differed += R.view(s, "sh") != R.view(t, "sh") and viewer == "fp"
    for seed in range(3):
        random_game(seed, check)
    assert differed > 0      # the Shadow does see its own hand change


_SNAPS = []


def _snapshots():
    if not _SNAPS:
        random_game(21, lambda s, i: _SNAPS.append(s) if i % 13 == 0 else None)
    return _SNAPS


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 8) | st.sampled_from(
        ["move_fellowship", "character", "event", "muster", "will_of_the_west", "rivendell", "moria",
         "gandalf_grey", "strider", "witch_king", "saruman", "guide", "random", "elves", "sauron", "eye",
         "strategy", "declare", "allocate", "skip", "pass", "done", "fangorn", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "die", "region", "companion", "to", "from", "group", "nation", "deck", "who",
                         "dice", "minion", "card"]), inner, max_size=4),
    max_leaves=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(idx=st.integers(0, 10_000), player=st.sampled_from(["fp", "sh", "nobody", None, 3]), action=json_values)
def test_anything_not_legal_is_refused_with_the_state_unchanged(idx, player, action):
    snaps = _snapshots()
    tried(R, snaps[idx % len(snaps)], player, action)


def test_invariants_hold_throughout_random_play():
    def check(s, i):
        f = s["fellowship"]
        assert 0 <= f["corruption"] < 12 and 0 <= f["progress"] <= 12
        assert f["guide"] in f["companions"] or f["guide"] == "gollum" or (
            f["guide"] is None and s["ask"][-1]["kind"] == "choose_guide")
        assert not set(s["chars"]) & set(f["companions"])          # a figure is in one place only
        assert not (set(s["chars"]) | set(f["companions"])) & set(s["eliminated"])
        h = s["hunt"]
        assert len(h["pool"]) + len(h["drawn"]) <= 24 and not set(h["pool"]) & set(h["drawn"])
        cards = [c for side in (FP, SH) for c in s["hands"][side] + s["discards"][side] + s["table"][side]
                 + s["decks"][side]["character"] + s["decks"][side]["strategy"]]
        assert len(cards) == 96 and len(set(cards)) == 96
        assert all(len(s["hands"][side]) <= 6 or s["ask"][-1]["kind"] == "discard" for side in (FP, SH))
        assert s["rings"][FP] + s["rings"][SH] <= 3
    for seed in range(4):
        random_game(100 + seed, check)


def test_a_dumped_game_goes_on_identically_in_a_fresh_process_with_another_hash_seed():
    from tests.restore_check import continue_elsewhere, play
    played = play("wotr", ["fp", "sh"], 2, 240, [0, 7, 60, 150, 239])
    for step, prints in continue_elsewhere(played).items():
        assert prints == played.prints[step:], f"dumped at {step}, the replay diverged"


def test_the_random_generator_is_hidden_from_every_view():
    for s in _snapshots():
        t = deep_copy(s)
        t["rng"] ^= 0x5555
        assert all(R.view(s, v) == R.view(t, v) for v in (None, "fp", "sh"))


def test_the_quick_check_of_character_moves_agrees_with_the_lists():
    from engine.wotr.actions import quick_check
    from engine.wotr.listing import ask_actions
    from engine.wotr.state import CHARS, REGIONS
    seen = collections.Counter()

    def check(s, i):
        ask = s["ask"][-1]
        if ask["kind"] not in ("move_minions", "move_companions") or seen[ask["kind"]] >= 6:
            return
        seen[ask["kind"]] += 1
        legal = ask_actions(s, ask)
        keys = {json.dumps(a, sort_keys=True) for a in legal}
        cands = list(legal)
        for r in REGIONS:
            cands += [{"type": "move_nazgul", "from": f, "to": r} for f in ("barad_dur", "fangorn", r)]
            cands += [{"type": "move_minion", "minion": m, "to": r} for m in ("witch_king", "mouth_of_sauron",
                                                                              "saruman")]
            cands += [{"type": "move_companions_to", "group": g, "to": r} for g in (
                [c] for c in CHARS)]
        cands += [{"type": "move_companions_to", "group": sorted(a["group"] + [c]), "to": a["to"]}
                  for a in legal if a["type"] == "move_companions_to" for c in CHARS if c not in a["group"]]
        for a in cands:
            assert quick_check(s, ask, a) == (json.dumps(a, sort_keys=True) in keys), a
    for seed in range(30):
        random_game(200 + seed, check)
        if min(seen.values(), default=0) >= 6 and len(seen) == 2:
            break
    assert set(seen) == {"move_minions", "move_companions"}


def test_the_copy_apply_plays_on_shares_no_changeable_part_but_the_shared_ones():
    from engine.wotr.state import _KEEP, copy_state

    def containers(o, out):
        if isinstance(o, (dict, list)):
            out.add(id(o))
            for v in (o.values() if isinstance(o, dict) else o):
                containers(v, out)
        return out

    for s in _snapshots():
        t = copy_state(s)
        for k in s:
            if k not in _KEEP and k not in ("log", "history"):
                assert not containers(s[k], set()) & containers(t[k], set()), k
        assert t["log"] is not s["log"]
