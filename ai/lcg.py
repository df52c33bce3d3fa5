"""A bot for The Lord of the Rings: The Card Game that plans its round as a player would. Its input is its
seat's view (ai/lcg_board.py reads it) and its own legal actions; it returns one of those actions, the same
one for the same view (no randomness).

- Planning: Steward of Gondor first, Gandalf when his 4 damage kills or hurts a big enemy (Sneak Attack
  brings him in for 1), then allies and attachments on the hero they help; healing, cards and threat
  reduction when needed.
- Quest: a plan of the round weighs every set of its questers: the quest's expected progress (only as much
  as the active location and the stage can use: none on a stage won by destroying enemies) and threat (the
  staging area plus a reveal of 0-3 threat for each player) against the combat of the enemies that will
  attack it (defended, chump-blocked or undefended, at a cost in damage and characters lost) and the enemies
  the characters kept back destroy. Aragorn commits first when he has a resource to ready himself.
  Don't Leave the Path's spider search fetches Ungoliant's Spawn (destroying it wins).
- Threat: it engages an enemy of the staging area optionally only when it can stop its attack and destroy it
  this round, or one of threat 3+ a spare character can defend; Gandalf or The Galadhrim's Greeting lower a
  high threat; travel weighs what each location's travel costs or brings.
- Combat: a defender that survives a shadow card's +1 (else an ally to chump-block rather than a hero that
  +1 would kill, else no defender when a hero takes the attack and lives), Grim Resolve, Ever Vigilant and
  For Gondor! with enemies engaged, Feint on a big attacker, and attacks on the enemy it can destroy with the
  fewest attackers.
- Responses: free ones always; paid ones when they stop something that matters (A Test of Will on a bad
  treachery, Hasty Stroke on a shadow effect, Swift Strike).
- Journey Down the Anduin's Hill Troll and stages: ai/lcg_anduin.py, called from the plan and the prompts.
"""
from __future__ import annotations

from . import lcg_anduin as anduin
from . import lcg_dolguldur as dolguldur
from .lcg_board import Board

# The round's plan (`_plan`) weighs, in points of threat: the quest's expected progress and threat, damage,
# heroes and allies lost, and enemies destroyed. Tuned on seeds 0-199 (Passage Through Mirkwood, normal, alone).
PLAN_MAX = 10            # questers weighed by the plan (2^n sets)
REVEALS = (0, 1, 2, 3)   # the threat an encounter card adds, each as likely
PROGRESS = 1.0           # a point of progress
THREAT = 1.0             # a point of threat raised by a failed quest
SHADOW = 1               # the attack a shadow card adds, on average
HERO_DAMAGE = 1.0        # a point of damage on a hero
ALLY_DAMAGE = 0.5
HERO_LOST = 20.0
CHUMP = 1.0              # an ally lost to block an attack (plus its cost)
UNDEFENDED = 1.0         # an attack undefended, beyond its damage (shadow effects that punish it)
ATTACKER_LOST = 0.3      # a defender's attack, lost for attacking back (each point)
QUEST_HURT = 0.3         # how much a 1-hit-point quester risks, each reveal (The Necromancer's Reach...)
WOUND = 1.5              # each point of damage left on an enemy it does not destroy
KILL = 2.0               # an enemy destroyed this round
KILL_ATTACK = 2.0        # and for each point of its attack
ENGAGE_AT = 3         # engage a staging enemy it can defend (not yet destroy) when its threat is at least this (0: never)
NO_PROGRESS_STAGES = {"a_chosen_path_dont_leave_the_path", "ambush_on_the_shore"}
# What travelling to a location brings besides its threat out of the staging area, in points of threat:
# a card revealed, a hero exhausted before combat, two cards discarded; two cards drawn, a character readied.
TRAVEL = {"mountains_of_mirkwood": -1.5, "great_forest_web": -1.5, "necromancers_pass": -1.0,
          "forest_gate": 1.0, "old_forest_road": 0.5}
