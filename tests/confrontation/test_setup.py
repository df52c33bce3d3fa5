"""Mise en place: 4 personnages dans The Shire / le Mordor, 1 dans chacune des cinq régions devant,
montagnes vides, placement secret, Sauron commence."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine import IllegalAction
from tests.confrontation.helpers import FELLOWSHIP, FP, SAURON, SP, R, decision, kind, legal, refused, view

START_F = {"frodo": "the_shire", "sam": "the_shire", "gandalf": "the_shire", "aragorn": "the_shire",
           "pippin": "arthedain", "legolas": "cardolan", "gimli": "rhudaur", "merry": "eregion",
           "boromir": "enedwaith"}
START_S = {"orcs": "mordor", "saruman": "mordor", "flying_nazgul": "mordor", "witch_king": "mordor",
           "shelob": "gondor", "balrog": "dagorlad", "warg": "fangorn", "black_rider": "mirkwood",
           "cave_troll": "rohan"}
MOUNTAINS = {"high_pass", "misty_mountains", "caradhras", "gap_of_rohan"}


def new(options=None, seed=1):
    return R.new_game([FP, SP], options or {}, seed)


def place(state, player, placement):
    return R.apply(state, player, {"type": "place", "placement": placement})[0]


def started(options=None, seed=1, f=START_F, s=START_S):
    state = new(options, seed)
    state = place(state, FP, f)
    return place(state, SP, s)


def canon(v, viewer_side):
    """A view with the opponent's unknown pieces reduced to (side, region): their tokens are random
    names that say nothing, so two positions may differ in them (design: 'up to the order of hidden
    items')."""
    v = copy.deepcopy(v)
    mine, hidden = [], []
    for p in v["pieces"]:
        if p["side"] != viewer_side and p["character"] is None:
            hidden.append((p["side"], p["region"], p["revealed"], p["known"]))
        else:
            mine.append(p)
    v["pieces"] = sorted(mine, key=lambda p: p["token"])
    v["hidden_pieces"] = sorted(hidden)
    return v


def test_new_game_waits_for_both_secret_placements():
    state = new()
    v = view(state)
    assert v["phase"] == "setup"
    assert kind(state) == "setup"
    assert sorted(R.waiting_for(state)) == [FP, SP]
    assert v["players"] == {"fellowship": FP, "sauron": SP}
    assert R.result(state) is None


def test_valid_setup_places_four_at_home_and_one_in_each_front_region():
    state = started()
    pieces = view(state)["pieces"]
    per = Counter((p["side"], p["region"]) for p in pieces)
    assert per == Counter({
        ("fellowship", "the_shire"): 4, ("fellowship", "arthedain"): 1, ("fellowship", "cardolan"): 1,
        ("fellowship", "rhudaur"): 1, ("fellowship", "eregion"): 1, ("fellowship", "enedwaith"): 1,
        ("sauron", "mordor"): 4, ("sauron", "gondor"): 1, ("sauron", "dagorlad"): 1,
        ("sauron", "fangorn"): 1, ("sauron", "mirkwood"): 1, ("sauron", "rohan"): 1,
    })
    assert not any(p["region"] in MOUNTAINS for p in pieces)
    tokens = [p["token"] for p in pieces]
    assert len(set(tokens)) == 18
    assert {t for t in tokens if t.startswith("f")} == {f"f{i}" for i in range(1, 10)}
    assert {t for t in tokens if t.startswith("s")} == {f"s{i}" for i in range(1, 10)}


def test_sauron_moves_first():
    state = started()
    v = view(state)
    assert v["phase"] == "play"
    assert v["turn"] == SAURON
    d = decision(state)
    assert d["kind"] == "move" and d["sides"] == [SAURON]
    assert R.waiting_for(state) == [SP]
    assert any(a["type"] == "move" for a in legal(state, SAURON))
    assert not any(a["type"] == "move" for a in legal(state, FELLOWSHIP))


def test_either_player_may_place_first_and_placement_order_does_not_matter():
    a = place(place(new(), FP, START_F), SP, START_S)
    b = place(place(new(), SP, START_S), FP, START_F)
    assert view(a)["phase"] == view(b)["phase"] == "play"
    assert Counter((p["side"], p["region"]) for p in view(a)["pieces"]) == \
        Counter((p["side"], p["region"]) for p in view(b)["pieces"])


def _with(base, **changes):
    out = dict(base)
    for k, v in changes.items():
        if v is None:
            out.pop(k)
        else:
            out[k] = v
    return out


BAD_FELLOWSHIP = {
    "five_in_shire": _with(START_F, pippin="the_shire"),
    "three_in_shire_two_in_front": _with(START_F, aragorn="arthedain"),
    "in_the_mountains": _with(START_F, boromir="caradhras"),
    "in_sauron_front_region": _with(START_F, boromir="rohan"),
    "in_mordor": _with(START_F, boromir="mordor"),
    "missing_character": _with(START_F, boromir=None),
    "unknown_character": {**START_F, "bilbo": "the_shire"},
    "opponent_character": {**_with(START_F, boromir=None), "orcs": "enedwaith"},
    "variant_face_in_classic": {**_with(START_F, frodo=None), "frodo_v": "the_shire"},
    "unknown_region": _with(START_F, boromir="rivendell"),
    "region_not_a_string": _with(START_F, boromir=7),
}


@pytest.mark.parametrize("name", sorted(BAD_FELLOWSHIP))
def test_bad_fellowship_placement_is_refused(name):
    refused(new(), FP, {"type": "place", "placement": BAD_FELLOWSHIP[name]})


BAD_SAURON = {
    "five_in_mordor": _with(START_S, shelob="mordor"),
    "two_in_gondor": _with(START_S, balrog="gondor"),
    "in_the_mountains": _with(START_S, cave_troll="gap_of_rohan"),
    "in_fellowship_region": _with(START_S, cave_troll="enedwaith"),
    "missing_character": _with(START_S, cave_troll=None),
    "fellowship_character": {**_with(START_S, cave_troll=None), "boromir": "rohan"},
}


@pytest.mark.parametrize("name", sorted(BAD_SAURON))
def test_bad_sauron_placement_is_refused(name):
    refused(new(), SP, {"type": "place", "placement": BAD_SAURON[name]})


@pytest.mark.parametrize("placement", [None, [], "the_shire", {"frodo": ["the_shire"]}])
def test_malformed_placement_is_refused(placement):
    refused(new(), FP, {"type": "place", "placement": placement})


def test_a_player_cannot_place_twice_or_place_for_the_other_side():
    state = place(new(), FP, START_F)
    refused(state, FP, {"type": "place", "placement": START_F})
    refused(new(), SP, {"type": "place", "placement": START_F})
    refused(new(), FP, {"type": "place", "placement": START_S})


def test_no_move_before_both_have_placed():
    state = place(new(), FP, START_F)
    refused(state, SP, {"type": "move", "piece": "s1", "to": "rohan"})
    refused(state, FP, {"type": "move", "piece": "f1", "to": "arthedain"})


def test_placement_is_secret_from_the_opponent_and_the_public():
    state = started()
    for viewer, opponent in ((FELLOWSHIP, SAURON), (SAURON, FELLOWSHIP)):
        v = view(state, viewer)
        own = [p for p in v["pieces"] if p["side"] == viewer]
        theirs = [p for p in v["pieces"] if p["side"] == opponent]
        assert len(own) == len(theirs) == 9
        assert {p["character"] for p in own} == set(START_F if viewer == FELLOWSHIP else START_S)
        assert all(p["character"] is None and not p["revealed"] and not p["known"] for p in theirs)
    assert all(p["character"] is None for p in view(state, None)["pieces"])


def test_opponent_sees_nothing_of_a_placement_made_first():
    state = place(new(), FP, START_F)
    v = view(state, SAURON)
    assert v["setup_done"] == {"fellowship": True, "sauron": False}
    assert all(p["character"] is None for p in v["pieces"] if p["side"] == FELLOWSHIP)


def test_two_different_secret_placements_look_the_same_to_the_opponent():
    other_f = _with(START_F, frodo="cardolan", legolas="the_shire")
    a, b = started(f=START_F), started(f=other_f)
    assert canon(view(a, SAURON), SAURON) == canon(view(b, SAURON), SAURON)
    assert canon(view(a, None), None) == canon(view(b, None), None)
    other_s = _with(START_S, orcs="rohan", cave_troll="mordor")
    a, b = started(s=START_S), started(s=other_s)
    assert canon(view(a, FELLOWSHIP), FELLOWSHIP) == canon(view(b, FELLOWSHIP), FELLOWSHIP)


def test_variant_setup_uses_the_variant_faces():
    f = {"frodo_v": "the_shire", "sam_v": "the_shire", "gandalf_v": "the_shire", "aragorn_v": "the_shire",
         "smeagol": "arthedain", "elrond": "cardolan", "theoden": "rhudaur", "faramir": "eregion",
         "treebeard": "enedwaith"}
    s = {"orcs_v": "mordor", "saruman_v": "mordor", "flying_nazgul_v": "mordor", "witch_king_v": "mordor",
         "wormtongue": "gondor", "uruk_hai": "dagorlad", "gollum": "fangorn", "mouth_of_sauron": "mirkwood",
         "the_watcher": "rohan"}
    refused(new({"mode": "variant"}), FP, {"type": "place", "placement": START_F})
    state = started({"mode": "variant"}, f=f, s=s)
    assert view(state)["phase"] == "play"


@pytest.mark.parametrize("options", [{"mode": "chess"}, {"special_cards": "all"}, {"match": "yes"},
                                     {"colour": "red"}])
def test_unknown_option_is_refused(options):
    with pytest.raises(IllegalAction) as info:
        R.new_game([FP, SP], options, 1)
    assert info.value.code == "bad_option"
