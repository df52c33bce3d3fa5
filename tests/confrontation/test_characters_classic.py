"""Les personnages de la version Classique et leurs clarifications."""
from __future__ import annotations

from tests.confrontation.helpers import (
    FELLOWSHIP,
    FULL_HAND,
    SAURON,
    act,
    advance,
    advance_to,
    can_move,
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
    last_strength,
    legal,
    move,
    on_board,
    refused,
    refused_move,
    result,
    retreat_targets,
    scene,
    token,
    where,
)


def _target(s, side, character):
    return act(advance_to(s, "target"), side, {"type": "attack", "piece": token(s, character)})


# ------------------------------------------------------------------------------------------- Sam

def test_sam_replaces_frodo_when_frodo_is_attacked_first():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "black_rider", "eregion"), SAURON, "frodo")
    s = advance_to(s, "fellowship_text")
    assert {"type": "sam_replace"} in legal(s, FELLOWSHIP)
    s = act(s, FELLOWSHIP, {"type": "sam_replace"})
    ev = events(s, "replaced")[-1]
    assert ev["piece"] == token(s, "frodo") and ev["by"] == token(s, "sam")
    assert combat(s)["defender"] == token(s, "sam")
    if kind(s) == "fellowship_text" and {"type": "reveal_frodo"} in legal(s, FELLOWSHIP):
        s = act(s, FELLOWSHIP, {"type": "reveal_frodo"})
    s = fight(s, "strength_1", "strength_2")
    # Sam stands beside Frodo (already revealed): strength 5 + 1 against Black Rider 3 + 2.
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (6, 5)
    assert "black_rider" in defeated(s, SAURON)
    assert on_board(s, "frodo") and on_board(s, "sam")


def test_sam_cannot_replace_frodo_when_sam_is_attacked():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "black_rider", "eregion"), SAURON, "sam")
    s = advance_to(s, "fellowship_text")
    assert {"type": "sam_replace"} not in legal(s, FELLOWSHIP)


def test_sam_has_strength_5_beside_frodo_once_frodo_is_revealed():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "black_rider", "eregion"), SAURON, "sam")
    s = advance_to(s, "fellowship_text")
    s = act(s, FELLOWSHIP, {"type": "reveal_frodo"})
    assert any(e["character"] == "frodo" for e in events(s, "revealed"))
    s = fight(s, "strength_1", "strength_2")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (6, 5)
    assert "black_rider" in defeated(s, SAURON)


def test_sam_has_strength_2_when_frodo_is_not_revealed():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "black_rider", "eregion"), SAURON, "sam")
    s = fight(s, "strength_1", "strength_2")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (3, 5)


def test_sam_has_strength_2_away_from_frodo():
    s = scene([("black_rider", "caradhras"), ("sam", "eregion"), ("frodo", "the_shire")])
    s = move(s, "black_rider", "eregion")
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        refused(s2, FELLOWSHIP, {"type": "reveal_frodo"})
    s = fight(s, "strength_1", "strength_2")
    assert last_strength(s)["fellowship"] == 3


def test_orcs_defeat_sam_when_he_replaces_frodo():
    s = scene([("orcs", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "orcs", "eregion"), SAURON, "frodo")
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "sam_replace"})
    s = advance(s, stop=("fellowship_text",))
    assert "sam" in defeated(s, FELLOWSHIP)
    assert on_board(s, "frodo") and result(s) is None
    # The Orcs' ability is spent: the next fight against Frodo goes to the cards.
    s = do_until_cards(s)
    assert on_board(s, "frodo")


