"""La version Draft (ouverte ou cachée), les deux façons de distribuer les Cartes Spéciales et les 8
Cartes Spéciales avec leurs conditions."""
from __future__ import annotations

import pytest

from tests.confrontation.helpers import (
    CLASSIC_F,
    FELLOWSHIP,
    FP,
    SAURON,
    SP,
    R,
    act,
    advance,
    advance_to,
    decision,
    defeated,
    do_until_cards,
    events,
    fight,
    kind,
    knows,
    legal,
    move,
    on_board,
    refused,
    retreat_targets,
    scene,
    seen_by,
    token,
    view,
    where,
)

DRAFT_F = ["frodo", "sam_v", "gandalf", "aragorn_v", "smeagol", "legolas", "theoden", "merry", "treebeard"]
DRAFT_S = ["orcs_v", "saruman", "flying_nazgul", "witch_king_v", "shelob", "uruk_hai", "warg", "black_rider",
           "the_watcher"]


def new(options, seed=5):
    return R.new_game([FP, SP], options, seed)


def draft(state, player, characters):
    return R.apply(state, player, {"type": "draft", "characters": characters})[0]


def placement(characters, side):
    home = "the_shire" if side == FELLOWSHIP else "mordor"
    front = (["arthedain", "cardolan", "rhudaur", "eregion", "enedwaith"] if side == FELLOWSHIP
             else ["gondor", "dagorlad", "fangorn", "mirkwood", "rohan"])
    return {c: (home if i < 4 else front[i - 4]) for i, c in enumerate(characters)}


# ------------------------------------------------------------------------------------------- draft

def test_draft_asks_both_players_for_one_face_of_each_tile():
    s = new({"mode": "draft"})
    assert view(s)["phase"] == "draft"
    assert kind(s) == "draft" and sorted(R.waiting_for(s)) == [FP, SP]


BAD_DRAFTS = {
    "both_faces_of_a_tile": ["frodo", "frodo_v", "gandalf", "aragorn_v", "smeagol", "legolas", "theoden",
                             "merry", "treebeard"],
    "eight_characters": DRAFT_F[:8],
    "ten_characters": DRAFT_F + ["boromir"],
    "opponent_character": DRAFT_F[:8] + ["orcs"],
    "unknown_character": DRAFT_F[:8] + ["bilbo"],
    "duplicate": DRAFT_F[:8] + ["frodo"],
    "not_a_list": "frodo",
}


@pytest.mark.parametrize("name", sorted(BAD_DRAFTS))
def test_bad_draft_is_refused(name):
    refused(new({"mode": "draft"}), FP, {"type": "draft", "characters": BAD_DRAFTS[name]})


def test_open_draft_picks_are_shown_once_both_have_chosen():
    s = draft(new({"mode": "draft"}), FP, DRAFT_F)
    assert view(s, SAURON)["draft"]["fellowship"] is None      # chosen secretly
    assert sorted(view(s, FELLOWSHIP)["draft"]["fellowship"]) == sorted(DRAFT_F)
    s = draft(s, SP, DRAFT_S)
    assert sorted(view(s, SAURON)["draft"]["fellowship"]) == sorted(DRAFT_F)
    assert sorted(view(s, FELLOWSHIP)["draft"]["sauron"]) == sorted(DRAFT_S)
    assert sorted(view(s, None)["draft"]["sauron"]) == sorted(DRAFT_S)
    assert all(set(e) <= {"type", "n", "side"} for e in events(s, "drafted"))
    shown = events(s, "drafts_shown")
    assert len(shown) == 1
    assert sorted(shown[0]["fellowship"]) == sorted(DRAFT_F) and sorted(shown[0]["sauron"]) == sorted(DRAFT_S)
    assert view(s)["phase"] == "setup"


def test_hidden_draft_keeps_the_picks_secret():
    s = draft(draft(new({"mode": "hidden_draft"}), FP, DRAFT_F), SP, DRAFT_S)
    assert view(s)["phase"] == "setup"
    assert view(s, SAURON)["draft"]["fellowship"] is None
    assert view(s, FELLOWSHIP)["draft"]["sauron"] is None
    assert view(s, None)["draft"] == {"fellowship": None, "sauron": None}
    assert sorted(view(s, FELLOWSHIP)["draft"]["fellowship"]) == sorted(DRAFT_F)
    public = str(view(s, None)["log"])
    assert not any(f"'{c}'" in public for c in DRAFT_F + DRAFT_S)
    assert not events(s, "drafts_shown")


