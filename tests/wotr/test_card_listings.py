"""The quicker listings of the card-driven decisions (armies.Ground: a card's army moves; the cards'
conditions) give what the rules as written give, at every position of random full games."""
import collections

from engine.wotr.armies import (
    SETTLEMENTS,
    besieged,
    besieged_strongholds,
    card_reach,
    move_origins,
    move_targets,
    nazgul_in,
    new_move,
    origins,
    sheltered,
)
from engine.wotr.battle import attack_targets
from engine.wotr.cards.effects import may_recruit_in
from engine.wotr.cards.free_peoples import COMPANION_KINDS, _kind_choices
from engine.wotr.cards.play import DECISIONS, IMPLEMENTED
from engine.wotr.cards.shadow import _isengard_unit_at, _witch_king_at, _wraith_attacks
from engine.wotr.state import (
    ADJ,
    CARDS,
    CHARS,
    FP,
    REGIONS,
    SH,
    at_war,
    controller,
    has_army_unit,
    nazgul_at,
    other,
    units_of,
)
from tests.wotr.helpers import game
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
        enemy_held = REGIONS[r]["settlement"] in SETTLEMENTS and controller(s, r) == other(side)
        return r not in enemy and r not in shut and not enemy_held and crosses(r)

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
    assert all(seen[k] for k in ("captured", "sheltered", "at peace", "joined", "reached")), seen


def _options_as_written(s):
    """The conditions of the cards whose listing was made quicker, as the cards say them (card: its
    options): every region looked at in turn."""
    def companions_at(r):
        return [c for c, x in s["chars"].items() if x == r and CHARS[c]["kind"] in COMPANION_KINDS]

    with_companion = {r for r in s["chars"].values() if has_army_unit(s, r, FP) and companions_at(r)}
    rohan = {"edoras"} | {r for r in REGIONS if REGIONS[r]["nation"] == "rohan" and companions_at(r)}
    sieges = {}
    for card, holds in (("sh_char_20", _witch_king_at), ("sh_str_02", _isengard_unit_at)):
        sieges[card] = [{"region": src} for src, to in attack_targets(s, SH) if src == to
                        and besieged(s, to) == FP and holds(s, src)]
    units = {}
    for card, nation in (("sh_str_13", "isengard"), ("sh_str_14", "sauron")):
        units[card] = [{"kind": k, "region": r} for r in sorted(s["units"]) if at_war(s, nation)
                       and has_army_unit(s, r, SH) and may_recruit_in(s, r, SH) for k in ("regular", "elite")
                       if s["reinforcements"][nation].get(k, 0)]
    gather = {}
    for card, moves, reach in (("sh_str_07", 1, 3), ("sh_str_08", 2, 2)):
        gather[card] = [{}] if _origins_as_written(s, new_move(SH, moves, reach=reach, join=True)) else []
    return {
        "fp_str_10": [{"from": src, "to": to} for src, to in attack_targets(s, FP)
                      if src != to and besieged(s, to) == FP],
        "fp_str_12": [{"from": r} for r in sorted(s["units"]) if has_army_unit(s, r, FP) and companions_at(r)
                      and besieged(s, r) != FP and _reach_as_written(s, FP, r, units_of(s, r, FP), 2, False)[0]],
        "fp_char_18": [{"region": r} for r in sorted(s["units"]) if with_companion and nazgul_at(s, r)
                       and has_army_unit(s, r, SH) and (r in with_companion or with_companion & set(ADJ[r]))],
        "fp_str_16": [{"region": r, **k} for r in sorted(rohan) if may_recruit_in(s, r, FP)
                      for k in _kind_choices(s, ["rohan"])],
        **gather, **sieges, **units,
    }


def _captain_as_written(s):
    """The Black Captain's army decision: a move if its region is among the armies that may move, its
    attacks among all the Shadow's."""
    where = s["chars"].get("witch_king")
    out = [{"type": "captain_move"}] if where and where in move_origins(s, SH, [], led=True) else []
    out += [{"type": "captain_attack", "to": to} for src, to in attack_targets(s, SH, led=True) if src == where]
    return out + [{"type": "captain_none"}]


def test_the_cards_conditions_list_what_the_cards_say():
    """At every few positions of random full games (seeds 42 and 48), the options of the cards whose
    conditions are asked more cheaply (looking only where companions or sieges are, a Ground for the
    armies' reach, the attacks of the armies concerned only) are those of the cards' texts, each card
    met with options (and without, but for the gathering cards, always playable in these games: see
    the next test); so are the Black Captain's and the Ringwraiths' attacks."""
    seen = collections.Counter()
    for seed in (42, 48):
        for i, s in enumerate(_positions(seed, "type", 1500)):
            if i % 5:
                continue
            for card, want in _options_as_written(s).items():
                side = CARDS[card]["side"]
                assert IMPLEMENTED[card].options(s, side) == want, card
                seen[card, bool(want)] += 1
            sieges = besieged_strongholds(s, FP)
            if sieges:            # Grond needs the Witch-king there: a twin position with him
                twin = {**s, "chars": {**s["chars"], "witch_king": min(sieges)}}
                want = _options_as_written(twin)["sh_char_20"]
                assert IMPLEMENTED["sh_char_20"].options(twin, SH) == want
                seen["sh_char_20", bool(want)] += 1
            assert DECISIONS["black_captain"].actions(s, {}) == _captain_as_written(s)
            wraiths = [(src, to) for src, to in attack_targets(s, SH) if nazgul_in(s, src, SH, units_of(s, src, SH))]
            assert _wraith_attacks(s) == wraiths
            seen["wraiths attack"] += bool(wraiths)
            seen["captain", len(_captain_as_written(s))] += 1
    assert all(seen[card, True] for card in _options_as_written(s)), seen
    assert all(seen[card, False] for card in ("fp_str_10", "fp_str_12", "fp_char_18", "fp_str_16", "sh_str_13",
                                              "sh_str_14", "sh_char_20", "sh_str_02")), seen
    assert seen["captain", 1] and seen["captain", 2] and seen["captain", 3] and seen["wraiths attack"], seen


def test_the_gathering_cards_need_another_army_within_reach_to_join():
    """Shadows Gather (three regions) and The Shadow Lengthens (two) with the Shadow's armies as they
    start, then with every Shadow army but Moria's gone (none to join), then with one more in Dol
    Guldur (three regions from Moria: Gather joins them, Lengthens cannot)."""
    s = game()
    assert IMPLEMENTED["sh_str_07"].options(s, SH) == IMPLEMENTED["sh_str_08"].options(s, SH) == [{}]
    s["units"] = {"moria": {"sauron": {"regular": 2}}}
    assert IMPLEMENTED["sh_str_07"].options(s, SH) == IMPLEMENTED["sh_str_08"].options(s, SH) == []
    s["units"] = {**s["units"], "dol_guldur": {"sauron": {"regular": 2}}}
    assert IMPLEMENTED["sh_str_07"].options(s, SH) == [{}] and IMPLEMENTED["sh_str_08"].options(s, SH) == []
    assert _origins_as_written(s, new_move(SH, 1, reach=3, join=True)) == ["dol_guldur", "moria"]
    assert _origins_as_written(s, new_move(SH, 2, reach=2, join=True)) == []
