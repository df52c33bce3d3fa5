"""A scripted player that plays built decks the way a careful group does (tests/lcg/test_games.py's won games of
Journey Down the Anduin and Escape from Dol Guldur). Over the heuristics of strong_policy.py it:
- spends Gandalf (hard cast, Sneak Attack for 1 resource, or Stand and Fight from a discard pile) on 4 damage to
  the enemy that matters (one the damage kills, else the Hill Troll or the Nazgûl), draws 3 otherwise, lowers
  threat only when high;
- builds its board in the planning phase by priority (Steward of Gondor first, on a Leadership hero; the
  cheapest useful ally when short), attachments on the hero they help;
- commits to the quest what the staging area and the coming reveals ask for, plus a margin, but keeps back
  a defender for each enemy that will attack and attackers able to kill one;
- defends with a character that survives, else chump-blocks with its weakest ally, and always attacks the
  enemy it can destroy with its ready characters (the one hurting most first);
- engages optionally only enemies it can destroy the same round.
A round may be played as a seeded variant (`Params`): other margins, optional engagements or not, and rare
random choices, so that a search (bench/lcg_wins.py) keeps the best of several futures; the chosen variants
replay the same game exactly through the real rules. Deterministic."""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.lcg.combat import attack_value
from engine.lcg.effects import QUESTS, REGISTRY
from engine.lcg.effects.dolguldur import claimed_objectives
from engine.lcg.state import active_players, info
from engine.lcg.stats import staging_threat, stat

from . import policy
from .helpers import R


@dataclass(frozen=True)
class Params:
    margin: int = 2          # willpower committed beyond the staging threat and the expected reveals
    engage: bool = True      # take on enemies of the staging area optionally when they can be destroyed
    epsilon: float = 0.0     # share of prompts answered at random (variants)
    low_threat: int = 36     # Gandalf lowers threat from this threat up (else he draws)
    guard: int = 3           # at most this many characters kept back from the quest by each player
    rescue_at: int = 8       # Escape from Dol Guldur: rescue the prisoner once stage 2 holds this progress
    seed: int = 0


def _deck(heroes, counts):
    return {"heroes": list(heroes), "cards": [c for c, n in counts.items() for _ in range(n)]}


# The decks of the won games (50 cards each, Core Set quantities, checked by cards.lcg.validate_deck).
# Leadership for resources and Gandalf (Steward of Gondor, Sneak Attack), Tactics to fight, Spirit to quest.
ANDUIN_SOLO = _deck(("theodred", "legolas", "eowyn"), {
    "steward_of_gondor": 2, "sneak_attack": 2, "guard_of_the_citadel": 3, "son_of_arnor": 2, "snowbourn_scout": 3,
    "faramir": 2, "gandalf": 3, "ever_vigilant": 2, "feint": 2, "blade_mastery": 3, "quick_strike": 2,
    "veteran_axehand": 3, "gondorian_spearman": 3, "horseback_archer": 2, "dwarven_axe": 2, "citadel_plate": 2,
    "the_galadhrims_greeting": 2, "a_test_of_will": 2, "unexpected_courage": 1, "the_favor_of_the_lady": 2,
    "northern_tracker": 2, "lorien_guide": 3})
# Escape from Dol Guldur, two players, each deck within one Core Set's quantities (cards.lcg: `quantity`).
# Leadership/Spirit quests and brings Gandalf back round after round: Stand and Fight (X = 5, paid by Éowyn with
# Steward of Gondor) puts him into play from a discard pile outside the scenario's one-ally-per-round limit,
# questing for 4 and hurting the enemy that matters, drawing or lowering threat as he enters.
DOLGULDUR_LEAD_SPIRIT = _deck(("aragorn", "eowyn", "theodred"), {
    "gandalf": 3, "sneak_attack": 2, "stand_and_fight": 3, "will_of_the_west": 2, "dwarven_tomb": 1,
    "steward_of_gondor": 2, "celebrians_stone": 1, "the_favor_of_the_lady": 2, "unexpected_courage": 1, "faramir": 2,
    "the_galadhrims_greeting": 2, "a_test_of_will": 2, "northern_tracker": 2, "power_in_the_earth": 2,
    "lorien_guide": 3, "strength_of_will": 2, "hasty_stroke": 2, "ever_vigilant": 2, "common_cause": 2,
    "for_gondor": 2, "guard_of_the_citadel": 3, "snowbourn_scout": 3, "son_of_arnor": 2, "wandering_took": 2})