def test_hidden_draft_two_different_picks_look_the_same_to_the_opponent():
    other = ["frodo_v", "sam", "gandalf_v", "aragorn", "pippin", "elrond", "gimli", "faramir", "boromir"]
    a = draft(draft(new({"mode": "hidden_draft"}), FP, DRAFT_F), SP, DRAFT_S)
    b = draft(draft(new({"mode": "hidden_draft"}), FP, other), SP, DRAFT_S)
    assert view(a, SAURON) == view(b, SAURON)
    assert view(a, None) == view(b, None)


def test_setup_after_a_draft_uses_the_drafted_faces():
    s = draft(draft(new({"mode": "draft"}), FP, DRAFT_F), SP, DRAFT_S)
    refused(s, FP, {"type": "place", "placement": placement(CLASSIC_F, FELLOWSHIP)})
    s = R.apply(s, FP, {"type": "place", "placement": placement(DRAFT_F, FELLOWSHIP)})[0]
    s = R.apply(s, SP, {"type": "place", "placement": placement(DRAFT_S, SAURON)})[0]
    assert view(s)["phase"] == "play"
    mine = {p["character"] for p in view(s, FELLOWSHIP)["pieces"] if p["side"] == FELLOWSHIP}
    assert mine == set(DRAFT_F)


# ------------------------------------------------------------------------------------------- handing out

def test_choose_specials_each_player_secretly_keeps_two_of_their_four():
    s = new({"special_cards": "choose"})
    assert view(s)["phase"] == "specials" and kind(s) == "choose_specials"
    assert sorted(R.waiting_for(s)) == [FP, SP]
    for bad in (["shadowfax"], ["shadowfax", "gwaihir_the_windlord", "a_king_revealed"],
                ["shadowfax", "shadowfax"], ["shadowfax", "palantir"], ["shadowfax", "bilbo"], "shadowfax"):
        refused(s, FP, {"type": "choose_specials", "cards": bad})
    s = R.apply(s, FP, {"type": "choose_specials", "cards": ["shadowfax", "gwaihir_the_windlord"]})[0]
    assert view(s, SAURON)["specials"]["fellowship"]["held"] is None
    assert view(s, SAURON)["specials"]["fellowship"]["count"] == 2
    assert sorted(view(s, FELLOWSHIP)["specials"]["fellowship"]["held"]) == ["gwaihir_the_windlord",
                                                                               "shadowfax"]
    refused(s, FP, {"type": "choose_specials", "cards": ["shadowfax", "a_king_revealed"]})
    s = R.apply(s, SP, {"type": "choose_specials", "cards": ["palantir", "crebain_of_dunland"]})[0]
    assert view(s)["phase"] == "setup"
    assert view(s, FELLOWSHIP)["specials"]["sauron"]["held"] is None
    assert all("cards" not in e for e in events(s, "specials_chosen"))


def test_chosen_specials_stay_secret():
    a = R.apply(new({"special_cards": "choose"}), FP,
                {"type": "choose_specials", "cards": ["shadowfax", "gwaihir_the_windlord"]})[0]
    b = R.apply(new({"special_cards": "choose"}), FP,
                {"type": "choose_specials", "cards": ["a_king_revealed", "gandalf_the_white"]})[0]
    assert view(a, SAURON) == view(b, SAURON)
    assert view(a, None) == view(b, None)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_announced_specials_are_dealt_and_known_to_both(count):
    s = new({"special_cards": "announce"})
    assert kind(s) == "announce_specials" and R.waiting_for(s) == [FP]
    refused(s, SP, {"type": "announce_specials", "count": 2})
    s = R.apply(s, FP, {"type": "announce_specials", "count": count})[0]
    ev = events(s, "specials_dealt")[-1]
    assert ev["count"] == count
    assert len(ev["fellowship"]) == count and len(ev["sauron"]) == count
    assert set(ev["fellowship"]) <= {"shadowfax", "gandalf_the_white", "a_king_revealed",
                                     "gwaihir_the_windlord"}
    assert set(ev["sauron"]) <= {"palantir", "recall_to_mordor", "the_dark_of_mordor", "crebain_of_dunland"}
    for viewer in (FELLOWSHIP, SAURON, None):
        sp = view(s, viewer)["specials"]
        assert sorted(sp["fellowship"]["held"]) == sorted(ev["fellowship"])
        assert sorted(sp["sauron"]["held"]) == sorted(ev["sauron"])
    assert view(s)["phase"] == "setup"


