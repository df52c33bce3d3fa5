"""War of the Ring's picture of a battle: the view says what the picture needs (the battle, the last move),
a card chosen in secret stays secret until revealed, and the panel shows both armies, the round, the
cards once revealed, the dice and hits; the last move is an arrow."""
from __future__ import annotations

import json

from engine.wotr.state import FP, SH
from render import wotr
from tests.wotr.helpers import R, rolls
from tests.wotr.test_combat_cards import SH_ARMY, battle, fight


def _chosen():
    s = battle(sh_hand=["sh_str_01"], fp_hand=["fp_str_01"])
    s, _ = R.apply(s, "sh", {"type": "combat_card", "card": "sh_str_01"})
    return s


def test_the_view_tells_the_battle_and_hides_a_card_chosen_in_secret():
    s = _chosen()
    for viewer in ("fp", None):
        b = R.view(s, viewer)["battle"]
        assert b["to"] == "south_ithilien" and b["round"] == 1 and b["chosen"] == [SH]
        assert b["units"] == {"attacker": {"sauron": {"regular": 2}}, "defender": {"gondor": {"regular": 2}}}
        assert "sh_str_01" not in json.dumps(b)
    assert R.view(s, "fp")["last_move"] == {"from": "north_ithilien", "to": "south_ithilien", "type": "battle_started"}


def test_once_revealed_the_cards_dice_and_hits_are_in_the_view():
    s, _ = R.apply(rolls(_chosen(), 5, 6, 2, 3), "fp", {"type": "no_combat_card"})
    b = R.view(s, "fp")["battle"]
    assert b["played"] == {SH: "sh_str_01"}
    assert b["roll"][SH] == {"dice": [5, 6], "hit": [True, True], "hits": 2, "need": 5, "why": "", "add": 2,
                             "by": ["sh_str_01"]}
    assert b["roll"][FP]["dice"] == [2, 3] and b["roll"][FP]["hits"] == 1 and b["roll"][FP]["hit"] == [False, True]


def test_the_combat_roll_records_which_dice_hit_as_the_engine_counted_them():
    s = battle(units={**SH_ARMY, "osgiliath": {"gondor": {"regular": 2}}}, where=("north_ithilien", "osgiliath"),
               sh_hand=["sh_str_02"], fp_hand=["fp_str_01"])  # cards in hand: the dice are rolled in `fight`
    s, _ = fight(s, dice=(6, 5, 2, 5))  # the Shadow needs a 6 against the fortification: only its 6 hits
    roll = R.view(s, None)["battle"]["roll"]
    assert roll[SH]["dice"] == [6, 5] and roll[SH]["hit"] == [True, False] and roll[SH]["hits"] == 1
    assert roll[FP]["dice"] == [2, 5] and roll[FP]["hit"] == [False, True] and roll[FP]["hits"] == 1


def test_the_view_tells_what_each_die_needs_and_why():
    s = battle(units={**SH_ARMY, "osgiliath": {"gondor": {"regular": 2}}}, where=("north_ithilien", "osgiliath"))
    s, _ = fight(s, dice=(6, 5, 2, 5))
    roll = R.view(s, None)["battle"]["roll"]
    assert (roll[SH]["need"], roll[SH]["why"], roll[SH]["add"]) == (6, "fortification", 0)
    assert (roll[FP]["need"], roll[FP]["why"]) == (5, "")


def test_the_battle_panel_shows_both_armies_the_round_and_the_card_once_revealed():
    secret = wotr.render(R.view(_chosen(), "fp"), "en").labels
    said = [w for kind, w in secret if kind == "battle"]
    assert "Battle for South Ithilien, round 1: the Shadow attacks" in said
    assert "Sauron 2 regulars" in said and "Gondor 2 regulars" in said
    assert "Card chosen, not yet revealed" in said and not any("Deadly Strife" in w for w in said)
    s, _ = R.apply(rolls(_chosen(), 5, 6, 2, 3), "fp", {"type": "no_combat_card"})
    said = [w for kind, w in wotr.render(R.view(s, "fp"), "fr").labels if kind == "battle"]
    assert any(w.startswith("Carte : ") for w in said) and "Dés 5, 6 : 2 touches" in said


def test_no_battle_no_panel():
    s = R.new_game(["fp", "sh"], {}, 3)
    assert R.view(s, None)["battle"] is None
    assert not [w for kind, w in wotr.render(R.view(s, None), "en").labels if kind == "battle"]


def test_while_the_hunt_s_damage_is_to_be_taken_the_picture_shows_the_roll_and_the_tile():
    import random
    s, rnd = R.new_game(["fp", "sh"], {}, 0), random.Random(0)
    while not ((d := R.view(s, "fp")["decision"]) and d["kind"] == "hunt_damage"):
        pid = R.waiting_for(s)[0]
        s, _ = R.apply(s, pid, rnd.choice(R.legal_actions(s, pid)))
    said = [w for kind, w in wotr.render(R.view(s, "fp"), "en").labels if kind == "hunt"]
    assert said[0] == "The Hunt" and any(w.startswith("Hunt roll: ") for w in said)
    assert any(w.startswith("The Hunt tile ") and "damage" in w for w in said)


def test_the_seat_that_chose_a_card_reads_it_before_the_reveal_and_no_one_else_does():
    s = _chosen()
    assert R.view(s, "sh")["battle"]["mine"] == "sh_str_01"
    assert "mine" not in R.view(s, "fp")["battle"] and "mine" not in R.view(s, None)["battle"]
    s, _ = R.apply(rolls(s, 5, 6, 2, 3), "fp", {"type": "no_combat_card"})
    assert "mine" not in R.view(s, "sh")["battle"]  # revealed: played says it to all


def test_in_a_team_game_only_the_seat_that_chose_reads_its_card_not_its_teammate():
    from tests.wotr.test_teams import _at_war, at_action, four

    s = _at_war(at_action(four(), SH, "saruman", sh=["army"]), "isengard", "rohan")
    s["units"] = {"orthanc": {"isengard": {"regular": 4}}, "fords_of_isen": {"rohan": {"regular": 1}}}
    for seat in s["hands"]:
        s["hands"][seat] = []
    s["hands"]["saruman"], s["hands"]["rohan"] = ["sh_str_01"], ["fp_str_01"]  # Rohan chooses next
    s, _ = R.apply(s, "sar", {"type": "attack", "from": "orthanc", "to": "fords_of_isen", "die": "army"})
    while s["ask"][-1]["kind"] == "battle" and s["ask"][-1]["step"] != "cards":
        player = R.waiting_for(s)[0]
        s, _ = R.apply(s, player, R.legal_actions(s, player)[-1])
    s, _ = R.apply(s, "sar", {"type": "combat_card", "card": "sh_str_01"})
    assert R.view(s, "sar")["battle"]["mine"] == "sh_str_01"
    for other in ("wk", "gon", "roh", None):
        assert "sh_str_01" not in json.dumps(R.view(s, other)["battle"])
