"""The Free Peoples' event halves (cards fp_char_*, fp_str_*): each implemented card is one entry of
FP_CARDS (effects.EventCard). docs/wotr.md lists every card's status."""
from __future__ import annotations

from collections.abc import Callable
from itertools import chain, combinations, product

from engine.wotr.armies import (
    SETTLEMENTS,
    SHELTERS,
    army_units,
    besieged,
    besieged_strongholds,
    card_reach,
    chars_at,
    check_stacking,
    enter,
    may_cross,
    new_move,
    transfer,
)
from engine.wotr.battle import attack_targets
from engine.wotr.battle import start as start_battle
from engine.wotr.cards.decks import throw
from engine.wotr.cards.effects import (
    CardDecision,
    EventCard,
    always,
    card_hits,
    card_roll,
    destroy_army,
    draw_cards,
    heal,
    leave_table,
    may_recruit_in,
    no_choice,
    put_on_table,
    recruit_fixed,
    then,
)
from engine.wotr.characters import activate_by_character, may_move_companions
from engine.wotr.coast import COASTAL
from engine.wotr.fellowship import may_move, may_separate
from engine.wotr.hunt import pick_tile, special_tile_in_play
from engine.wotr.politics import activate, auto_advance, set_at_war
from engine.wotr.seats import hand
from engine.wotr.state import (
    ADJ,
    CARDS,
    CHARS,
    FP,
    FP_NATIONS,
    NEIGHBOURS,
    REGIONS,
    SH,
    TILES,
    add_reinforcements,
    add_units,
    at_war,
    controller,
    has_army_unit,
    in_play,
    log_event,
    nazgul_at,
    place_char,
    roll,
    strongholds_of,
    units_of,
)
from engine.wotr.types import ShelterDiscard, WotrAction

UNIT = "unit"        # in a card's placements: a Regular or an Elite, the player's choice
COMPANION_KINDS = ("companion", "upgrade")      # Aragorn and Gandalf the White are companions too


def _unit_kinds(s: dict, nation: str) -> list[str]:
    """The kinds a "Regular or Elite" may be: those the reinforcements still hold (a Regular when neither
    is left, so that the card's other effects still happen)."""
    return [k for k in ("regular", "elite") if s["reinforcements"][nation].get(k, 0)] or ["regular"]


def _kind_choices(s: dict, nations: list[str]) -> list[dict]:
    """One choice of kind per chosen unit: `kind` for one, `kinds` (in the card's order) for several."""
    if not nations:
        return [{}]
    combos = product(*(_unit_kinds(s, n) for n in nations))
    return [{"kind": c[0]} if len(c) == 1 else {"kinds": list(c)} for c in combos]


def _chosen_kinds(choice: dict) -> list[str]:
    return [choice["kind"]] if "kind" in choice else list(choice.get("kinds", []))


def _recruit_card(*placements: tuple[str, str, str, int], draws: int = 0,
                  condition: Callable[[dict, str], bool] = always) -> EventCard:
    """A card recruiting fixed figures ((nation, kind or UNIT, region, count) each: UNIT is a Regular or
    Elite the player chooses), then drawing `draws` Strategy cards."""
    chosen = [nation for nation, kind, _, _ in placements if kind == UNIT]

    def options(s: dict, side: str) -> list[dict]:
        return _kind_choices(s, chosen) if condition(s, side) else []

    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        kinds = iter(_chosen_kinds(choice))
        for nation, kind, region, n in placements:
            recruit_fixed(s, ev, side, nation, next(kinds) if kind == UNIT else kind, region, n)
        draw_cards(s, ev, side, "strategy", draws)
    return EventCard(options, resolve)


def _companions_at(s: dict, region: str) -> list[str]:
    return sorted(c for c, r in s["chars"].items() if r == region and CHARS[c]["kind"] in COMPANION_KINDS)


def _companion_regions(s: dict) -> set[str]:
    """The regions holding a companion (the cards asking for an army with a companion look only there)."""
    return {r for c, r in s["chars"].items() if CHARS[c]["kind"] in COMPANION_KINDS}


def _special_tile(card: str) -> EventCard:
    """Elven Cloaks, Elven Rope, Phial of Galadriel, Sméagol Helps Nice Master: the card's special tile."""
    tile = next(t for t, d in TILES.items() if d["card"] == card)
    return EventCard(no_choice(), lambda s, ev, side, choice: special_tile_in_play(s, ev, tile))