@pytest.mark.parametrize("count", [-1, 5, "2", None, 2.5])
def test_bad_announcement_is_refused(count):
    refused(new({"special_cards": "announce"}), FP, {"type": "announce_specials", "count": count})


# ------------------------------------------------------------------------------------------- Shadowfax

def test_shadowfax_moves_a_piece_then_the_same_piece_must_move_normally():
    s = scene([("legolas", "arthedain"), ("gimli", "cardolan")], turn=FELLOWSHIP,
              specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                            "to": "eregion"})
    assert where(s, "legolas") == "eregion"
    assert kind(s) == "move_after_special" and decision(s)["sides"] == [FELLOWSHIP]
    refused(s, FELLOWSHIP, {"type": "move", "piece": token(s, "gimli"), "to": "enedwaith"})
    assert {a["piece"] for a in legal(s, FELLOWSHIP) if a["type"] == "move"} == {token(s, "legolas")}
    s = move(s, "legolas", "caradhras")
    assert where(s, "legolas") == "caradhras" and view(s)["turn"] == SAURON
    assert "shadowfax" in view(s, SAURON)["specials"]["fellowship"]["used"]
    assert events(s, "special_played")[-1]["card"] == "shadowfax"


def test_shadowfax_only_into_a_region_without_sauron_and_not_full():
    s = scene([("legolas", "arthedain"), ("orcs", "rhudaur"), ("gimli", "eregion"), ("merry", "eregion")],
              turn=FELLOWSHIP, specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    for to in ("rhudaur", "eregion", "cardolan", "high_pass"):
        refused(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                                "to": to})


def test_shadowfax_is_used_once_per_game():
    s = scene([("legolas", "arthedain")], turn=FELLOWSHIP, specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                            "to": "eregion"})
    s = move(s, "legolas", "caradhras")
    s = advance(move(s, "cave_troll", "gondor"))
    refused(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "frodo"),
                            "to": "arthedain"})


def test_shadowfax_needs_the_card():
    s = scene([("legolas", "arthedain")], turn=FELLOWSHIP, specials={FELLOWSHIP: ["gwaihir_the_windlord"],
                                                                       SAURON: []})
    refused(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                            "to": "eregion"})


def test_shadowfax_may_go_down_the_anduin():
    s = scene([("legolas", "mirkwood")], turn=FELLOWSHIP, specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                            "to": "fangorn"})
    assert where(s, "legolas") == "fangorn"


def test_shadowfax_through_the_moria_tunnel_may_meet_the_balrog():
    s = scene([("legolas", "eregion"), ("balrog", "caradhras")], turn=FELLOWSHIP,
              specials={FELLOWSHIP: ["shadowfax"], SAURON: []})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "shadowfax", "piece": token(s, "legolas"),
                            "to": "fangorn"})
    s = act(advance_to(s, "balrog"), SAURON, {"type": "balrog", "use": True})
    assert "legolas" in defeated(s, FELLOWSHIP)


# ------------------------------------------------------------------------------------------- Gandalf the White

def test_gandalf_the_white_only_once_gandalf_has_died():
    s = scene([("gandalf", "eregion")], turn=FELLOWSHIP,
              specials={FELLOWSHIP: ["gandalf_the_white"], SAURON: []})
    refused(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})


def _gandalf_killed(extra=(), sauron_specials=()):
    s = scene([("orcs", "caradhras"), ("gandalf", "eregion"), *extra],
              specials={FELLOWSHIP: ["gandalf_the_white"], SAURON: list(sauron_specials)})
    s = advance(move(s, "orcs", "eregion"))
    assert "gandalf" in defeated(s, FELLOWSHIP) and view(s)["turn"] == FELLOWSHIP
    return s


