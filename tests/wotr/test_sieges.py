"""Strongholds and sieges (p.31-32): the retreat into the siege, the 5-unit limit, siege battles (the
attacker hits on 6, one round unless an Elite is reduced), capture, sorties, relief armies, movement,
mustering and flying around a siege, and the Level-0 character left behind by a retreat."""
from engine.wotr import armies as ar
from engine.wotr import battle as bt
from engine.wotr import characters as ch
from engine.wotr.state import FP, SH
from tests.wotr.helpers import R, kinds, legal, play, rolls, top
from tests.wotr.test_armies import board
from tests.wotr.test_battle import attack, events


def besieged_minas_tirith(garrison, besiegers, **fields):
    """Minas Tirith under siege: the Gondor garrison inside, the Sauron besiegers around it."""
    units = {"minas_tirith": {"gondor": garrison, "sauron": besiegers}, **fields.pop("units", {})}
    return board(units, war=["sauron", "gondor"], **fields)


def test_the_defender_retreats_into_its_stronghold_and_the_advancing_attacker_besieges_it():
    s = board({"osgiliath": {"sauron": {"regular": 4, "elite": 2}},
               "minas_tirith": {"gondor": {"regular": 5, "elite": 2, "leader": 1}}},
              sh=["army"], fp=["event"], active=SH, war=["sauron", "gondor"])
    assert ("osgiliath", "minas_tirith") in bt.attack_targets(s, SH)
    s, ev = attack(s, SH, "osgiliath", "minas_tirith")
    assert top(s)["step"] == "withdraw" and legal(s, FP) == [{"type": "field_battle"},
                                                             {"type": "retreat_into_siege"}]
    assert "combat_roll" not in kinds(ev)                   # chosen before the first round
    s, ev = play(s, FP, {"type": "retreat_into_siege"})
    assert "siege_retreat" in kinds(ev) and top(s) == {**top(s), "step": "advance", "side": SH}
    s, ev = play(s, SH, {"type": "advance"})
    assert "siege_started" in kinds(ev) and s["captured"] == {}          # the garrison holds the Stronghold
    assert R.view(s, None)["sieges"] == {"minas_tirith": FP}
    # A besieged Stronghold holds 5 units: the Free Peoples remove the excess, choosing which.
    assert top(s) == {"kind": "remove_excess", "side": FP, "region": "minas_tirith"}
    s, _ = play(s, FP, {"type": "remove_unit", "nation": "gondor", "kind": "regular"})
    s, _ = play(s, FP, {"type": "remove_unit", "nation": "gondor", "kind": "regular"})
    assert s["units"]["minas_tirith"]["gondor"] == {"regular": 3, "elite": 2, "leader": 1}
    assert top(s)["kind"] == "act"


def test_the_attacker_may_decline_to_advance_and_no_siege_begins():
    s = board({"osgiliath": {"sauron": {"regular": 2}}, "minas_tirith": {"gondor": {"regular": 7}}},
              sh=["army"], fp=["event"], active=SH, war=["sauron", "gondor"])
    s, _ = attack(s, SH, "osgiliath", "minas_tirith")
    s, _ = play(s, FP, {"type": "retreat_into_siege"})
    s, _ = play(s, SH, {"type": "stay"})
    assert R.view(s, None)["sieges"] == {} and s["units"]["minas_tirith"] == {"gondor": {"regular": 7}}


def test_a_field_battle_at_a_stronghold_gives_no_first_round_shield_and_the_siege_is_offered_each_round():
    s = board({"osgiliath": {"sauron": {"regular": 3}}, "minas_tirith": {"gondor": {"regular": 3}}},
              sh=["army"], fp=["event"], active=SH, war=["sauron", "gondor"])
    s, _ = attack(s, SH, "osgiliath", "minas_tirith")
    s, ev = play(rolls(s, 5, 1, 1, 1, 1, 1), FP, {"type": "field_battle"})
    assert [(e["need"], e["hits"]) for e in events(ev, "combat_roll")] == [(5, 1), (5, 0)]
    s, _ = play(s, SH, {"type": "continue_battle"})
    assert {"type": "retreat_into_siege"} in legal(s, FP)