HIGH_THREAT = 35      # threat from which lowering it beats drawing cards
BIG = ("hill_troll", "nazgul_of_dol_guldur", "ungoliants_spawn", "chieftain_ufthak", "king_spider")
BAD_TREACHERIES = {"pursued_by_shadow", "evil_storm", "the_necromancers_reach", "driven_by_shadow",
                   "treacherous_fog", "under_the_shadow", "iron_shackles", "caught_in_a_web",
                   "great_forest_web", "eyes_of_the_forest", "necromancers_pass"}
# Allies in order of preference (unlisted allies come after, by their stats).
ALLIES = ("gandalf", "beorn", "northern_tracker", "faramir", "brok_ironfist", "horseback_archer",
          "longbeard_orc_slayer", "silverlode_archer", "veteran_axehand", "gondorian_spearman",
          "erebor_hammersmith", "lorien_guide", "wandering_took", "guard_of_the_citadel",
          "daughter_of_the_nimrodel", "gleowine", "henamarth_riversong", "miner_of_the_iron_hills",
          "snowbourn_scout", "son_of_arnor")
# Which hero each attachment helps most, best first.
ATTACH = {
    "steward_of_gondor": ("theodred", "aragorn", "gloin", "beravor", "eowyn", "legolas", "gimli", "denethor"),
    "celebrians_stone": ("aragorn", "eowyn", "theodred", "gloin"),
    "the_favor_of_the_lady": ("eowyn", "aragorn", "glorfindel", "eleanor"),
    "unexpected_courage": ("eowyn", "aragorn", "legolas", "glorfindel", "gimli"),
    "dwarven_axe": ("gimli", "gloin", "thalin", "legolas", "aragorn"),
    "blade_of_gondolin": ("legolas", "aragorn", "gimli", "thalin"),
    "citadel_plate": ("gimli", "aragorn", "denethor", "beravor", "theodred", "thalin", "gloin"),
    "protector_of_lorien": ("eowyn", "glorfindel", "beravor", "denethor", "eleanor"),
    "self_preservation": ("gimli", "aragorn", "legolas", "gloin"),
    "horn_of_gondor": ("aragorn", "gimli", "legolas", "eowyn", "theodred"),
}
# Abilities worth their cost, by the window they cost least in: a character exhausted once attacks are done
# readies in the refresh phase just after.
ABILITIES = {"steward_of_gondor": None, "beravor": "attacks_done", "gleowine": "attacks_done",
             "daughter_of_the_nimrodel": "attacks_done", "self_preservation": "attacks_done",
             "glorfindel": "attacks_done", "henamarth_riversong": "planning"}
STAGING_ATTACKERS = {"dunhere"}  # may attack an enemy in the staging area
HURT_ON_ENGAGE = {"hummerhorns"}  # 5 damage to a hero as it engages: never engaged by choice
PAID_RESPONSES = ("hasty_stroke", "swift_strike", "valiant_sacrifice")
PASS = {"type": "pass"}


def choose(view: dict, legal: list[dict]) -> dict:
    """The action the bot takes: always one of `legal` (its first if a rule of thumb went astray)."""
    action = decide(view, legal)
    return action if action in legal else legal[0]


def decide(view: dict, legal: list[dict]) -> dict | None:
    """What the rules of thumb pick (tests check it is legal; `choose` never lets anything else through)."""
    d = view["decision"]
    b = Board(view)
    pick = {"mulligan": _mulligan, "window": _window, "commit": _commit, "respond": _respond,
            "defend": _defend, "attack": _attack, "attackers": _attackers, "choose": _choose}.get(d["kind"])
    return pick(b, d, legal) if pick else legal[0]


# ---- mulligan and planning -------------------------------------------------------------------------------