def test_gandalf_the_white_brings_gandalf_back_in_fangorn_instead_of_moving():
    s = _gandalf_killed()
    s = act(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})
    assert where(s, "gandalf") == "fangorn"
    assert token(s, "gandalf") == "f10"
    assert view(s)["turn"] == SAURON and kind(s) == "move"


def test_gandalf_the_white_not_with_a_sauron_piece_in_fangorn():
    s = _gandalf_killed(extra=[("warg", "fangorn")])
    refused(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})


def test_gandalf_the_white_not_with_two_fellowship_pieces_in_fangorn():
    s = _gandalf_killed(extra=[("legolas", "fangorn"), ("gimli", "fangorn")])
    refused(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})


def test_gandalf_the_white_beside_one_fellowship_piece_in_fangorn():
    s = _gandalf_killed(extra=[("legolas", "fangorn")])
    s = act(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})
    assert where(s, "gandalf") == "fangorn"


def test_the_new_gandalf_is_not_affected_by_crebain():
    s = scene([("orcs", "enedwaith"), ("gandalf", "cardolan"), ("legolas", "rhudaur")],
              specials={FELLOWSHIP: ["gandalf_the_white"], SAURON: ["crebain_of_dunland"]})
    s = act(s, SAURON, {"type": "special", "card": "crebain_of_dunland", "piece": token(s, "gandalf")})
    assert seen_by(s, SAURON, "gandalf")["revealed"] is True
    s = move(s, "legolas", "high_pass")
    s = advance(move(s, "orcs", "cardolan"))
    assert "gandalf" in defeated(s, FELLOWSHIP)
    s = act(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})
    assert seen_by(s, SAURON, "gandalf")["revealed"] is False


# ------------------------------------------------------------------------------------------- A King Revealed

def test_a_king_revealed_reveals_aragorn_and_forces_the_chosen_piece():
    s = scene([("aragorn", "rhudaur"), ("orcs", "fangorn"), ("warg", "rohan")], turn=FELLOWSHIP,
              specials={FELLOWSHIP: ["a_king_revealed"], SAURON: ["recall_to_mordor"]})
    s = act(s, FELLOWSHIP, {"type": "special", "card": "a_king_revealed", "piece": token(s, "warg")})
    assert seen_by(s, SAURON, "aragorn")["character"] == "aragorn"
    assert any(e.get("character") == "aragorn" for e in events(s, "revealed"))
    assert view(s)["turn"] == SAURON
    moves = [a for a in legal(s, SAURON) if a["type"] in ("move", "special")]
    assert moves and all(a["type"] == "move" and a["piece"] == token(s, "warg") for a in moves)
    refused(s, SAURON, {"type": "move", "piece": token(s, "orcs"), "to": "caradhras"})
    refused(s, SAURON, {"type": "special", "card": "recall_to_mordor", "piece": token(s, "orcs")})
    s = move(s, "warg", "caradhras")
    assert where(s, "warg") == "caradhras"


def test_a_king_revealed_needs_a_piece_able_to_move_forward():
    s = scene([("aragorn", "rhudaur"), ("orcs", "the_shire"), ("warg", "rohan"), ("frodo", "cardolan"),
               ("cave_troll", "mordor")], turn=FELLOWSHIP, fillers=False,
              specials={FELLOWSHIP: ["a_king_revealed"], SAURON: []})
    refused(s, FELLOWSHIP, {"type": "special", "card": "a_king_revealed", "piece": token(s, "orcs")})
    refused(s, FELLOWSHIP, {"type": "special", "card": "a_king_revealed", "piece": token(s, "aragorn")})


def test_a_king_revealed_not_once_aragorn_is_dead():
    s = scene([("orcs", "caradhras"), ("aragorn", "eregion"), ("warg", "rohan")],
              specials={FELLOWSHIP: ["a_king_revealed"], SAURON: []})
    s = advance(move(s, "orcs", "eregion"))
    assert "aragorn" in defeated(s, FELLOWSHIP)
    refused(s, FELLOWSHIP, {"type": "special", "card": "a_king_revealed", "piece": token(s, "warg")})


