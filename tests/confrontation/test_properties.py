"""Property tests over random legal play that are the Confrontation's own (seeded, few examples so the
suite stays fast): every mode ends with a well-formed result, a match too; the log and decision ids
stay in order; the game's own malformed actions are refused without changing anything; its secrets
(black-box: two states that differ only in something hidden from V give V the same view). The contract
every game shares is checked by tests/conformance/."""
from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine import BadSave, IllegalAction
from tests.confrontation.helpers import FP, SP, R, random_action

MODES = ["classic", "variant", "draft", "hidden_draft"]
SPECIALS = ["none", "choose", "announce"]
# No shrinking: a failing random game is reported as it is, so the suite stays fast even when red.
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "derandomize": True,
                "phases": [Phase.explicit, Phase.generate]}
MAX_STEPS = 3000
SIDE_OF = {}


def _options(mode, specials, match=False):
    opts = {"mode": mode, "special_cards": specials}
    if match:
        opts["match"] = True
    return opts


def _walk(seed, options, each=None, max_steps=MAX_STEPS):
    """Random legal play from new_game to the end; `each(state, rng)` is called before every action."""
    rng = random.Random(seed)
    state = R.new_game([FP, SP], options, seed)
    for step in range(max_steps):
        if R.result(state) is not None:
            return state, step
        if each is not None:
            each(state, rng)
        player = rng.choice(sorted(R.waiting_for(state)))
        state = R.apply(state, player, random_action(state, player, rng))[0]
    raise AssertionError(f"seed {seed} {options}: no result after {max_steps} steps")


# ------------------------------------------------------------------------------------------- termination

@settings(max_examples=16, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), specials=st.sampled_from(SPECIALS))
def test_random_legal_play_always_ends_with_a_result(seed, mode, specials):
    state, _steps = _walk(seed, _options(mode, specials))
    r = R.result(state)
    assert set(r) == {"winner", "side", "reason", "points"}
    assert r["winner"] in (FP, SP)
    assert r["side"] in ("fellowship", "sauron")
    assert R.view(state, None)["players"][r["side"]] == r["winner"]
    assert r["reason"] in ("ring_bearer_in_mordor", "frodo_defeated", "ring_bearer_defeated",
                           "three_in_shire", "witch_king_in_shire", "no_move")
    survivors = [p for p in R.view(state, None)["pieces"] if p["side"] == r["side"]]
    assert r["points"] == len(survivors)
    assert R.waiting_for(state) == []
    assert R.legal_actions(state, FP) == [] and R.legal_actions(state, SP) == []
    assert R.view(state, None)["phase"] == "over"


@settings(max_examples=3, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES))
def test_random_match_ends_with_a_match_result(seed, mode):
    state, _ = _walk(seed, _options(mode, "announce", match=True), max_steps=2 * MAX_STEPS)
    r = R.result(state)
    assert r["reason"] == "match" and len(r["games"]) == 2
    expected = {FP: 0, SP: 0}
    for g in r["games"]:
        expected[g["winner"]] += g["points"]
    assert r["scores"] == expected
    assert r["winner"] == (None if expected[FP] == expected[SP] else max(expected, key=expected.get))


# ------------------------------------------------------------------------------------------- purity, saves

@settings(max_examples=6, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), specials=st.sampled_from(SPECIALS))
def test_apply_never_mutates_its_input_and_dump_load_round_trips(seed, mode, specials):
    rng = random.Random(seed)
    state = R.new_game([FP, SP], _options(mode, specials), seed)
    for _ in range(MAX_STEPS):
        text = R.dump(state)
        loaded = R.load(text)
        assert loaded == state
        assert R.dump(loaded) == text
        for viewer in (FP, SP, None):
            assert R.view(loaded, viewer) == R.view(state, viewer)
        json.dumps(R.view(state, None))          # views are JSON-safe
        if R.result(state) is not None:
            break
        player = rng.choice(sorted(R.waiting_for(state)))
        action = random_action(state, player, rng)
        before = copy.deepcopy(state)
        new, evs = R.apply(state, player, copy.deepcopy(action))
        assert state == before, "apply modified its input state"
        json.dumps(evs)
        log = R.view(new, None)["log"]
        assert [e["n"] for e in log] == list(range(len(log)))
        assert log[len(log) - len(evs):] == evs if evs else True
        assert R.view(new, None)["decision"]["id"] >= R.view(state, None)["decision"]["id"]
        state = new
    assert R.result(state) is not None


# ------------------------------------------------------------------------------------------- illegal actions

