"""Combats: choix de la cible, révélation, textes des personnages (Communauté d'abord), retraites,
cartes secrètes et simultanées, comparaison des forces, défausse, combats successifs."""
from __future__ import annotations

from tests.confrontation.helpers import (
    FELLOWSHIP,
    FULL_HAND,
    SAURON,
    R,
    act,
    advance,
    advance_to,
    combat,
    decision,
    defeated,
    discards,
    do_until_cards,
    events,
    fight,
    hand,
    kind,
    knows,
    last_cards,
    last_strength,
    legal,
    move,
    on_board,
    pid,
    refused,
    result,
    retreat_targets,
    scene,
    seen_by,
    token,
    types_of,
    view,
    where,
)

# ------------------------------------------------------------------------------------------- target

def legolas_attacks_the_orcs_beside_the_warg():
    s = scene([("legolas", "mirkwood"), ("orcs", "dagorlad"), ("warg", "dagorlad")], turn=FELLOWSHIP)
    s = move(s, "legolas", "dagorlad")
    return act(advance_to(s, "target"), FELLOWSHIP, {"type": "attack", "piece": token(s, "orcs")})


def test_attacker_chooses_the_target_among_several_enemies():
    s = scene([("legolas", "mirkwood"), ("orcs", "dagorlad"), ("warg", "dagorlad")], turn=FELLOWSHIP)
    s = move(s, "legolas", "dagorlad")
    s = advance_to(s, "target")
    assert decision(s)["sides"] == [FELLOWSHIP]
    targets = {a["piece"] for a in legal(s, FELLOWSHIP) if a["type"] == "attack"}
    assert targets == {token(s, "orcs"), token(s, "warg")}
    refused(s, FELLOWSHIP, {"type": "attack", "piece": token(s, "legolas")})
    refused(s, SAURON, {"type": "attack", "piece": token(s, "warg")})
    s = act(s, FELLOWSHIP, {"type": "attack", "piece": token(s, "warg")})
    assert events(s, "combat")[-1]["defender"] == token(s, "warg")


def test_sauron_attacker_chooses_its_target_too():
    s = scene([("black_rider", "caradhras"), ("gimli", "eregion"), ("merry", "eregion")])
    s = move(s, "black_rider", "eregion")
    s = advance_to(s, "target")
    assert decision(s)["sides"] == [SAURON]
    s = act(s, SAURON, {"type": "attack", "piece": token(s, "merry")})
    assert events(s, "combat")[-1]["defender"] == token(s, "merry")


def test_a_single_enemy_needs_no_target_choice():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "eregion")
    assert kind(s) != "target"
    assert view(s)["combat"]["defender"] == token(s, "orcs")


# ------------------------------------------------------------------------------------------- reveal

def test_both_fighters_are_revealed_to_the_opponent():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "eregion")
    assert seen_by(s, SAURON, "legolas")["character"] == "legolas"
    assert seen_by(s, SAURON, "legolas")["revealed"] is True
    assert seen_by(s, FELLOWSHIP, "orcs")["character"] == "orcs"
    assert seen_by(s, FELLOWSHIP, "orcs")["revealed"] is True
    revealed = {(e["piece"], e["character"]) for e in events(s, "revealed")}
    assert (token(s, "legolas"), "legolas") in revealed and (token(s, "orcs"), "orcs") in revealed
    c = combat(s)
    assert c["region"] == "eregion" and c["attacker"] == token(s, "legolas")


def test_other_pieces_in_the_region_stay_hidden():
    s = legolas_attacks_the_orcs_beside_the_warg()
    assert not knows(s, FELLOWSHIP, "warg")


# ------------------------------------------------------------------------------------------- texts

def test_fellowship_text_applies_before_sauron_text():
    # Orcs attack Gimli: Gimli's text (defeat the Orcs) comes first, so the Orcs never kill him.
    s = scene([("orcs", "caradhras"), ("gimli", "eregion")])
    s = advance(move(s, "orcs", "eregion"))
    assert "orcs" in defeated(s, SAURON)
    assert on_board(s, "gimli")
    assert len(hand(s, FELLOWSHIP)) == 9 and len(hand(s, SAURON)) == 9