def test_a_two_round_siege_battle_with_an_elite_reduced_to_continue_captures_the_stronghold():
    s = besieged_minas_tirith({"regular": 3}, {"regular": 2, "elite": 2}, sh=["army"], fp=["event"], active=SH)
    assert ("minas_tirith", "minas_tirith") in bt.attack_targets(s, SH)
    # Round 1: the attacker hits on 6 (one hit out of 5, 5, 6, 1), the garrison misses.
    s, ev = attack(s, SH, "minas_tirith", "minas_tirith", "army", 5, 5, 6, 1, 1, 1, 1)
    assert events(ev, "battle_started")[0]["mode"] == "siege"
    assert [(e["need"], e["hits"]) for e in events(ev, "combat_roll")] == [(6, 1), (5, 0)]
    assert s["units"]["minas_tirith"]["gondor"] == {"regular": 2}
    # One round per attack, unless the attacker reduces an Elite (there is no retreat from a siege).
    assert legal(s, SH) == [{"type": "cease_battle"}, {"type": "reduce_to_continue", "nation": "sauron"}]
    s, ev = play(rolls(s, 6, 6, 1, 1, 1, 1), SH, {"type": "reduce_to_continue", "nation": "sauron"})
    assert "siege_pressed" in kinds(ev) and events(ev, "combat_roll")[0]["need"] == 6
    assert s["captured"] == {"minas_tirith": SH} and R.view(s, None)["vp"][SH] == 2
    assert s["units"]["minas_tirith"] == {"sauron": {"regular": 3, "elite": 1}} and top(s)["kind"] == "act"
    assert R.view(s, None)["sieges"] == {}


def test_a_siege_battle_without_an_elite_to_reduce_ends_after_one_round():
    s = besieged_minas_tirith({"regular": 3}, {"regular": 3}, sh=["army"], fp=["event"], active=SH)
    s, _ = attack(s, SH, "minas_tirith", "minas_tirith", "army", 1, 1, 1, 1, 1, 1)
    assert legal(s, SH) == [{"type": "cease_battle"}]
    s, ev = play(s, SH, {"type": "cease_battle"})
    assert R.view(s, None)["sieges"] == {"minas_tirith": FP}


def test_a_sortie_is_a_field_battle_against_the_besiegers_that_lifts_the_siege():
    s = besieged_minas_tirith({"regular": 4, "leader": 1}, {"regular": 2}, fp=["muster_army"], sh=["event"],
                              units={"osgiliath": {"sauron": {"regular": 1}}})
    # A besieged army may only fight its besiegers.
    assert bt.attack_targets(s, FP) == [("minas_tirith", "minas_tirith")]
    s, ev = attack(s, FP, "minas_tirith", "minas_tirith", "muster_army", 5, 6, 1, 1, 1, 1, 1)
    assert events(ev, "battle_started")[0]["mode"] == "sortie"
    assert [(e["need"], e["hits"]) for e in events(ev, "combat_roll")] == [(5, 2), (5, 0)]
    assert s["units"]["minas_tirith"] == {"gondor": {"regular": 4, "leader": 1}}
    assert top(s)["kind"] == "act" and R.view(s, None)["sieges"] == {}      # no advance: it stays home


def test_a_sortie_that_loses_the_whole_garrison_loses_the_stronghold():
    s = besieged_minas_tirith({"regular": 1}, {"regular": 3}, fp=["muster_army"], sh=["event"])
    s, _ = attack(s, FP, "minas_tirith", "minas_tirith", "muster_army", 1, 5, 1, 1)
    assert s["captured"] == {"minas_tirith": SH} and s["units"]["minas_tirith"] == {"sauron": {"regular": 3}}


def test_a_relief_army_fights_the_besiegers_in_the_open_without_the_garrison():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, fp=["muster_army"], sh=["event"],
                              units={"lossarnach": {"gondor": {"regular": 3}},
                                     "osgiliath": {"sauron": {"regular": 1}}})
    # The garrison is attacked only by its besiegers, never from outside.
    assert ("osgiliath", "minas_tirith") not in bt.attack_targets(s, SH)
    s, ev = attack(s, FP, "lossarnach", "minas_tirith", "muster_army", 5, 5, 1, 1, 1)
    assert events(ev, "battle_started")[0]["mode"] == "field"
    rolls_ = events(ev, "combat_roll")
    assert [(e["side"], len(e["dice"]), e["need"]) for e in rolls_] == [(FP, 3, 5), (SH, 2, 5)]
    assert s["units"]["minas_tirith"] == {"gondor": {"regular": 2}} and R.view(s, None)["sieges"] == {}
    assert legal(s, FP)[:2] == [{"type": "advance"}, {"type": "stay"}]
    s, _ = play(s, FP, {"type": "advance"})
    assert s["units"]["minas_tirith"] == {"gondor": {"regular": 5}} and s["captured"] == {}


