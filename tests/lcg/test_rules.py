"""Rules of the rulebook's reference section, each tested by name: control of attachments, Sentinel and
Ranged across players, Restricted, discard piles, the encounter deck, travel costs, the first player."""
from tests.lcg.helpers import (
    R,
    activate,
    at,
    at_window,
    choose,
    hero,
    place_ally,
    play,
    res,
    step,
    table,
    to_hand,
    until,
)

LORE_TAC = {"a": ["denethor", "glorfindel", "beravor"], "b": ["gimli", "legolas", "thalin"]}


def _acts(s, p, typ):
    return [a for a in R.legal_actions(s, p) if a["type"] == typ]


# ---- control of attachments ------------------------------------------------------------------------

def test_an_attachment_is_controlled_by_the_controller_of_its_character():
    """Self Preservation played by a on b's Gimli: b controls it, so b (not a) may trigger its Action."""
    s = table(LORE_TAC, players=2)
    res(s, hero(s, "a", "denethor"), 3)
    sp = to_hand(s, "a", "self_preservation")
    gimli = hero(s, "b", "gimli")
    s = play(s, sp, player="a")
    s = choose(s, gimli, player="a")
    assert s["inplay"][sp]["ctrl"] == "b" and s["inplay"][sp]["owner"] == "a"
    s["inplay"][gimli]["dmg"] = 2
    assert {"type": "activate", "card": sp, "ability": "main"} in _acts(s, "b", "activate")
    assert not [a for a in _acts(s, "a", "activate") if a["card"] == sp]
    s = activate(s, sp, player="b")
    assert s["inplay"][gimli]["dmg"] == 0


def test_attachments_change_controller_with_their_character():
    """Wandering Took passes to b with the Self Preservation a attached to it."""
    s = table(LORE_TAC, players=2)
    took = place_ally(s, "a", "wandering_took")
    res(s, hero(s, "a", "denethor"), 3)
    sp = to_hand(s, "a", "self_preservation")
    s = play(s, sp, player="a")
    s = choose(s, took, player="a")
    assert s["inplay"][sp]["ctrl"] == "a"
    s = activate(s, took, player="a")
    s = choose(s, "b", player="a") if at("choose")(s) else s
    assert took in s["players"]["b"]["allies"] and s["inplay"][sp]["ctrl"] == "b"
    assert s["owner"][sp] == "a"


# ---- Sentinel and Ranged across players ------------------------------------------------------------

def test_sentinel_is_declared_by_its_controller_after_the_attacked_player_declares_no_defender():
    from tests.lcg.helpers import events, place_encounter
    s = table(players=3)
    sp = place_ally(s, "c", "gondorian_spearman")       # Sentinel
    place_ally(s, "b", "gondorian_spearman")
    place_encounter(s, "forest_spider", "a")
    s = until(s, at("defend"))
    assert s["decision"]["player"] == "a" and sp not in [x.get("card") for x in R.legal_actions(s, "a")]
    s = step(s, {"type": "no_defender"})
    assert s["decision"]["player"] == "b"                # each other player in turn order
    s = step(s, {"type": "no_defender"})
    assert s["decision"]["player"] == "c" and {"type": "defend", "card": sp} in R.legal_actions(s, "c")
    s = step(s, {"type": "defend", "card": sp})
    assert s["attack"]["defenders"] == [sp] and not events(s, "undefended")


def test_an_attack_is_undefended_when_no_sentinel_steps_in():
    from tests.lcg.helpers import events, place_encounter
    s = table(players=2)
    place_ally(s, "b", "gondorian_spearman")
    place_encounter(s, "forest_spider", "a")
    s = until(s, at("defend"))
    s = step(s, {"type": "no_defender"})
    s = step(s, {"type": "no_defender"}, "b")
    assert events(s, "undefended")


def test_ranged_characters_of_another_player_may_join_an_attack_their_controller_decides():
    from tests.lcg.helpers import decision, events, place_encounter
    s = table(players=2)
    arch = place_ally(s, "b", "horseback_archer")       # Ranged, 2 attack
    spider = place_encounter(s, "forest_spider", "a")     # defense 1, 4 hit points
    s = until(s, lambda x: decision(x) and decision(x)[0] == "attack" and x["decision"]["player"] == "a")
    s = step(s, {"type": "attack", "enemy": spider})
    gloin = hero(s, "a", "gloin")
    s = step(s, {"type": "attacker", "card": gloin})
    s = step(s, {"type": "resolve"})
    assert s["decision"]["kind"] == "attackers" and s["decision"]["player"] == "b"
    assert {"type": "attacker", "card": arch} in R.legal_actions(s, "b")
    offered = {a["card"] for a in R.legal_actions(s, "b") if a["type"] == "attacker"}
    assert offered == {arch, hero(s, "b", "legolas")}   # Ranged only: not Gimli nor Thalin
    s = step(s, {"type": "attacker", "card": arch}, "b")
    s = step(s, {"type": "done"}, "b")                  # Legolas stays out
    a = events(s, "player_attack")[-1]
    assert a["player"] == "a" and sorted(a["attackers"]) == sorted([gloin, arch])


