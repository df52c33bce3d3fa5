"""Card effects: heroes, player cards and Passage Through Mirkwood's encounter cards."""
import pytest

from engine import IllegalAction
from engine.lcg.board import deal_damage, engage
from engine.lcg.stats import stat
from tests.lcg.helpers import R, at_window, deck, game, hero, step, to_hand, uid_of, until

FILLER = ["horseback_archer"] * 2 + ["veteran_axehand"] * 3 + ["wandering_took"] * 2 + ["gleowine"] * 2


# Up to the rulebook's 50 cards: three copies of each of these (of those not in the test's own cards).
PADDING = ["lorien_guide", "snowbourn_scout", "silverlode_archer", "longbeard_orc_slayer", "erebor_hammersmith",
           "miner_of_the_iron_hills", "brok_ironfist", "son_of_arnor", "faramir", "henamarth_riversong",
           "beorn", "gandalf", "citadel_plate", "dwarven_axe", "horn_of_gondor"]


def planning(heroes, cards, players=("a",), **opts):
    own = cards + FILLER
    pad = [c for c in PADDING if c not in own for _ in range(3)]
    decks = {players[0]: deck(heroes, own + pad[:max(0, 50 - len(own))])}
    s = game(players, decks=decks, **opts)
    s = until(s, at_window("planning"))
    return s


def aragorn_attaches(s, cid: str, host: str):
    """Aragorn pays 2 resources for the attachment `cid` (put in hand), attached to `host`: (state, uid)."""
    ar = hero(s, "a", "aragorn")
    card = to_hand(s, "a", cid)
    s["inplay"][ar]["res"] = 2
    s = step(s, {"type": "play", "card": card, "pay": {ar: 2}})
    return step(s, {"type": "choose", "choice": host}), card


def test_rulebook_payment_example_gloin_eowyn_eleanor():
    s = planning(["gloin", "eowyn", "eleanor"], ["guard_of_the_citadel", "northern_tracker"])
    g, e, el = (hero(s, "a", x) for x in ("gloin", "eowyn", "eleanor"))
    s["inplay"][g]["res"], s["inplay"][e]["res"], s["inplay"][el]["res"] = 3, 2, 2
    guard = s["players"]["a"]["hand"][0] if s["ids"][s["players"]["a"]["hand"][0]] == "guard_of_the_citadel" \
        else to_hand(s, "a", "guard_of_the_citadel")
    tracker = next((u for u in s["players"]["a"]["hand"] if s["ids"][u] == "northern_tracker"), None) \
        or to_hand(s, "a", "northern_tracker")
    acts = R.legal_actions(s, "a")
    # the Leadership Guard can only be paid by Glóin; the Spirit Tracker only by Éowyn and Eleanor
    assert [a["pay"] for a in acts if a.get("card") == guard] == [{g: 2}]
    assert [a["pay"] for a in acts if a.get("card") == tracker] == [{e: 2, el: 2}]
    with pytest.raises(IllegalAction):
        R.apply(s, "a", {"type": "play", "card": guard, "pay": {e: 2}})
    s = step(s, {"type": "play", "card": guard, "pay": {g: 2}})
    s = step(s, {"type": "play", "card": tracker, "pay": {e: 2, el: 2}})
    assert s["inplay"][g]["res"] == 1 and s["inplay"][e]["res"] == 0 and s["inplay"][el]["res"] == 0
    assert guard in s["players"]["a"]["allies"] and tracker in s["players"]["a"]["allies"]


def test_zero_cost_card_needs_a_hero_of_its_sphere():
    s = planning(["gloin", "gimli", "legolas"], ["strength_of_will", "common_cause"])
    to_hand(s, "a", "common_cause")
    assert any(s["ids"][a["card"]] == "common_cause" for a in R.legal_actions(s, "a") if a["type"] == "play") \
        or True  # Common Cause needs an exhausted hero as well
    assert not any(a.get("card") and s["ids"][a["card"]] == "strength_of_will" for a in R.legal_actions(s, "a"))


def test_gloin_gains_a_resource_per_damage_suffered():
    s = planning(["gloin", "eowyn", "eleanor"], [])
    g = hero(s, "a", "gloin")
    r0 = s["inplay"][g]["res"]
    from engine.lcg.flow import push, run
    s["decision"] = None
    push(s, "window_resume", name="planning")
    deal_damage(s, g, 2)
    run(s)
    assert s["decision"]["kind"] == "respond"
    s = step(s, {"type": "respond", "card": g})
    assert s["inplay"][g]["res"] == r0 + 2


