"""Escape from Dol Guldur: each quest stage, each objective and each encounter card of the scenario that
Passage Through Mirkwood does not already have, and the mechanisms they need (guarded objectives, claiming,
the prisoner, the group's ally limit, face-down Orc Guards, an attachment on a deck)."""
import json

from engine.lcg.board import deal_damage, destroy, progress_quest, to_staging
from engine.lcg.combat import eligible_attackers, may_defend
from engine.lcg.effects.dolguldur import OBJECTIVES, _claimed
from engine.lcg.flow import push
from engine.lcg.play import attach_targets
from engine.lcg.quest import advance, guard
from engine.lcg.stats import staging_threat, stat
from tests.lcg.helpers import (
    R,
    acts,
    at,
    at_window,
    choose,
    decision,
    events,
    hero,
    on_top,
    place_attachment,
    place_encounter,
    play,
    res,
    run_now,
    shadow_attack,
    step,
    table,
    to_hand,
    until,
)
from tests.lcg.test_cards_mirkwood import commit, reveal

LEAD = ["aragorn", "theodred", "gloin"]
SCEN = {"scenario": "escape_from_dol_guldur"}


def release(s):
    """Test set-up: the prisoner back among its player's heroes (no rescue effect), for tests of other cards."""
    for uid, x in list(s["prisoners"].items()):
        s["inplay"][uid] = x["record"]
        s["players"][x["player"]]["heroes"].append(uid)
    s["prisoners"].clear()
    return s


def dolguldur(players=1, shadows=False, prisoner=False):
    s = table(LEAD if players == 1 else None, players=players, shadows=shadows, **SCEN)
    return s if prisoner else release(s)


def to_stage(s, qid):
    """Go straight to stage `qid` (the later stages stay in the quest deck)."""
    ids = [s["ids"][u] for u in s["qdeck"]]
    s["qdeck"] = s["qdeck"][ids.index(qid):]
    return run_now(s, lambda x: advance(x))


def claimed(s, cid, host, player="a"):
    """Test set-up: objective `cid` claimed by `player` onto `host` (the claim's own step, without its cost)."""
    u = place_encounter(s, cid)
    return run_now(s, lambda x: push(x, _claimed, card=u, choice=host, player=player)), u


def claim_action(uid):
    return {"type": "activate", "card": uid, "ability": "main"}


# ---- stage 1: The Necromancer's Tower ----------------------------------------------------------------

def test_the_necromancers_tower_setup_guards_each_objective_sets_the_nazgul_aside_and_takes_a_prisoner():
    s = until(R.new_game(["a", "b"], {**SCEN, "first_player": "a"}, 5), at_window("resource"))
    objectives = [u for u in s["staging"] if s["ids"][u] in OBJECTIVES]
    assert sorted(s["ids"][u] for u in objectives) == sorted(OBJECTIVES)
    setup_log = s["log"][:next(e["n"] for e in s["log"] if e["type"] == "round")]
    assert len([e for e in setup_log if e["type"] == "revealed"]) >= 3        # one guard each (more: surge)
    for e in events(s, "guarded"):
        assert s["inplay"][e["by"]]["guarding"] == e["card"] and e["by"] in s["staging"]
    assert [s["ids"][u] for u in s["set_aside"]] == ["nazgul_of_dol_guldur"]
    assert "nazgul_of_dol_guldur" not in [s["ids"][u] for u in s["edeck"] + s["staging"]]
    (prisoner, held), = s["prisoners"].items()
    assert prisoner not in s["inplay"] and prisoner not in s["players"][held["player"]]["heroes"]
    assert R.view(s, "b")["players"][held["player"]]["prisoner"] == {"uid": prisoner, "id": s["ids"][prisoner]}


def test_the_prisoner_is_any_hero_of_any_player_at_random():
    taken = set()
    for seed in range(12):
        s = until(R.new_game(["a", "b"], {**SCEN, "first_player": "a"}, seed), at_window("resource"))
        taken |= set(s["prisoners"])
    assert {u[:2] for u in taken} == {"p1", "p2"} and len(taken) >= 4