def test_warg_cancels_sam_replacing_frodo():
    s = scene([("warg", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "warg", "eregion"), SAURON, "frodo")
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        acts = legal(s2, FELLOWSHIP)
        assert {"type": "sam_replace"} not in acts
        assert not any(a["type"] == "retreat" for a in acts)
        refused(s2, FELLOWSHIP, {"type": "sam_replace"})
    assert kind(advance(s2)) == "cards"


def test_warg_cancels_sam_strength_5():
    s = scene([("warg", "caradhras"), ("frodo", "eregion"), ("sam", "eregion")])
    s = _target(move(s, "warg", "eregion"), SAURON, "sam")
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        refused(s2, FELLOWSHIP, {"type": "reveal_frodo"})
    s = fight(s2, "strength_1", "strength_1")
    assert last_strength(s)["fellowship"] == 3


# ------------------------------------------------------------------------------------------- Merry

def test_merry_defeats_the_witch_king_before_cards():
    s = scene([("witch_king", "caradhras"), ("merry", "eregion")])
    s = advance(move(s, "witch_king", "eregion"))
    assert "witch_king" in defeated(s, SAURON) and on_board(s, "merry")
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []


def test_merry_attacking_the_witch_king_defeats_him():
    s = scene([("merry", "eregion"), ("witch_king", "caradhras")], turn=FELLOWSHIP)
    s = advance(move(s, "merry", "caradhras"))
    assert "witch_king" in defeated(s, SAURON) and where(s, "merry") == "caradhras"


def test_merry_fights_other_enemies_normally():
    s = scene([("merry", "eregion"), ("orcs", "caradhras")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "merry", "caradhras"))
    assert on_board(s, "orcs")


# ------------------------------------------------------------------------------------------- Gandalf

def test_gandalf_makes_sauron_choose_his_card_first():
    s = scene([("gandalf", "arthedain"), ("shelob", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "gandalf", "eregion"))
    assert decision(s)["sides"] == [SAURON]
    refused(s, FELLOWSHIP, {"type": "card", "card": "strength_1"})
    s = act(s, SAURON, {"type": "card", "card": "strength_2"})
    assert kind(s) == "cards" and decision(s)["sides"] == [FELLOWSHIP]
    assert combat(s, FELLOWSHIP)["cards"]["sauron"] == "strength_2"    # shown before he chooses
    s = advance(act(s, FELLOWSHIP, {"type": "card", "card": "strength_3"}))
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (8, 7)


def test_gandalf_when_attacked_also_makes_sauron_play_first():
    s = scene([("shelob", "caradhras"), ("gandalf", "eregion")])
    s = do_until_cards(move(s, "shelob", "eregion"))
    assert decision(s)["sides"] == [SAURON]


def test_gandalf_still_plays_a_card_after_sauron_retreat():
    s = scene([("gandalf", "arthedain"), ("shelob", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "gandalf", "eregion"))
    s = act(s, SAURON, {"type": "card", "card": "retreat"})
    assert kind(s) == "cards" and decision(s)["sides"] == [FELLOWSHIP]


def test_gandalf_sees_the_magic_replacement_before_choosing():
    h, d = hand_with(SAURON, [c for c in FULL_HAND[SAURON] if c != "strength_6"])
    s = scene([("gandalf", "arthedain"), ("shelob", "eregion")], turn=FELLOWSHIP, hands=h, discards=d)
    s = do_until_cards(move(s, "gandalf", "eregion"))
    s = act(s, SAURON, {"type": "card", "card": "magic"})
    s = advance_to(s, "magic")
    assert decision(s)["sides"] == [SAURON]
    s = act(s, SAURON, {"type": "magic", "card": "strength_6"})
    rep = events(s, "card_replaced")[-1]
    assert rep["side"] == SAURON and rep["old"] == "magic" and rep["new"] == "strength_6"
    assert kind(s) == "cards" and decision(s)["sides"] == [FELLOWSHIP]
    s = advance(act(s, FELLOWSHIP, {"type": "card", "card": "strength_5"}))
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (10, 11)


def test_gandalf_against_the_warg_cards_are_simultaneous():
    s = scene([("gandalf", "arthedain"), ("warg", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "gandalf", "eregion"))
    assert sorted(decision(s)["sides"]) == [FELLOWSHIP, SAURON]


# ------------------------------------------------------------------------------------------- Aragorn

def test_aragorn_moves_to_any_adjacent_region_to_attack():
    s = scene([("aragorn", "eregion"), ("orcs", "rhudaur"), ("warg", "cardolan")], turn=FELLOWSHIP)
    assert can_move(s, "aragorn", "rhudaur")      # sideways
    assert can_move(s, "aragorn", "cardolan")     # backwards
    refused_move(s, "aragorn", "enedwaith")       # sideways without an enemy
    refused_move(s, "aragorn", "arthedain")       # backwards without an enemy
    assert can_move(s, "aragorn", "caradhras")    # forward, as anyone


def test_aragorn_may_attack_the_warg_with_his_ability():
    s = scene([("aragorn", "eregion"), ("warg", "enedwaith")], turn=FELLOWSHIP)
    s = move(s, "aragorn", "enedwaith")
    assert combat(s)["defender"] == token(s, "warg")
    assert do_until_cards(s)


def test_aragorn_cannot_attack_sideways_in_the_mountains():
    s = scene([("aragorn", "caradhras"), ("orcs", "gap_of_rohan")], turn=FELLOWSHIP)
    refused_move(s, "aragorn", "gap_of_rohan")


def test_aragorn_may_attack_backwards_into_the_mountains():
    s = scene([("aragorn", "fangorn"), ("orcs", "caradhras")], turn=FELLOWSHIP)
    assert can_move(s, "aragorn", "caradhras")


# ------------------------------------------------------------------------------------------- Legolas, Gimli

def test_legolas_defeats_the_flying_nazgul_at_once():
    s = scene([("flying_nazgul", "caradhras"), ("legolas", "eregion")])
    s = advance(move(s, "flying_nazgul", "eregion"))
    assert "flying_nazgul" in defeated(s, SAURON) and on_board(s, "legolas")


def test_gimli_attacking_the_orcs_defeats_them_at_once():
    s = scene([("gimli", "eregion"), ("orcs", "caradhras")], turn=FELLOWSHIP)
    s = advance(move(s, "gimli", "caradhras"))
    assert "orcs" in defeated(s, SAURON) and where(s, "gimli") == "caradhras"
    assert discards(s, FELLOWSHIP) == []


# ------------------------------------------------------------------------------------------- Boromir

def test_boromir_and_his_enemy_are_both_defeated():
    s = scene([("boromir", "eregion"), ("cave_troll", "caradhras")], turn=FELLOWSHIP)
    s = advance(move(s, "boromir", "caradhras"))
    assert "boromir" in defeated(s, FELLOWSHIP) and "cave_troll" in defeated(s, SAURON)
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []


def test_orcs_attacking_boromir_are_defeated_with_him():
    s = scene([("orcs", "caradhras"), ("boromir", "eregion")])
    s = advance(move(s, "orcs", "eregion"))
    assert "boromir" in defeated(s, FELLOWSHIP) and "orcs" in defeated(s, SAURON)


def test_boromir_against_the_warg_fights_normally():
    s = scene([("boromir", "eregion"), ("warg", "caradhras")], turn=FELLOWSHIP)
    s = fight(move(s, "boromir", "caradhras"), "strength_5", "strength_1")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (5, 3)
    assert "warg" in defeated(s, SAURON) and on_board(s, "boromir")


# ------------------------------------------------------------------------------------------- Shelob

def test_shelob_returns_to_gondor_after_defeating_a_character():
    s = scene([("shelob", "rohan"), ("pippin", "caradhras")])
    s = fight(move(s, "shelob", "caradhras"), "strength_1", "strength_1")
    assert "pippin" in defeated(s, FELLOWSHIP)
    assert where(s, "shelob") == "gondor"
    ev = events(s, "shelob_returns")[-1]
    assert ev["piece"] == token(s, "shelob") and ev["to"] == "gondor"


def test_shelob_returns_to_gondor_after_winning_a_defence():
    s = scene([("legolas", "misty_mountains"), ("shelob", "fangorn")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "fangorn"), "strength_1", "strength_1")
    assert "legolas" in defeated(s, FELLOWSHIP) and where(s, "shelob") == "gondor"


def test_shelob_dies_returning_to_a_full_gondor():
    s = scene([("shelob", "rohan"), ("pippin", "caradhras"), ("orcs", "gondor"), ("warg", "gondor")])
    s = fight(move(s, "shelob", "caradhras"), "strength_1", "strength_1")
    assert "pippin" in defeated(s, FELLOWSHIP)
    assert "shelob" in defeated(s, SAURON) and not on_board(s, "shelob")


def test_shelob_returns_beside_a_single_sauron_piece_in_gondor():
    s = scene([("shelob", "rohan"), ("pippin", "caradhras"), ("orcs", "gondor")])
    s = fight(move(s, "shelob", "caradhras"), "strength_1", "strength_1")
    assert where(s, "shelob") == "gondor"


def test_shelob_dies_returning_to_gondor_held_by_the_fellowship():
    s = scene([("shelob", "rohan"), ("pippin", "caradhras"), ("legolas", "gondor")])
    s = fight(move(s, "shelob", "caradhras"), "strength_1", "strength_1")
    assert "pippin" in defeated(s, FELLOWSHIP) and "shelob" in defeated(s, SAURON)


def test_shelob_in_gondor_stays_there():
    s = scene([("legolas", "fangorn"), ("shelob", "gondor")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "gondor"), "strength_1", "strength_1")
    assert where(s, "shelob") == "gondor" and "shelob" not in defeated(s, SAURON)


# ------------------------------------------------------------------------------------------- Witch King

def test_witch_king_attacks_sideways():
    s = scene([("witch_king", "dagorlad"), ("legolas", "gondor")])
    assert can_move(s, "witch_king", "gondor")
    s = move(s, "witch_king", "gondor")
    assert combat(s)["attacker"] == token(s, "witch_king")


def test_witch_king_moves_sideways_only_to_attack():
    s = scene([("witch_king", "dagorlad")])
    refused_move(s, "witch_king", "gondor")


def test_frodo_may_retreat_into_the_witch_kings_former_region():
    s = scene([("witch_king", "arthedain"), ("frodo", "cardolan")])
    s = move(s, "witch_king", "cardolan")
    s = advance_to(s, "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"arthedain"}
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "arthedain"}))
    assert where(s, "frodo") == "arthedain" and where(s, "witch_king") == "cardolan"


def test_frodo_cannot_retreat_into_the_witch_kings_former_region_if_sauron_remains_there():
    s = scene([("witch_king", "arthedain"), ("orcs", "arthedain"), ("frodo", "cardolan")])
    s = move(s, "witch_king", "cardolan")
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert retreat_targets(s2, FELLOWSHIP) == set()


# ------------------------------------------------------------------------------------------- Flying Nazgûl

def test_flying_nazgul_flies_to_any_region_with_exactly_one_fellowship_piece():
    s = scene([("flying_nazgul", "mordor"), ("pippin", "rhudaur"), ("gimli", "enedwaith"),
               ("merry", "enedwaith")])
    assert can_move(s, "flying_nazgul", "rhudaur")
    refused_move(s, "flying_nazgul", "enedwaith")    # two Fellowship pieces
    refused_move(s, "flying_nazgul", "arthedain")    # empty
    s = move(s, "flying_nazgul", "rhudaur")
    assert combat(s)["attacker"] == token(s, "flying_nazgul")


def test_flying_nazgul_may_fly_into_the_mountains_even_sideways():
    s = scene([("flying_nazgul", "caradhras"), ("legolas", "misty_mountains")])
    assert can_move(s, "flying_nazgul", "misty_mountains")
    s = scene([("flying_nazgul", "fangorn"), ("legolas", "high_pass")])
    assert can_move(s, "flying_nazgul", "high_pass")


# ------------------------------------------------------------------------------------------- Saruman

def test_saruman_may_decide_that_no_cards_are_played():
    s = scene([("legolas", "arthedain"), ("saruman", "eregion")], turn=FELLOWSHIP)
    s = advance_to(move(s, "legolas", "eregion"), "sauron_text")
    assert {"type": "no_cards"} in legal(s, SAURON)
    s = advance(act(s, SAURON, {"type": "no_cards"}))
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (3, 4)
    assert "legolas" in defeated(s, FELLOWSHIP)
    assert len(hand(s, FELLOWSHIP)) == 9 and len(hand(s, SAURON)) == 9


def test_saruman_may_let_cards_be_played():
    s = scene([("legolas", "arthedain"), ("saruman", "eregion")], turn=FELLOWSHIP)
    s = act(advance_to(move(s, "legolas", "eregion"), "sauron_text"), SAURON, {"type": "proceed"})
    assert kind(advance(s)) == "cards"


def test_only_saruman_may_forbid_cards():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s2 = advance(move(s, "legolas", "eregion"), stop=("sauron_text",))
    if kind(s2) == "sauron_text":
        refused(s2, SAURON, {"type": "no_cards"})


# ------------------------------------------------------------------------------------------- Orcs

def test_orcs_defeat_the_first_character_they_attack_at_once():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion")])
    s = advance(move(s, "orcs", "eregion"))
    assert "legolas" in defeated(s, FELLOWSHIP) and where(s, "orcs") == "eregion"
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []


def test_orcs_defeat_only_the_first_character_attacked():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion"), ("merry", "eregion")])
    s = _target(move(s, "orcs", "eregion"), SAURON, "legolas")
    s = do_until_cards(s)
    assert "legolas" in defeated(s, FELLOWSHIP) and on_board(s, "merry")


def test_frodo_retreat_uses_up_the_orcs_ability():
    s = scene([("orcs", "caradhras"), ("frodo", "eregion"), ("merry", "eregion")])
    s = _target(move(s, "orcs", "eregion"), SAURON, "frodo")
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "retreat", "to": "rhudaur"})
    s = do_until_cards(s)
    assert combat(s)["defender"] == token(s, "merry")
    assert on_board(s, "merry") and where(s, "frodo") == "rhudaur"