# Tactics/Lore fights (Legolas' progress when he kills, Gimli with an axe), draws (Beravor) and heals.
DOLGULDUR_TACTICS_LORE = _deck(("legolas", "gimli", "beravor"), {
    "gandalf": 3, "blade_mastery": 1, "veteran_axehand": 3, "gondorian_spearman": 3, "horseback_archer": 2,
    "beorn": 1, "feint": 2, "quick_strike": 2, "swift_strike": 1, "blade_of_gondolin": 2, "citadel_plate": 2,
    "dwarven_axe": 2, "forest_snare": 2, "protector_of_lorien": 2, "daughter_of_the_nimrodel": 3, "gleowine": 2,
    "lore_of_imladris": 3, "secret_paths": 2, "radagasts_cunning": 2, "loriens_wealth": 2, "beorns_hospitality": 1,
    "henamarth_riversong": 1, "self_preservation": 2, "erebor_hammersmith": 2, "miner_of_the_iron_hills": 2})
DECKS = {"anduin": [ANDUIN_SOLO], "dolguldur": [DOLGULDUR_LEAD_SPIRIT, DOLGULDUR_TACTICS_LORE]}

_ALLY_ORDER = ("gandalf", "beorn", "northern_tracker", "faramir", "brok_ironfist", "horseback_archer",
               "longbeard_orc_slayer", "silverlode_archer", "veteran_axehand", "gondorian_spearman",
               "erebor_hammersmith", "lorien_guide", "wandering_took", "guard_of_the_citadel",
               "daughter_of_the_nimrodel", "gleowine", "henamarth_riversong", "miner_of_the_iron_hills",
               "snowbourn_scout", "son_of_arnor")
_ATTACHMENTS = {  # which hero each attachment helps most (by card id, in order of preference)
    "steward_of_gondor": ("theodred", "aragorn", "gloin", "beravor", "eowyn", "legolas"),
    "celebrians_stone": ("aragorn", "eowyn", "theodred", "gloin"),
    "the_favor_of_the_lady": ("eowyn", "aragorn", "glorfindel"),
    "unexpected_courage": ("eowyn", "aragorn", "legolas", "glorfindel"),
    "dwarven_axe": ("gimli", "gloin", "thalin", "legolas", "aragorn"),
    "blade_of_gondolin": ("legolas", "aragorn", "gimli"),
    "citadel_plate": ("gimli", "aragorn", "denethor", "beravor", "theodred", "thalin"),
    "protector_of_lorien": ("eowyn", "glorfindel", "beravor", "denethor"),
    "power_in_the_earth": (),
    "self_preservation": ("gimli", "aragorn", "legolas"),
}
_USELESS_EVENTS = ()
_BAD_TREACHERIES = {"pursued_by_shadow", "evil_storm", "the_necromancers_reach", "driven_by_shadow",
                    "treacherous_fog", "under_the_shadow", "iron_shackles", "caught_in_a_web", "king_spider",
                    "dol_guldur_orcs", "ungoliants_spawn"}


def _ready(s, p):
    return policy._ready(s, p)


def _hp(s, u):
    return policy._hp_left(s, u)


def _cid(s, u):
    return s["ids"].get(u)


def _enemies_in_play(s):
    out = [u for u in s["staging"] if info(s, u)["type"] == "enemy"]
    for p in s["order"]:
        out += s["players"][p]["engaged"]
    return out