GARBAGE = [
    None, 5, "move", [], [{"type": "move"}], {}, {"type": None}, {"type": 3}, {"type": "nonsense"},
    {"type": "move"}, {"type": "move", "piece": "f1"}, {"type": "move", "to": "eregion"},
    {"type": "move", "piece": "zz9", "to": "eregion"}, {"type": "move", "piece": 123, "to": []},
    {"type": "move", "piece": None, "to": None}, {"type": "move", "piece": "f1", "to": "narnia"},
    {"type": "card", "card": "strength_9"}, {"type": "card", "card": ["strength_1"]}, {"type": "card"},
    {"type": "place", "placement": {}}, {"type": "place", "placement": "x"},
    {"type": "draft", "characters": []}, {"type": "special", "card": "bilbo"},
    {"type": "special", "card": None}, {"type": "shuffle", "region": "narnia"}, {"type": "shuffle"},
    {"type": "shuffle", "region": ["mordor"]}, {"type": "attack", "piece": "zz"},
    {"type": "retreat", "to": "narnia"}, {"type": "retreat"}, {"type": "magic", "card": "bilbo"},
    {"type": "balrog", "use": "yes"}, {"type": "gandalf_help", "use": 2}, {"type": "swap", "with": "zz"},
    {"type": "choose_specials", "cards": "all"}, {"type": "announce_specials", "count": 99},
    {"type": "force_change", "use": None}, {"type": "mouth"},
]


def _refused(state, player, action):
    before = R.dump(state)
    snapshot = copy.deepcopy(state)
    try:
        R.apply(state, player, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{player} {action!r} was accepted at {R.view(state, None)['decision']}")
    assert R.dump(state) == before and state == snapshot


def _wrong_variants(state, player, legal):
    """Actions derived from legal ones that must be refused."""
    out = []
    legal_json = {json.dumps(a, sort_keys=True) for a in legal}
    for a in legal:
        if a.get("type") == "move":
            for bad_to in ("the_shire", "mordor", "caradhras", "narnia"):
                b = dict(a, to=bad_to)
                if json.dumps(b, sort_keys=True) not in legal_json:
                    out.append(b)
            other_side_token = ("s" if a["piece"].startswith("f") else "f") + a["piece"][1:]
            out.append(dict(a, piece=other_side_token))
        if a.get("type") == "card":
            out.append(dict(a, card="eye_of_sauron" if a["card"] == "elven_cloak" else "noble_sacrifice_x"))
        out.append(dict(a, type=a["type"] + "_x"))
    return [b for b in out if json.dumps(b, sort_keys=True) not in legal_json]


@settings(max_examples=6, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), specials=st.sampled_from(SPECIALS))
def test_malformed_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(seed, mode, specials):
    checked = {"n": 0}

    def each(state, rng):
        if rng.random() > 0.15:
            return
        checked["n"] += 1
        waiting = R.waiting_for(state)
        for player in (FP, SP):
            for action in rng.sample(GARBAGE, 8):
                _refused(state, player, action)
        _refused(state, "zz", {"type": "move", "piece": "f1", "to": "arthedain"})
        for player in waiting:
            legal = R.legal_actions(state, player)
            for action in _wrong_variants(state, player, legal)[:12]:
                _refused(state, player, action)
            main = [a for a in legal if a.get("type") != "shuffle"]
            if main:
                _refused(state, "zz", main[0])
            other = SP if player == FP else FP
            if other not in waiting:          # out of turn: the other player cannot act for him
                for a in main[:5]:
                    if a not in R.legal_actions(state, other):
                        _refused(state, other, a)

    _walk(seed, _options(mode, specials), each=each)
    assert checked["n"] > 0


# ------------------------------------------------------------------------------------------- information sets

def _owner_view_chars(state, side):
    pid = R.view(state, None)["players"][side]
    return {p["token"]: p["character"] for p in R.view(state, pid)["pieces"] if p["side"] == side}


def _normalised(v):
    """A view with the draft lists sorted (a swap of two hidden characters may reorder them)."""
    v = copy.deepcopy(v)
    if isinstance(v.get("draft"), dict):
        v["draft"] = {k: (sorted(x) if isinstance(x, list) else x) for k, x in v["draft"].items()}
    for e in v.get("log", []):
        for k, x in list(e.items()):
            if isinstance(x, list) and all(isinstance(i, str) for i in x) and k not in ("pieces",):
                e[k] = sorted(x)
    return v


def _seen_names(v):
    """What the viewer has been told so far (the log, the defeated pieces), except the draft lists
    (they name the characters in play, not where they stand)."""
    told = [e for e in v.get("log", []) if not e["type"].startswith("draft")]
    return json.dumps([told, v.get("defeated")])


def _swap_in_piece_records(node, swaps):
    """Swap characters only inside the records that name a piece token (black-box: any dict holding
    both the token and its character as values)."""
    if isinstance(node, dict):
        values = list(node.values())
        for token, (old, new) in swaps.items():
            if token in values and old in values:
                for k, x in node.items():
                    if x == old:
                        node[k] = new
                break
        for x in node.values():
            _swap_in_piece_records(x, swaps)
    elif isinstance(node, list):
        for x in node:
            _swap_in_piece_records(x, swaps)