def test_gwaihir_uses_up_the_orcs_ability():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion"), ("merry", "eregion")],
              specials={FELLOWSHIP: ["gwaihir_the_windlord"], SAURON: []})
    s = _target(move(s, "orcs", "eregion"), SAURON, "legolas")
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP,
            {"type": "special", "card": "gwaihir_the_windlord"})
    s = act(advance_to(s, "gwaihir_retreat"), FELLOWSHIP, {"type": "retreat", "to": "cardolan"})
    s = do_until_cards(s)
    assert where(s, "legolas") == "cardolan" and on_board(s, "merry")


def test_smeagol_swap_does_not_use_up_the_orcs_ability():
    s = scene([("orcs", "caradhras"), ("smeagol", "eregion"), ("elrond", "cardolan")], mode="draft")
    s = move(s, "orcs", "eregion")
    s = advance_to(s, "fellowship_text")
    s = act(s, FELLOWSHIP, {"type": "swap", "with": token(s, "elrond")})
    assert where(s, "smeagol") == "cardolan"
    s = advance(s)
    assert "elrond" in defeated(s, FELLOWSHIP)        # attacked "as if it were the first attack"
    assert on_board(s, "smeagol")


def test_orcs_have_no_ability_when_attacked():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "legolas", "eregion"))
    assert on_board(s, "legolas")