def test_a_king_revealed_cannot_choose_the_revealed_watcher():
    s = scene([("elrond", "mirkwood"), ("the_watcher", "dagorlad"), ("aragorn_v", "rhudaur"),
               ("gollum", "caradhras")], mode="variant", turn=FELLOWSHIP,
              specials={FELLOWSHIP: ["a_king_revealed"], SAURON: []})
    s = fight(move(s, "elrond", "dagorlad"), "strength_1", "strength_1")
    s = advance(move(s, "gollum", "eregion"))
    assert view(s)["turn"] == FELLOWSHIP
    refused(s, FELLOWSHIP, {"type": "special", "card": "a_king_revealed", "piece": token(s, "the_watcher")})


# ------------------------------------------------------------------------------------------- Gwaihir

def gwaihir_retreat(pieces, attacker: str, into: str):
    """`attacker` moves into `into`; the Fellowship answers with Gwaihir instead of its character's text.
    The state when its retreat is asked for."""
    s = move(scene(pieces, specials={FELLOWSHIP: ["gwaihir_the_windlord"], SAURON: []}), attacker, into)
    s = act(advance_to(s, "fellowship_text"), FELLOWSHIP, {"type": "special", "card": "gwaihir_the_windlord"})
    return advance_to(s, "gwaihir_retreat")


def test_gwaihir_replaces_the_character_text_with_a_retreat():
    s = gwaihir_retreat([("shelob", "caradhras"), ("pippin", "eregion")], "shelob", "eregion")
    assert retreat_targets(s, FELLOWSHIP) == {"rhudaur", "enedwaith", "arthedain", "cardolan"}
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "arthedain"}))
    assert where(s, "pippin") == "arthedain" and defeated(s) == {"fellowship": [], "sauron": []}
    assert "gwaihir_the_windlord" in view(s, SAURON)["specials"]["fellowship"]["used"]


def test_gwaihir_replaces_merry_text():
    s = gwaihir_retreat([("witch_king", "caradhras"), ("merry", "eregion")], "witch_king", "eregion")
    s = advance(act(s, FELLOWSHIP, {"type": "retreat", "to": "cardolan"}))
    assert on_board(s, "witch_king") and where(s, "merry") == "cardolan"


def test_gwaihir_cannot_be_played_against_the_warg():
    s = scene([("warg", "caradhras"), ("legolas", "eregion")],
              specials={FELLOWSHIP: ["gwaihir_the_windlord"], SAURON: []})
    s = move(s, "warg", "eregion")
    s2 = advance(s, stop=("fellowship_text",))
    if kind(s2) == "fellowship_text":
        assert {"type": "special", "card": "gwaihir_the_windlord"} not in legal(s2, FELLOWSHIP)
        refused(s2, FELLOWSHIP, {"type": "special", "card": "gwaihir_the_windlord"})


def test_gwaihir_never_retreats_sideways_in_the_mountains():
    s = gwaihir_retreat([("shelob", "fangorn"), ("pippin", "caradhras")], "shelob", "caradhras")
    assert retreat_targets(s, FELLOWSHIP) == {"eregion", "enedwaith"}


# ------------------------------------------------------------------------------------------- Palantir