def _bilbos_song(s: dict, ev: list, side: str, choice: dict) -> None:
    heal(s, ev, 2 if s["fellowship"]["guide"] == "gollum" else 1)


def _athelas(s: dict, ev: list, side: str, choice: dict) -> None:
    heal(s, ev, card_roll(s, ev, "fp_char_09", 3, 3 if s["fellowship"]["guide"] == "strider" else 5))


def _wisdom_of_elrond_options(s: dict, side: str) -> list[dict]:
    return [{"nation": n} for n in FP_NATIONS]


def _wisdom_of_elrond(s: dict, ev: list, side: str, choice: dict) -> None:
    activate(s, ev, choice["nation"])
    auto_advance(s, ev, choice["nation"])


def _red_arrow_options(s: dict, side: str) -> list[dict]:
    return _kind_choices(s, ["rohan"]) if s["politics"]["gondor"]["active"] else []


def _red_arrow(s: dict, ev: list, side: str, choice: dict) -> None:
    auto_advance(s, ev, "rohan")
    recruit_fixed(s, ev, side, "rohan", choice["kind"], "edoras", 1)
    recruit_fixed(s, ev, side, "rohan", "leader", "edoras", 1)


def _there_is_another_way(s: dict, ev: list, side: str, choice: dict) -> None:
    """With Gollum guiding, the Free Peoples then choose: move or hide the Fellowship (no die), or not."""
    heal(s, ev, 1)
    f = s["fellowship"]
    if f["guide"] == "gollum" and (may_move(s) or not f["hidden"]):
        s["ask"].append({"kind": "card_fellowship", "side": FP})


def _mirror_of_galadriel(s: dict, ev: list, side: str, choice: dict) -> None:
    """An unused Character die becomes a Will of the West (if one is left after paying); one corruption
    healed when the Fellowship is in a Lórien its side still holds."""
    dice = s["dice"][FP]
    if "character" in dice:
        dice.remove("character")
        dice.append("will_of_the_west")
        dice.sort()
        log_event(s, ev, "die_changed", side=FP, face="character", to="will_of_the_west")
    f = s["fellowship"]
    if f["mordor"] is None and f["pos"] == "lorien" and controller(s, "lorien") == FP:
        heal(s, ev, 1)


def _riders_of_theoden_options(s: dict, side: str) -> list[dict]:
    """Edoras, or a Rohan region holding a companion, where a card may recruit."""
    places = {"edoras"} | {r for r in _companion_regions(s) if REGIONS[r]["nation"] == "rohan"}
    return [{"region": r, **k} for r in sorted(places) if may_recruit_in(s, r, FP)
            for k in _kind_choices(s, ["rohan"])]


def _eomer_options(s: dict, side: str) -> list[dict]:
    """A free Rohan region with a settlement (a Town, City or Stronghold: the Fords of Isen are a
    Fortification)."""
    return [{"region": r, **k} for r, d in sorted(REGIONS.items()) if d["nation"] == "rohan"
            and d["settlement"] in SETTLEMENTS and may_recruit_in(s, r, FP, free=True)
            for k in _kind_choices(s, ["rohan"])]


def _rohan_unit_and_leader(s: dict, ev: list, side: str, choice: dict) -> None:
    recruit_fixed(s, ev, side, "rohan", choice["kind"], choice["region"], 1)
    recruit_fixed(s, ev, side, "rohan", "leader", choice["region"], 1)


def _cirdans_ships_options(s: dict, side: str) -> list[dict]:
    """The Elves at war: a coastal region holding a Free Peoples army, where a card may recruit, and the
    two units' kinds (as a multiset: the same two units in either order are one choice)."""
    if not at_war(s, "elves"):
        return []
    kinds = sorted({tuple(sorted(c["kinds"])) for c in _kind_choices(s, ["elves", "elves"])})
    return [{"region": r, "kinds": list(k)} for r in sorted(COASTAL)
            if has_army_unit(s, r, FP) and may_recruit_in(s, r, FP) for k in kinds]


def _cirdans_ships(s: dict, ev: list, side: str, choice: dict) -> None:
    for kind in choice["kinds"]:
        recruit_fixed(s, ev, side, "elves", kind, choice["region"], 1)


def _boromir_in_gondor(s: dict) -> str | None:
    region = s["chars"].get("boromir")
    return region if region is not None and REGIONS[region]["nation"] == "gondor" else None


