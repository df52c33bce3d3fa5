"""The playout path (ai/wotr_playout_rules.py: one copy, then in place, no check) plays exactly the rules
of `RULES.apply`: same lists (less the army actions when asked), same states, same events, and the
state it started from is untouched."""
import collections
import random
from itertools import combinations

import pytest

from ai import wotr_playout_rules as playout
from ai import wotr_random_players as policies
from ai.wotr_playout_rules import ARMY_TYPES, _below
from ai.wotr_playout_rules import random_action as pick
from engine import Rng
from engine.wotr.armies import army_units, besieged, besieged_strongholds, over_stacked, stack_limit
from engine.wotr.characters import companion_moves, companion_reach, group_reach, nazgul_flights
from engine.wotr.dice import PAYS, messenger_ready
from engine.wotr.die_payment import Dice
from engine.wotr.fellowship import declare_targets
from engine.wotr.state import (
    CARDS,
    CHARS,
    DIST,
    FP,
    REGIONS,
    SH,
    controller,
    has_army_unit,
    strongholds_of,
    units_of,
)
from tests.wotr.helpers import R

PLAYER = {FP: "fp", "shadow": "sh"}


def _rules_part(s):
    return {k: v for k, v in s.items() if k not in ("log", "history")}


def _unnumbered(events):
    return [{k: v for k, v in e.items() if k != "n"} for e in events]


@pytest.mark.parametrize("seed,policy", [(10, "type"), (11, "quest"), (12, "uniform")])
def test_a_playout_plays_the_same_game_as_apply_step_for_step(seed, policy):
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    p = playout.start(s)
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        assert PLAYER[playout.to_play(p)] == pid
        acts = R.legal_actions(s, pid)
        assert playout.legal(p) == acts
        assert playout.legal(p, ARMY_TYPES) == [a for a in acts if a["type"] not in ARMY_TYPES]
        a = pick(rnd, acts, policy)
        s, events = R.apply(s, pid, a)
        assert _unnumbered(playout.step(p, a)) == _unnumbered(events)
        assert _rules_part(p) == _rules_part(s)
    assert playout.to_play(p) is None and p["result"] == R.result(s)


def test_a_playout_leaves_the_state_it_started_from_untouched():
    rnd = random.Random(5)
    s = R.new_game(["fp", "sh"], {}, 5)
    for _ in range(300):                      # a position well into the game, armies moved
        pid = R.waiting_for(s)[0]
        s, _ = R.apply(s, pid, pick(rnd, R.legal_actions(s, pid), "type"))
    before = R.dump(s)
    for seed in range(3):
        p = playout.start(s)
        p["rng"] = Rng.from_seed(seed)        # other draws than the game's own
        while playout.to_play(p):
            playout.step(p, pick(rnd, playout.legal(p), "type"))
        assert p["result"]
    assert R.dump(s) == before


@pytest.mark.parametrize("seed,policy", [(20, "type"), (21, "quest")])
def test_per_type_generation_yields_exactly_the_kernels_actions_of_each_type(seed, policy):
    """by_type(s) splits the kernel's list by type, each group in its order (lazy groups included)."""
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    p = playout.start(s)
    while R.result(s) is None:
        pid = R.waiting_for(s)[0]
        acts = R.legal_actions(s, pid)
        groups = playout.by_type(p)
        assert sorted(groups) == sorted({a["type"] for a in acts})
        for type_, group in groups.items():
            assert len(group) == len([a for a in acts if a["type"] == type_])
            assert [group[i] for i in range(len(group))] == list(group) == [a for a in acts if a["type"] == type_]
        quest = playout.by_type(p, ARMY_TYPES)
        assert {t: list(g) for t, g in quest.items()} == {t: list(g) for t, g in groups.items() if t not in ARMY_TYPES}
        a = pick(rnd, acts, policy)
        s, _ = R.apply(s, pid, a)
        playout.step(p, a)
    assert p["result"] == R.result(s)


@pytest.mark.parametrize("seed,policy", [(30, "type"), (31, "quest"), (32, "uniform")])
def test_every_action_random_pick_draws_is_one_of_the_kernels_legal_actions(seed, policy):
    """Games played by random_pick, the kernel following step for step: each action drawn is legal."""
    rnd = random.Random(seed)
    s = R.new_game(["fp", "sh"], {}, seed)
    p = playout.start(s)
    while playout.to_play(p):
        pid = R.waiting_for(s)[0]
        a = playout.random_pick(rnd, p, policy)
        assert a in R.legal_actions(s, pid)
        if policy == "quest":
            assert a["type"] not in ARMY_TYPES
        s, _ = R.apply(s, pid, a)
        playout.step(p, a)
        assert _rules_part(p) == _rules_part(s)
    assert R.result(s) == p["result"]


def test_random_pick_gives_each_type_with_an_action_the_same_chance_as_random_action():
    """Where random_pick tries the types in a random order (Action die, Nazgûl and minions, companions),
    the type drawn is uniform over the types having an action, as random_action's: 3,000 seeded draws
    at each of 3 Action die positions (4 types or more), a Nazgûl and a companions' position."""
    rnd = random.Random(3)
    s = R.new_game(["fp", "sh"], {}, 3)
    wanted = {"act": 3, "move_minions": 1, "move_companions": 1}
    while any(wanted.values()):
        pid = R.waiting_for(s)[0]
        acts = R.legal_actions(s, pid)
        kind, types = s["ask"][-1]["kind"], {a["type"] for a in acts}
        if wanted.get(kind) and len(types) >= (4 if kind == "act" else 2):
            wanted[kind] -= 1
            p, draws = playout.start(s), random.Random(len(types))
            counts = collections.Counter(playout.random_pick(draws, p, "type")["type"] for _ in range(3000))
            assert set(counts) == types
            assert all(abs(n - 3000 / len(types)) < 4 * (3000 / len(types)) ** 0.5 for n in counts.values())
        s, _ = R.apply(s, pid, pick(rnd, acts, "type"))


