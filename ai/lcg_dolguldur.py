"""The Card Game bot's plan for Escape from Dol Guldur (ai/lcg.py calls it through small hooks): when to claim
each objective, by whom and where to put it, which guards to go for, when to rescue the prisoner, how much the
scenario's stages weigh progress and failed quests, and how to go for the Nazgûl on the last stage; and the two
decks it plays the scenario with as a pair. Like the rest of the bot it reads only its seat's view
(ai/lcg_board.py).

The winning lines of tests/lcg/test_games.py: the first stage needs one objective, Gandalf's Map first (it
costs nothing each round); the second needs all three and the prisoner. A claim costs 2 threat, so it waits
until the stage's progress is nearly there (else Gandalf's Map at once).
"""
from __future__ import annotations

from engine.lcg.data import card as printed

from .lcg_board import Board

# Claimed in this order: Gandalf's Map costs nothing each round, the Shadow Key 1 damage, the Dungeon Torch 2 threat.
OBJECTIVES = ("gandalfs_map", "shadow_key", "dungeon_torch")
STAGES = ("the_necromancers_tower", "through_the_caverns", "out_of_the_dungeons")
# Progress from which each objective is claimed, on the two stages that need them: on the first, one
# objective, the Map at once; the Torch only once the stage has all its progress (it then just waits for it).
CLAIM_AT = {"the_necromancers_tower": {"gandalfs_map": 0, "shadow_key": 7, "dungeon_torch": 9},
            "through_the_caverns": {"gandalfs_map": 0, "shadow_key": 13, "dungeon_torch": 13}}
CLAIM_MAX_THREAT = 44  # no claim from this threat up: its 2 threat would end the game
# Rescue the prisoner once stage 2 holds this progress: the Nazgûl comes with it, and the rounds it then spends in
# play before the last stage are Gandalf's (4 damage each, wherever it is): 28 destroyed and 3 games won in 1,710
# playouts of stage-2 positions against 7 and 0 when rescuing at 15 (bench/lcg_dolguldur_endgame.py, docs/lcg.md).
RESCUE_AT = 10
# Its stages weigh progress and failed quests more (tuned on seeds 0-199, normal, two bots with the built decks:
# 74 of 200 games past the first stage, against 53 with the weights of 1): 2 each on the last stage,
PROGRESS, THREAT = 2.0, 2.0
# and 20 each on the first two: the quest first, whatever the enemies engaged (fifth pass, docs/lcg.md: tuning
# seeds 0-399, normal, 314 games of 400 past stage 1 against 246, 30 at stage 3 against 20)
EARLY_PROGRESS, EARLY_THREAT = 20.0, 20.0
NAZGUL = "nazgul_of_dol_guldur"
NAZGUL_KILL, NAZGUL_WOUND = 20.0, 3.0   # its destruction and each point of damage on it, on the last stage


