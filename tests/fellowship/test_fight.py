"""The fight: rounds, Sauron's die, rewards, weapons, falling back, repeating, retreating, companions."""
from tests.fellowship.helpers import R, at_fight, at_move, find, game, place, play, refused, rolls, waiting

# black_rider: strengths 5, 5, 4, reward 2 hero points; barrow_wight: weapon +1; old_man_willow: 1 movement


def fight_scene(**pos):
    s = place(game(4), **(pos or {"p0": 10, "p1": 7, "p2": 4, "p3": 2}))
    for q in s["players"]:
        s["p"][q]["mp"] = 3
    return s


def test_the_leading_hobbit_reveals_and_fights_the_top_enemy():
    s = place(game(4), p0=5, p1=12, p2=3, p3=1)
    top = s["decks"]["enemy"][0]
    at_move(s, "p0", [1, 2], fights=True)
    s2, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "enemy_revealed", card=top, by="p1")
    assert waiting(s2) == ("fight", "p1")
    assert find(ev, "fighter_rolled", player="p1", round=1)


def test_the_hobbit_wins_with_strength_die_plus_fight_die_at_least_the_enemy_plus_sauron_die():
    s = at_fight(fight_scene(), "black_rider", strength={"p0": 4}, fight_die=3)
    rolls(s, 2)  # 4 + 3 = 7 against 5 + 2 = 7: a tie is a win
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "round_result", hobbit=7, enemy=7, won=True)
    assert find(ev, "enemy_defeated", player="p0", card="black_rider")


def test_the_player_on_the_left_rolls_sauron_die_and_the_event_says_so():
    s = at_fight(fight_scene(), "black_rider")
    rolls(s, 2)
    _, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "sauron_die", rolled_for="p1", what="fight", fighter="p0")
    assert R.view(s, None)["fight"]["sauron_die_by"] == "p1"


def test_hero_point_reward_is_taken_at_once_and_the_card_discarded():
    s = at_fight(fight_scene(), "black_rider", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert s2["p"]["p0"]["hero"] == 3 and "black_rider" in s2["discards"]["enemy"]


def test_movement_point_reward_is_taken_at_once():
    s = at_fight(fight_scene(), "old_man_willow", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "points", player="p0", what="movement", amount=1, why="enemy_defeated")


def test_a_weapon_reward_is_kept_and_adds_to_every_later_fight():
    s = at_fight(fight_scene(), "barrow_wight", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert s2["p"]["p0"]["weapon"] == "barrow_wight"
    at_fight(s2, "black_rider", strength={"p0": 3}, fight_die=3)
    rolls(s2, 2)
    _, ev = play(s2, "p0", {"type": "fight"})
    assert find(ev, "round_result", weapon=1, hobbit=7, enemy=7, won=True)


def test_a_second_weapon_must_be_given_to_another_player():
    s = fight_scene()
    s["p"]["p0"]["weapon"] = "stone_troll"
    at_fight(s, "barrow_wight", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert waiting(s2) == ("weapon", "p0")
    assert refused(s2, "p0", {"type": "discard_weapon", "weapon": "barrow_wight"}) == "weapon_must_be_given"
    s3, ev = play(s2, "p0", {"type": "give_weapon", "weapon": "barrow_wight", "to": "p2"})
    assert (s3["p"]["p0"]["weapon"], s3["p"]["p2"]["weapon"]) == ("stone_troll", "barrow_wight")


def test_a_given_weapon_passes_on_down_the_chain_when_the_receiver_is_armed():
    s = fight_scene()
    s["p"]["p0"]["weapon"] = "stone_troll"
    s["p"]["p1"]["weapon"] = "orc_pack"
    at_fight(s, "barrow_wight", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight"})
    s3, _ = play(s2, "p0", {"type": "give_weapon", "weapon": "stone_troll", "to": "p1"})
    assert waiting(s3) == ("weapon", "p1")
    assert {a["to"] for a in R.legal_actions(s3, "p1")} == {"p2", "p3"}  # not back up the chain
    s4, _ = play(s3, "p1", {"type": "give_weapon", "weapon": "orc_pack", "to": "p3"})
    assert [s4["p"][q]["weapon"] for q in ("p0", "p1", "p3")] == ["barrow_wight", "stone_troll", "orc_pack"]


def test_when_everyone_is_armed_the_extra_weapon_is_discarded():
    s = fight_scene()
    for q, w in zip(("p0", "p1", "p2", "p3"), ("stone_troll", "orc_pack", "orc_captain", "uruk_hai_archers")):
        s["p"][q]["weapon"] = w
    at_fight(s, "barrow_wight", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert all(a["type"] == "discard_weapon" for a in R.legal_actions(s2, "p0"))
    s3, _ = play(s2, "p0", {"type": "discard_weapon", "weapon": "stone_troll"})
    assert s3["p"]["p0"]["weapon"] == "barrow_wight" and "stone_troll" in s3["discards"]["enemy"]


def test_the_loser_falls_back_to_the_first_free_space_behind_the_next_hobbit():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 1}, fight_die=1)
    s["p"]["p0"]["mp"] = 0  # no repeat possible
    rolls(s, 6, 3)
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "round_result", won=False)
    assert s2["p"]["p0"]["pos"] == 6


def test_a_loser_with_the_others_in_a_line_behind_goes_last():
    s = at_fight(fight_scene(p0=4, p1=3, p2=2, p3=1), "black_rider", strength={"p0": 1}, fight_die=1)
    rolls(s, 6, 3)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert s2["p"]["p0"]["pos"] < 1 and min(s2["p"][q]["pos"] for q in s2["players"]) == s2["p"]["p0"]["pos"]


def test_the_next_leader_fights_the_second_strength_then_the_third():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 1, "p1": 1, "p2": 6},
                 fight_die=1)
    for q in s["players"]:
        s["p"][q]["mp"] = 0
    rolls(s, 6, 1)
    s2, _ = play(s, "p0", {"type": "fight"})  # p0 -> 6, p1 (7) leads
    assert waiting(s2) == ("fight", "p1") and s2["fight"]["round"] == 1
    rolls(s2, 6, 6)
    s3, ev = play(s2, "p1", {"type": "fight"})  # p1 loses against 5 + 6, falls behind p0 -> 5
    assert s3["p"]["p1"]["pos"] == 5 and waiting(s3) == ("fight", "p0")  # p0 at 6 leads again: round 3
    rolls(s3, 1)
    s4, ev = play(s3, "p0", {"type": "fight"})
    assert find(ev, "round_result", round=3, enemy_strength=4)


