"""War of the Ring's rules-of-thumb players (levels easy and normal), for either side and any seat (and
"hard", the hard player's own: normal's but for the Fellowship's walk, WALK_RISK).

The only input is the seat's view (`RULES.view(state, player)`) and the actions that seat is offered,
plus the board's printed data (regions, distances, hunt tiles: public). Each offered action gets a
score from the rules of thumb below; the best is played, equals broken by the decision's seeded `rng`.

The normal player (`choose(view, legal, rng, "normal")`, also a playout policy for a search):
- the Fellowship: moves with Character and Will of the West dice while the chance of a Hunt tile is
  small (`hunt_chance`), hides at once when revealed, declares each turn in the reachable region nearest
  to Mordor (away from the Hunt's re-rolls; a Free Peoples City or Stronghold heals), enters Mordor as
  soon as it may, and on the Mordor track steps once a turn, twice only when no tile could kill;
- Hunt damage: a card or a Hobbit guide's step aside first, else the cheapest of corruption (dearer the
  more there is), the guide, a random companion or Gollum's reveal;
- Gandalf and Strider: nobody leaves the Fellowship by choice: Strider goes with it into Mordor, where a
  companion takes a tile's damage up to its level (issue 41); Gandalf guides until he falls and comes
  back as the White;
- the Shadow's Hunt: one die early, more the nearer the Fellowship is to Mordor, all it may inside;
- armies: musters where its settlements are nearest an enemy City or Stronghold, marches its largest
  armies at the nearest ones it can take, attacks what it outnumbers (a Stronghold only with a clear
  edge), defends its Strongholds by retreating into a siege when outnumbered, brings nations to war;
- with a purpose (issue 41): an army moves only to take, to guard, to near the front or to join another
  (`_march`), never back where its last move came from (the log) but to take or guard; a die goes to
  armies only if one has such a move; Nazgul and minions move only for a gain;
- no gifts: a City or Stronghold with an enemy army next to it is never left empty (a unit stays back
  from a march or an advance, no retreat nor Scouts away from it), an outnumbered defender withdraws
  into its Stronghold, no companion goes where the enemy holds;
- cards: plays an event when it has nothing better for the die, a combat card in every battle.

The easy player uses fewer rules (no healing, no Hunt arithmetic, no separations, no siege retreats, a
one-die Hunt, corruption rather than a companion) and plays a random action of a random type one time in
three: a new player beats it.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.wotr.state import (
    ADJ,
    ARAGORN_PLACES,
    CHARS,
    CRACK_OF_DOOM,
    DIST,
    FP,
    MORDOR_ENTRANCES,
    NATIONS,
    REGIONS,
    SH,
    TILES,
    controller,  # reads only "captured", which a view shows as the state holds it
)

VP_PLACES = tuple(r for r, d in REGIONS.items() if d["vp"])
# A battle in a region voids the moves that led there: going back is then a new decision.
BATTLE_EVENTS = frozenset({"army_advanced", "army_retreated", "battle_won", "siege_started", "siege_retreat"})
LOG_LOOKBACK = 400    # how far back in the log an army's last move is looked for (a few turns)
EASY_NOISE = 1 / 3   # how often easy plays a random action instead of its rules
MORDOR_MARGIN = 2    # corruption kept in hand when the Ring-bearers take a second step in a turn
# The Fellowship walks (outside Mordor) while the chance of drawing a Hunt tile is under this: (the turn's
# first step, a later one, less this much per corruption point above 3). "hard" is the hard player's
# Free Peoples (ai/wotr_search.py): bolder, which won 79% against normal's Shadow where normal's limits
# won 75% (docs/ai.md, "Hard as the Free Peoples: the Fellowship's search and its own rules of thumb").
WALK_RISK = {"normal": (0.75, 0.5, 0.04), "hard": (0.9, 0.65, 0.04)}


def to_mordor(region: str) -> int:
    return min(DIST[region][gate] for gate in MORDOR_ENTRANCES)


def _side_of(nation: str) -> str:
    return NATIONS[nation]["side"]


def strength(view: dict, region: str, side: str) -> tuple[int, int]:
    """(army units, leadership: leaders and Nazgul) of `side` in `region`."""
    units = lead = 0
    for nation, u in view["armies"].get(region, {}).items():
        if _side_of(nation) == side:
            units += u.get("regular", 0) + u.get("elite", 0)
            lead += u.get("leader", 0) + u.get("nazgul", 0)
    return units, lead


def _power(view: dict, region: str, side: str) -> float:
    units, lead = strength(view, region, side)
    elites = sum(u.get("elite", 0) for n, u in view["armies"].get(region, {}).items() if _side_of(n) == side)
    return min(units, 5) + 0.5 * min(lead, units, 5) + 0.3 * elites + 0.1 * units


class Ctx:
    """What the rules of thumb read, worked out once per decision."""

    def __init__(self, view: dict, legal: list[dict], level: str):
        self.view, self.legal, self.level = view, legal, level
        self.me = view["you"]
        self.enemy = SH if self.me == FP else FP
        self.decision = view["decision"] or {}
        self.kind = self.decision.get("kind")
        self.f = view["fellowship"]
        self.normal = level != "easy"
        # The enemy's Cities and Strongholds (targets) and my own (to defend).
        self.targets = [r for r in VP_PLACES if controller(view, r) == self.enemy]
        self.mine = [r for r in VP_PLACES if controller(view, r) == self.me]
        self.hunt_box = view["hunt"]["box"]
        self._came_from: dict[str, str | None] = {}
        self.marches: dict[str, list[float]] = {}     # _marches, per region

    def front(self, region: str) -> int:
        """Steps from `region` to the nearest enemy City or Stronghold."""
        return min((DIST[region][r] for r in self.targets), default=9)

    def threat(self, region: str) -> int:
        """Steps from `region` to the nearest enemy army."""
        return min((DIST[region][r] for r, units in self.view["armies"].items()
                    if strength(self.view, r, self.enemy)[0] > 0), default=9)

    def enemy_next_to(self, region: str) -> bool:
        """Whether an enemy army not besieged stands in a region next to `region` (it could walk in)."""
        sieges = self.view["sieges"]
        return any(strength(self.view, r, self.enemy)[0] and sieges.get(r) != self.enemy for r in ADJ[region])

    def exposed(self, region: str) -> bool:
        """One of my Cities or Strongholds with an enemy army next to it: emptied, it is a gift."""
        return region in self.mine and self.enemy_next_to(region)

    def enemy_holds(self, region: str) -> bool:
        """An enemy army stands in `region`, or the enemy controls its settlement."""
        return strength(self.view, region, self.enemy)[0] > 0 or \
            REGIONS[region]["settlement"] in ("town", "city", "stronghold") and controller(self.view, region) == self.enemy

    def came_from(self, region: str) -> str | None:
        """Where my last army move into `region` came from, if no battle was fought there since (the log
        as the game's view has it, its last LOG_LOOKBACK events; a playout's view has none)."""
        if region not in self._came_from:
            self._came_from[region] = self._last_move_into(region)
        return self._came_from[region]

    def _last_move_into(self, region: str) -> str | None:
        log = self.view.get("log") or ()
        for e in reversed(log[-LOG_LOOKBACK:]):
            t = e["type"]
            if t == "army_moved" and e["side"] == self.me and e["to"] == region:
                return e["from"]
            if t in BATTLE_EVENTS and region in (e.get("region"), e.get("from"), e.get("to")):
                return None
        return None

    @property
    def fellowship_at(self) -> str:
        return self.f["pos"]

    def fellowship_distance(self) -> int:
        """Moves left to the Crack of Doom (the progress since the last known place counted as made)."""
        if self.f["mordor"] is not None:
            return CRACK_OF_DOOM - self.f["mordor"]
        return max(0, to_mordor(self.f["pos"]) - self.f["progress"]) + CRACK_OF_DOOM


# ---------------------------------------------------------------- the Free Peoples' Fellowship


def _worst_tile(ctx: Ctx) -> int:
    """The most corruption one tile of the pool could do now (an Eye: the dice in the Hunt box)."""
    eye = ctx.hunt_box.get(SH, 0) + ctx.hunt_box.get(FP, 0) + 1
    worst = 0
    for tile in ctx.view["hunt"]["pool"]:
        v = TILES[tile]["value"]
        worst = max(worst, eye if v == "eye" else 3 if v == "die" else v)
    return worst


def _rerolls(view: dict, region: str) -> int:
    """The Hunt's re-rolls where the Fellowship was last seen: a Shadow Stronghold, army, Nazgul."""
    n = int(REGIONS[region]["settlement"] == "stronghold" and controller(view, region) == SH)
    units, lead = strength(view, region, SH)
    return n + (units > 0) + (any(u.get("nazgul", 0) for u in view["armies"].get(region, {}).values())
                              or view["characters"].get("witch_king") == region)