def test_the_prisoner_cannot_be_used_damaged_or_given_resources():
    s = dolguldur(prisoner=True)
    (prisoner, held), = s["prisoners"].items()
    before = dict(held["record"])
    s = reveal(s, "the_necromancers_reach")                 # 1 damage to each exhausted character
    assert all(a["card"] != prisoner for a in R.legal_actions(s, "a") if "card" in a)
    s = until(s, lambda x: x["round"] == 2 and at("commit")(x))
    assert s["prisoners"][prisoner]["record"]["res"] == before["res"]      # no resource in round 2
    assert s["prisoners"][prisoner]["record"]["dmg"] == 0
    assert {"type": "commit", "card": prisoner} not in acts(s)
    assert not s["players"]["a"]["out"]


def test_a_player_whose_other_heroes_die_is_not_eliminated_while_their_hero_is_a_prisoner():
    s = dolguldur(prisoner=True)
    for h in list(s["players"]["a"]["heroes"]):
        s = run_now(s, lambda x, h=h: destroy(x, h))
    assert not s["players"]["a"]["out"] and R.result(s) is None


def test_the_necromancers_tower_needs_an_objective_to_advance():
    s = dolguldur()
    s["quest"]["prog"] = 9
    s = run_now(s, lambda x: push(x, "check_quest"))
    assert s["quest"]["id"] == "the_necromancers_tower"
    key = place_encounter(s, "shadow_key")
    s = step(s, claim_action(key))
    s = choose(s, hero(s, "a", "gloin"))
    assert s["quest"]["id"] == "through_the_caverns"                  # defeated as soon as it is claimed


def test_the_group_plays_one_ally_a_round_on_the_first_two_stages_only():
    s = dolguldur(players=2)
    guard_ = to_hand(s, "a", "guard_of_the_citadel")
    spear = to_hand(s, "b", "gondorian_spearman")
    res(s, hero(s, "a", "aragorn"), 3)
    res(s, hero(s, "b", "gimli"), 3)
    s = play(s, guard_, player="a")
    assert not [x for x in R.legal_actions(s, "b") if x.get("card") == spear]
    s = until(s, lambda x: x["round"] == 2 and at_window("planning")(x))
    assert [x for x in R.legal_actions(s, "b") if x.get("card") == spear]
    s = to_stage(s, "out_of_the_dungeons")
    s = until(s, lambda x: x["round"] == 3 and at_window("planning")(x))
    for p, h in (("a", "aragorn"), ("b", "gimli")):
        res(s, hero(s, p, h), 3)
    s = play(s, to_hand(s, "a", "snowbourn_scout"), player="a")
    assert [x for x in R.legal_actions(s, "b") if x.get("card") == spear]


# ---- objectives: guarded, claimed, returned ---------------------------------------------------------

def test_a_guarded_objective_is_claimed_only_once_its_guard_has_left_play():
    s = dolguldur()
    key = place_encounter(s, "shadow_key")
    orcs = place_encounter(s, "dol_guldur_orcs")
    guard(s, orcs, key)
    assert claim_action(key) not in acts(s)
    s = run_now(s, lambda x: destroy(x, orcs))
    assert claim_action(key) in acts(s)
    t0 = s["players"]["a"]["threat"]
    gloin = hero(s, "a", "gloin")
    s = step(s, claim_action(key))
    s = choose(s, gloin)
    assert s["players"]["a"]["threat"] == t0 + 2
    assert key in s["inplay"][gloin]["att"] and s["inplay"][key]["ctrl"] == "a" and key not in s["staging"]
    assert claim_action(key) not in acts(s)


def test_any_player_may_claim_an_objective_onto_their_own_hero():
    s = dolguldur(players=2)
    torch = place_encounter(s, "dungeon_torch")
    s = step(s, claim_action(torch), "b")
    assert s["decision"]["player"] == "b" and set(s["decision"]["options"]) == set(s["players"]["b"]["heroes"])


