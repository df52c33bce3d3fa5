"""The Shadow's event halves (cards sh_char_*, sh_str_*): each implemented card is one entry of
SHADOW_CARDS (effects.EventCard). docs/wotr.md lists every card's status."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations, combinations_with_replacement
from typing import Any

from engine.wotr.armies import (
    any_origin,
    besieged,
    besieged_strongholds,
    check_stacking,
    garrison_lost,
    may_move_army,
    may_move_from,
    nazgul_in,
    new_move,
)
from engine.wotr.battle import attack_targets
from engine.wotr.battle import start as start_battle
from engine.wotr.cards.decks import check_hand_limit, draw
from engine.wotr.cards.effects import (
    CardDecision,
    EventCard,
    all_shadow_at_war,
    away_from_fp_settlements,
    card_hits,
    leave_table,
    may_recruit_in,
    no_choice,
    put_on_table,
    recruit_fixed,
    recruits,
    revealed,
    then,
)
from engine.wotr.coast import COASTAL
from engine.wotr.fellowship import leave_fellowship, separate
from engine.wotr.hunt import BALROG, add_corruption, hunt_roll, pick_tile, resolve_tile, reveal
from engine.wotr.seats import army_controller, hand
from engine.wotr.state import (
    ADJ,
    CARDS,
    CHARS,
    FP,
    FP_NATIONS,
    REGIONS,
    SH,
    TILES,
    add_reinforcements,
    add_units,
    army_map,
    at_war,
    controller,
    has_army_unit,
    in_play,
    log_event,
    nazgul_at,
    pick_index,
    place_char,
    roll,
    set_politics,
    units_of,
)
from engine.wotr.types import Group, RemoveFigure, WotrAction


def _one_unit_options(nation: str) -> Callable[[dict, str], list[dict]]:
    """Olog-hai, Half-orcs and Goblin-men: one unit of the nation at war where a Shadow army stands."""
    def options(s: dict, side: str) -> list[dict]:
        pool = s["reinforcements"][nation]
        kinds = [k for k in ("regular", "elite") if pool.get(k, 0)]
        if not kinds or not at_war(s, nation):
            return []
        armies = army_map(s)            # (the Shadow's armies found in one pass over the map)
        return [{"kind": k, "region": r} for r in sorted(armies[SH]) if may_recruit_in(s, r, SH, armies)
                for k in kinds]
    return options


def _one_unit(nation: str) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        recruit_fixed(s, ev, side, nation, choice["kind"], choice["region"], 1)
    return resolve


def _day_without_dawn(s: dict, ev: list, side: str, choice: dict) -> None:
    lost = s["dice"][FP].count("will_of_the_west")
    s["dice"][FP] = [f for f in s["dice"][FP] if f != "will_of_the_west"]
    log_event(s, ev, "dice_discarded", side=FP, face="will_of_the_west", count=lost)


def _lidless_eye_choices(s: dict, side: str) -> list[dict]:
    """Up to three of the Shadow's unused dice, leaving one die to pay with (a chosen face the paying
    die used up is simply not changed: the effect goes as far as it can)."""
    held = sorted(s["dice"][SH])
    return [{"dice": list(faces)} for n in (1, 2, 3) if n < len(held)
            for faces in sorted(set(combinations(held, n)))]


def _lidless_eye(s: dict, ev: list, side: str, choice: dict) -> None:
    for face in choice["dice"]:
        if face in s["dice"][SH]:
            s["dice"][SH].remove(face)
            s["hunt"]["box"][SH] += 1
    log_event(s, ev, "dice_to_hunt", side=SH, dice=list(choice["dice"]))


def _witch_king_returns(s: dict, ev: list, side: str, choice: dict) -> None:
    place_char(s, "witch_king", "angmar")
    log_event(s, ev, "minion_moved", minion="witch_king", region="angmar")
    recruit_fixed(s, ev, side, "sauron", "regular", "angmar", 2)
    recruit_fixed(s, ev, side, "sauron", "elite", "angmar", 1)


def _unit_pairs() -> list[tuple[str, str]]:
    return list(combinations_with_replacement(("elite", "regular"), 2))


def _new_power_options(s: dict, side: str) -> list[dict]:
    return [{"kinds": list(k)} for k in _unit_pairs()] if in_play(s, "saruman") else []


def _new_power(s: dict, ev: list, side: str, choice: dict) -> None:
    for region in ("north_dunland", "south_dunland"):
        recruit_fixed(s, ev, side, "isengard", "regular", region, 2)
    for kind in choice["kinds"]:
        recruit_fixed(s, ev, side, "isengard", kind, "orthanc", 1)


def _misty_mountains_options(s: dict, side: str) -> list[dict]:
    return [{"region": r, "kinds": list(k)} for r in ("moria", "mount_gram") if may_recruit_in(s, r, SH)
            for k in _unit_pairs()]


def _misty_mountains(s: dict, ev: list, side: str, choice: dict) -> None:
    for kind in choice["kinds"]:
        recruit_fixed(s, ev, side, "sauron", kind, choice["region"], 1)
    recruit_fixed(s, ev, side, "sauron", "nazgul", choice["region"], 1)


def _three_places(nation: str, places: tuple[str, ...], war: bool) -> Callable[[dict, str], list[dict]]:
    """Pits of Mordor, Many Kings: three different settlements of the nation a card may recruit in."""
    def options(s: dict, side: str) -> list[dict]:
        if war and not at_war(s, nation):
            return []
        free = [r for r in places if may_recruit_in(s, r, SH)]
        return [{"regions": list(c)} for c in combinations(free, 3)]
    return options


def _two_regulars_each(nation: str) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        for region in choice["regions"]:
            recruit_fixed(s, ev, side, nation, "regular", region, 2)
    return resolve


# --- the Fellowship ----------------------------------------------------------------------------------

def _special_tile(card: str) -> Callable[[dict, list, str, dict], None]:
    """Shelob's Lair, The Ring is Mine!, On, On They Went, Give it to Uss!: the card's tile waits for the
    Mordor track (fellowship.enter_mordor adds it to the pool), or joins the pool at once when the
    Fellowship is already there."""
    tile = next(t for t, d in TILES.items() if d["card"] == card)

    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        h = s["hunt"]
        in_mordor = s["fellowship"]["mordor"] is not None
        if in_mordor:
            h["pool"] = sorted(h["pool"] + [tile])
        else:
            h["specials"].append(tile)
        log_event(s, ev, "special_tile", side=side, card=card, tile=tile, pool=in_mordor)
    return resolve


def _candles_of_corpses(s: dict, ev: list, side: str, choice: dict) -> None:
    need = 6 if s["fellowship"]["guide"] == "gollum" else 4
    dice = [roll(s) for _ in range(3)]
    log_event(s, ev, "card_roll", card="sh_char_08", dice=dice, need=need)
    if n := sum(d >= need for d in dice):
        add_corruption(s, ev, n)


def _morgul_wound(s: dict, ev: list, side: str, choice: dict) -> None:
    add_corruption(s, ev, 2 if s["fellowship"]["corruption"] <= 3 else 1)


def _on_the_track(s: dict, side: str = SH) -> bool:
    """The Fellowship at step 1 or more of the Fellowship track (never so on the Mordor track)."""
    f = s["fellowship"]
    return f["mordor"] is None and f["progress"] >= 1


def _cruel_weather_options(s: dict, side: str) -> list[dict]:
    return [{"region": r} for r in sorted(ADJ[s["fellowship"]["pos"]])] if _on_the_track(s) else []


def _cruel_weather(s: dict, ev: list, side: str, choice: dict) -> None:
    """The figure moves to the neighbour; the progress stays as it was (ruling: only the figure moves)."""
    s["fellowship"]["pos"] = choice["region"]
    log_event(s, ev, "fellowship_shifted", region=choice["region"])


def _void_tile(s: dict, ev: list, tile: str) -> bool:
    """An Eye or a Free Peoples special tile drawn by a card is discarded with no effect."""
    if TILES[tile]["value"] == "eye" or TILES[tile]["special"] == FP:
        log_event(s, ev, "tile_void", tile=tile)
        return True
    return False


def _tile_hunt(how: str | None) -> Callable[[dict, list, str, dict], None]:
    """Orc Patrol (how None), Isildur's Bane ("unreduced"), Foul Thing from the Deep ("random"): a tile
    drawn without a roll and resolved as after a successful Hunt (hunt.take_damage says what `how` does)."""
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        tile = pick_tile(s, ev)
        if not _void_tile(s, ev, tile):
            resolve_tile(s, ev, tile, eye=0, how=how)
    return resolve


def _lure_of_the_ring(s: dict, ev: list, side: str, choice: dict) -> None:
    """A companion drawn at random: the Free Peoples choose its level in corruption or its loss."""
    f = s["fellowship"]
    if f["guide"] == "gollum" or not f["companions"]:
        add_corruption(s, ev, 1)
        return
    comp = f["companions"][pick_index(s, f["companions"])]
    log_event(s, ev, "companion_drawn", companion=comp)
    s["ask"].append({"kind": "lure_of_the_ring", "side": FP, "companion": comp, "damage": CHARS[comp]["level"]})


def _lure_corruption(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    add_corruption(s, ev, ask["damage"])


def _lure_lose(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    s["eliminated"].append(ask["companion"])
    log_event(s, ev, "companion_lost", companion=ask["companion"], chosen="card")
    leave_fellowship(s, ev, [ask["companion"]])


def _breaking_of_the_fellowship(s: dict, ev: list, side: str, choice: dict) -> None:
    """A tile's number of companions leave the Fellowship into its region, the Free Peoples choosing
    which (its reveal and stop marks ignored; no separation on the Mordor track)."""
    f = s["fellowship"]
    if f["guide"] == "gollum" or not f["companions"]:
        add_corruption(s, ev, 1)
        return
    tile = pick_tile(s, ev)
    value = TILES[tile]["value"]
    if _void_tile(s, ev, tile) or not isinstance(value, int) or value <= 0 or f["mordor"] is not None:
        return
    n = min(value, len(f["companions"]))
    s["ask"].append({"kind": "breaking_of_the_fellowship", "side": FP, "count": n, "group": []})
    if n == len(f["companions"]):
        _break_off(s, ev, s["ask"][-1], {"group": list(f["companions"])})


def _break_off_actions(s: dict, ask: dict) -> list[Group]:
    return [{"type": "break_off", "group": list(g)} for g in combinations(s["fellowship"]["companions"], ask["count"])]


def _break_off(s: dict, ev: list, ask: dict, action: dict) -> None:
    ask["group"] = list(action["group"])
    separate(s, ev, s["fellowship"]["pos"])          # closes the decision, as a separation does


def _nazgul_with_fellowship(s: dict) -> bool:
    f = s["fellowship"]
    return f["mordor"] is None and (nazgul_at(s, f["pos"]) > 0 or s["chars"].get("witch_king") == f["pos"])


def _move_nazgul_then(card: str) -> Callable[[dict, list, str, dict], None]:
    """Nazgûl Search, The Nazgûl Strike!, The Ringwraiths Are Abroad: move any Nazgûl (the Witch-king
    too, not the Mouth), then the card's `then`."""
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        then(s, SH, card)
        if any(nazgul_at(s, r) for r in s["units"]) or "witch_king" in s["chars"]:
            s["ask"].append({"kind": "move_minions", "side": SH, "moved": ["mouth_of_sauron"], "arrived": {}})
    return resolve


