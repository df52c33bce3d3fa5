"""Field battles (p.28-31) and the military victory (p.44): combat strength (5 dice at most), hits on
5-6, leader re-rolls, elites absorbing two hits, the owner's casualty choice, rounds, cease, retreat,
advance and capture, the first-round shield of Cities and Fortifications, activation by attack."""
from engine.wotr.state import FP, REGIONS, SH
from tests.wotr.helpers import R, at_action, game, kinds, legal, play, rolls, top
from tests.wotr.test_armies import board


def events(ev, type_):
    return [e for e in ev if e["type"] == type_]


def attack(s, side, src, to, die="army", *dice):
    """Attacks with the whole force (no rearguard); `dice` are the next rolls."""
    s, ev = play(rolls(s, *dice), side, {"type": "attack", "die": die, "from": src, "to": to})
    if top(s).get("step") == "rearguard":
        s, more = play(s, side, {"type": "engage"})
        ev = ev + more
    return s, ev


def test_a_battle_in_the_open_is_won_on_leader_rerolls():
    s = board({"north_ithilien": {"sauron": {"regular": 2, "nazgul": 2}},
               "south_ithilien": {"gondor": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    pool = dict(s["reinforcements"]["gondor"])
    # Shadow: 2, 3 miss; Free Peoples: 1; then (both combat rolls come first) two Nazgûl re-roll both: 5, 6.
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 2, 3, 1, 5, 6)
    (sh_roll, fp_roll) = events(ev, "combat_roll")
    assert sh_roll == {**sh_roll, "dice": [2, 3], "rerolls": [5, 6], "need": 5, "hits": 2}
    assert fp_roll == {**fp_roll, "dice": [1], "rerolls": [], "hits": 0}
    assert "south_ithilien" not in s["units"] and s["reinforcements"]["gondor"] == pool   # lost for good
    assert top(s) == {**top(s), "kind": "battle", "step": "advance", "side": SH}
    s, ev = play(s, SH, {"type": "advance"})
    assert s["units"]["south_ithilien"] == {"sauron": {"regular": 2, "nazgul": 2}} and "battle_over" in kinds(ev)


def test_combat_strength_is_at_most_five_dice_and_rerolls_at_most_five():
    s = board({"north_ithilien": {"sauron": {"regular": 8, "nazgul": 4}, },
               "south_ithilien": {"gondor": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s["chars"] = {"witch_king": "north_ithilien"}      # 4 Nazgûl + the Witch-king's 2: still 5 re-rolls
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    sh_roll = events(ev, "combat_roll")[0]
    assert len(sh_roll["dice"]) == 5 and len(sh_roll["rerolls"]) == 5


def test_attacking_activates_the_defending_nation_and_advances_it_once():
    s = board({"north_ithilien": {"sauron": {"regular": 2}},
               "south_ithilien": {"gondor": {"regular": 3}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    assert s["politics"]["gondor"] == {"step": 2, "active": False}
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    assert s["politics"]["gondor"] == {"step": 1, "active": True}
    assert kinds(ev)[:4] == ["die_used", "battle_started", "nation_activated", "political_advance"]


def test_a_city_lets_the_attacker_hit_only_on_six_in_the_first_round():
    s = board({"west_harondor": {"southrons": {"regular": 3}}, "pelargir": {"gondor": {"regular": 2}}},
              sh=["army"], fp=["event"], active=SH, war=["southrons"])
    s, ev = attack(s, SH, "west_harondor", "pelargir", "army", 5, 5, 6, 1, 1)
    assert [(e["need"], e["hits"]) for e in events(ev, "combat_roll")] == [(6, 1), (5, 0)]
    assert s["units"]["pelargir"] == {"gondor": {"regular": 1}}          # a single choice: applied at once
    s, _ = play(s, SH, {"type": "continue_battle"})
    s, ev = play(rolls(s, 5, 2, 2, 1), FP, {"type": "hold"})
    assert [(e["need"], e["hits"]) for e in events(ev, "combat_roll")] == [(5, 1), (5, 0)]
    assert "pelargir" not in s["units"] and top(s)["step"] == "advance"


def test_the_combat_card_step_asks_nobody_when_both_hands_are_empty():
    s = board({"north_ithilien": {"sauron": {"regular": 2}},
               "south_ithilien": {"gondor": {"regular": 3}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    assert events(ev, "combat_cards") == [{**events(ev, "combat_cards")[0], "round": 1, "played": {}}]
    assert kinds(ev).index("combat_cards") < kinds(ev).index("combat_roll")


def test_an_elite_absorbs_two_hits_and_the_owner_chooses_the_casualties_attacker_first():
    s = board({"north_ithilien": {"sauron": {"regular": 2, "elite": 1}},
               "south_ithilien": {"gondor": {"regular": 2, "elite": 1}}}, sh=["army"], fp=["event"], active=SH,
              war=["sauron"])
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien", "army", 5, 6, 1, 6, 1, 1)
    assert top(s)["step"] == "casualties" and top(s)["side"] == SH        # the attacker decides first
    assert legal(s, SH) == [{"type": "casualty_unit", "nation": "sauron", "kind": k} for k in ("regular", "reduce")]
    s, _ = play(s, SH, {"type": "casualty_unit", "nation": "sauron", "kind": "reduce"})
    assert s["units"]["north_ithilien"] == {"sauron": {"regular": 3}}
    assert top(s)["side"] == FP
    assert {"type": "casualty_unit", "nation": "gondor", "kind": "elite"} in legal(s, FP)
    s, _ = play(s, FP, {"type": "casualty_unit", "nation": "gondor", "kind": "elite"})   # both hits at once
    assert s["units"]["south_ithilien"] == {"gondor": {"regular": 2}} and top(s)["step"] == "cease"


def test_shadow_casualties_return_to_the_reinforcements_free_peoples_ones_are_lost():
    s = board({"north_ithilien": {"sauron": {"regular": 1}},
               "south_ithilien": {"gondor": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    sh_pool, fp_pool = s["reinforcements"]["sauron"]["regular"], s["reinforcements"]["gondor"]["regular"]
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien", "army", 6, 6)
    assert s["units"] == {} and top(s)["kind"] == "act"                  # both wiped: nobody advances
    assert s["reinforcements"]["sauron"]["regular"] == sh_pool + 1
    assert s["reinforcements"]["gondor"]["regular"] == fp_pool


def test_leaders_and_characters_fall_with_their_army():
    s = board({"north_ithilien": {"sauron": {"regular": 3}},
               "south_ithilien": {"gondor": {"regular": 1, "leader": 1}}}, {"boromir": "south_ithilien"},
              sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s["fellowship"]["companions"].remove("boromir")
    s, ev = attack(s, SH, "north_ithilien", "south_ithilien", "army", 6, 1, 1, 1, 1, 1, 1)
    assert "south_ithilien" not in s["units"] and "boromir" not in s["chars"] and "boromir" in s["eliminated"]
    assert R.view(s, None)["characters"]["boromir"] == "eliminated"


def test_the_attacker_may_cease_the_battle():
    s = board({"north_ithilien": {"sauron": {"regular": 2}},
               "south_ithilien": {"gondor": {"regular": 3}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien", "army", 1, 1, 1, 1, 1)
    assert legal(s, SH) == [{"type": "continue_battle"}, {"type": "cease_battle"}]
    s, ev = play(s, SH, {"type": "cease_battle"})
    assert "battle_over" in kinds(ev) and top(s) == {"kind": "act", "side": FP}
    assert s["units"]["north_ithilien"] == {"sauron": {"regular": 2}}


def test_the_defender_may_retreat_and_the_winner_advances_capturing_the_city():
    s = board({"west_harondor": {"southrons": {"regular": 3}}, "pelargir": {"gondor": {"regular": 2}},
               "lamedon": {"southrons": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["southrons"])
    s, _ = attack(s, SH, "west_harondor", "pelargir", "army", 1, 1, 1, 1, 1)
    s, _ = play(s, SH, {"type": "continue_battle"})
    # Not into the attacker's region nor an enemy-held one.
    assert {a.get("region") for a in legal(s, FP)} == {None, "lossarnach", "osgiliath"}
    s, ev = play(s, FP, {"type": "retreat", "region": "lossarnach"})
    assert s["units"]["lossarnach"] == {"gondor": {"regular": 2}} and top(s)["step"] == "advance"
    step = s["politics"]["gondor"]["step"]
    s, ev = play(s, SH, {"type": "advance"})
    assert s["units"]["pelargir"] == {"southrons": {"regular": 3}} and s["captured"] == {"pelargir": SH}
    assert R.view(s, None)["vp"][SH] == 1 and s["politics"]["gondor"]["step"] == step - 1


def test_a_nation_not_at_war_cannot_attack_and_stays_behind_when_its_allies_attack():
    s = board({"north_ithilien": {"sauron": {"regular": 2}},
               "south_ithilien": {"gondor": {"regular": 1}, "rohan": {"regular": 1}}}, fp=["muster_army"], sh=["event"])
    assert not legal(s, FP, "attack")
    s["politics"] = {**s["politics"], "gondor": {"step": 0, "active": True}}
    s, ev = attack(s, FP, "south_ithilien", "north_ithilien", "muster_army", 1, 1, 1, 1)
    assert len(events(ev, "combat_roll")[0]["dice"]) == 1                 # Rohan's unit takes no part


def at_turn_end(captured):
    s = at_action(game(), fp=["event"])
    s["captured"] = captured
    return s


def free_peoples_strongholds_taken(points):
    """Free Peoples Strongholds (2 points each) in the Shadow's hands, worth `points`."""
    taken = sorted(r for r, d in REGIONS.items() if d["settlement"] == "stronghold"
                   and d["nation"] in ("dwarves", "elves", "gondor", "north", "rohan"))
    return dict.fromkeys(taken[:points // 2], SH)


def test_the_shadow_wins_with_ten_victory_points_at_the_end_of_the_turn():
    s, ev = play(at_turn_end(free_peoples_strongholds_taken(8)), FP, {"type": "skip", "die": "event"})
    assert s["result"] is None
    s, ev = play(at_turn_end(free_peoples_strongholds_taken(10)), FP, {"type": "skip", "die": "event"})
    assert s["result"] == {"winner": "sh", "side": SH, "reason": "military", "turn": s["turn"]}


def test_the_free_peoples_win_with_four_victory_points_at_the_end_of_the_turn():
    taken = {"barad_dur": FP, "orthanc": FP}
    s, ev = play(at_turn_end(taken), FP, {"type": "skip", "die": "event"})
    assert s["result"] == {"winner": "fp", "side": FP, "reason": "military", "turn": s["turn"]}
    s, ev = play(at_turn_end({"barad_dur": FP, "angmar": FP}), FP, {"type": "skip", "die": "event"})
    assert s["result"] is None                                            # 3 points


def test_a_ring_victory_comes_before_the_military_one():
    s = at_turn_end({"barad_dur": FP, "orthanc": FP})
    s["fellowship"]["corruption"] = 12
    s, ev = play(s, FP, {"type": "skip", "die": "event"})
    assert s["result"]["reason"] == "corruption"


def test_the_attacker_may_keep_a_rearguard_out_of_the_battle():
    s = board({"north_ithilien": {"sauron": {"regular": 3, "elite": 1, "nazgul": 1}},
               "south_ithilien": {"gondor": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, _ = play(s, SH, {"type": "attack", "die": "army", "from": "north_ithilien", "to": "south_ithilien"})
    assert top(s)["step"] == "rearguard" and {"type": "engage"} in legal(s, SH)
    s, _ = play(s, SH, {"type": "rearguard", "nation": "sauron", "kind": "elite"})
    s, _ = play(s, SH, {"type": "rearguard", "nation": "sauron", "kind": "nazgul"})
    s, _ = play(s, SH, {"type": "rearguard", "nation": "sauron", "kind": "regular"})
    # The force keeps one army unit at least.
    assert legal(s, SH) == [{"type": "rearguard", "nation": "sauron", "kind": "regular"}, {"type": "engage"}]
    s, ev = play(rolls(s, 1, 1, 1), SH, {"type": "engage"})
    sh_roll = events(ev, "combat_roll")[0]
    assert len(sh_roll["dice"]) == 2 and sh_roll["rerolls"] == []        # no Nazgûl re-roll from the rearguard
    s, _ = play(s, SH, {"type": "continue_battle"})
    s, _ = play(rolls(s, 1, 1, 6), FP, {"type": "hold"})
    # The Free Peoples' hit falls on a Regular in the battle (no choice to ask): the rearguard is spared.
    assert s["units"]["north_ithilien"] == {"sauron": {"regular": 2, "elite": 1, "nazgul": 1}}


def test_the_winner_may_advance_with_part_of_its_army():
    s = board({"north_ithilien": {"sauron": {"regular": 3, "nazgul": 1}},
               "south_ithilien": {"gondor": {"regular": 1}}}, sh=["army"], fp=["event"], active=SH, war=["sauron"])
    s, _ = attack(s, SH, "north_ithilien", "south_ithilien", "army", 6, 1, 1, 1)
    assert top(s)["step"] == "advance"
    s, _ = play(s, SH, {"type": "leave_behind", "nation": "sauron", "kind": "regular"})
    s, _ = play(s, SH, {"type": "leave_behind", "nation": "sauron", "kind": "nazgul"})
    s, _ = play(s, SH, {"type": "advance"})
    assert s["units"]["north_ithilien"] == {"sauron": {"regular": 1, "nazgul": 1}}
    assert s["units"]["south_ithilien"] == {"sauron": {"regular": 2}}