def hunt_chance(view: dict) -> float:
    """The chance that moving the Fellowship now draws a Hunt tile (outside Mordor)."""
    box = view["hunt"]["box"]
    n = min(box.get(SH, 0), 5)
    if n == 0:
        return 0.0
    p = min(1 + box.get(FP, 0), 5) / 6
    return 1 - (1 - p) ** (n + min(n, _rerolls(view, view["fellowship"]["pos"])))


def _move_fellowship(ctx: Ctx, a: dict) -> float:
    moved = ctx.hunt_box.get(FP, 0)   # Free Peoples dice that moved the Fellowship this turn
    corruption = ctx.f["corruption"]
    if not ctx.normal:
        return 70 - 10 * moved
    if ctx.f["mordor"] is not None:
        # On the Mordor track every step draws a tile (a turn without a step costs one corruption):
        # once a turn always, again only if no tile could kill, with MORDOR_MARGIN to spare (a Shadow
        # card or a second tile can add to it).
        if moved and corruption + _worst_tile(ctx) + MORDOR_MARGIN >= 12:
            return 2
        return 90
    risk = hunt_chance(ctx.view)
    first, later, per_point = WALK_RISK[ctx.level]
    limit = (first if not moved else later) - per_point * max(0, corruption - 3)
    if risk > limit:
        return 8    # wait for a better turn: the die does something else
    score = 85 - 30 * risk
    if a["die"] == "will_of_the_west":
        score -= 6     # the Will of the West is worth more elsewhere (Gandalf, Aragorn)
    return score


