"""Mouvement: vers l'avant seulement, capacités 4/1/2, pas de latéral en montagne, l'Anduin, le Tunnel
de la Moria et le Balrog, le mélange des personnages d'une région."""
from __future__ import annotations

from tests.confrontation.helpers import (
    FELLOWSHIP,
    SAURON,
    act,
    advance,
    advance_to,
    can_move,
    decision,
    defeated,
    do_until_cards,
    events,
    knows,
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

# ------------------------------------------------------------------------------------------- forward only

def test_fellowship_moves_forward_only():
    s = scene([("legolas", "arthedain")], turn=FELLOWSHIP)
    assert move_targets(s, "legolas") == {"rhudaur", "eregion"}
    refused_move(s, "legolas", "cardolan")       # sideways
    refused_move(s, "legolas", "the_shire")      # backwards
    refused_move(s, "legolas", "high_pass")      # two regions ahead
    s = move(s, "legolas", "eregion")
    assert where(s, "legolas") == "eregion"
    assert view(s)["turn"] == SAURON


def test_sauron_moves_forward_only_towards_the_shire():
    s = scene([("orcs", "rohan")])
    assert move_targets(s, "orcs") == {"caradhras", "gap_of_rohan"}
    refused_move(s, "orcs", "gondor")     # backwards
    refused_move(s, "orcs", "fangorn")    # sideways
    refused_move(s, "orcs", "enedwaith")  # two ahead


def test_a_player_must_move_one_piece_on_their_turn_and_only_their_own():
    s = scene([("legolas", "arthedain"), ("orcs", "rohan")])
    refused(s, FELLOWSHIP, {"type": "move", "piece": token(s, "legolas"), "to": "eregion"})
    refused(s, SAURON, {"type": "move", "piece": token(s, "legolas"), "to": "eregion"})
    assert all(a["type"] != "pass" for a in legal(s, SAURON))


def test_moving_into_an_enemy_region_is_an_attack():
    s = scene([("legolas", "arthedain"), ("orcs", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "eregion")
    ev = events(s, "combat")
    assert ev and ev[-1]["attacker"] == token(s, "legolas") and ev[-1]["defender"] == token(s, "orcs")


# ------------------------------------------------------------------------------------------- capacities

def test_at_most_two_of_a_side_in_an_ordinary_region():
    s = scene([("gimli", "eregion"), ("merry", "eregion"), ("legolas", "arthedain")], turn=FELLOWSHIP)
    refused_move(s, "legolas", "eregion")
    assert can_move(s, "legolas", "rhudaur")
    s = scene([("orcs", "fangorn"), ("warg", "fangorn"), ("shelob", "gondor")])
    refused_move(s, "shelob", "fangorn")
    assert can_move(s, "shelob", "rohan")


def test_at_most_one_of_a_side_in_a_mountain_region():
    s = scene([("gimli", "caradhras"), ("legolas", "eregion")], turn=FELLOWSHIP)
    refused_move(s, "legolas", "caradhras")
    assert can_move(s, "legolas", "misty_mountains")
    s = scene([("orcs", "gap_of_rohan"), ("warg", "rohan")])
    refused_move(s, "warg", "gap_of_rohan")
    assert can_move(s, "warg", "caradhras")


def test_a_full_region_of_the_other_side_does_not_block_an_attack():
    s = scene([("orcs", "eregion"), ("warg", "eregion"), ("legolas", "arthedain")], turn=FELLOWSHIP)
    assert can_move(s, "legolas", "eregion")


# ------------------------------------------------------------------------- Black Rider and Uruk-Hai paths

def test_black_rider_moves_several_regions_forward_only_to_attack():
    s = scene([("black_rider", "gondor"), ("legolas", "cardolan")])
    assert can_move(s, "black_rider", "cardolan")
    refused_move(s, "black_rider", "enedwaith")       # far but empty: no attack, not allowed
    assert can_move(s, "black_rider", "rohan")        # one region, ordinary move
    s = move(s, "black_rider", "cardolan")
    assert events(s, "combat")[-1]["attacker"] == token(s, "black_rider")


def test_black_rider_never_passes_through_a_region_full_of_sauron_pieces():
    s = scene([("black_rider", "rohan"), ("balrog", "caradhras"), ("warg", "gap_of_rohan"),
               ("legolas", "enedwaith")])
    refused_move(s, "black_rider", "enedwaith")
    s = scene([("black_rider", "rohan"), ("balrog", "caradhras"), ("legolas", "enedwaith")])
    assert can_move(s, "black_rider", "enedwaith")    # through the empty Gap of Rohan


def test_black_rider_never_passes_through_a_fellowship_region():
    s = scene([("black_rider", "rohan"), ("gimli", "caradhras"), ("merry", "gap_of_rohan"),
               ("legolas", "enedwaith")])
    refused_move(s, "black_rider", "enedwaith")
    assert can_move(s, "black_rider", "caradhras")


def test_uruk_hai_reveals_itself_to_move_several_regions_into_an_empty_region():
    s = scene([("uruk_hai", "mordor"), ("elrond", "eregion")], mode="variant")
    assert can_move(s, "uruk_hai", "fangorn")
    s = move(s, "uruk_hai", "fangorn")
    assert where(s, "uruk_hai") == "fangorn"
    assert knows(s, FELLOWSHIP, "uruk_hai")


def test_uruk_hai_long_move_must_end_in_an_empty_region():
    s = scene([("uruk_hai", "mordor"), ("elrond", "fangorn")], mode="variant")
    refused_move(s, "uruk_hai", "fangorn")
    s = scene([("uruk_hai", "mordor"), ("gollum", "fangorn")], mode="variant")
    refused_move(s, "uruk_hai", "fangorn")


def test_uruk_hai_never_passes_through_a_full_or_fellowship_region():
    s = scene([("uruk_hai", "gondor"), ("gollum", "rohan"), ("wormtongue", "rohan"), ("elrond", "fangorn")],
              mode="variant")
    refused_move(s, "uruk_hai", "caradhras")
    refused_move(s, "uruk_hai", "gap_of_rohan")
    s = scene([("uruk_hai", "gondor"), ("gollum", "rohan"), ("elrond", "fangorn")], mode="variant")
    assert can_move(s, "uruk_hai", "caradhras")      # Rohan holds one Sauron piece only


# ------------------------------------------------------------------------------------------- mountains

def test_no_sideways_attack_in_the_mountains():
    s = scene([("aragorn", "caradhras"), ("orcs", "misty_mountains")], turn=FELLOWSHIP)
    refused_move(s, "aragorn", "misty_mountains")
    s = scene([("witch_king", "caradhras"), ("legolas", "gap_of_rohan")])
    refused_move(s, "witch_king", "gap_of_rohan")


# ------------------------------------------------------------------------------------------- the Anduin

def test_anduin_downstream_is_a_forward_move_for_the_fellowship():
    s = scene([("legolas", "mirkwood"), ("gimli", "fangorn")], turn=FELLOWSHIP)
    assert can_move(s, "legolas", "fangorn")
    assert can_move(s, "gimli", "rohan")
    assert move_targets(s, "legolas") == {"dagorlad", "fangorn"}
    assert move_targets(s, "gimli") == {"dagorlad", "gondor", "rohan"}


def test_anduin_downstream_can_be_used_to_attack():
    s = scene([("legolas", "mirkwood"), ("orcs", "fangorn")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    assert events(s, "combat")


def test_anduin_never_upstream():
    s = scene([("legolas", "rohan"), ("gimli", "fangorn")], turn=FELLOWSHIP)
    refused_move(s, "legolas", "fangorn")
    refused_move(s, "gimli", "mirkwood")


def test_sauron_never_uses_the_anduin():
    s = scene([("orcs", "mirkwood"), ("warg", "fangorn"), ("shelob", "rohan")])
    refused_move(s, "orcs", "fangorn")
    refused_move(s, "warg", "rohan")
    refused_move(s, "warg", "mirkwood")
    refused_move(s, "shelob", "fangorn")


def test_frodo_never_retreats_upstream():
    # Frodo attacked in Fangorn: sideways are Mirkwood (upstream, forbidden) and Rohan (downstream).
    s = scene([("frodo", "fangorn"), ("black_rider", "dagorlad")])
    s = move(s, "black_rider", "fangorn")
    s = advance_to(s, "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"rohan"}


# ------------------------------------------------------------------------------------------- Moria tunnel

def test_moria_tunnel_takes_the_fellowship_from_eregion_to_fangorn():
    s = scene([("legolas", "eregion")], turn=FELLOWSHIP)
    assert can_move(s, "legolas", "fangorn")
    s = advance(move(s, "legolas", "fangorn"))
    assert where(s, "legolas") == "fangorn"


def test_moria_tunnel_is_never_taken_back():
    s = scene([("legolas", "fangorn")], turn=FELLOWSHIP)
    refused_move(s, "legolas", "eregion")


def test_sauron_never_takes_the_moria_tunnel():
    s = scene([("orcs", "fangorn")])
    refused_move(s, "orcs", "eregion")


def test_no_retreat_back_through_the_moria_tunnel():
    s = scene([("pippin", "eregion"), ("shelob", "fangorn")], turn=FELLOWSHIP)
    s = move(s, "pippin", "fangorn")
    s = advance_to(s, "fellowship_text")
    assert retreat_targets(s, FELLOWSHIP) == {"misty_mountains", "caradhras"}


def test_balrog_kills_a_piece_taking_the_tunnel_without_a_fight():
    s = scene([("balrog", "caradhras"), ("legolas", "eregion"), ("orcs", "fangorn")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    s = advance_to(s, "balrog")
    assert decision(s)["sides"] == [SAURON]
    s = act(s, SAURON, {"type": "balrog", "use": True})
    s = advance(s)
    assert not on_board(s, "legolas")
    assert "legolas" in defeated(s, FELLOWSHIP)
    assert where(s, "balrog") == "caradhras" and "balrog" not in defeated(s, SAURON)
    assert not events(s, "combat")
    # The piece never reached Fangorn: nobody is revealed there.
    assert not knows(s, FELLOWSHIP, "orcs")
    assert not any(e.get("character") == "orcs" for e in events(s, "revealed"))
    assert where(s, "orcs") == "fangorn"
    assert result(s) is None


def test_balrog_kills_frodo_in_the_tunnel_and_sauron_wins():
    s = scene([("balrog", "caradhras"), ("frodo", "eregion")], turn=FELLOWSHIP)
    s = move(s, "frodo", "fangorn")
    s = act(advance_to(s, "balrog"), SAURON, {"type": "balrog", "use": True})
    r = result(s)
    assert r is not None and r["side"] == SAURON and r["reason"] == "frodo_defeated"


def test_balrog_kills_boromir_in_the_tunnel_and_stays_unharmed():
    s = scene([("balrog", "caradhras"), ("boromir", "eregion")], turn=FELLOWSHIP)
    s = move(s, "boromir", "fangorn")
    s = advance(act(advance_to(s, "balrog"), SAURON, {"type": "balrog", "use": True}))
    assert "boromir" in defeated(s, FELLOWSHIP)
    assert on_board(s, "balrog") and "balrog" not in defeated(s, SAURON)


def test_balrog_may_let_the_piece_through():
    s = scene([("balrog", "caradhras"), ("legolas", "eregion"), ("orcs", "fangorn")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    s = act(advance_to(s, "balrog"), SAURON, {"type": "balrog", "use": False})
    assert events(s, "combat")
    assert on_board(s, "legolas") or "legolas" in defeated(s, FELLOWSHIP)


def test_another_piece_in_caradhras_cannot_play_the_balrog():
    s = scene([("orcs", "caradhras"), ("legolas", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    s2 = advance(s, stop=("balrog",))
    if decision(s2)["kind"] == "balrog":   # asked only because the Fellowship cannot know
        assert [a for a in legal(s2, SAURON) if a["type"] == "balrog"] == [{"type": "balrog", "use": False}]
        refused(s2, SAURON, {"type": "balrog", "use": True})
        s2 = act(s2, SAURON, {"type": "balrog", "use": False})
    assert where(s2, "legolas") == "fangorn"


def test_balrog_elsewhere_than_caradhras_does_nothing_to_the_tunnel():
    s = scene([("balrog", "rohan"), ("legolas", "eregion")], turn=FELLOWSHIP)
    s = move(s, "legolas", "fangorn")
    s = advance(s, stop=("balrog",))
    assert decision(s)["kind"] != "balrog"
    assert where(s, "legolas") == "fangorn"


# ------------------------------------------------------------------------------------------- shuffling

def test_shuffling_makes_the_opponent_forget_who_is_who():
    s = scene([("orcs", "dagorlad"), ("warg", "dagorlad")], known=("orcs", "warg"), turn=FELLOWSHIP)
    assert knows(s, FELLOWSHIP, "orcs") and knows(s, FELLOWSHIP, "warg")
    d_id = decision(s)["id"]
    s = act(s, SAURON, {"type": "shuffle", "region": "dagorlad"})
    assert not knows(s, FELLOWSHIP, "orcs") and not knows(s, FELLOWSHIP, "warg")
    assert seen_by(s, FELLOWSHIP, "orcs")["known"] is False
    assert where(s, "orcs") == where(s, "warg") == "dagorlad"
    assert decision(s)["id"] == d_id and decision(s)["kind"] == "move" and view(s)["turn"] == FELLOWSHIP
    assert events(s, "shuffled")[-1]["side"] == SAURON and events(s, "shuffled")[-1]["region"] == "dagorlad"


def test_shuffle_needs_two_own_pieces_in_the_region():
    s = scene([("orcs", "dagorlad"), ("warg", "mirkwood"), ("legolas", "eregion"), ("gimli", "eregion")])
    refused(s, SAURON, {"type": "shuffle", "region": "mirkwood"})
    refused(s, SAURON, {"type": "shuffle", "region": "eregion"})
    refused(s, SAURON, {"type": "shuffle", "region": "narnia"})
    refused(s, SAURON, {"type": "shuffle"})
    s = act(s, FELLOWSHIP, {"type": "shuffle", "region": "eregion"})   # out of turn is fine
    assert where(s, "legolas") == where(s, "gimli") == "eregion"


def test_pieces_of_different_regions_are_never_shuffled_together():
    s = scene([("orcs", "dagorlad"), ("warg", "dagorlad"), ("shelob", "gondor")])
    for _ in range(5):
        s = act(s, SAURON, {"type": "shuffle", "region": "dagorlad"})
        assert where(s, "shelob") == "gondor"
        assert where(s, "orcs") == where(s, "warg") == "dagorlad"


def test_pieces_revealed_by_an_ongoing_combat_cannot_be_shuffled():
    s = scene([("legolas", "mirkwood"), ("orcs", "dagorlad"), ("warg", "dagorlad")], turn=FELLOWSHIP)
    s = move(s, "legolas", "dagorlad")
    s = act(advance_to(s, "target"), FELLOWSHIP, {"type": "attack", "piece": token(s, "warg")})
    s = do_until_cards(s)
    refused(s, SAURON, {"type": "shuffle", "region": "dagorlad"})