def _house_of_the_stewards_options(s: dict, side: str) -> list[dict]:
    return _kind_choices(s, ["gondor"]) if _boromir_in_gondor(s) else []


def _house_of_the_stewards(s: dict, ev: list, side: str, choice: dict) -> None:
    recruit_fixed(s, ev, side, "gondor", choice["kind"], s["chars"]["boromir"], 1)
    draw_cards(s, ev, side, "strategy", 2)


def _strider_with_army(s: dict) -> str | None:
    """The region of Strider or Aragorn when a Free Peoples army stands there."""
    for who in ("strider", "aragorn"):
        region = s["chars"].get(who)
        if region is not None and has_army_unit(s, region, FP):
            return region
    return None


def _grey_company_options(s: dict, side: str) -> list[dict]:
    """The nations whose Regular there can give way to an Elite from the reinforcements (none: the card
    only draws)."""
    region = _strider_with_army(s)
    if region is None:
        return []
    here = s["units"][region]
    swaps = [{"nation": n} for n in sorted(here) if n in FP_NATIONS and here[n].get("regular")
             and s["reinforcements"][n].get("elite")]
    return swaps or [{}]


def _grey_company(s: dict, ev: list, side: str, choice: dict) -> None:
    """The Regular is eliminated (a Free Peoples unit: out of the game) and an Elite takes its place."""
    region, nation = _strider_with_army(s), choice.get("nation")
    if region is not None and nation is not None:
        add_units(s, region, nation, "regular", -1)
        add_reinforcements(s, nation, "elite", -1)
        add_units(s, region, nation, "elite", 1)
        log_event(s, ev, "unit_replaced", region=region, nation=nation, kind="regular", to="elite")
    draw_cards(s, ev, side, "strategy", 2)


def _aragorn_outside_fp_nations(s: dict, side: str) -> bool:
    region = s["chars"].get("aragorn")
    return (region is not None and has_army_unit(s, region, FP)
            and REGIONS[region]["nation"] not in FP_NATIONS)


def _the_last_battle(s: dict, ev: list, side: str, choice: dict) -> None:
    """Stays for the rest of the game: fellowship.move then keeps its dice out of the Hunt box."""
    put_on_table(s, ev, side, "fp_str_01")


def _strider_in(s: dict, nations: tuple[str, ...], with_army: bool) -> str | None:
    """Strider or Aragorn on the map in a region of these nations (with a Free Peoples army)."""
    for who in ("strider", "aragorn"):
        region = s["chars"].get(who)
        if (region is not None and REGIONS[region]["nation"] in nations
                and (not with_army or has_army_unit(s, region, FP))):
            return who
    return None


def _challenge_of_the_king(s: dict, ev: list, side: str, choice: dict) -> None:
    """Three tiles: three Eyes go back and cost Strider/Aragorn; otherwise the Eyes leave the game and
    the rest go back, none of them acting."""
    h = s["hunt"]
    tiles = [pick_tile(s, ev) for _ in range(3)]
    h["drawn"] = [t for t in h["drawn"] if t not in tiles]
    eyes = [t for t in tiles if TILES[t]["value"] == "eye"]
    back = tiles if len(eyes) == 3 else [t for t in tiles if t not in eyes]
    h["pool"] = sorted(h["pool"] + back)
    for t in back:
        log_event(s, ev, "hunt_tile_returned", tile=t)
    if len(eyes) == 3:
        who = _strider_in(s, ("gondor", "rohan"), True)
        if who is not None:
            region = s["chars"][who]
            place_char(s, who, None)
            s["eliminated"].append(who)
            log_event(s, ev, "character_eliminated", character=who, region=region)
    elif eyes:
        h["removed"] = h["removed"] + eyes
        log_event(s, ev, "hunt_tiles_removed", tiles=eyes)


# --- cards moving companions: they open the separate or move_companions decision with the card's reach
# (characters.group_reach) and do their "then" once it is over (EventCard.after) -------------------------

def _companion_card(card: str, modes: tuple[str, ...], after: Callable[[dict, list], None] | None = None,
                    **reach) -> EventCard:
    """Separate ("separate") and/or move ("move") one companion or group, with `reach` (bonus, level,
    siege_ok) in the decision; a card offering both modes carries `mode` in its action."""
    def options(s: dict, side: str) -> list[dict]:
        open_modes = [m for m in modes if (may_separate(s) if m == "separate" else may_move_companions(s))]
        return [{"mode": m} for m in open_modes] if len(modes) > 1 else [{}] if open_modes else []

    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        if choice.get("mode", modes[0]) == "separate":
            s["ask"].append({"kind": "separate", "side": FP, "group": [], "card": card, **reach})
        else:
            s["ask"].append({"kind": "move_companions", "side": FP, "moved": [], "once": True, "card": card,
                             **reach})
    return EventCard(options, resolve, after)


