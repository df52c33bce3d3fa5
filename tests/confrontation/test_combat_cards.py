"""Les Cartes Combat à texte: Magic, Noble Sacrifice, Elven Cloak, Retreat (Communauté, vers l'arrière),
The Eye of Sauron, Retreat (Sauron, latéralement)."""
from __future__ import annotations

from tests.confrontation.helpers import (
    FELLOWSHIP,
    FULL_HAND,
    SAURON,
    act,
    advance,
    advance_to,
    cards,
    decision,
    defeated,
    discards,
    do_until_cards,
    events,
    hand,
    kind,
    last_strength,
    legal,
    move,
    on_board,
    refused,
    retreat_targets,
    scene,
    where,
)


def _strengths(s):
    st = last_strength(s)
    return (st["fellowship"], st["sauron"])


def _legolas_attacks_orcs(extra=(), f_discard=(), s_discard=()):
    """Legolas (3) attacks the Orcs (2) in Eregion from Arthedain; the game now asks for cards. The cards
    named are in their side's discard pile instead of its hand."""
    kw = {}
    if f_discard or s_discard:
        kw["hands"], kw["discards"] = _piles(f_discard, s_discard)
    s = scene([("legolas", "arthedain"), ("orcs", "eregion"), *extra], turn=FELLOWSHIP, **kw)
    return do_until_cards(move(s, "legolas", "eregion"))


def _piles(f_discard=(), s_discard=()):
    hands = {FELLOWSHIP: [c for c in FULL_HAND[FELLOWSHIP] if c not in f_discard],
             SAURON: [c for c in FULL_HAND[SAURON] if c not in s_discard]}
    disc = {FELLOWSHIP: list(f_discard), SAURON: list(s_discard)}
    return hands, disc


def _fetched(s, side: str, card: str):
    """At the next Magic decision, `side` takes `card` from its discard pile."""
    return act(advance_to(s, "magic"), side, {"type": "magic", "card": card})


# ------------------------------------------------------------------------------------------- Magic

def test_magic_is_replaced_by_a_card_from_the_discard_pile():
    s = _legolas_attacks_orcs(f_discard=["strength_5"])
    s = cards(s, "magic", "strength_1")
    s = advance_to(s, "magic")
    assert decision(s)["sides"] == [FELLOWSHIP]
    assert {a["card"] for a in legal(s, FELLOWSHIP) if a["type"] == "magic"} == {"strength_5"}
    refused(s, FELLOWSHIP, {"type": "magic", "card": "strength_4"})    # still in hand, not discarded
    s = advance(act(s, FELLOWSHIP, {"type": "magic", "card": "strength_5"}))
    rep = events(s, "card_replaced")[-1]
    assert rep["side"] == FELLOWSHIP and rep["old"] == "magic" and rep["new"] == "strength_5"
    assert _strengths(s) == (8, 3)
    assert "orcs" in defeated(s, SAURON)


def test_magic_without_a_discard_pile_has_no_effect_and_no_strength():
    s = _legolas_attacks_orcs()
    s = advance(cards(s, "magic", "strength_2"))
    assert kind(s) != "magic"
    assert _strengths(s) == (3, 4)
    assert "legolas" in defeated(s, FELLOWSHIP)


def test_magic_may_fetch_a_text_card():
    s = cards(_legolas_attacks_orcs(f_discard=["noble_sacrifice"]), "magic", "strength_6")
    s = advance(_fetched(s, FELLOWSHIP, "noble_sacrifice"))
    assert "legolas" in defeated(s, FELLOWSHIP) and "orcs" in defeated(s, SAURON)