def _fellowship_phase(ctx: Ctx, a: dict) -> float:
    t = a["type"]
    if t == "enter_mordor":
        return 100
    if t == "declare":
        here = to_mordor(ctx.f["pos"])
        there = to_mordor(a["region"])
        heals = ctx.normal and _heals(ctx, a["region"]) and ctx.f["corruption"] > 0
        if there >= here and not heals:
            return -1   # nothing gained: stay hidden where nobody knows
        score = 50 + 5 * (here - there)
        if heals:
            score += 3 * min(ctx.f["corruption"], 3)
        if ctx.normal:
            score -= 4 * _rerolls(ctx.view, a["region"])
        return score
    if t == "change_guide":
        return -5
    return 0    # end_fellowship_phase


def _heals(ctx: Ctx, region: str) -> bool:
    return REGIONS[region]["settlement"] in ("city", "stronghold") and controller(ctx.view, region) == FP \
        and region not in ctx.view["sieges"]


COMPANION_VALUE = {"gandalf_grey": 3.0, "strider": 2.5, "boromir": 1.5, "legolas": 1.5, "gimli": 1.5,
                   "meriadoc": 1.0, "peregrin": 1.0}


def _hunt_damage(ctx: Ctx, a: dict) -> float:
    """Minus the cost of each way to take the damage: corruption costs more the more there is already;
    a companion costs its worth, and the damage beyond its level turns to corruption."""
    t = a["type"]
    damage = ctx.decision.get("damage", 1)
    corruption = ctx.f["corruption"]
    if t == "use_table_card":
        return 90
    if t == "guide_separates":
        return 80
    if not ctx.normal:
        return {"take_corruption": 50, "casualty": 30}.get(t, 0)

    def corrupt(x: int) -> float:
        return x * (1 + corruption / 4)

    companions = ctx.f["companions"]
    if t == "take_corruption":
        return -corrupt(damage)
    if t == "casualty":
        lost = [ctx.f["guide"]] if a["who"] == "guide" else companions
        costs = [COMPANION_VALUE.get(c, 1.0) + corrupt(max(0, damage - CHARS[c]["level"])) for c in lost
                 if c in CHARS]
        return -sum(costs) / len(costs) if costs else -99
    if t == "gollum_reveals":
        return -corrupt(damage - 1) - 1.5
    return -50