def _companion_in(s: dict, regions: tuple[str, ...], who: tuple[str, ...] | None = None) -> bool:
    """A companion on the map (one of `who`, when given) in one of `regions`."""
    return any(r in regions and CHARS[c]["kind"] in COMPANION_KINDS and (who is None or c in who)
               for c, r in s["chars"].items())


def _heal_one(s: dict, ev: list) -> None:
    heal(s, ev, 1)


def _there_and_back_again(s: dict, ev: list) -> None:
    if _companion_in(s, ("dale", "erebor", "woodland_realm"), ("gimli", "legolas")):
        for nation in ("dwarves", "north"):
            activate(s, ev, nation)
        for nation in ("dwarves", "elves", "north"):
            auto_advance(s, ev, nation)


def _companions_rouse(card: str, nation: str, regions: tuple[str, ...]) -> EventCard:
    """Book of Mazarbul, Fear! Fire! Foes!: move any companions outside the Fellowship (a decision, when
    one can move), then a companion in one of `regions` makes the nation active and at war."""
    def after(s: dict, ev: list) -> None:
        if _companion_in(s, regions):
            activate(s, ev, nation)
            set_at_war(s, ev, nation)

    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        if may_move_companions(s):
            s["ask"].append({"kind": "move_companions", "side": FP, "moved": [], "card": card})
        else:
            after(s, ev)
    return EventCard(no_choice(), resolve, after)


# --- cards scoring hits on a Shadow army (effects.card_hits: the Shadow takes them) ----------------

def _spirit_of_mordor_options(s: dict, side: str) -> list[dict]:
    """A Shadow army with army units of two Shadow nations or more."""
    # (listed whenever the card is in hand: a region holding one nation only is passed over at once)
    return [{"region": r} for r, here in sorted(s["units"].items()) if len(here) >= 2 and sum(
        1 for n, u in units_of(s, r, SH).items() if u.get("regular") or u.get("elite")) >= 2]


def _spirit_of_mordor(s: dict, ev: list, side: str, choice: dict) -> None:
    card_hits(s, ev, SH, choice["region"], card_roll(s, ev, "fp_str_05", 5, 5))


def _faramirs_rangers_options(s: dict, side: str) -> list[dict]:
    """A Shadow army in Osgiliath or Ithilien; with a Free Peoples army in Osgiliath, the kind of the
    Gondor unit recruited there too."""
    regions = [r for r in ("north_ithilien", "osgiliath", "south_ithilien") if has_army_unit(s, r, SH)]
    kinds = _kind_choices(s, ["gondor"]) if has_army_unit(s, "osgiliath", FP) else [{}]
    return [{"region": r, **k} for r in regions for k in kinds]


def _faramirs_rangers(s: dict, ev: list, side: str, choice: dict) -> None:
    """The recruiting does not hang on the Shadow's casualties (no Free Peoples army stands where the
    Shadow's does), so it is done at once, the Shadow choosing its casualties after."""
    card_hits(s, ev, SH, choice["region"], card_roll(s, ev, "fp_str_06", 3, 5))
    if "kind" in choice:
        recruit_fixed(s, ev, side, "gondor", choice["kind"], "osgiliath", 1)
        recruit_fixed(s, ev, side, "gondor", "leader", "osgiliath", 1)


def _ents_condition(s: dict, side: str) -> bool:
    return in_play(s, "gandalf_white") and bool(_companions_at(s, "fangorn"))


def _the_ents_awake(card: str) -> EventCard:
    """Treebeard, Huorns, Entmoot: three dice at 4+ on the Shadow army in Orthanc (Saruman alone there
    is eliminated); then, Gandalf the White in Fangorn or Rohan, another Character card may be played
    without a die (decision `card_extra_play`, taken once the Shadow has taken its hits)."""
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        gandalf = s["chars"].get("gandalf_white")
        if gandalf == "fangorn" or (gandalf is not None and REGIONS[gandalf]["nation"] == "rohan"):
            s["ask"].append({"kind": "card_extra_play", "side": FP})
        hits = card_roll(s, ev, card, 3, 4)
        if has_army_unit(s, "orthanc", SH):
            card_hits(s, ev, SH, "orthanc", hits)
        elif s["chars"].get("saruman") == "orthanc":
            place_char(s, "saruman", None)
            s["eliminated"].append("saruman")
            log_event(s, ev, "character_eliminated", character="saruman", region="orthanc")
    return EventCard(no_choice(_ents_condition), resolve)