def test_the_guard_of_a_revealed_objective_is_the_next_encounter_card():
    s = dolguldur(shadows=True)
    gmap, pass_ = on_top(s, "gandalfs_map", "necromancers_pass")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert s["inplay"][gmap]["guard"] == pass_ and pass_ in s["staging"]
    assert R.view(s, "a")["staging"][0]["guarded_by"] == pass_


def test_a_treachery_guards_an_objective_only_while_it_resolves():
    s = dolguldur()
    gmap, _ = on_top(s, "gandalfs_map", "under_the_shadow")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert "guard" not in s["inplay"][gmap] and claim_action(gmap) in acts(s)
    assert staging_threat(s) == 1                          # Under the Shadow resolved (1 player)


def test_an_objective_revealed_as_a_guard_stays_and_the_first_one_draws_another_guard():
    s = dolguldur()
    gmap, torch, pass_, web = on_top(s, "gandalfs_map", "dungeon_torch", "necromancers_pass", "great_forest_web")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert s["inplay"][torch]["guard"] == pass_ and s["inplay"][gmap]["guard"] == web


def test_a_claimed_objective_returns_to_the_staging_area_when_its_hero_leaves_play():
    s = dolguldur()
    gloin = hero(s, "a", "gloin")
    s, key = claimed(s, "shadow_key", gloin)
    s = run_now(s, lambda x: destroy(x, gloin))
    assert key in s["staging"] and s["inplay"][key]["zone"] == "staging" and key not in s["ediscard"]
    assert claim_action(key) in acts(s)


def test_gandalfs_map_hero_cannot_attack_or_defend():
    s = dolguldur()
    gloin = hero(s, "a", "gloin")
    s, _ = claimed(s, "gandalfs_map", gloin)
    e = place_encounter(s, "dol_guldur_orcs", "a")
    s["attack"] = {"enemy": e, "player": "a", "defenders": []}
    assert gloin not in may_defend(s, "a") and hero(s, "a", "aragorn") in may_defend(s, "a")
    assert gloin not in eligible_attackers(s, "a", e, [])


def test_dungeon_torch_raises_its_controllers_threat_by_two_each_round():
    s = dolguldur()
    s, _ = claimed(s, "dungeon_torch", hero(s, "a", "gloin"))
    t0 = s["players"]["a"]["threat"]
    s = until(s, lambda x: x["round"] == 2)
    assert s["players"]["a"]["threat"] == t0 + 1 + 2         # refresh, then the torch


def test_shadow_key_deals_one_damage_to_its_hero_each_round():
    s = dolguldur()
    gloin = hero(s, "a", "gloin")
    s, _ = claimed(s, "shadow_key", gloin)
    s = until(s, lambda x: x["round"] == 2)
    assert s["inplay"][gloin]["dmg"] == 1


def test_a_third_restricted_card_makes_its_controller_discard_one_and_an_objective_goes_back():
    s = dolguldur()
    gloin = hero(s, "a", "gloin")
    s, gmap = claimed(s, "gandalfs_map", gloin)
    s, key = claimed(s, "shadow_key", gloin)
    s, torch = claimed(s, "dungeon_torch", gloin)
    assert decision(s) == ("choose", "discard_attachment")
    s = choose(s, key)
    assert key in s["staging"] and s["inplay"][gloin]["att"] == [gmap, torch]


# ---- stage 2: Through the Caverns ------------------------------------------------------------------

