"""The quicker listings of the card-driven decisions (armies.Ground: a card's army moves; the cards'
conditions) give what the rules as written give, at every position of random full games."""
import collections

from engine.wotr.armies import besieged, card_reach, move_targets, nazgul_in, new_move, origins, sheltered
from engine.wotr.state import ADJ, FP, REGIONS, SH, at_war, controller, has_army_unit, other, units_of
from tests.wotr.test_playout import _positions


def _reach_as_written(s, side, src, group, reach, join):
    """armies.card_reach as the card says it: a search region by region, the border rule asked of every
    nation of the group."""
    enemy = {r for r in s["units"] if has_army_unit(s, r, other(side))}
    shut = sheltered(s, side)

    def crosses(r):
        return all(at_war(s, n) or REGIONS[r]["nation"] in (None, n) for n in group)

    def may_end(r):
        return (r not in enemy or besieged(s, r) == other(side)) and r not in shut and crosses(r)

    def may_pass(r):
        return r not in enemy and r not in shut and controller(s, r) in (None, side) and crosses(r)

    ends, seen, frontier = set(), {src}, [src]
    for _ in range(reach):
        ends |= {t for r in frontier for t in ADJ[r] if may_end(t)}
        frontier = [t for t in {t for r in frontier for t in ADJ[r]} - seen if may_pass(t)]
        seen.update(frontier)
    ends.discard(src)
    if join:
        ends = {r for r in ends if has_army_unit(s, r, side) and besieged(s, r) != side}
    return sorted(ends), [t for t in ADJ[src] if may_end(t)]


def _origins_as_written(s, ask):
    side = ask["side"]
    out = []
    for r in sorted(s["units"]):
        units = units_of(s, r, side)
        if not has_army_unit(s, r, side) or besieged(s, r) == side:
            continue
        if not _reach_as_written(s, side, r, units, 1, False)[1]:
            continue                          # no move at all (the Army die's own test)
        if ask.get("nazgul") and not nazgul_in(s, r, side, units):
            continue
        if _reach_as_written(s, side, r, units, ask.get("reach", 1), ask.get("join"))[0]:
            out.append(r)
    return out


def test_a_cards_army_moves_reach_where_the_rules_as_written_reach():
    """Every army of both sides, every few positions of random full games (seeds 40-41: sieges,
    captures, nations at peace): the regions a card's move reaches (one to three regions, joining
    another army or not) and a move's adjacent regions, for the whole army and for one of its nations;
    the armies an army_move decision may move (joining, with Nazgûl)."""
    seen = collections.Counter()
    for seed in (40, 41):
        for i, s in enumerate(_positions(seed, "type", 1500)):
            if i % 25:
                continue
            seen["captured"] += bool(s["captured"])
            seen["sheltered"] += bool(sheltered(s, SH))
            for side in (FP, SH):
                for src in sorted(s["units"]):
                    if not has_army_unit(s, src, side):
                        continue
                    units = units_of(s, src, side)
                    for group in (units, dict([min(units.items())])):
                        seen["at peace"] += not all(at_war(s, n) for n in group)
                        for reach, join in ((1, False), (2, False), (3, True), (2, True)):
                            want, adjacent = _reach_as_written(s, side, src, group, reach, join)
                            assert card_reach(s, new_move(side, 1, reach=reach, join=join), src, group) == want
                            seen["joined" if join and want else "reached"] += bool(want)
                        assert move_targets(s, side, src, group) == adjacent
                for ask in (new_move(side, 1, reach=3, join=True), new_move(side, 2, nazgul=True)):
                    assert origins(s, ask) == _origins_as_written(s, ask)
    print(seen)
    assert all(seen[k] for k in ("captured", "sheltered", "at peace", "joined", "reached")), seen