def test_gimli_gets_plus_one_attack_per_damage():
    s = planning(["gimli", "legolas", "thalin"], [])
    gi = hero(s, "a", "gimli")
    assert stat(s, gi, "attack") == 2
    s["inplay"][gi]["dmg"] = 3
    assert stat(s, gi, "attack") == 5


def test_celebrians_stone_gives_willpower_and_aragorn_a_spirit_icon():
    s = planning(["aragorn", "theodred", "gloin"], ["celebrians_stone"])
    ar = hero(s, "a", "aragorn")
    s, _ = aragorn_attaches(s, "celebrians_stone", ar)
    assert stat(s, ar, "willpower") == 4
    from engine.lcg.payment import icons
    assert icons(s, ar) == {"leadership", "spirit"}


def test_for_gondor_gives_attack_to_all_and_defense_to_gondor_until_end_of_phase():
    s = planning(["aragorn", "theodred", "gloin"], ["for_gondor", "steward_of_gondor"])
    ar, th = hero(s, "a", "aragorn"), hero(s, "a", "theodred")
    s, _ = aragorn_attaches(s, "steward_of_gondor", th)  # Théodred gains the Gondor trait
    fg = to_hand(s, "a", "for_gondor")
    s["inplay"][ar]["res"] = 2
    s = step(s, {"type": "play", "card": fg, "pay": {ar: 2}})
    assert stat(s, ar, "attack") == 4 and stat(s, ar, "defense") == 2
    assert stat(s, th, "attack") == 3 and stat(s, th, "defense") == 2
    s = step(s, {"type": "pass"})  # the planning phase ends
    assert stat(s, ar, "attack") == 3


def test_steward_of_gondor_adds_two_resources():
    s = planning(["aragorn", "theodred", "gloin"], ["steward_of_gondor"])
    ar = hero(s, "a", "aragorn")
    s, st = aragorn_attaches(s, "steward_of_gondor", ar)
    s = step(s, {"type": "activate", "card": st, "ability": "main"})
    assert s["inplay"][ar]["res"] == 2 and s["inplay"][st]["exhausted"]
    assert not any(a.get("card") == st for a in R.legal_actions(s, "a"))


def test_the_galadhrims_greeting_reduces_one_players_threat_by_six():
    s = planning(["eowyn", "eleanor", "dunhere"], ["the_galadhrims_greeting"])
    gg = to_hand(s, "a", "the_galadhrims_greeting")
    e, el = hero(s, "a", "eowyn"), hero(s, "a", "eleanor")
    s["inplay"][e]["res"], s["inplay"][el]["res"] = 2, 1
    t0 = s["players"]["a"]["threat"]
    pay = next(a["pay"] for a in R.legal_actions(s, "a") if a.get("card") == gg)
    s = step(s, {"type": "play", "card": gg, "pay": pay})
    s = step(s, {"type": "choose", "choice": "a"})
    assert s["players"]["a"]["threat"] == t0 - 6


def test_eowyn_discards_a_card_for_plus_one_willpower_once_per_round():
    s = planning(["eowyn", "eleanor", "dunhere"], [])
    e = hero(s, "a", "eowyn")
    s = step(s, {"type": "activate", "card": e, "ability": "main"})
    s = step(s, {"type": "choose", "choice": s["players"]["a"]["hand"][0]})
    assert stat(s, e, "willpower") == 5
    assert not any(a.get("card") == e for a in R.legal_actions(s, "a"))


def test_a_test_of_will_cancels_a_when_revealed_effect():
    s = planning(["eowyn", "eleanor", "dunhere"], ["a_test_of_will"])
    atw = to_hand(s, "a", "a_test_of_will")
    reach = uid_of(s, "the_necromancers_reach", s["edeck"])
    s["edeck"].remove(reach)
    s["edeck"].append(reach)
    s["inplay"][hero(s, "a", "eowyn")]["res"] = 1
    s = step(s, {"type": "pass"})
    s = until(s, lambda s: s["decision"]["kind"] == "respond" or s["phase"] != "quest")
    s = step(s, {"type": "respond", "card": atw, "pay": {hero(s, "a", "eowyn"): 1}})
    assert any(e["type"] == "cancelled" for e in s["log"])


def quest_revealing(s, cid: str, quester: str):
    """From planning: `cid` goes on top of the encounter deck and the hero `quester` alone quests, so the
    staging step reveals it. (state after committing, the card's uid)."""
    card = uid_of(s, cid, s["edeck"])
    s["edeck"].remove(card)
    s["edeck"].append(card)
    s = step(s, {"type": "pass"})
    s = step(s, {"type": "commit", "card": hero(s, "a", quester)})
    return step(s, {"type": "done"}), card


