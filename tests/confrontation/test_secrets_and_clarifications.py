"""Decisions whose existence would betray a secret (docs/confrontation.md, "Secrets kept by the
decisions"), what the views hide, and the remaining clarifications of the rulebook."""
from __future__ import annotations

from tests.confrontation.helpers import (
    FELLOWSHIP,
    SAURON,
    act,
    advance,
    advance_to,
    cards,
    decision,
    defeated,
    do_until_cards,
    events,
    fight,
    kind,
    knows,
    last_strength,
    legal,
    move,
    on_board,
    refused,
    result,
    scene,
    seen_by,
    token,
    view,
    where,
)


def _strengths(s):
    st = last_strength(s)
    return (st["fellowship"], st["sauron"])


# ------------------------------------------------------------------------------------------- Balrog question

def test_balrog_question_is_asked_whenever_caradhras_may_hold_the_balrog():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    assert kind(s) == "balrog" and decision(s)["sides"] == [SAURON]
    assert [a for a in legal(s, SAURON) if a["type"] == "balrog"] == [{"type": "balrog", "use": False}]
    s = act(s, SAURON, {"type": "balrog", "use": False})
    assert where(advance(s), "legolas") == "fangorn"


def test_no_balrog_question_when_the_fellowship_knows_the_piece_in_caradhras():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion")], turn=FELLOWSHIP, known=("orcs",))
    s = move(s, "legolas", "fangorn")
    assert kind(s) != "balrog"
    assert where(s, "legolas") == "fangorn"


def test_no_balrog_question_in_the_variant():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion")], mode="variant", turn=FELLOWSHIP)
    s = move(s, "elrond", "fangorn")
    assert kind(s) != "balrog"


def test_no_balrog_question_once_the_balrog_is_dead():
    s = scene([("legolas", "rhudaur"), ("balrog", "misty_mountains"), ("orcs", "caradhras"),
               ("gimli", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "misty_mountains"), "noble_sacrifice", "strength_1")
    assert "balrog" in defeated(s, SAURON)
    s = advance(move(s, "cave_troll", "gondor"))
    s = move(s, "gimli", "fangorn")
    assert kind(s) != "balrog"


# ------------------------------------------------------------------------------------------- fellowship_text

def test_fellowship_text_is_asked_when_gwaihir_may_be_held():
    s = scene([("black_rider", "caradhras"), ("legolas", "eregion")],
              options={"special_cards": "choose"},
              specials={FELLOWSHIP: ["shadowfax", "a_king_revealed"], SAURON: ["palantir", "crebain_of_dunland"]})
    s = move(s, "black_rider", "eregion")
    assert kind(s) == "fellowship_text"
    assert legal(s, FELLOWSHIP) and all(a["type"] in ("proceed", "shuffle") for a in legal(s, FELLOWSHIP))


def test_fellowship_text_is_asked_when_the_piece_beside_frodo_may_be_sam():
    # Frodo cannot retreat (enemy on one side, a full region on the other), but Sauron cannot know that
    # the piece beside him is not Sam: the question must be asked all the same.
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("legolas", "eregion"),
               ("orcs", "rhudaur"), ("gimli", "enedwaith"), ("merry", "enedwaith")])
    s = move(s, "black_rider", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "frodo")})
    assert kind(s) == "fellowship_text"
    refused(s, FELLOWSHIP, {"type": "sam_replace"})
    assert {a["type"] for a in legal(s, FELLOWSHIP)} <= {"proceed", "shuffle"}


def test_fellowship_text_is_asked_when_the_piece_beside_a_fighter_may_be_frodo():
    s = scene([("black_rider", "caradhras"), ("legolas", "eregion"), ("gimli", "eregion")])
    s = move(s, "black_rider", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "legolas")})
    # Legolas is revealed: he is neither Sam nor Frodo, so nothing needs to be hidden.
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert {a["type"] for a in legal(s2, FELLOWSHIP)} <= {"proceed", "shuffle"}