def _eagles_options(s: dict, side: str) -> list[dict]:
    """Regions of a Shadow army with Nazgûl, in or next to a Free Peoples army holding a companion."""
    with_companion = {r for r in _companion_regions(s) if has_army_unit(s, r, FP)}
    near = with_companion.union(*(NEIGHBOURS[r] for r in with_companion))     # (neighbours both ways)
    return [{"region": r} for r in sorted(near) if nazgul_at(s, r) and has_army_unit(s, r, SH)]


def _eagles_are_coming(s: dict, ev: list, side: str, choice: dict) -> None:
    """A die per Nazgûl there (5 at most, the Witch-king not counted), each 5+ kills one; the Shadow
    then sends the others together to one unconquered Sauron Stronghold (decision `nazgul_flee`)."""
    region = choice["region"]
    n = nazgul_at(s, region)
    killed = min(n, card_roll(s, ev, "fp_char_18", min(n, 5), 5))
    if killed:
        add_units(s, region, "sauron", "nazgul", -killed)
        add_reinforcements(s, "sauron", "nazgul", killed)
        log_event(s, ev, "casualty", side=SH, region=region, nation="sauron", kind="nazgul", count=killed)
    if n > killed and sauron_strongholds(s):
        s["ask"].append({"kind": "nazgul_flee", "side": SH, "from": region})


def sauron_strongholds(s: dict) -> list[str]:
    return sorted(r for r in strongholds_of(s, SH) if REGIONS[r]["nation"] == "sauron")


def nazgul_flee(s: dict, ev: list, to: str) -> None:
    src = s["ask"].pop()["from"]
    for _ in range(nazgul_at(s, src)):
        add_units(s, src, "sauron", "nazgul", -1)
        add_units(s, to, "sauron", "nazgul", 1)
        log_event(s, ev, "nazgul_moved", **{"from": src, "to": to})


# --- A Power too Great, The Power of Tom Bombadil: on the table, they shelter regions from Shadow armies
# (armies.SHELTERS) until the Shadow pays to discard them ------------------------------------------------

def _shelter(card: str, nation: str) -> EventCard:
    def resolve(s: dict, ev: list, side: str, choice: dict) -> None:
        auto_advance(s, ev, nation)
        put_on_table(s, ev, side, card)
    return EventCard(no_choice(), resolve)


def shelter_discards(s: dict) -> list[ShelterDiscard]:
    """The Shadow's ways to rid the table of a sheltering card: with any die, one Strategy and one
    Character card of its hand discarded."""
    held = sorted(set(hand(s, SH)))
    strategy = [c for c in held if CARDS[c]["deck"] == "strategy"]
    character = [c for c in held if CARDS[c]["deck"] == "character"]
    return [{"card": card, "strategy": st, "character": ch} for card in sorted(s["table"][FP])
            if card in SHELTERS for st in strategy for ch in character]


def discard_shelter(s: dict, ev: list, card: str, strategy: str, character: str) -> None:
    for c in (strategy, character):
        throw(s, ev, SH, c)
    leave_table(s, ev, FP, card)


def _paths_of_the_woses_options(s: dict, side: str) -> list[dict]:
    """A Free Peoples army of a Rohan region (besieged or not) to Minas Tirith, or next to it when the
    Shadow holds or besieges it; the destination free for an army move (no Shadow army unit, not a
    settlement the Shadow holds, the border rule for nations not at war)."""
    if s["politics"]["rohan"]["step"] != 0:
        return []
    shadow_there = controller(s, "minas_tirith") == SH or has_army_unit(s, "minas_tirith", SH)
    places = ADJ["minas_tirith"] if shadow_there else ("minas_tirith",)
    free = [r for r in places if not has_army_unit(s, r, SH)
            and not (REGIONS[r]["settlement"] in SETTLEMENTS and controller(s, r) == SH)]
    return [{"from": src, "to": to} for src in sorted(r for r in REGIONS if REGIONS[r]["nation"] == "rohan")
            if has_army_unit(s, src, FP) for to in free if may_cross(units_of(s, src, FP), to, s)]


