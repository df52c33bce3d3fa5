"""The Hunt for the Ring: the Hunt roll, drawing tiles, damage (corruption or a casualty), the reveal.

Order of a successful Hunt (p.41-42): draw a tile, take its damage (the Free Peoples choose corruption
or one casualty, the guide or a random companion, the excess going to corruption), then the reveal.

Free Peoples cards on the table act inside the Hunt, each as a choice offered at its moment (never used
for the player): *Wizard's Staff* before a tile is drawn (decision `hunt_draw`), *Mithril Coat and Sting*
once it is seen (decision `hunt_tile_drawn`), *Axe and Bow* and *Horn of Gondor* in the damage decision.
A tile's draw is described by `where` ({eye, can_reveal, mordor}) so it can wait for these decisions.
The Shadow's *Balrog of Moria* on the table is offered likewise (decision `balrog`, cards/shadow.py)
when a declared or revealed Fellowship goes into, out of or through Moria.
"""
from __future__ import annotations

from engine.wotr.abilities import HOBBITS
from engine.wotr.cards.effects import leave_table, on_table
from engine.wotr.state import (
    ADJ,
    CHARS,
    CRACK_OF_DOOM,
    DIST,
    FP,
    MAX_HUNT_DICE,
    SH,
    TILES,
    has_army_unit,
    is_fp_city_or_stronghold,
    is_stronghold_of,
    log_event,
    nazgul_at,
    pick_index,
    roll,
    rolls,
)
from engine.wotr.types import WotrAction

WIZARDS_STAFF = "fp_char_08"
MITHRIL_COAT = "fp_char_05"
DAMAGE_CARDS = ("fp_char_06", "fp_char_07")          # Axe and Bow, Horn of Gondor: one damage less each
BALROG = "sh_char_17"
MORIA = "moria"


def passes_moria(frm: str, to: str, reach: int) -> bool:
    """A move of at most `reach` regions from `frm` to `to` goes into, out of or through Moria; a
    declaration (no path is traced) goes through it only when no path that long avoids it (ruling)."""
    if frm == to:
        return False
    if MORIA in (frm, to):
        return True
    seen, frontier = {frm, MORIA}, {frm}
    for _ in range(reach):
        frontier = {n for r in frontier for n in ADJ[r]} - seen
        if to in frontier:
            return False
        seen |= frontier
    return True


def offer_balrog(s: dict, can_reveal: bool = True) -> None:
    """Balrog of Moria on the Shadow's table: the Shadow may discard it for one more Hunt tile."""
    if BALROG in s["table"][SH]:
        s["ask"].append({"kind": "balrog", "side": SH, "can_reveal": can_reveal})


def reroll_conditions(s: dict, region: str) -> list[str]:
    """One re-roll each for a Shadow Stronghold, a Shadow army unit and a Nazgûl in the region (p.41)."""
    out = []
    if is_stronghold_of(s, region, SH):
        out.append("stronghold")
    if has_army_unit(s, region, SH):
        out.append("army")
    if nazgul_at(s, region) or s["chars"].get("witch_king") == region:
        out.append("nazgul")
    return out


def hunt_roll(s: dict, ev: list, bonus: int | None = None, crebain: bool = True) -> None:
    """After the Fellowship moves outside Mordor: roll the Shadow's Hunt dice (at most 5), each 6 hits,
    +1 to every die per Free Peoples die already in the Hunt box (`bonus`, counted now when not given);
    a 1 always misses (p.40-41). With Flocks of Crebain on its table the Shadow first decides whether to
    discard it for +1 (decision `crebain`, which keeps the bonus counted now and rolls after)."""
    h = s["hunt"]
    n = min(h["box"][SH], MAX_HUNT_DICE)
    if not n:
        log_event(s, ev, "hunt_roll", dice=[], rerolls=[], bonus=0, conditions=[], successes=0)
        return
    bonus = h["box"][FP] if bonus is None else bonus
    if crebain and on_table(s, "sh_char_16"):
        s["ask"].append({"kind": "crebain", "side": SH, "bonus": bonus})
        return

    def hits(d):
        return d != 1 and d + bonus >= 6

    dice = rolls(s, n)
    conditions = reroll_conditions(s, s["fellowship"]["pos"])
    misses = sum(1 for d in dice if not hits(d))
    rerolls = rolls(s, min(len(conditions), misses))
    successes = sum(1 for d in dice if hits(d)) + sum(1 for d in rerolls if hits(d))
    log_event(s, ev, "hunt_roll", dice=dice, rerolls=rerolls, bonus=bonus, conditions=conditions,
          successes=successes)
    if successes:
        draw_tile(s, ev, eye=successes)