def _reveal(ctx: Ctx, a: dict) -> float:
    if a["type"] == "reveal_step":
        return 10 + 3 * (to_mordor(ctx.decision.get("at", a["region"])) - to_mordor(a["region"]))
    return 10


# ------------------------------------------------------------------------- companions


def _companion_goal(ctx: Ctx, comp: str) -> str | None:
    """Where a companion apart from the Fellowship heads: Strider to be crowned Aragorn (the nearest of
    the crowning Cities the Free Peoples hold, Minas Tirith first), the others to their nation's Stronghold
    (to rouse it) while the enemy does not hold it."""
    if comp == "strider":
        places = [p for p in ARAGORN_PLACES if not ctx.enemy_holds(p)] if ctx.normal else ["minas_tirith"]
        at = ctx.view["characters"].get("strider")
        at = at if at in DIST else ctx.f["pos"]
        return min(places, key=lambda p: DIST[at][p]) if places else None
    home = {"boromir": "minas_tirith", "legolas": "woodland_realm", "gimli": "erebor"}.get(comp)
    return home if home is None or not ctx.normal or not ctx.enemy_holds(home) else None


def _rally(ctx: Ctx) -> str:
    """Where a companion with no goal of its own goes: Minas Tirith, or while the enemy holds it the
    Free Peoples' City or Stronghold nearest to it."""
    if not ctx.normal or not ctx.enemy_holds("minas_tirith"):
        return "minas_tirith"
    return min((r for r in ctx.mine if not ctx.enemy_holds(r)), key=lambda r: DIST[r]["minas_tirith"],
               default="minas_tirith")


def _separate_decision(ctx: Ctx, a: dict) -> float:
    if a["type"] == "separate_add":
        return -10        # Strider goes alone
    if a["type"] == "separate_to":
        if ctx.normal and ctx.enemy_holds(a["region"]):
            return -20      # never into the enemy's hands
        group = ctx.decision.get("group", [])
        goal = next((g for c in group if (g := _companion_goal(ctx, c))), None) or _rally(ctx)
        return 50 - DIST[a["region"]][goal]
    return 0


def _move_companions(ctx: Ctx, a: dict) -> float:
    if a["type"] == "move_companions_to":
        if ctx.normal and ctx.enemy_holds(a["to"]):
            return -20      # never into the enemy's hands
        goal = next((g for c in a["group"] if (g := _companion_goal(ctx, c))), None)
        if goal is None:
            return 1
        here = next((ctx.view["characters"].get(c) for c in a["group"]), None)
        before = DIST[here][goal] if here in DIST else 9
        return 10 + 5 * (before - DIST[a["to"]][goal])
    return 5   # done


# ------------------------------------------------------------------------------ armies


def _attack(ctx: Ctx, a: dict) -> float:
    view = ctx.view
    src, dst = a["from"], a["to"]
    mine = _power(view, src, ctx.me)
    theirs = _power(view, dst, ctx.enemy)
    settlement = REGIONS[dst]["settlement"]
    if src == dst:       # a siege battle (or a sortie)
        edge = 1.3 if controller(view, dst) == ctx.enemy else 1.6
    else:
        edge = 1.8 if settlement == "stronghold" else 1.3 if settlement == "city" else 1.0
    if not ctx.normal:
        return 40 if mine > theirs else -5
    if mine < edge * theirs + 0.5:
        return -5
    return 55 + 12 * REGIONS[dst]["vp"] + 2 * (mine - theirs) - (6 if a["die"] == "character" else 0)