def _mulligan(b: Board, d: dict, legal: list[dict]) -> dict:
    """Keep a hand that can put a character or Steward of Gondor on the table early."""
    cheap = [u for u in b.hand if b.type(u) == "ally" and b.cost(u) <= 3 or b.cid(u) == "steward_of_gondor"]
    return {"type": "keep"} if cheap else {"type": "mulligan"}


def _cheapest(b: Board, options: list[dict]) -> dict:
    """The payment spending least, and leaving Aragorn a resource to ready himself after questing."""
    def key(a: dict) -> tuple:
        pay = a.get("pay", {})
        spent_readying = sum(1 for u, n in pay.items() if b.cid(u) == "aragorn"
                             and b.cards[u]["resources"] - n < 1)
        return sum(pay.values()), spent_readying, sorted(pay.items())
    return min(options, key=key)


def _gandalf_damage_worth(b: Board) -> bool:
    return any(b.hp(e) <= 4 or b.cid(e) in BIG or b.stat(e, "attack") >= 3 for e in b.enemies())


def _hurt_heroes(b: Board, at_least: int) -> list[str]:
    return [c["uid"] for p in b.v["active_players"] for c in b.player(p)["heroes"] if c["damage"] >= at_least]


def _window(b: Board, d: dict, legal: list[dict]) -> dict:
    name = d["name"]
    by: dict[str, list[dict]] = {}
    for a in legal:
        if a["type"] == "play":
            by.setdefault(b.cid(a["card"]) or "", []).append(a)
    engaged = b.engaged()
    if "sneak_attack" in by and any(b.cid(u) == "gandalf" for u in b.hand) and (
            (name == "planning" and _gandalf_damage_worth(b)) or (name == "combat" and engaged)):
        return _cheapest(b, by["sneak_attack"])
    if name == "planning":
        for a in legal:
            if a["type"] == "activate" and b.cid(a["card"]) == "steward_of_gondor":
                return a
        if "steward_of_gondor" in by:
            return _cheapest(b, by["steward_of_gondor"])
        if "gandalf" in by and (_gandalf_damage_worth(b) or b.threat() >= HIGH_THREAT or len(b.hand) <= 2):
            return _cheapest(b, by["gandalf"])
        if "stand_and_fight" in by and any(c["id"] == "gandalf" for p in b.v["active_players"]
                                           for c in b.player(p)["discard"]):
            five = [a for a in by["stand_and_fight"] if a.get("x") == 5]
            if five:
                return _cheapest(b, five)
        if "beorns_hospitality" in by and len(_hurt_heroes(b, 2)) >= 2:
            return _cheapest(b, by["beorns_hospitality"])
        if "loriens_wealth" in by and len(b.hand) <= 3:
            return _cheapest(b, by["loriens_wealth"])
        if "forest_snare" in by and any(b.stat(e, "attack") >= 3 for e in engaged):
            return _cheapest(b, by["forest_snare"])
        allies = [cid for cid in by if b.type(by[cid][0]["card"]) == "ally" and cid != "gandalf"]
        if allies:
            rank = {c: i for i, c in enumerate(ALLIES)}
            best = min(allies, key=lambda c: (rank.get(c, 99), -sum(b.stat(by[c][0]["card"], k) for k in
                                                                    ("willpower", "attack", "defense"))))
            return _cheapest(b, by[best])
        for cid in ATTACH:
            if cid in by and _helped(b, cid):
                return _cheapest(b, by[cid])
        if "power_in_the_earth" in by and any(b.type(c["uid"]) == "location" and b.stat(c["uid"], "threat") >= 2
                                              for c in b.v["staging"]):
            return _cheapest(b, by["power_in_the_earth"])
    if name == "quest" and b.staging_threat() >= b.committed_willpower():
        for cid in ("secret_paths", "radagasts_cunning"):
            if cid in by:
                return _cheapest(b, by[cid])
        for a in legal:
            if a["type"] == "activate" and _boosts(b, a["card"]):
                return a
    if "lore_of_imladris" in by and _hurt_heroes(b, 3):
        return _cheapest(b, by["lore_of_imladris"])
    if "the_galadhrims_greeting" in by and b.threat() >= (anduin.keep_below(b) or HIGH_THREAT + 3):
        return _cheapest(b, by["the_galadhrims_greeting"])
    if name == "combat" and engaged:
        mine = b.characters()
        tired = [u for u in mine if b.cards[u]["exhausted"]]
        if "grim_resolve" in by and len(tired) >= 3:
            return _cheapest(b, by["grim_resolve"])
        if "ever_vigilant" in by and any(b.zone.get(u) == "allies" and _worth(b, u) >= 3 for u in tired):
            return _cheapest(b, by["ever_vigilant"])
        if "for_gondor" in by and len(mine) - len(tired) >= 2:
            return _cheapest(b, by["for_gondor"])
    if name == "combat" and "feint" in by and any(b.stat(e, "attack") >= 3 for e in engaged):
        return _cheapest(b, by["feint"])
    if name == "combat" and "thicket_of_spears" in by and sum(b.stat(e, "attack") for e in engaged) >= 5:
        return _cheapest(b, by["thicket_of_spears"])
    claim = dolguldur.claim(b, legal)
    if claim:
        return claim
    for a in legal:
        if a["type"] == "activate" and b.cid(a["card"]) in ABILITIES \
                and ABILITIES[b.cid(a["card"]) or ""] in (None, name):
            if b.cid(a["card"]) in ("glorfindel", "daughter_of_the_nimrodel") and not _hurt_heroes(b, 1):
                continue
            return a
    return PASS