def test_a_lazy_nazgul_flight_list_refuses_an_index_past_its_end():
    s = R.new_game(["fp", "sh"], {}, 0)
    flights = nazgul_flights(s, {"arrived": {}, "moved": []})
    assert len(flights) > 100 and flights[len(flights) - 1] == list(flights)[-1]
    with pytest.raises(IndexError):
        flights[len(flights)]


def test_below_draws_as_randrange_so_random_pick_keeps_its_games():
    """playout._below is randrange(n) without its argument checks: the same draws from the same seed."""
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        assert [_below(mine, n) for n in range(1, 200)] == [theirs.randrange(n) for n in range(1, 200)]


def _positions(seed, policy, steps):
    """The states of a seeded random game (playout path), one after each of its first `steps` actions."""
    rnd = random.Random(seed)
    p = playout.start(R.new_game(["fp", "sh"], {}, seed))
    for _ in range(steps):
        if not playout.to_play(p):
            return
        yield p
        playout.step(p, playout.random_pick(rnd, p, policy))


def test_the_quick_queries_give_what_their_definitions_give():
    """What the speed-ups compute another way, checked against the rule as written at every position of
    random full games (armies marching), seeds 40 on until two games had a siege: the excess over the
    stacking limit, the Strongholds each side controls (captures), the besieged Strongholds, the Fellowship's declaration targets, the faces paying for
    an event card (the Messenger included) and the companions' group moves (cached per region and group)."""
    seen = collections.Counter()
    for seed in range(40, 50):
        sieged = False
        for s in _positions(seed, "type", 1500):
            _check_quick_queries(s, seen)
            sieged = sieged or any(besieged_strongholds(s, side) for side in (FP, SH))
        seen["sieged games"] += sieged
        if seen["sieged games"] == 2:
            break
    assert seen["sieged games"] == 2 and seen["declare"] and seen["companions"] and seen["captured"], seen


def _check_quick_queries(s, seen):
    for side in (FP, SH):
        assert over_stacked(s, side) == sorted(
            r for r in s["units"] if army_units(units_of(s, r, side)) > stack_limit(s, r, side))
        enemy = SH if side == FP else FP
        assert strongholds_of(s, side) == {r for r, x in REGIONS.items()
                                           if x["settlement"] == "stronghold" and controller(s, r) == side}
        seen["captured"] += bool(s["captured"])
        assert besieged_strongholds(s, side) == {r for r in strongholds_of(s, side) if has_army_unit(s, r, enemy)}
        d = Dice(s, side)
        for kind in ("character", "army", "muster"):
            pays = set(PAYS["event"]) | set(PAYS[kind]) | ({"muster"} if kind == "army" and messenger_ready(
                s, side) else set())
            card = next(c for c, x in CARDS.items() if x["played_with"] == kind)
            assert d.card_faces(card) == sorted(f for f in set(s["dice"][side]) if f in pays)
    f = s["fellowship"]
    if f["hidden"] and not f["declared"] and f["mordor"] is None:
        assert declare_targets(s) == sorted(r for r in DIST[f["pos"]] if DIST[f["pos"]][r] <= f["progress"])
        seen["declare"] += 1
    on_map = [c for c in sorted(s["chars"]) if CHARS[c]["side"] == FP]
    for ask in ({"moved": []}, {"moved": on_map[:1]}):
        moves = companion_moves(s, ask)
        where: dict[str, list[str]] = {}
        for c in on_map:
            where.setdefault(s["chars"][c], []).append(c)
        one_by_one = [{"type": "move_companions_to", "group": list(group), "to": to}
                      for region, comps in sorted(where.items())
                      if region not in besieged_strongholds(s, FP)
                      for free in [sorted(c for c in comps if CHARS[c]["level"] and c not in ask["moved"])]
                      for k in range(1, len(free) + 1) for group in combinations(free, k)
                      for to in companion_reach(s, region, group_reach(list(group), ask))]
        assert list(moves) == one_by_one and [moves[i] for i in range(len(moves))] == one_by_one
    seen["companions"] += bool(one_by_one)


def test_no_side_is_over_the_stacking_limit_when_it_may_play_a_card():
    """cards/play.py's play counts the stacking limit again only when the card changed the units map: that
    is the rule only if the side playing is never already over the limit. Checked at every decision
    where a card may be played, in four random games where the Shadow marches, besieges and recruits
    (policy "war"), in which excess units had to be removed and cards moved or recruited units."""
    seen = collections.Counter()
    for seed in range(4):
        rnd = random.Random(seed)
        s = playout.start(R.new_game(["fp", "sh"], {}, seed))
        while playout.to_play(s):
            ask = s["ask"][-1]
            if ask["kind"] in ("act", "card_extra_play"):
                assert over_stacked(s, ask["side"]) == [], (seed, ask)
                seen["checked"] += 1
            action = policies.pick(rnd, s, playout.legal(s), "war")
            units = s["units"]
            playout.step(s, action)
            seen["excess removed"] += action["type"] == "remove_unit"
            seen["card moved units"] += action["type"] == "play_event" and s["units"] is not units
            seen["siege"] += action["type"] == "attack" and besieged(s, action["to"]) is not None
    assert seen["excess removed"] and seen["card moved units"] and seen["siege"], seen
