"""Les personnages de la variante (étoile blanche) et leurs clarifications; quelques-uns en Draft, où
les faces des deux versions se rencontrent."""
from __future__ import annotations

import functools
import operator
import os
import subprocess
import sys

from tests.confrontation.helpers import (
    FELLOWSHIP,
    FULL_HAND,
    SAURON,
    act,
    advance,
    advance_to,
    can_move,
    cards,
    combat,
    decision,
    defeated,
    discards,
    do_until_cards,
    events,
    fight,
    hand,
    hand_with,
    kind,
    knows,
    last_cards,
    last_strength,
    legal,
    move,
    move_targets,
    on_board,
    refused,
    refused_move,
    result,
    retreat_targets,
    scene,
    seen_by,
    token,
    view,
    where,
)

V = "variant"


def _strengths(s):
    st = last_strength(s)
    return (st["fellowship"], st["sauron"])


def _no_option(s, decision_kind, side, forbidden):
    """Either the decision is not asked, or `forbidden` is not among its legal answers."""
    s2 = advance(s, stop=(decision_kind,))
    if kind(s2) == decision_kind:
        assert forbidden not in legal(s2, side)
        refused(s2, side, forbidden)
    return s2


# ------------------------------------------------------------------------------------------- Frodo

def test_frodo_v_ignores_sauron_retreat_card():
    s = scene([("uruk_hai", "caradhras"), ("frodo_v", "eregion"), ("sam_v", "the_shire")], mode=V)
    s = fight(move(s, "uruk_hai", "eregion"), "strength_5", "retreat")
    assert _strengths(s) == (6, 4)
    assert "uruk_hai" in defeated(s, SAURON)


def test_frodo_v_ignores_the_eye_of_sauron():
    h, d = hand_with(FELLOWSHIP, [c for c in FULL_HAND[FELLOWSHIP] if c != "strength_5"])
    s = scene([("uruk_hai", "caradhras"), ("frodo_v", "eregion"), ("sam_v", "the_shire")], mode=V,
              hands=h, discards=d)
    s = do_until_cards(move(s, "uruk_hai", "eregion"))
    s = cards(s, "magic", "eye_of_sauron")
    s = act(advance_to(s, "magic"), FELLOWSHIP, {"type": "magic", "card": "strength_5"})
    s = advance(s)
    assert _strengths(s) == (6, 4)


def test_sam_becomes_the_ring_bearer_when_frodo_v_dies():
    s = scene([("orcs_v", "caradhras"), ("frodo_v", "eregion"), ("sam_v", "the_shire")], mode=V)
    s = fight(move(s, "orcs_v", "eregion"), "strength_1", "strength_1")
    assert "frodo_v" in defeated(s, FELLOWSHIP)
    assert result(s) is None
    assert knows(s, SAURON, "sam_v")            # Sam is revealed as the new ring-bearer


def test_sam_ring_bearer_entering_mordor_wins():
    s = scene([("orcs_v", "caradhras"), ("frodo_v", "eregion"), ("sam_v", "dagorlad"),
               ("gollum", "mordor")], mode=V)
    s = fight(move(s, "orcs_v", "eregion"), "strength_1", "strength_1")
    assert result(s) is None and view(s)["turn"] == FELLOWSHIP
    s = move(s, "sam_v", "mordor")
    r = result(s)
    assert r["side"] == FELLOWSHIP and r["reason"] == "ring_bearer_in_mordor" and r["winner"] == "fp"
    assert not events(s, "combat")[1:]


def test_sam_v_entering_mordor_does_not_win_while_frodo_lives():
    s = scene([("frodo_v", "eregion"), ("sam_v", "dagorlad")], mode=V, turn=FELLOWSHIP)
    s = advance(move(s, "sam_v", "mordor"))
    assert result(s) is None


def test_sauron_wins_when_frodo_v_dies_after_sam():
    s = scene([("orcs_v", "enedwaith"), ("uruk_hai", "caradhras"), ("frodo_v", "eregion"),
               ("sam_v", "cardolan"), ("theoden", "the_shire")], mode=V)
    s = fight(move(s, "orcs_v", "cardolan"), "strength_1", "strength_6")
    assert "sam_v" in defeated(s, FELLOWSHIP) and result(s) is None
    s = advance(move(s, "theoden", "arthedain"))
    s = fight(move(s, "uruk_hai", "eregion"), "strength_2", "strength_5")
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["winner"] == "sp"
    assert r["reason"] in ("frodo_defeated", "ring_bearer_defeated")