def test_palantir_reveals_every_fellowship_piece_of_a_region():
    s = scene([("gimli", "eregion"), ("merry", "eregion"), ("orcs", "rohan")],
              specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    s = act(s, SAURON, {"type": "special", "card": "palantir", "region": "eregion"})
    assert knows(s, SAURON, "gimli") and knows(s, SAURON, "merry")
    assert seen_by(s, SAURON, "gimli")["revealed"] is True
    assert kind(s) == "move" and view(s)["turn"] == SAURON        # the turn goes on
    assert events(s, "special_played")[-1]["region"] == "eregion"


def test_palantir_blocks_the_shuffle_until_sauron_turn_ends():
    s = scene([("gimli", "eregion"), ("merry", "eregion"), ("orcs", "rohan")],
              specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    s = act(s, SAURON, {"type": "special", "card": "palantir", "region": "eregion"})
    refused(s, FELLOWSHIP, {"type": "shuffle", "region": "eregion"})
    s = advance(move(s, "orcs", "gap_of_rohan"))
    assert view(s)["turn"] == FELLOWSHIP
    s = act(s, FELLOWSHIP, {"type": "shuffle", "region": "eregion"})
    assert not knows(s, SAURON, "gimli") and not knows(s, SAURON, "merry")


def test_palantir_never_in_the_shire():
    s = scene([("gimli", "the_shire"), ("merry", "the_shire")], specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    refused(s, SAURON, {"type": "special", "card": "palantir", "region": "the_shire"})


def test_palantir_may_be_played_before_choosing_a_target():
    s = scene([("black_rider", "caradhras"), ("gimli", "eregion"), ("merry", "eregion")],
              specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    s = advance_to(move(s, "black_rider", "eregion"), "target")
    s = act(s, SAURON, {"type": "special", "card": "palantir", "region": "eregion"})
    assert knows(s, SAURON, "gimli") and knows(s, SAURON, "merry")
    assert kind(s) == "target"


# ------------------------------------------------------------------------------------------- Recall to Mordor

def test_recall_to_mordor_brings_a_piece_home_instead_of_moving():
    s = scene([("orcs", "eregion")], specials={FELLOWSHIP: [], SAURON: ["recall_to_mordor"]})
    s = act(s, SAURON, {"type": "special", "card": "recall_to_mordor", "piece": token(s, "orcs")})
    assert where(s, "orcs") == "mordor"
    assert view(s)["turn"] == FELLOWSHIP


def test_recall_to_mordor_not_with_a_fellowship_piece_in_mordor():
    s = scene([("orcs", "eregion"), ("legolas", "mordor"), ("frodo", "the_shire")], fillers=False,
              specials={FELLOWSHIP: [], SAURON: ["recall_to_mordor"]})
    refused(s, SAURON, {"type": "special", "card": "recall_to_mordor", "piece": token(s, "orcs")})


def test_recall_to_mordor_not_with_four_sauron_pieces_in_mordor():
    s = scene([("orcs", "eregion"), ("warg", "mordor"), ("shelob", "mordor"), ("balrog", "mordor"),
               ("saruman", "mordor"), ("frodo", "the_shire")], fillers=False,
              specials={FELLOWSHIP: [], SAURON: ["recall_to_mordor"]})
    refused(s, SAURON, {"type": "special", "card": "recall_to_mordor", "piece": token(s, "orcs")})


# ------------------------------------------------------------------------------------------- The Dark of Mordor

def test_the_dark_of_mordor_then_a_different_piece_must_move():
    s = scene([("orcs", "rohan"), ("warg", "gondor")], specials={FELLOWSHIP: [], SAURON: ["the_dark_of_mordor"]})
    s = act(s, SAURON, {"type": "special", "card": "the_dark_of_mordor", "piece": token(s, "orcs"),
                        "to": "caradhras"})
    assert where(s, "orcs") == "caradhras"
    assert kind(s) == "move_after_special" and decision(s)["sides"] == [SAURON]
    refused(s, SAURON, {"type": "move", "piece": token(s, "orcs"), "to": "eregion"})
    assert token(s, "orcs") not in {a.get("piece") for a in legal(s, SAURON) if a["type"] == "move"}
    s = move(s, "warg", "fangorn")
    assert view(s)["turn"] == FELLOWSHIP


def test_the_dark_of_mordor_not_into_the_fellowship_or_a_full_region():
    s = scene([("orcs", "rohan"), ("legolas", "caradhras"), ("shelob", "gap_of_rohan")],
              specials={FELLOWSHIP: [], SAURON: ["the_dark_of_mordor"]})
    for to in ("caradhras", "gap_of_rohan", "fangorn", "enedwaith"):
        refused(s, SAURON, {"type": "special", "card": "the_dark_of_mordor", "piece": token(s, "orcs"),
                            "to": to})


def test_the_dark_of_mordor_cannot_move_the_revealed_watcher():
    s = scene([("elrond", "mirkwood"), ("the_watcher", "dagorlad"), ("gollum", "caradhras")],
              mode="variant", turn=FELLOWSHIP, specials={FELLOWSHIP: [], SAURON: ["the_dark_of_mordor"]})
    s = fight(move(s, "elrond", "dagorlad"), "strength_1", "strength_1")
    assert view(s)["turn"] == SAURON
    for to in ("mirkwood", "fangorn"):
        refused(s, SAURON, {"type": "special", "card": "the_dark_of_mordor",
                            "piece": token(s, "the_watcher"), "to": to})


# ------------------------------------------------------------------------------------------- Crebain of Dunland

def test_crebain_reveals_a_fellowship_piece_for_the_rest_of_the_game():
    s = scene([("legolas", "eregion"), ("gimli", "eregion"), ("orcs", "rohan")],
              specials={FELLOWSHIP: [], SAURON: ["crebain_of_dunland"]})
    s = act(s, SAURON, {"type": "special", "card": "crebain_of_dunland", "piece": token(s, "legolas")})
    assert seen_by(s, SAURON, "legolas")["revealed"] is True
    assert view(s)["turn"] == FELLOWSHIP                  # played instead of moving
    if {"type": "shuffle", "region": "eregion"} in legal(s, FELLOWSHIP):
        s = act(s, FELLOWSHIP, {"type": "shuffle", "region": "eregion"})
    assert seen_by(s, SAURON, "legolas")["character"] == "legolas"
    s = move(s, "frodo", "arthedain")
    s = advance(move(s, "orcs", "caradhras"))
    s = fight(move(s, "legolas", "caradhras"), "strength_5", "strength_1")   # a fight does not hide him
    assert seen_by(s, SAURON, "legolas")["revealed"] is True
    assert seen_by(s, None, "legolas")["character"] == "legolas"


def test_crebain_needs_a_fellowship_piece_on_the_board():
    s = scene([("legolas", "eregion")], specials={FELLOWSHIP: [], SAURON: ["crebain_of_dunland"]})
    refused(s, SAURON, {"type": "special", "card": "crebain_of_dunland", "piece": token(s, "cave_troll")})
    refused(s, SAURON, {"type": "special", "card": "crebain_of_dunland", "piece": "f99"})


def test_gandalf_the_white_also_brings_back_the_variant_gandalf():
    s = scene([("saruman_v", "caradhras"), ("gandalf_v", "eregion")], mode="variant",
              specials={FELLOWSHIP: ["gandalf_the_white"], SAURON: []})
    s = advance(move(s, "saruman_v", "eregion"))
    assert "gandalf_v" in defeated(s, FELLOWSHIP)
    s = act(s, FELLOWSHIP, {"type": "special", "card": "gandalf_the_white"})
    assert where(s, "gandalf_v") == "fangorn"


def test_palantir_may_be_played_at_any_moment_of_sauron_turn_even_during_a_fight():
    """Rulebook, the Palantir: Sauron may play it at any moment of his turn. It is offered outside the
    decisions (like a shuffle), so the fight's decisions are the same whether Sauron holds it or not."""
    pieces = [("shelob", "caradhras"), ("gimli", "eregion"), ("merry", "rohan"), ("legolas", "rohan")]
    s = scene(pieces, specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    s = do_until_cards(move(s, "shelob", "eregion"))
    before = decision(s)
    palantir = {"type": "special", "card": "palantir", "region": "rohan"}
    assert palantir in legal(s, SAURON)
    s2 = act(s, SAURON, palantir)
    assert knows(s2, SAURON, "merry") and knows(s2, SAURON, "legolas")
    assert decision(s2) == before                              # the fight goes on where it was
    refused(s2, FELLOWSHIP, {"type": "shuffle", "region": "rohan"})
    without = scene(pieces, specials={FELLOWSHIP: [], SAURON: []})
    without = do_until_cards(move(without, "shelob", "eregion"))
    assert view(without, FELLOWSHIP)["decision"] == view(s, FELLOWSHIP)["decision"]


def test_palantir_may_be_played_while_the_fellowship_decides_in_a_fight_on_sauron_turn():
    s = scene([("orcs", "caradhras"), ("frodo", "eregion"), ("merry", "rohan"), ("legolas", "rohan")],
              specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    s = advance_to(move(s, "orcs", "eregion"), "fellowship_text")  # Frodo, attacked, may retreat
    s = act(s, SAURON, {"type": "special", "card": "palantir", "region": "rohan"})
    assert kind(s) == "fellowship_text" and knows(s, SAURON, "merry")


def test_palantir_is_not_playable_on_the_fellowship_turn():
    s = scene([("gimli", "eregion"), ("merry", "eregion"), ("orcs", "rohan")], turn=FELLOWSHIP,
              specials={FELLOWSHIP: [], SAURON: ["palantir"]})
    assert not [a for a in legal(s, SAURON) if a.get("card") == "palantir"]
    refused(s, SAURON, {"type": "special", "card": "palantir", "region": "eregion"})