# ---- discard piles -------------------------------------------------------------------------------------

def _dead_eowyn(s):
    from engine.lcg.board import leave_play
    eowyn = hero(s, "a", "eowyn")
    leave_play(s, eowyn)
    assert eowyn in s["players"]["a"]["discard"] and eowyn in s["players"]["a"]["dead"]
    return eowyn


def test_a_dead_hero_is_ignored_when_a_discard_pile_is_shuffled_back_into_a_deck():
    """Will of the West shuffles a discard pile back into its deck: the dead hero card stays out."""
    s = table(["eowyn", "eleanor", "dunhere"])
    eowyn = _dead_eowyn(s)
    took = to_hand(s, "a", "wandering_took")
    s["players"]["a"]["hand"].remove(took)
    s["players"]["a"]["discard"].append(took)
    res(s, hero(s, "a", "eleanor"), 2)
    s = play(s, to_hand(s, "a", "will_of_the_west"))
    s = choose(s, "a") if at("choose")(s) else s
    pl = s["players"]["a"]
    assert took in pl["deck"] and eowyn not in pl["deck"] and eowyn in pl["dead"]
    assert [s["ids"][u] for u in pl["discard"]] == ["eowyn", "will_of_the_west"]


def test_a_dead_hero_is_not_a_card_that_can_return_from_the_discard_pile():
    """Dwarven Tomb takes a Spirit card back from the discard pile: never the dead Spirit hero Éowyn."""
    s = table(["eowyn", "eleanor", "dunhere"])
    eowyn = _dead_eowyn(s)
    tomb = to_hand(s, "a", "dwarven_tomb")
    res(s, hero(s, "a", "eleanor"), 1)
    assert not [a for a in R.legal_actions(s, "a") if a.get("card") == tomb]   # nothing else to take
    took = to_hand(s, "a", "wandering_took")
    s["players"]["a"]["hand"].remove(took)
    s["players"]["a"]["discard"].append(took)
    s = play(s, tomb)
    assert not at("choose")(s) and took in s["players"]["a"]["hand"] and eowyn in s["players"]["a"]["discard"]


# ---- the encounter deck and travel -------------------------------------------------------------------

def test_the_encounter_deck_is_reshuffled_from_its_discard_pile_only_in_the_quest_phase():
    from engine.lcg.flow import push
    from tests.lcg.helpers import events, run_now, until
    s = table(["aragorn", "theodred", "gloin"])
    s = until(s, at_window("combat"))
    s["ediscard"] = [s["test_stash"].pop()]
    s = run_now(s, lambda x: push(x, "reveal"))   # a card to reveal outside the quest phase
    assert events(s, "encounter_empty") and not events(s, "encounter_reshuffled") and len(s["ediscard"]) == 1
    s = until(s, at_window("quest"))
    assert events(s, "encounter_reshuffled") and not s["ediscard"]


def test_travel_is_not_allowed_when_its_cost_cannot_be_paid():
    """Mountains of Mirkwood's travel cost reveals an encounter card: with an empty encounter deck (and
    no reshuffle outside the quest phase) nobody may travel there."""
    from tests.lcg.helpers import decision, place_encounter, until
    s = table(["aragorn", "theodred", "gloin"])
    place_encounter(s, "mountains_of_mirkwood")
    s["ediscard"] = [s["test_stash"].pop()]
    s = until(s, lambda x: x["phase"] == "travel")
    assert decision(s) != ("choose", "travel") and s["active"] is None
    s = table(["aragorn", "theodred", "gloin"])
    mountains = place_encounter(s, "mountains_of_mirkwood")
    s["edeck"] = [s["test_stash"].pop(), s["test_stash"].pop()]   # one is revealed in the quest phase
    s["ediscard"] = []
    s = until(s, lambda x: x["phase"] == "travel")
    assert decision(s) == ("choose", "travel") and mountains in s["decision"]["options"]


# ---- the first player --------------------------------------------------------------------------------

def test_first_player_eliminated_during_refresh_passes_the_token_exactly_one_step():
    from tests.lcg.helpers import events, until
    s = table(players=3)
    assert s["first"] == "a"
    s["players"]["a"]["threat"] = 49
    s = until(s, at_window("refresh"))
    assert s["players"]["a"]["out"] and s["first"] == "b"      # not c: nobody is skipped
    assert events(s, "first_player")[-1]["player"] == "b"
    s = table(players=3)
    s = until(s, at_window("refresh"))
    assert s["first"] == "b"                                    # the usual step