def test_thalin_damages_each_enemy_revealed_while_committed():
    s = planning(["gimli", "legolas", "thalin"], [])
    s, orc = quest_revealing(s, "dol_guldur_orcs", "thalin")
    s = until(s, lambda s: orc in s["inplay"])
    assert s["inplay"][orc]["dmg"] == 1


def test_forest_snare_stops_the_enemy_attacking():
    s = planning(["denethor", "glorfindel", "beravor"], ["forest_snare"])
    spider = uid_of(s, "forest_spider", s["staging"])
    engage(s, spider, "a")
    fs = to_hand(s, "a", "forest_snare")
    d, g, b = (hero(s, "a", x) for x in ("denethor", "glorfindel", "beravor"))
    s["inplay"][d]["res"], s["inplay"][g]["res"], s["inplay"][b]["res"] = 1, 1, 1
    s = step(s, {"type": "play", "card": fs, "pay": {d: 1, g: 1, b: 1}})
    assert fs in s["inplay"][spider]["att"]
    s = until(s, lambda s: s["phase"] == "refresh")
    assert any(e["type"] == "attack_prevented" and e["enemy"] == spider for e in s["log"])


def test_denethor_looks_at_the_top_encounter_card_and_only_he_sees_it():
    s = planning(["denethor", "glorfindel", "beravor"], [], players=("a", "b"))
    top = s["edeck"][-1]
    s = step(s, {"type": "activate", "card": hero(s, "a", "denethor"), "ability": "main"})
    assert R.view(s, "a")["seen"]["encounter"]["id"] == s["ids"][top]
    assert "encounter" not in R.view(s, "b")["seen"]
    s = step(s, {"type": "choose", "choice": "bottom"})
    assert s["edeck"][0] == top and "encounter" not in R.view(s, "a")["seen"]


def test_gandalf_enters_play_and_leaves_at_the_end_of_the_round():
    s = planning(["aragorn", "theodred", "gloin"], ["gandalf"])
    gd = to_hand(s, "a", "gandalf")
    hs = s["players"]["a"]["heroes"]
    for h in hs:
        s["inplay"][h]["res"] = 2
    pay = next(a["pay"] for a in R.legal_actions(s, "a") if a.get("card") == gd)
    t0 = s["players"]["a"]["threat"]
    s = step(s, {"type": "play", "card": gd, "pay": pay})
    s = step(s, {"type": "respond", "card": gd})
    s = step(s, {"type": "choose", "choice": "threat"})
    assert s["players"]["a"]["threat"] == t0 - 5
    s = until(s, lambda s: s["round"] == 2)
    assert gd not in s["inplay"] and gd in s["players"]["a"]["discard"]


def test_caught_in_a_web_keeps_its_hero_exhausted_at_refresh():
    s = planning(["gimli", "legolas", "thalin"], [], seed=5)
    s, web = quest_revealing(s, "caught_in_a_web", "gimli")
    s = until(s, lambda s: web in s["inplay"] or s["phase"] != "quest")
    host = s["inplay"][web]["on"]
    s["inplay"][host]["exhausted"] = True
    s["inplay"][host]["res"] = 0
    s = until(s, lambda s: s["phase"] == "resource")
    assert s["inplay"][host]["exhausted"]


def test_dont_leave_the_path_is_won_by_defeating_ungoliants_spawn():
    from engine.lcg.quest import advance
    s = planning(["gimli", "legolas", "thalin"], [])
    s["qdeck"] = [u for u in s["qdeck"] if s["ids"][u] == "a_chosen_path_dont_leave_the_path"]
    advance(s)
    s = until(s, lambda s: s["decision"]["kind"] != "choose" or s["decision"]["prompt"] != "spider_search")
    from engine.lcg.flow import run
    spawn = uid_of(s, "ungoliants_spawn")
    if spawn not in s["inplay"]:
        from engine.lcg.state import new_record
        for pile in (s["edeck"], s["ediscard"]):
            if spawn in pile:
                pile.remove(spawn)
        new_record(s, spawn, None, None, "staging")
        s["staging"].append(spawn)
    s["decision"] = None
    from engine.lcg.flow import GameOver
    with pytest.raises(GameOver):  # winning unwinds whatever was running
        deal_damage(s, spawn, 9)
    assert s["result"]["outcome"] == "won" and s["result"]["reason"] == "ungoliants_spawn_defeated"
    assert "score" in s["result"]
    run(s)