def special_tile_in_play(s: dict, ev: list, tile: str) -> None:
    """A card puts its special tile in play: it waits until the Fellowship enters Mordor (then the pool is
    rebuilt with it: fellowship.enter_mordor), or goes straight into the pool when the Fellowship is
    already on the Mordor track."""
    h = s["hunt"]
    if s["fellowship"]["mordor"] is None:
        h["specials"].append(tile)
    else:
        h["pool"] = sorted(h["pool"] + [tile])
    log_event(s, ev, "special_tile_in_play", tile=tile, card=TILES[tile]["card"], side=TILES[tile]["special"])


def refill_pool(s: dict) -> None:
    """An empty pool takes back the standard tiles drawn so far (not the specials, not removed ones)."""
    h = s["hunt"]
    back = [t for t in h["drawn"] if TILES[t]["special"] is None and t not in h["removed"]]
    h["drawn"] = [t for t in h["drawn"] if t not in back]
    h["pool"] = sorted(h["pool"] + back)


def draw_tile(s: dict, ev: list, eye: int, *, can_reveal: bool = True, mordor: bool = False) -> None:
    """Draw a random tile and resolve it. `eye` is what an Eye tile is worth here (the successes of the
    roll; 0 for a Stronghold's tile; the Hunt box in Mordor); `mordor`: the tile also decides the step."""
    where = {"eye": eye, "can_reveal": can_reveal, "mordor": mordor}
    if on_table(s, WIZARDS_STAFF):
        s["ask"].append({"kind": "hunt_draw", "side": FP, **where})
    else:
        tile_drawn(s, ev, pick_tile(s, ev), where)


def prevent_draw(s: dict, ev: list) -> None:
    """Wizard's Staff leaves the table: no tile this time (on the Mordor track the step is taken)."""
    where = s["ask"].pop()
    leave_table(s, ev, FP, WIZARDS_STAFF)
    log_event(s, ev, "hunt_draw_prevented", card=WIZARDS_STAFF)
    if where["mordor"]:
        mordor_step(s, ev, None)


def let_draw(s: dict, ev: list) -> None:
    where = s["ask"].pop()
    tile_drawn(s, ev, pick_tile(s, ev), where)


def tile_drawn(s: dict, ev: list, tile: str, where: dict) -> None:
    if on_table(s, MITHRIL_COAT):
        s["ask"].append({"kind": "hunt_tile_drawn", "side": FP, "tile": tile, **where})
    else:
        apply_tile(s, ev, tile, where)


def redraw(s: dict, ev: list) -> None:
    """Mithril Coat and Sting leaves the table: a second tile counts instead, the first goes back."""
    ask = s["ask"].pop()
    leave_table(s, ev, FP, MITHRIL_COAT)
    first = ask["tile"]
    h = s["hunt"]
    h["drawn"].remove(first)          # set aside first: a pool refilled for the second draw must not take it
    second = pick_tile(s, ev)
    h["pool"] = sorted(h["pool"] + [first])
    log_event(s, ev, "hunt_tile_returned", tile=first)
    apply_tile(s, ev, second, ask)


def keep_tile(s: dict, ev: list) -> None:
    ask = s["ask"].pop()
    apply_tile(s, ev, ask["tile"], ask)


def apply_tile(s: dict, ev: list, tile: str, where: dict) -> None:
    if where["mordor"]:
        mordor_step(s, ev, tile)
    resolve_tile(s, ev, tile, where["eye"], can_reveal=where["can_reveal"])


def mordor_step(s: dict, ev: list, tile: str | None) -> None:
    """On the Mordor track the step is taken before the tile's damage (so that a 12th corruption on
    the last step still wins for the Shadow); a Stop tile holds the Ring-bearers on their step."""
    f = s["fellowship"]
    if tile is not None and TILES[tile]["stop"]:
        log_event(s, ev, "mordor_stopped", step=f["mordor"])
    else:
        f["mordor"] = min(f["mordor"] + 1, CRACK_OF_DOOM)
        log_event(s, ev, "mordor_step", step=f["mordor"])


def pick_tile(s: dict, ev: list) -> str:
    h = s["hunt"]
    if not h["pool"]:
        refill_pool(s)
    tile = h["pool"].pop(pick_index(s, h["pool"]))
    h["drawn"].append(tile)
    log_event(s, ev, "hunt_tile", tile=tile)
    return tile