# The decks this bot plays the scenario with as a pair (50 cards each, within one Core Set's quantities): the
# planner's (tests/lcg/planner.py) with the heroes that quest more (Glóin for Théodred, Glorfindel for Legolas:
# 7 willpower a player instead of 7 and 5) and, instead of cards the bot never plays (a Stand and Fight, Will of
# the West, Dwarven Tomb, Strength of Will, Common Cause, Blade Mastery), Leadership allies and events it does
# play (Valiant Sacrifice, Grim Resolve, Thicket of Spears...). Tuned on seeds 0-199 (docs/lcg.md).
DECKS: tuple[tuple[tuple[str, ...], dict[str, int]], ...] = (
    (("aragorn", "eowyn", "gloin"), {
        "gandalf": 3, "sneak_attack": 2, "steward_of_gondor": 2, "celebrians_stone": 1, "the_favor_of_the_lady": 2,
        "unexpected_courage": 1, "faramir": 2, "the_galadhrims_greeting": 2, "a_test_of_will": 2,
        "northern_tracker": 2, "power_in_the_earth": 2, "lorien_guide": 3, "hasty_stroke": 2, "ever_vigilant": 2,
        "for_gondor": 2, "guard_of_the_citadel": 3, "son_of_arnor": 2, "wandering_took": 2, "snowbourn_scout": 3,
        "valiant_sacrifice": 2, "grim_resolve": 1, "brok_ironfist": 1, "silverlode_archer": 2,
        "longbeard_orc_slayer": 2, "stand_and_fight": 2}),
    (("glorfindel", "gimli", "beravor"), {
        "gandalf": 3, "quick_strike": 1, "veteran_axehand": 3, "gondorian_spearman": 3, "horseback_archer": 2,
        "beorn": 1, "feint": 2, "swift_strike": 1, "thicket_of_spears": 2, "blade_of_gondolin": 2, "citadel_plate": 2,
        "dwarven_axe": 2, "forest_snare": 2, "protector_of_lorien": 2, "daughter_of_the_nimrodel": 3, "gleowine": 2,
        "lore_of_imladris": 3, "secret_paths": 2, "radagasts_cunning": 2, "loriens_wealth": 2,
        "beorns_hospitality": 1, "henamarth_riversong": 1, "self_preservation": 2, "erebor_hammersmith": 2,
        "miner_of_the_iron_hills": 2}),
)


def decks(seats: list[str]) -> dict:
    """The decks above for two seats, as a game's `decks` option."""
    return {p: {"heroes": list(heroes), "cards": [c for c, n in counts.items() for _ in range(n)]}
            for p, (heroes, counts) in zip(seats, DECKS)}


def here(b: Board) -> bool:
    """Whether the game is at one of the scenario's stages."""
    q = b.v["quest"]
    return bool(q) and q["id"] in STAGES


def _early(b: Board) -> bool:
    """Whether the game is at one of the two stages before the last (the quest's tempo comes first there)."""
    q = b.v["quest"]
    return bool(q) and q["id"] in STAGES[:2]


def quest_weights(b: Board) -> tuple[float, float] | None:
    """What a point of progress and a point of failed-quest threat weigh here (None: the bot's usual weights)."""
    if _early(b):
        return EARLY_PROGRESS, EARLY_THREAT
    return (PROGRESS, THREAT) if here(b) else None


def claim(b: Board, legal: list[dict]) -> dict | None:
    """The objective to claim now, if any (Gandalf's Map first)."""
    claims = [a for a in legal if a["type"] == "activate" and b.cid(a["card"]) in OBJECTIVES
              and claim_now(b, b.cid(a["card"]) or "")]
    return min(claims, key=lambda a: OBJECTIVES.index(b.cid(a["card"]) or "")) if claims else None


def claimed(b: Board) -> list[str]:
    """The objectives the players hold (attached to their heroes)."""
    return [a["id"] for p in b.v["active_players"] for c in b.player(p)["heroes"] for a in c["attachments"]
            if a["id"] in OBJECTIVES]


def claim_now(b: Board, cid: str) -> bool:
    """Whether to claim this free objective now: one on the first stage, all three on the second; by the
    player with the lowest threat (the claim's 2 threat, and the Torch's each round, are its controller's)."""
    q = b.v["quest"]
    if not q or q["id"] not in CLAIM_AT or b.threat() >= CLAIM_MAX_THREAT or not _lowest_threat(b):
        return False
    if q["id"] == "the_necromancers_tower" and claimed(b):
        return False
    return q["progress"] >= CLAIM_AT[q["id"]][cid]


def _lowest_threat(b: Board) -> bool:
    """Whether this player has the lowest threat of those with a hero to hold an objective (the first in turn
    order of those tied)."""
    able = [p for p in b.v["active_players"] if b.player(p)["heroes"]]
    return b.me == min(able, key=lambda p: (b.threat(p), b.v["order"].index(p)), default=b.me)


def claiming(b: Board) -> str | None:
    """The objective this player is claiming, when asked where to attach it: the log ends with its claim
    (the objective's action, then the claim's threat)."""
    events = [e for e in b.v["log"] if e["type"] != "threat"]
    e = events[-1] if events else {}
    return e["id"] if e.get("type") == "activated" and e.get("id") in OBJECTIVES and e["player"] == b.me else None