def _may_enter(view: dict, nations: list[str], region: str) -> bool:
    """The border rule as the view shows it: a nation not at war stays inside its own borders."""
    owner = REGIONS[region]["nation"]
    return owner is None or all(n == owner or view["politics"].get(n, {}).get("step", 0) == 0 for n in nations)


def _march(ctx: Ctx, src: str, to: str) -> float | None:
    """What moving my army from `src` to `to` is for, as a score; None when it is for nothing (marching in
    circles): it takes an enemy City or Stronghold left empty, nears the enemy's nearest one, guards one of
    mine that an enemy army could walk into, or joins another of my armies no farther from the front.
    Going back where the army's last move came from counts only to take or to guard."""
    view = ctx.view
    if strength(view, to, ctx.enemy)[0] or to == src:
        return None
    nations = [n for n, u in view["armies"].get(src, {}).items() if _side_of(n) == ctx.me]
    if not _may_enter(view, nations, to):
        return None
    units, _ = strength(view, src, ctx.me)
    if to in ctx.targets:
        return 60 + 12 * REGIONS[to]["vp"]
    if ctx.exposed(to) and not ctx.exposed(src):
        return 40 + units
    if ctx.came_from(src) == to:
        return None
    gain = ctx.front(src) - ctx.front(to)
    if gain > 0:
        return 20 + 6 * gain + min(units, 5)
    there, _ = strength(view, to, ctx.me)
    if there and gain == 0 and units + there <= 10:
        return 18 + min(there, 5)
    return None


def _marches(ctx: Ctx, src: str) -> list[float]:
    if src not in ctx.marches:
        ctx.marches[src] = [v for to in ADJ[src] if (v := _march(ctx, src, to)) is not None]
    return ctx.marches[src]


def _purposeful_march(ctx: Ctx, led: bool) -> bool:
    """Whether one of my armies not besieged (`led`, by a Character die: with a leader, a Nazgul or an
    Isengard Elite, which Saruman lets lead) has a move worth a die."""
    view, sieges = ctx.view, ctx.view["sieges"]

    def leads(r: str) -> bool:
        return strength(view, r, ctx.me)[1] > 0 or view["armies"][r].get("isengard", {}).get("elite", 0) > 0
    return any(sieges.get(r) != ctx.me and (not led or leads(r)) and _may_leave(ctx, r) for r in view["armies"])


def _may_leave(ctx: Ctx, src: str) -> bool:
    """Whether my army in `src` has a move worth making: a garrison under threat stays, a lone unit
    never leaves a City or Stronghold to an enemy army next to it, and no army marches for nothing."""
    units, _ = strength(ctx.view, src, ctx.me)
    if units == 0 or src in ctx.mine and ctx.threat(src) <= 2 and units <= 6:
        return False
    return not (units == 1 and ctx.exposed(src)) and bool(_marches(ctx, src))


def _army_from(ctx: Ctx, a: dict) -> float:
    src = a["region"]
    units, _ = strength(ctx.view, src, ctx.me)
    if units == 0 or ctx.normal and not _may_leave(ctx, src):
        return -5
    return 20 + units - 3 * ctx.front(src)


def _army_to(ctx: Ctx, a: dict) -> float:
    src = ctx.decision.get("from")
    before = ctx.front(src) if src in DIST else 9
    after = ctx.front(a["region"])
    if ctx.normal:
        theirs = _power(ctx.view, a["region"], ctx.enemy)
        mine = _power(ctx.view, src, ctx.me) if src in DIST else 0
        if theirs > 0 and mine < 1.5 * theirs:
            return -5
        if src in DIST:
            march = _march(ctx, src, a["region"])
            if march is not None:
                return march
            return 5 + before - after - 10 * (ctx.came_from(src) == a["region"])
    return 20 + 6 * (before - after) + 4 * (a["region"] in ctx.targets)


def _army_stay(ctx: Ctx, a: dict) -> float:
    """One army unit stays to hold a City or Stronghold an enemy army could walk into."""
    src = ctx.decision.get("from")
    if ctx.normal and a["kind"] in ("regular", "elite") and not ctx.decision.get("stay") and src in DIST \
            and ctx.exposed(src):
        return 90 if a["kind"] == "regular" else 85
    return -4