def _nazgul_search_then(s: dict, ev: list, entry: dict) -> None:
    if _nazgul_with_fellowship(s) and s["fellowship"]["hidden"]:
        reveal(s, ev)


def _fp_character_cards_on_table(s: dict) -> list[str]:
    return sorted(c for c in s["table"][FP] if CARDS[c]["deck"] == "character")


def _nazgul_strike_then(s: dict, ev: list, entry: dict) -> None:
    """A Nazgûl next to the Fellowship lets the Shadow choose: throw away one of the Free Peoples'
    Character cards lying on the table, or make a Hunt roll; when none lies there, the roll is made at
    once (nothing else is left to choose)."""
    if not _nazgul_with_fellowship(s):
        return
    if _fp_character_cards_on_table(s):
        s["ask"].append({"kind": "nazgul_strike", "side": SH})
    else:
        hunt_roll(s, ev)


def _strike_actions(s: dict, ask: dict) -> list[WotrAction]:
    out: list[WotrAction] = [{"type": "strike_discard", "card": c} for c in _fp_character_cards_on_table(s)]
    return out + [{"type": "strike_hunt"}]


def _strike_discard(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    leave_table(s, ev, FP, action["card"])


def _strike_hunt(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    hunt_roll(s, ev)


POLITICAL_TOP = 3           # the political track's highest step (the furthest from war)


def _black_captain_options(s: dict, side: str) -> list[dict]:
    """The Witch-king in play: 2 Nazgûl recruited in his region, or any Nazgûl moved; then his army."""
    if "witch_king" not in s["chars"]:
        return []
    return [{"first": "recruit"}, {"first": "move_nazgul"}]


def _black_captain(s: dict, ev: list, side: str, choice: dict) -> None:
    then(s, SH, "sh_char_24")
    if choice["first"] == "recruit":
        recruit_fixed(s, ev, side, "sauron", "nazgul", s["chars"]["witch_king"], 2)
    elif any(nazgul_at(s, r) for r in s["units"]) or "witch_king" in s["chars"]:
        s["ask"].append({"kind": "move_minions", "side": SH, "moved": ["mouth_of_sauron"], "arrived": {}})


def _captain_actions(s: dict, ask: dict) -> list[WotrAction]:
    """The army holding the Witch-king moves (one Army die move from his region) or attacks, or not."""
    where = s["chars"].get("witch_king")
    out: list[WotrAction] = []
    if where is None:
        return [{"type": "captain_none"}]
    if may_move_from(s, SH, where, led=True):
        out.append({"type": "captain_move"})
    out += [{"type": "captain_attack", "to": to} for src, to in attack_targets(s, SH, led=True,
                                                                                sources=frozenset({where}))]
    return out + [{"type": "captain_none"}]


def _black_captain_then(s: dict, ev: list, entry: dict) -> None:
    if len(_captain_actions(s, {})) > 1:
        s["ask"].append({"kind": "black_captain", "side": SH})


def _captain_move(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    move = new_move(SH, 1, led=True)
    move["from"] = s["chars"]["witch_king"]
    s["ask"].append(move)


def _captain_attack(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    start_battle(s, ev, SH, s["chars"]["witch_king"], action["to"], led=True)


# --- armies: moves a card allows, sieges and attacks ----------------------------------------------------

def _gathering(moves: int, reach: int) -> dict:
    """Shadows Gather (one army, three regions), The Shadow Lengthens (two armies, two regions each):
    each ends where another Shadow army stands, not besieged (armies.card_reach)."""
    return new_move(SH, moves, reach=reach, join=True)


def _gather_options(moves: int, reach: int) -> Callable[[dict, str], list[dict]]:
    return lambda s, side: [{}] if any_origin(s, _gathering(moves, reach)) else []


def _gather(moves: int, reach: int) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        s["ask"].append(_gathering(moves, reach))
    return resolve


def _siege_assault_options(holds: Callable[[dict, str], bool]) -> Callable[[dict, str], list[dict]]:
    """Grond, The Fighting Uruk-hai: a Shadow army besieging a Free Peoples Stronghold that may make the
    siege battle, and of which `holds(s, region)` is true."""
    def options(s: dict, side: str) -> list[dict]:
        sieges = besieged_strongholds(s, FP)      # asked at every listing: most of the time no siege
        if not sieges:
            return []
        return [{"region": src} for src, to in attack_targets(s, SH, sources=sieges) if src == to
                and besieged(s, to) == FP and holds(s, src)]
    return options


def _siege_assault(s: dict, ev: list, side: str, choice: dict) -> None:
    """Three rounds before an Elite must be reduced to go on; no Free Peoples combat card in the first
    round without a companion in the Stronghold."""
    start_battle(s, ev, SH, choice["region"], choice["region"], rounds=SIEGE_ROUNDS, fp_card_needs_companion=True)


SIEGE_ROUNDS = 3


def _witch_king_at(s: dict, region: str) -> bool:
    return s["chars"].get("witch_king") == region


def _isengard_unit_at(s: dict, region: str) -> bool:
    """An Isengard army unit in the region (Saruman in play)."""
    u = s["units"][region].get("isengard", {})
    return _saruman(s) and bool(u.get("regular") or u.get("elite"))


def _wraith_armies() -> dict:
    """The Ringwraiths Are Abroad: its army move (two armies holding a Nazgûl or the Witch-king)."""
    return new_move(SH, 2, nazgul=True)


def _wraith_attacks(s: dict) -> list[tuple[str, str]]:
    """The attacks of the Shadow's armies holding a Nazgûl or the Witch-king (only theirs looked at)."""
    armies = army_map(s)
    wraiths = frozenset(r for r in armies[SH] if nazgul_in(s, r, SH, units_of(s, r, SH)))
    return attack_targets(s, SH, armies=armies, sources=wraiths)


def _wraiths_actions(s: dict, ask: dict) -> list[WotrAction]:
    """In a team game (`seat`: who played the card) only the armies that player controls."""
    seat = ask.get("seat")
    move = {**_wraith_armies(), **({"seat": seat} if seat else {})}
    out: list[WotrAction] = [{"type": "wraiths_move"}] if any_origin(s, move) else []
    out += [{"type": "wraiths_attack", "from": src, "to": to} for src, to in _wraith_attacks(s)
            if seat is None or army_controller(s, src, SH) == seat]
    return out + [{"type": "wraiths_none"}] if out else []


def _wraiths_then(s: dict, ev: list, entry: dict) -> None:
    """Once the Nazgûl have flown: two armies with a Nazgûl move, or one attacks, or nothing (not asked
    when neither is possible); decided by the player who played the card."""
    ask = {"kind": "ringwraiths", "side": SH, **({"seat": entry["seat"]} if "seat" in entry else {})}
    if _wraiths_actions(s, ask):
        s["ask"].append(ask)


def _wraiths_move(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    s["ask"].append(_wraith_armies())


def _wraiths_attack(s: dict, ev: list, ask: dict, action: dict) -> None:
    """The army attacks with its Nazgûl: the rearguard may not take the last one (our
    reading: the army attacking is the one with the Nazgûl)."""
    s["ask"].pop()
    start_battle(s, ev, SH, action["from"], action["to"], keep_nazgul=True)


def _nazgul_on_map(s: dict, side: str = SH) -> bool:
    return any(nazgul_at(s, r) for r in s["units"]) or "witch_king" in s["chars"]


UMBAR = "umbar"
GONDOR_COAST = tuple(sorted(r for r in COASTAL if REGIONS[r]["nation"] == "gondor"))


def _corsairs_options(s: dict, side: str) -> list[dict]:
    """The Southrons & Easterlings at war, a Shadow army of Umbar (not a besieged garrison) with a unit
    of a nation at war: any Gondor coastal region."""
    fleet = units_of(s, UMBAR, SH)
    if not at_war(s, "southrons") or besieged(s, UMBAR) == SH or not any(
            at_war(s, n) and (u.get("regular") or u.get("elite")) for n, u in fleet.items()):
        return []
    return [{"region": r} for r in GONDOR_COAST]


def _corsairs(s: dict, ev: list, side: str, choice: dict) -> None:
    """A Free Peoples army in the open there is attacked from the ships: the battle cannot be ceased and
    the winners land (battle options); else the army sails (the usual move decision, one destination),
    and a garrison the Shadow besieges there is then attacked in a siege battle, which may cease."""
    to = choice["region"]
    if has_army_unit(s, to, FP) and besieged(s, to) != FP:
        start_battle(s, ev, SH, UMBAR, to, no_cease=True, committed=True)
        return
    if has_army_unit(s, to, FP):
        then(s, SH, "sh_str_10", region=to)
    move = new_move(SH, 1, targets=[to])
    move["from"] = UMBAR
    s["ask"].append(move)


def _corsairs_then(s: dict, ev: list, entry: dict) -> None:
    to = entry["region"]
    if (to, to) in attack_targets(s, SH):
        start_battle(s, ev, SH, to, to)


# --- politics ---------------------------------------------------------------------------------------------

def _stormcrow_options(s: dict, side: str) -> list[dict]:
    """A Free Peoples nation not at war whose land holds the Fellowship or a companion."""
    f = s["fellowship"]
    places = [c_region for c, c_region in s["chars"].items() if CHARS[c]["side"] == FP]
    if f["mordor"] is None:
        places.append(f["pos"])
    nations = {REGIONS[r]["nation"] for r in places}
    return [{"nation": n} for n in FP_NATIONS if n in nations and not at_war(s, n)]


def _stormcrow_losses(s: dict, nation: str) -> list[RemoveFigure]:
    return [{"type": "remove_figure", "region": r, "kind": k} for r in sorted(s["units"])
            for k in ("regular", "elite", "leader") if s["units"][r].get(nation, {}).get(k)]


def _stormcrow(s: dict, ev: list, side: str, choice: dict) -> None:
    nation = choice["nation"]
    step = min(s["politics"][nation]["step"] + 1, POLITICAL_TOP)
    set_politics(s, nation, step=step)
    log_event(s, ev, "political_retreat", nation=nation, step=step)
    losses = _stormcrow_losses(s, nation)
    if losses:
        s["ask"].append({"kind": "stormcrow", "side": FP, "nation": nation})
        if len(losses) == 1:                         # no choice: applied at once
            _remove_figure(s, ev, s["ask"][-1], losses[0])


def _stormcrow_actions(s: dict, ask: dict) -> list[RemoveFigure]:
    return _stormcrow_losses(s, ask["nation"])


def _remove_figure(s: dict, ev: list, ask: dict, action: Mapping[str, Any]) -> None:
    """A Free Peoples figure lost for good; a leader left without an army unit of its side goes too."""
    s["ask"].pop()
    region, nation = action["region"], ask["nation"]
    add_units(s, region, nation, action["kind"], -1)
    log_event(s, ev, "casualty", side=FP, region=region, nation=nation, kind=action["kind"])
    if not has_army_unit(s, region, FP):
        for n, u in sorted(units_of(s, region, FP).items()):
            if u.get("leader"):
                add_units(s, region, n, "leader", -u["leader"])
                log_event(s, ev, "casualty", side=FP, region=region, nation=n, kind="leader", count=u["leader"])
        garrison_lost(s, ev, FP, region)


# --- cards that stay on the table -------------------------------------------------------------------------

def _to_table(card: str) -> Callable[[dict, list, str, dict], None]:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        put_on_table(s, ev, side, card)
    return resolve


def _balrog_draw(s: dict, ev: list, ask: dict, action: dict) -> None:
    """Balrog of Moria leaves the table for one more tile, resolved as after a successful Hunt (an Eye
    does nothing; no reveal after a declaration in a Free Peoples City or Stronghold)."""
    s["ask"].pop()
    leave_table(s, ev, SH, BALROG)
    tile = pick_tile(s, ev)
    if not _void_tile(s, ev, tile):
        resolve_tile(s, ev, tile, eye=0, can_reveal=ask["can_reveal"])


def _saruman(s: dict, side: str = SH) -> bool:
    return in_play(s, "saruman")


def after_event_die(s: dict, side: str, card: str) -> None:
    """The Palantír of Orthanc on the Shadow's table: another card played with an Event die draws a card
    once its effect is over (the Palantír's own play does not: it is not on the table yet)."""
    if side == SH and "sh_char_21" in s["table"][SH] and card != "sh_char_21":
        then(s, SH, "sh_char_21")


def _palantir_then(s: dict, ev: list, entry: dict) -> None:
    if any(s["decks"][SH].values()):
        s["ask"].append({"kind": "palantir", "side": SH})


def _palantir_draw(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    draw(s, ev, SH, action["deck"])
    check_hand_limit(s, SH)


def _minas_tirith_besieged(s: dict, side: str = SH) -> bool:
    return besieged(s, "minas_tirith") == FP


def _denethors_folly_options(s: dict, side: str) -> list[dict]:
    """Besieged Minas Tirith: which nation's leader there is eliminated (no choice without a leader)."""
    if not _minas_tirith_besieged(s):
        return []
    leaders = [n for n, u in sorted(units_of(s, "minas_tirith", FP).items()) if u.get("leader")]
    return [{"nation": n} for n in leaders] or [{}]


def _denethors_folly(s: dict, ev: list, side: str, choice: dict) -> None:
    if "nation" in choice:
        add_units(s, "minas_tirith", choice["nation"], "leader", -1)
        log_event(s, ev, "casualty", side=FP, region="minas_tirith", nation=choice["nation"], kind="leader")
    put_on_table(s, ev, side, "sh_str_03")


def _crebain(use: bool) -> Callable[[dict, list, dict, dict], None]:
    """Flocks of Crebain, before a Hunt roll: discarded for +1 to every die, or kept."""
    def handler(s: dict, ev: list, ask: dict, action: dict) -> None:
        s["ask"].pop()
        if use:
            leave_table(s, ev, SH, "sh_char_16")
        hunt_roll(s, ev, ask["bonus"] + use, crebain=False)
    return handler


def _sorrow_actions(s: dict, ask: dict) -> list[WotrAction]:
    """Worn with Sorrow and Toil: a Free Peoples Character card at random from their hand (offered on
    the hand's size alone, which is public), one from their table, or none."""
    out: list[WotrAction] = [{"type": "sorrow_hand"}] if hand(s, FP) else []
    out += [{"type": "sorrow_table", "card": c} for c in _fp_character_cards_on_table(s)]
    return out + [{"type": "sorrow_none"}]


def _sorrow_hand(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    fp_hand = hand(s, FP)
    chars = [c for c in fp_hand if CARDS[c]["deck"] == "character"]
    if not chars:
        log_event(s, ev, "no_card_discarded", side=FP)
        return
    card = chars[pick_index(s, chars)]
    fp_hand.remove(card)
    s["discards"] = {**s["discards"], FP: s["discards"][FP] + [card]}     # shared: replaced, not changed
    log_event(s, ev, "card_discarded", side=FP, card=card)


def _sorrow_table(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    leave_table(s, ev, FP, action["card"])


def _close(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()


# --- armies ----------------------------------------------------------------------------------------------

def _hill_trolls_options(s: dict, side: str) -> list[dict]:
    """Two Sauron Regulars of the map (in one region or two) while the reinforcements hold an Elite."""
    if not at_war(s, "sauron") or not s["reinforcements"]["sauron"].get("elite", 0):
        return []
    have = {r: u["sauron"].get("regular", 0) for r, u in s["units"].items() if "sauron" in u}
    regions = sorted(r for r, n in have.items() if n)
    return [{"regions": list(p)} for p in combinations_with_replacement(regions, 2)
            if p[0] != p[1] or have[p[0]] >= 2]


def _hill_trolls(s: dict, ev: list, side: str, choice: dict) -> None:
    for region in choice["regions"]:
        if not s["reinforcements"]["sauron"].get("elite", 0):
            break                          # one Elite left: the effect goes as far as it can
        add_units(s, region, "sauron", "regular", -1)
        add_reinforcements(s, "sauron", "regular", 1)
        add_units(s, region, "sauron", "elite", 1)
        add_reinforcements(s, "sauron", "elite", -1)
        log_event(s, ev, "unit_promoted", side=side, nation="sauron", region=region)


def _shadow_is_moving_options(s: dict, side: str) -> list[dict]:
    return [{}] if all_shadow_at_war(s, side) and may_move_army(s, SH) else []


def _shadow_is_moving(s: dict, ev: list, side: str, choice: dict) -> None:
    """Up to four different armies, one region each: the Army die's move decision with four moves."""
    s["ask"].append(new_move(SH, 4))


DUNLAND = ("north_dunland", "south_dunland")
DUNLANDINGS_MOVE = 4          # Isengard units Rage of the Dunlendings may bring from the Dunlands


def _dunlendings_options(s: dict, side: str) -> list[dict]:
    """A region next to a Dunland, free of Free Peoples armies and settlements (Isengard at war)."""
    if not at_war(s, "isengard"):
        return []
    near = sorted({r for d in DUNLAND for r in ADJ[d]})
    return [{"region": r} for r in near if may_recruit_in(s, r, SH, free=True)]


def _rage_of_the_dunlendings(s: dict, ev: list, side: str, choice: dict) -> None:
    recruit_fixed(s, ev, side, "isengard", "regular", choice["region"], 2)
    s["ask"].append({"kind": "dunlendings", "side": SH, "to": choice["region"], "moved": 0})
    if not _dunlendings_actions(s, s["ask"][-1])[:-1]:
        s["ask"].pop()                               # nothing to bring: no decision


def _dunlendings_actions(s: dict, ask: dict) -> list[WotrAction]:
    """One Isengard Regular or Elite at a time from a Dunland (not the target itself), up to four."""
    out: list[WotrAction] = []
    if ask["moved"] < DUNLANDINGS_MOVE:
        out = [{"type": "dunland_move", "from": d, "kind": k} for d in DUNLAND if d != ask["to"]
               for k in ("regular", "elite") if s["units"].get(d, {}).get("isengard", {}).get(k)]
    return out + [{"type": "dunland_done"}]


def _dunland_move(s: dict, ev: list, ask: dict, action: dict) -> None:
    src, to, kind = action["from"], ask["to"], action["kind"]
    add_units(s, src, "isengard", kind, -1)
    add_units(s, to, "isengard", kind, 1)
    log_event(s, ev, "army_moved", side=SH, **{"from": src}, to=to, units={"isengard": {kind: 1}}, characters=[])
    ask["moved"] += 1
    if len(_dunlendings_actions(s, ask)) == 1:
        _dunlendings_done(s, ev, ask, action)


def _dunlendings_done(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    check_stacking(s, SH)


def _dreadful_spells_options(s: dict, side: str) -> list[dict]:
    """A Shadow army with Nazgûl, and a Free Peoples army in its region or next to it."""
    out = []
    for r in sorted(s["units"]):
        if nazgul_at(s, r) and has_army_unit(s, r, SH):
            out += [{"from": r, "region": t} for t in sorted({r, *ADJ[r]}) if has_army_unit(s, t, FP)]
    return out


def _dreadful_spells(s: dict, ev: list, side: str, choice: dict) -> None:
    dice = [roll(s) for _ in range(min(nazgul_at(s, choice["from"]), 5))]
    log_event(s, ev, "card_roll", card="sh_char_19", dice=dice, need=5)
    card_hits(s, ev, FP, choice["region"], sum(d >= 5 for d in dice))


ELVEN_STRONGHOLDS = ("grey_havens", "lorien", "rivendell", "woodland_realm")


def _return_to_valinor(s: dict, ev: list, side: str, choice: dict) -> None:
    """Each Elven Stronghold region not under siege: a die per Elven unit (5 at most), each 6 a hit."""
    for r in ELVEN_STRONGHOLDS:
        elves = s["units"].get(r, {}).get("elves", {})
        n = min(elves.get("regular", 0) + elves.get("elite", 0), 5)
        if n and not besieged(s, r):
            dice = [roll(s) for _ in range(n)]
            log_event(s, ev, "card_roll", card="sh_str_01", dice=dice, need=6)
            card_hits(s, ev, FP, r, dice.count(6))


# Southron & Easterling regions on the map's eastern edge (ruling: North Rhûn lies west of East Rhûn).
EASTERN_EDGE = ("east_rhun", "far_harad", "khand", "south_rhun")


def _hordes_options(s: dict, side: str) -> list[dict]:
    if not at_war(s, "southrons"):
        return []
    return [{"region": r} for r in EASTERN_EDGE if may_recruit_in(s, r, SH, free=True)]


def _hordes_from_the_east(s: dict, ev: list, side: str, choice: dict) -> None:
    recruit_fixed(s, ev, side, "southrons", "regular", choice["region"], 5)


SHADOW_CARDS: dict[str, EventCard] = {
    "sh_char_01": EventCard(no_choice(), _special_tile("sh_char_01")),                     # Shelob's Lair
    "sh_char_02": EventCard(no_choice(), _special_tile("sh_char_02")),                     # The Ring is Mine!
    "sh_char_03": EventCard(no_choice(), _special_tile("sh_char_03")),                     # On, On They Went
    "sh_char_04": EventCard(no_choice(), _special_tile("sh_char_04")),                     # Give it to Uss!
    "sh_char_05": EventCard(no_choice(away_from_fp_settlements), _tile_hunt(None)),        # Orc Patrol
    "sh_char_06": EventCard(no_choice(away_from_fp_settlements), _tile_hunt("unreduced")), # Isildur's Bane
    "sh_char_07": EventCard(no_choice(away_from_fp_settlements), _tile_hunt("random")),    # Foul Thing from the Deep
    "sh_char_08": EventCard(no_choice(away_from_fp_settlements), _candles_of_corpses),    # Candles of Corpses
    "sh_char_08b": EventCard(no_choice(_on_the_track), _move_nazgul_then("sh_char_08b"),   # The Nazgûl Strike!
                             then=_nazgul_strike_then),
    "sh_char_09": EventCard(no_choice(_on_the_track), _move_nazgul_then("sh_char_09"),     # Nazgûl Search
                            then=_nazgul_search_then),
    "sh_char_10": EventCard(_cruel_weather_options, _cruel_weather),                       # Cruel Weather
    "sh_char_24": EventCard(_black_captain_options, _black_captain, then=_black_captain_then),   # The Black Captain Commands
    "sh_char_12": EventCard(no_choice(revealed), _morgul_wound),                           # Morgul Wound
    "sh_char_13": EventCard(no_choice(revealed), _lure_of_the_ring),                       # Lure of the Ring
    "sh_char_14": EventCard(no_choice(revealed), _breaking_of_the_fellowship),             # The Breaking of the Fellowship
    "sh_str_06": EventCard(_stormcrow_options, _stormcrow),                                # Stormcrow
    "sh_char_15": EventCard(no_choice(), _to_table("sh_char_15")),                         # Worn with Sorrow and Toil
    "sh_char_16": EventCard(no_choice(), _to_table("sh_char_16")),                         # Flocks of Crebain
    "sh_char_21": EventCard(no_choice(_saruman), _to_table("sh_char_21"),                  # The Palantír of Orthanc
                            then=_palantir_then, stays_while=_saruman),
    "sh_char_22": EventCard(no_choice(_saruman), _to_table("sh_char_22"),                  # Wormtongue
                            stays_while=_saruman),
    "sh_str_03": EventCard(_denethors_folly_options, _denethors_folly,                     # Denethor's Folly
                           stays_while=_minas_tirith_besieged),
    "sh_str_05": EventCard(no_choice(), _to_table("sh_str_05")),                           # Threats and Promises
    "sh_char_17": EventCard(no_choice(), _to_table(BALROG)),                               # Balrog of Moria
    "sh_str_15": EventCard(_hill_trolls_options, _hill_trolls),                            # Hill-Trolls
    "sh_str_09": EventCard(_shadow_is_moving_options, _shadow_is_moving),                  # The Shadow is Moving
    "sh_str_11": EventCard(_dunlendings_options, _rage_of_the_dunlendings),                # Rage of the Dunlendings
    "sh_char_19": EventCard(_dreadful_spells_options, _dreadful_spells),                   # Dreadful Spells
    "sh_str_01": EventCard(no_choice(lambda s, side: any(controller(s, r) == SH for r in ELVEN_STRONGHOLDS)),
                           _return_to_valinor),                                            # Return to Valinor
    "sh_str_21": EventCard(_hordes_options, _hordes_from_the_east),                        # Hordes From the East
    "sh_char_20": EventCard(_siege_assault_options(_witch_king_at), _siege_assault),       # Grond, Hammer of the Underworld
    "sh_str_02": EventCard(_siege_assault_options(_isengard_unit_at), _siege_assault),     # The Fighting Uruk-hai
    "sh_str_07": EventCard(_gather_options(1, 3), _gather(1, 3)),                          # Shadows Gather
    "sh_str_08": EventCard(_gather_options(2, 2), _gather(2, 2)),                          # The Shadow Lengthens
    "sh_str_10": EventCard(_corsairs_options, _corsairs, then=_corsairs_then),              # Corsairs of Umbar
    "sh_char_23": EventCard(no_choice(_nazgul_on_map), _move_nazgul_then("sh_char_23"),    # The Ringwraiths Are Abroad
                            then=_wraiths_then),

    "sh_char_18": EventCard(_lidless_eye_choices, _lidless_eye),                           # The Lidless Eye
    "sh_str_04": EventCard(no_choice(all_shadow_at_war), _day_without_dawn),               # The Day Without Dawn
    "sh_str_12": EventCard(no_choice(lambda s, side: in_play(s, "witch_king")),            # Return of the Witch-king
                           _witch_king_returns),
    "sh_str_13": EventCard(_one_unit_options("isengard"), _one_unit("isengard")),          # Half-orcs and Goblin-men
    "sh_str_14": EventCard(_one_unit_options("sauron"), _one_unit("sauron")),              # Olog-hai
    "sh_str_16": EventCard(_new_power_options, _new_power),                                # A New Power is Rising
    "sh_str_17": EventCard(_three_places("southrons", ("far_harad", "near_harad", "north_rhun",   # Many Kings...
                                                       "south_rhun", "umbar"), False), _two_regulars_each("southrons")),
    "sh_str_18": EventCard(no_choice(lambda s, side: in_play(s, "aragorn")), recruits(     # The King is Revealed
        ("sauron", "regular", "minas_morgul", 5), ("sauron", "nazgul", "minas_morgul", 1))),
    "sh_str_19": EventCard(_misty_mountains_options, _misty_mountains),                    # Shadows on the Misty Mountains
    "sh_str_20": EventCard(no_choice(), recruits(                                          # Orcs Multiplying Again
        ("sauron", "regular", "dol_guldur", 3), ("sauron", "regular", "mount_gundabad", 3))),
    "sh_str_22": EventCard(no_choice(), recruits(                                          # Monsters Roused
        ("sauron", "regular", "angmar", 1), ("sauron", "regular", "ettenmoors", 1),
        ("sauron", "regular", "weather_hills", 1), ("sauron", "elite", "trollshaws", 1))),
    "sh_str_23": EventCard(no_choice(all_shadow_at_war), recruits(                         # Musterings of Long-planned War
        ("southrons", "regular", "gorgoroth", 5), ("sauron", "regular", "nurn", 5))),
    "sh_str_24": EventCard(_three_places("sauron", ("barad_dur", "dol_guldur", "minas_morgul",   # Pits of Mordor
                                                    "morannon", "moria", "mount_gundabad"), True),
                           _two_regulars_each("sauron")),
}

SHADOW_DECISIONS: dict[str, CardDecision] = {
    "lure_of_the_ring": CardDecision(lambda s, ask: [{"type": "lure_corruption"}, {"type": "lure_lose"}],
                                     {"lure_corruption": _lure_corruption, "lure_lose": _lure_lose}),
    "breaking_of_the_fellowship": CardDecision(_break_off_actions, {"break_off": _break_off}),
    "nazgul_strike": CardDecision(_strike_actions, {"strike_discard": _strike_discard, "strike_hunt": _strike_hunt}),
    "stormcrow": CardDecision(_stormcrow_actions, {"remove_figure": _remove_figure}),
    "palantir": CardDecision(lambda s, ask: [{"type": "palantir_draw", "deck": d} for d in ("character", "strategy")
                                             if s["decks"][SH][d]], {"palantir_draw": _palantir_draw}),
    "crebain": CardDecision(lambda s, ask: [{"type": "crebain_discard"}, {"type": "crebain_keep"}],
                            {"crebain_discard": _crebain(True), "crebain_keep": _crebain(False)}),
    "black_captain": CardDecision(_captain_actions, {"captain_move": _captain_move, "captain_attack": _captain_attack,
                                                     "captain_none": _close}),
    "ringwraiths": CardDecision(_wraiths_actions, {"wraiths_move": _wraiths_move, "wraiths_attack": _wraiths_attack,
                                                   "wraiths_none": _close}),
    "balrog": CardDecision(lambda s, ask: [{"type": "balrog_draw"}, {"type": "balrog_keep"}],
                           {"balrog_draw": _balrog_draw, "balrog_keep": _close}),
    "dunlendings": CardDecision(_dunlendings_actions, {"dunland_move": _dunland_move, "dunland_done": _dunlendings_done}),
    "worn_with_sorrow": CardDecision(_sorrow_actions, {"sorrow_hand": _sorrow_hand, "sorrow_table": _sorrow_table,
                                                       "sorrow_none": _close}),
}