# ------------------------------------------------------------------------------------------- Cave Troll

def test_cave_troll_ignores_sauron_card_but_sauron_still_discards_one():
    s = scene([("legolas", "misty_mountains"), ("cave_troll", "fangorn")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "fangorn"), "strength_5", "strength_6")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (8, 9)
    assert "legolas" in defeated(s, FELLOWSHIP)
    assert "strength_6" in discards(s, SAURON) and "strength_6" not in hand(s, SAURON)


def test_cave_troll_ignores_the_eye_of_sauron():
    s = scene([("legolas", "misty_mountains"), ("cave_troll", "fangorn")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "fangorn"), "noble_sacrifice", "eye_of_sauron")
    assert "legolas" in defeated(s, FELLOWSHIP) and "cave_troll" in defeated(s, SAURON)


def test_cave_troll_ignores_sauron_retreat():
    s = scene([("legolas", "misty_mountains"), ("cave_troll", "fangorn")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "fangorn"), "strength_1", "retreat")
    assert where(s, "cave_troll") == "fangorn"
    assert "legolas" in defeated(s, FELLOWSHIP)
    assert "retreat" in discards(s, SAURON)


def test_cave_troll_must_still_choose_a_card():
    s = scene([("legolas", "misty_mountains"), ("cave_troll", "fangorn")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "legolas", "fangorn"))
    assert SAURON in decision(s)["sides"]
    assert any(a["type"] == "card" for a in legal(s, SAURON))