def _muster(ctx: Ctx, a: dict) -> float:
    region = a["region"]
    kind = a["kind"]
    value = {"elite": 8, "regular": 5, "leader": 3, "nazgul": 4}.get(kind, 2)
    if not ctx.normal:
        return 30 + value
    near = ctx.front(region) if ctx.me == SH else ctx.threat(region)
    return 30 + value + max(0, 8 - 2 * near)


def _diplomacy(ctx: Ctx, a: dict) -> float:
    p = ctx.view["politics"].get(a.get("nation"), {})
    step = p.get("step", 3)
    if ctx.me == SH:
        return 50 + (6 if p.get("active") else 0) - 3 * step
    return 34 - 2 * step if ctx.normal else 25


# ------------------------------------------------------------------------------ the Shadow


def _allocate(ctx: Ctx, a: dict) -> float:
    n = a["dice"]
    offered = max(x["dice"] for x in ctx.legal)
    if not ctx.normal:
        want = 1
    elif ctx.f["mordor"] is not None:
        want = offered
    else:
        left = ctx.fellowship_distance() - CRACK_OF_DOOM
        want = 1 if left > 6 else 2 if left > 3 else 3
    return -abs(n - min(want, offered))


def _post(ctx: Ctx, region: str, others: int) -> float:
    """How useful a Nazgul or minion is in `region` where `others` leaders stand beside it: near the
    enemy's Cities and Strongholds, leading an army of 3 or more units that has no other leader."""
    units, _ = strength(ctx.view, region, SH)
    return (3 if units >= 3 and others == 0 else 0) - ctx.front(region)


def _move_minions(ctx: Ctx, a: dict) -> float:
    """A flight or walk is worth what it gains on where the figure is now ("done": 4, a tie stays): no
    loops, no swaps."""
    t = a["type"]
    if t == "move_nazgul":
        if not ctx.normal:
            return 3
        here = _post(ctx, a["from"], strength(ctx.view, a["from"], SH)[1] - 1)
        return 3.5 + _post(ctx, a["to"], strength(ctx.view, a["to"], SH)[1]) - here
    if t == "move_minion":
        if not ctx.normal:
            units, _ = strength(ctx.view, a["to"], SH)
            return 5 + min(units, 5) - ctx.front(a["to"])
        here = ctx.view["characters"].get(a["minion"])
        lead_to = strength(ctx.view, a["to"], SH)[1]
        return 3.5 + _post(ctx, a["to"], lead_to) - (_post(ctx, here, strength(ctx.view, here, SH)[1])
                                                    if here in DIST else 9)
    return 4    # done


# ------------------------------------------------------------------------------ battles


# The Free Peoples' combat cards whose effect is a retreat before the round (Scouts).
SCOUTS = frozenset({"fp_str_05", "fp_str_09", "fp_str_17"})


def _battle(ctx: Ctx, a: dict) -> float:
    t = a["type"]
    d = ctx.decision
    view = ctx.view
    to = d.get("to")
    mine = theirs = 0.0
    if to in DIST:
        field = d.get("mode") == "field"
        attacker_at = d.get("from") if field and d.get("from") in DIST else to
        mine = _power(view, attacker_at if d.get("attacker") == ctx.me else to, ctx.me)
        theirs = _power(view, to if d.get("attacker") == ctx.me else attacker_at, ctx.enemy)
    if t == "engage":
        return 10
    if t in ("rearguard", "rearguard_char", "leave_behind_char"):
        return -5
    if t == "combat_card":
        if ctx.normal and a.get("card") in SCOUTS and to in DIST and to in ctx.mine \
                and REGIONS[to]["settlement"] != "stronghold":
            return 0       # its retreat would leave my City or Town to the attacker
        return 8 if ctx.normal else 3
    if t == "no_combat_card":
        return 2
    if t in ("continue_battle", "reduce_to_continue"):
        return 10 if mine >= theirs + (1 if t == "reduce_to_continue" else 0) else -2
    if t == "cease_battle":
        return 0
    if t == "hold":
        return 5 if not ctx.normal or mine + 1 >= theirs or REGIONS[to]["vp"] else -2
    if t == "retreat":
        if ctx.normal and to in DIST and ctx.exposed(to):
            return -4      # away from my City or Stronghold: the enemy walks in
        return 0 - ctx.front(a["region"]) * 0.1 if ctx.me == SH else 0 - ctx.threat(a["region"]) * 0.1
    if t == "retreat_into_siege":
        return 6 if ctx.normal and theirs > mine else -3
    if t == "field_battle":
        return 4
    if t == "advance":
        return 8 if not ctx.normal or _advance_safe(ctx) else 1
    if t == "stay":
        return 2
    if t == "leave_behind":
        return 9 if ctx.normal and not d.get("behind") and a["kind"] in ("regular", "elite") \
            and _advance_leaves(ctx) else -5
    if t == "casualty_unit":
        return {"regular": 6, "reduce": 4, "elite": 1}.get(a["kind"], 0)
    if t == "white_rider":
        return 0 if a.get("forfeit") else 3
    if t == "combat_choice":
        return 4
    if t == "combat_decline":
        return 1
    return 0