def test_gandalf_help_is_asked_whenever_a_piece_nearby_may_be_gandalf():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("theoden", "cardolan")], mode="variant")
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_2", "strength_1")
    assert kind(s) == "gandalf_help"
    assert [a for a in legal(s, FELLOWSHIP) if a["type"] == "gandalf_help"] == \
        [{"type": "gandalf_help", "use": False}]
    s = advance(act(s, FELLOWSHIP, {"type": "gandalf_help", "use": False}))
    assert _strengths(s) == (5, 5)


def test_no_gandalf_help_question_when_sauron_knows_the_pieces_nearby():
    s = scene([("uruk_hai", "caradhras"), ("elrond", "eregion"), ("theoden", "cardolan"),
               ("frodo_v", "the_shire"), ("gandalf_v", "the_shire")], mode="variant", known=("theoden",))
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_2", "strength_1")
    assert kind(s) != "gandalf_help"


# ------------------------------------------------------------------------------------------- views

def test_spectators_see_no_hand_and_no_hidden_character():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    v = view(s, None)
    assert "hand" not in v and v["you"] is None
    assert all(p["character"] is None for p in v["pieces"])
    assert v["hand_sizes"] == {"fellowship": 9, "sauron": 9}
    assert view(s, FELLOWSHIP)["you"] == FELLOWSHIP and view(s, SAURON)["you"] == SAURON


def test_a_normal_move_does_not_name_the_piece():
    s = scene([("legolas", "arthedain")], turn=FELLOWSHIP)
    s = move(s, "legolas", "eregion")
    ev = events(s, "moved")[-1]
    assert ev["character"] is None and ev["from"] == "arthedain" and ev["to"] == "eregion"
    assert not knows(s, SAURON, "legolas")
    assert view(s, SAURON)["last_move"] == {"piece": token(s, "legolas"), "from": "arthedain", "to": "eregion"}


def test_the_uruk_hai_long_move_names_it_in_the_log():
    s = scene([("uruk_hai", "mordor"), ("elrond", "eregion")], mode="variant")
    s = move(s, "uruk_hai", "fangorn")
    assert events(s, "moved")[-1]["character"] == "uruk_hai"


def test_the_opponent_always_sees_discards_and_hand_sizes():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_3", "strength_1")
    v = view(s, SAURON)
    assert v["discards"]["fellowship"] == ["strength_3"] and v["hand_sizes"]["fellowship"] == 8
    assert "strength_3" not in view(s, FELLOWSHIP)["hand"]


def test_the_decision_id_grows_when_the_decision_changes():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    i0 = decision(s)["id"]
    s = do_until_cards(move(s, "legolas", "eregion"))
    i1 = decision(s)["id"]
    assert i1 > i0
    s = act(s, FELLOWSHIP, {"type": "card", "card": "strength_1"})
    assert decision(s)["id"] >= i1
    s = advance(act(s, SAURON, {"type": "card", "card": "strength_1"}))
    assert decision(s)["id"] > i1


# ------------------------------------------------------------------------------------------- more clarifications

def test_saruman_may_forbid_cards_when_aragorn_v_lets_them_be_played():
    s = scene([("saruman", "caradhras"), ("aragorn_v", "eregion")], mode="draft")
    s = move(s, "saruman", "eregion")
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "proceed"})
    s = advance_to(s, "sauron_text")
    assert {"type": "no_cards"} in legal(s, SAURON)
    s = advance(act(s, SAURON, {"type": "no_cards"}))
    assert _strengths(s) == (4, 4)


def test_gwaihir_may_be_played_against_saruman():
    s = scene([("saruman", "caradhras"), ("legolas", "eregion")],
              specials={FELLOWSHIP: ["gwaihir_the_windlord"], SAURON: []})
    s = move(s, "saruman", "eregion")
    s = advance_to(s, "fellowship_text")
    assert {"type": "special", "card": "gwaihir_the_windlord"} in legal(s, FELLOWSHIP)
    s = act(s, FELLOWSHIP, {"type": "special", "card": "gwaihir_the_windlord"})
    s = advance(act(advance_to(s, "gwaihir_retreat"), FELLOWSHIP, {"type": "retreat", "to": "cardolan"}))
    assert where(s, "legolas") == "cardolan"