def test_warg_cancels_the_fellowship_text():
    s = scene([("warg", "caradhras"), ("boromir", "eregion")])
    s = move(s, "warg", "eregion")
    s = do_until_cards(s)           # Boromir's text would have ended the fight at once
    assert on_board(s, "boromir") and on_board(s, "warg")


def test_frodo_retreats_sideways_when_attacked():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion")])
    s = move(s, "black_rider", "eregion")
    s = advance_to(s, "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"rhudaur", "enedwaith"}
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "rhudaur"}))
    assert where(s, "frodo") == "rhudaur"
    assert where(s, "black_rider") == "eregion"
    assert defeated(s) == {"fellowship": [], "sauron": []}
    assert len(hand(s, FELLOWSHIP)) == 9 and len(hand(s, SAURON)) == 9
    assert events(s, "retreated")[-1]["to"] == "rhudaur"
    assert decision(s)["kind"] == "move" and view(s)["turn"] == FELLOWSHIP
    assert result(s) is None


def no_retreat_offered(pieces, mover: str, to: str, turn: str = SAURON):
    """`mover` moves into `to`; if the Fellowship's text is asked for, it has no retreat. The state then."""
    s = advance(move(scene(pieces, turn=turn), mover, to), stop=("fellowship_text",))
    if kind(s) == "fellowship_text":
        assert retreat_targets(s, FELLOWSHIP) == set()
    return s


def test_frodo_cannot_retreat_when_attacking():
    s = no_retreat_offered([("frodo", "arthedain"), ("black_rider", "eregion")], "frodo", "eregion",
                           turn=FELLOWSHIP)
    assert kind(advance(s)) == "cards"


def test_frodo_never_retreats_sideways_in_the_mountains():
    no_retreat_offered([("black_rider", "fangorn"), ("frodo", "caradhras")], "black_rider", "caradhras")


def test_frodo_cannot_retreat_against_the_warg():
    s = no_retreat_offered([("warg", "caradhras"), ("frodo", "eregion")], "warg", "eregion")
    refused(s, FELLOWSHIP, {"type": "retreat", "to": "rhudaur"})


def test_a_retreat_never_goes_into_enemies_or_a_full_region():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion"), ("orcs", "rhudaur"),
               ("gimli", "enedwaith"), ("merry", "enedwaith")])
    s = move(s, "black_rider", "eregion")
    s = advance(s, stop=("fellowship_text",))
    assert retreat_targets(s, FELLOWSHIP) == set()
    refused(s, FELLOWSHIP, {"type": "retreat", "to": "rhudaur"})
    refused(s, FELLOWSHIP, {"type": "retreat", "to": "enedwaith"})
    assert where(s, "frodo") == "eregion"


def test_pippin_retreats_backwards_when_attacking():
    s = scene([("pippin", "eregion"), ("shelob", "caradhras")], turn=FELLOWSHIP)
    s = move(s, "pippin", "caradhras")
    s = advance_to(s, "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"eregion", "enedwaith"}
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "enedwaith"}))
    assert where(s, "pippin") == "enedwaith" and where(s, "shelob") == "caradhras"
    assert defeated(s) == {"fellowship": [], "sauron": []}


def test_pippin_cannot_retreat_when_attacked():
    no_retreat_offered([("shelob", "caradhras"), ("pippin", "eregion")], "shelob", "eregion")


def test_pippin_cannot_retreat_against_the_warg():
    no_retreat_offered([("pippin", "eregion"), ("warg", "caradhras")], "pippin", "caradhras", turn=FELLOWSHIP)


def test_a_successful_retreat_cancels_the_sauron_text():
    # The Orcs would defeat Frodo at once, but Frodo's text comes first and he retreats.
    s = scene([("orcs", "caradhras"), ("frodo", "eregion")])
    s = move(s, "orcs", "eregion")
    s = advance(act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "retreat", "to": "enedwaith"}))
    assert where(s, "frodo") == "enedwaith"
    assert result(s) is None
    assert "frodo" not in defeated(s, FELLOWSHIP)


# ------------------------------------------------------------------------------------------- cards