def _helped(b: Board, cid: str) -> bool:
    """Whether a hero this attachment helps is in play (it may go on another player's hero)."""
    heroes = {c["id"] for p in b.v["active_players"] for c in b.player(p)["heroes"]}
    return any(h in heroes for h in ATTACH.get(cid, ()))


def _boosts(b: Board, u: str) -> bool:
    """Abilities adding willpower to the quest: Faramir, Éowyn's discard (with a hand to spare)."""
    cid = b.cid(u)
    if cid == "faramir":
        return True
    return cid == "eowyn" and u in b.v["committed"] and len(b.hand) >= 3


# ---- quest -------------------------------------------------------------------------------------------

def _commit(b: Board, d: dict, legal: list[dict]) -> dict:
    """Commit the characters of the best plan for the round (`_plan`), one at a time (Aragorn, who readies, first)."""
    cands = [a for a in legal if a["type"] == "commit" and b.stat(a["card"], "willpower") > 0]
    free = [a for a in cands if _readies_after_quest(b, a["card"])]
    if free:
        return free[0]
    plan = _plan(b, [a["card"] for a in cands])
    chosen = [a for a in cands if a["card"] in plan]
    if not chosen:
        return {"type": "done"}
    return max(chosen, key=lambda a: b.stat(a["card"], "willpower"))


def _readies_after_quest(b: Board, u: str) -> bool:
    """Aragorn readies himself after committing for 1 resource of his own."""
    return b.cid(u) == "aragorn" and b.cards[u]["resources"] >= 1


def _plan(b: Board, questers: list[str]) -> set[str]:
    """The questers to commit: of every set of them, the one whose round scores best (`_round_score`)."""
    questers = sorted(questers, key=lambda u: -b.stat(u, "willpower"))[:PLAN_MAX]
    ready = b.ready()
    best, best_score = set(), None
    for mask in range(1 << len(questers)):
        q = {u for i, u in enumerate(questers) if mask >> i & 1}
        score = _round_score(b, q, [u for u in ready if u not in q or _readies_after_quest(b, u)])
        if best_score is None or score > best_score + 1e-9:
            best, best_score = q, score
    return best