def _advance_leaves(ctx: Ctx) -> bool:
    """Whether the winners' advance would empty one of my Cities or Strongholds an enemy army stands
    next to (the beaten region left aside: it is empty now)."""
    src = ctx.decision.get("from")
    return src in DIST and src in ctx.mine and not ctx.decision.get("rearguard") and any(
        strength(ctx.view, r, ctx.enemy)[0] for r in ADJ[src] if r != ctx.decision.get("to"))


def _advance_safe(ctx: Ctx) -> bool:
    """Advance after a won field battle unless it gives a City or Stronghold away: one unit is left
    behind first (leave_behind), and if none can be, the army stays, unless the advance takes an enemy
    one."""
    return not _advance_leaves(ctx) or bool(ctx.decision.get("behind")) or ctx.decision.get("to") in ctx.targets


# ------------------------------------------------------------------------------ the die


def _act(ctx: Ctx, a: dict) -> float:
    t = a["type"]
    fp = ctx.me == FP
    if t == "move_fellowship":
        return _move_fellowship(ctx, a)
    if t == "hide_fellowship":
        return 95
    if t == "gandalf_the_white":
        return 75 if ctx.normal else 30
    if t == "aragorn":
        return 80 if ctx.normal else 30
    if t == "bring_minion":
        return 75 if ctx.normal else 40
    if t == "separate":
        # Nobody leaves by choice: a companion kept goes into Mordor, where it takes a tile's damage up to
        # its level. Strider leaving to be crowned lost more games to corruption than Aragorn won
        # (issue 41, docs/ai.md).
        return -10
    if t == "move_companions":
        return 30 if ctx.normal and _strider_walking(ctx) else -5
    if t == "companion_diplomacy":
        return 40 if ctx.normal else 20
    if t == "attack":
        return _attack(ctx, a)
    if t == "move_armies":
        if not ctx.normal:
            return 12 if fp else 30
        purposeful = _purposeful_march(ctx, a["die"] == "character")
        if fp:
            return 12 if purposeful else 3
        return 42 if purposeful else 8
    if t == "muster":
        return _muster(ctx, a) if not fp or ctx.normal else 20
    if t == "voice_of_saruman":
        return 46
    if t == "diplomacy":
        return _diplomacy(ctx, a)
    if t == "play_event":
        return _event(ctx, a) if ctx.normal else 25
    if t == "draw_card":
        hand = len(ctx.view["cards"]["hand"] or [])
        return 28 - 3 * hand
    if t == "move_minions":
        return 16 if ctx.normal else 10
    if t == "discard_table_card":
        return 5
    if t == "elven_ring":
        return _elven_ring(ctx, a)
    if t == "pass":
        return -1
    if t == "skip":
        # The Free Peoples' die with nothing better to do is spent idle rather than on a walk into the
        # Hunt the risk limits advise against (the wait, 8) or a march for nothing.
        return 9 if fp and ctx.normal else -3
    return 0


WALKING_FACES = ("character", "will_of_the_west")   # the faces that move or hide the Fellowship