def test_combat_cards_are_chosen_secretly():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "legolas", "eregion"))
    d = decision(s)
    assert sorted(d["sides"]) == [FELLOWSHIP, SAURON]
    assert sorted(R.waiting_for(s)) == sorted([pid(s, FELLOWSHIP), pid(s, SAURON)])
    s = act(s, FELLOWSHIP, {"type": "card", "card": "strength_3"})
    assert R.waiting_for(s) == [pid(s, SAURON)]
    theirs = combat(s, SAURON)
    assert theirs["cards"]["fellowship"] is None and theirs["chosen"]["fellowship"] is True
    assert combat(s, None)["cards"]["fellowship"] is None
    assert combat(s, FELLOWSHIP)["cards"]["fellowship"] == "strength_3"
    assert "strength_3" not in discards(s, FELLOWSHIP)
    assert not events(s, "cards_revealed")
    assert events(s, "card_chosen")[-1]["side"] == FELLOWSHIP
    assert "card" not in events(s, "card_chosen")[-1]
    refused(s, FELLOWSHIP, {"type": "card", "card": "strength_4"})   # already chosen


def test_cards_are_revealed_together_once_both_have_chosen():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = do_until_cards(move(s, "legolas", "eregion"))
    s = act(s, SAURON, {"type": "card", "card": "strength_6"})
    assert combat(s, FELLOWSHIP)["cards"]["sauron"] is None
    s = act(s, FELLOWSHIP, {"type": "card", "card": "strength_1"})
    ev = events(s, "cards_revealed")[-1]
    assert ev["fellowship"] == "strength_1" and ev["sauron"] == "strength_6"


def test_only_cards_in_hand_may_be_played():
    hands, disc = last_cards("strength_1", "strength_2")
    hands[FELLOWSHIP] = ["strength_1", "strength_2"]
    disc[FELLOWSHIP].remove("strength_2")
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP, hands=hands, discards=disc)
    s = do_until_cards(move(s, "legolas", "eregion"))
    refused(s, FELLOWSHIP, {"type": "card", "card": "strength_5"})        # in the discard pile
    refused(s, FELLOWSHIP, {"type": "card", "card": "eye_of_sauron"})     # Sauron's card
    refused(s, FELLOWSHIP, {"type": "card", "card": "strength_6"})        # no such Fellowship card
    refused(s, FELLOWSHIP, {"type": "card", "card": None})
    refused(s, FELLOWSHIP, {"type": "card"})
    refused(s, SAURON, {"type": "card", "card": "strength_5"})
    assert {a["card"] for a in legal(s, FELLOWSHIP) if a["type"] == "card"} == {"strength_1", "strength_2"}


def test_higher_total_strength_wins():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_3", "strength_3")
    st = last_strength(s)
    assert (st["fellowship"], st["sauron"]) == (6, 5)
    assert "orcs" in defeated(s, SAURON) and on_board(s, "legolas")
    assert where(s, "legolas") == "eregion"


def test_lower_total_strength_loses():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_1", "strength_6")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (4, 8)
    assert "legolas" in defeated(s, FELLOWSHIP) and where(s, "orcs") == "eregion"


def test_equal_strength_defeats_both():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_2", "strength_3")
    assert (last_strength(s)["fellowship"], last_strength(s)["sauron"]) == (5, 5)
    assert "legolas" in defeated(s, FELLOWSHIP) and "orcs" in defeated(s, SAURON)
    assert not on_board(s, "legolas") and not on_board(s, "orcs")


def test_defeated_pieces_are_shown_face_up():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_3", "strength_1")
    ev = [e for e in events(s, "defeated") if e["side"] == SAURON][-1]
    assert ev["character"] == "orcs"
    assert view(s, None)["defeated"]["sauron"] == ["orcs"]
    assert view(s, FELLOWSHIP)["defeated"]["sauron"] == ["orcs"]


def test_played_cards_are_discarded_face_up():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_3", "strength_1")
    assert discards(s, FELLOWSHIP) == ["strength_3"] and discards(s, SAURON) == ["strength_1"]
    assert view(s, SAURON)["discards"]["fellowship"] == ["strength_3"]
    assert "strength_3" not in hand(s, FELLOWSHIP) and len(hand(s, FELLOWSHIP)) == 8
    assert view(s, None)["hand_sizes"] == {"fellowship": 8, "sauron": 8}