def test_when_both_play_magic_sauron_replaces_first():
    s = cards(_legolas_attacks_orcs(f_discard=["strength_5"], s_discard=["strength_6"]), "magic", "magic")
    s = advance_to(s, "magic")
    assert decision(s)["sides"] == [SAURON]
    refused(s, FELLOWSHIP, {"type": "magic", "card": "strength_5"})
    s = act(s, SAURON, {"type": "magic", "card": "strength_6"})
    s = advance_to(s, "magic")
    assert decision(s)["sides"] == [FELLOWSHIP]
    s = advance(act(s, FELLOWSHIP, {"type": "magic", "card": "strength_5"}))
    assert _strengths(s) == (8, 8)


def test_eye_of_sauron_fetched_by_magic_cancels_the_fellowship_magic():
    s = cards(_legolas_attacks_orcs(f_discard=["strength_5"], s_discard=["eye_of_sauron"]), "magic", "magic")
    s = advance(_fetched(s, SAURON, "eye_of_sauron"))
    assert kind(s) != "magic"
    assert _strengths(s) == (3, 2)
    assert "orcs" in defeated(s, SAURON)


# ------------------------------------------------------------------------------------------- Noble Sacrifice

def test_noble_sacrifice_defeats_both_fighters():
    s = advance(cards(_legolas_attacks_orcs(), "noble_sacrifice", "strength_6"))
    assert "legolas" in defeated(s, FELLOWSHIP) and "orcs" in defeated(s, SAURON)


def test_sauron_retreat_cancels_noble_sacrifice():
    s = advance(cards(_legolas_attacks_orcs(), "noble_sacrifice", "retreat"))
    if kind(s) == "retreat_card":
        assert decision(s)["sides"] == [SAURON]
        s = advance(act(s, SAURON, {"type": "retreat", "to": "rhudaur"}))
    assert where(s, "orcs") == "rhudaur"
    assert defeated(s) == {"fellowship": [], "sauron": []}
    assert "noble_sacrifice" in discards(s, FELLOWSHIP) and "retreat" in discards(s, SAURON)


def test_noble_sacrifice_applies_when_sauron_cannot_retreat():
    s = _legolas_attacks_orcs(extra=[("gimli", "rhudaur"), ("merry", "enedwaith")])
    s = advance(cards(s, "noble_sacrifice", "retreat"))
    assert "legolas" in defeated(s, FELLOWSHIP) and "orcs" in defeated(s, SAURON)


# ------------------------------------------------------------------------------------------- Elven Cloak

def test_elven_cloak_ignores_sauron_strength_card():
    s = advance(cards(_legolas_attacks_orcs(), "elven_cloak", "strength_6"))
    assert _strengths(s) == (3, 2)
    assert "orcs" in defeated(s, SAURON)
    assert "strength_6" in discards(s, SAURON)


def test_elven_cloak_ignores_a_strength_card_fetched_by_magic():
    s = cards(_legolas_attacks_orcs(s_discard=["strength_6"]), "elven_cloak", "magic")
    s = advance(_fetched(s, SAURON, "strength_6"))
    assert _strengths(s) == (3, 2)


# ------------------------------------------------------------------------------------------- Retreat (Fellowship)

def blocked_retreat(s, f_card: str, s_card: str):
    """The combat begun in `s`, fought with these cards, one a retreat with nowhere to go: nobody is asked
    where to retreat and the strengths decide. The state after."""
    s = advance(cards(do_until_cards(s), f_card, s_card))
    assert kind(s) != "retreat_card"
    return s


def test_fellowship_retreat_goes_backwards_into_a_free_region():
    s = advance(cards(_legolas_attacks_orcs(), "retreat", "strength_6"))
    if kind(s) == "retreat_card":
        assert decision(s)["sides"] == [FELLOWSHIP]
        assert retreat_targets(s, FELLOWSHIP) == {"arthedain", "cardolan"}
        s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "cardolan"}))
    assert where(s, "legolas") in ("arthedain", "cardolan")
    assert defeated(s) == {"fellowship": [], "sauron": []}