def _quest_outcome(b: Board, willpower: int) -> float:
    """Expected progress minus threat raised: the staging area's threat plus the reveals (each 0 to 3)."""
    base = willpower - b.staging_threat()
    n = len(b.v["active_players"])
    total = 0.0
    outcomes = [0]
    for _ in range(anduin.reveals(b, n)):
        outcomes = [o + r for o in outcomes for r in REVEALS]
    useful = _progress_wanted(b)
    progress, threat = dolguldur.quest_weights(b) or (PROGRESS, THREAT)
    threat *= anduin.threat_weight(b)
    for r in outcomes:
        x = base - r
        total += progress * min(x, useful) if x > 0 else threat * x
    return total / len(outcomes)


def _progress_wanted(b: Board) -> int:
    """The progress that counts this round: what the active location and the quest stage still need (none on
    a stage won otherwise, as Don't Leave the Path is won by destroying Ungoliant's Spawn)."""
    loc = b.v["active_location"]
    need = max(0, (b.info(loc["uid"]).get("quest_points") or 0) - loc["progress"]) if loc else 0
    q = b.v["quest"]
    if q and q["id"] not in NO_PROGRESS_STAGES:
        need += max(0, (q.get("quest_points") or 0) - q["progress"])
    return need


def _round_score(b: Board, quest: set[str], back: list[str]) -> float:
    """The round's worth for committing `quest` and keeping `back` ready for combat: the quest's expected
    progress and threat, the enemies that will attack this player held or not, and those it can destroy."""
    willpower = b.committed_willpower() + sum(b.stat(u, "willpower") for u in quest)
    score = _quest_outcome(b, willpower)
    for u in quest:  # a revealed card may deal a point of damage to questers (The Necromancer's Reach)
        if b.hp(u) <= 1:
            score -= QUEST_HURT * len(b.v["active_players"]) * (HERO_LOST if b.zone.get(u) == "heroes"
                                                                 else CHUMP + b.cost(u))
    return score + max(_combat_score(b, foes, back) for foes in anduin.foe_sets(b))


def _combat_score(b: Board, foes: list[str], back: list[str]) -> float:
    """What the attacks of `foes` cost, each stopped the cheapest way by a character of `back` (or none), and
    what the characters left then destroy or wound."""
    score = 0.0
    pool = list(back)
    foes = sorted(foes, key=lambda e: -b.stat(e, "attack"))
    for e in foes:
        atk = b.stat(e, "attack") + SHADOW
        best_cost, best_u = _undefended_cost(b, atk, pool) + anduin.excess_cost(b, e, atk, None), None
        for u in pool:
            hurt = max(0, atk - b.stat(u, "defense"))
            hero = b.zone.get(u) == "heroes"
            if hurt >= b.hp(u):
                cost = HERO_LOST if hero else CHUMP + b.cost(u)
            else:
                cost = hurt * (HERO_DAMAGE if hero else ALLY_DAMAGE)
            cost += ATTACKER_LOST * b.stat(u, "attack") + anduin.excess_cost(b, e, atk, u)
            if cost < best_cost:
                best_cost, best_u = cost, u
        score -= best_cost
        if best_u is not None:
            pool.remove(best_u)
    power = sum(b.stat(u, "attack") for u in pool) + anduin.hand_power(b, foes, pool)
    for e in sorted(foes, key=lambda e: (dolguldur.prize(b, e) is None, b.to_kill(e))):
        kill, wound = dolguldur.prize(b, e) or (KILL + KILL_ATTACK * b.stat(e, "attack") + anduin.kill_bonus(b, e),
                                                WOUND * anduin.wound_share(b, e))
        if power - b.stat(e, "defense") >= b.hp(e):
            score += kill
            power -= b.to_kill(e)
        elif power > b.stat(e, "defense"):  # damage that stays on it for the next round
            score += wound * (power - b.stat(e, "defense"))
            power = 0
    return score