def _paths_of_the_woses(s: dict, ev: list, side: str, choice: dict) -> None:
    """Paths of the Woses: the whole Free Peoples army of `from`, with its leaders and characters, enters
    `to` as by any move."""
    src, to = choice["from"], choice["to"]
    units = {n: dict(u) for n, u in units_of(s, src, FP).items()}
    chars = chars_at(s, src, FP, movable=True)
    transfer(s, src, to, units, chars)
    log_event(s, ev, "army_moved", side=FP, **{"from": src}, to=to, units=units, characters=chars)
    enter(s, ev, FP, to)


def _help_unlooked_for_options(s: dict, side: str) -> list[dict]:
    """A Free Peoples army next to a Shadow army besieging a Free Peoples Stronghold attacks it."""
    sieges = besieged_strongholds(s, FP)          # asked at every listing: most of the time no siege
    if not sieges:
        return []
    near = frozenset().union(*(NEIGHBOURS[r] for r in sieges))
    return [{"from": src, "to": to} for src, to in attack_targets(s, FP, sources=near) if src != to
            and besieged(s, to) == FP]


def _help_unlooked_for(s: dict, ev: list, side: str, choice: dict) -> None:
    """For the whole battle the Shadow rolls a die fewer per Free Peoples unit of the besieged garrison."""
    garrison = army_units(units_of(s, choice["to"], FP))
    start_battle(s, ev, FP, choice["from"], choice["to"], fewer={SH: garrison})


def _day_and_night_options(s: dict, side: str) -> list[dict]:
    """A Free Peoples army with a companion (not a besieged garrison) that can go somewhere."""
    move = new_move(FP, 1, reach=2)
    return [{"from": r} for r in sorted(_companion_regions(s)) if has_army_unit(s, r, FP)
            and besieged(s, r) != FP and card_reach(s, move, r, units_of(s, r, FP))]


def _day_and_night(s: dict, ev: list, side: str, choice: dict) -> None:
    """The Army die's move decision, from that army's region, up to two regions (`reach`), keeping a
    companion in the army (it may leave units and other figures behind first)."""
    move = new_move(FP, 1)
    move.update({"from": choice["from"], "reach": 2, "keep_companion": True, "card": "fp_str_12"})
    s["ask"].append(move)


# --- Dead Men of Dunharrow: Strider/Aragorn and companions to the south, a die of hits on the Shadow army
# there, which must retreat (or is destroyed), then up to three Gondor Regulars (a card_then chain) -------

DEAD_MEN = "fp_char_22"
DEAD_MEN_PLACES = ("erech", "lamedon", "pelargir")


def _dead_men_options(s: dict, side: str) -> list[dict]:
    """Strider or Aragorn in a Rohan region (a besieged Stronghold too), with any of the companions
    there, to Erech, Lamedon or Pelargir."""
    who = _strider_in(s, ("rohan",), False)
    if who is None:
        return []
    others = [c for c in _companions_at(s, s["chars"][who]) if c != who]
    groups = chain.from_iterable(combinations(others, k) for k in range(len(others) + 1))
    return [{"region": r, "companions": [who, *g]} for g in groups for r in DEAD_MEN_PLACES]


def _dead_men(s: dict, ev: list, side: str, choice: dict) -> None:
    region = choice["region"]
    for c in choice["companions"]:
        place_char(s, c, region)
        activate_by_character(s, ev, c, region)
    log_event(s, ev, "companions_moved", companions=choice["companions"], region=region)
    then(s, FP, DEAD_MEN, region=region, step="retreat")
    if has_army_unit(s, region, SH):
        hits = roll(s)
        log_event(s, ev, "card_die", card=DEAD_MEN, value=hits)
        card_hits(s, ev, SH, region, hits)


def dead_men_retreats(s: dict, region: str) -> list[str]:
    """Where the Shadow army may retreat: a neighbour with no Free Peoples army unit nor a settlement
    the Free Peoples hold (as from a battle)."""
    return [r for r in ADJ[region] if not has_army_unit(s, r, FP)
            and not (REGIONS[r]["settlement"] in SETTLEMENTS and controller(s, r) == FP)]


