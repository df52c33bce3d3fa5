"""War of the Ring's hard player (ai/wotr_search.py): honest (it decides from its view alone), seeded,
and its parts do what the search relies on. Searches here run a fixed number of rounds (`samples`), so
that no choice depends on the machine's speed."""
from __future__ import annotations

import random

import pytest

from ai import wotr_heuristic as heuristic
from ai import wotr_playout_rules as P
from ai import wotr_search
from engine.wotr import RULES
from engine.wotr.seats import decider, player_of
from engine.wotr.state import FP, SH, deep_copy
from tests.wotr.test_armies import board

ROUNDS = 2


def game(seed: int, steps: int, players: int = 2):
    """(state with its whole log, the player deciding) after `steps` decisions of normal-against-normal."""
    ids = [f"p{i}" for i in range(players)]
    s = RULES.new_game(ids, {}, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        p = RULES.waiting_for(s)[0]
        v = RULES.view(s, p)
        s, _ = RULES.apply(s, p, heuristic.choose(v, v["decision"]["actions"], rnd, "normal"))
    return s, RULES.waiting_for(s)[0]


def searched_position(side: str, seed: int):
    """The first position after 30 decisions of a normal-against-normal game (`game`) where `side` decides
    a kind it searches among several candidates (the search runs)."""
    s = RULES.new_game(["p0", "p1"], {}, seed)
    rnd = random.Random(seed)
    for steps in range(400):
        p = RULES.waiting_for(s)[0]
        v = RULES.view(s, p)
        if steps >= 30 and v["you"] == side \
                and wotr_search.weighed(v, wotr_search.candidates(v, v["decision"]["actions"])):
            return s, p
        s, _ = RULES.apply(s, p, heuristic.choose(v, v["decision"]["actions"], rnd, "normal"))
    raise AssertionError("no searched decision found")


def twin(s: dict, me: str) -> dict:
    """The same position with everything `me` may not know changed: the opponent's hand swapped with
    cards of its decks (deck by deck, so the sizes stay), every deck reshuffled, another random state."""
    t = deep_copy(s)
    rnd = random.Random(99)
    foe = SH if me == FP else FP
    from engine.wotr.state import CARDS
    hand = t["hands"][foe]
    for i, card in enumerate(list(hand)):
        deck = t["decks"][foe][CARDS[card]["deck"]]
        if deck:
            j = rnd.randrange(len(deck))
            hand[i], deck[j] = deck[j], hand[i]
    for side in (FP, SH):
        for deck in t["decks"][side].values():
            rnd.shuffle(deck)
    t["rng"] = 12345
    return t


@pytest.mark.parametrize("side", [FP, SH])
def test_wotr_bot_hard_gives_the_same_choice_in_states_that_differ_only_in_what_it_may_not_know(side):
    s, p = searched_position(side, seed=3 if side == FP else 4)
    t = twin(s, side)
    foe = SH if side == FP else FP
    assert t["hands"][foe] != s["hands"][foe] or t["decks"][foe] != s["decks"][foe]
    v, w = RULES.view(s, p), RULES.view(t, p)
    assert v == w
    legal = v["decision"]["actions"]
    rounds = wotr_search.FP_MIN_ROUNDS if side == FP else ROUNDS    # enough that the search may overrule
    assert wotr_search.choose(v, legal, 7, samples=rounds) == wotr_search.choose(w, legal, 7, samples=rounds)


def test_wotr_search_is_seeded():
    s, p = searched_position(SH, seed=5)
    v = RULES.view(s, p)
    cands = wotr_search.candidates(v, v["decision"]["actions"])
    a = wotr_search.search(v, cands, 11, samples=ROUNDS)
    assert a == wotr_search.search(v, cands, 11, samples=ROUNDS)
    assert a[2] == ROUNDS and len(a[1]) == len(cands) and all(0 <= x <= 1 for x in a[1])


def test_wotr_search_answers_a_single_action_at_once():
    s, p = game(1, 0)
    v = RULES.view(s, p)
    only = v["decision"]["actions"][:1]
    assert wotr_search.choose(v, only, 1, budget_s=0.0) == only[0]


def test_wotr_search_candidates_are_offered_actions_led_by_the_rules_of_thumb_choice():
    for seed, steps in ((2, 40), (2, 90), (6, 150), (7, 260)):
        s, p = game(seed, steps)
        v = RULES.view(s, p)
        legal = v["decision"]["actions"]
        cands = wotr_search.candidates(v, legal)
        assert cands and all(a in legal for a in cands)
        assert len(cands) <= wotr_search.CANDIDATES + wotr_search.TYPES_KEPT
        ctx = heuristic.Ctx(v, legal, wotr_search.level(v["you"]))   # as the Free Peoples: hard's own
        best = max(heuristic.score(ctx, a) for a in legal)
        assert heuristic.score(ctx, cands[0]) == best


def test_wotr_search_lite_view_leads_the_rules_of_thumb_to_the_view_s_choice():
    """Playouts give the rules of thumb `lite_view(state)` instead of a whole view, and keep their
    distance queries per region (`rules_of_thumb`): the same choices as the normal player's."""
    compared = 0
    for seed in (0, 1):
        s = P.start(RULES.new_game(["a", "b"], {}, seed))
        rnd = random.Random(seed)
        for k in range(500):
            if P.to_play(s) is None:
                break
            acts = P.legal(s)
            v = RULES.view(s, player_of(s, decider(s, s["ask"][-1])))
            mine = heuristic.choose(v, acts, random.Random(k), "normal")
            assert wotr_search.rules_of_thumb(wotr_search.lite_view(s, acts), acts, random.Random(k)) == mine
            compared += 1
            P.step(s, mine if rnd.random() < 0.7 else rnd.choice(acts))
    assert compared > 500


def test_wotr_search_lite_view_shows_the_free_peoples_dice_to_the_elven_ring_rule():
    """On the Mordor track with no die that walks, the rules of thumb spend an Elven Ring on a Character
    die, counting the Free Peoples' dice: the playouts' lite view shows them too (without them hard's
    playouts stopped on a KeyError there)."""
    s = board({}, fp=["event", "muster"], active=FP)
    s["fellowship"].update(pos="morannon", progress=0, mordor=1, hidden=True)
    acts = RULES.legal_actions(s, "fp")
    ring = {"type": "elven_ring", "die": "muster", "to": "character"}
    assert heuristic.choose(RULES.view(s, "fp"), acts, random.Random(0)) == ring
    assert wotr_search.rules_of_thumb(wotr_search.lite_view(s, acts), acts, random.Random(0)) == ring


def test_wotr_search_evaluation_prefers_what_brings_each_side_nearer_its_victory():
    s, _ = game(2, 20)
    base = wotr_search.evaluate(s)
    assert 0 < base < 1

    def changed(edit) -> float:
        t = deep_copy(s)
        edit(t)
        return wotr_search.evaluate(t)

    assert changed(lambda t: t["fellowship"].update(corruption=10)) < base
    assert changed(lambda t: t["fellowship"].update(mordor=3, pos="minas_morgul", progress=0)) > base
    assert changed(lambda t: t["captured"].update(minas_tirith=SH, helms_deep=SH, lorien=SH)) < base
    assert changed(lambda t: t.update(result={"side": FP, "reason": "military"})) == 1.0
    assert changed(lambda t: t.update(result={"side": SH, "reason": "corruption"})) == 0.0


def test_wotr_bot_hard_decides_from_a_team_seat_view():
    """In a 4-player game the view is a seat's (its own hand only): the search samples the teammate's
    hand too and answers one of the offered actions."""
    for steps in range(40, 400, 9):
        s, p = game(5, steps, players=4)
        v = RULES.view(s, p)
        legal = v["decision"]["actions"]
        if wotr_search.weighed(v, wotr_search.candidates(v, legal)):
            assert wotr_search.choose(v, legal, 3, samples=1) in legal
            return
    raise AssertionError("no searched decision found")


def test_wotr_bot_hard_stops_sampling_once_no_challenger_can_win():
    """Challengers that gain exactly nothing on every round (a move the playouts cannot tell apart) are
    dropped after SETTLE_ROUNDS rounds and the search stops there, however many rounds it was allowed."""
    same = [{0: 0.5, 1: 0.5, 2: 0.5} for _ in range(wotr_search.SETTLE_ROUNDS)]
    alive = [0, 1, 2]
    assert wotr_search._settled(same, alive) and alive == [0]
    worse = [{0: 0.6, 1: 0.2 + 0.01 * k, 2: 0.6 + (0.05 if k % 2 else -0.05)} for k in range(6)]
    alive = [0, 1, 2]
    assert not wotr_search._settled(worse, alive) and alive == [0, 2]    # 2's gain is noise: kept
    better = [{0: 0.3, 1: 0.6 + 0.01 * k} for k in range(4)]
    assert wotr_search._settled(better, [0, 1]) and wotr_search._pick(better, [0, 1]) == 1


def test_wotr_bot_hard_search_ends_early_at_a_settled_decision():
    """On real positions (one a side) the rounds stop before the cap when the answer is settled."""
    early = 0
    for side in (FP, SH):
        s, p = searched_position(side, 5)     # (seed 9 until issue 41 changed the normal player's games)
        v = RULES.view(s, p)
        cands = wotr_search.candidates(v, v["decision"]["actions"])
        chosen, means, rounds = wotr_search.search(v, cands, 4, samples=10)
        assert rounds <= 10 and chosen in cands and len(means) == len(cands)
        early += rounds < 10
    assert early > 0


def test_wotr_bot_hard_answers_a_battle_round_by_the_rules_of_thumb():
    """Decisions outside SEARCHED (a battle's rounds, casualties, discards) get the rules of thumb's
    first candidate without a sample."""
    for steps in range(30, 600, 3):
        s, p = game(3, steps)
        v = RULES.view(s, p)
        legal = v["decision"]["actions"]
        if v["decision"]["kind"] == "battle" and len(wotr_search.candidates(v, legal)) > 1:
            assert wotr_search.choose(v, legal, 1, samples=50) == wotr_search.candidates(v, legal)[0]
            return
    raise AssertionError("no battle decision found")


def test_wotr_bot_hard_takes_the_hunt_s_damage_as_the_rules_of_thumb_say():
    """The Free Peoples' hard player does not search how to take the Hunt's damage (its evaluation does
    not count the companions: searched, it gave away the guide to spare corruption, and lost for it): it
    answers as the rules of thumb do, without a sample, however many rounds it is allowed."""
    assert "hunt_damage" not in wotr_search.SEARCHED
    for seed in range(12):
        s = RULES.new_game(["p0", "p1"], {}, seed)
        rnd = random.Random(seed)
        for _ in range(600):
            if s["result"] is not None:
                break
            p = RULES.waiting_for(s)[0]
            v = RULES.view(s, p)
            legal = v["decision"]["actions"]
            if v["decision"]["kind"] == "hunt_damage" and len(wotr_search.candidates(v, legal)) > 1:
                first = wotr_search.candidates(v, legal)[0]
                assert wotr_search.traced(v, legal, 5, samples=50) == (first, None)
                return
            s, _ = RULES.apply(s, p, heuristic.choose(v, legal, rnd, "normal"))
    raise AssertionError("no Hunt damage with a choice found")


def test_wotr_search_traced_gives_the_choice_and_the_rules_of_thumb_first_candidate_it_weighed():
    """`traced` (what the bench logs to count overrules) plays what `choose` plays, and names the rules of
    thumb's first candidate at a searched decision."""
    s, p = searched_position(FP, 9)
    v = RULES.view(s, p)
    legal = v["decision"]["actions"]
    action, first = wotr_search.traced(v, legal, 4, samples=3)
    assert first == wotr_search.candidates(v, legal)[0]
    assert action == wotr_search.choose(v, legal, 4, samples=3)


def free_peoples_decisions(seed: int, want: int):
    """(view, candidates) of the first `want` Free Peoples decisions with several candidates in a
    normal-against-normal game."""
    s = RULES.new_game(["p0", "p1"], {}, seed)
    rnd = random.Random(seed)
    found = []
    while s["result"] is None and len(found) < want:
        p = RULES.waiting_for(s)[0]
        v = RULES.view(s, p)
        legal = v["decision"]["actions"]
        cands = wotr_search.candidates(v, legal)
        if v["you"] == FP and len(cands) > 1:
            found.append((v, cands))
        s, _ = RULES.apply(s, p, heuristic.choose(v, legal, rnd, "normal"))
    return found


def test_wotr_bot_hard_free_peoples_search_only_the_fellowship_s_decisions():
    """As the Free Peoples the search weighs the Fellowship phase and the die actions where the walk, a
    hide or a separation is a candidate; every other decision (armies, musters, the other die choices)
    gets the rules of thumb's first candidate at once, however many rounds are allowed."""
    weighed = answered = 0
    for v, cands in free_peoples_decisions(2, 120):
        kind = v["decision"]["kind"]
        fellowship = kind == "fellowship_phase" or (
            kind == "act" and any(a["type"] in wotr_search.FELLOWSHIP_ACTS for a in cands))
        assert wotr_search.weighed(v, cands) == fellowship
        if not fellowship and answered < 5:
            assert wotr_search.traced(v, v["decision"]["actions"], 3, samples=50) == (cands[0], None)
            answered += 1
        weighed += fellowship
    assert weighed > 5 and answered == 5


def test_wotr_bot_hard_free_peoples_play_out_deeper_than_the_shadow_without_random_actions():
    """The Free Peoples' playouts run FP_DEPTH actions of the rules of thumb alone: from a mid-game
    position, a playout that does not explore plays exactly what the rules of thumb choose at each step
    (the opponent they model), and runs past the Shadow's DEPTH."""
    assert wotr_search.FP_DEPTH > wotr_search.DEPTH
    s, _ = game(6, 60)
    a, b = P.start(s), P.start(s)
    wotr_search.rollout(P, a, random.Random(1), wotr_search.FP_DEPTH, explore=False)
    rnd = random.Random(1)
    steps = 0
    while steps < wotr_search.FP_DEPTH and P.to_play(b) is not None:
        acts = P.legal(b)
        P.step(b, acts[0] if len(acts) == 1 else wotr_search.rules_of_thumb(wotr_search.lite_view(b, acts), acts, rnd))
        steps += 1
    assert a == b and steps > wotr_search.DEPTH
    c = P.start(s)
    wotr_search.rollout(P, c, random.Random(1), wotr_search.FP_DEPTH, explore=True)
    assert c != a           # one action in EPSILON_INV at random: another game