def test_gandalf_v_helps_sam_v_whose_strength_copies_the_attacker():
    s = scene([("uruk_hai", "caradhras"), ("sam_v", "eregion"), ("gandalf_v", "cardolan")], mode="variant")
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_1", "strength_2")
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (6, 6)


def test_gandalf_v_already_revealed_by_crebain_may_still_help():
    s = scene([("elrond", "eregion"), ("gandalf_v", "cardolan"), ("uruk_hai", "caradhras"),
               ("gollum", "rohan")], mode="variant",
              specials={FELLOWSHIP: [], SAURON: ["crebain_of_dunland"]})
    s = act(s, SAURON, {"type": "special", "card": "crebain_of_dunland", "piece": token(s, "gandalf_v")})
    s = advance(move(s, "frodo_v", "arthedain"))
    s = cards(do_until_cards(move(s, "uruk_hai", "eregion")), "strength_2", "strength_1")
    s = advance(act(advance_to(s, "gandalf_help"), FELLOWSHIP, {"type": "gandalf_help", "use": True}))
    assert _strengths(s) == (6, 5)


def test_a_player_without_a_legal_move_loses_even_holding_a_special_card():
    s = scene([("orcs", "the_shire"), ("frodo", "rhudaur"), ("legolas", "eregion")], fillers=False,
              turn=FELLOWSHIP, specials={FELLOWSHIP: [], SAURON: ["recall_to_mordor"]})
    s = move(s, "legolas", "caradhras")
    r = result(s)
    assert r is not None and r["reason"] == "no_move" and r["side"] == FELLOWSHIP


def test_sam_replacing_frodo_fights_at_strength_5_against_the_cards():
    s = scene([("shelob", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = move(s, "shelob", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "frodo")})
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "sam_replace"})
    if kind(s) == "fellowship_text" and {"type": "reveal_frodo"} in legal(s, FELLOWSHIP):
        s = act(s, FELLOWSHIP, {"type": "reveal_frodo"})
    s = fight(s, "strength_3", "strength_3")
    assert _strengths(s) == (8, 8)
    assert "sam" in defeated(s, FELLOWSHIP) and on_board(s, "frodo") and result(s) is None


def test_merry_defeats_the_variant_witch_king_too():
    s = scene([("witch_king_v", "caradhras"), ("merry", "eregion")], mode="draft")
    s = advance(move(s, "witch_king_v", "eregion"))
    assert "witch_king_v" in defeated(s, SAURON)


def test_gimli_defeats_the_variant_orcs_too():
    s = scene([("orcs_v", "caradhras"), ("gimli", "eregion")], mode="draft")
    s = advance(move(s, "orcs_v", "eregion"))
    assert "orcs_v" in defeated(s, SAURON) and on_board(s, "gimli")


def test_legolas_defeats_the_variant_flying_nazgul_too():
    s = scene([("flying_nazgul_v", "caradhras"), ("legolas", "eregion")], mode="draft")
    s = advance(move(s, "flying_nazgul_v", "eregion"))
    assert "flying_nazgul_v" in defeated(s, SAURON)


def test_revealed_pieces_are_known_until_shuffled():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion"), ("warg", "mirkwood"), ("gimli", "cardolan")],
              turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_5", "strength_1")
    assert knows(s, SAURON, "legolas")
    s = advance(move(s, "warg", "high_pass"))
    s = move(s, "gimli", "eregion")
    assert not knows(s, SAURON, "gimli")
    s = act(s, FELLOWSHIP, {"type": "shuffle", "region": "eregion"})
    assert not knows(s, SAURON, "legolas")
    assert seen_by(s, SAURON, "legolas")["known"] is False


