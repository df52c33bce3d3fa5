"""The Card Game bot's plan for Escape from Dol Guldur (ai/lcg.py calls it): when to claim each objective and
where to put it, which guards to go for, when to rescue the prisoner, and how much the scenario's stages weigh
progress and failed quests. Like the rest of the bot it reads only its seat's view (ai/lcg_board.py).

The winning lines of tests/lcg/test_games.py: the first stage needs one objective, Gandalf's Map first (it
costs nothing each round); the second needs all three and the prisoner. A claim costs 2 threat, so it waits
until the stage's progress is nearly there (else Gandalf's Map at once).
"""
from __future__ import annotations

from engine.lcg.data import card as printed

from .lcg_board import Board

OBJECTIVES = ("gandalfs_map", "dungeon_torch", "shadow_key")
STAGES = ("the_necromancers_tower", "through_the_caverns", "out_of_the_dungeons")
CLAIM_AT = {"the_necromancers_tower": 7, "through_the_caverns": 13}   # progress from which any objective is claimed
CLAIM_MAX_THREAT = 44  # no claim from this threat up: its 2 threat would end the game
RESCUE_AT = 8          # rescue the prisoner once stage 2 holds this progress (the Nazgûl comes with it)
# Its stages weigh progress and failed quests more (tuned on seeds 0-199, normal, two bots with the built decks:
# 74 of 200 games past the first stage, against 53 with the weights of 1)
PROGRESS, THREAT = 2.0, 2.0


def here(b: Board) -> bool:
    """Whether the game is at one of the scenario's stages."""
    q = b.v["quest"]
    return bool(q) and q["id"] in STAGES


def quest_weights(b: Board) -> tuple[float, float] | None:
    """What a point of progress and a point of failed-quest threat weigh here (None: the bot's usual weights)."""
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
    """Whether to claim this free objective now: one on the first stage, all three on the second."""
    q = b.v["quest"]
    if not q or q["id"] not in CLAIM_AT or b.threat() >= CLAIM_MAX_THREAT:
        return False
    if q["id"] == "the_necromancers_tower" and claimed(b):
        return False
    return cid == "gandalfs_map" or q["progress"] >= CLAIM_AT[q["id"]]


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


def _restricted(b: Board, u: str) -> int:
    return sum(1 for a in b.attached_ids(u) if (printed(a).get("keywords", {}).get("restricted")))