def test_blocked_fellowship_retreat_lets_the_combat_go_on():
    s = scene([("black_rider", "caradhras"), ("legolas", "eregion"), ("gimli", "arthedain"),
               ("merry", "arthedain"), ("warg", "cardolan")])
    s = blocked_retreat(move(s, "black_rider", "eregion"), "retreat", "strength_1")
    assert _strengths(s) == (3, 4)
    assert "legolas" in defeated(s, FELLOWSHIP)


# ------------------------------------------------------------------------------------------- Eye of Sauron

def test_eye_of_sauron_cancels_the_fellowship_text_card():
    s = advance(cards(_legolas_attacks_orcs(), "noble_sacrifice", "eye_of_sauron"))
    assert on_board(s, "legolas")
    assert _strengths(s) == (3, 2)
    assert "orcs" in defeated(s, SAURON)


def test_eye_of_sauron_cancels_the_fellowship_retreat():
    s = advance(cards(_legolas_attacks_orcs(), "retreat", "eye_of_sauron"))
    assert kind(s) != "retreat_card"
    assert where(s, "legolas") == "eregion"
    assert _strengths(s) == (3, 2)


def test_eye_of_sauron_does_nothing_against_a_strength_card():
    s = advance(cards(_legolas_attacks_orcs(), "strength_2", "eye_of_sauron"))
    assert _strengths(s) == (5, 2)


# ------------------------------------------------------------------------------------------- Retreat (Sauron)

def test_sauron_retreat_goes_sideways():
    s = advance(cards(_legolas_attacks_orcs(), "strength_5", "retreat"))
    if kind(s) == "retreat_card":
        assert retreat_targets(s, SAURON) == {"rhudaur", "enedwaith"}
        s = advance(act(s, SAURON, {"type": "retreat", "to": "enedwaith"}))
    assert where(s, "orcs") in ("rhudaur", "enedwaith")
    assert defeated(s) == {"fellowship": [], "sauron": []}
    assert where(s, "legolas") == "eregion"


def test_sauron_retreat_never_into_the_mountains():
    s = scene([("legolas", "eregion"), ("orcs", "caradhras")], turn=FELLOWSHIP)
    s = blocked_retreat(move(s, "legolas", "caradhras"), "strength_5", "retreat")
    assert _strengths(s) == (8, 2)
    assert "orcs" in defeated(s, SAURON)


def test_sauron_retreat_never_into_the_fellowship_or_a_full_region():
    s = _legolas_attacks_orcs(extra=[("gimli", "rhudaur"), ("warg", "enedwaith"), ("shelob", "enedwaith")])
    s = advance(cards(s, "strength_5", "retreat"))
    assert where(s, "orcs") is None and "orcs" in defeated(s, SAURON)


def test_when_both_retreat_sauron_retreats_first():
    s = advance(cards(_legolas_attacks_orcs(), "retreat", "retreat"))
    assert kind(s) == "retreat_card" and decision(s)["sides"] == [SAURON]
    refused(s, FELLOWSHIP, {"type": "retreat", "to": "cardolan"})
    s = act(s, SAURON, {"type": "retreat", "to": "rhudaur"})
    assert where(s, "orcs") == "rhudaur"
    s = advance(s)
    if kind(s) == "retreat_card":
        assert decision(s)["sides"] == [FELLOWSHIP]
        s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "cardolan"}))
    assert where(s, "legolas") in ("arthedain", "cardolan")
    assert defeated(s) == {"fellowship": [], "sauron": []}


def test_text_cards_apply_before_strength_cards():
    # Elven Cloak (text) removes Sauron's 6 before strengths are compared, whatever the order played.
    s = _legolas_attacks_orcs()
    s = act(s, SAURON, {"type": "card", "card": "strength_6"})
    s = advance(act(s, FELLOWSHIP, {"type": "card", "card": "elven_cloak"}))
    assert _strengths(s) == (3, 2)
    assert len(hand(s, FELLOWSHIP)) == 8
