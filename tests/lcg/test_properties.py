"""Properties: random games end, illegal actions change nothing, saves round-trip, secrets stay secret."""
import random

import pytest

from engine import BadSave, IllegalAction
from tests.lcg.helpers import R, default_action, random_play, step


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_legal_play_always_ends(n):
    for seed in range(3):
        s = R.new_game([f"p{i}" for i in range(n)], {}, seed * 10 + n)
        s, steps = random_play(s, random.Random(seed), max_steps=4000, pass_bias=0.6)
        assert R.result(s) is not None, steps
        assert R.waiting_for(s) == [] and R.legal_actions(s, "p0") == []


def test_random_play_is_reproducible():
    a, _ = random_play(R.new_game(["a", "b"], {}, 3), random.Random(5), max_steps=300)
    b, _ = random_play(R.new_game(["a", "b"], {}, 3), random.Random(5), max_steps=300)
    assert R.dump(a) == R.dump(b)


def test_illegal_and_malformed_actions_raise_and_leave_the_state_unchanged():
    rnd = random.Random(1)
    s = R.new_game(["a", "b"], {}, 11)
    for _ in range(150):
        if R.result(s):
            break
        before = R.dump(s)
        p = R.waiting_for(s)[0]
        others = [q for q in ("a", "b") if q not in R.waiting_for(s)]
        if s["decision"]["kind"] == "window":   # an action window waits for every player who has not passed
            out = [q for q in ("a", "b") if s["players"][q]["out"]]
            assert sorted(others) == sorted(s["decision"]["passed"] + out)
            assert all(R.legal_actions(s, q)[0] == {"type": "pass"} for q in R.waiting_for(s))
        for bad in [None, 3, {}, {"type": 5}, {"type": "fly"}, {"type": "play", "card": "nope"},
                    {"type": "play", "card": s["players"][p]["deck"][0] if s["players"][p]["deck"] else "x"},
                    {"type": "activate", "card": "p9h9", "ability": "main"}, {"type": "commit", "card": "e01"},
                    {"type": "choose", "choice": "zzz"}, {"type": "defend", "card": "e01"}]:
            with pytest.raises(IllegalAction):
                R.apply(s, p, bad)
        for other in others:
            with pytest.raises(IllegalAction):
                R.apply(s, other, default_action(s))
        with pytest.raises(IllegalAction):
            R.apply(s, "stranger", default_action(s))
        assert R.dump(s) == before
        s, _ = R.apply(s, p, rnd.choice(R.legal_actions(s, p)))


def test_playing_an_unimplemented_card_is_refused_with_its_id(monkeypatch):
    from engine.lcg import effects
    s = R.new_game(["a"], {}, 2)
    s = step(s, {"type": "keep"})
    s = step(s, {"type": "pass"})  # planning
    uid = s["players"]["a"]["hand"][0]
    cid = s["ids"][uid]
    monkeypatch.setitem(effects.REGISTRY, cid, effects.CardDef(cid, implemented=False))
    with pytest.raises(IllegalAction) as e:
        R.apply(s, "a", {"type": "play", "card": uid, "pay": {}})
    assert e.value.code == "card_not_implemented" and e.value.params["card"] == cid
    assert not any(a.get("card") == uid for a in R.legal_actions(s, "a"))


def test_dump_and_load_round_trip_during_play():
    s = R.new_game(["a", "b", "c"], {}, 4)
    rnd = random.Random(2)
    for _ in range(120):
        if R.result(s):
            break
        assert R.load(R.dump(s)) == s
        p = R.waiting_for(s)[0]
        s, _ = R.apply(s, p, rnd.choice(R.legal_actions(s, p)))
    with pytest.raises(BadSave):
        R.load("not json")
    with pytest.raises(BadSave):
        R.load('{"game": "confrontation"}')


def _swap_hidden(s, viewer):
    """Another state differing only in what `viewer` cannot see: others' hands and decks, encounter order."""
    t = R.load(R.dump(s))
    for p, pl in t["players"].items():
        if p != viewer and pl["hand"] and pl["deck"]:
            pool = pl["hand"] + pl["deck"]
            random.Random(9).shuffle(pool)
            pl["hand"], pl["deck"] = pool[:len(pl["hand"])], pool[len(pl["hand"]):]
        elif p == viewer and len(pl["deck"]) > 1:
            random.Random(8).shuffle(pl["deck"])
    random.Random(7).shuffle(t["edeck"])
    for k in list(t["seen"]):
        if k != viewer:
            t["seen"][k] = {"encounter": {"uid": "?", "id": "?"}}
    return t


def test_views_hide_other_hands_decks_and_the_encounter_deck_order():
    rnd = random.Random(3)
    s = R.new_game(["a", "b", "c"], {}, 5)
    for _ in range(200):
        if R.result(s):
            break
        for viewer in ["a", "b", "c", None]:
            t = _swap_hidden(s, viewer)
            if s["decision"] and s["decision"]["player"] != viewer:
                t["decision"] = dict(t["decision"])
                if "options" in t["decision"]:
                    t["decision"]["options"] = ["hidden"]
            assert R.view(s, viewer) == R.view(t, viewer)
        p = R.waiting_for(s)[0]
        s, _ = R.apply(s, p, rnd.choice(R.legal_actions(s, p)))


def test_a_player_sees_their_own_hand_only():
    s = R.new_game(["a", "b"], {}, 6)
    va, vb, pub = R.view(s, "a"), R.view(s, "b"), R.view(s, None)
    assert [c["uid"] for c in va["hand"]] == s["players"]["a"]["hand"]
    assert "hand" not in pub and vb["players"]["a"]["hand_size"] == 6
    import json
    text = json.dumps(vb)
    assert not any(u in text for u in s["players"]["a"]["hand"])
    assert not any(u in json.dumps(pub) for u in s["edeck"])