def test_hands_are_taken_back_when_all_nine_cards_are_used():
    hands, disc = last_cards("strength_1", "strength_1")
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP, hands=hands, discards=disc)
    s = fight(move(s, "legolas", "eregion"), "strength_1", "strength_1")
    assert sorted(hand(s, FELLOWSHIP)) == sorted(FULL_HAND[FELLOWSHIP])
    assert sorted(hand(s, SAURON)) == sorted(FULL_HAND[SAURON])
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []
    assert events(s, "hands_refilled")


def test_another_combat_follows_while_enemies_remain():
    s = legolas_attacks_the_orcs_beside_the_warg()
    s = fight(s, "strength_5", "strength_1")
    assert "orcs" in defeated(s, SAURON)
    assert len(events(s, "combat")) == 2
    assert events(s, "combat")[-1]["defender"] == token(s, "warg")
    assert view(s)["turn"] == FELLOWSHIP            # the turn is not over
    s = fight(s, "strength_4", "strength_2")
    assert "warg" in defeated(s, SAURON)
    assert kind(s) == "move" and view(s)["turn"] == SAURON


def test_no_further_combat_once_the_attacker_is_defeated():
    s = legolas_attacks_the_orcs_beside_the_warg()
    s = fight(s, "strength_1", "strength_6")
    assert "legolas" in defeated(s, FELLOWSHIP)
    assert len(events(s, "combat")) == 1
    assert kind(s) == "move" and view(s)["turn"] == SAURON


def test_attacker_fights_each_defender_in_turn():
    s = scene([("black_rider", "caradhras"), ("gimli", "eregion"), ("merry", "eregion")])
    s = move(s, "black_rider", "eregion")
    s = act(advance_to(s, "target"), SAURON, {"type": "attack", "piece": token(s, "merry")})
    s = fight(s, "strength_1", "strength_5")         # Merry 3 against Black Rider 8
    assert "merry" in defeated(s, FELLOWSHIP)
    assert events(s, "combat")[-1]["defender"] == token(s, "gimli")
    s = fight(s, "strength_5", "strength_1")         # Gimli 8 against Black Rider 4
    assert "black_rider" in defeated(s, SAURON)
    assert where(s, "gimli") == "eregion"


def test_revealed_survivors_are_hidden_again_after_the_combat():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = fight(move(s, "legolas", "eregion"), "strength_3", "strength_1")
    seen = seen_by(s, SAURON, "legolas")
    assert seen["revealed"] is False
    assert seen["known"] is True and seen["character"] == "legolas"   # seen, not shuffled since
    assert token(s, "legolas") in events(s, "hidden_again")[-1]["pieces"]
    assert view(s)["combat"] is None


def test_a_retreated_piece_is_hidden_again():
    s = scene([("black_rider", "caradhras"), ("frodo", "eregion")])
    s = move(s, "black_rider", "eregion")
    s = advance(act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "retreat", "to": "rhudaur"}))
    assert seen_by(s, SAURON, "frodo")["revealed"] is False
    assert seen_by(s, FELLOWSHIP, "black_rider")["revealed"] is False


def test_the_rulebook_combat_example():
    """Aragorn attacks Fangorn from Mirkwood; Shelob is revealed; the Fellowship plays 4, Sauron the Eye
    of Sauron, which does nothing against a strength card: Aragorn 8 beats Shelob 5."""
    s = scene([("aragorn", "mirkwood"), ("shelob", "fangorn")], turn=FELLOWSHIP)
    s = move(s, "aragorn", "fangorn")
    assert seen_by(s, FELLOWSHIP, "shelob")["character"] == "shelob"
    s = fight(s, "strength_4", "eye_of_sauron")
    st = last_strength(s)
    assert (st["fellowship"], st["sauron"]) == (8, 5)
    assert "shelob" in defeated(s, SAURON)
    assert where(s, "aragorn") == "fangorn"


def test_no_cards_are_played_when_a_text_ends_the_fight():
    s = scene([("legolas", "arthedain"), ("flying_nazgul", "eregion")], turn=FELLOWSHIP)
    s = advance(move(s, "legolas", "eregion"))
    assert "flying_nazgul" in defeated(s, SAURON)
    assert discards(s, FELLOWSHIP) == [] and discards(s, SAURON) == []
    assert "cards" not in types_of(s, FELLOWSHIP)