def test_after_three_lost_rounds_the_enemy_retreats_without_reward():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 1}, fight_die=1,
                 round=2)
    s["p"]["p0"]["mp"] = 0
    rolls(s, 6)
    s2, ev = play(s, "p0", {"type": "fight"})
    assert find(ev, "enemy_retreats", card="black_rider") and "black_rider" in s2["discards"]["enemy"]
    assert not find(ev, "enemy_defeated")


def test_a_lost_round_may_be_repeated_for_a_movement_point_stepping_back_one_space():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 2}, fight_die=1)
    rolls(s, 6)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert waiting(s2) == ("repeat", "p0")
    rolls(s2, 5)
    s3, ev = play(s2, "p0", {"type": "repeat", "pay": True})
    assert s3["p"]["p0"]["pos"] == 9 and s3["p"]["p0"]["mp"] == 2
    assert find(ev, "fighter_rolled", fight_die=5, strength_die=2) and waiting(s3) == ("fight", "p0")
    rolls(s3, 2)
    s4, ev = play(s3, "p0", {"type": "fight"})  # 2 + 5 >= 5 + 2, same round, same strength
    assert find(ev, "round_result", round=1, enemy_strength=5, won=True)


def test_declining_the_repeat_falls_back():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 2}, fight_die=1)
    rolls(s, 6)
    s2, _ = play(s, "p0", {"type": "fight"})
    rolls(s2, 3)
    s3, _ = play(s2, "p0", {"type": "repeat", "pay": False})
    assert s3["p"]["p0"]["pos"] == 6


def test_no_repeat_without_a_free_space_behind():
    s = at_fight(fight_scene(p0=10, p1=9, p2=4, p3=2), "black_rider", strength={"p0": 2}, fight_die=1)
    rolls(s, 6, 3)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert waiting(s2)[0] != "repeat" and s2["p"]["p0"]["pos"] == 8


def test_no_repeat_without_a_movement_point():
    s = at_fight(fight_scene(p0=10, p1=7, p2=4, p3=2), "black_rider", strength={"p0": 2}, fight_die=1)
    s["p"]["p0"]["mp"] = 0
    rolls(s, 6, 3)
    s2, _ = play(s, "p0", {"type": "fight"})
    assert waiting(s2)[0] != "repeat"


def test_an_empty_enemy_deck_means_no_more_fights_this_stage():
    s = place(game(4), p0=5, p1=12, p2=3, p3=1)
    at_move(s, "p0", [1, 2], fights=False)
    _, ev = play(s, "p0", {"type": "move", "die": 1, "steps": 1})
    assert find(ev, "enemy_deck_empty") and not find(ev, "enemy_revealed")


