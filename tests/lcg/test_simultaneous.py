"""Simultaneous effects are ordered by the first player (rulebook clarification): when two or more
effects would resolve at the same moment, the first player chooses which resolves first, then next."""
from engine.lcg.board import put_into_play

from .helpers import R, activate, choose, decision, events, hero, play, res, step, table, to_hand, until


def _beorn_sneaked():
    """Beorn put into play by Sneak Attack (back to hand at the end of the phase), then his Action used
    (shuffled into the deck at the end of the phase): two effects at the end of the planning phase."""
    s = table(["aragorn", "theodred", "gloin"])
    ar = res(s, hero(s, "a", "aragorn"), 1)
    beorn = to_hand(s, "a", "beorn")
    s = play(s, to_hand(s, "a", "sneak_attack"), {ar: 1})
    assert beorn in s["players"]["a"]["allies"]
    s = activate(s, beorn)
    s = step(s, {"type": "pass"})   # the planning window closes: its phase ends
    return s, beorn


def test_the_first_player_orders_effects_at_the_end_of_the_phase_sneak_attack_first():
    s, beorn = _beorn_sneaked()
    assert decision(s) == ("choose", "order_effects")
    assert s["decision"]["player"] == "a"
    assert sorted(a["choice"] for a in R.legal_actions(s, "a")) == [f"beorn:{beorn}", f"sneak_attack:{beorn}"]
    s = choose(s, f"sneak_attack:{beorn}")
    assert beorn in s["players"]["a"]["hand"] and beorn not in s["players"]["a"]["deck"]
    assert beorn not in s["inplay"]


def test_the_first_player_orders_effects_at_the_end_of_the_phase_beorn_first():
    s, beorn = _beorn_sneaked()
    s = choose(s, f"beorn:{beorn}")
    assert beorn in s["players"]["a"]["deck"] and beorn not in s["players"]["a"]["hand"]
    assert beorn not in s["inplay"]


def test_simultaneous_forced_effects_are_ordered_by_the_first_player_not_by_entry_order():
    """Two Gandalfs (one per player) leave play at the end of the round: the first player (b, once the token passed),
    picks which one leaves first; the other follows without a question."""
    s = table(players=2)
    ga = to_hand(s, "a", "gandalf")
    gb = to_hand(s, "b", "gandalf")
    s["players"]["a"]["hand"].remove(ga)
    s["players"]["b"]["hand"].remove(gb)
    put_into_play(s, ga, "a")
    put_into_play(s, gb, "b")
    assert s["first"] == "a"   # the token passes to b during the refresh phase
    s = until(s, lambda x: decision(x) == ("choose", "order_effects"))
    assert s["phase"] == "refresh" and s["decision"]["player"] == "b"
    assert [a["choice"] for a in R.legal_actions(s, "b")] == [f"gandalf:{ga}", f"gandalf:{gb}"]
    assert R.legal_actions(s, "a") == []
    n = len(s["log"])
    s = choose(s, f"gandalf:{gb}", player="b")
    assert [e["card"] for e in events(s, "left_play", n)][:2] == [gb, ga]
    assert decision(s) != ("choose", "order_effects")
    assert ga not in s["inplay"] and gb not in s["inplay"]


def test_a_single_effect_is_not_ordered():
    s = table(["aragorn", "theodred", "gloin"])
    ar = res(s, hero(s, "a", "aragorn"), 1)
    faramir = to_hand(s, "a", "faramir")
    s = play(s, to_hand(s, "a", "sneak_attack"), {ar: 1})
    s = step(s, {"type": "pass"})
    assert decision(s) != ("choose", "order_effects")
    assert faramir in s["players"]["a"]["hand"]


def test_the_order_prompt_names_each_effect_for_the_bot():
    from present import lcg as text
    s, _beorn = _beorn_sneaked()
    v = R.view(s, "a")
    labels = sorted(text.describe_action(a, v, "en") for a in R.legal_actions(s, "a"))
    assert labels == ["Beorn: Beorn", "Sneak Attack: Beorn"]
    assert text.decision_text(v["decision"], v, "en") == text.decision_text({"kind": "choose", "prompt": "order_effects"}, v, "en")