def _troll_target(s):
    """The enemy Gandalf's 4 damage should go to: an enemy it destroys (the strongest), else the Hill Troll."""
    foes = _enemies_in_play(s)
    if not foes:
        return None
    kills = [e for e in foes if _hp(s, e) <= 4]
    if kills:
        return max(kills, key=lambda e: (stat(s, e, "attack"), stat(s, e, "threat")))
    big = [e for e in foes if _cid(s, e) in ("hill_troll", "nazgul_of_dol_guldur", "ungoliants_spawn")]
    if big:
        return min(big, key=lambda e: _hp(s, e))
    return max(foes, key=lambda e: stat(s, e, "attack"))


def _gandalf_damage_worth(s):
    foes = _enemies_in_play(s)
    return any(_hp(s, e) <= 4 or _cid(s, e) in ("hill_troll", "nazgul_of_dol_guldur", "ungoliants_spawn")
               or stat(s, e, "attack") >= 3 for e in foes)


_OBJECTIVES = ("gandalfs_map", "shadow_key", "dungeon_torch")
# Abilities used in the window where they cost least: exhausting a character once the players' attacks are
# done (it readies in the refresh phase just after), not in the refresh window (it would stay exhausted for
# the whole next round).
_GOOD_ACTIONS = {
    "steward_of_gondor": lambda w: True,
    "beravor": lambda w: w == "attacks_done",
    "gleowine": lambda w: w == "attacks_done",
    "daughter_of_the_nimrodel": lambda w: w == "attacks_done",
    "self_preservation": lambda w: w == "attacks_done",
    "glorfindel": lambda w: w == "attacks_done",
}
_PRIZED = ("gandalf", "sneak_attack", "steward_of_gondor", "the_galadhrims_greeting", "a_test_of_will", "feint",
           "celebrians_stone", "northern_tracker", "faramir", "forest_snare", "secret_paths")


def _worth(s, u):
    """How much a card in hand is worth keeping (the least is discarded first): prized cards, then allies."""
    cid = _cid(s, u)
    if cid in _PRIZED:
        return 100 - _PRIZED.index(cid)
    if cid in _ALLY_ORDER:
        return 50 - _ALLY_ORDER.index(cid)
    return 10 + (info(s, u)["cost"] if isinstance(info(s, u)["cost"], int) else 0)


def _guards(s, u):
    """Whether this encounter card guards an objective (it must go before the objective can be claimed)."""
    return any(r.get("guard") == u or r.get("guarded_by") == u for r in s["inplay"].values()
               if r["id"] in _OBJECTIVES)


def _power(s, p, enemy):
    """The attack the player's ready characters can put on `enemy` (in the staging area: Dúnhere alone)."""
    ready = _ready(s, p)
    if s["inplay"][enemy]["zone"] == "staging":
        return max((attack_value(s, u, enemy, True) for u in ready if REGISTRY[_cid(s, u)].attacks_staging),
                   default=0)
    return sum(attack_value(s, u, enemy, False) for u in ready)