def guards(b: Board, u: str) -> bool:
    """Whether this encounter card guards an objective (the objective is free once it leaves play)."""
    return any(c.get("guarded_by") == u for c in b.v["staging"])


def rescue(b: Board, opts: list[str]) -> dict:
    """Rescue the prisoner once the second stage holds enough progress (the Nazgûl comes with it)."""
    q = b.v["quest"]
    return {"type": "choose", "choice": opts[0]} if q and q["progress"] >= RESCUE_AT else {"type": "decline"}


def host(b: Board, cid: str, opts: list[str]) -> str:
    """The hero an objective goes on. Objectives are Restricted: a hero with two already would discard one
    (claiming it again costs 2 more threat)."""
    room = [u for u in opts if _restricted(b, u) < 2] or opts
    if cid == "gandalfs_map":  # its hero can neither attack nor defend: the quester
        return max(room, key=lambda u: (b.stat(u, "willpower") - b.stat(u, "attack"), b.hp(u)))
    if cid == "shadow_key":    # a damage each round: the sturdiest
        return max(room, key=b.hp)
    return min(room, key=lambda u: b.stat(u, "attack") + b.stat(u, "defense"))


def nazgul(b: Board, opts: list[str]) -> str | None:
    """The Nazgûl, if it is among these enemies: the last stage is won only once it is destroyed, so damage
    goes to it (Gandalf's 4...)."""
    return next((e for e in opts if b.cid(e) == NAZGUL), None)


def _last_stage(b: Board) -> bool:
    q = b.v["quest"]
    return bool(q) and q["id"] == STAGES[-1]


def prize(b: Board, e: str) -> tuple[float, float] | None:
    """What destroying enemy `e` and each point of damage left on it are worth to the round's plan, when it is the
    Nazgûl on the last stage (the game is won once it is destroyed): it comes first (None: the usual worth)."""
    return (NAZGUL_KILL, NAZGUL_WOUND) if _last_stage(b) and b.cid(e) == NAZGUL else None


def attack_first(b: Board, targets: list[str]) -> str | None:
    """On the last stage, the Nazgûl before any other enemy, whenever the ready characters can hurt it (the damage
    stays on it from round to round)."""
    e = nazgul(b, targets)
    if e is None or not _last_stage(b):
        return None
    return e if sum(b.stat(u, "attack") for u in b.ready()) > b.stat(e, "defense") else None


def engage(b: Board, opts: list[str]) -> str | None:
    """On the last stage, engage the Nazgûl from the staging area (only an engaged enemy can be attacked, and its
    5 threat leaves the quest) when a ready character survives its attack or an ally can block it; by the player
    with the most attack ready (only the engaged player attacks it)."""
    e = nazgul(b, opts)
    if e is None or not _last_stage(b) or b.me != max(
            b.v["active_players"], key=lambda p: (sum(b.stat(u, "attack") for u in b.ready(p)), -b.v["order"].index(p))):
        return None
    atk = b.stat(e, "attack") + 1
    blockers = [u for u in b.ready() if b.holds(u, atk) or b.zone.get(u) == "allies"]
    return e if blockers else None


def discard(b: Board, opts: list[str]) -> str:
    """The character to discard after a shadow card dealt to the Nazgûl: not the one defending its attack (the
    attack would go undefended, onto a hero), an ally before a hero, one already exhausted, the least useful."""
    defending = set((b.v["attack"] or {}).get("defenders", []))
    return min(opts, key=lambda u: (b.zone.get(u) == "heroes", u in defending, not b.cards[u]["exhausted"],
                                    b.stat(u, "willpower") + b.stat(u, "attack") + b.stat(u, "defense")))


def _restricted(b: Board, u: str) -> int:
    return sum(1 for a in b.attached_ids(u) if (printed(a).get("keywords", {}).get("restricted")))
