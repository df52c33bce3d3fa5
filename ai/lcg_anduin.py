"""Journey Down the Anduin, for the Card Game bot (ai/lcg.py): the Hill Troll.

The first stage cannot be left while the Hill Troll is in play, and each point of its attack beyond what the
character it damages could still take raises the defending player's threat. So the round's plan weighs, beside
the enemies sure to attack, engaging the Troll from the staging area (it counts only when the characters kept
back destroy it that round: a wounded Troll left engaged attacks again next round); its attack is blocked by
the ally absorbing most, the excess counted as threat; Gandalf's damage goes to it.

Everything here reads the bot's Board (its view): the Troll's place, the quest stage, the characters' stats.
"""
from __future__ import annotations

from .lcg_board import Board

TROLL = "hill_troll"
FIRST_STAGE, PASSAGE, LAST_STAGE = "to_the_river", "anduin_passage", "ambush_on_the_shore"
TROLL_KILL = 8.0     # the Troll destroyed on the first stage: the stage can be left (points of threat)
EXCESS = 1.0         # a point of threat raised by the Troll's excess damage
TROLL_MARGIN = 3     # lower threat from this far below the Troll's engagement cost
TROLL_THREAT = 3.0   # a point of failed-quest threat while the Troll waits in the staging area


def _stage(b: Board) -> str | None:
    q = b.v["quest"]
    return q["id"] if q else None


def is_troll(b: Board, e: str) -> bool:
    return b.cid(e) == TROLL


def staging_troll(b: Board) -> str | None:
    """The Hill Troll in the staging area on the first stage, if the engagement check is not bringing it."""
    if _stage(b) != FIRST_STAGE:
        return None
    return next((e for e in b.staging_enemies() if is_troll(b, e) and e not in coming(b)), None)


def coming(b: Board) -> list[str]:
    """The enemies sure to attack: on the second stage, which has no engagement checks, only those engaged;
    on the others every staging enemy the engagement checks bring (they are repeated while one can engage)."""
    if _stage(b) == PASSAGE:
        return b.engaged()
    if _stage(b) in (FIRST_STAGE, LAST_STAGE):
        return b.engaged() + [e for e in b.staging_enemies() if b.stat(e, "engagement") <= b.threat() + 1]
    return b.coming()


def reveals(b: Board, players: int) -> int:
    """Encounter cards revealed in the staging step: one more on the second stage, none on the last."""
    return {PASSAGE: players + 1, LAST_STAGE: 0}.get(_stage(b) or "", players)


def threat_weight(b: Board) -> float:
    """How much more a point of failed-quest threat costs: on the first stage, while the Troll waits in the
    staging area, each point brings it closer to engaging."""
    return TROLL_THREAT if _stage(b) == FIRST_STAGE and keep_below(b) is not None else 1.0


def keep_below(b: Board) -> int | None:
    """The threat from which The Galadhrim's Greeting is played: on the first stage, just below the Troll's
    engagement cost while it waits in the staging area (else it engages before it can be destroyed)."""
    trolls = [e for e in b.staging_enemies() if is_troll(b, e)] if _stage(b) == FIRST_STAGE else []
    return min(b.stat(e, "engagement") for e in trolls) - TROLL_MARGIN if trolls else None


def to_engage(b: Board) -> list[str]:
    """Staging enemies worth weighing an optional engagement against: the Troll on the first stage; on the
    later stages, any (the second has no engagement checks, and the last is won once no enemy is left)."""
    if _stage(b) == FIRST_STAGE:
        troll = staging_troll(b)
        return [troll] if troll else []
    if _stage(b) in (PASSAGE, LAST_STAGE):
        sure = coming(b)
        return [e for e in b.staging_enemies() if e not in sure]
    return []


def foe_sets(b: Board) -> list[list[str]]:
    """The enemies that may attack this round: those sure to, and with one more engaged from the staging area
    (not on the second stage, where the quest comes first: only those left ready after it engage one)."""
    sure = coming(b)
    if _stage(b) == PASSAGE:
        return [sure]
    return [sure] + [sure + [e] for e in to_engage(b)]


def excess_cost(b: Board, e: str, atk: int, u: str | None) -> float:
    """The threat the Troll's attack raises beyond what its defender `u` (None: the sturdiest hero,
    undefended) could still take."""
    if not is_troll(b, e):
        return 0.0
    if u is None:
        heroes = [h for h in b.characters() if b.zone.get(h) == "heroes"]
        if not heroes:
            return 0.0
        return EXCESS * max(0, atk - max(b.hp(h) for h in heroes))
    return EXCESS * max(0, atk - b.stat(u, "defense") - b.hp(u))