def resolve_tile(s: dict, ev: list, tile: str, eye: int, *, can_reveal: bool = True, how: str | None = None) -> None:
    """Damage first (its decision is stacked above the reveal move), the reveal after (p.41). `how`:
    see take_damage."""
    t = TILES[tile]
    value = t["value"]
    damage = eye if value == "eye" else roll(s) if value == "die" else value
    f = s["fellowship"]
    log_event(s, ev, "hunt_damage", tile=tile, damage=damage)
    # Gollum guiding: a standard numbered tile does not reveal (an Eye still does).
    gollum_hides = f["guide"] == "gollum" and t["special"] is None and isinstance(value, int)
    if t["reveal"] and can_reveal and f["hidden"] and not gollum_hides:
        reveal(s, ev)
    if damage < 0:
        f["corruption"] = max(0, f["corruption"] + damage)
        log_event(s, ev, "corruption_healed", by=-damage, corruption=f["corruption"])
    elif damage > 0:
        take_damage(s, ev, damage, how)


def take_damage(s: dict, ev: list, damage: int, how: str | None = None) -> None:
    """The Free Peoples decide how to take it when they have a choice (companions to lose, a card on
    the table that lowers it, or the guide's way to lower it), unless a card decides: `how` = "random"
    (Foul Thing from the Deep: a random companion absorbs it first), "unreduced" (Isildur's Bane: the
    decision is marked so that nothing lowers it: only corruption or a casualty take it)."""
    reducible = how != "unreduced" and bool(damage_cards(s) or hunt_reductions(s))
    if not (s["fellowship"]["companions"] or reducible):
        add_corruption(s, ev, damage)
        return
    s["ask"].append({"kind": "hunt_damage", "side": FP, "damage": damage})
    if how == "random" and s["fellowship"]["companions"]:
        casualty(s, ev, "random")
    elif how == "unreduced":
        s["ask"][-1]["unreduced"] = True


def damage_cards(s: dict) -> list[str]:
    return [c for c in DAMAGE_CARDS if c in s["table"][FP]]


def lower_damage(s: dict, ev: list, card: str) -> None:
    """Axe and Bow or Horn of Gondor leaves the table: one damage less; none left ends the decision."""
    ask = s["ask"][-1]
    leave_table(s, ev, FP, card)
    ask["damage"] -= 1
    log_event(s, ev, "hunt_damage_lowered", card=card, damage=ask["damage"])
    if ask["damage"] == 0:
        s["ask"].pop()


def add_corruption(s: dict, ev: list, n: int) -> None:
    f = s["fellowship"]
    f["corruption"] += n
    log_event(s, ev, "corruption", added=n, corruption=f["corruption"])


def casualty(s: dict, ev: list, who: str) -> None:
    """The Free Peoples lose the guide or a random companion; damage beyond its level is corruption,
    unless the guide (a new one at once) may lower it first (p.42): the decision then stays open without
    a second casualty (`casualty`), beneath the choice of the new guide in a tie (`settle_damage_left`)."""
    from engine.wotr.fellowship import guide_candidates, leave_fellowship  # fellowship.py imports this module

    ask = s["ask"].pop()
    f = s["fellowship"]
    comp = f["guide"] if who == "guide" else f["companions"][pick_index(s, f["companions"])]
    # Take Them Alive!: a Hobbit lost off the Mordor track comes back as if just separated.
    alive = comp in HOBBITS and f["mordor"] is None
    if not alive:
        s["eliminated"].append(comp)
    log_event(s, ev, "companion_lost", companion=comp, chosen=who)
    excess = ask["damage"] - CHARS[comp]["level"]
    leave_fellowship(s, ev, [comp])
    guides = [f["guide"]] if f["guide"] is not None else guide_candidates(s)      # a tie: choose_guide
    if excess > 0 and not ask.get("unreduced") and any(hunt_reductions(s, g) for g in guides):
        s["ask"].insert(len(s["ask"]) - (f["guide"] is None), {**ask, "damage": excess, "casualty": True})
        if f["guide"] is not None:
            settle_damage_left(s, ev)
    elif excess > 0:
        add_corruption(s, ev, excess)
    if alive:
        log_event(s, ev, "ability_used", ability="take_them_alive", character=comp)
        s["ask"].append({"kind": "place_companion", "side": FP, "companion": comp})
    if on_table(s, "sh_char_15"):                  # Worn with Sorrow and Toil: the Shadow may discard
        s["ask"].append({"kind": "worn_with_sorrow", "side": SH})