def test_a_companion_adds_its_strength_then_goes_to_a_player_still_on_the_stage():
    s = fight_scene()
    s["p"]["p0"]["companions"] = ["aragorn"]
    s["arrivals"] = []
    at_fight(s, "black_rider", strength={"p0": 2}, fight_die=2)
    assert {"type": "fight", "companion": "aragorn"} in R.legal_actions(s, "p0")
    rolls(s, 2)
    s2, ev = play(s, "p0", {"type": "fight", "companion": "aragorn"})
    assert find(ev, "round_result", companion=3, hobbit=7, won=True)
    assert waiting(s2) == ("pass_companion", "p0")
    assert refused(s2, "p0", {"type": "give_companion", "companion": "aragorn", "to": "p0"}) == "bad_recipient"
    s3, _ = play(s2, "p0", {"type": "give_companion", "companion": "aragorn", "to": "p3"})
    assert s3["p"]["p3"]["companions"] == ["aragorn"]


def test_a_companion_cannot_go_to_a_player_who_finished_the_stage():
    s = fight_scene(p0=10, p1=7, p2=4)
    s["p"]["p3"]["pos"] = None
    s["arrivals"] = ["p3"]
    s["p"]["p0"]["companions"] = ["aragorn"]
    at_fight(s, "black_rider", strength={"p0": 6}, fight_die=6)
    rolls(s, 1)
    s2, _ = play(s, "p0", {"type": "fight", "companion": "aragorn"})
    assert {a["to"] for a in R.legal_actions(s2, "p0")} == {"p1", "p2"}


def test_only_one_companion_per_fight():
    s = fight_scene()
    s["p"]["p0"]["companions"] = ["legolas", "gimli"]
    at_fight(s, "black_rider", strength={"p0": 2}, fight_die=1)
    rolls(s, 6)
    s2, _ = play(s, "p0", {"type": "fight", "companion": "legolas"})
    rolls(s2, 3)
    s3, _ = play(s2, "p0", {"type": "repeat", "pay": True})
    assert R.legal_actions(s3, "p0") == [{"type": "fight"}]  # Legolas still fights, Gimli may not join
    assert refused(s3, "p0", {"type": "fight", "companion": "gimli"}) == "one_companion_per_fight"
    rolls(s3, 1)
    _, ev = play(s3, "p0", {"type": "fight"})
    assert find(ev, "round_result", companion=2)


def test_a_hobbit_may_hold_several_companions():
    s = fight_scene()
    s["p"]["p0"]["companions"] = ["legolas", "gimli", "boromir"]
    at_fight(s, "black_rider")
    assert len([a for a in R.legal_actions(s, "p0") if "companion" in a]) == 3


def test_a_companion_passed_on_helps_only_against_another_enemy():
    """Rulebook, the companions: once used, a companion goes to another player, who may use it
    "against another enemy". Passed on after a lost round, it cannot be called against the same one."""
    s = fight_scene(p0=10, p1=7, p2=4, p3=2)
    s["p"]["p0"]["companions"] = ["aragorn"]
    s["p"]["p0"]["mp"] = 0  # no repeat: the round is simply lost
    at_fight(s, "black_rider", strength={"p0": 1, "p1": 6}, fight_die=1)
    rolls(s, 6)
    s2, _ = play(s, "p0", {"type": "fight", "companion": "aragorn"})
    assert waiting(s2) == ("pass_companion", "p0")
    rolls(s2, 6)  # p1's fight die
    s3, _ = play(s2, "p0", {"type": "give_companion", "companion": "aragorn", "to": "p1"})
    assert waiting(s3) == ("fight", "p1") and s3["fight"]["round"] == 1
    assert R.legal_actions(s3, "p1") == [{"type": "fight"}]
    assert refused(s3, "p1", {"type": "fight", "companion": "aragorn"}) == "companion_fought_this_enemy"
    assert "aragorn" not in R.view(s3, "p1")["fight"]["odds"]["wins_on"]
    s3["fight"] = None  # the next enemy: Aragorn may help again
    at_fight(s3, "bill_ferny")
    assert {"type": "fight", "companion": "aragorn"} in R.legal_actions(s3, "p1")


def test_the_fight_view_gives_both_totals_and_the_winning_faces_of_sauron_die_before_choosing():
    s = fight_scene()
    s["p"]["p0"]["companions"] = ["aragorn", "gimli"]
    s["p"]["p0"]["weapon"] = "barrow_wight"  # +1
    at_fight(s, "black_rider", strength={"p0": 2}, fight_die=3)
    odds = R.view(s, None)["fight"]["odds"]
    # 2 + 3 + 1 = 6 against 5 + die: wins on a 1 only; Aragorn (+3) on 1-4, Gimli (+2) on 1-3.
    assert odds == {"hobbit": 6, "enemy": 5, "wins_on": {"": 1, "aragorn": 4, "gimli": 3}}
