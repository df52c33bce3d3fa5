"""War of the Ring's normal player plays with purpose and gives nothing away (issue 41): each rule of good
sense on a position built for it, the bot answering from its seat's view and offered actions."""
from __future__ import annotations

import random

from ai import wotr_heuristic
from engine.wotr.state import FP, SH
from tests.wotr.helpers import R, legal, play, top
from tests.wotr.test_armies import board
from tests.wotr.test_battle import attack

PLAYER = {FP: "fp", SH: "sh"}


def decide(s: dict, side: str, among: tuple = ()) -> dict:
    """The normal player's answer at `side`'s decision, from its view (among the offered actions that
    are in `among`, if given)."""
    offered = [a for a in R.legal_actions(s, PLAYER[side]) if not among or a in among]
    return wotr_heuristic.choose(R.view(s, PLAYER[side]), offered, random.Random(0))


def play_bot(s: dict, side: str, while_=lambda s: True) -> dict:
    """The normal player answers `side`'s decisions while `while_` holds; the state after."""
    while s["result"] is None and s["ask"] and top(s)["side"] == side and while_(s):
        s, _ = play(s, side, decide(s, side))
    return s


def moved(frm: str, to: str) -> dict:
    return {"type": "army_moved", "side": SH, "from": frm, "to": to, "units": {"sauron": {"regular": 4}},
            "characters": []}


def test_wotr_bot_normal_does_not_march_an_army_back_where_its_last_move_came_from():
    """The Sauron army came from North Ithilien to Dagorlad: going back is its only way nearer the Free
    Peoples' Cities; marching in circles, it keeps the die for something else, or stays."""
    s = board({"dagorlad": {"sauron": {"regular": 4}}}, sh=["army"], active=SH, war=["sauron"])
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    assert {"type": "army_to", "region": "north_ithilien"} not in legal(s, SH)     # not yet: from where?
    s["log"] = s["log"] + [moved("north_ithilien", "dagorlad")]
    assert decide(s, SH) == {"type": "done"}
    s["log"] = []             # with no move behind it, the same march is progress
    assert decide(s, SH) == {"type": "army_from", "region": "dagorlad"}


def test_wotr_bot_normal_spends_no_army_die_on_a_march_that_leads_nowhere():
    """An army die is worth a march only if some army has a move with a purpose: here the Sauron army's
    one step nearer the Free Peoples undoes its last move, so the dice muster instead."""
    s = board({"dagorlad": {"sauron": {"regular": 4}}}, sh=["army", "muster"], active=SH, war=["sauron"])
    march = {"type": "move_armies", "die": "army"}
    muster = {"type": "muster", "nation": "sauron", "kind": "regular", "region": "barad_dur", "die": "muster"}
    s["log"] = [moved("north_ithilien", "dagorlad")]
    assert decide(s, SH, (march, muster)) == muster
    s["log"] = []
    assert decide(s, SH, (march, muster)) == march


def test_wotr_bot_normal_keeps_a_unit_in_its_stronghold_when_its_army_marches_beside_an_enemy_army():
    """A Shadow army leaving Minas Morgul, a Gondor army next door in South Ithilien: one unit stays."""
    s = board({"minas_morgul": {"sauron": {"regular": 7, "elite": 1}},
               "south_ithilien": {"gondor": {"regular": 2}}}, sh=["army"], active=SH, war=["sauron", "gondor"])
    s, _ = play(s, SH, {"type": "move_armies", "die": "army"})
    s, _ = play(s, SH, {"type": "army_from", "region": "minas_morgul"})
    assert decide(s, SH) == {"type": "army_stay", "nation": "sauron", "kind": "regular"}
    s = play_bot(s, SH)
    assert s["units"]["minas_morgul"]["sauron"].get("regular", 0) >= 1