def test_sauron_wins_when_sam_the_ring_bearer_dies():
    s = scene([("orcs_v", "caradhras"), ("uruk_hai", "enedwaith"), ("frodo_v", "eregion"),
               ("sam_v", "cardolan"), ("theoden", "the_shire")], mode=V)
    s = fight(move(s, "orcs_v", "eregion"), "strength_1", "strength_1")
    assert "frodo_v" in defeated(s, FELLOWSHIP) and result(s) is None
    s = advance(move(s, "theoden", "arthedain"))
    s = fight(move(s, "uruk_hai", "cardolan"), "strength_2", "strength_6")
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["reason"] == "ring_bearer_defeated"


def test_warg_killing_frodo_v_wins_for_sauron_even_with_sam_alive():
    s = scene([("warg", "caradhras"), ("frodo_v", "eregion"), ("sam_v", "the_shire")], mode="draft")
    s = fight(move(s, "warg", "eregion"), "strength_1", "strength_6")
    r = result(s)
    assert r is not None and r["side"] == SAURON


# ------------------------------------------------------------------------------------------- Sam

def test_sam_v_has_the_strength_of_his_attacker():
    s = scene([("uruk_hai", "caradhras"), ("sam_v", "eregion")], mode=V)
    s = fight(move(s, "uruk_hai", "eregion"), "strength_2", "strength_1")
    assert _strengths(s) == (6, 5)
    assert "uruk_hai" in defeated(s, SAURON)


def test_sam_v_has_strength_6_against_attacking_orcs():
    s = scene([("orcs_v", "caradhras"), ("sam_v", "eregion")], mode=V)
    s = fight(move(s, "orcs_v", "eregion"), "strength_2", "strength_1")
    assert _strengths(s) == (8, 7)


def test_sam_v_attacking_keeps_strength_1():
    s = scene([("sam_v", "eregion"), ("uruk_hai", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "sam_v", "caradhras"), "strength_1", "strength_1")
    assert _strengths(s) == (2, 5)


# ------------------------------------------------------------------------------------------- Elrond

def test_elrond_ignores_the_eye_of_sauron():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion")], mode=V)
    s = fight(move(s, "uruk_hai", "eregion"), "noble_sacrifice", "eye_of_sauron")
    assert "elrond" in defeated(s, FELLOWSHIP) and "uruk_hai" in defeated(s, SAURON)


def test_elrond_ignores_sauron_magic():
    h, d = hand_with(SAURON, [c for c in FULL_HAND[SAURON] if c != "strength_6"])
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion")], mode=V, hands=h, discards=d)
    s = do_until_cards(move(s, "uruk_hai", "eregion"))
    s = advance(cards(s, "strength_2", "magic"))
    if kind(s) == "magic":
        s = advance(act(s, SAURON, {"type": "magic", "card": "strength_6"}))
    assert _strengths(s) == (5, 4)
    assert "uruk_hai" in defeated(s, SAURON)


# ------------------------------------------------------------------------------------------- Gandalf

def test_gandalf_v_adds_one_to_a_fight_next_to_him():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("gandalf_v", "cardolan")], mode=V)
    s = do_until_cards(move(s, "uruk_hai", "eregion"))
    s = cards(s, "strength_2", "strength_1")
    s = advance_to(s, "gandalf_help")
    assert decision(s)["sides"] == [FELLOWSHIP]
    s = advance(act(s, FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (6, 5)
    assert "uruk_hai" in defeated(s, SAURON)
    assert any(e["character"] == "gandalf_v" for e in events(s, "revealed")) or knows(s, SAURON, "gandalf_v")


def test_gandalf_v_helps_from_the_mountains():
    s = scene([("uruk_hai", "misty_mountains"), ("elrond", "eregion"), ("gandalf_v", "caradhras")], mode=V)
    s = do_until_cards(move(s, "uruk_hai", "eregion"))
    s = cards(s, "strength_2", "strength_1")
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (6, 5)


def test_gandalf_v_helps_in_his_own_region():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("gandalf_v", "eregion")], mode=V)
    s = move(s, "uruk_hai", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "elrond")})
    s = cards(do_until_cards(s), "strength_2", "strength_1")
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (6, 5)