def _undefended_cost(b: Board, atk: int, pool: list[str]) -> float:
    heroes = [u for u in b.characters() if b.zone.get(u) == "heroes"]
    if not heroes:
        return HERO_LOST
    sturdiest = max(heroes, key=b.hp)
    return HERO_LOST if atk >= b.hp(sturdiest) else atk * HERO_DAMAGE + UNDEFENDED


def _respond(b: Board, d: dict, legal: list[dict]) -> dict:
    for a in legal:
        if a["type"] != "respond":
            continue
        cid = b.cid(a["card"])
        if "pay" not in a or cid in PAID_RESPONSES:
            return a
        if cid == "a_test_of_will":
            rev = b.v["revealing"]
            if rev and rev[-1]["id"] in BAD_TREACHERIES:
                return a
    return {"type": "decline"}


# ---- combat ------------------------------------------------------------------------------------------

def _defend(b: Board, d: dict, legal: list[dict]) -> dict:
    if {"type": "done"} in legal:
        return {"type": "done"}
    e = b.v["attack"]["enemy"]
    atk = b.stat(e, "attack")
    cands = [a["card"] for a in legal if a["type"] == "defend"]
    safe = [u for u in cands if b.holds(u, atk + 1)]
    if safe:  # the sturdiest one least needed to attack back
        return {"type": "defend", "card": min(safe, key=lambda u: (b.stat(u, "attack") - b.stat(u, "defense"),
                                                                    -b.hp(u)))}
    allies = [u for u in cands if b.zone.get(u) == "allies"]
    # a hero that a shadow card's +1 would kill lets an ally block instead
    tight = [u for u in cands if b.holds(u, atk) and (b.zone.get(u) == "allies" or not allies)]
    if tight:
        return {"type": "defend", "card": max(tight, key=lambda u: b.hp(u))}
    if allies:
        return {"type": "defend", "card": anduin.chump(b, e, allies)
                or min(allies, key=lambda u: b.stat(u, "willpower") + b.stat(u, "attack"))}
    # a small attack undefended, if a hero takes it with hit points to spare; any attack undefended rather
    # than a defender sure to die, if a hero takes it and lives
    absorb = max((b.hp(c["uid"]) for c in b.player()["heroes"]), default=0)
    if not cands or atk <= 2 and absorb > atk + 2 or absorb > atk:
        return {"type": "no_defender"}
    return {"type": "defend", "card": max(cands, key=lambda u: b.stat(u, "defense") + b.hp(u))}


def _power(b: Board, e: str) -> int:
    """The attack its ready characters can bring against `e`: in the staging area, only Dúnhere's (alone, +1)."""
    if b.zone.get(e) == "staging":
        return max((b.stat(u, "attack") + 1 for u in b.ready() if b.cid(u) in STAGING_ATTACKERS), default=0)
    return sum(b.stat(u, "attack") for u in b.ready())


def _attack(b: Board, d: dict, legal: list[dict]) -> dict:
    targets = [a["enemy"] for a in legal if a["type"] == "attack"]
    first = dolguldur.attack_first(b, targets)
    if first:
        return {"type": "attack", "enemy": first}
    kills = [e for e in targets if _power(b, e) >= b.to_kill(e)]
    if kills:
        return {"type": "attack", "enemy": max(kills, key=lambda e: (b.stat(e, "attack"), -b.to_kill(e)))}
    hurt = [e for e in targets if _power(b, e) > b.stat(e, "defense") and b.zone.get(e) in ("engaged", "staging")]
    if hurt:
        return {"type": "attack", "enemy": max(hurt, key=lambda e: b.stat(e, "attack"))}
    return {"type": "done"}


def _attackers(b: Board, d: dict, legal: list[dict]) -> dict:
    e = d["enemy"]
    have = sum(b.stat(u, "attack") for u in d.get("chosen", []))
    enough = {"type": "done"} if "joining" in d else {"type": "resolve"}
    if d.get("chosen") and have >= b.to_kill(e):
        return enough
    cands = [a["card"] for a in legal if a["type"] == "attacker"]
    if not cands:
        return enough
    finish = [u for u in cands if have + b.stat(u, "attack") >= b.to_kill(e)]
    if finish:
        return {"type": "attacker", "card": min(finish, key=lambda u: b.stat(u, "attack"))}
    return {"type": "attacker", "card": max(cands, key=lambda u: b.stat(u, "attack"))}