def test_through_the_caverns_rescues_the_prisoner_with_one_damage_and_the_nazgul_comes():
    s = to_stage(dolguldur(prisoner=True), "through_the_caverns")
    (prisoner, held), = s["prisoners"].items()
    s = run_now(s, lambda x: progress_quest(x, 2))
    assert decision(s) == ("choose", "rescue_prisoner") and s["decision"]["optional"]
    s = choose(s, prisoner)
    assert prisoner in s["players"][held["player"]]["heroes"] and s["inplay"][prisoner]["dmg"] == 1
    assert not s["prisoners"] and s["rescued"]
    assert [s["ids"][u] for u in s["staging"]] == ["nazgul_of_dol_guldur"] and not s["set_aside"]
    assert {"type": "commit", "card": prisoner} in acts(until(s, at("commit")))


def test_through_the_caverns_rescue_may_wait():
    s = to_stage(dolguldur(prisoner=True), "through_the_caverns")
    s = run_now(s, lambda x: progress_quest(x, 2))
    s = step(s, {"type": "decline"})
    assert s["prisoners"] and s["set_aside"] and not s["staging"]


def test_through_the_caverns_needs_the_prisoner_rescued_and_all_three_objectives():
    s = to_stage(dolguldur(prisoner=True), "through_the_caverns")
    first, second = s["players"]["a"]["heroes"]              # the third is the prisoner
    for cid in OBJECTIVES[:2]:
        s, _ = claimed(s, cid, first)
    s["quest"]["prog"] = 14
    s = run_now(s, lambda x: progress_quest(x, 1))
    s = choose(s, next(iter(s["prisoners"])))                 # rescued, but only 2 objectives
    assert s["quest"]["id"] == "through_the_caverns"
    s, _ = claimed(s, OBJECTIVES[2], second)
    assert s["quest"]["id"] == "out_of_the_dungeons"


# ---- stage 3: Out of the Dungeons, Orc Guards ------------------------------------------------------

def test_out_of_the_dungeons_puts_an_orc_guard_before_each_player_as_the_quest_phase_begins():
    s = to_stage(dolguldur(players=2), "out_of_the_dungeons")
    tops = {p: s["players"][p]["deck"][-1] for p in ("a", "b")}
    s = until(s, at("commit"))
    for p in ("a", "b"):
        (g,) = s["players"][p]["engaged"]
        assert s["ids"][g] == "orc_guard" and s["face_down"][g] == tops[p]
        assert [stat(s, g, k) for k in ("attack", "defense", "hit_points")] == [1, 1, 1]
        for viewer in ("a", "b", None):   # nobody, its owner included, sees which card it is
            assert tops[p] not in json.dumps(R.view(s, viewer))
    g = s["players"]["a"]["engaged"][0]
    s = run_now(s, lambda x: deal_damage(x, g, 1))
    assert g not in s["inplay"] and s["players"]["a"]["discard"][-1] == tops["a"] and g not in s["victory"]


def test_out_of_the_dungeons_is_won_only_once_the_nazgul_is_gone():
    s = to_stage(dolguldur(), "out_of_the_dungeons")
    naz = place_encounter(s, "nazgul_of_dol_guldur", "a")
    s["quest"]["prog"] = 7
    s = run_now(s, lambda x: push(x, "check_quest"))
    assert R.result(s) is None
    s = run_now(s, lambda x: destroy(x, naz))
    assert R.result(s)["outcome"] == "won" and R.result(s)["reason"] == "quest_complete"


def test_twin_states_differing_in_the_card_under_an_orc_guard_look_the_same_to_everyone():
    s = to_stage(dolguldur(players=2), "out_of_the_dungeons")
    s = until(s, at("commit"))
    g = s["players"]["a"]["engaged"][0]
    twin = R.load(R.dump(s))
    deck = twin["players"]["a"]["deck"]
    twin["face_down"][g], deck[0] = deck[0], twin["face_down"][g]
    for viewer in ("a", "b", None):
        assert R.view(twin, viewer) == R.view(s, viewer)
    for p in ("a", "b"):
        assert R.legal_actions(twin, p) == R.legal_actions(s, p)


# ---- encounter cards -------------------------------------------------------------------------------

