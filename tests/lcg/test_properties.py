"""The Card Game's own properties: random play replays, its malformed actions change nothing, an
unimplemented card is refused, a player sees their own hand only. What every game shares (play ends,
round trips, twin states with tests/lcg/conformance.py) is checked by tests/conformance/."""
import random

import pytest

from engine import IllegalAction
from tests.lcg.helpers import R, default_action, random_play, step


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


def test_a_player_sees_their_own_hand_only():
    s = R.new_game(["a", "b"], {}, 6)
    va, vb, pub = R.view(s, "a"), R.view(s, "b"), R.view(s, None)
    assert [c["uid"] for c in va["hand"]] == s["players"]["a"]["hand"]
    assert "hand" not in pub and vb["players"]["a"]["hand_size"] == 6
    import json
    text = json.dumps(vb)
    assert not any(u in text for u in s["players"]["a"]["hand"])
    assert not any(u in json.dumps(pub) for u in s["edeck"])


def test_a_save_from_before_exhausted_was_spelled_out_loads_in_a_fresh_process():
    """Saves made when a card record said "exh" still load: the key is renamed on load."""
    import json
    import subprocess
    import sys

    s, _ = random_play(R.new_game(["a", "b"], {}, 4), random.Random(2), max_steps=120)
    old = R.dump(s).replace('"exhausted":', '"exh":')
    assert '"exh":' in old
    code = ("import json, sys; from engine import get_rules; R = get_rules('lcg'); s = R.load(sys.stdin.read());"
            "print(json.dumps([R.dump(s), R.view(s, 'a')]))")
    out = subprocess.run([sys.executable, "-c", code], input=old, capture_output=True, text=True, check=True)
    dumped, view = json.loads(out.stdout)
    assert '"exh":' not in dumped
    assert view["players"] == R.view(s, "a")["players"]