def test_wotr_bot_normal_does_not_advance_out_of_its_stronghold_leaving_it_to_an_enemy_army():
    """Gondor wins at Osgiliath from Minas Tirith with a big Sauron army in Druadan Forest, next to
    Minas Tirith: the whole army does not advance and leave the Stronghold empty."""
    s = board({"minas_tirith": {"gondor": {"regular": 3}}, "osgiliath": {"sauron": {"regular": 1}},
               "druadan_forest": {"sauron": {"regular": 9}}}, fp=["army"], active=FP, war=["sauron", "gondor"])
    s, _ = attack(s, FP, "minas_tirith", "osgiliath", "army", 6, 6, 6, 1)
    assert top(s)["step"] == "advance"
    s = play_bot(s, FP, lambda s: top(s)["kind"] == "battle")
    assert s["units"]["minas_tirith"]["gondor"].get("regular", 0) >= 1


def test_wotr_bot_normal_withdraws_into_its_stronghold_when_outnumbered_in_the_field():
    """Two Gondor regulars in Minas Tirith against six Sauron units: into the siege, not a field battle."""
    s = board({"osgiliath": {"sauron": {"regular": 4, "elite": 2}}, "minas_tirith": {"gondor": {"regular": 2}}},
              sh=["army"], fp=["event"], active=SH, war=["sauron", "gondor"])
    s, _ = attack(s, SH, "osgiliath", "minas_tirith")
    assert top(s)["step"] == "withdraw"
    assert decide(s, FP) == {"type": "retreat_into_siege"}


def test_wotr_bot_normal_never_sends_a_companion_into_a_region_the_enemy_holds():
    """The Shadow holds Minas Tirith: Strider leaving the Fellowship goes elsewhere (to be crowned in
    another City of Gondor), never into the enemy's hands."""
    s = board({"minas_tirith": {"sauron": {"regular": 3}}, "osgiliath": {"sauron": {"regular": 2}}},
              fp=["character"], active=FP, war=["sauron", "gondor"])
    s["captured"] = {"minas_tirith": SH}
    s["fellowship"] = {**s["fellowship"], "pos": "lossarnach", "progress": 0}
    s, _ = play(s, FP, {"type": "separate", "companion": "strider", "die": "character"})
    targets = [a["region"] for a in legal(s, FP) if a["type"] == "separate_to"]
    assert {"minas_tirith", "osgiliath"} <= set(targets)
    choice = decide(s, FP)
    assert choice["type"] == "separate_to" and choice["region"] not in ("minas_tirith", "osgiliath")
    assert choice["region"] in ("pelargir", "dol_amroth")


def test_wotr_bot_normal_plays_no_scouts_card_that_would_leave_its_city_to_the_attacker():
    """Defending Pelargir (a City: no siege to withdraw into), the Free Peoples keep Scouts in hand: its
    retreat would give the City away."""
    s = board({"west_harondor": {"sauron": {"regular": 3}}, "pelargir": {"gondor": {"regular": 2}}},
              sh=["army"], active=SH, war=["sauron", "gondor"])
    s["hands"] = {FP: ["fp_str_09"], SH: []}
    s, _ = attack(s, SH, "west_harondor", "pelargir")
    s = play_bot(s, SH, lambda s: top(s)["kind"] == "battle" and top(s)["step"] == "cards")
    assert top(s)["side"] == FP and top(s)["step"] == "cards"
    assert {"type": "combat_card", "card": "fp_str_09"} in legal(s, FP)
    assert decide(s, FP) == {"type": "no_combat_card"}


def minions(s: dict) -> wotr_heuristic.Ctx:
    """The Shadow's view at a Character die's flights (the Nazgul's, the minions')."""
    view = R.view(s, "sh")
    view["decision"] = {"kind": "move_minions", "side": SH}
    return wotr_heuristic.Ctx(view, [], "normal")