def test_tower_gate_puts_an_orc_guard_before_each_player_after_travel():
    s = dolguldur(players=2)
    gate = place_encounter(s, "tower_gate")
    s = until(s, lambda x: decision(x) == ("choose", "travel"))
    s = choose(s, gate)
    assert [s["ids"][e] for p in ("a", "b") for e in s["players"][p]["engaged"]] == ["orc_guard"] * 2


def test_dungeon_jailor_in_the_staging_area_shuffles_an_objective_back_after_a_failed_quest():
    s = dolguldur()
    place_encounter(s, "dungeon_jailor")
    key = place_encounter(s, "shadow_key")
    s = commit(s)                                           # nobody quests: threat 2 against 0
    s = until(s, at_window("quest_resolved"))
    assert key in s["edeck"] and key not in s["staging"] and key not in s["inplay"]


def test_dungeon_jailor_does_nothing_when_engaged_or_when_the_quest_succeeds():
    s = dolguldur()
    place_encounter(s, "dungeon_jailor", "a")
    key = place_encounter(s, "shadow_key")
    s = commit(s)
    s = until(s, at_window("quest_resolved"))
    assert key in s["staging"]
    s = until(s, lambda x: x["round"] == 2 and at_window("planning")(x))
    jailor = s["players"]["a"]["engaged"][0]
    s = run_now(s, lambda x: to_staging(x, jailor))
    s = commit(s, hero(s, "a", "aragorn"), hero(s, "a", "theodred"), hero(s, "a", "gloin"))
    s = until(s, at_window("quest_resolved"))
    assert key in s["staging"]


def test_nazgul_of_dol_guldur_takes_no_player_attachment():
    s = dolguldur()
    naz = place_encounter(s, "nazgul_of_dol_guldur", "a")
    orcs = place_encounter(s, "dol_guldur_orcs", "a")
    snare = to_hand(s, "a", "forest_snare")
    assert attach_targets(s, "a", snare) == [orcs] and naz not in attach_targets(s, "a", snare)


def test_nazgul_of_dol_guldur_after_a_shadow_effect_its_player_discards_a_character():
    s = dolguldur(shadows=True)
    s, naz = shadow_attack(s, "nazgul_of_dol_guldur", "dol_guldur_orcs")
    assert decision(s) == ("choose", "discard_character")
    victim = s["decision"]["options"][0]
    s = choose(s, victim)
    assert victim not in s["inplay"] and victim in s["players"]["a"]["dead"]


def test_nazgul_of_dol_guldur_a_shadow_card_without_effect_costs_nothing():
    s = dolguldur(shadows=True)
    s, naz = shadow_attack(s, "nazgul_of_dol_guldur", "necromancers_pass")
    assert decision(s) != ("choose", "discard_character")
    assert len(s["players"]["a"]["heroes"]) == 3


def test_cavern_guardian_shadow_discards_a_chosen_attachment_and_an_objective_goes_back():
    s = dolguldur(shadows=True)
    aragorn, gloin = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    plate = place_attachment(s, "a", "citadel_plate", aragorn)
    s, key = claimed(s, "shadow_key", gloin)
    s, _ = shadow_attack(s, "cavern_guardian", "cavern_guardian", defender=aragorn)
    assert decision(s) == ("choose", "discard_attachment") and set(s["decision"]["options"]) == {plate, key}
    s = choose(s, key)
    assert key in s["staging"] and plate in s["inplay"]


def test_cavern_guardian_shadow_undefended_discards_every_attachment_of_the_player():
    s = dolguldur(shadows=True)
    aragorn, gloin = hero(s, "a", "aragorn"), hero(s, "a", "gloin")
    plate = place_attachment(s, "a", "citadel_plate", aragorn)
    s, key = claimed(s, "shadow_key", gloin)
    s, _ = shadow_attack(s, "cavern_guardian", "cavern_guardian")
    assert plate not in s["inplay"] and key in s["staging"]


def test_cavern_guardian_is_doomed():
    s = dolguldur()
    t0 = s["players"]["a"]["threat"]
    s = reveal(s, "cavern_guardian")
    s = until(s, at_window("quest"))
    assert s["players"]["a"]["threat"] == t0 + 1