def _dead_men_then(s: dict, ev: list, entry: dict) -> None:
    """After the hits: the Shadow army left retreats (decision `dead_men_retreat`) or, with nowhere to
    go, is destroyed; then the Free Peoples may recruit (decision `dead_men_recruit`)."""
    region, seat = entry["region"], {"seat": entry["seat"]} if "seat" in entry else {}
    if entry["step"] == "retreat" and has_army_unit(s, region, SH):
        if dead_men_retreats(s, region):
            then(s, FP, DEAD_MEN, region=region, step="recruit", **seat)
            s["ask"].append({"kind": "dead_men_retreat", "side": SH, "region": region})
            return
        destroy_army(s, ev, SH, region)
    if not has_army_unit(s, region, SH) and s["reinforcements"]["gondor"].get("regular"):
        s["ask"].append({"kind": "dead_men_recruit", "side": FP, "region": region, **seat})


def _dead_men_retreat(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()
    src, to = ask["region"], action["region"]
    transfer(s, src, to, {n: dict(u) for n, u in units_of(s, src, SH).items()}, chars_at(s, src, SH, movable=True))
    log_event(s, ev, "army_retreated", side=SH, **{"from": src}, to=to)
    check_stacking(s, SH)              # joining another army may put it over the limit


def _dead_men_recruit_actions(s: dict, ask: dict) -> list[WotrAction]:
    most = min(3, s["reinforcements"]["gondor"].get("regular", 0))
    out: list[WotrAction] = [{"type": "dead_men_recruit", "nation": "gondor", "count": n} for n in range(1, most + 1)]
    return out + [{"type": "dead_men_none"}]


def _dead_men_recruit(s: dict, ev: list, ask: dict, action: dict) -> None:
    """The Regulars join whatever stands there; a settlement the Shadow held is taken back (enter)."""
    s["ask"].pop()
    recruit_fixed(s, ev, FP, "gondor", "regular", ask["region"], action["count"], taking_control=True)
    enter(s, ev, FP, ask["region"])
    check_stacking(s, FP)


def _close(s: dict, ev: list, ask: dict, action: dict) -> None:
    s["ask"].pop()


FP_DECISIONS: dict[str, CardDecision] = {
    "dead_men_retreat": CardDecision(lambda s, ask: [{"type": "dead_men_retreat", "region": r}
                                                     for r in dead_men_retreats(s, ask["region"])],
                                     {"dead_men_retreat": _dead_men_retreat}),
    "dead_men_recruit": CardDecision(_dead_men_recruit_actions, {"dead_men_recruit": _dead_men_recruit,
                                                                 "dead_men_none": _close}),
}


def _on_table(card: str, *needs: str) -> EventCard:
    """Mithril Coat and Sting, Axe and Bow, Horn of Gondor, Wizard's Staff: the card stays on the table
    (one of `needs` in the Fellowship to play it) until the Free Peoples use it in a Hunt (hunt.py)."""
    def condition(s: dict, side: str) -> bool:
        return not needs or any(c in s["fellowship"]["companions"] for c in needs)
    return EventCard(no_choice(condition), lambda s, ev, side, choice: put_on_table(s, ev, side, card))


FP_CARDS: dict[str, EventCard] = {
    "fp_char_01": _special_tile("fp_char_01"),                                             # Elven Cloaks
    "fp_char_02": _special_tile("fp_char_02"),                                             # Elven Rope
    "fp_char_03": _special_tile("fp_char_03"),                                             # Phial of Galadriel
    "fp_char_04": _special_tile("fp_char_04"),                                             # Sméagol Helps Nice Master
    "fp_char_05": _on_table("fp_char_05"),                                                 # Mithril Coat and Sting
    "fp_char_06": _on_table("fp_char_06", "gimli", "legolas"),                             # Axe and Bow
    "fp_char_07": _on_table("fp_char_07", "boromir"),                                      # Horn of Gondor
    "fp_char_08": _on_table("fp_char_08", "gandalf_grey"),                                 # Wizard's Staff
    "fp_char_09": EventCard(no_choice(), _athelas),                                        # Athelas
    "fp_char_10": EventCard(no_choice(), _there_is_another_way),                          # There is Another Way
    "fp_char_11": _companion_card("fp_char_11", ("separate",), _heal_one, bonus=1),       # I Will Go Alone
    "fp_char_12": EventCard(no_choice(), _bilbos_song),                                    # Bilbo's Song
    "fp_char_13": EventCard(no_choice(), _mirror_of_galadriel),                            # Mirror of Galadriel
    "fp_char_14": EventCard(no_choice(lambda s, side: _strider_in(s, ("gondor", "rohan"), True) is not None),
                            _challenge_of_the_king),                                       # Challenge of the King
    "fp_char_15": _companion_card("fp_char_15", ("separate", "move"), level=4, siege_ok=True),   # Gwaihir
    "fp_char_16": _companion_card("fp_char_16", ("separate", "move"), bonus=2, siege_ok=True),   # We Prove the Swifter
    "fp_char_17": _companion_card("fp_char_17", ("separate",), _there_and_back_again, bonus=1),  # There and Back Again
    "fp_char_18": EventCard(_eagles_options, _eagles_are_coming),                          # The Eagles are Coming!
    "fp_char_19": _the_ents_awake("fp_char_19"),                                           # The Ents Awake: Treebeard
    "fp_char_20": _the_ents_awake("fp_char_20"),                                           # The Ents Awake: Huorns
    "fp_char_21": _the_ents_awake("fp_char_21"),                                           # The Ents Awake: Entmoot
    "fp_char_22": EventCard(_dead_men_options, _dead_men, then=_dead_men_then),          # Dead Men of Dunharrow
    "fp_char_23": EventCard(_house_of_the_stewards_options, _house_of_the_stewards),        # House of the Stewards
    "fp_char_24": EventCard(_grey_company_options, _grey_company),                          # The Grey Company
    "fp_str_01": EventCard(no_choice(_aragorn_outside_fp_nations), _the_last_battle),      # The Last Battle
    "fp_str_02": _shelter("fp_str_02", "elves"),                                           # A Power too Great
    "fp_str_03": _shelter("fp_str_03", "north"),                                           # The Power of Tom Bombadil
    "fp_str_04": _companions_rouse("fp_str_04", "dwarves", ("erebor", "ered_luin")),                    # Book of Mazarbul
    "fp_str_05": EventCard(_spirit_of_mordor_options, _spirit_of_mordor),                  # The Spirit of Mordor
    "fp_str_06": EventCard(_faramirs_rangers_options, _faramirs_rangers),                  # Faramir's Rangers
    "fp_str_07": _companions_rouse("fp_str_07", "north", ("the_shire", "bree")),                        # Fear! Fire! Foes!
    "fp_str_08": EventCard(_wisdom_of_elrond_options, _wisdom_of_elrond),                  # Wisdom of Elrond
    "fp_str_09": EventCard(_red_arrow_options, _red_arrow),                                # The Red Arrow
    "fp_str_10": EventCard(_help_unlooked_for_options, _help_unlooked_for),             # Help Unlooked For
    "fp_str_11": EventCard(_paths_of_the_woses_options, _paths_of_the_woses),              # Paths of the Woses
    "fp_str_12": EventCard(_day_and_night_options, _day_and_night),                      # Through a Day and a Night
    "fp_str_13": EventCard(_cirdans_ships_options, _cirdans_ships),                      # Círdan's Ships
    "fp_str_14": _recruit_card(("gondor", UNIT, "minas_tirith", 1),                       # Guards of the Citadel
                               ("gondor", "leader", "minas_tirith", 1)),
    "fp_str_15": _recruit_card(("elves", UNIT, "lorien", 1), draws=1),                     # Celeborn's Galadhrim
    "fp_str_16": EventCard(_riders_of_theoden_options, _rohan_unit_and_leader),            # Riders of Theoden
    "fp_str_17": _recruit_card(("north", UNIT, "carrock", 1), ("north", "leader", "carrock", 1)),  # Grimbeorn
    "fp_str_18": _recruit_card(("gondor", UNIT, "dol_amroth", 1),                         # Imrahil of Dol Amroth
                               ("gondor", "leader", "dol_amroth", 1)),
    "fp_str_19": _recruit_card(("north", "regular", "dale", 2), draws=1),                  # King Brand's Men
    "fp_str_20": _recruit_card(("north", UNIT, "the_shire", 1),                            # Swords in Eriador
                               ("dwarves", UNIT, "ered_luin", 1), draws=1),
    "fp_str_21": _recruit_card(("elves", UNIT, "rivendell", 1), draws=1),                  # Kindred of Glorfindel
    "fp_str_22": _recruit_card(("dwarves", UNIT, "erebor", 1), ("dwarves", "leader", "erebor", 1)),  # Dáin
    "fp_str_23": EventCard(_eomer_options, _rohan_unit_and_leader),                        # Éomer, Son of Éomund
    "fp_str_24": _recruit_card(("elves", UNIT, "woodland_realm", 1), draws=1),             # Thranduil's Archers
}