def test_gandalf_v_may_decline_to_help():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("gandalf_v", "cardolan")], mode=V)
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_2", "strength_1")
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": False}))
    assert _strengths(s) == (5, 5)
    assert not knows(s, SAURON, "gandalf_v")


def test_gandalf_v_cannot_help_far_from_the_fight():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("gandalf_v", "the_shire")], mode=V)
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_2", "strength_1")
    _no_option(s, "gandalf_help", FELLOWSHIP, {"type": "gandalf_help", "use": True})
    assert _strengths(advance(s)) == (5, 5)


def test_gandalf_v_cannot_help_against_the_warg():
    s = scene([("warg", "caradhras"), ("elrond", "eregion"), ("gandalf_v", "cardolan")], mode="draft")
    s = cards(do_until_cards(move(s, "warg", "eregion")), "strength_2", "strength_1")
    _no_option(s, "gandalf_help", FELLOWSHIP, {"type": "gandalf_help", "use": True})
    assert _strengths(advance(s)) == (5, 3)


def test_gandalf_v_cannot_help_himself():
    s = scene([("uruk_hai", "caradhras"), ("gandalf_v", "eregion")], mode=V)
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_1", "strength_1")
    _no_option(s, "gandalf_help", FELLOWSHIP, {"type": "gandalf_help", "use": True})
    assert _strengths(advance(s)) == (6, 5)


def test_gandalf_v_helps_even_when_no_cards_are_played():
    s = scene([("uruk_hai", "caradhras"), ("aragorn_v", "eregion"), ("gandalf_v", "cardolan")], mode=V)
    s = move(s, "uruk_hai", "eregion")
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "no_cards"})
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (5, 4)
    assert "uruk_hai" in defeated(s, SAURON)


# ------------------------------------------------------------------------------------------- Aragorn

def test_aragorn_v_may_decide_no_cards_when_attacked():
    s = scene([("mouth_of_sauron", "caradhras"), ("aragorn_v", "eregion")], mode=V)
    s = move(s, "mouth_of_sauron", "eregion")
    s = advance_to(s, "fellowship_text")
    assert {"type": "no_cards"} in legal(s, FELLOWSHIP)
    s = advance(act(s, FELLOWSHIP, {"type": "no_cards"}))
    assert _strengths(s) == (4, 3)
    assert "mouth_of_sauron" in defeated(s, SAURON)
    assert len(hand(s, FELLOWSHIP)) == 9 and len(hand(s, SAURON)) == 9


def test_aragorn_v_cannot_forbid_cards_when_attacking():
    s = scene([("aragorn_v", "eregion"), ("uruk_hai", "caradhras")], mode=V, turn=FELLOWSHIP)
    _no_option(move(s, "aragorn_v", "caradhras"), "fellowship_text", FELLOWSHIP, {"type": "no_cards"})


# ------------------------------------------------------------------------------------------- Treebeard

def test_treebeard_has_strength_6_in_fangorn():
    s = scene([("uruk_hai", "gondor"), ("treebeard", "fangorn")], mode=V)
    s = fight(move(s, "uruk_hai", "fangorn"), "strength_1", "strength_1")
    assert _strengths(s) == (7, 5)


def test_treebeard_attacking_into_fangorn_has_strength_6():
    s = scene([("treebeard", "misty_mountains"), ("mouth_of_sauron", "fangorn")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "treebeard", "fangorn"), "strength_1", "strength_1")
    assert _strengths(s) == (7, 4)