def test_wotr_bot_normal_nazgul_fly_only_where_they_do_more():
    """A Nazgul leading a Sauron army of four next to Gondor's Cities stays rather than fly to lead nothing
    or an army farther back; with no army of its own it flies to lead one."""
    s = board({"osgiliath": {"sauron": {"regular": 4, "nazgul": 1}}, "morannon": {"sauron": {"regular": 1}},
               "south_ithilien": {"sauron": {"regular": 4}}}, active=SH, war=["sauron", "gondor"])
    ctx = minions(s)
    away = {"type": "move_nazgul", "from": "osgiliath", "to": "morannon"}
    back = {"type": "move_nazgul", "from": "osgiliath", "to": "south_ithilien"}
    assert wotr_heuristic.score(ctx, away) < wotr_heuristic.score(ctx, {"type": "done"})
    assert wotr_heuristic.score(ctx, back) < wotr_heuristic.score(ctx, {"type": "done"})
    s["units"]["south_ithilien"] = {"sauron": {"regular": 4}}
    s["units"]["osgiliath"] = {"sauron": {"nazgul": 1}}
    ctx = minions(s)
    lead = {"type": "move_nazgul", "from": "osgiliath", "to": "south_ithilien"}
    assert wotr_heuristic.score(ctx, lead) > wotr_heuristic.score(ctx, {"type": "done"})


def test_wotr_bot_normal_free_peoples_leave_a_die_idle_rather_than_walk_into_the_hunt():
    """Five Shadow dice in the Hunt box and a step already taken this turn: the Fellowship waits (the
    walk's risk is over the limit) and, with no army to march with a purpose, the die is spent idle
    rather than on the walk."""
    s = board({}, fp=["character"], active=FP, box_sh=5, box_fp=1)
    view = R.view(s, "fp")
    assert wotr_heuristic.hunt_chance(view) > wotr_heuristic.WALK_RISK["normal"][1]
    walk = {"type": "move_fellowship", "die": "character"}
    idle = {"type": "skip", "die": "character"}
    assert walk in legal(s, FP) and idle in legal(s, FP)
    assert decide(s, FP, (walk, idle)) == idle
    s["hunt"]["box"] = {FP: 0, SH: 1}        # a small risk: the Fellowship walks
    assert decide(s, FP, (walk, idle)) == walk



def test_wotr_bot_normal_free_peoples_use_an_elven_ring_to_keep_stepping_in_mordor():
    """On the Mordor track, no step yet this turn and no die that walks (a Muster and an Event die): an
    Elven Ring turns the Muster die into a Character die, for a turn without a step costs a corruption
    point. Once a step is taken this turn (a Free Peoples die in the Hunt box), or outside Mordor, the
    Ring is kept."""
    s = board({}, fp=["event", "muster"], active=FP)
    s["fellowship"].update(pos="morannon", progress=0, mordor=1, hidden=True)
    ring = {"type": "elven_ring", "die": "muster", "to": "character"}
    assert ring in legal(s, FP)
    assert decide(s, FP) == ring
    s, _ = play(s, FP, ring)
    assert decide(s, FP) == {"type": "move_fellowship", "die": "character"}
    stepped = board({}, fp=["event", "muster"], active=FP, box_fp=1)
    stepped["fellowship"].update(pos="morannon", progress=0, mordor=1, hidden=True)
    assert decide(stepped, FP)["type"] != "elven_ring"
    outside = board({}, fp=["event", "muster"], active=FP)
    assert decide(outside, FP)["type"] != "elven_ring"


def test_wotr_bot_normal_free_peoples_keep_strider_with_the_fellowship_for_mordor():
    """Within 7 steps of Mordor (Dol Amroth), Gandalf guiding, a Character die to spend and the Hunt too
    strong for a walk this turn: Strider is not sent away to be crowned. He goes into Mordor with the Ring-bearers, where a companion takes a
    Hunt tile's damage up to his level (without him, the corruption losses to random were 1.5 points
    more, docs/ai.md)."""
    s = board({}, fp=["character"], active=FP, box_sh=5, box_fp=1)
    s["fellowship"].update(pos="dol_amroth", progress=0, hidden=True, guide="gandalf_grey",
                           companions=["gandalf_grey", "strider", "legolas"])
    leave = {"type": "separate", "companion": "strider", "die": "character"}
    assert wotr_heuristic.to_mordor("dol_amroth") <= 7 and leave in legal(s, FP)
    assert decide(s, FP)["type"] != "separate"
    hard = wotr_heuristic.choose(R.view(s, "fp"), R.legal_actions(s, "fp"), random.Random(0), "hard")
    assert hard["type"] != "separate"      # hard's rules of thumb kept him already