# ---- prompts -----------------------------------------------------------------------------------------

def _pick(u: str) -> dict:
    return {"type": "choose", "choice": u}


def _choose(b: Board, d: dict, legal: list[dict]) -> dict:
    opts = d.get("options", [])
    prompt = d.get("prompt")
    if not opts:
        return legal[0]
    if prompt == "gandalf":
        if "damage" in opts and _gandalf_damage_worth(b):
            return _pick("damage")
        return _pick("threat" if b.threat() >= HIGH_THREAT else "draw")
    if prompt == "optional_engage":
        return _optional_engage(b, opts)
    if prompt == "travel":
        return _pick(max(opts, key=lambda u: (dolguldur.guards(b, u), b.stat(u, "threat")
                                              - (b.info(u).get("quest_points") or 0) / 3 + TRAVEL.get(b.cid(u) or "", 0))))
    if prompt == "rescue_prisoner":
        return dolguldur.rescue(b, opts)
    if prompt in ("undefended_damage", "assign_damage", "damage_hero", "damage_character"):
        return _pick(_takes_damage(b, opts, d.get("args", {}).get("amount")))
    if prompt in ("heal_character", "heal_hero"):
        return _pick(max(opts, key=lambda u: b.cards[u]["damage"] if u in b.cards else 0))
    if prompt in ("choose_enemy", "next_attack"):
        return _pick(_enemy_target(b, opts, prompt))
    if prompt == "attach_to":
        return _pick(_host(b, d, opts))
    if prompt == "ready_ally":
        return _pick(max(opts, key=lambda u: b.stat(u, "defense") + b.stat(u, "attack")))
    if prompt in ("ally_from_hand", "ally_from_discard"):
        rank = {c: i for i, c in enumerate(ALLIES)}
        return _pick(min(opts, key=lambda u: rank.get(b.cid(u) or "", 99)))
    if prompt == "discard_from_hand":
        return _pick(min(opts, key=lambda u: (b.cid(u) in ("gandalf", "sneak_attack", "steward_of_gondor"),
                                              b.cost(u))))
    if prompt == "discard_character":  # the Nazgûl's shadow effects
        return _pick(dolguldur.discard(b, opts))
    if prompt in ("exhaust_character", "exhaust_hero"):
        return _pick(min(opts, key=lambda u: (u not in b.v["committed"], b.zone.get(u) == "heroes",
                                              b.stat(u, "willpower") + b.stat(u, "attack") + b.stat(u, "defense"))))
    if prompt == "choose_location" or prompt == "progress_location":
        return _pick(max(opts, key=lambda u: b.stat(u, "threat")))
    if prompt == "boost_stat":
        return _pick("willpower" if b.v["phase"] == "quest" else "defense") \
            if {"willpower", "defense"} <= set(opts) else legal[0]
    if prompt == "threat_choice":
        return _pick(max((o for o in opts if o in b.v["players"]), key=b.threat, default=opts[0]))
    if prompt == "choose_player" and b.me in opts:
        return _pick(b.me)
    if prompt == "spider_search":  # Don't Leave the Path is won by destroying Ungoliant's Spawn: fetch it
        return _pick("ungoliants_spawn" if "ungoliants_spawn" in opts else opts[0])
    if prompt == "discard_attachment":  # a third Restricted card: keep the objectives
        return _pick(min(opts, key=lambda u: (b.cid(u) in dolguldur.OBJECTIVES, b.cost(u))))
    if prompt == "move_to_bottom":
        return {"type": "decline"} if {"type": "decline"} in legal else legal[0]
    return legal[0]