def test_treebeard_has_strength_4_elsewhere():
    s = scene([("treebeard", "eregion"), ("uruk_hai", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "treebeard", "caradhras"), "strength_1", "strength_1")
    assert _strengths(s) == (5, 5)


def test_treebeard_has_strength_4_against_the_warg_in_fangorn():
    s = scene([("treebeard", "misty_mountains"), ("warg", "fangorn")], mode="draft", turn=FELLOWSHIP)
    s = fight(move(s, "treebeard", "fangorn"), "strength_1", "strength_1")
    assert _strengths(s) == (5, 3)


def test_treebeard_moves_to_fangorn_from_anywhere_when_it_holds_exactly_one_sauron_piece():
    s = scene([("treebeard", "the_shire"), ("uruk_hai", "fangorn")], mode=V, turn=FELLOWSHIP)
    assert can_move(s, "treebeard", "fangorn")
    s = move(s, "treebeard", "fangorn")
    assert combat(s)["attacker"] == token(s, "treebeard")


def test_treebeard_cannot_leap_to_fangorn_with_two_or_no_sauron_pieces():
    s = scene([("treebeard", "the_shire"), ("uruk_hai", "fangorn"), ("gollum", "fangorn")], mode=V,
              turn=FELLOWSHIP)
    refused_move(s, "treebeard", "fangorn")
    s = scene([("treebeard", "the_shire")], mode=V, turn=FELLOWSHIP)
    refused_move(s, "treebeard", "fangorn")


def test_treebeard_may_leap_to_attack_the_warg_in_fangorn():
    s = scene([("treebeard", "cardolan"), ("warg", "fangorn")], mode="draft", turn=FELLOWSHIP)
    assert can_move(s, "treebeard", "fangorn")


# ------------------------------------------------------------------------------------------- Faramir

def test_faramir_retreats_sideways_when_attacking():
    s = scene([("faramir", "fangorn"), ("uruk_hai", "gondor")], mode=V, turn=FELLOWSHIP)
    s = advance_to(move(s, "faramir", "gondor"), "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"dagorlad"}
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "dagorlad"}))
    assert where(s, "faramir") == "dagorlad" and where(s, "uruk_hai") == "gondor"
    assert defeated(s) == {"fellowship": [], "sauron": []}


def test_faramir_cannot_retreat_when_attacked():
    s = scene([("uruk_hai", "caradhras"), ("faramir", "eregion")], mode=V)
    s2 = advance(move(s, "uruk_hai", "eregion"), stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert retreat_targets(s2, FELLOWSHIP) == set()


# ------------------------------------------------------------------------------------------- Théoden

def test_theoden_has_strength_4_in_rohan():
    s = scene([("uruk_hai", "gondor"), ("theoden", "rohan")], mode=V)
    s = fight(move(s, "uruk_hai", "rohan"), "strength_1", "strength_2")
    assert _strengths(s) == (5, 6)


def test_theoden_attacking_into_gondor_has_strength_4():
    s = scene([("theoden", "fangorn"), ("mouth_of_sauron", "gondor")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "theoden", "gondor"), "strength_1", "strength_1")
    assert _strengths(s) == (5, 4)


def test_theoden_has_strength_2_elsewhere():
    s = scene([("theoden", "eregion"), ("uruk_hai", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "theoden", "caradhras"), "strength_1", "strength_1")
    assert _strengths(s) == (3, 5)


# ------------------------------------------------------------------------------------------- Smeagol

def test_smeagol_swaps_places_and_the_swapped_piece_text_applies():
    s = scene([("uruk_hai", "caradhras"), ("smeagol", "eregion"), ("aragorn_v", "cardolan")], mode=V)
    s = advance_to(move(s, "uruk_hai", "eregion"), "fellowship_text")
    assert {"type": "swap", "with": token(s, "aragorn_v")} in legal(s, FELLOWSHIP)
    s = act(s, FELLOWSHIP, {"type": "swap", "with": token(s, "aragorn_v")})
    assert where(s, "aragorn_v") == "eregion" and where(s, "smeagol") == "cardolan"
    assert events(s, "swapped")
    assert combat(s)["defender"] == token(s, "aragorn_v")
    s = advance_to(s, "fellowship_text")           # Aragorn, attacked, may forbid the cards
    assert {"type": "no_cards"} in legal(s, FELLOWSHIP)
    s = advance(act(s, FELLOWSHIP, {"type": "no_cards"}))
    assert _strengths(s) == (4, 4)


def test_smeagol_never_swaps_sideways_in_the_mountains():
    s = scene([("uruk_hai", "fangorn"), ("smeagol", "caradhras"), ("elrond", "misty_mountains"),
               ("theoden", "eregion")], mode=V)
    s = advance_to(move(s, "uruk_hai", "caradhras"), "fellowship_text")
    swaps = {a["with"] for a in legal(s, FELLOWSHIP) if a["type"] == "swap"}
    assert swaps == {token(s, "theoden")}
    refused(s, FELLOWSHIP, {"type": "swap", "with": token(s, "elrond")})


def test_smeagol_swaps_only_when_alone_in_his_region():
    s = scene([("uruk_hai", "caradhras"), ("smeagol", "eregion"), ("elrond", "eregion"),
               ("theoden", "cardolan")], mode=V)
    s = move(s, "uruk_hai", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "smeagol")})
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert not any(a["type"] == "swap" for a in legal(s2, FELLOWSHIP))