def test_shelob_returning_to_gondor_ends_the_fights_in_the_region():
    s = scene([("shelob", "caradhras"), ("gimli", "eregion"), ("merry", "eregion")])
    s = move(s, "shelob", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "merry")})
    s = fight(s, "strength_1", "strength_1")
    assert "merry" in defeated(s, FELLOWSHIP)
    assert where(s, "shelob") == "gondor" and where(s, "gimli") == "eregion"
    assert len(events(s, "combat")) == 1
    assert kind(s) == "move" and view(s)["turn"] == FELLOWSHIP


def test_wormtongue_defeated_while_attacking_retreats_backwards():
    s = scene([("wormtongue", "rohan"), ("elrond", "caradhras")], mode="variant")
    s = fight(move(s, "wormtongue", "caradhras"), "strength_1", "strength_1")
    s = advance_to(s, "wormtongue")
    from tests.confrontation.helpers import retreat_targets
    assert retreat_targets(s, SAURON) == {"fangorn", "rohan"}
    s = advance(act(s, SAURON, {"type": "retreat", "to": "rohan"}))
    assert where(s, "wormtongue") == "rohan" and where(s, "elrond") == "caradhras"


def test_treebeard_may_even_come_back_to_fangorn_from_behind():
    from tests.confrontation.helpers import can_move
    s = scene([("treebeard", "dagorlad"), ("uruk_hai", "fangorn")], mode="variant", turn=FELLOWSHIP)
    assert can_move(s, "treebeard", "fangorn")


def test_shadowfax_carrying_frodo_into_mordor_wins_at_once():
    s = scene([("frodo", "dagorlad"), ("cave_troll", "gondor")], turn=FELLOWSHIP, fillers=False,
              specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "frodo"), "to": "mordor"})
    r = result(s)
    assert r is not None and r["side"] == FELLOWSHIP and r["reason"] == "ring_bearer_in_mordor"


def test_frodo_and_his_enemy_falling_together_is_a_win_for_sauron():
    s = scene([("frodo", "eregion"), ("orcs", "caradhras")], turn=FELLOWSHIP)
    s = fight(move(s, "frodo", "caradhras"), "strength_3", "strength_2")
    assert _strengths(s) == (4, 4)
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["reason"] == "frodo_defeated"


def test_cards_of_a_fight_won_back_by_wormtongue_are_still_discarded():
    s = scene([("elrond", "misty_mountains"), ("wormtongue", "fangorn")], mode="variant", turn=FELLOWSHIP)
    s = fight(move(s, "elrond", "fangorn"), "strength_5", "strength_1")
    s = advance(act(advance_to(s, "wormtongue"), SAURON, {"type": "retreat", "to": "dagorlad"}))
    from tests.confrontation.helpers import discards, hand
    assert discards(s, FELLOWSHIP) == ["strength_5"] and discards(s, SAURON) == ["strength_1"]
    assert len(hand(s, FELLOWSHIP)) == 8 and len(hand(s, SAURON)) == 8
    assert view(s)["combat"] is None and view(s)["turn"] == SAURON


def test_theoden_in_rohan_against_the_warg_keeps_strength_2():
    s = scene([("warg", "gondor"), ("theoden", "rohan")], mode="draft")
    s = fight(move(s, "warg", "rohan"), "strength_1", "strength_1")
    assert _strengths(s) == (3, 3)


def test_the_watcher_revealed_by_its_own_attack_stays_revealed():
    s = scene([("the_watcher", "fangorn"), ("elrond", "caradhras"), ("gollum", "gondor")], mode="variant")
    s = fight(move(s, "the_watcher", "caradhras"), "strength_1", "strength_1")
    assert "elrond" in defeated(s, FELLOWSHIP)
    assert seen_by(s, FELLOWSHIP, "the_watcher")["revealed"] is True
    s = advance(move(s, "frodo_v", "arthedain"))
    from tests.confrontation.helpers import move_targets
    assert move_targets(s, "the_watcher") == set()