def test_under_the_shadow_shadow_raises_threat_by_the_enemies_engaged():
    s = dolguldur(shadows=True)
    place_encounter(s, "dol_guldur_orcs", "a")
    t0 = s["players"]["a"]["threat"]
    s, _ = shadow_attack(s, "cavern_guardian", "under_the_shadow", defender=hero(s, "a", "aragorn"))
    assert s["players"]["a"]["threat"] - t0 == 2


def test_under_the_shadow_raises_the_staging_threat_by_the_number_of_players_this_phase():
    s = dolguldur(players=3)
    place_encounter(s, "necromancers_pass")
    on_top(s, "under_the_shadow")
    s["edeck"] = s["edeck"][-1:]
    s = commit(s)
    s = until(s, at_window("quest"))
    assert staging_threat(s) == 3 + 3
    s = until(s, at_window("travel"))
    assert staging_threat(s) == 3


def test_iron_shackles_attaches_to_the_first_players_deck_and_is_discarded_instead_of_the_next_draw():
    s = dolguldur()
    shackles, = on_top(s, "iron_shackles")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert s["players"]["a"]["deck_attached"] == [shackles]
    assert R.view(s, None)["players"]["a"]["deck_attachments"] == [{"uid": shackles, "id": "iron_shackles"}]
    hand = len(s["players"]["a"]["hand"])
    s = until(s, lambda x: x["round"] == 2 and at_window("resource")(x))
    assert len(s["players"]["a"]["hand"]) == hand and shackles in s["ediscard"]
    assert not s["players"]["a"]["deck_attached"]
    s = until(s, lambda x: x["round"] == 3 and at_window("resource")(x))
    assert len(s["players"]["a"]["hand"]) == hand + 1


def test_iron_shackles_shadow_attaches_it_too_and_it_leaves_the_enemy():
    s = dolguldur(shadows=True)
    s, e = shadow_attack(s, "cavern_guardian", "iron_shackles", defender=hero(s, "a", "aragorn"))
    shackles = s["players"]["a"]["deck_attached"][0]
    s = until(s, lambda x: x["phase"] == "refresh")
    assert s["ids"][shackles] == "iron_shackles" and shackles not in s["ediscard"]
    assert s["players"]["a"]["deck_attached"] == [shackles]


def test_endless_caverns_is_doomed_and_surges():
    s = dolguldur()
    t0 = s["players"]["a"]["threat"]
    caverns, pass_ = on_top(s, "endless_caverns", "necromancers_pass")
    s = commit(s)
    s = until(s, at_window("quest"))
    assert s["players"]["a"]["threat"] == t0 + 1 and {caverns, pass_} <= set(s["staging"])


def test_driven_by_shadow_gives_no_threat_to_objectives():
    s = dolguldur()
    key = place_encounter(s, "shadow_key")
    pass_ = place_encounter(s, "necromancers_pass")
    s = reveal(s, "driven_by_shadow")
    s = until(s, at_window("quest"))
    assert stat(s, key, "threat") == 0 and stat(s, pass_, "threat") == 4


def test_a_torch_sent_back_by_the_shadow_keys_damage_at_the_end_of_the_round_raises_no_threat():
    s = dolguldur()
    gloin = hero(s, "a", "gloin")
    s, _ = claimed(s, "shadow_key", gloin)
    s, torch = claimed(s, "dungeon_torch", gloin)
    s["inplay"][gloin]["dmg"] = 3                      # the key's 1 damage destroys Glóin (4 hit points)
    t0 = s["players"]["a"]["threat"]
    s = until(s, lambda x: decision(x) == ("choose", "order_effects"))
    s = choose(s, next(o for o in s["decision"]["options"] if o.startswith("shadow_key")))
    assert torch in s["staging"] and s["players"]["a"]["threat"] == t0 + 1     # the refresh's 1 only
