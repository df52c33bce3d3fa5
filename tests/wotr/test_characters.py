"""Minions, the Nazgûl, Gandalf the White, Aragorn and the Muster die's diplomacy (p.19-25, p.34)."""
from engine.wotr.state import FP, FP_NATIONS, SH
from tests.wotr.helpers import at_action, game, legal, play, refused, top


def shadow(*dice):
    return at_action(game(), sh=list(dice) or ["muster"], active=SH)


def places(s, minion):
    return {a["region"] for a in legal(s, SH, "bring_minion") if a["minion"] == minion}


def test_saruman_enters_in_orthanc_only_when_isengard_is_at_war():
    s = shadow("muster")
    assert not places(s, "saruman")
    s["politics"]["isengard"]["step"] = 0
    assert places(s, "saruman") == {"orthanc"}


def test_the_witch_king_needs_sauron_and_a_free_peoples_nation_at_war_and_a_sauron_army():
    s = shadow("muster")
    s["politics"]["sauron"]["step"] = 0
    assert not places(s, "witch_king")
    s["politics"]["elves"]["step"] = 0
    where = places(s, "witch_king")
    assert {"barad_dur", "minas_morgul", "gorgoroth", "nurn"} <= where and "orthanc" not in where
    assert "carrock" not in where


def test_the_witch_king_entering_activates_every_free_peoples_nation():
    s = shadow("muster")
    s["politics"]["sauron"]["step"] = s["politics"]["elves"]["step"] = 0
    s, _ = play(s, SH, {"type": "bring_minion", "minion": "witch_king", "region": "barad_dur", "die": "muster"})
    assert all(s["politics"][n]["active"] for n in FP_NATIONS)


def test_the_mouth_of_sauron_needs_the_fellowship_in_mordor_or_every_free_people_at_war():
    s = shadow("muster_army")
    assert not places(s, "mouth_of_sauron")
    s["fellowship"]["mordor"] = 0
    assert places(s, "mouth_of_sauron") == {"barad_dur", "dol_guldur", "minas_morgul", "morannon",
                                            "mount_gundabad", "moria"}
    s["fellowship"]["mordor"] = None
    for n in FP_NATIONS:
        s["politics"][n]["step"] = 0
    assert places(s, "mouth_of_sauron")


def test_an_eliminated_minion_never_returns():
    s = shadow("muster")
    s["politics"]["isengard"]["step"] = 0
    s["eliminated"].append("saruman")
    assert not places(s, "saruman")


def test_the_shadow_character_die_moves_each_nazgul_once_anywhere_but_a_free_peoples_stronghold():
    s = shadow("character", "muster")
    s, _ = play(s, SH, {"type": "move_minions", "die": "character"})
    moves = legal(s, SH, "move_nazgul")
    assert {a["from"] for a in moves} == {"barad_dur", "dol_guldur", "minas_morgul", "morannon"}
    assert not any(a["to"] in ("rivendell", "minas_tirith", "erebor") for a in moves)
    s, _ = play(s, SH, {"type": "move_nazgul", "from": "barad_dur", "to": "fangorn"})
    assert s["units"]["fangorn"] == {"sauron": {"nazgul": 1}} and "barad_dur" in s["units"]
    assert not any(a["from"] == "fangorn" for a in legal(s, SH, "move_nazgul"))     # it moved once
    s, _ = play(s, SH, {"type": "done"})
    assert top(s) == {"kind": "act", "side": SH}          # the Free Peoples have no die: the Shadow goes on


def test_the_witch_king_flies_and_the_mouth_moves_three_saruman_never():
    s = shadow("character")
    s["chars"].update({"witch_king": "angmar", "mouth_of_sauron": "barad_dur", "saruman": "orthanc"})
    s, _ = play(s, SH, {"type": "move_minions", "die": "character"})
    wk = {a["to"] for a in legal(s, SH, "move_minion") if a["minion"] == "witch_king"}
    mouth = {a["to"] for a in legal(s, SH, "move_minion") if a["minion"] == "mouth_of_sauron"}
    assert "umbar" in wk and "lorien" not in wk
    assert "gorgoroth" in mouth and "umbar" not in mouth
    assert not any(a.get("minion") == "saruman" for a in legal(s, SH))


def test_gandalf_the_white_needs_the_grey_gone_and_a_minion_in_play_or_before():
    s = at_action(game(), fp=["will_of_the_west"])
    assert not legal(s, FP, "gandalf_the_white")
    s["fellowship"]["companions"].remove("gandalf_grey")
    s["fellowship"]["guide"] = "strider"
    s["eliminated"].append("gandalf_grey")
    assert not legal(s, FP, "gandalf_the_white")
    s["eliminated"].append("saruman")
    assert {a["region"] for a in legal(s, FP, "gandalf_the_white")} == {
        "fangorn", "grey_havens", "lorien", "rivendell", "woodland_realm"}
    s, _ = play(s, FP, {"type": "gandalf_the_white", "region": "fangorn", "die": "will_of_the_west"})
    assert s["chars"]["gandalf_white"] == "fangorn"
    from engine.wotr.dice import dice_count
    assert dice_count(s, FP) == 5


def test_gandalf_the_white_replaces_the_grey_where_he_stands():
    s = at_action(game(), fp=["will_of_the_west"])
    s["fellowship"]["companions"].remove("gandalf_grey")
    s["chars"].update({"gandalf_grey": "edoras", "saruman": "orthanc"})
    assert legal(s, FP, "gandalf_the_white") == [
        {"type": "gandalf_the_white", "region": "edoras", "die": "will_of_the_west"}]
    assert not legal(at_action(s, fp=["character"]), FP, "gandalf_the_white")     # only a Will of the West


def test_aragorn_replaces_strider_in_minas_tirith_dol_amroth_or_pelargir_and_activates_gondor():
    s = at_action(game(), fp=["will_of_the_west"])
    s["fellowship"]["companions"].remove("strider")
    s["chars"]["strider"] = "edoras"
    assert not legal(s, FP, "aragorn")
    s["chars"]["strider"] = "pelargir"
    s, _ = play(s, FP, {"type": "aragorn", "die": "will_of_the_west"})
    assert s["chars"]["aragorn"] == "pelargir" and "strider" not in s["chars"]
    assert s["politics"]["gondor"]["active"]


def test_diplomacy_advances_a_nation_one_step_but_a_passive_one_never_to_war():
    s = at_action(game(), fp=["muster", "muster_army"], sh=["muster"])
    targets = {a["nation"] for a in legal(s, FP, "diplomacy")}
    assert targets == {"dwarves", "elves", "gondor", "north", "rohan"}
    s["politics"]["gondor"]["step"] = 1
    assert "gondor" not in {a["nation"] for a in legal(s, FP, "diplomacy")}
    s, _ = play(s, FP, {"type": "diplomacy", "nation": "elves", "die": "muster_army"})
    assert s["politics"]["elves"]["step"] == 2
    assert refused(s, SH, {"type": "diplomacy", "nation": "elves", "die": "muster"}) == "not_allowed_now"


def test_the_shadow_brings_its_nations_to_war():
    s = shadow("muster")
    s, ev = play(s, SH, {"type": "diplomacy", "nation": "sauron", "die": "muster"})
    assert s["politics"]["sauron"]["step"] == 0 and "at_war" in [e["type"] for e in ev]