def kill_bonus(b: Board, e: str) -> float:
    return TROLL_KILL if is_troll(b, e) and _stage(b) == FIRST_STAGE else 0.0


def wound_share(b: Board, e: str) -> float:
    """Damage left on an enemy engaged from the staging area does not count: engaging it only to wound it
    brings its attacks."""
    return 0.0 if b.zone.get(e) == "staging" and e in to_engage(b) else 1.0


def hand_power(b: Board, foes: list[str], pool: list[str]) -> int:
    """The attack the hand adds against the Troll in combat, with the Leadership resources left: For Gondor!
    (+1 to each attacker) and Gandalf brought by Sneak Attack (4 damage as he enters, then his 4 attack)."""
    if _stage(b) != FIRST_STAGE or not any(is_troll(b, e) for e in foes):
        return 0
    lead = sum(b.cards[h]["resources"] for h in b.characters()
               if b.zone.get(h) == "heroes" and b.info(h).get("sphere") == "leadership")
    hand = [b.cid(u) for u in b.hand]
    power, attackers = 0, len(pool)
    if "sneak_attack" in hand and "gandalf" in hand and lead >= 1:
        power, attackers, lead = 8, attackers + 1, lead - 1
    if "for_gondor" in hand and lead >= 2:
        power += attackers
    return power


def chump(b: Board, e: str, allies: list[str]) -> str | None:
    """Against the Troll, the ally that absorbs most of its attack (the rest raises threat)."""
    if not is_troll(b, e):
        return None
    return max(allies, key=lambda u: (b.stat(u, "defense") + b.hp(u), -b.cost(u)))


def damage_target(b: Board, opts: list[str]) -> str | None:
    """Direct damage (Gandalf) on the first stage goes to the Troll."""
    if _stage(b) != FIRST_STAGE:
        return None
    return next((e for e in opts if is_troll(b, e)), None)


def _deck(heroes: tuple[str, ...], counts: dict[str, int]) -> dict:
    return {"heroes": list(heroes), "cards": [c for c, n in counts.items() for _ in range(n)]}


# The decks the bot plays this scenario with (bench/bench_lcg_bot.py --anduin; 50 cards each, within one Core
# Set's quantities, legal by cards.lcg.validate_deck: tests/ai/test_lcg_bot_anduin.py checks). Alone, the first:
# low threat (25) to keep the Troll in the staging area while allies gather, Éowyn to quest, Leadership for
# Gandalf (three, and Sneak Attack) whose damage wears the Troll down; as a pair, the second beside it.
DECKS = [
    _deck(("theodred", "eowyn", "dunhere"), {
        "steward_of_gondor": 2, "sneak_attack": 2, "gandalf": 3, "guard_of_the_citadel": 3, "faramir": 2,
        "son_of_arnor": 2, "snowbourn_scout": 3, "longbeard_orc_slayer": 2, "silverlode_archer": 2,
        "celebrians_stone": 1, "for_gondor": 2, "brok_ironfist": 1, "northern_tracker": 2, "lorien_guide": 3,
        "wandering_took": 2, "the_galadhrims_greeting": 2, "a_test_of_will": 2, "the_favor_of_the_lady": 2,
        "unexpected_courage": 1, "stand_and_fight": 3, "will_of_the_west": 2, "strength_of_will": 2,
        "hasty_stroke": 2, "common_cause": 2}),
    _deck(("legolas", "thalin", "denethor"), {
        "gandalf": 3, "veteran_axehand": 3, "gondorian_spearman": 3, "horseback_archer": 2, "beorn": 1,
        "feint": 2, "blade_mastery": 3, "quick_strike": 2, "swift_strike": 1,
        "blade_of_gondolin": 2, "citadel_plate": 2, "dwarven_axe": 2, "forest_snare": 2, "protector_of_lorien": 2,
        "daughter_of_the_nimrodel": 3, "gleowine": 2, "lore_of_imladris": 3, "loriens_wealth": 2,
        "radagasts_cunning": 2, "secret_paths": 2, "erebor_hammersmith": 2, "miner_of_the_iron_hills": 2,
        "self_preservation": 2}),
]