class Player:
    def __init__(self, params: Params = Params()):
        self.p = params
        self.rnd = random.Random(params.seed)

    # ---- one decision ----
    def act(self, s):
        d = s["decision"]
        p = d["player"]
        acts = R.legal_actions(s, p)
        kind = d["kind"]
        if self.p.epsilon and kind in ("choose", "commit", "defend") and self.rnd.random() < self.p.epsilon:
            return self.rnd.choice(acts)
        if kind == "mulligan":
            return self._mulligan(s, p)
        if kind == "window":
            return self._window(s, p, d, acts)
        if kind == "commit":
            return self._commit(s, p, acts)
        if kind == "respond":
            return self._respond(s, p, acts)
        if kind == "defend":
            return self._defend(s, p, acts)
        if kind == "attack":
            return self._attack(s, p, acts)
        if kind == "attackers":
            return self._attackers(s, p, d, acts)
        if kind == "choose":
            return self._choose(s, p, d, acts)
        return acts[0]

    def _mulligan(self, s, p):
        hand = {_cid(s, u) for u in s["players"][p]["hand"]}
        good = hand & {"gandalf", "sneak_attack", "steward_of_gondor"}
        return {"type": "keep"} if good else {"type": "mulligan"}

    def _window(self, s, p, d, acts):
        name = d["name"]
        mine = s["players"][p]
        plays = [a for a in acts if a["type"] == "play"]
        by = {}
        for a in plays:
            by.setdefault(_cid(s, a["card"]), []).append(a)
        engaged = mine["engaged"]
        # Sneak Attack brings Gandalf in for 1 resource: for his damage (planning) or to fight (combat)
        if "sneak_attack" in by and any(_cid(s, u) == "gandalf" for u in mine["hand"]) and (
                (name == "planning" and _gandalf_damage_worth(s)) or (name == "combat" and engaged)):
            return self._cheapest(by["sneak_attack"])
        if name == "planning":
            if "steward_of_gondor" in by and not any(_cid(s, a) == "steward_of_gondor" for h in mine["heroes"]
                                                    for a in s["inplay"][h]["att"]):
                return self._cheapest(by["steward_of_gondor"])
            # Stand and Fight (X = 5) brings Gandalf back from a discard pile each round he is there: a
            # 4-willpower ally that does not count against Dol Guldur's one ally per round
            saf = [a for a in by.get("stand_and_fight", []) if a.get("x") == 5 and self._gandalf_discarded(s)]
            if saf:
                return self._cheapest(saf)
            if "power_in_the_earth" in by and any(info(s, u)["type"] == "location" and stat(s, u, "threat") >= 2
                                                  for u in s["staging"]):
                return self._cheapest(by["power_in_the_earth"])
            snare = [e for e in engaged if stat(s, e, "attack") >= 3]
            if "forest_snare" in by and snare:
                return self._cheapest(by["forest_snare"])
            if "loriens_wealth" in by and len(mine["hand"]) <= 3:
                return self._cheapest(by["loriens_wealth"])
            if "gandalf" in by and (_gandalf_damage_worth(s) or mine["threat"] >= self.p.low_threat
                                    or len(mine["hand"]) <= 2):
                return self._cheapest(by["gandalf"])
            for cid in _ALLY_ORDER:
                if cid in by and cid != "gandalf":
                    return self._cheapest(by[cid])
            for cid in _ATTACHMENTS:
                if cid in by and cid != "steward_of_gondor" and self._attach_target(s, p, cid):
                    return self._cheapest(by[cid])
        if name == "quest" and self._short(s) > 0:
            for cid in ("secret_paths", "radagasts_cunning"):
                if cid in by:
                    return self._cheapest(by[cid])
            boost = [a for a in acts if a["type"] == "activate" and self._boosts(s, p, a["card"])]
            if boost:
                return boost[0]
        if name == "planning" and self._denethor_worth(s, p):
            return next(a for a in acts if a["type"] == "activate" and _cid(s, a["card"]) == "denethor")
        hurt = [h for q in active_players(s) for h in s["players"][q]["heroes"] if s["inplay"][h]["dmg"] >= 3]
        if "lore_of_imladris" in by and hurt:
            return self._cheapest(by["lore_of_imladris"])
        if "the_galadhrims_greeting" in by and mine["threat"] >= 38:
            return self._cheapest(by["the_galadhrims_greeting"])
        if name == "combat" and engaged and "feint" in by:
            return self._cheapest(by["feint"])
        claims = [a for a in acts if a["type"] == "activate" and _cid(s, a["card"]) in _OBJECTIVES
                  and self._claim_now(s, p, _cid(s, a["card"]))]
        if claims:
            return min(claims, key=lambda a: _OBJECTIVES.index(_cid(s, a["card"])))
        useful = [a for a in acts if a["type"] == "activate" and _GOOD_ACTIONS.get(_cid(s, a["card"]), str)(name)
                  is True]
        if useful:
            return useful[0]
        return {"type": "pass"}

    @staticmethod
    def _gandalf_discarded(s):
        return any(_cid(s, u) == "gandalf" for q in active_players(s) for u in s["players"][q]["discard"])

    @staticmethod
    def _cheapest(options):
        return min(options, key=lambda a: sorted(a.get("pay", {}).items()))

    @staticmethod
    def _boosts(s, p, u):
        """Abilities adding willpower to committed characters: Faramir, Éowyn's and Protector of Lórien's discards
        (while their hero quests and the hand holds a card worth less than the progress)."""
        cid = _cid(s, u)
        if cid == "faramir":
            return True
        host = s["inplay"][u]["on"] if cid == "protector_of_lorien" else u
        return cid in ("eowyn", "protector_of_lorien") and host in s["committed"] and len(s["players"][p]["hand"]) >= 2

    @staticmethod
    def _short(s):
        """How much willpower the committed characters lack against the staging area (quest window)."""
        committed = sum(stat(s, u, "willpower") for u in s["committed"] if u in s["inplay"])
        return staging_threat(s) + 1 - committed

    @staticmethod
    def _denethor_worth(s, p):
        """Denethor looks at the encounter deck's top card once per round while nothing attacks his player."""
        den = [h for h in s["players"][p]["heroes"] if _cid(s, h) == "denethor" and not s["inplay"][h]["exhausted"]]
        return bool(den and s["edeck"] and not s["players"][p]["engaged"]
                    and "encounter" not in s["seen"][p])

    @staticmethod
    def _claim_now(s, p, cid):
        """The first stage needs one objective (Gandalf's Map: no cost over time); the second needs all three
        and the prisoner: the Shadow Key and the Dungeon Torch, which cost every round, come last."""
        stage, prog = s["quest"]["stage"], s["quest"]["prog"]
        if s["players"][p]["threat"] >= 44:
            return False
        if stage == 1:  # one objective, the one costing nothing over time if it is free
            return not claimed_objectives(s) and (cid == "gandalfs_map" or prog >= 7)
        if stage == 2:
            return cid == "gandalfs_map" or prog >= 13
        return False

    @staticmethod
    def _spare(s, p, sphere):
        return any(s["inplay"][h]["res"] >= 1 and info(s, h)["sphere"] == sphere for h in s["players"][p]["heroes"])

    def _attach_target(self, s, p, cid):
        """Whether a hero this attachment helps is in play (it may go on another player's hero)."""
        heroes = {_cid(s, h) for q in active_players(s) for h in s["players"][q]["heroes"]}
        return any(h in heroes for h in _ATTACHMENTS.get(cid, ()))

    def _commit(self, s, p, acts):
        committed = sum(stat(s, u, "willpower") for u in s["committed"] if u in s["inplay"])
        quest = QUESTS.get(s["quest"]["id"], {})
        reveals = 0 if "skip_staging" in quest else len(active_players(s)) + quest.get("extra_reveals", 0)
        need = staging_threat(s) + 2 * reveals + self.p.margin
        if committed >= need:
            return {"type": "done"}
        ready = _ready(s, p)
        threat = s["players"][p]["threat"]
        foes = list(s["players"][p]["engaged"]) + [
            u for u in s["staging"] if info(s, u)["type"] == "enemy" and stat(s, u, "engagement") <= threat + 1
            and "skip_engagement_checks" not in QUESTS.get(s["quest"]["id"], {})]
        checks = "skip_engagement_checks" not in quest and "skip_staging" not in quest
        mine = [u for u in s["committed"] if u in s["inplay"] and s["inplay"][u]["ctrl"] == p]
        keep = self._keep_back(s, p, ready + mine, foes + (["coming"] if checks else []))
        cands = [a for a in acts if a["type"] == "commit" and a["card"] not in keep
                 and stat(s, a["card"], "willpower") > 0]
        if not cands:
            return {"type": "done"}
        return max(cands, key=lambda a: (stat(s, a["card"], "willpower") - stat(s, a["card"], "attack") / 2,
                                         -stat(s, a["card"], "defense")))

    def _keep_back(self, s, p, ready, foes):
        """A defender per attacking enemy (allies first: they may chump) and attackers able to kill one."""
        if not foes:
            return set()
        keep = []
        pool = sorted(ready, key=lambda u: -(stat(s, u, "defense") + _hp(s, u)))
        for _ in foes:
            if pool:
                keep.append(pool.pop(0))
        real = [e for e in foes if e != "coming"]
        weakest = min(real, key=lambda e: stat(s, e, "defense") + _hp(s, e)) if real else None
        need = stat(s, weakest, "defense") + _hp(s, weakest) if weakest else 3
        pool.sort(key=lambda u: -stat(s, u, "attack"))
        power = 0
        while pool and power < need:
            u = pool.pop(0)
            keep.append(u)
            power += stat(s, u, "attack")
        quester = max(ready, key=lambda u: stat(s, u, "willpower"), default=None)
        if quester is not None and stat(s, quester, "willpower") >= 3 and quester in keep:
            keep.remove(quester)
        if len(keep) >= len(ready):
            keep = keep[:max(len(ready) - 1, 0)]
        return set(keep[:self.p.guard])

    def _respond(self, s, p, acts):
        for a in acts:
            if a["type"] != "respond":
                continue
            cid = _cid(s, a["card"])
            if "pay" not in a:
                return a
            if cid == "a_test_of_will":
                rev = s.get("revealing") or []
                if rev and _cid(s, rev[-1]) in _BAD_TREACHERIES:
                    return a
            if cid == "hasty_stroke":
                return a
        return {"type": "decline"}

    def _defend(self, s, p, acts):
        if s["attack"]["defenders"]:
            return {"type": "done"} if {"type": "done"} in acts else acts[0]
        e = s["attack"]["enemy"]
        atk = stat(s, e, "attack") + s["attack"]["bonus"]
        cands = [a for a in acts if a["type"] == "defend"]
        safe = [a for a in cands if _hp(s, a["card"]) + stat(s, a["card"], "defense") > atk + 1]
        if safe:  # the sturdiest defender that is not needed for attacking
            return min(safe, key=lambda a: (stat(s, a["card"], "attack") - stat(s, a["card"], "defense"),
                                            -_hp(s, a["card"])))
        allies = [a for a in cands if s["inplay"][a["card"]]["zone"] == "allies"]
        if allies and _cid(s, e) == "hill_troll":  # its excess damage raises threat: the ally absorbing most
            return max(allies, key=lambda a: _hp(s, a["card"]) + stat(s, a["card"], "defense"))
        if allies:
            return min(allies, key=lambda a: (stat(s, a["card"], "willpower") + stat(s, a["card"], "attack")))
        tight = [a for a in cands if _hp(s, a["card"]) + stat(s, a["card"], "defense") > atk]
        if tight:
            return max(tight, key=lambda a: _hp(s, a["card"]))
        if {"type": "no_defender"} in acts and atk <= 2:
            return {"type": "no_defender"}
        return max(cands, key=lambda a: stat(s, a["card"], "defense") + _hp(s, a["card"]),
                   default={"type": "no_defender"})

    def _attack(self, s, p, acts):
        best = None
        for a in acts:
            if a["type"] != "attack":
                continue
            e = a["enemy"]
            power = _power(s, p, e)
            if power >= stat(s, e, "defense") + _hp(s, e):
                key = (stat(s, e, "attack"), -_hp(s, e))
                if best is None or key > best[0]:
                    best = (key, a)
        if best is None:  # no kill: wear down the strongest one that can be hurt
            hurt = [a for a in acts if a["type"] == "attack" and _power(s, p, a["enemy"]) > stat(s, a["enemy"], "defense")]
            if hurt:
                return max(hurt, key=lambda a: stat(s, a["enemy"], "attack"))
            return {"type": "done"}
        return best[1]

    def _attackers(self, s, p, d, acts):
        enough, cands, have, need = policy.attack_so_far(s, d, acts)
        if enough is not None:
            return enough
        # the smallest attacker that completes the kill, else the strongest
        finish = [a for a in cands if have + stat(s, a["card"], "attack") >= need]
        if finish:
            return min(finish, key=lambda a: stat(s, a["card"], "attack"))
        return max(cands, key=lambda a: stat(s, a["card"], "attack"))

    def _choose(self, s, p, d, acts):
        opts = d["options"]
        prompt = d["prompt"]
        if prompt == "gandalf":
            if "damage" in opts and _gandalf_damage_worth(s):
                return {"type": "choose", "choice": "damage"}
            if s["players"][p]["threat"] >= self.p.low_threat:
                return {"type": "choose", "choice": "threat"}
            return {"type": "choose", "choice": "draw"}
        if prompt == "choose_enemy" and opts:
            target = _troll_target(s)
            return {"type": "choose", "choice": target if target in opts else
                    max(opts, key=lambda e: stat(s, e, "attack"))}
        if prompt == "attach_to" and opts and _cid(s, d.get("args", {}).get("card")) in _OBJECTIVES:
            return {"type": "choose", "choice": self._objective_host(s, _cid(s, d["args"]["card"]), opts)}
        if prompt == "discard_from_hand" and opts:
            return {"type": "choose", "choice": min(opts, key=lambda u: _worth(s, u))}
        if prompt == "boost_stat":
            return {"type": "choose", "choice": "willpower" if s["phase"] == "quest" else "defense"}
        if prompt == "move_to_bottom":
            top = s["seen"][p].get("encounter")
            bad = top and (top["id"] in _BAD_TREACHERIES or (info(s, top["uid"])["type"] == "enemy"
                                                            and (info(s, top["uid"])["attack"] or 0) >= 3)
                           or (info(s, top["uid"])["threat"] or 0) >= 2)
            return {"type": "choose", "choice": "bottom"} if bad else {"type": "decline"}
        if prompt == "choose_location" and opts:  # Secret Paths, Power in the Earth...: the worst location
            return {"type": "choose", "choice": max(opts, key=lambda u: stat(s, u, "threat"))}
        if prompt == "rescue_prisoner":
            return {"type": "choose", "choice": opts[0]} if s["quest"]["prog"] >= self.p.rescue_at \
                else {"type": "decline"}
        if prompt == "attach_to" and opts and _cid(s, d.get("args", {}).get("card")) == "forest_snare":
            return {"type": "choose", "choice": max(opts, key=lambda u: (info(s, u)["type"] == "enemy"
                                                                         and stat(s, u, "attack")))}
        if prompt == "attach_to" and opts and _cid(s, d.get("args", {}).get("card")) == "power_in_the_earth":
            return {"type": "choose", "choice": max(opts, key=lambda u: (info(s, u)["type"] == "location"
                                                                         and stat(s, u, "threat")))}
        if prompt == "attach_to" and opts:
            card = d.get("args", {}).get("card")
            pref = _ATTACHMENTS.get(_cid(s, card), ())
            if _cid(s, card) == "steward_of_gondor" and s["options"]["scenario"] == "escape_from_dol_guldur":
                pref = ("eowyn",) + pref   # Spirit resources for Stand and Fight and The Galadhrim's Greeting
            ranked = sorted(opts, key=lambda u: pref.index(_cid(s, u)) if _cid(s, u) in pref else 99)
            return {"type": "choose", "choice": ranked[0]}
        if prompt == "optional_engage":
            return self._optional_engage(s, p, opts)
        if prompt in ("ally_from_hand", "ally_from_discard") and opts:
            rank = {c: i for i, c in enumerate(_ALLY_ORDER)}
            return {"type": "choose", "choice": min(opts, key=lambda u: rank.get(_cid(s, u), 99))}
        if prompt == "travel":
            return {"type": "choose", "choice": max(opts, key=lambda u: (_guards(s, u), stat(s, u, "threat")
                                                                         - info(s, u)["quest_points"] / 3))}
        if prompt == "choose_character":  # Dol Guldur Orcs' 2 damage: the sturdiest committed character
            return {"type": "choose", "choice": max(opts, key=lambda u: _hp(s, u) if u in s["inplay"] else 0)}
        if prompt in ("exhaust_character", "exhaust_hero", "discard_character") and opts:
            # King Spider, the Nazgûl's shadow: the character that matters least this round (a committed one
            # has already done its work)
            return {"type": "choose", "choice": min(opts, key=lambda u: (
                u not in s["committed"], s["inplay"][u]["zone"] == "heroes",
                stat(s, u, "willpower") + stat(s, u, "attack") + stat(s, u, "defense")))}
        if prompt == "threat_choice":
            return {"type": "choose", "choice": max((o for o in opts if o != "each"),
                                                    key=lambda q: s["players"][q]["threat"])}
        return policy._choose(s, d, acts)

    @staticmethod
    def _objective_host(s, cid, opts):
        if cid == "gandalfs_map":  # its hero can neither attack nor defend: the quester, not Dúnhere
            return max(opts, key=lambda u: (not REGISTRY[_cid(s, u)].attacks_staging,
                                            stat(s, u, "willpower") - stat(s, u, "attack"), _hp(s, u)))
        if cid == "shadow_key":    # 1 damage each round: the sturdiest
            return max(opts, key=lambda u: _hp(s, u))
        return min(opts, key=lambda u: stat(s, u, "attack") + stat(s, u, "defense"))

    def _optional_engage(self, s, p, opts):
        """An enemy the ready characters destroy this round while one of them (or a Feint) stops its attack."""
        if not self.p.engage or s["players"][p]["engaged"]:
            return {"type": "decline"}
        ready = _ready(s, p)
        feint = any(_cid(s, u) == "feint" for u in s["players"][p]["hand"]) and self._spare(s, p, "tactics")
        kill = []
        for e in opts:
            atk = stat(s, e, "attack")
            guards = [u for u in ready if stat(s, u, "defense") + _hp(s, u) > atk + 1]
            guard = None if feint or not guards else min(guards, key=lambda u: stat(s, u, "attack"))
            if not feint and guard is None:
                continue
            power = sum(stat(s, u, "attack") for u in ready if u != guard)
            if power >= stat(s, e, "defense") + _hp(s, e):
                kill.append(e)
        if not kill:
            return {"type": "decline"}
        return {"type": "choose", "choice": max(kill, key=lambda e: (_guards(s, e), stat(s, e, "threat"),
                                                                     stat(s, e, "attack")))}


def line(rows):
    """A line of play found by bench/lcg_wins.py, as it prints it: one row per round, [margin, engage, epsilon,
    low_threat, guard, seed], or None for the plain planner."""
    return [None if r is None else Params(margin=r[0], engage=r[1], epsilon=r[2], low_threat=r[3], guard=r[4],
                                          seed=r[5]) for r in rows]


def play_round(s, params: Params | None = None, max_steps=5000):
    player = Player(params or Params())
    start, n = s["round"], 0
    while R.result(s) is None and s["round"] == start and n < max_steps:
        p = R.waiting_for(s)[0]
        s, _ = R.apply(s, p, player.act(s))
        n += 1
    return s


def play_game(s, variants=(), max_rounds=60):
    """The whole game, round after round (the setup counts as one): the k-th is played with variants[k] (a
    Params) when given, else Params()."""
    k = 0
    while R.result(s) is None and s["round"] <= max_rounds:
        s = play_round(s, variants[k] if k < len(variants) else None)
        k += 1
    return s, s["round"]