def test_the_besiegers_may_bring_in_more_troops_and_the_garrison_cannot_move_out():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, sh=["army"], fp=["muster_army"], active=SH,
                              units={"osgiliath": {"sauron": {"regular": 1}}})
    assert "minas_tirith" in ar.move_targets(s, SH, "osgiliath", {"sauron": {"regular": 1}})
    assert "minas_tirith" not in ar.move_origins(s, FP, [])
    assert "minas_tirith" in ar.move_origins(s, SH, [])        # the besiegers may leave: the siege ends


def test_the_siege_ends_when_the_besiegers_leave():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, sh=["army"], fp=["event"], active=SH)
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "minas_tirith"})
    s, _ = play(s, SH, {"type": "army_to", "region": "osgiliath"})
    assert R.view(s, None)["sieges"] == {} and s["captured"] == {}


def test_no_muster_in_a_besieged_stronghold():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, fp=["muster"], sh=["event"])
    assert not [a for a in legal(s, FP, "muster") if a["region"] == "minas_tirith"]
    assert any(a["region"] == "dol_amroth" for a in legal(s, FP, "muster"))


def test_nazgul_fly_into_a_free_peoples_stronghold_only_when_it_is_besieged():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, fp=["event"], sh=["character"])
    targets = ch.nazgul_targets(s)
    assert "minas_tirith" in targets and "dol_amroth" not in targets


def test_companions_never_enter_nor_leave_a_friendly_besieged_stronghold():
    s = besieged_minas_tirith({"regular": 2}, {"regular": 2}, fp=["character"], sh=["event"])
    assert ch.companion_reach(s, "minas_tirith", 3) == []
    s["chars"] = {"boromir": "minas_tirith"}
    s["fellowship"]["companions"].remove("boromir")
    assert not legal(s, FP, "move_companions")
    assert "minas_tirith" not in ch.companion_reach(s, "lossarnach", 2)


def test_a_level_0_character_is_left_behind_by_a_retreat():
    s = board({"fords_of_isen": {"rohan": {"regular": 4}}, "orthanc": {"isengard": {"regular": 2}}},
              {"saruman": "orthanc"}, fp=["muster_army"], sh=["event"], war=["rohan", "isengard"])
    s, _ = attack(s, FP, "fords_of_isen", "orthanc", "muster_army")
    s, _ = play(rolls(s, 1, 1, 1, 1, 1, 1, 1), SH, {"type": "field_battle"})
    s, _ = play(s, FP, {"type": "continue_battle"})
    s, _ = play(s, SH, {"type": "retreat", "region": "gap_of_rohan"})
    assert s["units"]["gap_of_rohan"] == {"isengard": {"regular": 2}} and s["chars"]["saruman"] == "orthanc"


def test_siege_rearguard_and_advance_events_and_choices_read_in_both_languages():
    from i18n import LANGUAGES
    from present import wotr as p
    from tests.wotr.test_present import _reads

    s = besieged_minas_tirith({"regular": 2, "elite": 1}, {"regular": 2, "elite": 1}, sh=["army"],
                              fp=["event"], active=SH)
    evs = [{"type": "battle_started", "n": 1, "attacker": SH, "from": "minas_tirith", "to": "minas_tirith",
            "round": 1, "mode": mode} for mode in ("field", "siege", "sortie")]
    evs += [{"type": t, "n": 2, "side": SH, "region": "minas_tirith", "nation": "sauron"}
            for t in ("siege_retreat", "siege_started", "siege_pressed")]
    acts = [{"type": t, "nation": "sauron", "kind": "elite", "char": "witch_king"}
            for t in ("field_battle", "retreat_into_siege", "reduce_to_continue", "rearguard", "rearguard_char",
                      "engage", "leave_behind", "leave_behind_char")]
    acts.append({"type": "attack", "from": "minas_tirith", "to": "minas_tirith", "die": "army"})
    for viewer in ("fp", "sh"):
        view = R.view(s, viewer)
        for lang in LANGUAGES:
            for text in [p.describe_event(e, view, lang) for e in evs] + [p.describe_action(a, view, lang)
                                                                         for a in acts]:
                assert _reads(text), text
    sortie = p.describe_action(acts[-1], R.view(s, "fp"), "en")
    assert sortie.startswith("Sally out of Minas Tirith") and "Assault" in p.describe_action(
        acts[-1], R.view(s, "sh"), "en")