def settle_damage_left(s: dict, ev: list) -> None:
    """Damage left after a casualty (the decision on top) stays a question while the guide, new or not,
    can lower it; else it is corruption at once."""
    ask = s["ask"][-1] if s["ask"] else None
    if ask is None or ask["kind"] != "hunt_damage" or not ask.get("casualty"):
        return
    if ask.get("unreduced") or not hunt_reductions(s):
        damage_to_corruption(s, ev)
    else:
        log_event(s, ev, "hunt_damage_left", character=s["fellowship"]["guide"], damage=ask["damage"])


def hunt_reductions(s: dict, guide: str | None = None) -> list[WotrAction]:
    """The guide's (or that `guide`'s) ways to cut the Hunt damage by one: Meriadoc or Peregrin leaves the
    Fellowship (off the Mordor track, where no companion separates), Gollum reveals a hidden Fellowship."""
    from engine.wotr.fellowship import separation_targets  # fellowship.py imports this module

    f = s["fellowship"]
    g = guide or f["guide"]
    if g in HOBBITS and g in f["companions"] and f["mordor"] is None:
        return [{"type": "guide_separates", "region": r} for r in separation_targets(s, {"group": [g]})]
    if g == "gollum" and f["hidden"]:
        return [{"type": "gollum_reveals"}]
    return []


def reduce_by_guide(s: dict, ev: list, region: str) -> None:
    """Meriadoc or Peregrin guiding separates to `region`: one damage less."""
    from engine.wotr.fellowship import place_separated

    ask = s["ask"][-1]
    guide = s["fellowship"]["guide"]
    ask["damage"] -= 1
    log_event(s, ev, "hunt_damage_reduced", character=guide, damage=ask["damage"])
    if not ask["damage"]:
        s["ask"].pop()
    place_separated(s, ev, [guide], region, leaving=True)
    if ask["damage"] and s["fellowship"]["guide"] is not None:
        settle_damage_left(s, ev)


def gollum_reveals(s: dict, ev: list) -> None:
    """Gollum guiding reveals the Fellowship: one damage less, the rest is corruption."""
    damage = s["ask"].pop()["damage"] - 1
    log_event(s, ev, "hunt_damage_reduced", character="gollum", damage=damage)
    reveal(s, ev)
    if damage:
        add_corruption(s, ev, damage)


def damage_to_corruption(s: dict, ev: list) -> None:
    add_corruption(s, ev, s["ask"].pop()["damage"])


def reveal(s: dict, ev: list) -> None:
    """Revealed: in Mordor the counter only turns; on the map the Free Peoples move the figure up to the
    progress (p.38), never ending in a Free Peoples City or Stronghold."""
    f = s["fellowship"]
    f["hidden"] = False
    log_event(s, ev, "fellowship_revealed")
    if f["mordor"] is None:
        s["ask"].append({"kind": "reveal_move", "side": FP, "at": f["pos"], "left": f["progress"], "hunted": []})


def _may_stop(s: dict, region: str) -> bool:
    return not is_fp_city_or_stronghold(s, region)


def reveal_steps(s: dict, ask: dict) -> list[str]:
    """Neighbours the revealed Fellowship may step into and still end its move on a legal region."""
    if ask["left"] <= 0:
        return []
    out = []
    for n in ADJ[ask["at"]]:
        dist = DIST[n]
        if any(_may_stop(s, r) for r, d in dist.items() if d < ask["left"]):
            out.append(n)
    return out


def may_end_reveal(s: dict, ask: dict) -> bool:
    return _may_stop(s, ask["at"]) or not reveal_steps(s, ask)


def reveal_step(s: dict, ev: list, region: str) -> None:
    """One step of the revealed Fellowship. Each Shadow Stronghold its path leaves or enters draws a
    tile, once (p.39; the seed: "entre/quitte"); an Eye is worth nothing there."""
    ask = s["ask"][-1]
    left_from = ask["at"]
    ask["at"] = region
    ask["left"] -= 1
    log_event(s, ev, "reveal_step", region=region)
    if MORIA in (left_from, region):
        # Stacked first (ruling): a Stronghold tile drawn below is resolved before the card's is drawn,
        # so that two drawn tiles never wait at once.
        offer_balrog(s)
    for r in (left_from, region):
        if is_stronghold_of(s, r, SH) and r not in ask["hunted"]:
            ask["hunted"].append(r)
            draw_tile(s, ev, eye=0, can_reveal=False)


def end_reveal(s: dict, ev: list) -> None:
    ask = s["ask"].pop()
    f = s["fellowship"]
    f["pos"], f["progress"] = ask["at"], 0
    log_event(s, ev, "fellowship_placed", region=ask["at"])