def _takes_damage(b: Board, opts: list[str], amount: int | None) -> str:
    """The character that survives the damage with most hit points left; if none can, the one that matters least."""
    survive = [u for u in opts if amount is None or b.hp(u) > amount]
    if survive:
        return max(survive, key=lambda u: (b.hp(u), -b.stat(u, "willpower")))
    return min(opts, key=lambda u: (b.zone.get(u) == "heroes", _worth(b, u)))


def _worth(b: Board, u: str) -> int:
    return b.stat(u, "willpower") + b.stat(u, "attack") + b.stat(u, "defense")


def _enemy_target(b: Board, opts: list[str], prompt: str) -> str:
    playing = b.v.get("being_played") or [{}]
    if prompt == "next_attack" or playing[-1].get("id") == "feint":  # the strongest attacker first / stopped
        return max(opts, key=lambda e: b.stat(e, "attack"))
    nazgul = dolguldur.nazgul(b, opts)
    if nazgul:
        return nazgul
    troll = anduin.damage_target(b, opts)
    if troll:
        return troll
    kills = [e for e in opts if b.hp(e) <= 4]
    if kills:
        return max(kills, key=lambda e: (b.stat(e, "attack"), b.stat(e, "threat")))
    big = [e for e in opts if b.cid(e) in BIG]
    if big:
        return min(big, key=b.hp)
    return max(opts, key=lambda e: b.stat(e, "attack"))


def _host(b: Board, d: dict, opts: list[str]) -> str:
    playing = b.v.get("being_played") or [{}]  # the attachment being played (the decision names no card)
    cid = b.cid(d.get("args", {}).get("card", "")) or playing[-1].get("id") or dolguldur.claiming(b) or ""
    if cid in ("forest_snare",):
        return max(opts, key=lambda u: b.type(u) == "enemy" and b.stat(u, "attack"))
    if cid == "power_in_the_earth":
        return max(opts, key=lambda u: b.type(u) == "location" and b.stat(u, "threat"))
    if cid in dolguldur.OBJECTIVES:
        return dolguldur.host(b, cid, opts)
    pref = ATTACH.get(cid, ())
    mine = [u for u in opts if b.ctrl.get(u) == b.me]
    return min(opts, key=lambda u: (pref.index(b.cid(u)) if b.cid(u) in pref else 99, u not in mine))


def _optional_engage(b: Board, opts: list[str]) -> dict:
    """On Escape from Dol Guldur, the Nazgûl when the plan calls for it; on Journey Down the Anduin, the staging
    enemy whose engagement the round's plan gains most from. Else an enemy the ready characters destroy this round
    while one of them stops its attack; or, to take its threat out of the staging area, one a spare character can
    defend against."""
    nazgul = dolguldur.engage(b, opts)
    if nazgul:
        return _pick(nazgul)
    sure, ready = anduin.coming(b), b.ready()
    gain = {e: _combat_score(b, sure + [e], ready) - _combat_score(b, sure, ready)
            for e in anduin.to_engage(b) if e in opts}
    if gain and max(gain.values()) > 0:
        return _pick(max(gain, key=lambda e: gain[e]))
    if b.engaged():
        return {"type": "decline"}
    kill = []
    for e in opts:
        if b.cid(e) in HURT_ON_ENGAGE:
            continue
        guards = [u for u in ready if b.holds(u, b.stat(e, "attack") + 1)]
        if not guards:
            continue
        guard = min(guards, key=lambda u: b.stat(u, "attack"))
        if sum(b.stat(u, "attack") for u in ready if u != guard) >= b.to_kill(e) or ENGAGE_AT and b.stat(e, "threat") >= ENGAGE_AT and len(ready) >= 2:
            kill.append(e)
    if not kill:
        return {"type": "decline"}
    return _pick(max(kill, key=lambda e: (dolguldur.guards(b, e), b.stat(e, "threat"), b.stat(e, "attack"))))