def test_smeagol_swaps_only_when_attacked():
    s = scene([("smeagol", "eregion"), ("uruk_hai", "caradhras"), ("elrond", "cardolan")], mode=V,
              turn=FELLOWSHIP)
    s2 = advance(move(s, "smeagol", "caradhras"), stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert not any(a["type"] == "swap" for a in legal(s2, FELLOWSHIP))


# ------------------------------------------------------------------------------------------- Witch King

def test_witch_king_v_entering_the_shire_wins_at_once():
    s = scene([("witch_king_v", "arthedain"), ("frodo_v", "the_shire"), ("sam_v", "the_shire")], mode=V)
    s = move(s, "witch_king_v", "the_shire")
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["reason"] == "witch_king_in_shire"
    assert r["winner"] == "sp"
    assert not events(s, "combat")


# ------------------------------------------------------------------------------------------- Saruman

def test_saruman_v_defeats_gandalf_before_cards():
    s = scene([("gandalf_v", "eregion"), ("saruman_v", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = advance(move(s, "gandalf_v", "caradhras"))
    assert "gandalf_v" in defeated(s, FELLOWSHIP) and on_board(s, "saruman_v")
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []


def test_saruman_v_defeats_classic_gandalf_too():
    s = scene([("saruman_v", "caradhras"), ("gandalf", "eregion")], mode="draft")
    s = advance(move(s, "saruman_v", "eregion"))
    assert "gandalf" in defeated(s, FELLOWSHIP)


def test_saruman_v_forces_another_card_and_the_first_returns_to_hand():
    s = scene([("elrond", "eregion"), ("saruman_v", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = cards(do_until_cards(move(s, "elrond", "caradhras")), "strength_5", "strength_1")
    s = advance_to(s, "saruman_force")
    assert decision(s)["sides"] == [SAURON]
    s = act(s, SAURON, {"type": "force_change", "use": True})
    assert kind(s) == "cards" and decision(s)["sides"] == [FELLOWSHIP]
    assert "strength_5" in hand(s, FELLOWSHIP)
    refused(s, FELLOWSHIP, {"type": "card", "card": "strength_5"})
    s = advance(act(s, FELLOWSHIP, {"type": "card", "card": "strength_1"}))
    assert _strengths(s) == (4, 4)
    assert "strength_5" in hand(s, FELLOWSHIP) and "strength_5" not in discards(s, FELLOWSHIP)
    assert "strength_1" in discards(s, FELLOWSHIP)


def test_saruman_v_cannot_force_a_change_after_aragorn_forbids_cards():
    s = scene([("saruman_v", "caradhras"), ("aragorn_v", "eregion")], mode=V)
    s = act(advance_to(move(s, "saruman_v", "eregion"), "fellowship_text"), FELLOWSHIP, {"type": "no_cards"})
    _no_option(s, "saruman_force", SAURON, {"type": "force_change", "use": True})
    assert _strengths(advance(s)) == (4, 3)


def test_saruman_v_cannot_force_a_change_of_the_last_card():
    h, d = last_cards("strength_5", "strength_1")
    s = scene([("elrond", "eregion"), ("saruman_v", "caradhras")], mode=V, turn=FELLOWSHIP, hands=h,
              discards=d)
    s = cards(do_until_cards(move(s, "elrond", "caradhras")), "strength_5", "strength_1")
    _no_option(s, "saruman_force", SAURON, {"type": "force_change", "use": True})
    assert _strengths(advance(s)) == (8, 4)


# ------------------------------------------------------------------------------------------- Orcs

def test_orcs_v_have_strength_6_when_attacking():
    s = scene([("orcs_v", "caradhras"), ("elrond", "eregion")], mode=V)
    s = fight(move(s, "orcs_v", "eregion"), "strength_1", "strength_1")
    assert _strengths(s) == (4, 7)


def test_orcs_v_have_strength_3_when_attacked():
    s = scene([("elrond", "eregion"), ("orcs_v", "caradhras")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "caradhras"), "strength_1", "strength_2")
    assert _strengths(s) == (4, 5)


# ------------------------------------------------------------------------------------------- Wormtongue

def test_wormtongue_retreats_backwards_into_an_empty_region_when_defeated():
    s = scene([("elrond", "misty_mountains"), ("wormtongue", "fangorn")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "fangorn"), "strength_5", "strength_1")
    s = advance_to(s, "wormtongue")
    assert decision(s)["sides"] == [SAURON]
    assert retreat_targets(s, SAURON) == {"dagorlad", "gondor"}
    s = advance(act(s, SAURON, {"type": "retreat", "to": "gondor"}))
    assert where(s, "wormtongue") == "gondor"
    assert "wormtongue" not in defeated(s, SAURON)


def test_wormtongue_may_decline_to_retreat():
    s = scene([("elrond", "misty_mountains"), ("wormtongue", "fangorn")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "fangorn"), "strength_5", "strength_1")
    s = advance(act(advance_to(s, "wormtongue"), SAURON, {"type": "decline"}))
    assert "wormtongue" in defeated(s, SAURON)


def test_wormtongue_retreats_only_into_an_empty_region():
    s = scene([("elrond", "misty_mountains"), ("wormtongue", "fangorn"), ("gollum", "dagorlad"),
               ("theoden", "gondor")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "fangorn"), "strength_5", "strength_1")
    s2 = advance(s, stop=("wormtongue",))
    if kind(s2) == "wormtongue":
        assert retreat_targets(s2, SAURON) == set()
        s2 = advance(act(s2, SAURON, {"type": "decline"}))
    assert "wormtongue" in defeated(s2, SAURON)


def test_wormtongue_retreats_even_from_noble_sacrifice():
    s = scene([("elrond", "misty_mountains"), ("wormtongue", "fangorn")], mode=V, turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "fangorn"), "noble_sacrifice", "strength_1")
    s = advance(act(advance_to(s, "wormtongue"), SAURON, {"type": "retreat", "to": "dagorlad"}))
    assert where(s, "wormtongue") == "dagorlad"
    assert "elrond" in defeated(s, FELLOWSHIP)


def test_wormtongue_retreats_even_from_boromir():
    s = scene([("boromir", "misty_mountains"), ("wormtongue", "fangorn")], mode="draft", turn=FELLOWSHIP)
    s = move(s, "boromir", "fangorn")
    s = advance(act(advance_to(s, "wormtongue"), SAURON, {"type": "retreat", "to": "gondor"}))
    assert where(s, "wormtongue") == "gondor"
    assert "boromir" in defeated(s, FELLOWSHIP)


# ------------------------------------------------------------------------------------------- Mouth of Sauron

def test_mouth_of_sauron_swaps_his_card_for_strength_4_from_hand():
    s = scene([("elrond", "eregion"), ("mouth_of_sauron", "caradhras"), ("saruman_v", "mordor")], mode=V,
              turn=FELLOWSHIP)
    s = cards(do_until_cards(move(s, "elrond", "caradhras")), "strength_2", "strength_1")
    s = advance_to(s, "mouth")
    s = advance(act(s, SAURON, {"type": "mouth", "use": True}))
    assert _strengths(s) == (5, 7)
    assert "strength_1" in hand(s, SAURON) and "strength_4" in discards(s, SAURON)
    assert "strength_1" not in discards(s, SAURON)


def test_mouth_of_sauron_takes_strength_4_from_the_discard():
    h, d = hand_with(SAURON, [c for c in FULL_HAND[SAURON] if c != "strength_4"])
    s = scene([("elrond", "eregion"), ("mouth_of_sauron", "caradhras"), ("saruman_v", "mordor")], mode=V,
              turn=FELLOWSHIP, hands=h, discards=d)
    s = cards(do_until_cards(move(s, "elrond", "caradhras")), "strength_2", "strength_1")
    s = advance(act(advance_to(s, "mouth"), SAURON, {"type": "mouth", "use": True}))
    assert _strengths(s) == (5, 7)
    assert "strength_1" in discards(s, SAURON) and "strength_1" not in hand(s, SAURON)


def test_mouth_of_sauron_cannot_swap_when_aragorn_forbids_cards():
    s = scene([("mouth_of_sauron", "caradhras"), ("aragorn_v", "eregion")], mode=V)
    s = act(advance_to(move(s, "mouth_of_sauron", "eregion"), "fellowship_text"), FELLOWSHIP,
            {"type": "no_cards"})
    _no_option(s, "mouth", SAURON, {"type": "mouth", "use": True})


# ------------------------------------------------------------------------------------------- The Watcher

def _watcher_revealed():
    """Elrond attacks the Watcher in Dagorlad and loses: the Watcher has been revealed."""
    s = scene([("elrond", "mirkwood"), ("the_watcher", "dagorlad"), ("theoden", "fangorn"),
               ("gollum", "caradhras")], mode=V, turn=FELLOWSHIP,
              specials={FELLOWSHIP: [], SAURON: ["recall_to_mordor"]})
    s = fight(move(s, "elrond", "dagorlad"), "strength_1", "strength_1")
    assert "elrond" in defeated(s, FELLOWSHIP)
    return s


def test_the_watcher_stays_revealed_once_revealed():
    s = _watcher_revealed()
    seen = seen_by(s, FELLOWSHIP, "the_watcher")
    assert seen["revealed"] is True and seen["character"] == "the_watcher"
    assert token(s, "the_watcher") not in functools.reduce(operator.iadd, (e["pieces"] for e in events(s, "hidden_again")), [])


def test_the_revealed_watcher_never_moves_forward_again():
    s = _watcher_revealed()
    assert view(s)["turn"] == SAURON
    assert not any(a["type"] == "move" and a["piece"] == token(s, "the_watcher") for a in legal(s, SAURON))
    refused_move(s, "the_watcher", "mirkwood")


def test_the_revealed_watcher_may_retreat_with_the_retreat_card():
    s = _watcher_revealed()
    s = advance(move(s, "gollum", "eregion"))
    s = fight(move(s, "theoden", "dagorlad"), "strength_2", "retreat")
    if kind(s) == "retreat_card":
        s = advance(act(s, SAURON, {"type": "retreat", "to": "gondor"}))
    assert where(s, "the_watcher") == "gondor"
    assert seen_by(s, FELLOWSHIP, "the_watcher")["revealed"] is True


def test_the_revealed_watcher_may_be_recalled_to_mordor():
    s = _watcher_revealed()
    s = act(s, SAURON, {"type": "special", "card": "recall_to_mordor", "piece": token(s, "the_watcher")})
    assert where(s, "the_watcher") == "mordor"
    assert seen_by(s, FELLOWSHIP, "the_watcher")["revealed"] is True


def test_the_watcher_cannot_be_shuffled_away_once_revealed():
    s = _watcher_revealed()
    s = move(s, "mouth_of_sauron", "dagorlad")
    s = advance(s)
    s2 = s
    if {"type": "shuffle", "region": "dagorlad"} in legal(s, SAURON):
        s2 = act(s, SAURON, {"type": "shuffle", "region": "dagorlad"})
    assert seen_by(s2, FELLOWSHIP, "the_watcher")["character"] == "the_watcher"


# ------------------------------------------------------------------------------------------- Flying Nazgûl

def test_flying_nazgul_v_jumps_over_one_region_to_attack():
    s = scene([("flying_nazgul_v", "fangorn"), ("theoden", "caradhras"), ("gollum", "misty_mountains"),
               ("elrond", "eregion"), ("faramir", "cardolan")], mode=V)
    assert can_move(s, "flying_nazgul_v", "eregion")
    refused_move(s, "flying_nazgul_v", "enedwaith")    # empty: a jump is only to attack
    refused_move(s, "flying_nazgul_v", "cardolan")     # three regions away
    s = move(s, "flying_nazgul_v", "eregion")
    assert combat(s)["attacker"] == token(s, "flying_nazgul_v")


def test_flying_nazgul_v_reached_by_two_paths_is_offered_each_attack_once():
    """From Eregion two paths of two regions lead to the Shire: one attack there, not two (a repeated
    legal action would put the same value twice in the destination menu, which Discord refuses)."""
    s = scene([("flying_nazgul_v", "eregion"), ("sam_v", "the_shire")], mode=V, fillers=False)
    t = token(s, "flying_nazgul_v")
    moves = [a["to"] for a in legal(s, SAURON) if a.get("type") == "move" and a.get("piece") == t]
    assert "the_shire" in moves and len(moves) == len(set(moves))


def test_aragorn_attacks_are_listed_in_the_same_order_whatever_the_hash_seed():
    """The engine's answers must not follow Python's string hashing (PYTHONHASHSEED)."""
    code = ("from tests.confrontation.helpers import scene, legal, FELLOWSHIP;"
            "s = scene([('aragorn', 'eregion'), ('orcs', 'rhudaur'), ('warg', 'enedwaith'),"
            " ('shelob', 'the_shire')], turn=FELLOWSHIP);"
            "print([a.get('to') for a in legal(s, FELLOWSHIP)])")
    runs = {subprocess.run([sys.executable, "-c", code], env=os.environ | {"PYTHONHASHSEED": str(seed)},
                           capture_output=True, text=True, check=True).stdout for seed in (1, 2, 3, 4)}
    assert len(runs) == 1, runs


def test_flying_nazgul_v_otherwise_moves_normally():
    s = scene([("flying_nazgul_v", "fangorn")], mode=V)
    assert move_targets(s, "flying_nazgul_v") == {"misty_mountains", "caradhras"}


# ------------------------------------------------------------------------------------------- Gollum

def test_gollum_retreats_forward_at_the_start_of_combat():
    s = scene([("elrond", "misty_mountains"), ("gollum", "fangorn")], mode=V, turn=FELLOWSHIP)
    s = advance_to(move(s, "elrond", "fangorn"), "sauron_text")
    assert retreat_targets(s, SAURON) == {"misty_mountains", "caradhras"}
    s = advance(act(s, SAURON, {"type": "retreat", "to": "caradhras"}))
    assert where(s, "gollum") == "caradhras" and where(s, "elrond") == "fangorn"
    assert defeated(s) == {"fellowship": [], "sauron": []}
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []


def test_gollum_never_retreats_into_the_fellowship_or_a_full_region():
    s = scene([("elrond", "misty_mountains"), ("gollum", "fangorn"), ("theoden", "caradhras")], mode=V,
              turn=FELLOWSHIP)
    s2 = advance(move(s, "elrond", "fangorn"), stop=("sauron_text",))
    if kind(s2) == "sauron_text":
        assert retreat_targets(s2, SAURON) == {"misty_mountains"}
    s = scene([("elrond", "misty_mountains"), ("gollum", "fangorn"), ("uruk_hai", "caradhras")], mode=V,
              turn=FELLOWSHIP)
    s2 = advance(move(s, "elrond", "fangorn"), stop=("sauron_text",))
    if kind(s2) == "sauron_text":
        assert retreat_targets(s2, SAURON) == {"misty_mountains"}


def test_gollum_cannot_retreat_after_the_fellowship_retreated():
    s = scene([("faramir", "fangorn"), ("gollum", "gondor")], mode=V, turn=FELLOWSHIP)
    s = advance_to(move(s, "faramir", "gondor"), "fellowship_text")
    s = act(s, FELLOWSHIP, {"type": "retreat", "to": "dagorlad"})
    s2 = advance(s, stop=("sauron_text",))
    if kind(s2) == "sauron_text":
        assert retreat_targets(s2, SAURON) == set()
    s2 = advance(s2)
    assert where(s2, "gollum") == "gondor"


def test_smeagol_shown_by_a_swap_cannot_be_shuffled_until_the_fight_is_over():
    """Rulebook, movement: revealed characters may not be shuffled until the action that revealed them
    is over. Smeagol, shown by his swap, stays face up in his new region while the fight goes on."""
    s = scene([("uruk_hai", "caradhras"), ("smeagol", "eregion"), ("aragorn_v", "cardolan"),
               ("elrond", "cardolan")], mode=V)
    s = advance_to(move(s, "uruk_hai", "eregion"), "fellowship_text")
    s = act(s, FELLOWSHIP, {"type": "swap", "with": token(s, "aragorn_v")})
    assert where(s, "smeagol") == "cardolan" and seen_by(s, SAURON, "smeagol")["revealed"] is True
    assert {"type": "shuffle", "region": "cardolan"} not in legal(s, FELLOWSHIP)
    refused(s, FELLOWSHIP, {"type": "shuffle", "region": "cardolan"})
    s = fight(s, "strength_1", "strength_1")
    assert seen_by(s, SAURON, "smeagol")["revealed"] is False
    assert {"type": "shuffle", "region": "cardolan"} in legal(s, FELLOWSHIP)