def _twin_by_swapping(state, viewer, rng):
    """The same state where two of the opponent's pieces unknown to `viewer` carry each other's
    character. None when no such pair exists."""
    v = R.view(state, viewer)
    me = v["you"]
    opp = "sauron" if me == "fellowship" else "fellowship"
    # Hidden according to the owner's own view of its pieces (neither shown nor known), so that a view
    # leaking a character despite those flags is caught.
    owner = R.view(state, R.view(state, None)["players"][opp])
    hidden = [p["token"] for p in owner["pieces"]
              if p["side"] == opp and not p["revealed"] and not p["known"]]
    chars = _owner_view_chars(state, opp)
    seen = _seen_names(v)
    cands = [t for t in hidden if chars.get(t) and f'"{chars[t]}"' not in seen]
    if len(cands) < 2:
        return None
    ta, tb = rng.sample(sorted(cands), 2)
    a, b = chars[ta], chars[tb]
    data = json.loads(R.dump(state))
    _swap_in_piece_records(data, {ta: (a, b), tb: (b, a)})
    try:
        twin = R.load(json.dumps(data))
    except BadSave:
        return None
    if _owner_view_chars(twin, opp).get(ta) != b:
        return None
    return twin, a, b


def _same_for(viewer, x, y, a, b):
    assert _normalised(R.view(x, viewer)) == _normalised(R.view(y, viewer)), (viewer, a, b)
    assert _normalised(R.view(x, None)) == _normalised(R.view(y, None)), (a, b)
    assert R.waiting_for(x) == R.waiting_for(y), (a, b)
    if viewer in R.waiting_for(x):
        got = sorted(json.dumps(z, sort_keys=True) for z in R.legal_actions(y, viewer))
        assert got == sorted(json.dumps(z, sort_keys=True) for z in R.legal_actions(x, viewer)), (a, b)


def _told(state, viewer, names):
    v = R.view(state, viewer)
    seen = _seen_names(v) + json.dumps(v["pieces"])
    return any(f'"{n}"' in seen for n in names)


def _follow(state, twin, viewer, a, b, rng, steps=30):
    """Play the twins forward with the same actions while the viewer has not been shown either
    character: the viewer must keep seeing the same thing (decisions asked, events, legal actions)."""
    for _ in range(steps):
        if R.result(state) is not None or _told(state, viewer, (a, b)) or _told(twin, viewer, (a, b)):
            return
        player = rng.choice(sorted(R.waiting_for(state)))
        action = random_action(state, player, rng)
        try:
            twin = R.apply(twin, player, action)[0]
        except IllegalAction:
            assert player != viewer, ("the viewer's choice is refused in the twin", action, a, b)
            return                     # the owner acted on what only he knows: the twins part
        state = R.apply(state, player, action)[0]
        if _told(state, viewer, (a, b)) or _told(twin, viewer, (a, b)):
            return
        if player != viewer:
            try:
                _same_for(viewer, state, twin, a, b)
            except AssertionError:
                return                 # the owner's own move had public consequences (say, a win)
        else:
            _same_for(viewer, state, twin, a, b)


@settings(max_examples=10, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), specials=st.sampled_from(SPECIALS))
def test_states_differing_only_in_hidden_characters_look_the_same(seed, mode, specials):
    checked = {"n": 0}

    def each(state, rng):
        if R.view(state, None)["phase"] != "play" or rng.random() > 0.15:
            return
        for viewer in (FP, SP):
            made = _twin_by_swapping(state, viewer, rng)
            if made is None:
                continue
            twin, a, b = made
            checked["n"] += 1
            _same_for(viewer, state, twin, a, b)
            _follow(state, twin, viewer, a, b, random.Random(rng.random()))

    _walk(seed, _options(mode, specials), each=each)
    assert checked["n"] > 0


@settings(max_examples=8, **SETTINGS)
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(MODES), specials=st.sampled_from(SPECIALS))
def test_a_different_secret_choice_looks_the_same_to_the_opponent(seed, mode, specials):
    """While both players choose secretly (cards, special cards, drafts), what one of them chose must not
    show in the other's view nor in the public one."""
    checked = {"n": 0}

    def each(state, rng):
        waiting = R.waiting_for(state)
        if len(waiting) != 2:
            return
        k = R.view(state, None)["decision"]["kind"]
        for player in waiting:
            other = SP if player == FP else FP
            if k in ("setup", "draft"):
                options = [random_action(state, player, random.Random(rng.random())) for _ in range(4)]
            else:
                options = [a for a in R.legal_actions(state, player) if a.get("type") != "shuffle"]
            distinct = {json.dumps(a, sort_keys=True): a for a in options}
            if len(distinct) < 2:
                continue
            a1, a2 = rng.sample(sorted(distinct), 2)
            s1 = R.apply(state, player, distinct[a1])[0]
            s2 = R.apply(state, player, distinct[a2])[0]
            if k == "setup":
                continue    # placements: see test_setup (tokens are dealt at random)
            checked["n"] += 1
            assert R.view(s1, other) == R.view(s2, other), (k, a1, a2)
            assert R.view(s1, None) == R.view(s2, None), (k, a1, a2)

    _walk(seed, _options(mode, specials), each=each)
    assert checked["n"] > 0