def _elven_ring(ctx: Ctx, a: dict) -> float:
    """An Elven Ring turns a die into a Character die when the Ring-bearers on the Mordor track would
    otherwise stand still this turn (a step not yet taken, a hide before it if revealed, and too few dice
    that walk): a turn without a step costs a corruption point and puts off the Crack of Doom. Otherwise
    the Rings are kept (a used one goes to the Shadow)."""
    if not (ctx.me == FP and ctx.normal and ctx.f["mordor"] is not None and a["to"] == "character"
            and a["die"] not in WALKING_FACES):
        return -8
    need = (not ctx.f["hidden"]) + (ctx.hunt_box.get(FP, 0) == 0)
    have = sum(d in WALKING_FACES for d in ctx.view["dice"][FP])
    return 93 if need > have else -8


# The Free Peoples' cards that heal the Ring-bearers, and those whose special tile joins the Mordor pool
# (a tile worth 0 or less: fewer bad draws on the track) or that soaks Hunt damage (Mithril Coat).
HEALING = frozenset({"fp_char_09", "fp_char_10", "fp_char_12"})
MORDOR_HELP = frozenset({"fp_char_01", "fp_char_02", "fp_char_03", "fp_char_04", "fp_char_05"})


def _event(ctx: Ctx, a: dict) -> float:
    card = a.get("card")
    if ctx.me == FP and card in HEALING:
        return 40 + 10 * min(ctx.f["corruption"], 4) if ctx.f["corruption"] > 1 else 20
    if ctx.me == FP and card in MORDOR_HELP:
        return 52
    return 36


def _strider_walking(ctx: Ctx) -> bool:
    where = ctx.view["characters"].get("strider")
    goal = _companion_goal(ctx, "strider")
    return where in DIST and goal is not None and where != goal


def _default(ctx: Ctx, a: dict) -> float:
    t = a["type"]
    if t in ("done", "decline_draw", "no_exchange", "decline_exchange", "keep_tile"):
        return 1
    if t in ("ability_draw", "use_table_card"):
        return 5
    return 2


SCORERS: dict[str, Callable[[Ctx, dict], float]] = {
    "act": _act, "fellowship_phase": _fellowship_phase, "hunt_damage": _hunt_damage, "allocate": _allocate,
    "reveal_move": _reveal, "separate": _separate_decision, "move_companions": _move_companions,
    "move_minions": _move_minions, "battle": _battle,
}
TYPE_SCORERS: dict[str, Callable[[Ctx, dict], float]] = {
    "army_from": _army_from, "army_to": _army_to, "muster_second": _muster,
    "army_stay": _army_stay, "army_stay_char": lambda ctx, a: -4,
    "remove_unit": lambda ctx, a: 2 if a.get("kind") == "regular" else 0,
    "card_casualty": lambda ctx, a: {"regular": 6, "reduce": 4, "elite": 1}.get(a.get("kind"), 0),
}


def score(ctx: Ctx, a: dict) -> float:
    by_type = TYPE_SCORERS.get(a["type"])
    if by_type is not None:
        return by_type(ctx, a)
    by_kind = SCORERS.get(ctx.kind or "")
    return by_kind(ctx, a) if by_kind is not None else _default(ctx, a)


def random_by_type(legal: list[Any], rng: random.Random) -> dict:
    """A random type of action, then a random action of it (the random player's law)."""
    kind = rng.choice(sorted({a["type"] for a in legal}))
    return rng.choice([a for a in legal if a["type"] == kind])


def choose(view: dict, legal: list[dict], rng: random.Random, level: str = "normal") -> dict:
    """The action the rules of thumb of `level` ("easy" or "normal") prefer among `legal`, equals broken
    by `rng`."""
    if len(legal) == 1:
        return legal[0]
    if level == "easy" and rng.random() < EASY_NOISE:
        return random_by_type(legal, rng)
    ctx = Ctx(view, legal, level)
    best, top = -1e9, []
    for a in legal:
        v = score(ctx, a)
        if v > best:
            best, top = v, [a]
        elif v == best:
            top.append(a)
    return top[rng.randrange(len(top))]
